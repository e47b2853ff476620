// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * AXI4-Stream rules of one port (docs/interface.md), written once and used on
 * both sides of a block, as ZipCPU's faxis_master/faxis_slave: with
 * F_INPUT = 1 the port is the block's input and the rules are ASSUMED (they
 * describe what the environment may do); with F_INPUT = 0 it is the block's
 * output and the same rules are ASSERTED. The rules:
 *  - the clock after reset tvalid is low (and at an input, the first clock);
 *  - a beat offered and not taken stays offered, with tdata, tkeep, tuser and
 *    tlast unchanged, until it is taken (unless reset comes between);
 *  - with F_KEEP: tkeep is contiguous from lane 0 and keeps at least one lane;
 *  - with F_FULL: only a packet's last beat may keep fewer than KEEP_W lanes
 *    (byte streams; not the encoder's or wide decoder's outputs, whose beats
 *    are one code point's octets or however many units a beat has).
 * It also counts beats and packets taken since reset (f_beats, f_packets) and
 * says whether a packet is open (f_open), for the harnesses' conservation
 * checks.
 *
 * Parameters:
 *  DATA_W, KEEP_W, USER_W  port widths (KEEP_W 1 and tkeep tied high when the
 *                          port has no tkeep)
 *  F_INPUT                 1 assume, 0 assert
 *  F_KEEP                  check tkeep's shape
 *  F_FULL                  only the last beat of a packet may be partial
 *  CNT_W                   width of the beat and packet counters (they wrap)
 */
module utf8_faxis #(
    parameter DATA_W = 8,
    parameter KEEP_W = 1,
    parameter USER_W = 1,
    parameter F_INPUT = 1,
    parameter F_KEEP = 0,
    parameter F_FULL = 0,
    parameter CNT_W = 8
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [DATA_W-1:0] tdata,
    input  wire [KEEP_W-1:0] tkeep,
    input  wire [USER_W-1:0] tuser,
    input  wire              tvalid,
    input  wire              tready,
    input  wire              tlast,
    output reg  [CNT_W-1:0]  f_beats,
    output reg  [CNT_W-1:0]  f_packets,
    output reg               f_open
);

// The one switch between the two sides: the same expression is a constraint
// on the environment at an input and an obligation of the block at an output.
`define FAXIS_RULE(x) if (F_INPUT != 0) assume(x); else assert(x)

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;

wire take = tvalid && tready;

// Before the first reset only the environment is held to it: a block's
// registers have no defined value until reset (the wide blocks reset their
// control flops and give them no initial value).
always @(*) begin
    if (!f_past_valid && F_INPUT != 0) begin
        assume (!tvalid);
    end
end

always @(posedge clk) begin
    if (f_past_valid && $past(rst)) begin
        `FAXIS_RULE(!tvalid);
    end
    if (f_past_valid && !$past(rst) && $past(tvalid) && !$past(tready)) begin
        `FAXIS_RULE(tvalid);
        `FAXIS_RULE($stable(tdata));
        `FAXIS_RULE($stable(tkeep));
        `FAXIS_RULE($stable(tuser));
        `FAXIS_RULE($stable(tlast));
    end
end

// tkeep + 1 is a power of two exactly when the kept lanes are 0..n-1
wire [KEEP_W:0] keep_plus = {1'b0, tkeep} + 1'b1;
// (a block's outputs only from the clock after the first reset)
wire checked = f_past_valid || F_INPUT != 0;
always @(*) begin
    if (checked && tvalid && F_KEEP != 0) begin
        `FAXIS_RULE(tkeep[0]);
        `FAXIS_RULE(({1'b0, tkeep} & keep_plus) == {(KEEP_W+1){1'b0}});
    end
    if (checked && tvalid && F_FULL != 0 && !tlast) begin
        `FAXIS_RULE(&tkeep);
    end
end

// Counters for the harnesses
initial f_beats = {CNT_W{1'b0}};
initial f_packets = {CNT_W{1'b0}};
initial f_open = 1'b0;
always @(posedge clk) begin
    if (take) begin
        f_beats <= f_beats + 1'b1;
        f_open <= !tlast;
        if (tlast) f_packets <= f_packets + 1'b1;
    end
    if (rst) begin
        f_beats <= {CNT_W{1'b0}};
        f_packets <= {CNT_W{1'b0}};
        f_open <= 1'b0;
    end
end

`undef FAXIS_RULE

endmodule

`default_nettype wire
