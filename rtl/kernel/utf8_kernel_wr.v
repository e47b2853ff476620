// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * AXI4 write engine of utf8_kernel: writes a byte stream of W = DATA_WIDTH/8
 * bytes per beat to memory from cmd_addr (any alignment) on, through an AXI4
 * master. The stream's beats are full but the last, whose tkeep is contiguous
 * from lane 0 and may be empty (it then only ends the packet). Only the
 * stream's bytes are strobed; every other byte of memory is left as it was.
 *
 * The stream is shifted by cmd_addr mod W into aligned beats with their
 * strobes (each aligned beat joins the end of one stream beat and the start
 * of the next; the packet's end may need one more aligned beat, which takes a
 * clock with s_axis_tready low) and buffered, FIFO_DEPTH beats. An AW is
 * issued once its burst's beats are all in the buffer, or the packet has
 * ended: bursts run to MAX_BURST beats or the 4 KiB page's end, whichever is
 * first. W beats follow back to back from the buffer, so W never waits for
 * the stream; the B responses are counted. s_axis_tready is a register: it is
 * high only while the buffer has room for what may still arrive before it
 * falls (the beat in the input register, a packet end's extra beat, and the
 * next beat with its own). With the memory never stalling, one stream beat is
 * taken every clock.
 *
 * bytes counts the stream bytes written and acknowledged (OKAY) so far, in
 * order: after an error response it stays at the bytes before that burst. It
 * follows a B by three clocks (the burst's bytes, their 64-bit sum, the clamp
 * to the stream's bytes, each a register), so that no 64-bit sum feeds
 * another in one clock; busy stays high until it is up to date.
 * cmd_abort (or a B answered SLVERR/DECERR, which also raises error) stops the
 * command: no further AW (one already offered stays until taken), the W beats
 * of the AWs issued are sent and their B awaited; the stream is taken and
 * dropped until its tlast, or until the engine is idle. busy falls when tlast
 * has been taken and every B is in, or, once stopped, when every B is in.
 *
 * Every output comes from a register (cmd_ready is the inverse of busy).
 * Reset drops the command; it assumes the AXI slave is reset with the engine.
 */
module utf8_kernel_wr #(
    // AXI data width in bits: 64, 128, 256 or 512 (W = DATA_WIDTH/8 bytes a beat)
    parameter DATA_WIDTH = 512,
    // AXI address width in bits, 16 to 64
    parameter ADDR_WIDTH = 64,
    // longest burst in beats: a power of two, 1 to 256
    parameter MAX_BURST = 16,
    // aligned beats buffered before their AW is issued: a power of two, at
    // least 2*MAX_BURST and 4
    parameter FIFO_DEPTH = 32
) (
    input  wire                    clk,
    input  wire                    rst,

    // Command: the stream's bytes go to cmd_addr on
    input  wire                    cmd_valid,
    output wire                    cmd_ready,
    input  wire [ADDR_WIDTH-1:0]   cmd_addr,
    input  wire                    cmd_abort,
    output wire                    busy,
    output wire                    error,
    output wire [63:0]             bytes,

    // Byte stream: lane k at tdata[8k +: 8]
    input  wire [DATA_WIDTH-1:0]   s_axis_tdata,
    input  wire [DATA_WIDTH/8-1:0] s_axis_tkeep,
    input  wire                    s_axis_tvalid,
    output wire                    s_axis_tready,
    input  wire                    s_axis_tlast,

    // AXI4 write master: ID 0, INCR, full-width aligned beats, never across 4 KiB
    output wire [ADDR_WIDTH-1:0]   m_axi_awaddr,
    output wire [7:0]              m_axi_awlen,
    output wire [2:0]              m_axi_awsize,
    output wire [1:0]              m_axi_awburst,
    output wire [3:0]              m_axi_awcache,
    output wire [2:0]              m_axi_awprot,
    output wire                    m_axi_awvalid,
    input  wire                    m_axi_awready,
    output wire [DATA_WIDTH-1:0]   m_axi_wdata,
    output wire [DATA_WIDTH/8-1:0] m_axi_wstrb,
    output wire                    m_axi_wlast,
    output wire                    m_axi_wvalid,
    input  wire                    m_axi_wready,
    input  wire [1:0]              m_axi_bresp,
    input  wire                    m_axi_bvalid,
    output wire                    m_axi_bready
);

localparam KEEP = DATA_WIDTH / 8;
localparam LOGW = $clog2(KEEP);
localparam PW = $clog2(FIFO_DEPTH);
// Beat counts up to the buffer's depth plus what may still arrive, or a
// page's beats (512 at W = 8).
localparam CW = (PW + 2 > 10) ? PW + 2 : 10;

localparam [31:0] DEPTH_32 = FIFO_DEPTH;
localparam [31:0] LOGW_32 = LOGW;
localparam [31:0] KEEP_32 = KEEP;
localparam [LOGW:0] KEEP_C = KEEP_32[LOGW:0];
localparam [2:0] AXI_SIZE = LOGW_32[2:0];
localparam [CW-1:0] DEPTH_C = DEPTH_32[CW-1:0];
localparam [CW-1:0] ONE_C = 1;

// PB, MAXB_C, PAGE_C and burst_cap(index): a burst's beats to MAX_BURST or
// its 4 KiB page's end, the same rule as the other engine's
`include "utf8_burst_cap.vh"

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating.
generate
    if (DATA_WIDTH != 64 && DATA_WIDTH != 128 && DATA_WIDTH != 256 && DATA_WIDTH != 512) begin : g_check_data_width
        error_DATA_WIDTH_must_be_64_128_256_or_512 stop ();
    end
    if (ADDR_WIDTH < 16 || ADDR_WIDTH > 64) begin : g_check_addr_width
        error_ADDR_WIDTH_must_be_16_to_64 stop ();
    end
    if (MAX_BURST < 1 || MAX_BURST > 256 || (MAX_BURST & (MAX_BURST - 1)) != 0) begin : g_check_max_burst
        error_MAX_BURST_must_be_a_power_of_two_up_to_256 stop ();
    end
    if (FIFO_DEPTH < 4 || FIFO_DEPTH < 2 * MAX_BURST || (FIFO_DEPTH & (FIFO_DEPTH - 1)) != 0) begin : g_check_fifo_depth
        error_FIFO_DEPTH_must_be_a_power_of_two_at_least_2_MAX_BURST_and_4 stop ();
    end
endgenerate

// Bytes a contiguous tkeep keeps: KEEP when its top lane is kept, else the
// lane after its last kept one, found where a kept lane is followed by one
// that is not (one such lane in a contiguous keep) and encoded by ORs; no
// adder tree, which at 512 bits was the input's longest path. (A keep with
// gaps, which the engine is never given, counts the OR of its run ends.)
function [LOGW:0] kept;
    input [KEEP-1:0] keep;
    integer i, b;
    reg [KEEP-1:0] ends;   // lane i: lane i - 1 kept, lane i not
    begin
        ends = (keep << 1) & ~keep;
        kept = {(LOGW + 1){1'b0}};
        for (i = 1; i < KEEP; i = i + 1) begin
            for (b = 0; b < LOGW; b = b + 1) begin
                if (((i >> b) & 1) != 0) kept[b] = kept[b] | ends[i];
            end
        end
        if (keep[KEEP-1]) kept = KEEP_C;
    end
endfunction

// ---------------------------------------------------------------------------
// State

reg                    busy_q, busy_d;
reg                    stop_q, stop_d;        // aborted or failed: drain, issue nothing
reg                    error_q, error_d;
reg                    tlast_in_q, tlast_in_d; // the packet's tlast was taken
reg                    ended_q, ended_d;      // every aligned beat of the packet is buffered
reg [LOGW-1:0]         off_q;                 // cmd_addr mod W
reg [63:0]             in_bytes_q, in_bytes_d; // stream bytes buffered
reg [63:0]             bytes_q, bytes_d;
reg                    tready_q, tready_d;

// Input register and realigner
reg                    in_valid_q, in_valid_d;
reg [DATA_WIDTH-1:0]   in_data_q;
reg [KEEP-1:0]         in_keep_q;
// Bytes in_keep_q keeps, counted as the beat is taken: at 512 bits the count
// of 64 keep bits and the 64-bit add into in_bytes_q were one clock's path
reg [LOGW:0]           in_kept_q;
reg                    in_first_q;            // its first byte is kept
// It has bytes for the next aligned beat (below): worked out as the beat is
// taken, from the lanes that the rotation by off_q wraps (wrap_q, set with
// off_q), since the OR of 64 lanes in front of flush_d and the room check
// into s_axis_tready was the engine's longest path at 512 bits
reg                    in_spill_q;
reg [KEEP-1:0]         wrap_q;                // stream lanes W - off_q and up
// The low off_q lanes (an aligned beat's lanes from the stream beat before),
// as they lie before the last rotation step (below); follows off_q a clock
// later, before the job's first stream beat is in
reg [KEEP-1:0]         from_prev_q;
reg                    spill_q, spill_d;      // prev_keep_q has lanes in from_prev_q
reg                    in_last_q;
reg                    flush_q, flush_d;      // the packet's end needs one more aligned beat
reg [DATA_WIDTH-1:0]   prev_data_q;
reg [KEEP-1:0]         prev_keep_q, prev_keep_d;

// Buffer of aligned beats: avail not yet covered by an AW, claimed covered
// and not yet sent on W
reg [KEEP+DATA_WIDTH-1:0] fifo_mem [0:FIFO_DEPTH-1];
reg [PW-1:0]           wr_ptr_q, wr_ptr_d;
reg [PW-1:0]           rd_ptr_q, rd_ptr_d;
reg [CW-1:0]           avail_q, avail_d;
reg [CW-1:0]           claimed_q, claimed_d;
// avail_q + claimed_q, which an AW leaves as it is: the room check reads this
// so that s_axis_tready does not wait for the AW decision (m_axi_awready)
reg [CW-1:0]           held_q, held_d;

// AW
reg                    awvalid_q, awvalid_d;
reg [ADDR_WIDTH-1:0]   awaddr_q;
reg [7:0]              awlen_q;
reg [ADDR_WIDTH-1:0]   aw_next_q, aw_next_d;  // next burst's address, aligned
reg [CW-1:0]           aw_cap_q, aw_cap_d;    // its beats to MAX_BURST or the page's end

// W
reg                    wvalid_q, wvalid_d;
reg [DATA_WIDTH-1:0]   wdata_q;
reg [KEEP-1:0]         wstrb_q;
reg                    wlast_q;
reg [11:0]             w_lo_q, w_lo_d;        // address bits of the next W beat within its page
reg [CW-1:0]           w_idx_q, w_idx_d;      // its index in its burst
reg [CW-1:0]           w_len_q, w_len_d;      // its burst's length

// B
reg [CW-1:0]           due_q, due_d;          // AWs issued whose B is not in
reg [11:0]             b_lo_q, b_lo_d;        // page bits of the next B's burst
reg                    b_add_q, b_add_d;      // an OKAY B's burst bytes wait in b_inc_q
reg [12:0]             b_inc_q, b_inc_d;
// Stream bytes up to the end of the bursts acknowledged: from -off_q, since
// the first burst starts off_q bytes before the stream
reg [63:0]             b_written_q, b_written_d;
reg                    b_clamp_q, b_clamp_d;  // b_written_q moved: bytes_q follows

// ---------------------------------------------------------------------------
// Bursts: to MAX_BURST or the page's end, whichever is first (burst_cap)

wire                   cmd_take = cmd_valid && !busy_q;

wire                   b_take = m_axi_bvalid && busy_q;   // bready is always high
// SLVERR and DECERR; EXOKAY (01) cannot answer a normal write
wire                   b_bad = b_take && m_axi_bresp[1];
wire                   unused_bresp = &{1'b0, m_axi_bresp[0], 1'b0};
wire                   halt = stop_q || cmd_abort || b_bad;

// ---------------------------------------------------------------------------
// Input and realigner

wire                   s_take = s_axis_tvalid && tready_q;
wire                   proc_beat = busy_q && !halt && in_valid_q;
wire                   proc_flush = busy_q && !halt && flush_q;
// Aligned beat: lanes below off_q from the previous stream beat, the rest from
// this one (none on the packet's extra end beat), that is both beats rotated
// up by off_q (fixed while the job runs) and each lane taken from one of them
// by a mask. The rotation is done in two steps: by whole groups of eight
// lanes (off_hi) as a beat enters the input register, and by the lanes
// within a group (off_lo) after the mask's pick, on the way into the buffer;
// a rotation commutes with a lane-by-lane pick, so the mask is rotated back
// by off_lo to match (from_prev_q). One 64-way shifter from the port and
// off_q, with off_q's fan-out over 576 of them, was the engine's longest path
// at 512 bits (and a shifter of the two beats by off_q in front of the
// buffer's write before that).
localparam [LOGW-1:0]  OFF_LO = 7;
wire [LOGW-1:0]        off_hi = off_q & ~OFF_LO;
wire [LOGW-1:0]        off_lo = off_q & OFF_LO;
wire [KEEP-1:0]        cur_keep = flush_q ? {KEEP{1'b0}} : in_keep_q;
wire [2*DATA_WIDTH-1:0] data_rot = {s_axis_tdata, s_axis_tdata} << {off_hi, 3'b000};
wire [2*KEEP-1:0]      keep_rot = {s_axis_tkeep, s_axis_tkeep} << off_hi;
wire [DATA_WIDTH-1:0]  pick_data;
wire [KEEP-1:0]        pick_strb;
genvar gl;
generate
    for (gl = 0; gl < KEEP; gl = gl + 1) begin : g_align
        assign pick_data[8*gl +: 8] = from_prev_q[gl] ? prev_data_q[8*gl +: 8] : in_data_q[8*gl +: 8];
        assign pick_strb[gl] = from_prev_q[gl] ? prev_keep_q[gl] : cur_keep[gl];
    end
endgenerate
wire [2*DATA_WIDTH-1:0] beat_data_rot = {pick_data, pick_data} << {off_lo, 3'b000};
wire [2*KEEP-1:0]      beat_strb_rot = {pick_strb, pick_strb} << off_lo;
wire [DATA_WIDTH-1:0]  beat_data = beat_data_rot[2*DATA_WIDTH-1:DATA_WIDTH];
wire [KEEP-1:0]        beat_strb = beat_strb_rot[2*KEEP-1:KEEP];
// from_prev_q's value: the low off_q lanes, rotated down by off_lo
wire [KEEP-1:0]        prev_mask = ~({KEEP{1'b1}} << off_q);
wire [2*KEEP-1:0]      prev_mask_rot = {prev_mask, prev_mask} >> off_lo;
wire                   unused_rot = &{1'b0, data_rot[DATA_WIDTH-1:0], keep_rot[KEEP-1:0],
                                      beat_data_rot[DATA_WIDTH-1:0], beat_strb_rot[KEEP-1:0],
                                      prev_mask_rot[2*KEEP-1:KEEP], 1'b0};
// Whether this stream beat has bytes for the next aligned beat: a kept lane
// among the low off_q lanes, where the rotation put its last off_q lanes
// (in_spill_q: a kept lane among the stream beat's top off_q lanes).
wire                   spills = in_spill_q;
// Whether an aligned beat has a byte: this stream beat's first byte, or the
// last one's spill (both registered: keeps are contiguous from lane 0).
wire                   push = (proc_beat || proc_flush) && ((!flush_q && in_first_q) || spill_q);

// ---------------------------------------------------------------------------
// AW, W, B

// The burst's cap is a register, and so is the one after a full burst (worked
// out from registers alone): only a multiplexer follows the AW decision. A
// short burst is the packet's last (it waits for ended_q, after which nothing
// is pushed), so aw_next_q moves by the cap whatever the burst's length.
wire                   aw_full = avail_q >= aw_cap_q;
wire [CW-1:0]          aw_len = aw_full ? aw_cap_q : avail_q;
wire [CW-1:0]          aw_len_m1 = aw_len - ONE_C;
wire [12:0]            aw_cap_bytes = {aw_cap_q[12-LOGW:0], {LOGW{1'b0}}};
wire [ADDR_WIDTH-1:0]  aw_after = aw_next_q + {{(ADDR_WIDTH - 13){1'b0}}, aw_cap_bytes};
wire [CW-1:0]          aw_cap_after = burst_cap(aw_after[11:LOGW]);
wire [CW-1:0]          avail_less = avail_q - aw_cap_q;
// The buffer's counts after this clock, each sum worked out from flops for
// every case of the clock's decisions (an AW, full or short; a beat pushed; a
// W beat sent; a B taken), which then only pick one: with the decisions
// added in, their carry chains followed w_load and aw_load, the engine's
// longest paths.
wire [CW-1:0]          avail_less_up = avail_less + ONE_C;
wire [CW-1:0]          avail_up = avail_q + ONE_C;
wire [CW-1:0]          claimed_cap = claimed_q + aw_cap_q;    // a full burst
wire [CW-1:0]          claimed_cap_down = claimed_cap - ONE_C;
wire [CW-1:0]          claimed_all = claimed_q + avail_q;     // a short one
wire [CW-1:0]          claimed_all_down = claimed_all - ONE_C;
wire [CW-1:0]          claimed_down = claimed_q - ONE_C;
wire [CW-1:0]          held_up = held_q + ONE_C;
wire [CW-1:0]          held_down = held_q - ONE_C;
wire [CW-1:0]          due_up = due_q + ONE_C;
wire [CW-1:0]          due_down = due_q - ONE_C;
wire                   unused_aw = &{1'b0, aw_len_m1[CW-1:8], aw_cap_bytes[12], 1'b0};
wire                   aw_load = busy_q && !halt && (aw_full || (ended_q && avail_q != {CW{1'b0}})) &&
                                 (!awvalid_q || m_axi_awready) && due_q != {CW{1'b1}};

wire                   w_load = busy_q && claimed_q != {CW{1'b0}} && (!wvalid_q || m_axi_wready);
wire [CW-1:0]          w_cur_len = (w_idx_q == {CW{1'b0}}) ? burst_cap(w_lo_q[11:LOGW]) : w_len_q;
// The packet's very last beat ends its burst wherever it falls.
wire                   w_final = ended_q && held_q == ONE_C;
wire                   w_last = w_idx_q + ONE_C == w_cur_len || w_final;

wire [CW-1:0]          b_len = burst_cap(b_lo_q[11:LOGW]);
wire [12:0]            b_bytes = {b_len[12-LOGW:0], {LOGW{1'b0}}};
wire [11:0]            w_step = {{(12 - LOGW - 1){1'b0}}, 1'b1, {LOGW{1'b0}}};

// ---------------------------------------------------------------------------
// Room check for s_axis_tready (used at the end of the next-state block)
//
// What may still arrive after tready is seen high: what is pending (input
// register, extra end beat), the next beat and its extra beat, on top of the
// beats held: held_d + in_valid_d + flush_d + 2 <= FIFO_DEPTH. With held_d =
// held_q + push - w_load this is held_q + 1 + k <= FIFO_DEPTH for
// k = push + in_valid_d + flush_d + !w_load (0 to 4). The five comparisons
// come from held_q alone and k only picks one, so that no carry chain follows
// the clock's decisions (the sum of them was the kernel's longest path).
// Each is held_q against a constant, FIFO_DEPTH - 1 - k, compared bit by bit
// in logic: written as a sum and a compare, synthesis built two carry chains
// in a row, the engine's longest path once the stream beat's spill was
// registered.
function at_most;        // x <= limit, as gates (no carry chain)
    input [CW-1:0] x;
    input [CW-1:0] limit;
    integer b;
    begin
        at_most = 1'b1;  // equal so far, from the low bit up
        for (b = 0; b < CW; b = b + 1)
            at_most = limit[b] ? (!x[b] || at_most) : (!x[b] && at_most);
    end
endfunction
wire [4:0] room_fits;
reg  [2:0] room_k;
genvar     gk;
generate
    for (gk = 0; gk < 5; gk = gk + 1) begin : g_room
        if (gk + 1 > FIFO_DEPTH) begin : g_never
            assign room_fits[gk] = 1'b0;
        end else begin : g_limit
            localparam [31:0] LIMIT_32 = FIFO_DEPTH - gk - 1;
            assign room_fits[gk] = at_most(held_q, LIMIT_32[CW-1:0]);
        end
    end
endgenerate

// ---------------------------------------------------------------------------
// Next state

always @* begin
    busy_d = busy_q;
    stop_d = stop_q;
    error_d = error_q;
    tlast_in_d = tlast_in_q;
    ended_d = ended_q;
    in_bytes_d = in_bytes_q;
    bytes_d = bytes_q;
    in_valid_d = 1'b0;
    flush_d = flush_q;
    prev_keep_d = prev_keep_q;
    spill_d = spill_q;
    wr_ptr_d = wr_ptr_q;
    rd_ptr_d = rd_ptr_q;
    avail_d = avail_q;
    claimed_d = claimed_q;
    held_d = held_q;
    awvalid_d = awvalid_q && !m_axi_awready;
    aw_next_d = aw_next_q;
    aw_cap_d = aw_cap_q;
    wvalid_d = wvalid_q && !m_axi_wready;
    w_lo_d = w_lo_q;
    w_idx_d = w_idx_q;
    w_len_d = w_len_q;
    due_d = due_q;
    b_lo_d = b_lo_q;
    b_add_d = 1'b0;
    b_inc_d = b_inc_q;
    b_written_d = b_written_q;
    b_clamp_d = 1'b0;

    if (cmd_take) begin
        busy_d = 1'b1;
        stop_d = 1'b0;
        error_d = 1'b0;
        tlast_in_d = 1'b0;
        ended_d = 1'b0;
        in_bytes_d = 64'd0;
        bytes_d = 64'd0;
        flush_d = 1'b0;
        prev_keep_d = {KEEP{1'b0}};
        spill_d = 1'b0;
        wr_ptr_d = {PW{1'b0}};
        rd_ptr_d = {PW{1'b0}};
        avail_d = {CW{1'b0}};
        claimed_d = {CW{1'b0}};
        held_d = {CW{1'b0}};
        aw_next_d = {cmd_addr[ADDR_WIDTH-1:LOGW], {LOGW{1'b0}}};
        aw_cap_d = burst_cap(cmd_addr[11:LOGW]);
        w_lo_d = {cmd_addr[11:LOGW], {LOGW{1'b0}}};
        w_idx_d = {CW{1'b0}};
        due_d = {CW{1'b0}};
        b_lo_d = {cmd_addr[11:LOGW], {LOGW{1'b0}}};
        b_written_d = 64'd0 - {{(64 - LOGW){1'b0}}, cmd_addr[LOGW-1:0]};
    end else if (busy_q) begin
        if (halt) stop_d = 1'b1;
        if (b_bad) error_d = 1'b1;

        // Stream
        if (s_take && s_axis_tlast) tlast_in_d = 1'b1;
        in_valid_d = s_take && !halt;
        if (proc_beat) begin
            prev_keep_d = in_keep_q;
            spill_d = spills;
            in_bytes_d = in_bytes_q + {{(63 - LOGW){1'b0}}, in_kept_q};
            if (in_last_q) begin
                if (spills) begin
                    flush_d = 1'b1;
                end else begin
                    ended_d = 1'b1;
                end
            end
        end
        if (proc_flush) begin
            flush_d = 1'b0;
            ended_d = 1'b1;
        end
        if (halt) flush_d = 1'b0;
        if (push) wr_ptr_d = wr_ptr_q + 1'b1;

        // AW
        if (aw_load) begin
            awvalid_d = 1'b1;
            aw_next_d = aw_after;
            aw_cap_d = aw_cap_after;
        end
        // A short burst takes every beat, and none is pushed once ended_q.
        avail_d = !aw_load ? (push ? avail_up : avail_q) :
                  aw_full ? (push ? avail_less_up : avail_less) :
                  {{(CW - 1){1'b0}}, push};
        claimed_d = !aw_load ? (w_load ? claimed_down : claimed_q) :
                    aw_full ? (w_load ? claimed_cap_down : claimed_cap) :
                    (w_load ? claimed_all_down : claimed_all);
        held_d = (push == w_load) ? held_q : push ? held_up : held_down;

        // W
        if (w_load) begin
            wvalid_d = 1'b1;
            rd_ptr_d = rd_ptr_q + 1'b1;
            w_lo_d = w_lo_q + w_step;
            w_idx_d = w_last ? {CW{1'b0}} : w_idx_q + ONE_C;
            w_len_d = w_cur_len;
        end

        // B
        due_d = (aw_load == b_take) ? due_q : aw_load ? due_up : due_down;
        if (b_take && !b_bad && !error_q) begin
            b_lo_d = b_lo_q + {b_bytes[11:0]};
            b_add_d = 1'b1;
            b_inc_d = b_bytes;
        end
        if (b_add_q) begin
            b_written_d = b_written_q + {51'd0, b_inc_q};
            b_clamp_d = 1'b1;
        end
        // The last burst may run past the stream's end (its last beat's
        // unstrobed lanes); bursts before it end inside the stream.
        if (b_clamp_q) bytes_d = (b_written_q < in_bytes_q) ? b_written_q : in_bytes_q;

        if (!awvalid_q && !wvalid_q && claimed_q == {CW{1'b0}} && due_q == {CW{1'b0}} &&
            !b_add_q && !b_clamp_q &&
            (stop_q || (tlast_in_q && ended_q && avail_q == {CW{1'b0}}))) begin
            busy_d = 1'b0;
        end
    end

    // Room (above): a new command starts empty (held_d 0, nothing pending:
    // 2 <= FIFO_DEPTH), else one of the five comparisons.
    room_k = {2'b00, push} + {2'b00, in_valid_d} + {2'b00, flush_d} + {2'b00, !w_load};
    tready_d = busy_d && !tlast_in_d && (stop_d || cmd_take || room_fits[room_k]);
end

wire unused_b = &{1'b0, b_len, 1'b0};

always @(posedge clk) begin
    busy_q <= busy_d;
    stop_q <= stop_d;
    error_q <= error_d;
    tlast_in_q <= tlast_in_d;
    ended_q <= ended_d;
    in_bytes_q <= in_bytes_d;
    bytes_q <= bytes_d;
    tready_q <= tready_d;
    in_valid_q <= in_valid_d;
    flush_q <= flush_d;
    prev_keep_q <= prev_keep_d;
    spill_q <= spill_d;
    wr_ptr_q <= wr_ptr_d;
    rd_ptr_q <= rd_ptr_d;
    avail_q <= avail_d;
    claimed_q <= claimed_d;
    held_q <= held_d;
    awvalid_q <= awvalid_d;
    aw_next_q <= aw_next_d;
    aw_cap_q <= aw_cap_d;
    wvalid_q <= wvalid_d;
    w_lo_q <= w_lo_d;
    w_idx_q <= w_idx_d;
    w_len_q <= w_len_d;
    due_q <= due_d;
    b_lo_q <= b_lo_d;
    b_add_q <= b_add_d;
    b_inc_q <= b_inc_d;
    b_written_q <= b_written_d;
    b_clamp_q <= b_clamp_d;

    if (cmd_take) begin
        off_q <= cmd_addr[LOGW-1:0];
        wrap_q <= ~({KEEP{1'b1}} >> cmd_addr[LOGW-1:0]);
    end
    from_prev_q <= prev_mask_rot[KEEP-1:0];
    if (s_take) begin
        in_data_q <= data_rot[2*DATA_WIDTH-1:DATA_WIDTH];
        in_keep_q <= keep_rot[2*KEEP-1:KEEP];
        in_kept_q <= kept(s_axis_tkeep);
        in_first_q <= s_axis_tkeep[0];
        in_spill_q <= |(s_axis_tkeep & wrap_q);
        in_last_q <= s_axis_tlast;
    end
    if (proc_beat) prev_data_q <= in_data_q;
    if (push) fifo_mem[wr_ptr_q] <= {beat_strb, beat_data};
    if (aw_load) begin
        awaddr_q <= aw_next_q;
        awlen_q <= aw_len_m1[7:0];
    end
    if (w_load) begin
        {wstrb_q, wdata_q} <= fifo_mem[rd_ptr_q];
        wlast_q <= w_last;
    end

    if (rst) begin
        busy_q <= 1'b0;
        stop_q <= 1'b0;
        error_q <= 1'b0;
        bytes_q <= 64'd0;
        tready_q <= 1'b0;
        in_valid_q <= 1'b0;
        flush_q <= 1'b0;
        awvalid_q <= 1'b0;
        wvalid_q <= 1'b0;
        b_add_q <= 1'b0;
        b_clamp_q <= 1'b0;
    end
end

assign cmd_ready = !busy_q;
assign busy = busy_q;
assign error = error_q;
assign bytes = bytes_q;

assign s_axis_tready = tready_q;

assign m_axi_awaddr = awaddr_q;
assign m_axi_awlen = awlen_q;
assign m_axi_awsize = AXI_SIZE;
assign m_axi_awburst = 2'b01;      // INCR
assign m_axi_awcache = 4'b0011;    // normal, non-cacheable, bufferable
assign m_axi_awprot = 3'b000;
assign m_axi_awvalid = awvalid_q;
assign m_axi_wdata = wdata_q;
assign m_axi_wstrb = wstrb_q;
assign m_axi_wlast = wlast_q;
assign m_axi_wvalid = wvalid_q;
assign m_axi_bready = 1'b1;

// ---------------------------------------------------------------------------
// Assertions (simulation only; Verilator with --assert)
`ifdef VERILATOR
always @(posedge clk) begin
    if (!rst && busy_q) begin
        // a beat is only taken when the buffer has room for it
        assert (!(push && avail_q + claimed_q >= DEPTH_C));
        assert (held_q == avail_q + claimed_q);
        // a short burst is the packet's last: nothing is pushed with or after it
        assert (!(aw_load && !aw_full && (push || !ended_q)));
        // the beat's spill, as taken, is its kept lanes that the rotation wraps
        assert (!(in_valid_q && in_spill_q != |(in_keep_q & from_prev_q)));
        // the packet's extra end beat comes after its last stream beat, alone
        assert (!(in_valid_q && flush_q));
        // a B only for an AW issued; W only for beats an AW covers
        assert (!(b_take && due_q == {CW{1'b0}}));
        assert (!(w_load && claimed_q == {CW{1'b0}}));
    end
end
`endif

endmodule

`resetall
`default_nettype wire
