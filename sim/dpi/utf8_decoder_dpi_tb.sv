// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * SystemVerilog bench of the scalar decoder (rtl/stream/utf8_decoder.v) whose
 * scoreboard takes every expectation from the functional model through
 * utf8core_pkg's DPI-C calls, as an integrator's UVM or plain SV bench would.
 *
 * Stimulus, both modes: well-formed text of every length 1..MAX_TEXT, each
 * error class (where the mode has it) alone and inside text, and random bytes.
 * Input gaps and output backpressure switch on and off in four phases.
 * Scoreboard: every byte the decoder accepts goes into a DPI decoder of its
 * packet (one per packet, in the packet's mode); every unit the decoder gives
 * must be the next one that decoder pops, tlast on the packet's last unit; every
 * stat_valid must match utf8core_validate_last of its packet; every OK unit's
 * bytes must be utf8core_encode of its code point. At the end every class meant
 * to appear must have come out of the RTL in each mode.
 *
 * The clock comes from the C++ main (utf8_decoder_dpi_main.cpp), which stops at
 * $finish; a mismatch prints cycle, signal, expected and actual and ends in
 * $fatal. Seed: +verilator+seed+N (the main prints it).
 */
module utf8_decoder_dpi_tb #
(
    // well-formed packets of every length 1..MAX_TEXT bytes, per mode
    parameter MAX_TEXT = 80,
    // random-byte packets per mode
    parameter RANDOM_PACKETS = 150
)
(
    input  wire clk
);

import utf8core_pkg::*;

localparam int PHASE_CLOCKS = 1500;
localparam int TIMEOUT_CLOCKS = 2000000;

// DUT ports
reg  [7:0]  s_axis_tdata = 8'd0;
reg         s_axis_tvalid = 1'b0;
wire        s_axis_tready;
reg         s_axis_tlast = 1'b0;
wire [31:0] m_axis_tdata;
wire [5:0]  m_axis_tuser;
wire        m_axis_tvalid;
reg         m_axis_tready = 1'b0;
wire        m_axis_tlast;
reg         cfg_mode = 1'b0;
wire        stat_valid;
wire        stat_error;
wire [31:0] stat_err_offset;
wire [2:0]  stat_err_class;
/* verilator lint_off UNUSEDSIGNAL */
wire [6*32-1:0] err_count;  // the C++ benches check the counters
/* verilator lint_on UNUSEDSIGNAL */
reg         rst = 1'b1;

utf8_decoder #(
    .OFFSET_WIDTH(32),
    .COUNT_WIDTH(32)
)
dut (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .s_axis_tlast(s_axis_tlast),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .m_axis_tlast(m_axis_tlast),
    .cfg_mode(cfg_mode),
    .stat_valid(stat_valid),
    .stat_error(stat_error),
    .stat_err_offset(stat_err_offset),
    .stat_err_class(stat_err_class),
    .err_count(err_count)
);

// ---------------------------------------------------------------------------
// Stimulus: a byte stream with each byte's tlast and mode.

byte unsigned stim_data[$];
bit          stim_last[$];
bit          stim_mode[$];
// Classes each mode's stimulus is meant to show, and those the RTL showed.
bit          wanted[2][NUM_CLASSES];
bit          seen[2][NUM_CLASSES];

function automatic void add_packet(input int mode, input byte unsigned data[$]);
    foreach (data[i]) begin
        stim_data.push_back(data[i]);
        stim_last.push_back(i == data.size() - 1);
        stim_mode.push_back(mode == MODE_ANNEX_R);
    end
endfunction

// A code point whose UTF-8 takes len bytes (1..4, or 1..6 in annex-r), not a surrogate.
function automatic int unsigned random_code_point(input int len);
    int unsigned lo, hi, cp;
    case (len)
        1: begin lo = 32'h0;       hi = 32'h7F;       end
        2: begin lo = 32'h80;      hi = 32'h7FF;      end
        3: begin lo = 32'h800;     hi = 32'hFFFF;     end
        4: begin lo = 32'h10000;   hi = 32'h10FFFF;   end
        5: begin lo = 32'h200000;  hi = 32'h3FFFFFF;  end
        default: begin lo = 32'h4000000; hi = 32'h7FFFFFFF; end
    endcase
    // 4-byte forms go past U+10FFFF only in annex-r; the caller asks for len 4
    // in annex-r with the wider range when it wants it.
    cp = lo + ($urandom % (hi - lo + 1));
    if (cp >= 32'hD800 && cp <= 32'hDFFF) cp = 32'hE000;
    return cp;
endfunction

// Well-formed text of exactly n bytes.
function automatic void text_of_length(input int mode, input int n, output byte unsigned data[$]);
    int unsigned cps[$];
    // Declarations apart from assignments throughout: Verilator 5.006 runs a
    // declaration's initializer once, not on every call or pass of a loop,
    int left, maxlen, len;
    byte unsigned enc[$];
    cps = {};  // and a local queue keeps what the last call left in it
    left = n;
    maxlen = (mode == MODE_ANNEX_R) ? 6 : 4;
    while (left > 0) begin
        len = 1 + ($urandom % maxlen);
        if (len > left) len = left;
        cps.push_back(random_code_point(len));
        left -= len;
    end
    void'(encode(mode, cps, enc));
    data = enc;
endfunction

// Each error string with the class of its first unit, per mode.
typedef struct packed {
    logic [1:0]  mode;  // bit 0 rfc3629, bit 1 annex-r
    logic [7:0]  cls;
    logic [3:0]  n;
    logic [47:0] bytes; // first byte in bits 7:0
} err_case_t;

function automatic err_case_t err_case(input logic [1:0] mode, input byte unsigned cls,
                                       input logic [3:0] n, input logic [47:0] bytes);
    err_case_t c;
    c.mode = mode;
    c.cls = cls;
    c.n = n;
    c.bytes = bytes;
    return c;
endfunction

task automatic make_stimulus();
    byte unsigned data[$];
    byte unsigned pre[$];
    byte unsigned post[$];
    byte unsigned err[$];
    longint unsigned off;
    byte unsigned cls;
    unit_t units[$];
    err_case_t cases[$];
    byte unsigned edges[$];
    int n;
    cases.push_back(err_case(2'b11, CLASS_TOO_SHORT, 4'd1, 48'h0000000000C3));
    cases.push_back(err_case(2'b11, CLASS_TOO_SHORT, 4'd3, 48'h000000_41_82_E2));
    cases.push_back(err_case(2'b10, CLASS_TOO_SHORT, 4'd3, 48'h000000_80_88_F8));
    cases.push_back(err_case(2'b11, CLASS_TOO_LONG, 4'd1, 48'h000000000080));
    cases.push_back(err_case(2'b11, CLASS_TOO_LONG, 4'd2, 48'h00000000_BF_BF));
    cases.push_back(err_case(2'b11, CLASS_OVERLONG, 4'd2, 48'h00000000_80_C0));
    cases.push_back(err_case(2'b11, CLASS_OVERLONG, 4'd3, 48'h000000_80_80_E0));
    cases.push_back(err_case(2'b11, CLASS_OVERLONG, 4'd4, 48'h0000_80_80_80_F0));
    cases.push_back(err_case(2'b10, CLASS_OVERLONG, 4'd5, 48'h00_80_80_80_80_F8));
    cases.push_back(err_case(2'b11, CLASS_SURROGATE, 4'd3, 48'h000000_80_A0_ED));
    cases.push_back(err_case(2'b11, CLASS_SURROGATE, 4'd3, 48'h000000_BF_BF_ED));
    cases.push_back(err_case(2'b01, CLASS_TOO_LARGE, 4'd4, 48'h0000_80_80_90_F4));
    cases.push_back(err_case(2'b01, CLASS_TOO_LARGE, 4'd4, 48'h0000_80_80_80_F5));
    cases.push_back(err_case(2'b01, CLASS_HEADER_BITS, 4'd5, 48'h00_80_80_80_88_F8));
    cases.push_back(err_case(2'b11, CLASS_HEADER_BITS, 4'd1, 48'h0000000000FF));
    cases.push_back(err_case(2'b10, CLASS_HEADER_BITS, 4'd1, 48'h0000000000FE));

    for (int mode = 0; mode < 2; mode++) begin
        // Well-formed text of every length; the model must call it valid.
        for (int len = 1; len <= MAX_TEXT; len++) begin
            text_of_length(mode, len, data);
            if (data.size() != len || !validate(mode, data, off, cls))
                $fatal(1, "bench: text of length %0d in mode %0d is %0d bytes, valid %0d (%s at %0d)",
                       len, mode, data.size(), validate(mode, data, off, cls), class_name(cls), off);
            add_packet(mode, data);
            wanted[mode][3'(CLASS_OK)] = 1'b1;
        end
        // Every error class: alone, then between text; the model must start the
        // string with the class the case names.
        foreach (cases[c]) begin
            if (!cases[c].mode[mode]) continue;
            err = {};
            for (int k = 0; k < cases[c].n; k++) err.push_back(cases[c].bytes[8*k +: 8]);
            decode(mode, err, units);
            if (units.size() == 0 || units[0].cls != cases[c].cls)
                $fatal(1, "bench: case %0d in mode %0d does not start with %s", c, mode,
                       class_name(cases[c].cls));
            wanted[mode][3'(cases[c].cls)] = 1'b1;
            add_packet(mode, err);
            text_of_length(mode, 1 + $urandom % 12, pre);
            text_of_length(mode, 1 + $urandom % 12, post);
            // A TOO_SHORT case cut by the packet's end stays at the end.
            if (cases[c].n == 1 && cases[c].cls == CLASS_TOO_SHORT) post = {};
            add_packet(mode, {pre, err, post});
        end
        // Random bytes, half of them from the bytes where the rules change.
        for (int p = 0; p < RANDOM_PACKETS; p++) begin
            edges = '{8'h00, 8'h7F, 8'h80, 8'h8F, 8'h90, 8'h9F, 8'hA0,
                                       8'hBF, 8'hC0, 8'hC1, 8'hC2, 8'hDF, 8'hE0, 8'hED,
                                       8'hEF, 8'hF0, 8'hF4, 8'hF5, 8'hF7, 8'hF8, 8'hFB,
                                       8'hFC, 8'hFD, 8'hFE, 8'hFF};
            n = 1 + $urandom % 48;
            data = {};
            for (int k = 0; k < n; k++)
                data.push_back(($urandom % 2 == 1) ? edges[$urandom % edges.size()]
                                              : 8'($urandom));
            add_packet(mode, data);
        end
    end
endtask

// A bench's state lives in procedures that read what they wrote the same clock
// (queues, DPI handles, phase flags): blocking assignments on purpose from here.
/* verilator lint_off BLKSEQ */

// ---------------------------------------------------------------------------
// Driver: s_axis from the stimulus, m_axis_tready, reset, phases.

int cycle = 0;
bit gaps, backpressure;
int bytes_in = 0;

always @(posedge clk) begin
    cycle <= cycle + 1;
    rst <= cycle < 4;
    gaps = ((cycle / PHASE_CLOCKS) % 4) inside {1, 3};
    backpressure = ((cycle / PHASE_CLOCKS) % 4) inside {2, 3};
    m_axis_tready <= !backpressure || ($urandom % 3 != 0);
    if (!rst && (!s_axis_tvalid || s_axis_tready)) begin
        if (stim_data.size() != 0 && (!gaps || $urandom % 3 != 0)) begin
            // No queue method on the right of <=: Verilator 5.006 stops there.
            byte unsigned b;
            bit last, mode;
            b = stim_data.pop_front();
            last = stim_last.pop_front();
            mode = stim_mode.pop_front();
            s_axis_tdata <= b;
            s_axis_tlast <= last;
            // Held through the packet: the decoder samples it with the first byte.
            cfg_mode <= mode;
            s_axis_tvalid <= 1'b1;
        end else begin
            s_axis_tvalid <= 1'b0;
        end
    end
end

// ---------------------------------------------------------------------------
// Scoreboard.

chandle      open_decoder = null;  // of the packet being accepted
chandle      decoders[$];          // packets accepted, units not all out, oldest first
bit          decoder_mode[$];
bit          decoder_ended[$];
int          packet_start[$];      // index in accepted[] of each one's first byte
byte unsigned accepted[$];         // every byte accepted, in order
// Verdicts of ended packets, oldest first, for stat_valid.
bit          exp_valid[$];
longint unsigned exp_offset[$];
byte unsigned exp_class[$];
int units_checked = 0, packets_checked = 0, encodes_checked = 0;
// One unit of the oldest packet's decoder popped ahead, to tell its last unit.
bit          head_peeked = 1'b0;
unit_t       head_peek;

function automatic bit head_pop(output unit_t u);
    if (head_peeked) begin
        u = head_peek;
        head_peeked = 1'b0;
        return 1'b1;
    end
    return pop_unit(decoders[0], u);
endfunction

function automatic bit head_has_more();
    if (!head_peeked) head_peeked = pop_unit(decoders[0], head_peek);
    return head_peeked;
endfunction

task automatic mismatch(input string what, input string expected, input string actual);
    $display("MISMATCH at cycle %0d, %s: expected %s, got %s", cycle, what, expected, actual);
    $fatal(1, "utf8_decoder_dpi_tb: RTL and model differ");
endtask

function automatic string unit_str(input unit_t u);
    return $sformatf("U+%04X at %0d, %0d bytes, %s", u.code_point, u.offset, u.length,
                     class_name(u.cls));
endfunction

always @(posedge clk) begin
    if (!rst && s_axis_tvalid && s_axis_tready) begin
        if (open_decoder == null) begin
            open_decoder = utf8core_decoder_new({31'd0, cfg_mode});
            decoders.push_back(open_decoder);
            decoder_mode.push_back(cfg_mode);
            decoder_ended.push_back(1'b0);
            packet_start.push_back(accepted.size());
        end
        accepted.push_back(s_axis_tdata);
        utf8core_decoder_push(open_decoder, s_axis_tdata);
        bytes_in++;
        if (s_axis_tlast) begin
            longint unsigned off;
            byte unsigned cls;
            int v;
            utf8core_decoder_end_packet(open_decoder);
            decoder_ended[decoder_ended.size() - 1] = 1'b1;
            v = utf8core_validate_last(open_decoder, off, cls);
            exp_valid.push_back(v == 1);
            exp_offset.push_back(off);
            exp_class.push_back(cls);
            open_decoder = null;
        end
    end

    if (!rst && m_axis_tvalid && m_axis_tready) begin
        unit_t got, want;
        bit last_want;
        got.code_point = m_axis_tdata;
        got.length = {5'd0, m_axis_tuser[5:3]};
        got.cls = {5'd0, m_axis_tuser[2:0]};
        if (decoders.size() == 0 || !head_pop(want)) begin
            got.offset = 0;
            mismatch("m_axis unit", "none (the model has no unit ready)", unit_str(got));
        end
        got.offset = want.offset;  // the scalar decoder's units carry no offset
        if (got != want) mismatch("m_axis unit", unit_str(want), unit_str(got));
        // The packet's last unit: its packet has ended and the model has no unit left.
        last_want = decoder_ended[0] && !head_has_more();
        if (m_axis_tlast != last_want)
            mismatch("m_axis_tlast", $sformatf("%0d", last_want), $sformatf("%0d", m_axis_tlast));
        seen[decoder_mode[0]][3'(want.cls)] = 1'b1;
        // An OK unit's bytes are the model's encoding of its code point.
        if (want.cls == CLASS_OK) begin
            longint unsigned enc;
            byte unsigned ecls;
            int base, n;
            n = utf8core_encode(want.code_point, {31'd0, decoder_mode[0]}, enc, ecls);
            if (n != {24'd0, want.length} || ecls != CLASS_OK)
                mismatch("encode", $sformatf("%0d bytes, OK", want.length),
                         $sformatf("%0d bytes, %s", n, class_name(ecls)));
            base = packet_start[0] + want.offset[31:0];
            for (int k = 0; k < n; k++)
                if (accepted[base + k] != enc[8*k +: 8])
                    mismatch($sformatf("encode byte %0d of %s", k, unit_str(want)),
                             $sformatf("%02X", accepted[base + k]), $sformatf("%02X", enc[8*k +: 8]));
            encodes_checked++;
        end
        units_checked++;
        if (m_axis_tlast) begin
            utf8core_decoder_free(decoders.pop_front());
            void'(decoder_mode.pop_front());
            void'(decoder_ended.pop_front());
            void'(packet_start.pop_front());
        end
    end

    if (!rst && stat_valid) begin
        if (exp_valid.size() == 0)
            mismatch("stat_valid", "no verdict (no packet ended)", "a verdict");
        if (stat_error == exp_valid[0])
            mismatch("stat_error", $sformatf("%0d", !exp_valid[0]), $sformatf("%0d", stat_error));
        if (!exp_valid[0] && (stat_err_offset != exp_offset[0][31:0]
                              || {5'd0, stat_err_class} != exp_class[0]))
            mismatch("stat_err_offset/class",
                     $sformatf("%0d %s", exp_offset[0], class_name(exp_class[0])),
                     $sformatf("%0d %s", stat_err_offset, class_name({5'd0, stat_err_class})));
        void'(exp_valid.pop_front());
        void'(exp_offset.pop_front());
        void'(exp_class.pop_front());
        packets_checked++;
    end
end

// ---------------------------------------------------------------------------
// Start and end.

int quiet = 0;

initial begin
    make_stimulus();
    $display("utf8_decoder_dpi_tb: %0d bytes; gaps and backpressure each on or off, changing every %0d clocks",
             stim_data.size(), PHASE_CLOCKS);
end

always @(posedge clk) begin
    if (stim_data.size() == 0 && decoders.size() == 0 && exp_valid.size() == 0 && !rst)
        quiet <= quiet + 1;
    else
        quiet <= 0;
    if (quiet == 20) begin
        for (int mode = 0; mode < 2; mode++)
            for (int c = 0; c < NUM_CLASSES; c++)
                if (wanted[mode][c] && !seen[mode][c])
                    mismatch($sformatf("classes out of the RTL in mode %0d", mode),
                             class_name(8'(c)), "none of it");
        $display("utf8_decoder_dpi_tb: %0d bytes, %0d units, %0d packet verdicts, %0d encodings checked against the model through DPI-C: no mismatch",
                 bytes_in, units_checked, packets_checked, encodes_checked);
        $finish;
    end
    if (cycle == TIMEOUT_CLOCKS) $fatal(1, "utf8_decoder_dpi_tb: timeout at cycle %0d", cycle);
end

/* verilator lint_on BLKSEQ */

endmodule
