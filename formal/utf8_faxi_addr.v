// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * The rules of one AXI4 address channel (AR or AW) of a master, asserted: the
 * part that utf8_faxi_rd and utf8_faxi_wr share. From the AXI4 protocol (ARM
 * IHI 0022, A3.2, A3.4):
 *  - no VALID the clock after reset;
 *  - an address offered and not taken stays offered with its payload unchanged;
 *  - every burst INCR, beats of the full bus width (SIZE = log2 of its bytes),
 *    an address aligned to a beat, at most MAX_BURST beats, and inside one
 *    4 KiB page (A3.4.1: a burst must not cross a 4 KB boundary).
 * With F_COVER it also covers a burst cut short at a page's end followed by a
 * burst from the next page's first byte: the bound reaches the 4 KiB rule.
 */
module utf8_faxi_addr #(
    parameter ADDR_W = 16,
    parameter DATA_W = 64,
    parameter MAX_BURST = 4
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [ADDR_W-1:0] addr,
    input  wire [7:0]        len,
    input  wire [2:0]        size,
    input  wire [1:0]        burst,
    input  wire              valid,
    input  wire              ready
);

localparam BYTES = DATA_W / 8;
localparam LOG_BYTES = $clog2(BYTES);
localparam [2:0] SIZE = LOG_BYTES;

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;

always @(posedge clk) begin
    if (f_past_valid && $past(rst)) begin
        assert (!valid);
    end
    if (f_past_valid && !$past(rst) && !rst && $past(valid) && !$past(ready)) begin
        assert (valid);
        assert ($stable(addr));
        assert ($stable(len));
        assert ($stable(size));
        assert ($stable(burst));
    end
end

// the byte after the burst, within its page (4096 when it ends the page)
wire [12:0] f_end = {1'b0, addr[11:0]} + (({5'd0, len} + 13'd1) << LOG_BYTES);
always @(*) begin
    if (f_past_valid && !rst && valid) begin
        assert (burst == 2'b01);
        assert (size == SIZE);
        assert ((addr & (BYTES - 1)) == 0);
        assert ({1'b0, len} < MAX_BURST);
        assert (f_end <= 13'd4096);
    end
end

`ifdef F_COVER
reg f_cut = 1'b0;
always @(posedge clk) begin
    if (rst) begin
        f_cut <= 1'b0;
    end else if (valid && ready && {1'b0, len} < MAX_BURST - 1 && f_end == 13'd4096) begin
        f_cut <= 1'b1;
    end
end
always @(posedge clk) begin
    if (f_past_valid && !rst) begin
        cover (f_cut && valid && ready && addr[11:0] == 12'd0);
    end
end
`endif

endmodule

`default_nettype wire
