// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Scalar UTF-8 decoder: one byte per clock in (AXI4-Stream), one unit per clock
 * out (code point in tdata, {length, class} in tuser), exactly the functional
 * model's Decode() of each packet (../shared/SPEC.md §3, maximal subparts).
 * Every unit is emitted at the byte where it ends; whether a unit ends at byte i
 * is decided with one byte of look-ahead (byte i+1, or tlast on byte i), so each
 * byte retires at most one unit and the core takes a byte every clock on any
 * input while m_axis_tready is high.
 *
 * Pipeline: an input register (where each byte is decoded as a lead and checked
 * as the second byte of the byte before it), a three-entry queue whose head is
 * decided against its successor using those flags only, a unit register, and a
 * three-entry output FIFO whose head is the m_axis register. s_axis_tready and
 * the decision's view of the output are registered; both reserve room for
 * what is in flight. Without stalls a byte accepted at clock t is decided at
 * t+3 and its unit is on m_axis at t+5; N bytes take N+5 clocks. stat_* pulse,
 * and err_count (error units per class, saturating) moves, one clock after the
 * unit that causes it first shows on m_axis (three after its decision). Byte
 * offsets and counters are built from three segments with registered carry
 * flags. cfg_mode is sampled with each packet's first byte. Every output comes
 * from a register; reset drops everything inside the block (the packet being
 * decoded, and units of earlier packets not yet taken from m_axis).
 */
module utf8_decoder #
(
    // Width of the per-packet byte offset (stat_err_offset), at least 1; packets
    // longer than 2**OFFSET_WIDTH bytes wrap the offset
    parameter OFFSET_WIDTH = 32,
    // Width of each of the six saturating error counters in err_count, at least 1
    parameter COUNT_WIDTH = 32
)
(
    input  wire                       clk,
    input  wire                       rst,

    /*
     * Byte input
     */
    input  wire [7:0]                 s_axis_tdata,
    input  wire                       s_axis_tvalid,
    output wire                       s_axis_tready,
    input  wire                       s_axis_tlast,

    /*
     * Unit output: tuser[2:0] class, tuser[5:3] length in bytes
     */
    output wire [31:0]                m_axis_tdata,
    output wire [5:0]                 m_axis_tuser,
    output wire                       m_axis_tvalid,
    input  wire                       m_axis_tready,
    output wire                       m_axis_tlast,

    /*
     * Configuration: 0 = rfc3629, 1 = annex-r
     */
    input  wire                       cfg_mode,

    /*
     * Per-packet status and error counters
     */
    output wire                       stat_valid,
    output wire                       stat_error,
    output wire [OFFSET_WIDTH-1:0]    stat_err_offset,
    output wire [2:0]                 stat_err_class,
    output wire [6*COUNT_WIDTH-1:0]   err_count
);

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation.
generate
    if (OFFSET_WIDTH < 1) begin : g_check_offset_width
        error_OFFSET_WIDTH_must_be_at_least_1 stop ();
    end
    if (COUNT_WIDTH < 1) begin : g_check_count_width
        error_COUNT_WIDTH_must_be_at_least_1 stop ();
    end
endgenerate

`include "utf8_class_codes.vh"

// lead-specific range of the second byte (SPEC §2)
localparam [2:0]
    RNG_ANY = 3'd0,  // 80..BF
    RNG_E0 = 3'd1,   // A0..BF, below is OVERLONG
    RNG_ED = 3'd2,   // 80..9F, above is SURROGATE
    RNG_F0 = 3'd3,   // 90..BF, below is OVERLONG
    RNG_F4 = 3'd4,   // 80..8F, above is TOO_LARGE (rfc3629)
    RNG_F8 = 3'd5,   // 88..BF, below is OVERLONG (annex-r)
    RNG_FC = 3'd6;   // 84..BF, below is OVERLONG (annex-r)

// queue entry: the byte, its tlast, its decode as a lead and, for the byte after
// a lead, whether it is a valid second byte of that lead (decoded on entry, so
// the decision stage only combines flags)
localparam E_LAST = 8;       // tlast
localparam E_NEED = 9;       // [11:9] continuation bytes it needs as a lead
localparam E_CLS = 12;       // [14:12] its class when it cannot start a sequence
localparam E_ZERO = 15;      // needs none: a unit by itself
localparam E_ONE = 16;       // needs exactly one
localparam E_CONT = 17;      // 80..BF
localparam E_SEC_OK = 18;    // in the second-byte range of the byte before it
localparam E_SEC_CLS = 19;   // [21:19] class when it breaks that lead as second byte
localparam ENT_W = 22;

// Lead decode of one byte in one mode: continuation bytes needed, the class of
// a byte that cannot start a sequence, the range of its second byte.
function [8:0] lead_decode;
    input [7:0] b;
    input       annex;
    reg [2:0] need;
    reg [2:0] cls;
    reg [2:0] rng;
    begin
        need = 3'd0;
        cls = CLS_OK;
        rng = RNG_ANY;
        if (!b[7]) begin
            cls = CLS_OK;
        end else if (!b[6]) begin
            cls = CLS_TOO_LONG;
        end else if (b[7:1] == 7'b1100000) begin
            cls = CLS_OVERLONG;
        end else if (!b[5]) begin
            need = 3'd1;
        end else if (!b[4]) begin
            need = 3'd2;
            if (b[3:0] == 4'h0) rng = RNG_E0;
            if (b[3:0] == 4'hd) rng = RNG_ED;
        end else if (!b[3]) begin
            if (!annex && b[2:0] > 3'd4) begin
                cls = CLS_TOO_LARGE;
            end else begin
                need = 3'd3;
                if (b[2:0] == 3'd0) rng = RNG_F0;
                if (!annex && b[2:0] == 3'd4) rng = RNG_F4;
            end
        end else if (!annex || b[2:1] == 2'b11) begin
            cls = CLS_HEADER_BITS;
        end else if (!b[2]) begin
            need = 3'd4;
            if (b[1:0] == 2'd0) rng = RNG_F8;
        end else begin
            need = 3'd5;
            if (!b[0]) rng = RNG_FC;
        end
        lead_decode = {rng, cls, need};
    end
endfunction

// A lead's second-byte range as masks on bits [5:2] of a continuation byte:
// below the range iff lo_en and no bit of lo_mask is set; above it iff a bit of
// hi_mask ([5:4]) is set. {ed, lo_en, hi_mask[1:0], lo_mask[3:0]}; ed picks
// SURROGATE over TOO_LARGE for "above".
function [7:0] range_masks;
    input [2:0] rng;
    begin
        case (rng)
            RNG_E0: range_masks = {1'b0, 1'b1, 2'b00, 4'b1000};
            RNG_ED: range_masks = {1'b1, 1'b0, 2'b10, 4'b0000};
            RNG_F0: range_masks = {1'b0, 1'b1, 2'b00, 4'b1100};
            RNG_F4: range_masks = {1'b0, 1'b0, 2'b11, 4'b0000};
            RNG_F8: range_masks = {1'b0, 1'b1, 2'b00, 4'b1110};
            RNG_FC: range_masks = {1'b0, 1'b1, 2'b00, 4'b1111};
            default: range_masks = 8'd0;
        endcase
    end
endfunction

// input side: registered ready, an input register, the packet mode sampled
// with the first byte, the previous byte's second-byte range
reg s_axis_tready_q = 1'b1, s_axis_tready_d;
reg in_pkt_q = 1'b0, in_pkt_d;
reg pkt_mode_q = 1'b0, pkt_mode_d;
reg [7:0] prev_rng_q = 8'd0, prev_rng_d;  // range_masks() of the byte before
reg [ENT_W-1:0] ir_q = {ENT_W{1'b0}}, ir_d;
reg ir_vld_q = 1'b0, ir_vld_d;

// byte queue; entry 0 is the byte being decided, entry 1 its look-ahead
reg [ENT_W-1:0] ent0_q = {ENT_W{1'b0}}, ent0_d;
reg [ENT_W-1:0] ent1_q = {ENT_W{1'b0}}, ent1_d;
reg [ENT_W-1:0] ent2_q = {ENT_W{1'b0}}, ent2_d;
reg vld0_q = 1'b0, vld0_d;
reg vld1_q = 1'b0, vld1_d;
reg vld2_q = 1'b0, vld2_d;

// open sequence
reg open_q = 1'b0, open_d;
reg [2:0] rem_q = 3'd0, rem_d;  // continuation bytes still to come
reg rem1_q = 1'b0, rem1_d;      // rem_q == 1: the next byte completes the sequence
reg [2:0] len_q = 3'd0, len_d;  // bytes taken so far
reg [24:0] val_q = 25'd0, val_d;

// Each decided byte's unit (if it ends one) goes into a unit register, then into
// a three-entry output FIFO whose head is the m_axis register. The unit register
// always moves on, so the decision never waits on the output's state beyond
// ready_int_q, which is registered and reserves room for what is in flight.
reg ready_int_q = 1'b1, ready_int_d;
reg u_valid_q = 1'b0;  // also the unit event for the status and counters
reg [31:0] u_data_q = 32'd0;
reg [5:0] u_user_q = 6'd0;
reg u_last_q = 1'b0;
reg u_err_q = 1'b0;
reg [31:0] m_axis_tdata_q = 32'd0, m_axis_tdata_d;
reg [5:0] m_axis_tuser_q = 6'd0, m_axis_tuser_d;
reg m_axis_tvalid_q = 1'b0, m_axis_tvalid_d;
reg m_axis_tlast_q = 1'b0, m_axis_tlast_d;
reg [38:0] f1_q = 39'd0, f1_d;  // {last, user, data}
reg [38:0] f2_q = 39'd0, f2_d;
reg f1_vld_q = 1'b0, f1_vld_d;
reg f2_vld_q = 1'b0, f2_vld_d;
wire [2:0] ev_cls = u_user_q[2:0];

// Byte offsets are counted one clock behind the decisions, from registered
// copies of them, so the 32-bit offset logic hangs off flops, not off fire.
reg dec_q = 1'b0;       // a byte was decided last clock ...
reg dec_last_q = 1'b1;  // ... it ended its packet (and after reset)
reg dec_lead_q = 1'b0;  // ... it began a unit
reg [OFFSET_WIDTH-1:0] pos_q = {OFFSET_WIDTH{1'b0}};    // offset of the byte decided last clock
reg [OFFSET_WIDTH-1:0] start_q = {OFFSET_WIDTH{1'b0}};  // offset of the lead before it
wire [OFFSET_WIDTH-1:0] ev_off = dec_lead_q ? pos_q : start_q;

// The status takes two more clocks: the unit event is first turned into flags
// (first error of its packet, last unit, packet had an error) and the offset is
// registered; then the captures run with enables that come straight from flops.
reg seen_q = 1'b0;  // an earlier unit of this packet was an error
reg f_first_q = 1'b0;
reg f_last_q = 1'b0;
reg f_had_q = 1'b0;
reg [2:0] f_cls_q = 3'd0;
reg [OFFSET_WIDTH-1:0] f_off_q = {OFFSET_WIDTH{1'b0}};
// first error of the packet so far
reg [OFFSET_WIDTH-1:0] perr_off_q = {OFFSET_WIDTH{1'b0}};
reg [2:0] perr_cls_q = 3'd0;

// status
reg stat_valid_q = 1'b0;
reg stat_error_q = 1'b0;
reg [OFFSET_WIDTH-1:0] stat_err_offset_q = {OFFSET_WIDTH{1'b0}};
reg [2:0] stat_err_class_q = 3'd0;

// per-class increment, one clock behind the unit event: the counters' enables
// start at a flop
reg [6:1] inc_q = 6'd0;
reg [6*COUNT_WIDTH-1:0] err_count_q = {6*COUNT_WIDTH{1'b0}};

assign s_axis_tready = s_axis_tready_q;
assign m_axis_tdata = m_axis_tdata_q;
assign m_axis_tuser = m_axis_tuser_q;
assign m_axis_tvalid = m_axis_tvalid_q;
assign m_axis_tlast = m_axis_tlast_q;
assign stat_valid = stat_valid_q;
assign stat_error = stat_error_q;
assign stat_err_offset = stat_err_offset_q;
assign stat_err_class = stat_err_class_q;
assign err_count = err_count_q;

// the incoming byte as a queue entry, decoded in its packet's mode
wire in_accept = s_axis_tvalid && s_axis_tready_q;
wire in_mode = in_pkt_q ? pkt_mode_q : cfg_mode;
wire [7:0] in_b = s_axis_tdata;
// both modes decoded side by side, then picked: the mode mux stays last
wire [8:0] in_dec_rfc = lead_decode(in_b, 1'b0);
wire [8:0] in_dec_annex = lead_decode(in_b, 1'b1);
wire [5:0] in_dec = in_mode ? in_dec_annex[5:0] : in_dec_rfc[5:0];
wire [2:0] in_need = in_dec[2:0];
wire [2:0] in_cls = in_dec[5:3];
wire [7:0] in_rng = in_mode ? range_masks(in_dec_annex[8:6]) : range_masks(in_dec_rfc[8:6]);
wire in_cont = in_b[7:6] == 2'b10;

// the incoming byte as the second byte of the byte before it
wire in_below = prev_rng_q[6] && (in_b[5:2] & prev_rng_q[3:0]) == 4'b0000;
wire in_above = (in_b[5:4] & prev_rng_q[5:4]) != 2'b00;
wire in_sec_ok = in_cont && !in_below && !in_above;
wire [2:0] in_sec_cls = !in_cont ? CLS_TOO_SHORT :
                        in_below ? CLS_OVERLONG :
                        prev_rng_q[7] ? CLS_SURROGATE : CLS_TOO_LARGE;

wire [ENT_W-1:0] in_ent = {in_sec_cls, in_sec_ok, in_cont, in_need == 3'd1, in_need == 3'd0,
                           in_cls, in_need, s_axis_tlast, in_b};

// entry 0 and its look-ahead
wire [7:0] b0 = ent0_q[7:0];
wire last0 = ent0_q[E_LAST];
wire [2:0] need0 = ent0_q[E_NEED +: 3];
wire [2:0] cls0 = ent0_q[E_CLS +: 3];
wire zero0 = ent0_q[E_ZERO];
wire one0 = ent0_q[E_ONE];
wire cont1 = ent1_q[E_CONT];
wire sec_ok1 = ent1_q[E_SEC_OK];
wire [2:0] sec_cls1 = ent1_q[E_SEC_CLS +: 3];

// entry 0 is decided when its successor is known (or it ends the packet) and
// the output can take a unit
wire fire = vld0_q && (vld1_q || last0) && ready_int_q;

// what entry 0 does: end a unit here (emit), or open or extend a sequence.
// The unit's data does not depend on emit, so the output register's enable
// stays shallow.
reg emit;
reg [2:0] u_cls;
reg [2:0] u_len;
reg [31:0] u_data;
always @* begin
    if (!open_q) begin
        emit = zero0 || last0 || !sec_ok1;
        u_cls = zero0 ? cls0 : last0 ? CLS_TOO_SHORT : sec_cls1;
        u_len = 3'd1;
        u_data = b0[7] ? 32'h0000fffd : {24'd0, b0};
    end else begin
        emit = rem1_q || last0 || !cont1;
        u_cls = rem1_q ? CLS_OK : CLS_TOO_SHORT;
        u_len = len_q + 3'd1;
        u_data = rem1_q ? {1'b0, val_q, b0[5:0]} : 32'h0000fffd;
    end
end

wire int_valid = fire && emit;

// value bits a lead keeps (Annex R Table 5)
reg [4:0] lead_val;
always @* begin
    case (need0)
        3'd1: lead_val = b0[4:0];
        3'd2: lead_val = {1'b0, b0[3:0]};
        3'd3: lead_val = {2'b0, b0[2:0]};
        3'd4: lead_val = {3'b0, b0[1:0]};
        default: lead_val = {4'b0, b0[0]};
    endcase
end

// input register and queue
reg move;
always @* begin
    in_pkt_d = in_pkt_q;
    pkt_mode_d = pkt_mode_q;
    prev_rng_d = prev_rng_q;
    ir_d = ir_q;
    ir_vld_d = ir_vld_q;
    ent0_d = ent0_q;
    ent1_d = ent1_q;
    ent2_d = ent2_q;
    vld0_d = vld0_q;
    vld1_d = vld1_q;
    vld2_d = vld2_q;

    // entry 0 leaves on fire; the input register moves into the first free slot
    move = ir_vld_q && !(vld2_q && !fire);
    if (fire) begin
        vld0_d = vld1_q;
        vld1_d = vld2_q;
        vld2_d = 1'b0;
        ent0_d = vld1_q ? ent1_q : ir_q;
        ent1_d = vld2_q ? ent2_q : ir_q;
        ent2_d = ir_q;
    end else begin
        if (!vld0_q) ent0_d = ir_q;
        if (!vld1_q) ent1_d = ir_q;
        if (!vld2_q) ent2_d = ir_q;
    end
    if (move) begin
        ir_vld_d = 1'b0;
        if (!vld0_d) begin
            vld0_d = 1'b1;
        end else if (!vld1_d) begin
            vld1_d = 1'b1;
        end else begin
            vld2_d = 1'b1;
        end
    end

    if (in_accept) begin
        ir_d = in_ent;
        ir_vld_d = 1'b1;
        prev_rng_d = in_rng;
        in_pkt_d = !s_axis_tlast;
        if (!in_pkt_q) pkt_mode_d = cfg_mode;
    end
    // room next clock even if nothing is decided then
    s_axis_tready_d = !(ir_vld_d && vld2_d);
end

// sequence state. Only open_q depends on emit; the other registers advance on
// every decided byte (after a unit ends they are don't-care until the next lead
// reloads them), which keeps the deep emit logic off their enables.
always @* begin
    open_d = open_q;
    rem_d = rem_q;
    rem1_d = rem1_q;
    len_d = len_q;
    val_d = val_q;
    if (fire) begin
        open_d = !emit;
        if (!open_q) begin
            rem_d = need0;
            rem1_d = one0;
            len_d = 3'd1;
            val_d = {20'd0, lead_val};
        end else begin
            rem_d = rem_q - 3'd1;
            rem1_d = rem_q == 3'd2;
            len_d = len_q + 3'd1;
            val_d = {val_q[18:0], b0[5:0]};
        end
    end
end

// output FIFO: the head leaves on m_axis_tready, the unit register joins at the
// first free entry
wire [38:0] u_beat = {u_last_q, u_user_q, u_data_q};
reg out_pop;
always @* begin
    m_axis_tvalid_d = m_axis_tvalid_q;
    m_axis_tdata_d = m_axis_tdata_q;
    m_axis_tuser_d = m_axis_tuser_q;
    m_axis_tlast_d = m_axis_tlast_q;
    f1_d = f1_q;
    f2_d = f2_q;
    f1_vld_d = f1_vld_q;
    f2_vld_d = f2_vld_q;

    out_pop = m_axis_tvalid_q && m_axis_tready;
    if (out_pop) begin
        {m_axis_tlast_d, m_axis_tuser_d, m_axis_tdata_d} = f1_vld_q ? f1_q : u_beat;
        f1_d = f2_vld_q ? f2_q : u_beat;
        f2_d = u_beat;
    end else begin
        if (!m_axis_tvalid_q) {m_axis_tlast_d, m_axis_tuser_d, m_axis_tdata_d} = u_beat;
        if (!f1_vld_q) f1_d = u_beat;
        if (!f2_vld_q) f2_d = u_beat;
    end
    // valid bits as a thermometer code: shift down on a pop alone, up on a
    // push alone (two LUT levels, where a priority search would be three)
    if (out_pop && !u_valid_q) begin
        m_axis_tvalid_d = f1_vld_q;
        f1_vld_d = f2_vld_q;
        f2_vld_d = 1'b0;
    end else if (!out_pop && u_valid_q) begin
        m_axis_tvalid_d = 1'b1;
        f1_vld_d = m_axis_tvalid_q;
        f2_vld_d = f1_vld_q;
    end else begin
        m_axis_tvalid_d = m_axis_tvalid_q;
        f1_vld_d = f1_vld_q;
        f2_vld_d = f2_vld_q;
    end
    // Room next clock for the unit register's content and one more unit (at
    // most one entry in use then if this clock decides a byte, two if not),
    // counting every decided byte as a unit: conservative, and shallower than
    // using emit.
    ready_int_d = fire ? !f1_vld_d : !f2_vld_d;
end

always @(posedge clk) begin
    s_axis_tready_q <= s_axis_tready_d;
    in_pkt_q <= in_pkt_d;
    pkt_mode_q <= pkt_mode_d;
    prev_rng_q <= prev_rng_d;
    ir_q <= ir_d;
    ir_vld_q <= ir_vld_d;
    ent0_q <= ent0_d;
    ent1_q <= ent1_d;
    ent2_q <= ent2_d;
    vld0_q <= vld0_d;
    vld1_q <= vld1_d;
    vld2_q <= vld2_d;
    open_q <= open_d;
    rem_q <= rem_d;
    rem1_q <= rem1_d;
    len_q <= len_d;
    val_q <= val_d;
    ready_int_q <= ready_int_d;
    u_valid_q <= int_valid;
    u_data_q <= u_data;
    u_user_q <= {u_len, u_cls};
    u_last_q <= last0;
    u_err_q <= u_cls != CLS_OK;
    m_axis_tdata_q <= m_axis_tdata_d;
    m_axis_tuser_q <= m_axis_tuser_d;
    m_axis_tvalid_q <= m_axis_tvalid_d;
    m_axis_tlast_q <= m_axis_tlast_d;
    f1_q <= f1_d;
    f2_q <= f2_d;
    f1_vld_q <= f1_vld_d;
    f2_vld_q <= f2_vld_d;
    dec_q <= fire;
    dec_last_q <= fire && last0;
    dec_lead_q <= !open_q;
    if (dec_q && dec_lead_q) start_q <= pos_q;
    inc_q <= {ev_cls == CLS_HEADER_BITS, ev_cls == CLS_TOO_LARGE, ev_cls == CLS_SURROGATE,
              ev_cls == CLS_OVERLONG, ev_cls == CLS_TOO_LONG, ev_cls == CLS_TOO_SHORT} &
             {6{u_valid_q}};

    // status, first stage: flags of the unit event
    if (u_valid_q) seen_q <= !u_last_q && (seen_q || u_err_q);
    f_first_q <= u_valid_q && u_err_q && !seen_q;
    f_last_q <= u_valid_q && u_last_q;
    f_had_q <= seen_q || u_err_q;
    f_cls_q <= ev_cls;
    f_off_q <= ev_off;
    // status, second stage: captures
    if (f_first_q) begin
        perr_off_q <= f_off_q;
        perr_cls_q <= f_cls_q;
    end
    stat_valid_q <= f_last_q;
    if (f_last_q) begin
        // the packet's verdict: its first error unit, which may be this last one
        stat_error_q <= f_first_q || f_had_q;
        stat_err_offset_q <= f_first_q ? f_off_q : f_had_q ? perr_off_q : {OFFSET_WIDTH{1'b0}};
        stat_err_class_q <= f_first_q ? f_cls_q : f_had_q ? perr_cls_q : CLS_OK;
    end

    if (rst) begin
        s_axis_tready_q <= 1'b1;
        in_pkt_q <= 1'b0;
        ir_vld_q <= 1'b0;
        vld0_q <= 1'b0;
        vld1_q <= 1'b0;
        vld2_q <= 1'b0;
        open_q <= 1'b0;
        ready_int_q <= 1'b1;
        u_valid_q <= 1'b0;
        m_axis_tvalid_q <= 1'b0;
        f1_vld_q <= 1'b0;
        f2_vld_q <= 1'b0;
        dec_q <= 1'b0;
        dec_last_q <= 1'b1;
        inc_q <= 6'd0;
        seen_q <= 1'b0;
        f_first_q <= 1'b0;
        f_last_q <= 1'b0;
        stat_valid_q <= 1'b0;
    end
end

// Counters in at most three segments, each with a registered "all ones" flag: a
// segment steps when every lower one is all ones. No carry chain is longer than
// a third of the width, and each segment's enable (with saturation) is one LUT4
// of flops: the increment and the three flags.
localparam POS_SEG_W = (OFFSET_WIDTH + 2) / 3;
localparam POS_SEGS = (OFFSET_WIDTH + POS_SEG_W - 1) / POS_SEG_W;
localparam CNT_SEG_W = (COUNT_WIDTH + 2) / 3;
localparam CNT_SEGS = (COUNT_WIDTH + CNT_SEG_W - 1) / CNT_SEG_W;

reg [POS_SEGS-1:0] pos_max_q = {POS_SEGS{1'b0}};
wire pos_step = dec_q && !dec_last_q;  // dec_last_q is set on its own after reset

reg [6*CNT_SEGS-1:0] cnt_max_q = {6*CNT_SEGS{1'b0}};

genvar seg, cls;
generate
    for (seg = 0; seg < POS_SEGS; seg = seg + 1) begin : g_pos
        localparam LO = POS_SEG_W*seg;
        localparam W = (OFFSET_WIDTH - LO) < POS_SEG_W ? (OFFSET_WIDTH - LO) : POS_SEG_W;
        localparam [POS_SEGS-1:0] LOWER = ~({POS_SEGS{1'b1}} << seg);
        localparam [W-1:0] ALMOST = {W{1'b1}} - 1'b1;  // all ones after one more step
        wire carry = pos_step && &(pos_max_q | ~LOWER);
        always @(posedge clk) begin
            if (dec_last_q) begin
                // a packet's offsets start at 0 (rst sets dec_last_q, so the
                // offsets clear one clock into reset, well before any decision)
                pos_q[LO +: W] <= {W{1'b0}};
                pos_max_q[seg] <= 1'b0;
            end else if (carry) begin
                pos_q[LO +: W] <= pos_q[LO +: W] + 1'b1;
                pos_max_q[seg] <= pos_q[LO +: W] == ALMOST;
            end
        end
    end

    for (cls = 1; cls <= 6; cls = cls + 1) begin : g_cnt
        wire [CNT_SEGS-1:0] max = cnt_max_q[(cls-1)*CNT_SEGS +: CNT_SEGS];
        wire step = inc_q[cls] && !(&max);
        for (seg = 0; seg < CNT_SEGS; seg = seg + 1) begin : g_seg
            localparam LO = (cls-1)*COUNT_WIDTH + CNT_SEG_W*seg;
            localparam W = (COUNT_WIDTH - CNT_SEG_W*seg) < CNT_SEG_W ?
                           (COUNT_WIDTH - CNT_SEG_W*seg) : CNT_SEG_W;
            localparam M = (cls-1)*CNT_SEGS + seg;
            localparam [CNT_SEGS-1:0] LOWER = ~({CNT_SEGS{1'b1}} << seg);
            localparam [W-1:0] ALMOST = {W{1'b1}} - 1'b1;
            wire carry = step && &(max | ~LOWER);
            always @(posedge clk) begin
                if (rst) begin
                    err_count_q[LO +: W] <= {W{1'b0}};
                    cnt_max_q[M] <= 1'b0;
                end else if (carry) begin
                    err_count_q[LO +: W] <= err_count_q[LO +: W] + 1'b1;
                    cnt_max_q[M] <= err_count_q[LO +: W] == ALMOST;
                end
            end
        end
    end
endgenerate

// ---------------------------------------------------------------------------
// Assertions (simulation only; Verilator with --assert)
`ifdef VERILATOR
always @(posedge clk) begin
    if (!rst) begin
        // the queue fills from entry 0 without holes
        assert (vld0_q || !vld1_q);
        assert (vld1_q || !vld2_q);
        // a beat is only offered room there really is
        assert (!(s_axis_tready_q && ir_vld_q && vld2_q));
        // the unit register always finds room in the output FIFO
        assert (!(u_valid_q && m_axis_tvalid_q && f1_vld_q && f2_vld_q && !m_axis_tready));
        // an open sequence always has its next byte in entry 0 or still to come
        assert (!open_q || (rem_q != 3'd0 && len_q != 3'd0));
    end
end
`endif

endmodule

`resetall
`default_nettype wire
