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
 * offsets and counters (utf8_err_counter) are built from segments with registered flags, so that
 * no carry chain is long. No enable drives more than 15 flops (nextpnr-ice40
 * would put it on a global buffer, a long route away): large registers are
 * loaded in groups, each enabled by a copy of its flop or by another form of
 * the same condition. cfg_mode is sampled with each packet's first byte. Every
 * output comes from a register; reset drops everything inside the block (the
 * packet being decoded, and units of earlier packets not yet taken from
 * m_axis).
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

// input side: registered ready, an input register (the queue entry and, above
// it, the byte's second-byte range masks, which check the byte after it), the
// packet mode sampled with the first byte
localparam IR_W = ENT_W + 8;
reg s_axis_tready_q = 1'b1, s_axis_tready_d;
reg in_pkt_q = 1'b0;
reg pkt_mode_q = 1'b0;
reg [IR_W-1:0] ir_q = {IR_W{1'b0}};
reg ir_vld_q = 1'b0, ir_vld_d;
wire [7:0] prev_rng_q = ir_q[ENT_W +: 8];  // range_masks() of the byte before

// byte queue; entry 0 is the byte being decided, entry 1 its look-ahead
reg [ENT_W-1:0] ent0_q = {ENT_W{1'b0}};
reg ent0_last_q = 1'b0;         // a second copy of entry 0's tlast (see the
reg [1:0] val_last_q = 2'b00;    // entries' enables), two more for val_q's
reg [ENT_W-1:0] ent1_q = {ENT_W{1'b0}};
reg [ENT_W-1:0] ent2_q = {ENT_W{1'b0}};
reg vld0_q = 1'b0, vld0_d;
reg vld1_q = 1'b0, vld1_d;
reg vld2_q = 1'b0, vld2_d;

// open sequence
reg open_q = 1'b0;
reg [2:0] rem_q = 3'd0;  // continuation bytes still to come
reg rem1_q = 1'b0;       // rem_q == 1: the next byte completes the sequence
reg [2:0] len_q = 3'd0;  // bytes taken so far
reg [5:2] len_ge_q = 4'd0;  // len_q >= 2 .. 5, kept apart for the unit's value
reg [24:0] val_q = 25'd0;  // low six bits of the bytes decided before entry 0

// Each decided byte's unit (if it ends one) goes into a unit register, then into
// a three-entry output FIFO whose head is the m_axis register. The unit register
// always moves on, so the decision never waits on the output's state beyond
// ready_int_q, which is registered and reserves room for what is in flight.
reg ready_int_q = 1'b1, ready_int_d;
reg u_valid_q = 1'b0;  // also the unit event for the status and counters
reg [31:0] u_data_q = 32'd0;
reg [5:0] u_user_q = 6'd0;
reg u_last_q = 1'b0;
reg u_last2_q = 1'b0;      // a second copy of u_last_q, from entry 0's second tlast
reg m_axis_tvalid_q = 1'b0, m_axis_tvalid_d;
reg [38:0] out_beat_q = 39'd0;  // {last, user, data} of the head, on m_axis
localparam OUT_GROUPS = 3;      // copies of the head's valid flop, see g_out
reg [OUT_GROUPS-1:0] out_vld_q = {OUT_GROUPS{1'b0}};
reg [38:0] f1_q = 39'd0, f1_d;  // {last, user, data}
reg [38:0] f2_q = 39'd0, f2_d;
reg f1_vld_q = 1'b0, f1_vld_d;
reg f2_vld_q = 1'b0, f2_vld_d;
wire [2:0] ev_cls = u_user_q[2:0];
wire u_err = ev_cls != CLS_OK;

// Byte offsets are counted one clock behind the decisions, from registered
// copies of them, so the 32-bit offset logic hangs off flops, not off fire.
reg dec_q = 1'b0;       // a byte was decided last clock ...
reg dec_lead_q = 1'b0;  // ... it began a unit (pos_clr_q, below: it ended its packet)
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

assign s_axis_tready = s_axis_tready_q;
assign m_axis_tdata = out_beat_q[31:0];
assign m_axis_tuser = out_beat_q[37:32];
assign m_axis_tvalid = m_axis_tvalid_q;
assign m_axis_tlast = out_beat_q[38];
assign stat_valid = stat_valid_q;
assign stat_error = stat_error_q;
assign stat_err_offset = stat_err_offset_q;
assign stat_err_class = stat_err_class_q;

// the incoming byte as a queue entry, decoded in its packet's mode
wire in_accept = s_axis_tvalid && s_axis_tready_q;
wire [7:0] in_b = s_axis_tdata;
// both modes decoded side by side, then picked: the mode mux stays last
wire in_mode = in_pkt_q ? pkt_mode_q : cfg_mode;
wire [8:0] in_dec_rfc = lead_decode(in_b, 1'b0);
wire [8:0] in_dec_annex = lead_decode(in_b, 1'b1);
wire [5:0] in_dec = in_mode ? in_dec_annex[5:0] : in_dec_rfc[5:0];
wire [2:0] in_need = in_dec[2:0];
wire [2:0] in_cls = in_dec[5:3];
// the lead's flags from each mode's decode, not from in_need, so that the mode
// mux stays last for them too
wire in_zero = in_mode ? in_dec_annex[2:0] == 3'd0 : in_dec_rfc[2:0] == 3'd0;
wire in_one = in_mode ? in_dec_annex[2:0] == 3'd1 : in_dec_rfc[2:0] == 3'd1;
wire in_cont = in_b[7:6] == 2'b10;

// the incoming byte as the second byte of the byte before it
wire in_below = prev_rng_q[6] && (in_b[5:2] & prev_rng_q[3:0]) == 4'b0000;
wire in_above = (in_b[5:4] & prev_rng_q[5:4]) != 2'b00;
wire in_sec_ok = in_cont && !in_below && !in_above;
// one-hot terms: a ?: chain of constants becomes a logic-driven synchronous
// reset of the input register
wire [2:0] in_sec_cls = ({3{!in_cont}} & CLS_TOO_SHORT) |
                        ({3{in_cont && in_below}} & CLS_OVERLONG) |
                        ({3{in_cont && !in_below && prev_rng_q[7]}} & CLS_SURROGATE) |
                        ({3{in_cont && !in_below && !prev_rng_q[7]}} & CLS_TOO_LARGE);

wire [ENT_W-1:0] in_ent = {in_sec_cls, in_sec_ok, in_cont, in_one, in_zero,
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
wire [24:0] val_shift = {val_q[18:0], b0[5:0]};

// entry 0 is decided when its successor is known (or it ends the packet) and
// the output can take a unit
wire fire = vld0_q && (vld1_q || last0) && ready_int_q;

// what entry 0 does: end a unit here (emit), or open or extend a sequence.
// The unit's data does not depend on emit, so the output register's enable
// stays shallow.
reg emit;
reg [2:0] u_cls;
reg [2:0] u_len;
always @* begin
    if (!open_q) begin
        emit = zero0 || last0 || !sec_ok1;
        u_len = 3'd1;
    end else begin
        emit = rem1_q || last0 || !cont1;
        u_len = len_q + 3'd1;
    end
    // one-hot terms rather than a ?: chain of constants: two LUT levels
    u_cls = ({3{!open_q && zero0}} & cls0) |
            ({3{!open_q && !zero0 && !last0}} & sec_cls1) |
            ({3{(!open_q && !zero0 && last0) || (open_q && !rem1_q)}} & CLS_TOO_SHORT);
end

wire int_valid = fire && emit;

// The unit's code point: entry 0's byte alone, U+FFFD, or the open sequence's
// value. val_q keeps the low six bits of every byte decided before entry 0 (it
// shifts on every decision, so its enable is the decision alone), and a
// sequence of len_q+1 bytes keeps the low 5*len_q+6 bits of {val_q, b0[5:0]}:
// that drops the lead's length bits (Annex R Table 5). Written as and-or terms:
// a choice between a value and a constant becomes a synchronous reset of the
// unit register, a LUT-driven reset net.
wire done0 = open_q && rem1_q;                          // b0 completes the sequence
wire rep0 = (open_q && !rem1_q) || (!open_q && b0[7]);  // the unit is U+FFFD
wire [24:0] val_keep = {{5{len_ge_q[5]}}, {5{len_ge_q[4]}}, {5{len_ge_q[3]}},
                        {5{len_ge_q[2]}}, 5'b11111};
wire [24:0] val_bits = val_q & val_keep & {25{done0}};
wire [31:0] u_data = {1'b0, val_bits[24:10], val_bits[9:2] | {8{rep0}},
                      val_bits[1] || (!open_q && b0[7]) || rep0,
                      val_bits[0] || (!open_q && b0[6]) || rep0,
                      b0[5:2] | {4{rep0}}, b0[1] && !rep0, b0[0] || rep0};

// Input register and queue. Entry 0 leaves on fire; the input register moves
// into the first free slot when there is one or entry 0 leaves. The valid bits
// are written out case by case from the queue's invariants (it fills from entry
// 0: vld2_q implies vld1_q, which implies vld0_q; s_axis_tready_q is
// !(ir_vld_q && vld2_q)), which takes fire's terms apart: with vld1_q, fire is
// ready_int_q; without it, fire is vld0_q && last0 && ready_int_q. Each is then
// two LUT levels of flops, where the general form (the queue's count, less
// fire, plus the move) is three.
always @* begin
    vld0_d = ir_vld_q || vld1_q || (vld0_q && !(last0 && ready_int_q));
    vld1_d = vld1_q ? (!ready_int_q || vld2_q || ir_vld_q)
                    : (vld0_q && ir_vld_q && !(last0 && ready_int_q));
    vld2_d = vld2_q ? (!ready_int_q || ir_vld_q) : (vld1_q && ir_vld_q && !ready_int_q);
    ir_vld_d = in_accept || (ir_vld_q && vld2_q && !ready_int_q);
    // room next clock even if nothing is decided then: the input register and
    // entry 2 are not both full
    s_axis_tready_d = !(!ready_int_q && (vld2_q ? (ir_vld_q || s_axis_tvalid)
                                                : (s_axis_tvalid && vld1_q && ir_vld_q)));
end

// The register and entry flops in groups of at most 15, each group with an
// enable of its own: nextpnr puts an enable of more than 15 flops on a global
// buffer, whose input is a long route from the enable's LUT (see g_out). The
// groups' enables are different expressions of the same condition, written
// from different flops, so that synthesis cannot merge them: s_axis_tready_q
// is always !(ir_vld_q && vld2_q); the queue fills from entry 0 (vld2_q implies
// vld1_q, which implies vld0_q), so an entry's enable has several forms; and
// entry 0's tlast is kept four times. An entry takes the input register unless
// the one above it moves down on fire, which, with that one valid, is
// ready_int_q.
always @(posedge clk) begin
    if (s_axis_tvalid && s_axis_tready_q) begin
        ir_q[14:0] <= in_ent[14:0];
    end
    if (s_axis_tvalid && !(ir_vld_q && vld2_q)) begin
        // the range masks without a wire of their own: the netlists compute
        // some of their bits from others, which, in one named vector, is a
        // loop to Verilator, and it got the iCE40 netlist's loop wrong
        ir_q[IR_W-1:15] <= {in_mode ? range_masks(in_dec_annex[8:6])
                                    : range_masks(in_dec_rfc[8:6]),
                            in_ent[ENT_W-1:15]};
    end
    if (!vld0_q || ((vld1_q || last0) && ready_int_q)) begin
        ent0_q[8:0] <= (vld1_q && ready_int_q) ? ent1_q[8:0] : ir_q[8:0];
    end
    if (!vld0_q || ((vld1_q || ent0_last_q) && ready_int_q)) begin
        ent0_q[ENT_W-1:9] <= (vld1_q && ready_int_q) ? ent1_q[ENT_W-1:9] : ir_q[ENT_W-1:9];
        ent0_last_q <= (vld1_q && ready_int_q) ? ent1_q[E_LAST] : ir_q[E_LAST];
    end
    if (!vld1_q || (vld0_q && ready_int_q)) begin
        ent1_q[10:0] <= (vld2_q && ready_int_q) ? ent2_q[10:0] : ir_q[10:0];
    end
    if (!vld1_q || ready_int_q) begin
        ent1_q[ENT_W-1:11] <= (vld2_q && ready_int_q) ? ent2_q[ENT_W-1:11] : ir_q[ENT_W-1:11];
    end
    if (!vld2_q || ready_int_q) begin
        ent2_q[10:0] <= ir_q[10:0];
    end
    if (!vld2_q || (vld1_q && ready_int_q)) begin
        ent2_q[ENT_W-1:11] <= ir_q[ENT_W-1:11];
    end
    // between packets it follows cfg_mode, so its enable is one flop
    if (!in_pkt_q) begin
        pkt_mode_q <= cfg_mode;
    end
end

// Sequence state. Only open_q depends on emit; the other registers advance on
// every decided byte (after a unit ends they are don't-care until the next lead
// reloads them), which keeps the deep emit logic off their enables. The small
// ones are and-or terms with no enable: open_q and in_pkt_q so that rst reaches
// only their reset input (a flop with an enable takes its reset only while
// enabled, so rst would join the enable's logic, a long route), rem_q, rem1_q,
// len_q and len_ge_q so that no enable drives them beside val_q's halves, each
// enabled by fire written with a copy of entry 0's tlast of its own.
wire [2:0] rem_next = open_q ? rem_q - 3'd1 : need0;
wire rem1_next = open_q ? rem_q == 3'd2 : one0;
wire [2:0] len_next = open_q ? len_q + 3'd1 : 3'd1;
always @(posedge clk) begin
    rem_q <= ({3{fire}} & rem_next) | ({3{!fire}} & rem_q);
    rem1_q <= (fire && rem1_next) || (!fire && rem1_q);
    len_q <= ({3{fire}} & len_next) | ({3{!fire}} & len_q);
    len_ge_q <= ({4{fire && open_q}} & {len_ge_q[4:2], 1'b1}) | ({4{!fire}} & len_ge_q);
    open_q <= (fire && !emit) || (!fire && open_q);
    in_pkt_q <= (in_accept && !s_axis_tlast) || (!in_accept && in_pkt_q);
    if (vld0_q && (vld1_q || val_last_q[0]) && ready_int_q) begin
        val_q[12:0] <= val_shift[12:0];
    end
    if (vld0_q && (vld1_q || val_last_q[1]) && ready_int_q) begin
        val_q[24:13] <= val_shift[24:13];
    end
    if (rst) begin
        open_q <= 1'b0;
        in_pkt_q <= 1'b0;
    end
end

genvar g;

// entry 0's tlast for val_q's enables (fire in two forms of its own, which
// share no term with the entry's enables); kept, or synthesis would merge them
// into entry 0's flop
generate
    for (g = 0; g < 2; g = g + 1) begin : g_val_last
        (* keep *)
        always @(posedge clk) begin
            if (!vld0_q || ((vld1_q || last0) && ready_int_q)) begin
                val_last_q[g] <= (vld1_q && ready_int_q) ? ent1_q[E_LAST] : ir_q[E_LAST];
            end
        end
    end
endgenerate


// output FIFO: the head leaves on m_axis_tready, the unit register joins at the
// first free entry
wire [38:0] u_beat = {u_last_q, u_user_q, u_data_q};
wire out_pop = m_axis_tvalid_q && m_axis_tready;
// what the head register takes when it moves: the next entry, or the unit
// register when the FIFO behind the head is empty (all of it, when the head is)
wire [38:0] m_next = f1_vld_q ? f1_q : u_beat;
always @* begin
    f1_d = f1_q;
    f2_d = f2_q;
    if (out_pop) begin
        f1_d = f2_vld_q ? f2_q : u_beat;
        f2_d = u_beat;
    end else begin
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

// The head register's flops in groups of 13, each group enabled by its own copy
// of the head's valid flop: nextpnr puts an enable of more than 15 flops on a
// global buffer, whose input is a long route from wherever m_axis_tready's LUT
// sits. The copies are kept, each in a block of its own, or synthesis would
// merge them back into one flop; a kept flop takes its reset in the logic in
// front of it, so they have none. After a reset a copy may stay set for one
// clock while the head is empty; no unit can reach the FIFO in that clock
// (the unit register is reset), and from the next clock on the copies follow
// m_axis_tvalid_q again.
generate
    for (g = 0; g < OUT_GROUPS; g = g + 1) begin : g_out
        localparam LO = 13*g;
        (* keep *)
        always @(posedge clk) begin
            out_vld_q[g] <= m_axis_tvalid_d;
        end
        always @(posedge clk) begin
            if (m_axis_tready || !out_vld_q[g]) begin
                out_beat_q[LO +: 13] <= m_next[LO +: 13];
            end
        end
    end
endgenerate

always @(posedge clk) begin
    s_axis_tready_q <= s_axis_tready_d;
    ir_vld_q <= ir_vld_d;
    vld0_q <= vld0_d;
    vld1_q <= vld1_d;
    vld2_q <= vld2_d;
    ready_int_q <= ready_int_d;
    u_valid_q <= int_valid;
    u_data_q <= u_data;
    u_user_q <= {u_len, u_cls};
    u_last_q <= last0;
    u_last2_q <= ent0_last_q;
    m_axis_tvalid_q <= m_axis_tvalid_d;
    f1_q <= f1_d;
    f2_q <= f2_d;
    f1_vld_q <= f1_vld_d;
    f2_vld_q <= f2_vld_d;
    dec_q <= fire;
    dec_lead_q <= !open_q;

    // status, first stage: flags of the unit event
    if (u_valid_q) seen_q <= !u_last_q && (seen_q || u_err);
    f_first_q <= u_valid_q && u_err && !seen_q;
    f_last_q <= u_valid_q && u_last_q;
    f_had_q <= seen_q || u_err;
    f_cls_q <= ev_cls;
    f_off_q <= ev_off;
    // status, second stage: captures
    // (the offsets are captured per segment, with the offset counters below)
    if (f_first_q) begin
        perr_cls_q <= f_cls_q;
    end
    stat_valid_q <= f_last_q;
    if (f_last_q) begin
        // the packet's verdict: its first error unit, which may be this last one
        stat_error_q <= f_first_q || f_had_q;
        stat_err_class_q <= f_first_q ? f_cls_q : f_had_q ? perr_cls_q : CLS_OK;
    end

    if (rst) begin
        s_axis_tready_q <= 1'b1;
        ir_vld_q <= 1'b0;
        vld0_q <= 1'b0;
        vld1_q <= 1'b0;
        vld2_q <= 1'b0;
        ready_int_q <= 1'b1;
        u_valid_q <= 1'b0;
        m_axis_tvalid_q <= 1'b0;
        f1_vld_q <= 1'b0;
        f2_vld_q <= 1'b0;
        dec_q <= 1'b0;
        seen_q <= 1'b0;
        f_first_q <= 1'b0;
        f_last_q <= 1'b0;
        stat_valid_q <= 1'b0;
    end
end

// Byte offsets in at most three segments, each with a registered "all ones"
// flag: a segment steps when every lower one is all ones, so no carry chain is
// longer than a third of the width.
localparam POS_SEG_W = (OFFSET_WIDTH + 2) / 3;
localparam POS_SEGS = (OFFSET_WIDTH + POS_SEG_W - 1) / POS_SEG_W;

// Offsets: per segment, the count, the lead's offset (start_q) and the status
// captures, each with an enable (or clear) of its own, so that none drives more
// than 15 flops and nextpnr keeps all of them off global buffers (see g_out):
// kept copies of dec_lead_q and f_first_q, and the clears and the verdict's
// captures written in a different form per segment.
reg [POS_SEGS-1:0] start_lead_q = {POS_SEGS{1'b0}};
reg [POS_SEGS-1:0] perr_first_q = {POS_SEGS{1'b0}};
reg [POS_SEGS-1:0] stat_last_q = {POS_SEGS{1'b0}};

// The count: a segment's enable is one LUT4 of flops (the decision, the lower
// flags, its clear), and the clear (the byte decided last clock ended its
// packet, or reset: a packet's offsets start at 0) is a flop per segment, so
// that no two enables can be built one from the other. The clears start at 0,
// where pos_q starts anyway: a flop that starts at 1 is stored inverted on
// iCE40.
reg [POS_SEGS-1:0] pos_max_q = {POS_SEGS{1'b0}};
reg [POS_SEGS-1:0] pos_clr_q = {POS_SEGS{1'b0}};

genvar seg, cls;
generate
    for (seg = 0; seg < POS_SEGS; seg = seg + 1) begin : g_pos
        localparam LO = POS_SEG_W*seg;
        localparam W = (OFFSET_WIDTH - LO) < POS_SEG_W ? (OFFSET_WIDTH - LO) : POS_SEG_W;
        localparam [POS_SEGS-1:0] LOWER = ~({POS_SEGS{1'b1}} << seg);
        localparam [W-1:0] ALMOST = {W{1'b1}} - 1'b1;  // all ones after one more step
        // the clear is fire && last0; the forms: with last0, with entry 0's
        // second tlast, with both
        wire clr_last = seg == 0 ? last0 : seg == 1 ? ent0_last_q : last0 && ent0_last_q;
        // the capture of a packet's verdict is f_last_q, for the first segment
        // f_last_q itself; the forms: with the unit register's second tlast,
        // with both
        wire cap_last = seg == 1 ? u_last2_q : u_last_q && u_last2_q;
        always @(posedge clk) begin
            pos_clr_q[seg] <= vld0_q && ready_int_q && clr_last;
            stat_last_q[seg] <= u_valid_q && cap_last;
            if (rst) begin
                pos_clr_q[seg] <= 1'b1;
                stat_last_q[seg] <= 1'b0;
            end
        end
        (* keep *)
        always @(posedge clk) begin
            start_lead_q[seg] <= !open_q;
        end
        // perr_off_q is overwritten by a packet's first error before it is
        // read, so these copies need no reset
        (* keep *)
        always @(posedge clk) begin
            perr_first_q[seg] <= u_valid_q && u_err && !seen_q;
        end
        always @(posedge clk) begin
            if (dec_q && start_lead_q[seg]) begin
                start_q[LO +: W] <= pos_q[LO +: W];
            end
            if (perr_first_q[seg]) begin
                perr_off_q[LO +: W] <= f_off_q[LO +: W];
            end
            if (seg == 0 ? f_last_q : stat_last_q[seg]) begin
                stat_err_offset_q[LO +: W] <= f_first_q ? f_off_q[LO +: W] :
                                              f_had_q ? perr_off_q[LO +: W] : {W{1'b0}};
            end
        end
`ifdef VERILATOR
        always @(posedge clk) begin
            assert (seg == 0 || stat_last_q[seg] == f_last_q);
        end
`endif
        always @(posedge clk) begin
            if (pos_clr_q[seg]) begin
                // rst sets the clear, so the offsets clear one clock into
                // reset, well before any decision
                pos_q[LO +: W] <= {W{1'b0}};
                pos_max_q[seg] <= 1'b0;
            end else if (dec_q && &(pos_max_q | ~LOWER)) begin
                pos_q[LO +: W] <= pos_q[LO +: W] + 1'b1;
                pos_max_q[seg] <= pos_q[LO +: W] == ALMOST;
            end
        end
    end

    // Error counters, one per class: an error unit counts one clock after the
    // unit event (utf8_err_counter registers it), so that the counters start
    // at flops. None at an illegal COUNT_WIDTH 0: a counter of no bits would
    // stop elaboration before the tools reach g_check_count_width's message.
    for (cls = 1; cls <= (COUNT_WIDTH >= 1 ? 6 : 0); cls = cls + 1) begin : g_cnt
        utf8_err_counter #(
            .WIDTH(COUNT_WIDTH)
        ) counter_inst (
            .clk(clk),
            .rst(rst),
            .inc(u_valid_q && ev_cls == cls),
            .count(err_count[(cls-1)*COUNT_WIDTH +: COUNT_WIDTH])
        );
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
        // copies with no reset follow their flop from the second clock after a
        // reset on
        if (!after_rst_q) begin
            assert (out_vld_q == {OUT_GROUPS{m_axis_tvalid_q}});
            assert (perr_first_q == {POS_SEGS{f_first_q}});
        end
    end
    // the other copies, and the flags kept beside what they describe, agree
    // with it in every clock
    assert (s_axis_tready_q == !(ir_vld_q && vld2_q));
    assert (ent0_last_q == last0);
    assert (val_last_q == {2{last0}});
    assert (u_last2_q == u_last_q);
    assert (pos_clr_q == {POS_SEGS{pos_clr_q[0]}});
    assert (start_lead_q == {POS_SEGS{dec_lead_q}});
    assert (len_ge_q == {len_q >= 3'd5, len_q >= 3'd4, len_q >= 3'd3, len_q >= 3'd2});
end
reg after_rst_q = 1'b1;
always @(posedge clk) after_rst_q <= rst;
`endif

endmodule

`resetall
`default_nettype wire
