// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Abstract stand-in for utf8_wide_decoder, for the sanitizer's inductive
 * proofs (formal/utf8_sanitizer.sby, tasks prove_lN): the same module name,
 * parameters and ports, every output a free signal every clock. The
 * sanitizer's harness constrains the unit stream (m_axis_*) with what the wide
 * decoder's own proofs establish about it: the AXI4-Stream rules with tkeep
 * contiguous and non-zero (utf8_wide_decoder.sby, prove_lN), and the unit
 * contract (a well-formed unit 1..6 bytes long, a beat's units re-encoding to
 * at most 3*LANES+3 bytes), which the sanitizer's bounded tasks check on the
 * real decoder. The status outputs are unused by the sanitizer's logic.
 */
module utf8_wide_decoder #(
    parameter LANES = 8,
    parameter OFFSET_WIDTH = 32,
    parameter COUNT_WIDTH = 32,
    parameter DEPTH = 16
) (
    input  wire                      clk,
    input  wire                      rst,
    input  wire                      cfg_mode,
    input  wire [8*LANES-1:0]        s_axis_tdata,
    input  wire [LANES-1:0]          s_axis_tkeep,
    input  wire                      s_axis_tvalid,
    output wire                      s_axis_tready,
    input  wire                      s_axis_tlast,
    output wire [32*LANES-1:0]       m_axis_tdata,
    output wire [LANES-1:0]          m_axis_tkeep,
    output wire [6*LANES-1:0]        m_axis_tuser,
    output wire                      m_axis_tvalid,
    input  wire                      m_axis_tready,
    output wire                      m_axis_tlast,
    output wire                      stat_valid,
    output wire                      stat_error,
    output wire [OFFSET_WIDTH-1:0]   stat_err_offset,
    output wire [2:0]                stat_err_class,
    output wire [6*COUNT_WIDTH-1:0]  err_count
);

(* anyseq *) reg                     f_s_ready;
(* anyseq *) reg [32*LANES-1:0]      f_data;
(* anyseq *) reg [LANES-1:0]         f_keep;
(* anyseq *) reg [6*LANES-1:0]       f_user;
(* anyseq *) reg                     f_valid;
(* anyseq *) reg                     f_last;
(* anyseq *) reg [4+OFFSET_WIDTH:0]  f_stat;
(* anyseq *) reg [6*COUNT_WIDTH-1:0] f_count;

assign s_axis_tready = f_s_ready;
assign m_axis_tdata = f_data;
assign m_axis_tkeep = f_keep;
assign m_axis_tuser = f_user;
assign m_axis_tvalid = f_valid;
assign m_axis_tlast = f_last;
assign {stat_valid, stat_error, stat_err_class, stat_err_offset} = f_stat;
assign err_count = f_count;

endmodule

`default_nettype wire
