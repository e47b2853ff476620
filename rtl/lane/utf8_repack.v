// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Repacking accumulator: takes beats of 0..IN items packed from item 0 (a
 * count says how many) and gives beats of OUT items, full except a packet's
 * last. Items are ITEM bits wide: bytes for the sanitizer's UTF-8, 32-bit
 * words for the kernel's UTF-32.
 *
 * An input register holds one beat; the accumulator appends it behind what it
 * holds whenever at most OUT items stay after this clock's output beat, so
 * when a beat brings OUT items on average one beat passes per clock, and more
 * than OUT a beat slows the input to OUT items a clock. A packet's items never
 * share an output beat with the next packet's: the accumulator takes the next
 * packet's first beat in the clock the last output beat of its packet leaves.
 *
 * A packet may end with an empty beat (count 0, s_last): its output then ends
 * with an empty beat too (m_keep all zero, m_last), so a packet whose items
 * are all gone still ends. The wide blocks never send one; the kernel does,
 * when a job ends with no unit left to write.
 *
 * Latency: one clock to the input register, one to the accumulator; a beat
 * leaves once OUT items, or the packet's end, are in.
 */
module utf8_repack #(
    // bits per item
    parameter ITEM = 8,
    // items per input beat, at most
    parameter IN = 27,
    // items per output beat
    parameter OUT = 8
) (
    input  wire                   clk,
    input  wire                   rst,

    // Input: s_count items from item 0 of s_data
    input  wire [ITEM*IN-1:0]     s_data,
    input  wire [$clog2(IN+1)-1:0] s_count,
    input  wire                   s_valid,
    output wire                   s_ready,
    input  wire                   s_last,

    // Output: items from item 0, m_keep contiguous from item 0
    output wire [ITEM*OUT-1:0]    m_data,
    output wire [OUT-1:0]         m_keep,
    output wire                   m_valid,
    input  wire                   m_ready,
    output wire                   m_last
);

// The accumulator holds at most OUT items after an output beat, plus a beat.
localparam AB = OUT + IN;
localparam NW = $clog2(AB + 1);   // an item count up to AB
localparam PW = $clog2(OUT + 1);  // an item count up to OUT
localparam IW = $clog2(IN + 1);
localparam [31:0] OUT_32 = OUT;
localparam [NW-1:0] OUT_N = OUT_32[NW-1:0];

generate
    if (ITEM < 1 || IN < 1 || OUT < 1) begin : g_check
        error_ITEM_IN_and_OUT_must_be_at_least_1 stop ();
    end
endgenerate

// Input register: one beat, taken as the accumulator takes the last.
reg               in_valid_q;
reg [ITEM*IN-1:0] in_data_q;
reg [IW-1:0]      in_count_q;
reg               in_last_q;

// Accumulator: acc_count_q items from item 0 up; an output beat is its low
// OUT items when it holds that many, or all it holds at the packet's end.
reg [ITEM*AB-1:0] acc_data_q;
reg [NW-1:0]      acc_count_q;
reg               acc_end_q;     // it holds the end of its packet
// What the control needs of the count, registered with it, so that no
// comparison or subtraction stands between the output's ready and s_ready
// (the wide decoder's FIFO reads on s_ready): the count is at least OUT, at
// most OUT, at most 2*OUT; and the count after a beat pops (count - OUT, or
// 0 after a packet's last, partial beat), where the input then goes.
reg               full_q;
reg               le_out_q;
reg               le_2out_q;
reg [NW-1:0]      pop_rest_q;   // count - OUT when full, else 0

wire out_valid = full_q || acc_end_q;
wire out_last  = acc_end_q && le_out_q;
wire pop       = out_valid && m_ready;

// After this clock's output beat
wire               rest_le_out = !pop ? le_out_q : (full_q ? le_2out_q : 1'b1);
wire               rest_end    = acc_end_q && !(pop && out_last);
wire [ITEM*AB-1:0] rest_data   = pop ? (acc_data_q >> (ITEM * OUT)) : acc_data_q;

wire take = in_valid_q && !rest_end && rest_le_out;
assign s_ready = !in_valid_q || take;

// The next count and its flags: each of the four outcomes (pop or not, take
// or not) worked out from registers alone, then chosen.
wire [NW-1:0] in_count_n = {{(NW-IW){1'b0}}, in_count_q};
wire [NW-1:0] sum_stay   = acc_count_q + in_count_n;
wire [NW-1:0] sum_pop    = pop_rest_q + in_count_n;
wire [NW-1:0] next_count = pop ? (take ? sum_pop : pop_rest_q) : (take ? sum_stay : acc_count_q);

// {at least OUT, at most OUT, at most 2*OUT, count - OUT or 0} of a count
function [NW+2:0] flags;
    input [NW-1:0] n;
    reg   [31:0]   n32;
    begin
        n32 = {{(32-NW){1'b0}}, n};
        flags = {n32 >= OUT_32, n32 <= OUT_32, n32 <= 2 * OUT_32,
                 n32 >= OUT_32 ? n - OUT_N : {NW{1'b0}}};
    end
endfunction
wire [NW+2:0] next_flags = pop ? (take ? flags(sum_pop) : flags(pop_rest_q))
                               : (take ? flags(sum_stay) : flags(acc_count_q));

// Items below the count after this clock's pop stay; the rest come from the
// input register. Only a take uses them, when at most OUT items stay: PW bits
// of shift, in whole items, one 2:1 level per bit of put_at. (A shift by
// put_at * ITEM bits made Yosys build a multiplier, an ECP5 DSP, and a shifter
// over every bit position: 45 MHz at the wide decoder's LANES 16, OUT 4.)
wire [PW-1:0]      put_at = pop ? pop_rest_q[PW-1:0] : acc_count_q[PW-1:0];
wire [ITEM*AB-1:0] appended;
wire [AB-1:0]      stays;    // item i is below put_at: it stays
genvar b, g;
generate
    for (b = 0; b <= PW; b = b + 1) begin : g_shift
        wire [ITEM*AB-1:0] v;
        if (b == 0) begin : g_in
            assign v = {{(ITEM*OUT){1'b0}}, in_data_q};
        end else begin : g_level
            assign v = put_at[b-1] ? {g_shift[b-1].v[ITEM*AB-1-ITEM*(1<<(b-1)):0], {(ITEM*(1<<(b-1))){1'b0}}}
                                   : g_shift[b-1].v;
        end
    end
    assign appended = g_shift[PW].v;
    for (g = 0; g < AB; g = g + 1) begin : g_stays
        // compared on the registers, pop chooses
        localparam [31:0] G_32 = g;
        assign stays[g] = pop ? {{(32-NW){1'b0}}, pop_rest_q} > G_32 : {{(32-NW){1'b0}}, acc_count_q} > G_32;
    end
endgenerate
reg [ITEM*AB-1:0] merged;
integer m;
always @* begin
    for (m = 0; m < AB; m = m + 1)
        merged[m*ITEM +: ITEM] = stays[m] ? rest_data[m*ITEM +: ITEM] : appended[m*ITEM +: ITEM];
end

always @(posedge clk) begin
    if (s_ready) begin
        in_data_q  <= s_data;
        in_count_q <= s_count;
        in_last_q  <= s_last;
    end
    in_valid_q <= s_valid || (in_valid_q && !take);

    acc_data_q  <= take ? merged : rest_data;
    acc_count_q <= next_count;
    acc_end_q   <= take ? in_last_q : rest_end;
    {full_q, le_out_q, le_2out_q, pop_rest_q} <= next_flags;

    if (rst) begin
        in_valid_q  <= 1'b0;
        acc_count_q <= {NW{1'b0}};
        acc_end_q   <= 1'b0;
        full_q      <= 1'b0;
        le_out_q    <= 1'b1;
        le_2out_q   <= 1'b1;
        pop_rest_q  <= {NW{1'b0}};
    end
end

// A beat's keep: every item below the count held, all when that is OUT or more.
generate
    for (g = 0; g < OUT; g = g + 1) begin : g_keep
        localparam [NW-1:0] ITEM_AT = g;
        assign m_keep[g] = acc_count_q > ITEM_AT;
    end
endgenerate

assign m_data  = acc_data_q[ITEM*OUT-1:0];
assign m_valid = out_valid;
assign m_last  = out_last;

endmodule

`resetall
`default_nettype wire
