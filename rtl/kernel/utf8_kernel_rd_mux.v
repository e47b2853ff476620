// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Read-channel multiplexer of utf8_kernel: two read engines (utf8_kernel_rd,
 * on s0_ and s1_) share the kernel's one AXI4 master port (m_). OP 3
 * VALIDATE_STRINGS reads an Arrow column's offsets and its data at once.
 *
 * AR: the memory side's AR comes from a one-entry register. It loads an
 * engine's request when it is empty or being taken this clock and the owner
 * queue has room; when both engines ask, the one not chosen last time wins
 * (s0 first after reset), and the chosen engine's arready is high that clock.
 * An engine holds its AR until taken (AXI), so one entry gives one AR a clock.
 *
 * Owner queue: BURSTS entries of one bit (the engine), pushed when an AR is
 * loaded into the register, popped when the burst's last R beat is taken. An
 * AR is loaded only while the queue holds fewer than BURSTS entries (a pop in
 * the same clock does not count: the room is a register compare, so arready
 * does not wait on the R handshake), so the register never holds an AR whose
 * owner is not queued, and at most BURSTS bursts are loaded or in flight.
 *
 * R: ID is 0 everywhere, so bursts come back in the order they were issued,
 * which is the queue's: its head owns the R channel. sN_axi_rvalid is
 * m_axi_rvalid while the queue is not empty and its head is N; rdata, rresp
 * and rlast go to both; m_axi_rready is the head engine's rready, and 0 with
 * the queue empty (AXI sends no R beat then).
 *
 * The memory-side AR comes from registers. The rest is combinational on
 * purpose: sN_axi_arready (from the engines' arvalid and m_axi_arready) and
 * the R routing (m_axi_rvalid to sN_axi_rvalid, the engines' rready to
 * m_axi_rready, and the R payload straight through), so the block adds no
 * clock to the read path. It sits inside the kernel, between two engines
 * whose AXI outputs are registers and the kernel's registered port.
 *
 * Reset empties the register and the queue. The kernel resets the memory side
 * and the engines with it (as utf8_kernel_rd assumes), so no R beat of a
 * burst issued before it comes after.
 */
module utf8_kernel_rd_mux #(
    // AXI data width in bits: 64, 128, 256 or 512
    parameter DATA_WIDTH = 512,
    // AXI address width in bits, 16 to 64
    parameter ADDR_WIDTH = 64,
    // bursts loaded or in flight over both engines: a power of two, at least 2;
    // it should cover both engines' OUTSTANDING for full overlap
    parameter BURSTS = 16
) (
    input  wire                    clk,
    input  wire                    rst,

    // Engine 0: its AXI4 read master (the slave side of this block)
    input  wire [ADDR_WIDTH-1:0]   s0_axi_araddr,
    input  wire [7:0]              s0_axi_arlen,
    input  wire [2:0]              s0_axi_arsize,
    input  wire [1:0]              s0_axi_arburst,
    input  wire [3:0]              s0_axi_arcache,
    input  wire [2:0]              s0_axi_arprot,
    input  wire                    s0_axi_arvalid,
    output wire                    s0_axi_arready,
    output wire [DATA_WIDTH-1:0]   s0_axi_rdata,
    output wire [1:0]              s0_axi_rresp,
    output wire                    s0_axi_rlast,
    output wire                    s0_axi_rvalid,
    input  wire                    s0_axi_rready,

    // Engine 1
    input  wire [ADDR_WIDTH-1:0]   s1_axi_araddr,
    input  wire [7:0]              s1_axi_arlen,
    input  wire [2:0]              s1_axi_arsize,
    input  wire [1:0]              s1_axi_arburst,
    input  wire [3:0]              s1_axi_arcache,
    input  wire [2:0]              s1_axi_arprot,
    input  wire                    s1_axi_arvalid,
    output wire                    s1_axi_arready,
    output wire [DATA_WIDTH-1:0]   s1_axi_rdata,
    output wire [1:0]              s1_axi_rresp,
    output wire                    s1_axi_rlast,
    output wire                    s1_axi_rvalid,
    input  wire                    s1_axi_rready,

    // Memory: the kernel's AXI4 master port (read half), ID 0
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
    output wire                    m_axi_rready
);

localparam QW = $clog2(BURSTS);
localparam [31:0] BURSTS_32 = BURSTS;
localparam [QW:0] BURSTS_Q = BURSTS_32[QW:0];

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
    if (BURSTS < 2 || (BURSTS & (BURSTS - 1)) != 0) begin : g_check_bursts
        error_BURSTS_must_be_a_power_of_two_at_least_2 stop ();
    end
endgenerate

// ---------------------------------------------------------------------------
// State

// AR register
reg                    arvalid_q, arvalid_d;
reg [ADDR_WIDTH-1:0]   araddr_q;
reg [7:0]              arlen_q;
reg [2:0]              arsize_q;
reg [1:0]              arburst_q;
reg [3:0]              arcache_q;
reg [2:0]              arprot_q;
// 1: engine 1 wins the next tie, as engine 0 won the last load (reset 0, as
// every control register, so engine 0 wins the first)
reg                    turn_q, turn_d;

// Owner queue: a bit an entry, 1 for engine 1
reg [BURSTS-1:0]       owner_q;
reg [QW-1:0]           wr_ptr_q, wr_ptr_d;
reg [QW-1:0]           rd_ptr_q, rd_ptr_d;
reg [QW:0]             count_q, count_d;

// ---------------------------------------------------------------------------
// AR

wire                   q_room = count_q != BURSTS_Q;
wire                   q_any = count_q != {(QW + 1){1'b0}};
wire                   ar_free = !arvalid_q || m_axi_arready;
wire                   ar_load = ar_free && q_room && (s0_axi_arvalid || s1_axi_arvalid);
// Engine 1 wins when it alone asks, or both ask and it has the turn.
wire                   pick1 = s1_axi_arvalid && (!s0_axi_arvalid || turn_q);

// ---------------------------------------------------------------------------
// R

wire                   head = owner_q[rd_ptr_q];
wire                   r_take = m_axi_rvalid && m_axi_rready;
wire                   r_pop = r_take && m_axi_rlast;

// ---------------------------------------------------------------------------
// Next state

always @* begin
    arvalid_d = arvalid_q && !m_axi_arready;
    turn_d = turn_q;
    wr_ptr_d = wr_ptr_q;
    rd_ptr_d = rd_ptr_q;
    if (ar_load) begin
        arvalid_d = 1'b1;
        turn_d = !pick1;
        wr_ptr_d = wr_ptr_q + 1'b1;
    end
    if (r_pop) rd_ptr_d = rd_ptr_q + 1'b1;
    count_d = count_q + {{QW{1'b0}}, ar_load} - {{QW{1'b0}}, r_pop};
end

always @(posedge clk) begin
    arvalid_q <= arvalid_d;
    turn_q <= turn_d;
    wr_ptr_q <= wr_ptr_d;
    rd_ptr_q <= rd_ptr_d;
    count_q <= count_d;

    if (ar_load) begin
        araddr_q <= pick1 ? s1_axi_araddr : s0_axi_araddr;
        arlen_q <= pick1 ? s1_axi_arlen : s0_axi_arlen;
        arsize_q <= pick1 ? s1_axi_arsize : s0_axi_arsize;
        arburst_q <= pick1 ? s1_axi_arburst : s0_axi_arburst;
        arcache_q <= pick1 ? s1_axi_arcache : s0_axi_arcache;
        arprot_q <= pick1 ? s1_axi_arprot : s0_axi_arprot;
        owner_q[wr_ptr_q] <= pick1;
    end

    if (rst) begin
        arvalid_q <= 1'b0;
        // engine 0 wins the first tie
        turn_q <= 1'b0;
        wr_ptr_q <= {QW{1'b0}};
        rd_ptr_q <= {QW{1'b0}};
        count_q <= {(QW + 1){1'b0}};
    end
end

assign s0_axi_arready = ar_load && !pick1;
assign s1_axi_arready = ar_load && pick1;

assign s0_axi_rdata = m_axi_rdata;
assign s0_axi_rresp = m_axi_rresp;
assign s0_axi_rlast = m_axi_rlast;
assign s0_axi_rvalid = m_axi_rvalid && q_any && !head;
assign s1_axi_rdata = m_axi_rdata;
assign s1_axi_rresp = m_axi_rresp;
assign s1_axi_rlast = m_axi_rlast;
assign s1_axi_rvalid = m_axi_rvalid && q_any && head;
assign m_axi_rready = q_any && (head ? s1_axi_rready : s0_axi_rready);

assign m_axi_araddr = araddr_q;
assign m_axi_arlen = arlen_q;
assign m_axi_arsize = arsize_q;
assign m_axi_arburst = arburst_q;
assign m_axi_arcache = arcache_q;
assign m_axi_arprot = arprot_q;
assign m_axi_arvalid = arvalid_q;

// ---------------------------------------------------------------------------
// Assertions (simulation only; Verilator with --assert)
`ifdef VERILATOR
always @(posedge clk) begin
    if (!rst) begin
        // the queue never overflows (whatever the inputs: an AR in the register
        // also has its owner queued, but only while the memory sends no R beat
        // before taking its AR, which the tests' random inputs do)
        assert (count_q <= BURSTS_Q);
        // the pointers and the count agree
        assert ({1'b0, wr_ptr_q - rd_ptr_q} == (count_q == BURSTS_Q ? {(QW + 1){1'b0}} : count_q));
    end
end
`endif

endmodule

`resetall
`default_nettype wire
