// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * UTF-8 encoder (ISO/IEC 10646 Annex R Table 4): one 32-bit code point per clock in,
 * its 1..6 octets per clock out, first octet in lane 0 and tkeep contiguous from lane 0.
 * Surrogates (D800..DFFF, class SURROGATE) and values beyond the packet's mode
 * (above 10FFFF in rfc3629, above 7FFFFFFF in annex-r; class TOO_LARGE) come out as
 * EF BF BD with the class in tuser and are counted in err_count (saturating). cfg_mode
 * is sampled with the first beat of each packet. The core is a four-stage pipeline behind
 * a one-entry skid buffer (raw beat; which bit groups are nonzero; length and class;
 * octet lanes), each stage a few LUT levels deep for Fmax. s_axis_tready and every
 * output are registers. The whole pipeline advances whenever the output register is
 * empty or being read, so the encoder takes a code point on every clock that
 * m_axis_tready is high, and under any backpressure it loses, duplicates or reorders
 * nothing. A reset loses every beat not yet out.
 */
module utf8_encoder #
(
    // Width of each saturating error counter in err_count, at least 4 (each
    // counter is two halves of at least two bits: see the error counters below)
    parameter COUNT_WIDTH = 32
)
(
    input  wire                     clk,
    input  wire                     rst,

    /*
     * Code points in
     */
    input  wire [31:0]              s_axis_tdata,
    input  wire                     s_axis_tvalid,
    output wire                     s_axis_tready,
    input  wire                     s_axis_tlast,

    /*
     * UTF-8 octets out
     */
    output wire [47:0]              m_axis_tdata,
    output wire [5:0]               m_axis_tkeep,
    output wire                     m_axis_tvalid,
    input  wire                     m_axis_tready,
    output wire                     m_axis_tlast,
    output wire [2:0]               m_axis_tuser,

    /*
     * Configuration: 0 = rfc3629, 1 = annex-r; sampled with a packet's first beat
     */
    input  wire                     cfg_mode,

    /*
     * Error counters, class c (1..6) at [(c-1)*COUNT_WIDTH +: COUNT_WIDTH]
     */
    output wire [6*COUNT_WIDTH-1:0] err_count
);

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation.
generate
    if (COUNT_WIDTH < 4) begin : g_check_count_width
        error_COUNT_WIDTH_must_be_at_least_4 stop ();
    end
endgenerate

`include "utf8_class_codes.vh"

// ---------------------------------------------------------------------------
// Flow control. The whole pipeline moves together whenever the output register
// is empty or being read, so one 2-input enable drives every stage; a beat
// taken in the cycle the output stalls waits in the skid buffer.
// ---------------------------------------------------------------------------

reg s_ready_q = 1'b0;
reg skid_valid_q = 1'b0, skid_valid_d;
reg p1_valid_q = 1'b0;
reg p2_valid_q = 1'b0;
reg p3_valid_q = 1'b0;
reg m_valid_q = 1'b0;

wire advance = !m_valid_q || m_axis_tready;

wire accept = s_axis_tvalid && s_ready_q;
wire in_valid = skid_valid_q || accept;

always @* begin
    skid_valid_d = skid_valid_q;
    if (advance) begin
        skid_valid_d = 1'b0;
    end else if (accept) begin
        skid_valid_d = 1'b1;
    end
end

// Mode of the packet in flight: the beat that opens a packet takes cfg_mode,
// every later beat of that packet takes the value latched then.
reg pkt_open_q = 1'b0;
reg pkt_mode_q;
wire beat_mode = pkt_open_q ? pkt_mode_q : cfg_mode;

always @(posedge clk) begin
    if (accept) begin
        pkt_open_q <= !s_axis_tlast;
        if (!pkt_open_q) begin
            pkt_mode_q <= cfg_mode;
        end
    end
    if (rst) begin
        pkt_open_q <= 1'b0;
    end
end

always @(posedge clk) begin
    s_ready_q <= !skid_valid_d;
    skid_valid_q <= skid_valid_d;
    if (advance) begin
        p1_valid_q <= in_valid;
        p2_valid_q <= p1_valid_q;
        p3_valid_q <= p2_valid_q;
        m_valid_q <= p3_valid_q;
    end
    if (rst) begin
        s_ready_q <= 1'b0;
        skid_valid_q <= 1'b0;
        p1_valid_q <= 1'b0;
        p2_valid_q <= 1'b0;
        p3_valid_q <= 1'b0;
        m_valid_q <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Skid buffer: holds the beat taken in the cycle the pipeline stalled, since
// s_axis_tready only drops one clock later.
// ---------------------------------------------------------------------------

reg [31:0] skid_cp_q;
reg        skid_last_q;
reg        skid_mode_q;

always @(posedge clk) begin
    if (accept && !advance) begin
        skid_cp_q <= s_axis_tdata;
        skid_last_q <= s_axis_tlast;
        skid_mode_q <= beat_mode;
    end
end

// ---------------------------------------------------------------------------
// Stage 1: the raw beat, so that the skid multiplexer is its only logic.
// ---------------------------------------------------------------------------

reg [31:0] p1_cp_q;
reg        p1_last_q;
reg        p1_mode_q;

always @(posedge clk) begin
    if (advance) begin
        p1_cp_q <= skid_valid_q ? skid_cp_q : s_axis_tdata;
        p1_last_q <= skid_valid_q ? skid_last_q : s_axis_tlast;
        p1_mode_q <= skid_valid_q ? skid_mode_q : beat_mode;
    end
end

// ---------------------------------------------------------------------------
// Stage 2: which bit groups of the code point are nonzero. The groups end at
// the length boundaries 7FF, FFFF, 1FFFFF, 3FFFFFF and 7FFFFFFF.
// ---------------------------------------------------------------------------

reg [30:0] p2_cp_q;
reg        p2_nz_a_q;      // cp[10:7]
reg        p2_nz_b_q;      // cp[15:11]
reg        p2_nz_c_q;      // cp[20:16]
reg        p2_nz_d_q;      // cp[25:21]
reg        p2_nz_e_q;      // cp[30:26]
reg        p2_top_q;       // cp[31]: beyond annex-r
reg        p2_sur_lo_q;    // cp[15:11] == 11011: D800..DFFF when cp[31:16] is zero
reg        p2_big_lo_q;    // cp[20] and cp[19:16] nonzero: above 10FFFF when cp[31:21] is zero
reg        p2_last_q;
reg        p2_mode_q;

always @(posedge clk) begin
    if (advance) begin
        p2_cp_q <= p1_cp_q[30:0];
        p2_nz_a_q <= |p1_cp_q[10:7];
        p2_nz_b_q <= |p1_cp_q[15:11];
        p2_nz_c_q <= |p1_cp_q[20:16];
        p2_nz_d_q <= |p1_cp_q[25:21];
        p2_nz_e_q <= |p1_cp_q[30:26];
        p2_top_q <= p1_cp_q[31];
        p2_sur_lo_q <= p1_cp_q[15:11] == 5'b11011;
        p2_big_lo_q <= p1_cp_q[20] && |p1_cp_q[19:16];
        p2_last_q <= p1_last_q;
        p2_mode_q <= p1_mode_q;
    end
end

// ---------------------------------------------------------------------------
// Stage 3: sequence length (one-hot, of the value itself) and class.
// ---------------------------------------------------------------------------

wire above_16 = p2_nz_c_q || p2_nz_d_q || p2_nz_e_q || p2_top_q;
wire surrogate = p2_sur_lo_q && !above_16;
wire too_large = p2_mode_q ? p2_top_q
                           : (p2_nz_d_q || p2_nz_e_q || p2_top_q || p2_big_lo_q);

reg [30:0] p3_cp_q;
reg [5:0]  p3_len_q;       // bit n: the value takes n+1 octets
reg        p3_err_q;       // rejected: replaced by U+FFFD
reg [2:0]  p3_class_q;
reg        p3_sur_q;
reg        p3_big_q;
reg        p3_last_q;

always @(posedge clk) begin
    if (advance) begin
        p3_cp_q <= p2_cp_q;
        p3_len_q[0] <= !(p2_nz_a_q || p2_nz_b_q || above_16);
        p3_len_q[1] <= p2_nz_a_q && !(p2_nz_b_q || above_16);
        p3_len_q[2] <= p2_nz_b_q && !above_16;
        p3_len_q[3] <= p2_nz_c_q && !(p2_nz_d_q || p2_nz_e_q || p2_top_q);
        p3_len_q[4] <= p2_nz_d_q && !(p2_nz_e_q || p2_top_q);
        p3_len_q[5] <= p2_nz_e_q || p2_top_q;
        p3_err_q <= surrogate || too_large;
        p3_class_q <= surrogate ? CLS_SURROGATE : too_large ? CLS_TOO_LARGE : CLS_OK;
        p3_sur_q <= surrogate;
        p3_big_q <= too_large;
        p3_last_q <= p2_last_q;
    end
end

// ---------------------------------------------------------------------------
// Stage 4 (output registers): octet lanes. Lane k of an n-octet sequence is a
// continuation byte carrying cp[6*(n-1-k) +: 6]; lane 0 is the lead. Lanes
// beyond the sequence are zero.
// ---------------------------------------------------------------------------

wire [5:0] len = p3_len_q;
wire [30:0] cp = p3_cp_q;

wire [7:0] lane0 = ({8{len[0]}} & {1'b0, cp[6:0]})
                 | ({8{len[1]}} & {3'b110, cp[10:6]})
                 | ({8{len[2]}} & {4'b1110, cp[15:12]})
                 | ({8{len[3]}} & {5'b11110, cp[20:18]})
                 | ({8{len[4]}} & {6'b111110, cp[25:24]})
                 | ({8{len[5]}} & {7'b1111110, cp[30]});
wire [5:0] pay1 = ({6{len[1]}} & cp[5:0]) | ({6{len[2]}} & cp[11:6]) | ({6{len[3]}} & cp[17:12])
                | ({6{len[4]}} & cp[23:18]) | ({6{len[5]}} & cp[29:24]);
wire [5:0] pay2 = ({6{len[2]}} & cp[5:0]) | ({6{len[3]}} & cp[11:6]) | ({6{len[4]}} & cp[17:12])
                | ({6{len[5]}} & cp[23:18]);
wire [5:0] pay3 = ({6{len[3]}} & cp[5:0]) | ({6{len[4]}} & cp[11:6]) | ({6{len[5]}} & cp[17:12]);
wire [5:0] pay4 = ({6{len[4]}} & cp[5:0]) | ({6{len[5]}} & cp[11:6]);
wire [5:0] pay5 = {6{len[5]}} & cp[5:0];

wire [47:0] octets = {{|len[5:5], 1'b0, pay5},
                      {|len[5:4], 1'b0, pay4},
                      {|len[5:3], 1'b0, pay3},
                      {|len[5:2], 1'b0, pay2},
                      {|len[5:1], 1'b0, pay1},
                      lane0};
wire [5:0] keep = {len[5], |len[5:4], |len[5:3], |len[5:2], |len[5:1], 1'b1};

reg [47:0] m_tdata_q;
reg [5:0]  m_tkeep_q;
reg        m_tlast_q;
reg [2:0]  m_tuser_q;

always @(posedge clk) begin
    if (advance && p3_valid_q) begin
        m_tdata_q <= p3_err_q ? 48'h00_00_00_BD_BF_EF : octets;
        m_tkeep_q <= p3_err_q ? 6'b000111 : keep;
        m_tlast_q <= p3_last_q;
        m_tuser_q <= p3_class_q;
    end
end

// ---------------------------------------------------------------------------
// Error counters (SURROGATE, TOO_LARGE). A code point counts one clock after it
// reaches the output register, and err_count shows the count one clock later
// again: the event is registered so that the enables stay local, and each
// counter is split in two halves with a registered carry between them so that
// no carry chain is longer than COUNT_WIDTH/2. Showing the low half delayed by
// one clock keeps the two halves consistent. Saturation is a registered flag,
// set as the count steps onto all-ones.
// ---------------------------------------------------------------------------

localparam LO_WIDTH = COUNT_WIDTH / 2;
localparam HI_WIDTH = COUNT_WIDTH - LO_WIDTH;

wire [1:0] count_event = {p3_big_q, p3_sur_q};
wire [2*COUNT_WIDTH-1:0] counts;

genvar i;
generate
    for (i = 0; i < 2; i = i + 1) begin : g_count
        reg                event_q = 1'b0;
        reg                sat_q = 1'b0;
        reg                carry_q = 1'b0;
        reg [LO_WIDTH-1:0] lo_q = {LO_WIDTH{1'b0}};
        reg [LO_WIDTH-1:0] lo_shown_q = {LO_WIDTH{1'b0}};
        reg [HI_WIDTH-1:0] hi_q = {HI_WIDTH{1'b0}};

        wire inc = event_q && !sat_q;

        always @(posedge clk) begin
            event_q <= advance && p3_valid_q && count_event[i];
            carry_q <= inc && &lo_q;
            if (inc) begin
                lo_q <= lo_q + 1'b1;
            end
            if (carry_q) begin
                hi_q <= hi_q + 1'b1;
            end
            // lo_q == 1..10 cannot follow a carry (LO_WIDTH is at least 2), so
            // hi_q is current here.
            if (inc && &hi_q && lo_q == {{LO_WIDTH-1{1'b1}}, 1'b0}) begin
                sat_q <= 1'b1;
            end
            lo_shown_q <= lo_q;
            if (rst) begin
                event_q <= 1'b0;
                sat_q <= 1'b0;
                carry_q <= 1'b0;
                lo_q <= {LO_WIDTH{1'b0}};
                lo_shown_q <= {LO_WIDTH{1'b0}};
                hi_q <= {HI_WIDTH{1'b0}};
            end
        end

        assign counts[i*COUNT_WIDTH +: COUNT_WIDTH] = {hi_q, lo_shown_q};
    end
endgenerate

assign s_axis_tready = s_ready_q;
assign m_axis_tdata = m_tdata_q;
assign m_axis_tkeep = m_tkeep_q;
assign m_axis_tvalid = m_valid_q;
assign m_axis_tlast = m_tlast_q;
assign m_axis_tuser = m_tuser_q;
assign err_count = {{COUNT_WIDTH{1'b0}},   // HEADER_BITS
                    counts,                // TOO_LARGE, SURROGATE
                    {3*COUNT_WIDTH{1'b0}}}; // OVERLONG, TOO_LONG, TOO_SHORT

endmodule

`resetall
`default_nettype wire
