// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * AXI4 read engine of utf8_kernel: reads cmd_len bytes from cmd_addr (any
 * alignment) through an AXI4 master and gives them as a byte stream of W =
 * DATA_WIDTH/8 bytes per beat, behind up to five held bytes (the kernel's
 * incomplete sequence carried over from the previous job). Every stream beat
 * is full but the last, whose tkeep is contiguous from lane 0 and keeps at
 * least one byte; tlast is on the last. No beat when held + length is zero.
 *
 * Reads are INCR bursts of full aligned beats, from the beat holding cmd_addr
 * to the beat holding its last byte, cut at 4 KiB boundaries and at MAX_BURST
 * beats. An AR is issued only when the receive buffer (OUTSTANDING*MAX_BURST
 * beats) has room for the whole burst, so rready is always high and up to
 * OUTSTANDING bursts are in flight: with the defaults, 128 beats cover a
 * memory latency of well over 64 clocks at one beat per clock. A realigner
 * joins each buffered beat with the one before and shifts by the start offset;
 * the held bytes enter as the bytes just before cmd_addr, in the first beat's
 * unused low lanes, or in a beat of their own before it when they do not fit.
 * An R beat goes into the buffer from a register, a clock after it is taken,
 * and the buffer is read through three registers, the block RAM's read and
 * output registers (utf8_bram_sdp: on ECP5 the block's own) and one after
 * them, so that the RAM's output goes to a register and nothing else.
 *
 * cmd_abort (or an R beat answered SLVERR/DECERR, which also raises error) stops
 * the command: no further AR (one already offered stays until taken, as AXI
 * asks), the R beats still due are taken and dropped, and the stream ends at
 * once without tlast: a beat on m_axis not taken by that clock is withdrawn.
 * busy falls when every R beat due is in and, unless stopped, the last stream
 * beat has left. Beats arriving after the stop are not looked at: their
 * responses do not raise error.
 *
 * The two clocks after a command is taken work out its beat counts and first
 * burst from the registered command: the setup clock the narrow sums and
 * flags, into registers of their own, and the load clock the job's counts
 * from those (a 64-bit sum after the narrow ones, in one clock, was the
 * kernel's longest path at DATA_WIDTH 64). The first AR can come the clock
 * after the load clock.
 *
 * Every output comes from a register (cmd_ready is the inverse of busy).
 * Reset drops the command; it assumes the AXI slave is reset with the engine,
 * since R beats of bursts issued before it would otherwise still come.
 */
module utf8_kernel_rd #(
    // AXI data width in bits: 64, 128, 256 or 512 (W = DATA_WIDTH/8 bytes a beat)
    parameter DATA_WIDTH = 512,
    // AXI address width in bits, 16 to 64
    parameter ADDR_WIDTH = 64,
    // longest burst in beats: a power of two, 1 to 256
    parameter MAX_BURST = 16,
    // bursts in flight: a power of two, at least 2; the receive buffer holds
    // OUTSTANDING*MAX_BURST beats, which must exceed the memory's latency in
    // clocks for one beat per clock
    parameter OUTSTANDING = 8
) (
    input  wire                    clk,
    input  wire                    rst,

    // Command: held bytes (0..5, byte i at cmd_held_data[8i +: 8]), then cmd_len bytes from cmd_addr
    input  wire                    cmd_valid,
    output wire                    cmd_ready,
    input  wire [ADDR_WIDTH-1:0]   cmd_addr,
    input  wire [63:0]             cmd_len,
    input  wire [39:0]             cmd_held_data,
    input  wire [2:0]              cmd_held_count,
    input  wire                    cmd_abort,
    output wire                    busy,
    output wire                    error,

    // AXI4 read master: ID 0, INCR, full-width aligned beats, never across 4 KiB
    output wire [ADDR_WIDTH-1:0]   m_axi_araddr,
    output wire [7:0]              m_axi_arlen,
    output wire [2:0]              m_axi_arsize,
    output wire [1:0]              m_axi_arburst,
    output wire [3:0]              m_axi_arcache,
    output wire [2:0]              m_axi_arprot,
    output wire                    m_axi_arvalid,
    input  wire                    m_axi_arready,
    input  wire [DATA_WIDTH-1:0]   m_axi_rdata,
    input  wire [1:0]              m_axi_rresp,
    input  wire                    m_axi_rlast,
    input  wire                    m_axi_rvalid,
    output wire                    m_axi_rready,

    // Byte stream: lane k at tdata[8k +: 8]
    output wire [DATA_WIDTH-1:0]   m_axis_tdata,
    output wire [DATA_WIDTH/8-1:0] m_axis_tkeep,
    output wire                    m_axis_tvalid,
    input  wire                    m_axis_tready,
    output wire                    m_axis_tlast
);

localparam KEEP = DATA_WIDTH / 8;
localparam LOGW = $clog2(KEEP);
localparam DEPTH = OUTSTANDING * MAX_BURST;
localparam PW = $clog2(DEPTH);
// Beat counts up to the buffer's depth or a page's beats (512 at W = 8).
localparam CW = (PW + 1 > 10) ? PW + 1 : 10;
localparam OW = $clog2(OUTSTANDING + 1);

localparam [31:0] DEPTH_32 = DEPTH;
localparam [31:0] OUTS_32 = OUTSTANDING;
localparam [31:0] KEEP_M1_32 = KEEP - 1;
localparam [31:0] KEEP_32 = KEEP;
localparam [31:0] LOGW_32 = LOGW;
localparam [2:0] AXI_SIZE = LOGW_32[2:0];
localparam [CW-1:0] DEPTH_C = DEPTH_32[CW-1:0];
localparam [CW-1:0] ONE_C = 1;
localparam [OW-1:0] OUTS_O = OUTS_32[OW-1:0];

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
    if (OUTSTANDING < 2 || (OUTSTANDING & (OUTSTANDING - 1)) != 0) begin : g_check_outstanding
        error_OUTSTANDING_must_be_a_power_of_two_at_least_2 stop ();
    end
endgenerate

// ---------------------------------------------------------------------------
// State

reg                    busy_q, busy_d;
// The command was taken at the last edge: its arguments are in c_addr_q and
// c_len_q (and the held bytes' registers), and this clock works out what
// follows from them. No AR, buffer or stream action happens in it.
reg                    setup_q, setup_d;
// The setup clock was the last: this clock loads the job's counts and first
// burst from c_addr_q, c_len_q and the setup clock's registers (su_*).
reg                    load_q, load_d;
// The setup clock's results: the stream's and the reads' beats past LEN's
// whole beats (0 to 2 each), the first burst's cap, room and short flag, and
// the realigner's first flags
reg [1:0]              su_src_add_q;
reg [1:0]              su_out_add_q;
reg [CW-1:0]           su_cap_q;
reg [CW-1:0]           su_room_q;
reg [CW:0]             su_room_min_q;
reg                    su_short_q;
reg                    su_out_one_q;
reg                    su_out_none_q;
reg                    su_have_prev_q;
reg [ADDR_WIDTH-1:0]   c_addr_q;
reg [63:0]             c_len_q;
reg                    c_len_zero_q;
reg                    c_len_small_q;           // LEN < 8 KiB
reg                    c_len_one_q;             // LEN < 2 W: at most one stream beat past the held bytes
reg                    stop_q, stop_d;      // aborted or failed: drain, send nothing
reg                    error_q, error_d;

// Requests
reg [ADDR_WIDTH-1:0]   ar_next_q, ar_next_d;    // next burst's address, aligned
reg [63:0]             ar_beats_q, ar_beats_d;  // beats still to request
// ar_beats_q is not zero, as a flop of its own: the AR decision and the end
// of the job read one flop, not a 64-bit compare
reg                    ar_left_q, ar_left_d;
reg [CW-1:0]           ar_cap_q, ar_cap_d;      // next burst's beats to MAX_BURST or the page's end
reg [CW-1:0]           ar_room_q, ar_room_d;    // beats from ar_next_q to its page's end
reg [CW:0]             ar_room_min_q, ar_room_min_d;  // ar_room_q + min(PAGE, MAX_BURST)
reg                    ar_short_q, ar_short_d;  // ar_beats_q <= ar_cap_q: the next burst is the last
// The values for the burst after the next, registered from the four above a
// clock after they last changed (ar_wait_q: they changed at the last edge)
reg [ADDR_WIDTH-1:0]   ar_after_q;
reg [63:0]             ar_beats_less_q;
reg [CW-1:0]           ar_cap_after_q;
reg [CW-1:0]           ar_room_after_q;
reg [CW:0]             ar_room_min_after_q;
reg                    ar_short_after_q;
reg                    ar_wait_q, ar_wait_d;
reg [CW-1:0]           ar_len_q;
reg [CW-1:0]           free_q, free_d;          // buffer beats no burst has claimed
reg [CW-1:0]           due_q, due_d;            // beats requested, not yet received
reg [OW-1:0]           bursts_q, bursts_d;      // bursts requested, not yet received whole
reg                    arvalid_q, arvalid_d;
reg [ADDR_WIDTH-1:0]   araddr_q;
reg [7:0]              arlen_q;

// An R beat on its way into the buffer
reg                    rq_valid_q;
reg [DATA_WIDTH-1:0]   rq_q;

// Receive buffer and the three registers that read it: the block RAM's read
// register, its output register (mid_q) and one more straight after it
// (src_q), which is what the realigner sees. The block RAM's own output is
// slow (ECP5's DP16KD without its output register: 5.83 ns clock to out), so
// the RAM is utf8_bram_sdp, whose output register is the block's own on ECP5
// (about 1 ns clock to out); the three are a pipeline with a valid bit each,
// so the buffer is read two clocks ahead and a beat a clock still flows.
reg [PW:0]             wr_ptr_q, wr_ptr_d;
reg [PW:0]             rd_ptr_q, rd_ptr_d;
reg                    ram_valid_q, ram_valid_d;
reg                    mid_valid_q, mid_valid_d;
wire [DATA_WIDTH-1:0]  mid_q;
reg                    src_valid_q, src_valid_d;
reg [DATA_WIDTH-1:0]   src_q;

// Realigner
reg [63:0]             src_left_q, src_left_d;  // memory beats it has still to take
reg [63:0]             out_left_q, out_left_d;  // stream beats still to send
// src_left_q == 0, out_left_q == 0 and out_left_q == 1 as flops of their own,
// set a beat ahead: the emit decision then reads flops, not 64-bit compares
reg                    src_none_q, src_none_d;
reg                    out_none_q, out_none_d;
reg                    out_one_q, out_one_d;
reg [LOGW-1:0]         shift_q;                 // first stream byte's lane in the first beat
reg                    have_prev_q, have_prev_d;
reg [DATA_WIDTH-1:0]   prev_q;
reg                    first_q, first_d;        // the next stream beat is the first
reg [2:0]              held_count_q;
reg [39:0]             held_data_q;
reg [LOGW-1:0]         tail_q;                  // lanes of the last beat, mod W

// Stream output register
reg                    tvalid_q, tvalid_d;
reg [DATA_WIDTH-1:0]   tdata_q;
reg [KEEP-1:0]         tkeep_q;
reg                    tlast_q;

// ---------------------------------------------------------------------------
// Command

wire                   cmd_take = cmd_valid && !busy_q;
// The job's counts are not loaded yet (the formal harnesses read this too).
wire                   setting_up = setup_q || load_q;
// What follows is worked out in the setup clock from the registered command,
// not from the ports in the clock the command is taken: the sums below would
// otherwise follow whatever drives cmd_addr and cmd_len (the engine's longest
// path at DATA_WIDTH 512 was from the port through cmd_front to have_prev_q).
wire [LOGW-1:0]        cmd_off = c_addr_q[LOGW-1:0];
// LEN is zero, registered with the command: a 64-bit test in front of the
// start lane's subtraction was the setup clock's longest path
wire                   cmd_len_zero = c_len_zero_q;
// Lane of the first memory byte in the first beat read; with nothing to read,
// the held bytes alone make a beat.
wire [LOGW-1:0]        cmd_mem_lane = cmd_len_zero ? {LOGW{1'b0}} : cmd_off;
wire [LOGW:0]          cmd_held_w = {{(LOGW - 2){1'b0}}, held_count_q};
// Lane of the first stream byte; below zero (the top bit) the held bytes need a
// beat of their own before the first memory beat, and the stream starts there.
wire [LOGW:0]          cmd_front = {1'b0, cmd_mem_lane} - cmd_held_w;
// The beats are LEN's whole beats plus 0 to 2 from its low bits: the setup
// clock works out those (the sums below, LOGW + 2 bits), the load clock adds
// them to LEN's top bits.
wire [LOGW+1:0]        cmd_src_lo = {2'b00, c_len_q[LOGW-1:0]} + {2'b00, cmd_off} + KEEP_M1_32[LOGW+1:0];
wire [LOGW+1:0]        cmd_out_lo = {2'b00, c_len_q[LOGW-1:0]} + {1'b0, cmd_held_w} + KEEP_M1_32[LOGW+1:0];
wire [LOGW:0]          cmd_tail = {1'b0, c_len_q[LOGW-1:0]} + cmd_held_w;
wire [1:0]             cmd_src_add = cmd_len_zero ? 2'd0 : cmd_src_lo[LOGW+1:LOGW];
wire [1:0]             cmd_out_add = cmd_out_lo[LOGW+1:LOGW];
wire [63:0]            len_beats = {{LOGW{1'b0}}, c_len_q[63:LOGW]};
wire [63:0]            cmd_src_beats = len_beats + {62'd0, su_src_add_q};
wire [63:0]            cmd_out_beats = len_beats + {62'd0, su_out_add_q};
wire                   unused_cmd = &{1'b0, cmd_src_lo[LOGW-1:0], cmd_out_lo[LOGW-1:0], cmd_tail[LOGW], 1'b0};

// The first burst's cap, and whether it is also the last (no more beats than
// the cap, so that it takes every beat left). A burst holds fewer than 8 KiB,
// so only a LEN with no bit from 13 up can be short, and then the beats,
// ceil((LEN + off) / W), are at most the cap, min(MAX_BURST, page's beats
// from the start), when both LEN + off <= MAX_BURST * W and LEN + the
// address's page bits <= 4 KiB: two narrow sums, each against a constant,
// side by side. (The beat count compared with burst_cap's result, one
// carry chain after the other, was the setup clock's longest path.)
// Each compare is with a power of two, 2^k, so it is a test of the sum's
// bits from k up (all zero, or 2^k exactly) rather than a second carry chain.
wire [CW-1:0]          cmd_cap = burst_cap(c_addr_q[11:LOGW]);
wire [13:0]            cmd_lo_sum = {1'b0, c_len_q[12:0]} + {{(14 - LOGW){1'b0}}, cmd_off};
wire [13:0]            cmd_page_sum = {1'b0, c_len_q[12:0]} + {2'b00, c_addr_q[11:0]};
localparam             MAXB_LOG = $clog2(MAX_BURST) + LOGW;   // MAX_BURST * W = 2^MAXB_LOG
function at_most_pow2;   // x <= 2^k
    input [13:0] x;
    input integer k;
    begin
        if (k >= 14) at_most_pow2 = 1'b1;
        else at_most_pow2 = (x >> k) == 14'd0 || x == (14'd1 << k);
    end
endfunction
wire                   cmd_short = cmd_len_zero ||
                                   (c_len_small_q && at_most_pow2(cmd_lo_sum, MAXB_LOG) &&
                                    at_most_pow2(cmd_page_sum, 12));

// One stream beat in all: 1 to W bytes of held bytes and source, from the
// low bits of LEN (the held bytes are fewer than W) rather than the sum above.
wire [LOGW+1:0]        cmd_lo_out = {1'b0, c_len_q[LOGW:0]} + {{(LOGW - 2){1'b0}}, held_count_q};
wire                   cmd_out_one = c_len_one_q &&
                                     cmd_lo_out != {(LOGW + 2){1'b0}} &&
                                     cmd_lo_out <= KEEP_32[LOGW+1:0];

// The last beat keeps (held + len) mod W lanes, or all of them. The setup
// clock registers that count (tail_q) and the beat's tkeep is decoded from it
// as the beat is emitted: decoding it in the setup clock, after the sum, was
// the engine's longest path at DATA_WIDTH 512.
wire [KEEP-1:0]        tail_keep = ~({KEEP{1'b1}} << tail_q);
wire [KEEP-1:0]        last_keep = tail_q == {LOGW{1'b0}} ? {KEEP{1'b1}} : tail_keep;

// ---------------------------------------------------------------------------
// Requests: a burst runs to the page's end, MAX_BURST or the last beat, whichever is first

//
// The cap and the short flag are registers, and so are the ones after a full
// burst: worked out from registers alone and registered in turn, so that the
// AR decision sees only a multiplexer and the credit's narrow compare, and
// what it loads is a register. An AR therefore waits a clock after the last
// one (or the command), while the values for the burst after it are
// registered: a burst's beats take longer than that. A short burst is the
// command's last, so ar_next_q moves by the cap whatever the burst's length.
// The next burst's length, and the same registered every clock (ar_len_q):
// an AR is never loaded in the clock after the values it comes from change
// (ar_wait_q), so the register is right whenever it is used, and the credit's
// compare and the counts' sums start from a flop, not from this multiplexer.
wire [CW-1:0]          ar_len_now = ar_short_q ? ar_beats_q[CW-1:0] : ar_cap_q;
wire [CW-1:0]          ar_len = ar_len_q;
wire [CW-1:0]          ar_len_m1 = ar_len - ONE_C;
// A burst never passes its page's end: its bytes fit in 13 bits.
wire [12:0]            ar_cap_bytes = {ar_cap_q[12-LOGW:0], {LOGW{1'b0}}};
wire [ADDR_WIDTH-1:0]  ar_after = ar_next_q + {{(ADDR_WIDTH - 13){1'b0}}, ar_cap_bytes};
wire [63:0]            ar_beats_less = ar_beats_q - {{(64 - CW){1'b0}}, ar_cap_q};
// The burst after a full one starts where it ends: at the next page's start
// when it ran to the page's end (room <= MAX_BURST), else MAX_BURST beats on.
// Its cap and short flag come from the room and the beat count directly, each
// through one narrow carry chain: burst_cap of the 64-bit address sum and a
// compare after the 64-bit subtraction, or the room's steps one after another,
// were the engine's longest paths. With cap_after the burst after's cap, short
// after is beats - cap <= cap_after, that is beats <= cap + cap_after: room +
// min(PAGE, MAX_BURST) when the burst runs to the page's end, room when the
// one after does, else 2 MAX_BURST; and beats < 2^CW, which all three are.
localparam [31:0]      PAGE_MIN_32 = (PAGE_32 < MAXB_32) ? PAGE_32 : MAXB_32;
localparam [CW:0]      PAGE_MIN_W = PAGE_MIN_32[CW:0];
localparam [31:0]      MAXB2_32 = 2 * MAXB_32;
localparam [CW:0]      MAXB2_W = MAXB2_32[CW:0];
wire                   ar_room_end = ar_room_q <= MAXB_C;               // this burst runs to the page's end
wire                   ar_room_far = {1'b0, ar_room_q} >= MAXB2_W;      // so does neither it nor the next
wire [CW-1:0]          ar_room_less = ar_room_q - MAXB_C;
wire [CW-1:0]          ar_room_after = ar_room_end ? PAGE_C : ar_room_less;
wire [CW-1:0]          ar_cap_after = ar_room_end ? PAGE_MIN_W[CW-1:0] : (ar_room_far ? MAXB_C : ar_room_less);
wire                   ar_beats_hi = ar_beats_q[63:CW] != {(64 - CW){1'b0}};
// beats <= room + min(PAGE, MAX_BURST), and beats <= room: each one compare
// of two registers (room + min(PAGE, MAX_BURST) is a register of its own,
// ar_room_min_q). A subtraction beats - room and compares after it were the
// engine's longest path at DATA_WIDTH 512 once its buffer read left it.
wire                   ar_within_end = {1'b0, ar_beats_q[CW-1:0]} <= ar_room_min_q;
wire                   ar_within_room = ar_beats_q[CW-1:0] <= ar_room_q;
// The burst after's room + min(PAGE, MAX_BURST), from ar_room_q through one
// sum: PAGE + min(...) after a burst to the page's end, else room - MAX_BURST
// + min(...), which is positive there (room > MAX_BURST).
localparam [31:0]      PAGE_PLUS_32 = PAGE_32 + PAGE_MIN_32;
localparam [CW:0]      PAGE_PLUS_W = PAGE_PLUS_32[CW:0];
localparam [31:0]      ROOM_ADJ_32 = PAGE_MIN_32 - MAXB_32;   // modulo 2^32: may be "negative"
localparam [CW:0]      ROOM_ADJ_W = ROOM_ADJ_32[CW:0];
wire [CW:0]            ar_room_min_after = ar_room_end ? PAGE_PLUS_W : {1'b0, ar_room_q} + ROOM_ADJ_W;
wire                   ar_within_two = {1'b0, ar_beats_q[CW-1:0]} <= MAXB2_W;
wire                   ar_short_after = ar_short_q ||
                                        (!ar_beats_hi && (ar_room_end ? ar_within_end
                                                          : ar_room_far ? ar_within_two : ar_within_room));
wire                   unused_ar = &{1'b0, ar_len_m1[CW-1:8], ar_cap_bytes[12], 1'b0};

wire                   r_take = m_axi_rvalid && busy_q;   // rready is always high
// SLVERR and DECERR; EXOKAY (01) cannot answer a normal read
wire                   r_bad = r_take && !stop_q && m_axi_rresp[1];
wire                   unused_rresp = &{1'b0, m_axi_rresp[0], 1'b0};
// Stopped from this clock on: nothing more is requested, kept or sent.
wire                   halt = stop_q || cmd_abort || r_bad;

// The credit and the beats owed less and more the next burst, from registers,
// and each of those with the beat read or taken this clock: every sum the
// clock may need is worked out from flops, and the AR decision and the beat's
// (which follow ports: cmd_abort, m_axi_rvalid) only pick one. With the beat
// added after the pick, its carry chain followed the AR decision, the
// engine's longest path.
wire [CW-1:0]          free_less = free_q - ar_len;
wire [CW-1:0]          free_less_up = free_less + ONE_C;
wire [CW-1:0]          free_up = free_q + ONE_C;
wire [CW-1:0]          due_more = due_q + ar_len;
wire [CW-1:0]          due_more_down = due_more - ONE_C;
wire [CW-1:0]          due_down = due_q - ONE_C;
wire                   ar_load = busy_q && !halt && !ar_wait_q && ar_left_q &&
                                 (!arvalid_q || m_axi_arready) &&
                                 free_q >= ar_len && bursts_q != OUTS_O;

// ---------------------------------------------------------------------------
// Buffer and realigner

// An R beat taken goes to the buffer a clock later, from a register (rq_q),
// rotated half on the way into it and half on the way out (below).
wire                   r_keep = r_take && !halt;
wire                   buf_write = rq_valid_q && !halt;
wire                   out_free = !tvalid_q || m_axis_tready;
wire                   take_src = busy_q && !halt && src_valid_q && out_free;
wire                   emit_flush = busy_q && !halt && src_none_q && have_prev_q &&
                                    !out_none_q && out_free;
wire                   emit = (take_src && have_prev_q) || emit_flush;
wire                   src_load = busy_q && !halt && mid_valid_q && (!src_valid_q || take_src);
wire                   mid_load = busy_q && !halt && ram_valid_q && (!mid_valid_q || src_load);
wire                   buf_read = busy_q && !halt && wr_ptr_q != rd_ptr_q && (!ram_valid_q || mid_load);
wire                   out_last = out_one_q;

// The buffer holds each beat rotated down by the job's start lane (shift_q,
// fixed while the job runs), so that a stream beat is each lane of either the
// beat before or this one: one mux level from the buffer's output, where a
// shifter of the two beats after the block RAM's slow output was the engine's
// longest path at 512 bits. The rotation is on the write side instead.
// The rotation is in two steps of at most eight ways each, one before rq_q
// (by whole groups of eight lanes) and one after it (by the lanes within a
// group): in one step, a 64-way shifter from the port and shift_q into the
// block RAM was the engine's longest path at 512 bits.
localparam [LOGW-1:0]  SHIFT_LO = 7;
wire [LOGW-1:0]        shift_hi = shift_q & ~SHIFT_LO;
wire [LOGW-1:0]        shift_lo = shift_q & SHIFT_LO;
wire [2*DATA_WIDTH-1:0] rdata_twice = {m_axi_rdata, m_axi_rdata} >> {shift_hi, 3'b000};
wire [2*DATA_WIDTH-1:0] rq_twice = {rq_q, rq_q} >> {shift_lo, 3'b000};
wire [DATA_WIDTH-1:0]  rdata_rot = rq_twice[DATA_WIDTH-1:0];

utf8_bram_sdp #(
    .WIDTH(DATA_WIDTH),
    .DEPTH(DEPTH)
) u_buf (
    .clk(clk),
    .wr_en(buf_write),
    .wr_addr(wr_ptr_q[PW-1:0]),
    .wr_data(rdata_rot),
    .rd_en(buf_read),
    .rd_addr(rd_ptr_q[PW-1:0]),
    .out_en(mid_load),
    .rd_data(mid_q)
);
wire                   unused_rot = &{1'b0, rdata_twice[2*DATA_WIDTH-1:DATA_WIDTH],
                                      rq_twice[2*DATA_WIDTH-1:DATA_WIDTH], 1'b0};
// A lane of the stream beat comes from the newer beat once lane + shift_q
// passes the beat's end: the top shift_q lanes. It follows shift_q a clock
// later, long before a job's first beat is read from the buffer (an AR, then
// the memory's answer, come first).
reg  [KEEP-1:0]        from_src_q;
wire [DATA_WIDTH-1:0]  stream_lanes;

// The first stream beat's low lanes carry the held bytes.
wire [DATA_WIDTH-1:0]  out_data;
genvar k;
generate
    for (k = 0; k < KEEP; k = k + 1) begin : g_lane
        assign stream_lanes[8*k +: 8] = from_src_q[k] ? src_q[8*k +: 8] : prev_q[8*k +: 8];
        if (k < 5) begin : g_held
            localparam [2:0] LANE = k;
            assign out_data[8*k +: 8] = (first_q && LANE < held_count_q) ? held_data_q[8*k +: 8]
                                                                         : stream_lanes[8*k +: 8];
        end else begin : g_mem
            assign out_data[8*k +: 8] = stream_lanes[8*k +: 8];
        end
    end
endgenerate

// ---------------------------------------------------------------------------
// Next state

always @* begin
    busy_d = busy_q;
    setup_d = 1'b0;
    load_d = 1'b0;
    stop_d = stop_q;
    error_d = error_q;
    ar_next_d = ar_next_q;
    ar_beats_d = ar_beats_q;
    ar_left_d = ar_left_q;
    ar_cap_d = ar_cap_q;
    ar_room_d = ar_room_q;
    ar_room_min_d = ar_room_min_q;
    ar_short_d = ar_short_q;
    ar_wait_d = 1'b0;
    free_d = free_q;
    due_d = due_q;
    bursts_d = bursts_q;
    arvalid_d = arvalid_q && !m_axi_arready;
    wr_ptr_d = wr_ptr_q;
    rd_ptr_d = rd_ptr_q;
    ram_valid_d = ram_valid_q;
    mid_valid_d = mid_valid_q;
    src_valid_d = src_valid_q;
    src_left_d = src_left_q;
    out_left_d = out_left_q;
    src_none_d = src_none_q;
    out_none_d = out_none_q;
    out_one_d = out_one_q;
    have_prev_d = have_prev_q;
    first_d = first_q;
    tvalid_d = tvalid_q && !m_axis_tready;

    if (cmd_take) begin
        // Nothing is owed and nothing requested: the counts start afresh, and
        // ar_left_q, the valid bits, have_prev_q and the equal pointers keep every
        // action off until the load clock has loaded the job.
        busy_d = 1'b1;
        setup_d = 1'b1;
        stop_d = 1'b0;
        error_d = 1'b0;
        ar_beats_d = 64'd0;
        ar_left_d = 1'b0;
        free_d = DEPTH_C;
        due_d = {CW{1'b0}};
        bursts_d = {OW{1'b0}};
        wr_ptr_d = {(PW + 1){1'b0}};
        rd_ptr_d = {(PW + 1){1'b0}};
        ram_valid_d = 1'b0;
        mid_valid_d = 1'b0;
        src_valid_d = 1'b0;
        have_prev_d = 1'b0;
    end else if (setup_q) begin
        if (cmd_abort) stop_d = 1'b1;
        load_d = 1'b1;
    end else if (load_q) begin
        if (cmd_abort) stop_d = 1'b1;
        ar_next_d = {c_addr_q[ADDR_WIDTH-1:LOGW], {LOGW{1'b0}}};
        ar_beats_d = cmd_src_beats;
        ar_left_d = !cmd_len_zero;
        ar_cap_d = su_cap_q;
        ar_room_d = su_room_q;
        ar_room_min_d = su_room_min_q;
        ar_short_d = su_short_q;
        ar_wait_d = 1'b1;
        src_left_d = cmd_src_beats;
        out_left_d = cmd_out_beats;
        src_none_d = cmd_len_zero;
        out_none_d = su_out_none_q;
        out_one_d = su_out_one_q;
        have_prev_d = su_have_prev_q;
        first_d = 1'b1;
    end else if (busy_q) begin
        if (halt) stop_d = 1'b1;
        if (r_bad) error_d = 1'b1;

        if (ar_load) begin
            arvalid_d = 1'b1;
            ar_next_d = ar_after_q;
            // a short burst takes every beat left
            ar_beats_d = ar_short_q ? 64'd0 : ar_beats_less_q;
            ar_left_d = !ar_short_q;
            ar_cap_d = ar_cap_after_q;
            ar_room_d = ar_room_after_q;
            ar_room_min_d = ar_room_min_after_q;
            ar_short_d = ar_short_after_q;
            ar_wait_d = 1'b1;
        end
        // each sum from registers alone (above), picked by the AR decision
        // and the beat read or taken this clock
        free_d = ar_load ? (buf_read ? free_less_up : free_less) : (buf_read ? free_up : free_q);
        due_d = ar_load ? (r_take ? due_more_down : due_more) : (r_take ? due_down : due_q);
        bursts_d = bursts_q + {{(OW - 1){1'b0}}, ar_load} - {{(OW - 1){1'b0}}, r_take && m_axi_rlast};

        if (buf_write) wr_ptr_d = wr_ptr_q + 1'b1;
        if (buf_read) rd_ptr_d = rd_ptr_q + 1'b1;
        if (buf_read) begin
            ram_valid_d = 1'b1;
        end else if (mid_load) begin
            ram_valid_d = 1'b0;
        end
        if (mid_load) begin
            mid_valid_d = 1'b1;
        end else if (src_load) begin
            mid_valid_d = 1'b0;
        end
        if (src_load) begin
            src_valid_d = 1'b1;
        end else if (take_src) begin
            src_valid_d = 1'b0;
        end
        if (take_src) begin
            src_left_d = src_left_q - 64'd1;
            src_none_d = src_left_q == 64'd1;
            have_prev_d = 1'b1;
        end else if (emit_flush) begin
            have_prev_d = 1'b0;
        end
        if (emit) begin
            out_left_d = out_left_q - 64'd1;
            out_none_d = out_one_q;
            out_one_d = out_left_q == 64'd2;
            first_d = 1'b0;
            tvalid_d = 1'b1;
        end
        if (halt) tvalid_d = 1'b0;

        // (ar_left_q: every burst requested, which the stream's end implies;
        // saying so keeps a proof by induction from unreachable states)
        if (due_q == {CW{1'b0}} && !arvalid_q && (stop_q || (!ar_left_q && out_none_q && !tvalid_q))) begin
            busy_d = 1'b0;
        end
    end
end

always @(posedge clk) begin
    busy_q <= busy_d;
    setup_q <= setup_d;
    load_q <= load_d;
    stop_q <= stop_d;
    error_q <= error_d;
    ar_next_q <= ar_next_d;
    ar_beats_q <= ar_beats_d;
    ar_left_q <= ar_left_d;
    ar_cap_q <= ar_cap_d;
    ar_room_q <= ar_room_d;
    ar_room_min_q <= ar_room_min_d;
    ar_short_q <= ar_short_d;
    ar_wait_q <= ar_wait_d;
    ar_after_q <= ar_after;
    ar_beats_less_q <= ar_beats_less;
    ar_cap_after_q <= ar_cap_after;
    ar_room_after_q <= ar_room_after;
    ar_room_min_after_q <= ar_room_min_after;
    ar_short_after_q <= ar_short_after;
    ar_len_q <= ar_len_now;
    free_q <= free_d;
    due_q <= due_d;
    bursts_q <= bursts_d;
    arvalid_q <= arvalid_d;
    wr_ptr_q <= wr_ptr_d;
    rd_ptr_q <= rd_ptr_d;
    ram_valid_q <= ram_valid_d;
    mid_valid_q <= mid_valid_d;
    rq_valid_q <= r_keep;
    src_valid_q <= src_valid_d;
    src_left_q <= src_left_d;
    out_left_q <= out_left_d;
    src_none_q <= src_none_d;
    out_none_q <= out_none_d;
    out_one_q <= out_one_d;
    have_prev_q <= have_prev_d;
    first_q <= first_d;
    tvalid_q <= tvalid_d;

    if (ar_load) begin
        araddr_q <= ar_next_q;
        arlen_q <= ar_len_m1[7:0];
    end
    from_src_q <= ~({KEEP{1'b1}} >> shift_q);
    if (r_keep) rq_q <= rdata_twice[DATA_WIDTH-1:0];
    if (src_load) src_q <= mid_q;
    if (take_src) prev_q <= src_q;
    if (cmd_take) begin
        c_addr_q <= cmd_addr;
        c_len_q <= cmd_len;
        c_len_zero_q <= cmd_len == 64'd0;
        c_len_small_q <= cmd_len[63:13] == 51'd0;
        c_len_one_q <= cmd_len[63:LOGW+1] == {(63 - LOGW){1'b0}};
        held_count_q <= cmd_held_count;
        held_data_q <= cmd_held_data;
    end
    if (setup_q) begin
        shift_q <= cmd_front[LOGW-1:0];
        tail_q <= cmd_tail[LOGW-1:0];
        su_src_add_q <= cmd_src_add;
        su_out_add_q <= cmd_out_add;
        su_cap_q <= cmd_cap;
        su_room_q <= PAGE_C - {{(CW - PB){1'b0}}, c_addr_q[11:LOGW]};
        su_room_min_q <= PAGE_PLUS_W - {{(CW + 1 - PB){1'b0}}, c_addr_q[11:LOGW]};
        su_short_q <= cmd_short;
        su_out_one_q <= cmd_out_one;
        su_out_none_q <= cmd_len_zero && held_count_q == 3'd0;
        su_have_prev_q <= cmd_front[LOGW];
    end
    // The beat's bytes load whenever the register may change, beat or no
    // beat (tvalid_q says which): their 512 enables then follow the port's
    // tready and tvalid_q, not the emit decision.
    if (out_free) tdata_q <= out_data;
    if (emit) begin
        tkeep_q <= out_last ? last_keep : {KEEP{1'b1}};
        tlast_q <= out_last;
    end

    if (rst) begin
        busy_q <= 1'b0;
        setup_q <= 1'b0;
        load_q <= 1'b0;
        stop_q <= 1'b0;
        error_q <= 1'b0;
        ar_wait_q <= 1'b0;
        arvalid_q <= 1'b0;
        rq_valid_q <= 1'b0;
        ram_valid_q <= 1'b0;
        mid_valid_q <= 1'b0;
        src_valid_q <= 1'b0;
        tvalid_q <= 1'b0;
    end
end

assign cmd_ready = !busy_q;
assign busy = busy_q;
assign error = error_q;

assign m_axi_araddr = araddr_q;
assign m_axi_arlen = arlen_q;
assign m_axi_arsize = AXI_SIZE;
assign m_axi_arburst = 2'b01;      // INCR
assign m_axi_arcache = 4'b0011;    // normal, non-cacheable, bufferable
assign m_axi_arprot = 3'b000;
assign m_axi_arvalid = arvalid_q;
assign m_axi_rready = 1'b1;

assign m_axis_tdata = tdata_q;
assign m_axis_tkeep = tkeep_q;
assign m_axis_tvalid = tvalid_q;
assign m_axis_tlast = tlast_q;

// ---------------------------------------------------------------------------
// Assertions (simulation only; Verilator with --assert)
`ifdef VERILATOR
always @(posedge clk) begin
    // (in the setup and load clocks the realigner's counts are still the last
    // job's, or unset after reset)
    if (!rst && busy_q && !setting_up) begin
        // an R beat only for a burst requested, and always with room in the buffer
        assert (!(r_take && due_q == {CW{1'b0}}));
        assert (!(buf_write && wr_ptr_q - rd_ptr_q == {1'b1, {PW{1'b0}}}));
        // the credit never exceeds the buffer
        assert (free_q <= DEPTH_C);
        // a beat is only emitted while the stream has beats left
        assert (!(emit && out_left_q == 64'd0));
        assert (src_none_q == (src_left_q == 64'd0));
        assert (out_none_q == (out_left_q == 64'd0));
        assert (out_one_q == (out_left_q == 64'd1));
        assert (ar_left_q == (ar_beats_q != 64'd0));
        // the registered cap and short flag are those of the next burst
        assert (!(ar_beats_q != 64'd0 && ar_cap_q != burst_cap(ar_next_q[11:LOGW])));
        assert (!(ar_beats_q != 64'd0 && ar_room_q != PAGE_C - {{(CW - PB){1'b0}}, ar_next_q[11:LOGW]}));
        assert (!(ar_beats_q != 64'd0 && ar_room_min_q != {1'b0, ar_room_q} + PAGE_MIN_W));
        assert (!(ar_beats_q != 64'd0 && !ar_wait_q && ar_room_min_after_q != {1'b0, ar_room_after_q} + PAGE_MIN_W));
        assert (!(ar_beats_q != 64'd0 && ar_short_q != (ar_beats_q <= {{(64 - CW){1'b0}}, ar_cap_q})));
        assert (!(ar_beats_q != 64'd0 && !ar_wait_q && ar_len_q != ar_len_now));
    end
end
`endif

endmodule

`resetall
`default_nettype wire
