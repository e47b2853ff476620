// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Output FIFO and input credit of the wide blocks whose pipeline never stalls
 * (utf8_wide_decoder, utf8_sanitizer): the pipeline's last register writes a
 * beat here (wr) or retires it without one (drop), and the credit withdraws
 * the owner's s_axis_tready while DEPTH beats are accepted and not yet
 * retired, so the FIFO never overflows. The FIFO's head is the output
 * register (m_*). DEPTH must cover the owner's round trip (its s_ready
 * register, the pipeline, the FIFO) for one beat per clock.
 */
module utf8_lane_fifo #(
    // bits per entry
    parameter WIDTH = 8,
    // entries, a power of two, at least 4 (the credit steps down by two)
    parameter DEPTH = 16
) (
    input  wire             clk,
    input  wire             rst,

    // The owner's input handshake: s_valid is its s_axis_tvalid, s_ready its
    // registered s_axis_tready, s_ready_next that register's next value
    // outside reset (utf8_lane_front keeps copies of it)
    input  wire             s_valid,
    output wire             s_ready,
    output wire             s_ready_next,

    // The pipeline's last register: a beat to keep, or one retired without an entry
    input  wire             wr,
    input  wire             drop,
    input  wire [WIDTH-1:0] wr_data,

    // Head of the FIFO
    output wire [WIDTH-1:0] m_data,
    output wire             m_valid,
    input  wire             m_ready
);

localparam AW = $clog2(DEPTH);

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation.
generate
    if (WIDTH < 1) begin : g_check_width
        error_WIDTH_must_be_at_least_1 stop ();
    end
    if (DEPTH < 4 || (DEPTH & (DEPTH - 1)) != 0) begin : g_check_depth
        error_DEPTH_must_be_a_power_of_two_at_least_4 stop ();
    end
endgenerate

// ---------------------------------------------------------------------------
// Output FIFO: DEPTH entries read synchronously into the output register (a
// RAM with its read register); occupancy as a thermometer so that "not
// empty" is a flop. The memory never holds DEPTH entries (the output register
// takes one first), so the slot at wr_ptr_q is always free: it is written
// every clock and the pointer moves only for a beat with units, which keeps
// the write enable off the RAMs.

reg [AW-1:0]    wr_ptr_q;
reg [AW-1:0]    rd_ptr_q;
reg [DEPTH-1:1] occ_hi_q;       // occ_q[i]: the memory holds more than i entries
reg             occ0_q;
wire [DEPTH-1:0] occ_q = {occ_hi_q, occ0_q};
reg             out_valid_q;
reg [WIDTH-1:0]    out_q;
// The output register in groups of at most 16 bits, each loaded
// by an enable of its own worked out from its own copies of occ_q[0] and
// out_valid_q (keep stops synthesis merging them back): one enable from one
// pair of flops reaching every bit of a wide output register (129 bits for
// the 64-lane string validator) was two long routes, the longest path. The
// pointer and occupancy logic does not share them either, so that placement
// does not pull its flops towards the RAMs.
localparam GROUPS = (WIDTH + 15) / 16;
reg [GROUPS-1:0] occ0_ram_q;
reg [GROUPS-1:0] out_valid_ram_q;

wire pop = out_valid_q && m_ready;

// The read enable reaches every bit of the output register. The occupancy's
// next value is therefore worked out for both values of m_ready from
// flops alone and then chosen, so that it does not wait on that wide net.
wire rd_take = occ_q[0];
wire rd_hold = occ_q[0] && !out_valid_q;
wire rd      = m_ready ? rd_take : rd_hold;

function [DEPTH-1:0] occ_next;
    input [DEPTH-1:0] occ;
    input             push;
    input             pull;
    begin
        if (push && !pull) begin
            occ_next = {occ[DEPTH-2:0], 1'b1};
        end else if (pull && !push) begin
            occ_next = {1'b0, occ[DEPTH-1:1]};
        end else begin
            occ_next = occ;
        end
    end
endfunction

wire [DEPTH-1:0] occ_take = occ_next(occ_q, wr, rd_take);
wire [DEPTH-1:0] occ_hold = occ_next(occ_q, wr, rd_hold);
wire [DEPTH-1:0] occ_d    = m_ready ? occ_take : occ_hold;
wire             ovalid_d = m_ready ? rd_take : (out_valid_q || rd_hold);

// One memory, read by each group into its own part of the output register:
// Yosys maps it to as many RAM cells as before (66 at 129 bits and 32 entries
// on ECP5), and the formal harnesses read its words by name.
reg [WIDTH-1:0] mem [0:DEPTH-1];
always @(posedge clk) begin
    mem[wr_ptr_q] <= wr_data;
end

genvar g;
generate
    for (g = 0; g < GROUPS; g = g + 1) begin : g_ram
        localparam LO = 16 * g;
        localparam N = (WIDTH - LO < 16) ? WIDTH - LO : 16;
        // rd's value, from this group's copies
        wire rd_ram = m_ready ? occ0_ram_q[g] : (occ0_ram_q[g] && !out_valid_ram_q[g]);
        always @(posedge clk) begin
            if (rd_ram) begin
                out_q[LO +: N] <= mem[rd_ptr_q][LO +: N];
            end
        end
        (* keep *)
        always @(posedge clk) begin
            occ0_ram_q[g] <= occ_d[0];
            if (rst) begin
                occ0_ram_q[g] <= 1'b0;
            end
        end
        (* keep *)
        always @(posedge clk) begin
            out_valid_ram_q[g] <= ovalid_d;
            if (rst) begin
                out_valid_ram_q[g] <= 1'b0;
            end
        end
    end
endgenerate

// Both sets of copies are kept, each flop in a block of its own: synthesis
// merges a flop into an identical one that is kept, and drops the mark of a
// multi-bit register when it splits it.
(* keep *)
always @(posedge clk) begin
    occ0_q <= occ_d[0];
    if (rst) begin
        occ0_q <= 1'b0;
    end
end

(* keep *)
always @(posedge clk) begin
    out_valid_q <= ovalid_d;
    if (rst) begin
        out_valid_q <= 1'b0;
    end
end

always @(posedge clk) begin
    occ_hi_q <= occ_d[DEPTH-1:1];
    if (rst) begin
        occ_hi_q <= {(DEPTH-1){1'b0}};
    end
end

always @(posedge clk) begin
    if (wr) begin
        wr_ptr_q <= wr_ptr_q + 1'b1;
    end
    if (rd) begin
        rd_ptr_q <= rd_ptr_q + 1'b1;
    end
    if (rst) begin
        wr_ptr_q    <= {AW{1'b0}};
        rd_ptr_q    <= {AW{1'b0}};
    end
end

// ---------------------------------------------------------------------------
// Credit: beats accepted and not yet retired, as a thermometer (owed_q[i]: more
// than i), so that "below DEPTH-1" is a flop. The next ready is then two LUT
// levels from the events: ready stays high whenever a beat retires (pop or
// drop), and otherwise drops only when a beat comes with DEPTH-1 owed. That
// uses s_ready_q == (credit < DEPTH), which holds from reset on (reset makes
// both true); synthesis cannot know it, so it is spelled out here. A binary
// count would put its compares between the events and the ready.

reg [DEPTH-1:0] owed_q;
reg             s_ready_q;
wire            s_ready_d;

wire acc = s_valid && s_ready_q;
assign s_ready_d = pop || drop || (s_ready_q && (!s_valid || !owed_q[DEPTH-2]));

always @(posedge clk) begin
    // a clock's change is acc - pop - drop: +1, 0, -1 or -2
    case ({acc, pop, drop})
        3'b100:                 owed_q <= {owed_q[DEPTH-2:0], 1'b1};
        3'b010, 3'b001, 3'b111: owed_q <= {1'b0, owed_q[DEPTH-1:1]};
        3'b011:                 owed_q <= {2'b00, owed_q[DEPTH-1:2]};
        default:                owed_q <= owed_q;
    endcase
    s_ready_q <= s_ready_d;
    if (rst) begin
        owed_q    <= {DEPTH{1'b0}};
        s_ready_q <= 1'b1;
    end
end

assign s_ready      = s_ready_q;
assign s_ready_next = s_ready_d;
assign m_valid      = out_valid_q;
assign m_data       = out_q;

endmodule

`resetall
`default_nettype wire
