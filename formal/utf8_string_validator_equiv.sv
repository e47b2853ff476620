// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * The string validator's verdicts against the scalar decoder's (bounded; task
 * equiv_l1 of formal/utf8_string_validator.sby). The string validator at
 * LANES 1 (QUEUE 4, widths 16) takes any bytes with any string starts, under
 * any input gaps and output backpressure; the scalar decoder (OFFSET_WIDTH 16)
 * gets the same bytes with each string as a packet of its own, in the mode
 * the string validator took with the packet's first byte. A string's end is
 * known only when the next byte (a start) comes, so the harness holds each
 * byte a clock, and leaves a clock free after a packet's last byte to pass it
 * on. Asserted: every verdict the string validator gives (m_axis tdata where
 * tkeep) is the scalar decoder's for that string (not invalid), in order, and
 * every stat_* pulse gives the packet's first ill-formed string (index, class,
 * offset in the packet and in the string) and the count of ill-formed strings
 * as the scalar decoder's per-string status adds up to. The scalar decoder's
 * units are held to SPEC §2/§3 by its own table check; here it is only the
 * string validator's peer.
 */
module utf8_string_validator_equiv (
    input wire       clk,
    input wire       rst,
    input wire [7:0] s_axis_tdata,
    input wire       s_axis_tuser,
    input wire       s_axis_tvalid,
    input wire       s_axis_tlast,
    input wire       m_axis_tready,
    input wire       cfg_mode
);

localparam W = 16;

wire         v_ready;
wire         v_ok, v_end, v_valid, v_last;
wire         v_stat_valid, v_stat_error;
wire [W-1:0] v_stat_off, v_stat_str_off, v_stat_first, v_stat_bad;
wire [2:0]   v_stat_cls;
wire [6*W-1:0] v_count;

utf8_string_validator #(
    .LANES(1),
    .OFFSET_WIDTH(W),
    .COUNT_WIDTH(W),
    .QUEUE(4)
) val (
    .clk(clk),
    .rst(rst),
    .cfg_mode(cfg_mode),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(1'b1),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(v_ready),
    .s_axis_tlast(s_axis_tlast),
    .m_axis_tdata(v_ok),
    .m_axis_tkeep(v_end),
    .m_axis_tvalid(v_valid),
    .m_axis_tready(m_axis_tready),
    .m_axis_tlast(v_last),
    .stat_valid(v_stat_valid),
    .stat_error(v_stat_error),
    .stat_err_offset(v_stat_off),
    .stat_err_class(v_stat_cls),
    .stat_err_str_offset(v_stat_str_off),
    .stat_first_bad(v_stat_first),
    .stat_bad_strings(v_stat_bad),
    .err_count(v_count)
);

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;
always @(*) if (!f_past_valid) assume(rst);

wire [7:0] s_beats, s_packets, m_beats, m_packets;
wire       s_open, m_open;
utf8_faxis #(.DATA_W(8), .KEEP_W(1), .USER_W(1), .F_INPUT(1)) f_s (
    .clk(clk), .rst(rst), .tdata(s_axis_tdata), .tkeep(1'b1), .tuser(s_axis_tuser),
    .tvalid(s_axis_tvalid), .tready(v_ready), .tlast(s_axis_tlast),
    .f_beats(s_beats), .f_packets(s_packets), .f_open(s_open)
);
utf8_faxis #(.DATA_W(1), .KEEP_W(1), .USER_W(1), .F_INPUT(0)) f_m (
    .clk(clk), .rst(rst), .tdata(v_ok), .tkeep(v_end), .tuser(1'b0),
    .tvalid(v_valid), .tready(m_axis_tready), .tlast(v_last),
    .f_beats(m_beats), .f_packets(m_packets), .f_open(m_open)
);

wire v_take = s_axis_tvalid && v_ready;

// The held byte, passed to the scalar decoder when the next byte comes (its
// start mark ends the string) or, for a packet's last byte, a clock later.
reg       h_valid = 1'b0;
reg [7:0] h_byte;
reg       h_pkt_last;
reg       h_mode;
reg       pkt_open = 1'b0;  // a packet's first byte has been taken
reg       pkt_mode;
wire      mode_now = pkt_open ? pkt_mode : cfg_mode;

// a clock free after each packet's last byte
always @(posedge clk) if (f_past_valid && !$past(rst) && $past(v_take && s_axis_tlast)) assume (!s_axis_tvalid);

wire       d_send = h_valid && (h_pkt_last || v_take);
wire       d_last = h_pkt_last || (v_take && s_axis_tuser);

always @(posedge clk) begin
    if (v_take) begin
        h_byte     <= s_axis_tdata;
        h_pkt_last <= s_axis_tlast;
        h_mode     <= mode_now;
        pkt_mode   <= mode_now;
        pkt_open   <= !s_axis_tlast;
    end
    h_valid <= v_take || (h_valid && !d_send);
    if (rst) begin
        h_valid  <= 1'b0;
        pkt_open <= 1'b0;
    end
end

wire         d_ready;
wire [31:0]  d_data;
wire [5:0]   d_user;
wire         d_valid, d_mlast;
wire         d_stat_valid, d_stat_error;
wire [W-1:0] d_stat_off;
wire [2:0]   d_stat_cls;
wire [17:0]  d_count;

utf8_decoder #(
    .OFFSET_WIDTH(W),
    .COUNT_WIDTH(3)
) dec (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(h_byte),
    .s_axis_tvalid(d_send),
    .s_axis_tready(d_ready),
    .s_axis_tlast(d_last),
    .m_axis_tdata(d_data),
    .m_axis_tuser(d_user),
    .m_axis_tvalid(d_valid),
    .m_axis_tready(1'b1),
    .m_axis_tlast(d_mlast),
    .cfg_mode(h_mode),
    .stat_valid(d_stat_valid),
    .stat_error(d_stat_error),
    .stat_err_offset(d_stat_off),
    .stat_err_class(d_stat_cls),
    .err_count(d_count)
);

// The scalar decoder takes a byte every clock while its output is ready
// (proven by utf8_decoder.sby's prove task); assumed here.
always @(*) if (!rst && d_send) assume (d_ready);

// Each string sent: whether it ends its packet, and its first byte's offset
// in the packet, in order until its status comes.
reg [W:0] sq [0:7];    // {packet's last string, start offset}
reg [3:0] sq_cnt = 4'd0;
reg [W-1:0] d_pkt_off = {W{1'b0}};  // offset in the packet of the next byte sent
reg [W-1:0] d_str_start = {W{1'b0}};
wire d_str_end = d_send && d_last;
integer i;
always @(posedge clk) begin
    if (d_stat_valid) for (i = 0; i < 7; i = i + 1) sq[i] <= sq[i+1];
    if (d_str_end) sq[sq_cnt[2:0] - d_stat_valid] <= {h_pkt_last, d_str_start};
    sq_cnt <= sq_cnt + d_str_end - d_stat_valid;
    if (d_send) begin
        d_pkt_off <= h_pkt_last ? {W{1'b0}} : d_pkt_off + 1'b1;
        if (d_last) d_str_start <= h_pkt_last ? {W{1'b0}} : d_pkt_off + 1'b1;
    end
    if (rst) begin
        sq_cnt      <= 4'd0;
        d_pkt_off   <= {W{1'b0}};
        d_str_start <= {W{1'b0}};
    end
end

// Per string, as its status comes: the verdict (oldest at 0), and the
// packet's sums so far; at its last string, the packet's expected stat_*.
reg [15:0]  vq = 16'd0;     // verdicts, bit 0 the oldest
reg [4:0]   vq_cnt = 5'd0;
reg [W-1:0] n_str = {W{1'b0}}, n_bad = {W{1'b0}}, e_first, e_str_off, e_off;
reg [2:0]   e_cls;
reg         e_found = 1'b0;
// expected stat_* of packets whose last string's status has come: {error, class, offset, in-string, first, bad}
reg [4*W+3:0] pq [0:7];
reg [3:0]     pq_cnt = 4'd0;
wire v_pop = v_valid && m_axis_tready && v_end;
wire d_pkt_end = d_stat_valid && sq[0][W];
wire [4*W+3:0] d_pkt_stat = {e_found || d_stat_error,
                             e_found ? e_cls : d_stat_cls,
                             e_found ? e_off : sq[0][W-1:0] + d_stat_off,
                             e_found ? e_str_off : d_stat_off,
                             e_found ? e_first : n_str,
                             n_bad + d_stat_error};
always @(posedge clk) begin
    vq <= v_pop ? {1'b0, vq[15:1]} : vq;
    if (d_stat_valid) vq[vq_cnt[3:0] - v_pop] <= !d_stat_error;
    vq_cnt <= vq_cnt + d_stat_valid - v_pop;
    if (d_stat_valid) begin
        n_str <= d_pkt_end ? {W{1'b0}} : n_str + 1'b1;
        n_bad <= d_pkt_end ? {W{1'b0}} : n_bad + d_stat_error;
        if (!e_found && d_stat_error) begin
            e_found   <= !d_pkt_end;
            e_first   <= n_str;
            e_cls     <= d_stat_cls;
            e_str_off <= d_stat_off;
            e_off     <= sq[0][W-1:0] + d_stat_off;
        end
        if (d_pkt_end) e_found <= 1'b0;
    end
    if (v_stat_valid) for (i = 0; i < 7; i = i + 1) pq[i] <= pq[i+1];
    if (d_pkt_end) pq[pq_cnt[2:0] - v_stat_valid] <= d_pkt_stat;
    pq_cnt <= pq_cnt + d_pkt_end - v_stat_valid;
    if (rst) begin
        vq_cnt  <= 5'd0;
        n_str   <= {W{1'b0}};
        n_bad   <= {W{1'b0}};
        e_found <= 1'b0;
        pq_cnt  <= 4'd0;
    end
end

wire [4*W+3:0] v_stat = {v_stat_error, v_stat_cls, v_stat_off, v_stat_str_off, v_stat_first, v_stat_bad};
wire [4*W+3:0] e_stat = pq[0];

always @(*) begin
    if (!rst && f_past_valid) begin
        assert (vq_cnt < 5'd16 && sq_cnt < 4'd8 && pq_cnt < 4'd8);
        if (v_valid && v_end) begin
            // the scalar decoder's verdict on the string comes first
            assert (vq_cnt != 5'd0);
            assert (v_ok == vq[0]);
        end
        if (v_stat_valid) begin
            assert (pq_cnt != 4'd0);
            // invalid: every field; valid: the flag and the count (the rest is 0)
            if (e_stat[4*W+3]) begin
                assert (v_stat == e_stat);
            end else begin
                assert (!v_stat_error && v_stat_bad == 0 && v_stat_first == 0 && v_stat_str_off == 0);
            end
        end
    end
end

endmodule

`default_nettype wire
