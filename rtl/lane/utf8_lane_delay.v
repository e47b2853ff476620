// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * A delay line of STAGES clocks, for the side band that must meet a
 * pipelined result (utf8_string_validator: its scans, its counts' status).
 * The top bit is a valid flag and the only bit reset, so that the data bits
 * need no reset logic. STAGES 0 passes the input through.
 *
 * From RAM_FROM stages on, the data bits go through a small RAM rather than a
 * chain of flops: a circular buffer written every clock and read STAGES-1
 * entries behind, into an output register. On ECP5 that is distributed RAM,
 * 16 entries of 4 bits a cell: at LANES 64 the string validator's lines held
 * about 1,100 flops of its 11,400, and the flops spread the block over more of
 * the device. The valid flags stay a chain of flops, which reset clears; the
 * RAM's data bits are meaningful only under a valid flag.
 */
module utf8_lane_delay #(
    // bits per stage, the top one a valid flag
    parameter WIDTH = 2,
    // registers in the line, 0 or more
    parameter STAGES = 1,
    // the fewest STAGES whose data bits go through a RAM (at least 2)
    parameter RAM_FROM = 4
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [WIDTH-1:0] in_data,
    output wire [WIDTH-1:0] out_data
);

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation.
generate
    if (WIDTH < 1) begin : g_check_width
        error_WIDTH_must_be_at_least_1 stop ();
    end
    if (RAM_FROM < 2) begin : g_check_ram_from
        error_RAM_FROM_must_be_at_least_2 stop ();
    end
endgenerate

generate
    if (STAGES == 0) begin : g_wire
        assign out_data = in_data;
        wire unused_clk_rst = &{1'b0, clk, rst, 1'b0};
    end else if (STAGES >= RAM_FROM && WIDTH > 1) begin : g_ram
        localparam AW = (STAGES <= 16) ? 4 : $clog2(STAGES);
        reg [WIDTH-2:0] mem [0:(1 << AW)-1];
        reg [AW-1:0]    wr_ptr_q;
        reg [AW-1:0]    rd_ptr_q;   // always wr_ptr_q - (STAGES - 1)
        reg [WIDTH-2:0] out_q;
        reg [STAGES-1:0] valid_q;
        localparam [31:0] BEHIND = STAGES - 1;
        always @(posedge clk) begin
            mem[wr_ptr_q] <= in_data[WIDTH-2:0];
            out_q    <= mem[rd_ptr_q];
            wr_ptr_q <= wr_ptr_q + 1'b1;
            rd_ptr_q <= rd_ptr_q + 1'b1;
            valid_q  <= {valid_q[STAGES-2:0], in_data[WIDTH-1]};
            if (rst) begin
                wr_ptr_q <= {AW{1'b0}};
                rd_ptr_q <= {AW{1'b0}} - BEHIND[AW-1:0];
                valid_q  <= {STAGES{1'b0}};
            end
        end
        assign out_data = {valid_q[STAGES-1], out_q};
    end else begin : g_line
        // stage i at [WIDTH*i +: WIDTH]: a flat vector rather than an array,
        // which Yosys would turn into registers with a warning
        reg  [WIDTH*STAGES-1:0]     line_q;
        wire [WIDTH*(STAGES+1)-1:0] chain = {line_q, in_data};
        wire unused_chain = &{1'b0, chain[WIDTH*STAGES +: WIDTH], 1'b0};
        integer i;
        always @(posedge clk) begin
            line_q <= chain[WIDTH*STAGES-1:0];
            if (rst) begin
                for (i = 0; i < STAGES; i = i + 1) begin
                    line_q[WIDTH*i + WIDTH-1] <= 1'b0;
                end
            end
        end
        assign out_data = line_q[WIDTH*(STAGES-1) +: WIDTH];
    end
endgenerate

endmodule

`resetall
`default_nettype wire
