// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the whole kernel (rtl/kernel/utf8_kernel.v) at DATA_WIDTH
 * 64, on its ports: the AXI4-Lite rules on s_axil (utf8_faxil), the AXI4 read
 * and write rules on m_axi (utf8_faxi_rd, utf8_faxi_wr: 4 KiB boundaries,
 * bursts in flight, RLAST/WLAST, B only after a burst's last W). The host and
 * the memory are free within those rules on every clock: any register
 * written, any job started, any bytes and response codes read back.
 * ADDR_WIDTH 16, bursts of at most 4 beats, 2 in flight, so that a few dozen
 * clocks reach bursts cut at a page's end.
 *
 * The kernel is built with VALIDATE alone (OPS 1): its ports are then the
 * register block's and the read engine's, and the harness includes their own
 * invariants (utf8_kernel_regs_inv.vh, utf8_kernel_rd_inv.vh), so k-induction
 * proves the rules whatever the rest of the kernel drives into them; the write
 * port must stay idle. (With a write OP the first write burst is answered at
 * step 53 of a cover, twelve minutes of solving: too deep for these tasks.)
 *
 * F_COVER: a CONTINUE/PARTIAL chain through the registers. A PARTIAL job ends
 * with bytes held (STATUS.HELD), and a later CONTINUE job completes them
 * without an error or bytes held, its UNITS counting the unit it finished.
 */
module utf8_kernel_formal (
    input  wire        clk,
    input  wire        rst,
    input  wire [11:0] s_axil_awaddr,
    input  wire [2:0]  s_axil_awprot,
    input  wire        s_axil_awvalid,
    input  wire [31:0] s_axil_wdata,
    input  wire [3:0]  s_axil_wstrb,
    input  wire        s_axil_wvalid,
    input  wire        s_axil_bready,
    input  wire [11:0] s_axil_araddr,
    input  wire [2:0]  s_axil_arprot,
    input  wire        s_axil_arvalid,
    input  wire        s_axil_rready,
    input  wire        m_axi_awready,
    input  wire        m_axi_wready,
    input  wire [1:0]  m_axi_bresp,
    input  wire        m_axi_bvalid,
    input  wire        m_axi_arready,
    input  wire [63:0] m_axi_rdata,
    input  wire [1:0]  m_axi_rresp,
    input  wire        m_axi_rlast,
    input  wire        m_axi_rvalid
);

wire        s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid;
wire [1:0]  s_axil_bresp, s_axil_rresp;
wire [31:0] s_axil_rdata;
wire [15:0] m_axi_awaddr, m_axi_araddr;
wire [7:0]  m_axi_awlen, m_axi_arlen;
wire [2:0]  m_axi_awsize, m_axi_arsize;
wire [1:0]  m_axi_awburst, m_axi_arburst;
wire        m_axi_awvalid, m_axi_arvalid;
wire [63:0] m_axi_wdata;
wire [7:0]  m_axi_wstrb;
wire        m_axi_wlast, m_axi_wvalid, m_axi_bready, m_axi_rready;

utf8_kernel #(
    .DATA_WIDTH(64),
    .ADDR_WIDTH(16),
    .RD_BURST(4),
    .RD_OUTSTANDING(2),
    .WR_BURST(4),
    .WR_FIFO(8),
    .OPS(1)
) dut (
    .clk(clk),
    .rst(rst),
    .s_axil_awaddr(s_axil_awaddr),
    .s_axil_awprot(s_axil_awprot),
    .s_axil_awvalid(s_axil_awvalid),
    .s_axil_awready(s_axil_awready),
    .s_axil_wdata(s_axil_wdata),
    .s_axil_wstrb(s_axil_wstrb),
    .s_axil_wvalid(s_axil_wvalid),
    .s_axil_wready(s_axil_wready),
    .s_axil_bresp(s_axil_bresp),
    .s_axil_bvalid(s_axil_bvalid),
    .s_axil_bready(s_axil_bready),
    .s_axil_araddr(s_axil_araddr),
    .s_axil_arprot(s_axil_arprot),
    .s_axil_arvalid(s_axil_arvalid),
    .s_axil_arready(s_axil_arready),
    .s_axil_rdata(s_axil_rdata),
    .s_axil_rresp(s_axil_rresp),
    .s_axil_rvalid(s_axil_rvalid),
    .s_axil_rready(s_axil_rready),
    .m_axi_awaddr(m_axi_awaddr),
    .m_axi_awlen(m_axi_awlen),
    .m_axi_awsize(m_axi_awsize),
    .m_axi_awburst(m_axi_awburst),
    .m_axi_awcache(),
    .m_axi_awprot(),
    .m_axi_awvalid(m_axi_awvalid),
    .m_axi_awready(m_axi_awready),
    .m_axi_wdata(m_axi_wdata),
    .m_axi_wstrb(m_axi_wstrb),
    .m_axi_wlast(m_axi_wlast),
    .m_axi_wvalid(m_axi_wvalid),
    .m_axi_wready(m_axi_wready),
    .m_axi_bresp(m_axi_bresp),
    .m_axi_bvalid(m_axi_bvalid),
    .m_axi_bready(m_axi_bready),
    .m_axi_araddr(m_axi_araddr),
    .m_axi_arlen(m_axi_arlen),
    .m_axi_arsize(m_axi_arsize),
    .m_axi_arburst(m_axi_arburst),
    .m_axi_arcache(),
    .m_axi_arprot(),
    .m_axi_arvalid(m_axi_arvalid),
    .m_axi_arready(m_axi_arready),
    .m_axi_rdata(m_axi_rdata),
    .m_axi_rresp(m_axi_rresp),
    .m_axi_rlast(m_axi_rlast),
    .m_axi_rvalid(m_axi_rvalid),
    .m_axi_rready(m_axi_rready),
    .irq()
);

wire [2:0] f_aw_out, f_w_out, f_ar_out;

utf8_faxil #(
    .ADDR_W(12),
    .F_MAX_WR(2),
    .F_MAX_RD(2),
    .CNT_W(3)
) faxil (
    .clk(clk),
    .rst(rst),
    .awaddr(s_axil_awaddr),
    .awprot(s_axil_awprot),
    .awvalid(s_axil_awvalid),
    .awready(s_axil_awready),
    .wdata(s_axil_wdata),
    .wstrb(s_axil_wstrb),
    .wvalid(s_axil_wvalid),
    .wready(s_axil_wready),
    .bresp(s_axil_bresp),
    .bvalid(s_axil_bvalid),
    .bready(s_axil_bready),
    .araddr(s_axil_araddr),
    .arprot(s_axil_arprot),
    .arvalid(s_axil_arvalid),
    .arready(s_axil_arready),
    .rdata(s_axil_rdata),
    .rresp(s_axil_rresp),
    .rvalid(s_axil_rvalid),
    .rready(s_axil_rready),
    .f_aw_out(f_aw_out),
    .f_w_out(f_w_out),
    .f_ar_out(f_ar_out)
);

wire [1:0]  f_out;
wire [15:0] f_due;

utf8_faxi_rd #(
    .ADDR_W(16),
    .DATA_W(64),
    .MAX_BURST(4),
    .F_MAX_OUT(2),
    .OUT_W(2)
) faxi_rd (
    .clk(clk),
    .rst(rst),
    .araddr(m_axi_araddr),
    .arlen(m_axi_arlen),
    .arsize(m_axi_arsize),
    .arburst(m_axi_arburst),
    .arvalid(m_axi_arvalid),
    .arready(m_axi_arready),
    .rdata(m_axi_rdata),
    .rresp(m_axi_rresp),
    .rlast(m_axi_rlast),
    .rvalid(m_axi_rvalid),
    .rready(m_axi_rready),
    .f_out(f_out),
    .f_due(f_due)
);

utf8_faxi_wr #(
    .ADDR_W(16),
    .DATA_W(64),
    .MAX_BURST(4),
    .F_MAX_AHEAD(4),
    .CNT_W(4)
) faxi_wr (
    .clk(clk),
    .rst(rst),
    .awaddr(m_axi_awaddr),
    .awlen(m_axi_awlen),
    .awsize(m_axi_awsize),
    .awburst(m_axi_awburst),
    .awvalid(m_axi_awvalid),
    .awready(m_axi_awready),
    .wdata(m_axi_wdata),
    .wstrb(m_axi_wstrb),
    .wlast(m_axi_wlast),
    .wvalid(m_axi_wvalid),
    .wready(m_axi_wready),
    .bresp(m_axi_bresp),
    .bvalid(m_axi_bvalid),
    .bready(m_axi_bready)
);

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;

// the first clock is a reset
always @(*) begin
    if (!f_past_valid) begin
        assume (rst);
    end
end

`ifdef F_INDUCT
// VALIDATE alone writes nothing: the write port stays idle.
always @(*) begin
    if (f_past_valid && !rst) begin
        assert (!m_axi_awvalid);
        assert (!m_axi_wvalid);
    end
end
// The core's state flags agree with its state (driven by the .sby script):
// ST_RUN is 2, ST_DONE 3.
wire [2:0] f_k_state;
wire       f_k_run, f_k_done_st;
always @(*) begin
    if (f_past_valid && !rst) begin
        assert (f_k_run == (f_k_state == 3'd2));
        assert (f_k_done_st == (f_k_state == 3'd3));
    end
end
`include "utf8_kernel_regs_inv.vh"
`include "utf8_kernel_rd_inv.vh"
`endif

`ifdef F_COVER
// The kernel's job results as the register block latches them (driven by
// the .sby script)
wire        f_k_done;
wire [5:0]  f_k_status;
wire [63:0] f_k_units;
wire        f_k_cont;
reg         f_held = 1'b0;
// The scenario only: a host that writes registers and takes every response at
// once, a memory that takes every AR at once and answers OKAY, no reset after
// the first clock. (Fewer free inputs: the solver finds the 70-clock trace
// sooner.)
always @(*) begin
    if (f_past_valid) begin
        assume (!rst);
    end
    assume (!s_axil_arvalid);
    assume (s_axil_bready);
    assume (s_axil_rready);
    assume (s_axil_wstrb == 4'hF);
    assume (m_axi_arready);
    assume (m_axi_rresp == 2'b00);
end
always @(posedge clk) begin
    if (rst) begin
        f_held <= 1'b0;
    end else if (f_k_done && f_k_status[3]) begin
        f_held <= 1'b1;
    end
end
always @(posedge clk) begin
    if (f_past_valid && !rst) begin
        // the steps on the way, so that a cover that fails shows how far it got
        cover (f_k_done);
        cover (f_k_done && f_k_status[3]);
        cover (f_held && f_k_done && f_k_cont);
        cover (f_held && f_k_done && f_k_cont && f_k_status[3] == 1'b0 &&
               f_k_status[0] == 1'b0 && f_k_units != 64'd0);
    end
end
`endif

endmodule

`default_nettype wire
