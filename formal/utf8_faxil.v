// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * AXI4-Lite rules of one slave port, in the manner of ZipCPU's faxil_slave:
 * what the manager may do is ASSUMED, what the slave must do is ASSERTED.
 * Written from the AXI4-Lite protocol (AMBA AXI and ACE Protocol
 * Specification, ARM IHI 0022, sections A3.1 to A3.3 and B1):
 *  - in reset and the clock after it every VALID of either side is low (the
 *    manager's while reset is high, the slave's the clock after);
 *  - a VALID offered and not taken stays offered, its payload unchanged (AW,
 *    W, AR from the manager; B, R from the slave);
 *  - a write response only for a write whose address and data have both been
 *    taken, a read response only for a read address taken, and never more of
 *    them in flight than the slave says it holds (F_MAX_WR, F_MAX_RD);
 *  - every response is OKAY or SLVERR (AXI4-Lite has no EXOKAY).
 * The counts of requests taken and not yet answered (f_aw_out, f_w_out,
 * f_ar_out) are outputs, so that a harness can tie them to the slave's own
 * registers: the invariants k-induction needs.
 */
module utf8_faxil #(
    parameter ADDR_W = 12,
    parameter F_MAX_WR = 2,    // writes (address or data) taken and not answered
    parameter F_MAX_RD = 1,    // reads taken and not answered
    parameter CNT_W = 3
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [ADDR_W-1:0] awaddr,
    input  wire [2:0]        awprot,
    input  wire              awvalid,
    input  wire              awready,
    input  wire [31:0]       wdata,
    input  wire [3:0]        wstrb,
    input  wire              wvalid,
    input  wire              wready,
    input  wire [1:0]        bresp,
    input  wire              bvalid,
    input  wire              bready,
    input  wire [ADDR_W-1:0] araddr,
    input  wire [2:0]        arprot,
    input  wire              arvalid,
    input  wire              arready,
    input  wire [31:0]       rdata,
    input  wire [1:0]        rresp,
    input  wire              rvalid,
    input  wire              rready,
    output reg  [CNT_W-1:0]  f_aw_out,
    output reg  [CNT_W-1:0]  f_w_out,
    output reg  [CNT_W-1:0]  f_ar_out
);

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;

wire aw_take = awvalid && awready;
wire w_take  = wvalid && wready;
wire b_take  = bvalid && bready;
wire ar_take = arvalid && arready;
wire r_take  = rvalid && rready;

// The manager: nothing offered before the first clock or in reset.
always @(*) begin
    if (!f_past_valid || rst) begin
        assume (!awvalid);
        assume (!wvalid);
        assume (!arvalid);
    end
end

always @(posedge clk) begin
    if (f_past_valid && !$past(rst) && !rst) begin
        // the manager holds what it offers
        if ($past(awvalid) && !$past(awready)) begin
            assume (awvalid);
            assume ($stable(awaddr));
            assume ($stable(awprot));
        end
        if ($past(wvalid) && !$past(wready)) begin
            assume (wvalid);
            assume ($stable(wdata));
            assume ($stable(wstrb));
        end
        if ($past(arvalid) && !$past(arready)) begin
            assume (arvalid);
            assume ($stable(araddr));
            assume ($stable(arprot));
        end
        // and so does the slave
        if ($past(bvalid) && !$past(bready)) begin
            assert (bvalid);
            assert ($stable(bresp));
        end
        if ($past(rvalid) && !$past(rready)) begin
            assert (rvalid);
            assert ($stable(rdata));
            assert ($stable(rresp));
        end
    end
    // the clock after reset the slave offers no response
    if (f_past_valid && $past(rst)) begin
        assert (!bvalid);
        assert (!rvalid);
    end
end

// Requests taken and not answered.
always @(posedge clk) begin
    if (rst) begin
        f_aw_out <= {CNT_W{1'b0}};
        f_w_out  <= {CNT_W{1'b0}};
        f_ar_out <= {CNT_W{1'b0}};
    end else begin
        f_aw_out <= f_aw_out + aw_take - b_take;
        f_w_out  <= f_w_out + w_take - b_take;
        f_ar_out <= f_ar_out + ar_take - r_take;
    end
end

initial f_aw_out = {CNT_W{1'b0}};
initial f_w_out = {CNT_W{1'b0}};
initial f_ar_out = {CNT_W{1'b0}};

always @(*) begin
    if (f_past_valid && !rst) begin
        // no response without its request
        if (bvalid) begin
            assert (f_aw_out != 0);
            assert (f_w_out != 0);
        end
        if (rvalid) begin
            assert (f_ar_out != 0);
        end
        // never more in flight than the slave holds
        assert (f_aw_out <= F_MAX_WR);
        assert (f_w_out <= F_MAX_WR);
        assert (f_ar_out <= F_MAX_RD);
        // AXI4-Lite responses: OKAY (0) or SLVERR (2)
        if (bvalid) assert (bresp == 2'b00 || bresp == 2'b10);
        if (rvalid) assert (rresp == 2'b00 || rresp == 2'b10);
    end
end

endmodule

`default_nettype wire
