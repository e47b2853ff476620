// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

/*
 * The read master's invariants for k-induction, at DATA_WIDTH 64, ADDR_WIDTH
 * 16, MAX_BURST 4, OUTSTANDING 2: included by the read master's own harness
 * (formal/utf8_kernel_rd_formal.sv) and the kernel's (utf8_kernel_formal.sv),
 * so that both prove with the same ones. The includer provides f_past_valid,
 * rst, m_axi_arvalid, m_axi_arlen and utf8_faxi_rd's f_out and f_due, and its
 * .sby drives the f_dut_* wires from the master's registers.
 */
// The master's state (driven by the .sby script: Yosys's front end has no
// hierarchical references)
wire        f_dut_busy, f_dut_setup, f_dut_stop, f_dut_ar_wait, f_dut_ar_short, f_dut_ar_short_after, f_dut_ar_left;
wire [1:0]  f_dut_bursts;
wire [9:0]  f_dut_ar_len;
wire [9:0]  f_dut_due, f_dut_ar_cap, f_dut_ar_cap_after, f_dut_ar_room, f_dut_ar_room_after;
wire [10:0] f_dut_ar_room_min, f_dut_ar_room_min_after;
wire [15:0] f_dut_ar_next, f_dut_ar_after;
wire [63:0] f_dut_ar_beats, f_dut_ar_beats_less;

// burst_cap of utf8_burst_cap.vh at 8 bytes a beat and MAX_BURST 4: beats to
// the burst limit or the page's end
function [9:0] f_cap;
    input [15:0] addr;
    reg [9:0] left;
    begin
        left = 10'd512 - {1'b0, addr[11:3]};
        f_cap = left < 10'd4 ? left : 10'd4;
    end
endfunction

// Invariants. Idle, nothing is owed and no AR is offered. Busy, the bursts
// counted are those in flight and the one on offer; so are the beats owed;
// the next burst's cap and short flag are those of its address and beats,
// and once a clock has passed since they last changed (ar_wait) the values
// for the burst after it are too.
wire [9:0] f_ar_beats = {2'd0, m_axi_arlen} + 10'd1;
always @(*) begin
    if (f_past_valid && !rst) begin
        if (!f_dut_busy) begin
            assert (f_out == 2'd0);
            assert (!m_axi_arvalid);
        end else begin
            assert (f_dut_bursts == f_out + {1'b0, m_axi_arvalid});
            assert ({6'd0, f_dut_due} == f_due + (m_axi_arvalid ? {6'd0, f_ar_beats} : 16'd0));
            assert (f_dut_bursts <= 2'd2);
            // (the setup clock has not loaded the job's first address yet)
            if (!f_dut_setup) assert (f_dut_ar_next[2:0] == 3'd0);
            assert (f_dut_ar_left == (f_dut_ar_beats != 64'd0));
            if (f_dut_ar_beats != 64'd0) begin
                assert (f_dut_ar_cap == f_cap(f_dut_ar_next));
                assert (f_dut_ar_room == 10'd512 - {1'b0, f_dut_ar_next[11:3]});
                // the room plus min(page, MAX_BURST) = 4
                assert (f_dut_ar_room_min == {1'b0, f_dut_ar_room} + 11'd4);
                assert (f_dut_ar_short == (f_dut_ar_beats <= {54'd0, f_dut_ar_cap}));
                if (!f_dut_ar_wait) begin
                    assert (f_dut_ar_len == (f_dut_ar_short ? f_dut_ar_beats[9:0] : f_dut_ar_cap));
                    assert (f_dut_ar_after == f_dut_ar_next + {3'd0, f_dut_ar_cap, 3'd0});
                    assert (f_dut_ar_beats_less == f_dut_ar_beats - {54'd0, f_dut_ar_cap});
                    assert (f_dut_ar_cap_after == f_cap(f_dut_ar_after));
                    assert (f_dut_ar_room_after == 10'd512 - {1'b0, f_dut_ar_after[11:3]});
                    assert (f_dut_ar_room_min_after == {1'b0, f_dut_ar_room_after} + 11'd4);
                    assert (f_dut_ar_short_after == (f_dut_ar_short ||
                            (f_dut_ar_beats_less[63:10] == 54'd0 && f_dut_ar_beats_less[9:0] <= f_dut_ar_cap_after)));
                end
            end
        end
    end
end

