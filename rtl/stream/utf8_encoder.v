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
 * is sampled with the first beat of each packet.
 *
 * Pipeline: three stages (which bit groups of the code point are nonzero; length
 * and class; the output beat: octets, tkeep, tuser, tlast), then a two-entry
 * output buffer whose head is the m_axis register. The stages advance together
 * on a registered enable, which is also s_axis_tready: it is high unless the
 * buffer's second entry will be full, so m_axis_tready reaches only the buffer,
 * never the stages. A code point taken in clock c is on m_axis in clock c+4; the
 * encoder takes a code point on every clock that m_axis_tready is high, and under
 * any backpressure it loses, duplicates or reorders nothing. s_axis_tready is low
 * for one clock after reset. A code point counts one clock after it leaves the
 * last stage, and err_count shows the count one clock later. Every output is a
 * register. A reset loses every beat not yet out.
 */
module utf8_encoder #
(
    // Width of each saturating error counter in err_count, at least 4
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

// Widths of the stage registers (their fields are listed where they are loaded)
localparam P1_W = 41;
localparam P2_W = 42;
localparam P3_W = 58;   // {tlast, tuser, tkeep, tdata}
// Flops per enable: nextpnr puts an enable of more than 15 flops on a global
// buffer, whose input is a long route away, so every enable here drives at most
// GROUP flops.
localparam GROUP = 12;
localparam P1_GROUPS = (P1_W + GROUP - 1) / GROUP;
localparam P2_GROUPS = (P2_W + GROUP - 1) / GROUP;
localparam P3_GROUPS = (P3_W + GROUP - 1) / GROUP;

// ---------------------------------------------------------------------------
// Flow control. adv_q: the stages advance this clock; it is s_axis_tready too, so
// a beat is taken exactly when stage 1 loads. It is set for the next clock when
// the buffer's second entry (skid) will be empty then: the stages may then push
// one beat, which the buffer can hold whatever m_axis_tready does. The control
// flops have no enable (a flop with an enable takes its reset only while
// enabled, which would put rst into the enable's logic).
// ---------------------------------------------------------------------------

reg adv_q = 1'b0;
reg p1_valid_q = 1'b0;
reg p2_valid_q = 1'b0;
reg p3_valid_q = 1'b0;
reg m_valid_q = 1'b0;
reg sk_valid_q = 1'b0;

// Copies of adv_q, m_valid_q and sk_valid_q, one per group of data flops they
// enable. They are kept, each in a block of its own, or synthesis would merge
// them back into one flop; a kept flop takes its reset in the logic in front of
// it, so they have none. After a reset a copy may differ from its flop for one
// clock, a clock in which no beat is valid anywhere (the valid flops are reset
// and adv_q is low), and from the next clock on it follows the flop again.
reg [P1_GROUPS+P2_GROUPS+P3_GROUPS-1:0] adv_cp_q = {(P1_GROUPS+P2_GROUPS+P3_GROUPS){1'b0}};
reg [P3_GROUPS-1:0] m_valid_cp_q = {P3_GROUPS{1'b0}};
reg [P3_GROUPS-1:0] sk_valid_cp_q = {P3_GROUPS{1'b0}};

wire accept = s_axis_tvalid && adv_q;
wire push = adv_q && p3_valid_q;                 // stage 3's beat enters the buffer
wire more = sk_valid_q || push;                 // a beat for the head: skid or stage 3
wire sk_valid_d = m_valid_q && !m_axis_tready && more;
wire m_valid_d = (m_valid_q && !m_axis_tready) || more;
// !sk_valid_d, written from a copy of m_valid_q, so that synthesis makes it a
// LUT of its own rather than an inverter after sk_valid_d: the two differ only
// in the clock after a reset, when more is low
wire adv_d = !(m_valid_cp_q[0] && !m_axis_tready && more);

always @(posedge clk) begin
    adv_q <= adv_d;
    p1_valid_q <= (adv_q && s_axis_tvalid) || (!adv_q && p1_valid_q);
    p2_valid_q <= (adv_q && p1_valid_q) || (!adv_q && p2_valid_q);
    p3_valid_q <= (adv_q && p2_valid_q) || (!adv_q && p3_valid_q);
    m_valid_q <= m_valid_d;
    sk_valid_q <= sk_valid_d;
    if (rst) begin
        adv_q <= 1'b0;
        p1_valid_q <= 1'b0;
        p2_valid_q <= 1'b0;
        p3_valid_q <= 1'b0;
        m_valid_q <= 1'b0;
        sk_valid_q <= 1'b0;
    end
end

genvar g;
generate
    for (g = 0; g < P1_GROUPS + P2_GROUPS + P3_GROUPS; g = g + 1) begin : g_adv_cp
        (* keep *)
        always @(posedge clk) begin
            adv_cp_q[g] <= adv_d;
        end
    end
    for (g = 0; g < P3_GROUPS; g = g + 1) begin : g_out_cp
        (* keep *)
        always @(posedge clk) begin
            m_valid_cp_q[g] <= m_valid_d;
        end
        (* keep *)
        always @(posedge clk) begin
            sk_valid_cp_q[g] <= sk_valid_d;
        end
    end
endgenerate

// Mode of the packet in flight: the beat that opens a packet takes cfg_mode,
// every later beat of that packet takes the value latched then.
reg pkt_open_q = 1'b0;
reg pkt_mode_q = 1'b0;
wire beat_mode = pkt_open_q ? pkt_mode_q : cfg_mode;

always @(posedge clk) begin
    pkt_open_q <= (accept && !s_axis_tlast) || (!accept && pkt_open_q);
    if (accept && !pkt_open_q) begin
        pkt_mode_q <= cfg_mode;
    end
    if (rst) begin
        pkt_open_q <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Stage 1: which bit groups of the code point are nonzero. The groups end at
// the length boundaries 7FF, FFFF, 1FFFFF, 3FFFFFF and 7FFFFFFF.
// ---------------------------------------------------------------------------

wire [31:0] cp_in = s_axis_tdata;
wire [P1_W-1:0] p1_d = {
    s_axis_tlast,                      // 40
    beat_mode,                         // 39
    cp_in[20] && |cp_in[19:16],        // 38 above 10FFFF when cp[31:21] is zero
    cp_in[15:11] == 5'b11011,          // 37 D800..DFFF when cp[31:16] is zero
    cp_in[31],                         // 36 beyond annex-r
    |cp_in[30:26],                     // 35
    |cp_in[25:21],                     // 34
    |cp_in[20:16],                     // 33
    |cp_in[15:11],                     // 32
    |cp_in[10:7],                      // 31
    cp_in[30:0]};
reg [P1_W-1:0] p1_q = {P1_W{1'b0}};

wire [30:0] p1_cp = p1_q[30:0];
wire p1_nz_a = p1_q[31];
wire p1_nz_b = p1_q[32];
wire p1_nz_c = p1_q[33];
wire p1_nz_d = p1_q[34];
wire p1_nz_e = p1_q[35];
wire p1_top = p1_q[36];
wire p1_sur_lo = p1_q[37];
wire p1_big_lo = p1_q[38];
wire p1_mode = p1_q[39];
wire p1_last = p1_q[40];

// ---------------------------------------------------------------------------
// Stage 2: sequence length (one-hot, of the value itself) and class, as and-or
// terms (a ?: chain of constants becomes a logic-driven synchronous reset).
// ---------------------------------------------------------------------------

wire above_16 = p1_nz_c || p1_nz_d || p1_nz_e || p1_top;
wire surrogate = p1_sur_lo && !above_16;
wire too_large = p1_mode ? p1_top : (p1_nz_d || p1_nz_e || p1_top || p1_big_lo);
wire [5:0] len_d = {p1_nz_e || p1_top,
                    p1_nz_d && !(p1_nz_e || p1_top),
                    p1_nz_c && !(p1_nz_d || p1_nz_e || p1_top),
                    p1_nz_b && !above_16,
                    p1_nz_a && !(p1_nz_b || above_16),
                    !(p1_nz_a || p1_nz_b || above_16)};
wire [2:0] cls_d = ({3{surrogate}} & CLS_SURROGATE) |
                   ({3{too_large && !surrogate}} & CLS_TOO_LARGE);
wire [P2_W-1:0] p2_d = {
    p1_last,                           // 41
    cls_d,                             // 40:38
    surrogate || too_large,            // 37 rejected: replaced by U+FFFD
    len_d,                             // 36:31 bit n: the value takes n+1 octets
    p1_cp};
reg [P2_W-1:0] p2_q = {P2_W{1'b0}};

wire [30:0] cp = p2_q[30:0];
wire [5:0] len = p2_q[36:31];
wire p2_err = p2_q[37];
wire [2:0] p2_cls = p2_q[40:38];
wire p2_last = p2_q[41];

// ---------------------------------------------------------------------------
// Stage 3: the output beat. Lane k of an n-octet sequence is a continuation byte
// carrying cp[6*(n-1-k) +: 6]; lane 0 is the lead. Lanes beyond the sequence
// are zero. A rejected code point is EF BF BD, folded in bit by bit.
// ---------------------------------------------------------------------------

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
localparam [47:0] REPL_DATA = 48'h00_00_00_BD_BF_EF;
localparam [5:0] REPL_KEEP = 6'b000111;
wire [47:0] tdata_d = (octets & ~{48{p2_err}}) | (REPL_DATA & {48{p2_err}});
wire [5:0] tkeep_d = (keep & ~{6{p2_err}}) | (REPL_KEEP & {6{p2_err}});
wire [P3_W-1:0] p3_d = {p2_last, p2_cls, tkeep_d, tdata_d};
reg [P3_W-1:0] p3_q = {P3_W{1'b0}};

// The stages' data flops, each group on its own copy of adv_q.
generate
    for (g = 0; g < P1_GROUPS; g = g + 1) begin : g_p1
        localparam LO = GROUP*g;
        localparam W = (P1_W - LO) < GROUP ? (P1_W - LO) : GROUP;
        always @(posedge clk) begin
            if (adv_cp_q[g]) begin
                p1_q[LO +: W] <= p1_d[LO +: W];
            end
        end
    end
    for (g = 0; g < P2_GROUPS; g = g + 1) begin : g_p2
        localparam LO = GROUP*g;
        localparam W = (P2_W - LO) < GROUP ? (P2_W - LO) : GROUP;
        always @(posedge clk) begin
            if (adv_cp_q[P1_GROUPS + g]) begin
                p2_q[LO +: W] <= p2_d[LO +: W];
            end
        end
    end
    for (g = 0; g < P3_GROUPS; g = g + 1) begin : g_p3
        localparam LO = GROUP*g;
        localparam W = (P3_W - LO) < GROUP ? (P3_W - LO) : GROUP;
        always @(posedge clk) begin
            if (adv_cp_q[P1_GROUPS + P2_GROUPS + g]) begin
                p3_q[LO +: W] <= p3_d[LO +: W];
            end
        end
    end
endgenerate

// ---------------------------------------------------------------------------
// Output buffer: the head (m_axis) takes the skid entry if it holds a beat, else
// stage 3's; the skid takes stage 3's beat whenever it is free or its beat moves
// to the head (the beat is kept only if the head could not take it).
// ---------------------------------------------------------------------------

reg [P3_W-1:0] head_q = {P3_W{1'b0}};
reg [P3_W-1:0] skid_q = {P3_W{1'b0}};
wire [P3_W-1:0] head_d = sk_valid_q ? skid_q : p3_q;

generate
    for (g = 0; g < P3_GROUPS; g = g + 1) begin : g_out
        localparam LO = GROUP*g;
        localparam W = (P3_W - LO) < GROUP ? (P3_W - LO) : GROUP;
        always @(posedge clk) begin
            if (!m_valid_cp_q[g] || m_axis_tready) begin
                head_q[LO +: W] <= head_d[LO +: W];
            end
            if (!sk_valid_cp_q[g] || m_axis_tready) begin
                skid_q[LO +: W] <= p3_q[LO +: W];
            end
        end
    end
endgenerate

// ---------------------------------------------------------------------------
// Error counters (SURROGATE, TOO_LARGE), utf8_err_counter: a code point counts
// one clock after it leaves stage 3 (the counter registers the event, so that
// it starts at flops) and err_count is the count itself.
// ---------------------------------------------------------------------------

wire [1:0] count_event = {p3_q[56:54] == CLS_TOO_LARGE, p3_q[56:54] == CLS_SURROGATE};
wire [2*COUNT_WIDTH-1:0] counts;

genvar i;
generate
    for (i = 0; i < 2; i = i + 1) begin : g_count
        utf8_err_counter #(
            .WIDTH(COUNT_WIDTH)
        ) counter_inst (
            .clk(clk),
            .rst(rst),
            .inc(push && count_event[i]),
            .count(counts[i*COUNT_WIDTH +: COUNT_WIDTH])
        );
    end
endgenerate

assign s_axis_tready = adv_q;
assign m_axis_tdata = head_q[47:0];
assign m_axis_tkeep = head_q[53:48];
assign m_axis_tuser = head_q[56:54];
assign m_axis_tlast = head_q[57];
assign m_axis_tvalid = m_valid_q;
assign err_count = {{COUNT_WIDTH{1'b0}},   // HEADER_BITS
                    counts,                // TOO_LARGE, SURROGATE
                    {3*COUNT_WIDTH{1'b0}}}; // OVERLONG, TOO_LONG, TOO_SHORT

// ---------------------------------------------------------------------------
// Assertions (simulation only; Verilator with --assert)
`ifdef VERILATOR
always @(posedge clk) begin
    if (!rst) begin
        // the skid holds a beat only behind a full head, and then the stages stop
        assert (!sk_valid_q || (m_valid_q && !adv_q));
    end
end
`endif

endmodule

`resetall
`default_nettype wire
