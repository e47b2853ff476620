// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the kernel's AXI4-Lite port (rtl/kernel/utf8_kernel_regs.v,
 * which utf8_kernel connects straight to its s_axil_* ports) at DATA_WIDTH 64.
 * The manager's side is free within the AXI4-Lite rules (utf8_faxil), and so
 * are the core's side (job_done and every result, any value on any clock): the
 * proof then holds whatever the rest of the kernel does.
 *   prove  utf8_faxil's rules on the slave, by k-induction
 *   cover  a write answered and then a read answered, with both ready held low
 *          a clock first
 */
module utf8_kernel_regs_formal (
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
    input  wire        job_done,
    input  wire [5:0]  res_status,
    input  wire [2:0]  res_err_class,
    input  wire [63:0] res_err_offset,
    input  wire [63:0] res_in_bytes,
    input  wire [63:0] res_out_bytes,
    input  wire [63:0] res_units,
    input  wire [63:0] res_utf16_units,
    input  wire [63:0] res_cycles,
    input  wire [191:0] res_class_count,
    input  wire [63:0] res_bad_strings,
    input  wire [63:0] res_first_bad
);

wire        s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid;
wire [1:0]  s_axil_bresp, s_axil_rresp;
wire [31:0] s_axil_rdata;

utf8_kernel_regs #(
    .DATA_WIDTH(64),
    .OPS(8'h0F),
    .ADDR_WIDTH(64)
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
    .job_start(),
    .job_op(),
    .job_flags(),
    .job_src(),
    .job_len(),
    .job_dst(),
    .job_cap(),
    .job_offsets(),
    .job_count(),
    .res_ready(),
    .job_done(job_done),
    .res_status(res_status),
    .res_err_class(res_err_class),
    .res_err_offset(res_err_offset),
    .res_in_bytes(res_in_bytes),
    .res_out_bytes(res_out_bytes),
    .res_units(res_units),
    .res_utf16_units(res_utf16_units),
    .res_cycles(res_cycles),
    .res_class_count(res_class_count),
    .res_bad_strings(res_bad_strings),
    .res_first_bad(res_first_bad),
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

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;

// the first clock is a reset
always @(*) begin
    if (!f_past_valid) begin
        assume (rst);
    end
end

`include "utf8_kernel_regs_inv.vh"

`ifdef F_COVER
reg f_wrote = 1'b0;
always @(posedge clk) begin
    if (rst) begin
        f_wrote <= 1'b0;
    end else if (s_axil_bvalid && s_axil_bready && $past(s_axil_bvalid) && !$past(s_axil_bready)) begin
        f_wrote <= 1'b1;
    end
end
always @(posedge clk) begin
    if (f_past_valid && !rst) begin
        cover (f_wrote && s_axil_rvalid && s_axil_rready && $past(s_axil_rvalid) && !$past(s_axil_rready));
    end
end
`endif

endmodule

`default_nettype wire
