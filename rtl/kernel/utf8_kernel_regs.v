// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Register block of the memory-mapped kernel utf8_kernel: an AXI4-Lite slave
 * (32-bit data, 12-bit byte address) that implements the map of
 * rtl/kernel/utf8_kernel.rdl (docs/kernel_regs.md) and the kernel's
 * ap_ctrl_chain control. Jobs queue in two places: a taken job's arguments are
 * copied into a pending slot, so the host may write the next job's while jobs
 * run; the core takes the pending job in the clock of job_start and answers
 * each job_start with one job_done pulse at least a clock later, whose results
 * are latched into the read-only registers. It ends a job only while
 * res_ready is high, that is when the host has acknowledged the job before
 * (AP_CONTINUE), so the results registers always show the oldest job not
 * acknowledged.
 *
 * Control: writing CTRL with bit 0 set sets AP_START. The job is taken in the
 * first clock where AP_START is set and the pending slot is free (take_q):
 * that clock copies the arguments into the slot, clears AP_START and sets
 * AP_READY and ISR.READY. job_start pulses in the first clock where the slot
 * holds a job and none runs, and frees the slot. job_done ends the job:
 * AP_DONE and ISR.DONE are set, and res_ready falls until a write of CTRL
 * with bit 4 (AP_CONTINUE). AP_IDLE is high while no job runs or waits in the
 * slot. AP_DONE and AP_READY are sticky until a read of CTRL, which returns
 * them set and clears them, unless the same clock sets them again (an event
 * is never lost between a read and its clear). A job_done while no job runs
 * is ignored. ISR bits toggle where a write has a 1, and a set by the kernel
 * in the same clock wins. irq = GIE & |(ISR & IER).
 *
 * AXI4-Lite: one write in flight at a time, and up to two reads (one offered
 * on R, one taken behind it). AW and W are each
 * held in a register as they arrive, in either order or together (the
 * address decoded into a flag per writable register as it comes); the write
 * reaches its register in the clock after both are held, and its B response
 * is offered from the next clock on. A read's data is captured in the clock
 * its address is taken (a CTRL read clears AP_DONE/AP_READY in that clock) and
 * offered from the second clock on (R free: the clock after next). With
 * bready and rready high, one write and one read complete every two clocks. Addresses are word addresses (bits 1:0
 * ignored); unmapped addresses read 0, writes to them and to read-only
 * registers are dropped, and every response is OKAY. wstrb selects the bytes
 * written of every writable register; bits of SRC, DST and OFFSETS at and above
 * ADDR_WIDTH read 0 and ignore writes.
 *
 * Every output comes from a register. Every register of the map is reset to
 * the value the map gives (the map promises them); only the pending slot
 * (loaded whenever it is taken) and the AXI holding
 * registers (address, data, read data) are left unreset.
 */
module utf8_kernel_regs #
(
    // Width of the kernel's memory data bus in bits, reported in CAPS[15:0];
    // 1 to 65535 (the kernel uses 64 to 512)
    parameter DATA_WIDTH = 512,
    // Operations supported, reported in CAPS[23:16]: bit k set when OP k is
    parameter [7:0] OPS = 8'h0F,
    // Width of the SRC, DST and OFFSETS addresses given to the core, 1 to 64
    parameter ADDR_WIDTH = 64
)
(
    input  wire                   clk,
    input  wire                   rst,

    /*
     * AXI4-Lite slave: 32-bit data, 12-bit byte address
     */
    input  wire [11:0]            s_axil_awaddr,
    input  wire [2:0]             s_axil_awprot,
    input  wire                   s_axil_awvalid,
    output wire                   s_axil_awready,
    input  wire [31:0]            s_axil_wdata,
    input  wire [3:0]             s_axil_wstrb,
    input  wire                   s_axil_wvalid,
    output wire                   s_axil_wready,
    output wire [1:0]             s_axil_bresp,
    output wire                   s_axil_bvalid,
    input  wire                   s_axil_bready,
    input  wire [11:0]            s_axil_araddr,
    input  wire [2:0]             s_axil_arprot,
    input  wire                   s_axil_arvalid,
    output wire                   s_axil_arready,
    output wire [31:0]            s_axil_rdata,
    output wire [1:0]             s_axil_rresp,
    output wire                   s_axil_rvalid,
    input  wire                   s_axil_rready,

    /*
     * Job arguments: the registers' current values, taken by the core in the
     * clock of job_start
     */
    output wire                   job_start,
    output wire [1:0]             job_op,
    output wire [3:0]             job_flags,        // [0] MODE, [1] CONTINUE, [2] PARTIAL, [3] OFFSETS64
    output wire [ADDR_WIDTH-1:0]  job_src,
    output wire [63:0]            job_len,
    output wire [ADDR_WIDTH-1:0]  job_dst,
    output wire [63:0]            job_cap,
    output wire [ADDR_WIDTH-1:0]  job_offsets,      // VALIDATE_STRINGS
    output wire [63:0]            job_count,

    /*
     * Job results, latched when job_done pulses; job_done only while
     * res_ready (the last job's results are acknowledged)
     */
    output wire                   res_ready,
    input  wire                   job_done,
    input  wire [5:0]             res_status,
    input  wire [2:0]             res_err_class,
    input  wire [63:0]            res_err_offset,
    input  wire [63:0]            res_in_bytes,
    input  wire [63:0]            res_out_bytes,
    input  wire [63:0]            res_units,
    input  wire [63:0]            res_utf16_units,
    input  wire [63:0]            res_cycles,
    input  wire [6*32-1:0]        res_class_count,  // class c (1..6) at [(c-1)*32 +: 32]
    input  wire [63:0]            res_bad_strings,  // VALIDATE_STRINGS
    input  wire [63:0]            res_first_bad,

    /*
     * Interrupt: high while GIE and an ISR bit enabled in IER
     */
    output wire                   irq
);

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating.
generate
    if (DATA_WIDTH < 1 || DATA_WIDTH > 65535) begin : g_check_data_width
        error_DATA_WIDTH_must_be_1_to_65535 stop ();
    end
    if (ADDR_WIDTH < 1 || ADDR_WIDTH > 64) begin : g_check_addr_width
        error_ADDR_WIDTH_must_be_1_to_64 stop ();
    end
endgenerate

// Byte offsets of the map (rtl/kernel/utf8_kernel.rdl; the test compares them with
// the generated header)
localparam [11:0]
    A_CTRL = 12'h000,
    A_GIE = 12'h004,
    A_IER = 12'h008,
    A_ISR = 12'h00C,
    A_OP = 12'h010,
    A_FLAGS = 12'h014,
    A_SRC_LO = 12'h018,
    A_SRC_HI = 12'h01C,
    A_LEN_LO = 12'h020,
    A_LEN_HI = 12'h024,
    A_DST_LO = 12'h028,
    A_DST_HI = 12'h02C,
    A_CAP_LO = 12'h030,
    A_CAP_HI = 12'h034,
    A_OFFSETS_LO = 12'h038,
    A_OFFSETS_HI = 12'h03C,
    A_STATUS = 12'h040,
    A_ERR_CLASS = 12'h044,
    A_ERR_OFFSET_LO = 12'h048,
    A_ERR_OFFSET_HI = 12'h04C,
    A_IN_BYTES_LO = 12'h050,
    A_IN_BYTES_HI = 12'h054,
    A_OUT_BYTES_LO = 12'h058,
    A_OUT_BYTES_HI = 12'h05C,
    A_UNITS_LO = 12'h060,
    A_UNITS_HI = 12'h064,
    A_UTF16_UNITS_LO = 12'h068,
    A_UTF16_UNITS_HI = 12'h06C,
    A_CYCLES_LO = 12'h070,
    A_CYCLES_HI = 12'h074,
    A_CLASS_COUNT_1 = 12'h080,  // class c at 0x080 + 4*(c-1)
    A_CLASS_COUNT_2 = 12'h084,
    A_CLASS_COUNT_3 = 12'h088,
    A_CLASS_COUNT_4 = 12'h08C,
    A_CLASS_COUNT_5 = 12'h090,
    A_CLASS_COUNT_6 = 12'h094,
    A_COUNT_LO = 12'h0A0,
    A_COUNT_HI = 12'h0A4,
    A_BAD_STRINGS_LO = 12'h0A8,
    A_BAD_STRINGS_HI = 12'h0AC,
    A_FIRST_BAD_LO = 12'h0B0,
    A_FIRST_BAD_HI = 12'h0B4,
    A_ID = 12'h0F0,
    A_VERSION = 12'h0F4,
    A_CAPS = 12'h0F8;

localparam [31:0] ID_VALUE = 32'h55384B31;       // "U8K1"
localparam [31:0] VERSION_VALUE = 32'h00010001;  // major 1, minor 1 (VALIDATE_STRINGS)
localparam [31:0] DATA_WIDTH_W = DATA_WIDTH;
localparam [31:0] CAPS_VALUE = {8'd0, OPS, DATA_WIDTH_W[15:0]};
// SRC, DST and OFFSETS keep only the bits the core's address has
localparam [63:0] ADDR_MASK = {64{1'b1}} >> (64 - ADDR_WIDTH);

// The writable registers, one flag each: the write address is decoded as AW
// arrives, so the clock that writes a register (and sets AP_START) does not
// also compare the held address.
localparam NW = 18;
localparam S_CTRL = 0, S_GIE = 1, S_IER = 2, S_ISR = 3, S_OP = 4, S_FLAGS = 5,
           S_SRC_LO = 6, S_SRC_HI = 7, S_LEN_LO = 8, S_LEN_HI = 9,
           S_DST_LO = 10, S_DST_HI = 11, S_CAP_LO = 12, S_CAP_HI = 13,
           S_OFFSETS_LO = 14, S_OFFSETS_HI = 15, S_COUNT_LO = 16, S_COUNT_HI = 17;

function [NW-1:0] wr_decode;
    input [11:2] a;   // the word address
    begin
        wr_decode = {NW{1'b0}};
        wr_decode[S_CTRL] = a == A_CTRL[11:2];
        wr_decode[S_GIE] = a == A_GIE[11:2];
        wr_decode[S_IER] = a == A_IER[11:2];
        wr_decode[S_ISR] = a == A_ISR[11:2];
        wr_decode[S_OP] = a == A_OP[11:2];
        wr_decode[S_FLAGS] = a == A_FLAGS[11:2];
        wr_decode[S_SRC_LO] = a == A_SRC_LO[11:2];
        wr_decode[S_SRC_HI] = a == A_SRC_HI[11:2];
        wr_decode[S_LEN_LO] = a == A_LEN_LO[11:2];
        wr_decode[S_LEN_HI] = a == A_LEN_HI[11:2];
        wr_decode[S_DST_LO] = a == A_DST_LO[11:2];
        wr_decode[S_DST_HI] = a == A_DST_HI[11:2];
        wr_decode[S_CAP_LO] = a == A_CAP_LO[11:2];
        wr_decode[S_CAP_HI] = a == A_CAP_HI[11:2];
        wr_decode[S_OFFSETS_LO] = a == A_OFFSETS_LO[11:2];
        wr_decode[S_OFFSETS_HI] = a == A_OFFSETS_HI[11:2];
        wr_decode[S_COUNT_LO] = a == A_COUNT_LO[11:2];
        wr_decode[S_COUNT_HI] = a == A_COUNT_HI[11:2];
    end
endfunction

// The bytes of old that strb leaves alone, the rest from data.
function [31:0] merge;
    input [31:0] old;
    input [31:0] data;
    input [3:0]  strb;
    reg   [31:0] m;
    begin
        m = {{8{strb[3]}}, {8{strb[2]}}, {8{strb[1]}}, {8{strb[0]}}};
        merge = (old & ~m) | (data & m);
    end
endfunction

// AXI4-Lite write side: AW and W each held until the write is done
reg aw_ready_q = 1'b0, aw_ready_d;
reg aw_full_q = 1'b0, aw_full_d;
reg [NW-1:0] aw_sel_q = {NW{1'b0}};  // the held address, decoded
reg w_ready_q = 1'b0, w_ready_d;
reg w_full_q = 1'b0, w_full_d;
reg [31:0] w_data_q = 32'd0;
reg [3:0] w_strb_q = 4'd0;
reg b_valid_q = 1'b0, b_valid_d;

// AXI4-Lite read side
reg ar_ready_q = 1'b0, ar_ready_d;
reg r_valid_q = 1'b0, r_valid_d;
reg [31:0] r_data_q = 32'd0;
// The read's words, one for each group of eight registers, taken in the clock
// the address is; the next free clock picks the group's into r_data_q. One
// multiplexer level from the port and one from the group, not the whole map
// (the port, the map's 64-way multiplexer and r_data_q were one of the
// kernel's longest paths at DATA_WIDTH 64).
reg rd_pend_q = 1'b0, rd_pend_d;
reg [8*32-1:0] rd_grp_q = {8*32{1'b0}};
reg [2:0] rd_sel_q = 3'd0;
reg rd_hole_q = 1'b0;    // the address is past the map's 64 words
reg [8*32-1:0] rd_grp;

// Control
reg ap_start_q = 1'b0, ap_start_d;
reg ap_done_q = 1'b0, ap_done_d;
reg ap_ready_q = 1'b0, ap_ready_d;
reg busy_q = 1'b0, busy_d;
reg take_q = 1'b0;       // equals ap_start_q && !pend_q, from a register
reg pend_q = 1'b0, pend_d;  // a taken job waits in the pending slot
reg job_start_q = 1'b0;  // equals pend_q && !busy_q, from a register
reg held_q = 1'b0, held_d;  // the last job's results wait for AP_CONTINUE
reg continue_w;
reg gie_q = 1'b0, gie_d;
reg [1:0] ier_q = 2'd0, ier_d;  // [0] done, [1] ready
reg [1:0] isr_q = 2'd0, isr_d;
reg irq_q = 1'b0;

// Arguments, and the pending slot: a taken job's, until the core takes it
reg [1:0] p_op_q = 2'd0;
reg [3:0] p_flags_q = 4'd0;
reg [ADDR_WIDTH-1:0] p_src_q = {ADDR_WIDTH{1'b0}}, p_dst_q = {ADDR_WIDTH{1'b0}};
reg [ADDR_WIDTH-1:0] p_offsets_q = {ADDR_WIDTH{1'b0}};
reg [63:0] p_len_q = 64'd0, p_cap_q = 64'd0, p_count_q = 64'd0;
reg [1:0] op_q = 2'd0, op_d;
reg [3:0] flags_q = 4'd0, flags_d;
reg [63:0] src_q = 64'd0, src_d;
reg [63:0] len_q = 64'd0, len_d;
reg [63:0] dst_q = 64'd0, dst_d;
reg [63:0] cap_q = 64'd0, cap_d;
reg [63:0] offsets_q = 64'd0, offsets_d;
reg [63:0] count_q = 64'd0, count_d;

// Results
reg [5:0] status_q = 6'd0;
reg [2:0] err_class_q = 3'd0;
reg [63:0] err_offset_q = 64'd0;
reg [63:0] in_bytes_q = 64'd0;
reg [63:0] out_bytes_q = 64'd0;
reg [63:0] units_q = 64'd0;
reg [63:0] utf16_units_q = 64'd0;
reg [63:0] cycles_q = 64'd0;
reg [6*32-1:0] class_count_q = {6*32{1'b0}};
reg [63:0] bad_strings_q = 64'd0;
reg [63:0] first_bad_q = 64'd0;

wire aw_take = s_axil_awvalid && aw_ready_q;
wire w_take = s_axil_wvalid && w_ready_q;
// one response outstanding: a write waits until the last one's B is taken
wire wr_do = aw_full_q && w_full_q && !b_valid_q;
wire ar_take = s_axil_arvalid && ar_ready_q;
wire [NW-1:0] wr_sel = wr_do ? aw_sel_q : {NW{1'b0}};
wire ctrl_read = ar_take && s_axil_araddr[11:2] == A_CTRL[11:2];
wire rd_move = rd_pend_q && (!r_valid_q || s_axil_rready);
wire done_ev = job_done && busy_q;

wire unused_ok = &{1'b0, s_axil_awprot, s_axil_arprot, s_axil_araddr[1:0], s_axil_awaddr[1:0], 1'b0};

always @* begin
    aw_full_d = (aw_full_q && !wr_do) || aw_take;
    aw_ready_d = !aw_full_d;
    w_full_d = (w_full_q && !wr_do) || w_take;
    w_ready_d = !w_full_d;
    b_valid_d = (b_valid_q && !s_axil_bready) || wr_do;
    r_valid_d = (r_valid_q && !s_axil_rready) || rd_move;
    rd_pend_d = (rd_pend_q && !rd_move) || ar_take;
    ar_ready_d = !rd_pend_d;
end

// Register writes and the kernel's events
always @* begin
    ap_start_d = ap_start_q && !take_q;
    ap_done_d = (ap_done_q && !ctrl_read) || done_ev;
    ap_ready_d = (ap_ready_q && !ctrl_read) || take_q;
    busy_d = (busy_q && !job_done) || job_start_q;
    pend_d = (pend_q && !job_start_q) || take_q;
    continue_w = wr_sel[S_CTRL] && w_strb_q[0] && w_data_q[4];
    held_d = (held_q && !continue_w) || done_ev;
    gie_d = gie_q;
    ier_d = ier_q;
    isr_d = isr_q;
    op_d = op_q;
    flags_d = flags_q;
    src_d = src_q;
    len_d = len_q;
    dst_d = dst_q;
    cap_d = cap_q;
    offsets_d = offsets_q;
    count_d = count_q;
    if (wr_sel[S_CTRL] && w_strb_q[0] && w_data_q[0]) ap_start_d = 1'b1;
    if (wr_sel[S_GIE] && w_strb_q[0]) gie_d = w_data_q[0];
    if (wr_sel[S_IER] && w_strb_q[0]) ier_d = w_data_q[1:0];
    if (wr_sel[S_ISR] && w_strb_q[0]) isr_d = isr_q ^ w_data_q[1:0];
    if (wr_sel[S_OP] && w_strb_q[0]) op_d = w_data_q[1:0];
    if (wr_sel[S_FLAGS] && w_strb_q[0]) flags_d = w_data_q[3:0];
    if (wr_sel[S_SRC_LO]) src_d[31:0] = merge(src_q[31:0], w_data_q, w_strb_q);
    if (wr_sel[S_SRC_HI]) src_d[63:32] = merge(src_q[63:32], w_data_q, w_strb_q);
    if (wr_sel[S_LEN_LO]) len_d[31:0] = merge(len_q[31:0], w_data_q, w_strb_q);
    if (wr_sel[S_LEN_HI]) len_d[63:32] = merge(len_q[63:32], w_data_q, w_strb_q);
    if (wr_sel[S_DST_LO]) dst_d[31:0] = merge(dst_q[31:0], w_data_q, w_strb_q);
    if (wr_sel[S_DST_HI]) dst_d[63:32] = merge(dst_q[63:32], w_data_q, w_strb_q);
    if (wr_sel[S_CAP_LO]) cap_d[31:0] = merge(cap_q[31:0], w_data_q, w_strb_q);
    if (wr_sel[S_CAP_HI]) cap_d[63:32] = merge(cap_q[63:32], w_data_q, w_strb_q);
    if (wr_sel[S_OFFSETS_LO]) offsets_d[31:0] = merge(offsets_q[31:0], w_data_q, w_strb_q);
    if (wr_sel[S_OFFSETS_HI]) offsets_d[63:32] = merge(offsets_q[63:32], w_data_q, w_strb_q);
    if (wr_sel[S_COUNT_LO]) count_d[31:0] = merge(count_q[31:0], w_data_q, w_strb_q);
    if (wr_sel[S_COUNT_HI]) count_d[63:32] = merge(count_q[63:32], w_data_q, w_strb_q);
    src_d = src_d & ADDR_MASK;
    dst_d = dst_d & ADDR_MASK;
    offsets_d = offsets_d & ADDR_MASK;
    // the kernel's set wins over a toggle in the same clock
    isr_d = isr_d | {take_q, done_ev};
end

// The map's 64 words as they are, word address a at [32*a] (unmapped words 0),
// and each group's word at the port's address within the group. One block, so
// that it runs whenever the address or a register changes (an always @* does
// not see through a function, nor run at time 0 without a change).
reg [64*32-1:0] map_flat;
integer k;
always @* begin
    map_flat = {64*32{1'b0}};
    map_flat[32*(A_CTRL >> 2) +: 32] = {28'd0, ap_ready_q, !busy_q && !pend_q, ap_done_q, ap_start_q};
    map_flat[32*(A_GIE >> 2) +: 32] = {31'd0, gie_q};
    map_flat[32*(A_IER >> 2) +: 32] = {30'd0, ier_q};
    map_flat[32*(A_ISR >> 2) +: 32] = {30'd0, isr_q};
    map_flat[32*(A_OP >> 2) +: 32] = {30'd0, op_q};
    map_flat[32*(A_FLAGS >> 2) +: 32] = {28'd0, flags_q};
    map_flat[32*(A_SRC_LO >> 2) +: 32] = src_q[31:0];
    map_flat[32*(A_SRC_HI >> 2) +: 32] = src_q[63:32];
    map_flat[32*(A_LEN_LO >> 2) +: 32] = len_q[31:0];
    map_flat[32*(A_LEN_HI >> 2) +: 32] = len_q[63:32];
    map_flat[32*(A_DST_LO >> 2) +: 32] = dst_q[31:0];
    map_flat[32*(A_DST_HI >> 2) +: 32] = dst_q[63:32];
    map_flat[32*(A_CAP_LO >> 2) +: 32] = cap_q[31:0];
    map_flat[32*(A_CAP_HI >> 2) +: 32] = cap_q[63:32];
    map_flat[32*(A_OFFSETS_LO >> 2) +: 32] = offsets_q[31:0];
    map_flat[32*(A_OFFSETS_HI >> 2) +: 32] = offsets_q[63:32];
    map_flat[32*(A_STATUS >> 2) +: 32] = {26'd0, status_q};
    map_flat[32*(A_ERR_CLASS >> 2) +: 32] = {29'd0, err_class_q};
    map_flat[32*(A_ERR_OFFSET_LO >> 2) +: 32] = err_offset_q[31:0];
    map_flat[32*(A_ERR_OFFSET_HI >> 2) +: 32] = err_offset_q[63:32];
    map_flat[32*(A_IN_BYTES_LO >> 2) +: 32] = in_bytes_q[31:0];
    map_flat[32*(A_IN_BYTES_HI >> 2) +: 32] = in_bytes_q[63:32];
    map_flat[32*(A_OUT_BYTES_LO >> 2) +: 32] = out_bytes_q[31:0];
    map_flat[32*(A_OUT_BYTES_HI >> 2) +: 32] = out_bytes_q[63:32];
    map_flat[32*(A_UNITS_LO >> 2) +: 32] = units_q[31:0];
    map_flat[32*(A_UNITS_HI >> 2) +: 32] = units_q[63:32];
    map_flat[32*(A_UTF16_UNITS_LO >> 2) +: 32] = utf16_units_q[31:0];
    map_flat[32*(A_UTF16_UNITS_HI >> 2) +: 32] = utf16_units_q[63:32];
    map_flat[32*(A_CYCLES_LO >> 2) +: 32] = cycles_q[31:0];
    map_flat[32*(A_CYCLES_HI >> 2) +: 32] = cycles_q[63:32];
    map_flat[32*(A_CLASS_COUNT_1 >> 2) +: 32] = class_count_q[0*32 +: 32];
    map_flat[32*(A_CLASS_COUNT_2 >> 2) +: 32] = class_count_q[1*32 +: 32];
    map_flat[32*(A_CLASS_COUNT_3 >> 2) +: 32] = class_count_q[2*32 +: 32];
    map_flat[32*(A_CLASS_COUNT_4 >> 2) +: 32] = class_count_q[3*32 +: 32];
    map_flat[32*(A_CLASS_COUNT_5 >> 2) +: 32] = class_count_q[4*32 +: 32];
    map_flat[32*(A_CLASS_COUNT_6 >> 2) +: 32] = class_count_q[5*32 +: 32];
    map_flat[32*(A_COUNT_LO >> 2) +: 32] = count_q[31:0];
    map_flat[32*(A_COUNT_HI >> 2) +: 32] = count_q[63:32];
    map_flat[32*(A_BAD_STRINGS_LO >> 2) +: 32] = bad_strings_q[31:0];
    map_flat[32*(A_BAD_STRINGS_HI >> 2) +: 32] = bad_strings_q[63:32];
    map_flat[32*(A_FIRST_BAD_LO >> 2) +: 32] = first_bad_q[31:0];
    map_flat[32*(A_FIRST_BAD_HI >> 2) +: 32] = first_bad_q[63:32];
    map_flat[32*(A_ID >> 2) +: 32] = ID_VALUE;
    map_flat[32*(A_VERSION >> 2) +: 32] = VERSION_VALUE;
    map_flat[32*(A_CAPS >> 2) +: 32] = CAPS_VALUE;
    for (k = 0; k < 8; k = k + 1)
        rd_grp[32*k +: 32] = map_flat[256*k + 32*{29'd0, s_axil_araddr[4:2]} +: 32];
end

always @(posedge clk) begin
    aw_ready_q <= aw_ready_d;
    aw_full_q <= aw_full_d;
    if (aw_take) aw_sel_q <= wr_decode(s_axil_awaddr[11:2]);
    w_ready_q <= w_ready_d;
    w_full_q <= w_full_d;
    if (w_take) begin
        w_data_q <= s_axil_wdata;
        w_strb_q <= s_axil_wstrb;
    end
    b_valid_q <= b_valid_d;
    ar_ready_q <= ar_ready_d;
    r_valid_q <= r_valid_d;
    rd_pend_q <= rd_pend_d;
    if (ar_take) begin
        rd_grp_q <= rd_grp;
        rd_sel_q <= s_axil_araddr[7:5];
        rd_hole_q <= |s_axil_araddr[11:8];
    end
    if (rd_move) r_data_q <= rd_hole_q ? 32'd0 : rd_grp_q[32*rd_sel_q +: 32];

    ap_start_q <= ap_start_d;
    ap_done_q <= ap_done_d;
    ap_ready_q <= ap_ready_d;
    busy_q <= busy_d;
    take_q <= ap_start_d && !pend_d;
    pend_q <= pend_d;
    job_start_q <= pend_d && !busy_d;
    held_q <= held_d;
    if (take_q) begin
        p_op_q <= op_q;
        p_flags_q <= flags_q;
        p_src_q <= src_q[ADDR_WIDTH-1:0];
        p_len_q <= len_q;
        p_dst_q <= dst_q[ADDR_WIDTH-1:0];
        p_cap_q <= cap_q;
        p_offsets_q <= offsets_q[ADDR_WIDTH-1:0];
        p_count_q <= count_q;
    end
    gie_q <= gie_d;
    ier_q <= ier_d;
    isr_q <= isr_d;
    irq_q <= gie_d && |(isr_d & ier_d);
    op_q <= op_d;
    flags_q <= flags_d;
    src_q <= src_d;
    len_q <= len_d;
    dst_q <= dst_d;
    cap_q <= cap_d;
    offsets_q <= offsets_d;
    count_q <= count_d;

    if (done_ev) begin
        status_q <= res_status;
        err_class_q <= res_err_class;
        err_offset_q <= res_err_offset;
        in_bytes_q <= res_in_bytes;
        out_bytes_q <= res_out_bytes;
        units_q <= res_units;
        utf16_units_q <= res_utf16_units;
        cycles_q <= res_cycles;
        class_count_q <= res_class_count;
        bad_strings_q <= res_bad_strings;
        first_bad_q <= res_first_bad;
    end

    if (rst) begin
        // ready stays low in reset and for a clock after it
        aw_ready_q <= 1'b0;
        aw_full_q <= 1'b0;
        w_ready_q <= 1'b0;
        w_full_q <= 1'b0;
        b_valid_q <= 1'b0;
        ar_ready_q <= 1'b0;
        r_valid_q <= 1'b0;
        rd_pend_q <= 1'b0;
        ap_start_q <= 1'b0;
        ap_done_q <= 1'b0;
        ap_ready_q <= 1'b0;
        busy_q <= 1'b0;
        take_q <= 1'b0;
        pend_q <= 1'b0;
        job_start_q <= 1'b0;
        held_q <= 1'b0;
        gie_q <= 1'b0;
        ier_q <= 2'd0;
        isr_q <= 2'd0;
        irq_q <= 1'b0;
        op_q <= 2'd0;
        flags_q <= 4'd0;
        src_q <= 64'd0;
        len_q <= 64'd0;
        dst_q <= 64'd0;
        cap_q <= 64'd0;
        offsets_q <= 64'd0;
        count_q <= 64'd0;
        status_q <= 6'd0;
        err_class_q <= 3'd0;
        err_offset_q <= 64'd0;
        in_bytes_q <= 64'd0;
        out_bytes_q <= 64'd0;
        units_q <= 64'd0;
        utf16_units_q <= 64'd0;
        cycles_q <= 64'd0;
        class_count_q <= {6*32{1'b0}};
        bad_strings_q <= 64'd0;
        first_bad_q <= 64'd0;
    end
end

assign s_axil_awready = aw_ready_q;
assign s_axil_wready = w_ready_q;
assign s_axil_bresp = 2'b00;
assign s_axil_bvalid = b_valid_q;
assign s_axil_arready = ar_ready_q;
assign s_axil_rdata = r_data_q;
assign s_axil_rresp = 2'b00;
assign s_axil_rvalid = r_valid_q;

assign job_start = job_start_q;
assign job_op = p_op_q;
assign job_flags = p_flags_q;
assign job_src = p_src_q;
assign job_len = p_len_q;
assign job_dst = p_dst_q;
assign job_cap = p_cap_q;
assign job_offsets = p_offsets_q;
assign job_count = p_count_q;
assign res_ready = !held_q;
assign irq = irq_q;

// ---------------------------------------------------------------------------
// Assertions (simulation only; Verilator with --assert)
`ifdef VERILATOR
always @(posedge clk) begin
    if (!rst) begin
        // a holding register is never offered while it is full
        assert (!(aw_ready_q && aw_full_q));
        assert (!(w_ready_q && w_full_q));
        assert (!(ar_ready_q && rd_pend_q));
        // a job is taken only when one was asked for and the slot is free,
        // and starts only from the slot when none runs
        assert (take_q == (ap_start_q && !pend_q));
        assert (job_start_q == (pend_q && !busy_q));
        // the core ends a job only when the last one's results are acknowledged
        assert (!(job_done && busy_q && held_q));
    end
end
`endif

endmodule

`resetall
`default_nettype wire
