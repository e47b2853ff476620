// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Simple dual-port RAM read in two clocks: a read register (loaded when
 * rd_en is high, from rd_addr) and an output register after it (loaded when
 * out_en is high, from the read register). rd_data is the output register.
 * One write port (wr_en, wr_addr, wr_data), one clock for both.
 *
 * Why a wrapper: Yosys maps an inferred RAM on ECP5 to DP16KD with its
 * output register off (REGMODE "NOREG", in its ecp5/brams_map.v), and
 * nextpnr-ecp5 times that block's clock to output at 5.83 ns, so any path from
 * an inferred block RAM ends below about 150 MHz however little logic follows
 * (scripts/ecp5_bram_regmode.py: 147.3 MHz NOREG, 536.2 MHz OUTREG). Yosys
 * 0.23's memory library has no option for the output register. With
 * UTF8CORE_ECP5 defined (scripts/fpga_flow_ecp5.py defines it), the RAM is
 * DP16KD blocks instantiated by hand, 36 bits wide (write on port A, read on
 * port B, wired as Yosys's own PDPW16KD mapping wires them), with REGMODE
 * "OUTREG": the output register is the block's own. Otherwise (simulation,
 * formal, every other target, or DEPTH above a block's 512 words at 36 bits)
 * the two registers are behavioural, and a tool that can put the second into
 * the RAM (Vivado's DOB_REG) does so by itself.
 *
 * Reading and writing one address in one clock is not used by the read
 * engine (it reads only what was written earlier) and is left undefined.
 */
module utf8_bram_sdp #(
    parameter WIDTH = 64,
    parameter DEPTH = 128
) (
    input  wire                     clk,

    input  wire                     wr_en,
    input  wire [$clog2(DEPTH)-1:0] wr_addr,
    input  wire [WIDTH-1:0]         wr_data,

    input  wire                     rd_en,
    input  wire [$clog2(DEPTH)-1:0] rd_addr,
    input  wire                     out_en,
    output wire [WIDTH-1:0]         rd_data
);

localparam AW = $clog2(DEPTH);

generate
    if (DEPTH < 2 || (1 << AW) != DEPTH) begin : g_check_depth
        error_DEPTH_must_be_a_power_of_two_at_least_2 stop ();
    end
endgenerate

`ifdef UTF8CORE_ECP5
generate
    if (DEPTH <= 512) begin : g_ecp5
        localparam TILES = (WIDTH + 35) / 36;
        wire [36*TILES-1:0] din = wr_data;  // zero-extended
        wire [36*TILES-1:0] dout;
        // word address in bits 13:5 (36-bit words, as Yosys wires it);
        // bits 3:0 of the write address are the byte enables
        wire [8:0] wa = wr_addr;  // zero-extended
        wire [8:0] ra = rd_addr;
        genvar t;
        for (t = 0; t < TILES; t = t + 1) begin : g_tile
            wire [35:0] d = din[36*t +: 36];
            DP16KD #(
                .DATA_WIDTH_A(36),
                .DATA_WIDTH_B(36),
                .REGMODE_A("OUTREG"),
                .REGMODE_B("OUTREG"),
                .RESETMODE("SYNC"),
                .ASYNC_RESET_RELEASE("SYNC"),
                .CSDECODE_A("0b000"),
                .CSDECODE_B("0b000"),
                .GSR("AUTO")
            ) ram (
                .CLKA(clk), .WEA(1'b1), .CEA(wr_en), .OCEA(out_en), .RSTA(1'b0),
                .CSA0(1'b0), .CSA1(1'b0), .CSA2(1'b0),
                .ADA0(wr_en), .ADA1(wr_en), .ADA2(wr_en), .ADA3(wr_en), .ADA4(1'b0),
                .ADA5(wa[0]), .ADA6(wa[1]), .ADA7(wa[2]), .ADA8(wa[3]), .ADA9(wa[4]),
                .ADA10(wa[5]), .ADA11(wa[6]), .ADA12(wa[7]), .ADA13(wa[8]),
                .DIA0(d[0]), .DIA1(d[1]), .DIA2(d[2]), .DIA3(d[3]), .DIA4(d[4]),
                .DIA5(d[5]), .DIA6(d[6]), .DIA7(d[7]), .DIA8(d[8]), .DIA9(d[9]),
                .DIA10(d[10]), .DIA11(d[11]), .DIA12(d[12]), .DIA13(d[13]),
                .DIA14(d[14]), .DIA15(d[15]), .DIA16(d[16]), .DIA17(d[17]),
                .DIB0(d[18]), .DIB1(d[19]), .DIB2(d[20]), .DIB3(d[21]), .DIB4(d[22]),
                .DIB5(d[23]), .DIB6(d[24]), .DIB7(d[25]), .DIB8(d[26]), .DIB9(d[27]),
                .DIB10(d[28]), .DIB11(d[29]), .DIB12(d[30]), .DIB13(d[31]),
                .DIB14(d[32]), .DIB15(d[33]), .DIB16(d[34]), .DIB17(d[35]),
                .CLKB(clk), .WEB(1'b0), .CEB(rd_en), .OCEB(out_en), .RSTB(1'b0),
                .CSB0(1'b0), .CSB1(1'b0), .CSB2(1'b0),
                .ADB0(1'b0), .ADB1(1'b0), .ADB2(1'b0), .ADB3(1'b0), .ADB4(1'b0),
                .ADB5(ra[0]), .ADB6(ra[1]), .ADB7(ra[2]), .ADB8(ra[3]), .ADB9(ra[4]),
                .ADB10(ra[5]), .ADB11(ra[6]), .ADB12(ra[7]), .ADB13(ra[8]),
                .DOA0(dout[36*t+0]), .DOA1(dout[36*t+1]), .DOA2(dout[36*t+2]),
                .DOA3(dout[36*t+3]), .DOA4(dout[36*t+4]), .DOA5(dout[36*t+5]),
                .DOA6(dout[36*t+6]), .DOA7(dout[36*t+7]), .DOA8(dout[36*t+8]),
                .DOA9(dout[36*t+9]), .DOA10(dout[36*t+10]), .DOA11(dout[36*t+11]),
                .DOA12(dout[36*t+12]), .DOA13(dout[36*t+13]), .DOA14(dout[36*t+14]),
                .DOA15(dout[36*t+15]), .DOA16(dout[36*t+16]), .DOA17(dout[36*t+17]),
                .DOB0(dout[36*t+18]), .DOB1(dout[36*t+19]), .DOB2(dout[36*t+20]),
                .DOB3(dout[36*t+21]), .DOB4(dout[36*t+22]), .DOB5(dout[36*t+23]),
                .DOB6(dout[36*t+24]), .DOB7(dout[36*t+25]), .DOB8(dout[36*t+26]),
                .DOB9(dout[36*t+27]), .DOB10(dout[36*t+28]), .DOB11(dout[36*t+29]),
                .DOB12(dout[36*t+30]), .DOB13(dout[36*t+31]), .DOB14(dout[36*t+32]),
                .DOB15(dout[36*t+33]), .DOB16(dout[36*t+34]), .DOB17(dout[36*t+35])
            );
        end
        assign rd_data = dout[WIDTH-1:0];
    end else begin : g_behavioural
`endif
        reg [WIDTH-1:0] mem [0:DEPTH-1];
        reg [WIDTH-1:0] read_q;
        reg [WIDTH-1:0] out_q;
        always @(posedge clk) begin
            if (wr_en) mem[wr_addr] <= wr_data;
            if (rd_en) read_q <= mem[rd_addr];
            if (out_en) out_q <= read_q;
        end
        assign rd_data = out_q;
`ifdef UTF8CORE_ECP5
    end
endgenerate
`endif

endmodule

`resetall
