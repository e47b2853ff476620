#!/usr/bin/env python3
"""Mutation check of the formal proofs: every proof must be able to fail.

Copies rtl/ and formal/ to a scratch directory once per planted bug, plants
the bug (one exact text replacement in one RTL file), runs the proofs of the
block(s) that use that file, and prints a table of which proof catches each
bug. A bug is caught when a proof reports FAIL (an assertion fails); PASS
means the proofs missed it and ERROR that a tool did not finish. Exits 1 when
any bug is missed (or a run errs), so that it can serve as a test.

  scripts/mutate.py [--venv build/venv] [--only NAME ...] [--all-tasks]
                    [--timeout SECONDS] [--markdown]

By default the proofs of a block run in the order listed below (fast
inductive proofs first) and stop at the first that catches the bug;
--all-tasks runs every one, to show every proof that catches it.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The proofs of each block: (sby file, task), quick inductive ones first.
PROOFS = {
    "decoder": [("utf8_decoder.sby", "prove"), ("utf8_decoder.sby", "table")],
    "encoder": [("utf8_encoder.sby", "prove")],
    "validator": [("utf8_validator.sby", "prove_l1"), ("utf8_validator.sby", "prove_l2"),
                  ("utf8_validator.sby", "prove_l4"), ("utf8_validator.sby", "rate_l1"),
                  ("utf8_validator.sby", "rate_l4"), ("utf8_validator.sby", "equiv_l1")],
    "wide_decoder": [("utf8_wide_decoder.sby", "prove_l1"), ("utf8_wide_decoder.sby", "prove_l2"),
                     ("utf8_wide_decoder.sby", "prove_l4"), ("utf8_wide_decoder.sby", "rate_l1"),
                     ("utf8_wide_decoder.sby", "rate_l4"), ("utf8_wide_decoder.sby", "table_l2")],
    # the units' encoder and repacker (the kernel's SANITIZE path): the bounded
    # run first, its failures are traces from reset, the prove tasks' may be
    # only a failed induction step
    "unit_utf8": [("utf8_unit_utf8.sby", "bmc_l1"), ("utf8_unit_utf8.sby", "prove_l1"),
                  ("utf8_unit_utf8.sby", "prove_l2")],
    "sanitizer": [("utf8_sanitizer.sby", "bmc_l1"), ("utf8_sanitizer.sby", "bmc_l2")],
    # the repacking ring on its own, bounded: its small builds reach every
    # column and a full ring within a few clocks
    "repack_ring": [("utf8_repack_ring.sby", "bmc_i3_o2"), ("utf8_repack_ring.sby", "bmc_i4_o3")],
    # the register slice on its own, bounded, at both FREE_LOAD settings
    "axis_skid": [("utf8_axis_skid.sby", "bmc_free"), ("utf8_axis_skid.sby", "bmc_hold")],
    # the wide decoder's narrow build (OUT_UNITS below LANES): bounded
    "wide_decoder_narrow": [("utf8_wide_decoder_narrow.sby", "bmc_l2_u1"),
                            ("utf8_wide_decoder_narrow.sby", "bmc_l4_u2")],
    "string_validator": [("utf8_string_validator.sby", "equiv_l1")],
    # the kernel's AXI4-Lite port (register block) against formal/utf8_faxil.v
    "kernel_regs": [("utf8_kernel_regs.sby", "prove")],
    # the kernel's AXI4 read master against formal/utf8_faxi_rd.v: bounded
    # from reset first (a trace), then by k-induction
    "kernel_rd": [("utf8_kernel_rd.sby", "bmc"), ("utf8_kernel_rd.sby", "prove")],
    "kernel_wr": [("utf8_kernel_wr.sby", "bmc")],
    # the whole kernel on its ports (formal/utf8_kernel.sby), VALIDATE alone:
    # bounded from reset (a trace), then by k-induction
    "kernel": [("utf8_kernel.sby", "bmc"), ("utf8_kernel.sby", "prove")],
}

# Which blocks each RTL file is part of.
def blocks_of(path):
    name = os.path.basename(path)
    if name == "utf8_decoder.v":
        return ["decoder"]
    if name == "utf8_encoder.v":
        return ["encoder"]
    if name == "utf8_validator.v":
        return ["validator"]
    if name == "utf8_sanitizer.v":
        return ["sanitizer"]
    if name == "utf8_unit_utf8.v":
        return ["unit_utf8"]
    if name in ("utf8_string_validator.v", "utf8_lane_scan.v", "utf8_lane_delay.v"):
        return ["string_validator"]
    if name == "utf8_kernel_regs.v":
        return ["kernel_regs"]
    if name in ("utf8_kernel_rd.v", "utf8_bram_sdp.v"):
        return ["kernel_rd"]
    if name == "utf8_kernel_wr.v":
        return ["kernel_wr"]
    # the kernel's own files of its VALIDATE build: only the whole kernel's
    # harness has them
    if name in ("utf8_kernel.v", "utf8_kernel_tail.v", "utf8_kernel_units.v"):
        return ["kernel"]
    # the burst rule both engines cut their bursts by
    if name == "utf8_burst_cap.vh":
        return ["kernel_rd", "kernel_wr"]
    # the accumulator is the units' (the kernel's SANITIZE path), the ring the
    # wide decoder's narrow build's
    if name == "utf8_repack.v":
        return ["unit_utf8"]
    if name == "utf8_repack_ring.v":
        return ["repack_ring", "wide_decoder_narrow"]
    # the register slice: the narrow wide decoder's (FREE_LOAD) and the kernel's
    if name == "utf8_axis_skid.v":
        return ["axis_skid", "wide_decoder_narrow"]
    # the shared parts of rtl/common: the error counter is the decoder's and the
    # encoder's, encode() the units' encoder's, cut_mask() the wide decoder's
    # and the sanitizer's
    if name == "utf8_err_counter.v":
        return ["decoder", "encoder"]
    if name == "utf8_encode.vh":
        return ["unit_utf8"]
    if name == "utf8_cut_mask.vh":
        return ["wide_decoder", "sanitizer"]
    # the compaction is shared by the wide decoder and the sanitizer, the FIFO
    # by them and the string validator
    if name == "utf8_wide_decoder.v":
        return ["wide_decoder", "wide_decoder_narrow"]
    if name == "utf8_lane_compact.v":
        return ["wide_decoder", "sanitizer"]
    if name == "utf8_lane_fifo.v":
        return ["wide_decoder", "sanitizer", "string_validator"]
    return ["validator", "wide_decoder", "sanitizer", "string_validator"]   # the shared lanes

# (name, file, text, replacement, what the bug is[, the blocks whose proofs
# run, when not those of the file])
MUTANTS = [
    ("sv_ok_at_start", "rtl/stream/utf8_string_validator.v",
     "f_ok_q    <= sb_end & ~lane_bad;",
     "f_ok_q    <= sb_end & ~lane_bad & ~sb_start;",
     "string validator: a one-byte string reported ill-formed"),
    ("sv_str_offset", "rtl/stream/utf8_string_validator.v",
     "{1'b0, met_off[LO_H-1:0]} - {1'b0, q_str_base_q[LO_H-1:0]};",
     "{1'b0, met_off[LO_H-1:0]} - {1'b0, q_base_q[LO_H-1:0]};",
     "string validator: the in-string offset counted from the beat's start, not the string's"),
    ("sv_bad_snapshot", "rtl/stream/utf8_string_validator.v",
     "bad_snap_q <= bad_acc_q;",
     "bad_snap_q <= bad_snap_q;",
     "string validator: the ill-formed-string count does not start again at a packet"),
    ("sv_carry_no_break", "rtl/stream/utf8_string_validator.v",
     "carry_q[k] <= scan_g[LANES-1] || (scan_p[LANES-1] && carry_q[k]);",
     "carry_q[k] <= scan_g[LANES-1] || carry_q[k];",
     "string validator: a string start does not clear the error carried from the beat before"),
    ("dec_f0_range", "rtl/stream/utf8_decoder.v",
     "RNG_F0: range_masks = {1'b0, 1'b1, 2'b00, 4'b1100};",
     "RNG_F0: range_masks = {1'b0, 1'b1, 2'b00, 4'b1000};",
     "decoder: F0's second byte narrowed from 90..BF to A0..BF"),
    ("dec_ed_range", "rtl/stream/utf8_decoder.v",
     "RNG_ED: range_masks = {1'b1, 1'b0, 2'b10, 4'b0000};",
     "RNG_ED: range_masks = {1'b1, 1'b0, 2'b11, 4'b0000};",
     "decoder: ED's second byte narrowed from 80..9F to 80..8F"),
    ("dec_drop_tlast", "rtl/stream/utf8_decoder.v",
     "u_last_q <= last0;",
     "u_last_q <= last0 && u_cls == CLS_OK;",
     "decoder: tlast dropped when a packet ends in an error unit"),
    ("dec_fifo_small", "rtl/stream/utf8_decoder.v",
     "ready_int_d = fire ? !f1_vld_d : !f2_vld_d;",
     "ready_int_d = !f2_vld_d;",
     "decoder: output FIFO one entry too small for the decisions in flight"),
    ("dec_input_overrun", "rtl/stream/utf8_decoder.v",
     "s_axis_tready_d = !(!ready_int_q && (vld2_q ?",
     "s_axis_tready_d = 1'b1 || !(!ready_int_q && (vld2_q ?",
     "decoder: s_axis_tready with no room (input register overwritten)"),
    ("dec_stall_tdata", "rtl/stream/utf8_decoder.v",
     "if (m_axis_tready || !out_vld_q[g]) begin",
     "if (1'b1) begin",
     "decoder: a stalled output beat changes"),
    ("dec_throttle", "rtl/stream/utf8_decoder.v",
     "ready_int_d = fire ? !f1_vld_d : !f2_vld_d;",
     "ready_int_d = fire ? !m_axis_tvalid_d : !f1_vld_d;",
     "decoder: decisions throttled by a too cautious room check (no byte every clock)"),
    ("dec_mode_mid", "rtl/stream/utf8_decoder.v",
     "if (!in_pkt_q) begin\n        pkt_mode_q <= cfg_mode;",
     "if (1'b1) begin\n        pkt_mode_q <= cfg_mode;",
     "decoder: cfg_mode sampled mid-packet"),
    ("enc_stall_tdata", "rtl/stream/utf8_encoder.v",
     "if (!m_valid_cp_q[g] || m_axis_tready) begin",
     "if (1'b1) begin",
     "encoder: a stalled output beat changes"),
    ("enc_mode_mid", "rtl/stream/utf8_encoder.v",
     "if (accept && !pkt_open_q) begin\n        pkt_mode_q <= cfg_mode;",
     "if (accept) begin\n        pkt_mode_q <= cfg_mode;",
     "encoder: cfg_mode sampled mid-packet"),
    ("enc_drop_tlast", "rtl/stream/utf8_encoder.v",
     "wire [P3_W-1:0] p3_d = {p2_last, p2_cls, tkeep_d, tdata_d};",
     "wire [P3_W-1:0] p3_d = {p2_last && !p2_err, p2_cls, tkeep_d, tdata_d};",
     "encoder: tlast dropped on a replaced code point"),
    ("enc_surrogate_wide", "rtl/stream/utf8_encoder.v",
     "cp_in[15:11] == 5'b11011,",
     "cp_in[15:12] == 4'b1101,",
     "encoder: D000..D7FF taken for surrogates"),
    ("enc_skid_overrun", "rtl/stream/utf8_encoder.v",
     "adv_q <= adv_d;",
     "adv_q <= 1'b1;",
     "encoder: s_axis_tready with the skid entry full"),
    ("val_queue_small", "rtl/stream/utf8_validator.v",
     "s_ready_d = !owed_q[QUEUE-4];",
     "s_ready_d = !owed_q[QUEUE-3];",
     "validator: verdict buffer one entry too small for the credit"),
    ("val_ready_early", "rtl/stream/utf8_validator.v",
     "s_ready_d = !owed_q[QUEUE-4];",
     "s_ready_d = !owed_q[QUEUE/4];",
     "validator: ready withdrawn at a quarter of QUEUE (1-byte packets stall at 32)"),
    ("wide_ready_mid", "rtl/lane/utf8_lane_front.v",
     "assign rdy_d[r] = mid_q[r / 4];",
     "assign rdy_d[r] = s_ready_next;",
     "lanes: READY_AHEAD's middle copies skipped, the front's ready a clock ahead of the owner's"),
    ("val_drop_tlast", "rtl/stream/utf8_validator.v",
     "assign m_axis_tlast    = 1'b1;",
     "assign m_axis_tlast    = !out_q[0];",
     "validator: tlast dropped on an invalid verdict"),
    ("val_drop_verdict", "rtl/lane/utf8_lane_status.v",
     "stat_valid_q <= off_valid_q;",
     "stat_valid_q <= off_valid_q && !off_error_q;",
     "lane status: no verdict for a packet with an error"),
    ("stat_idle_clear", "rtl/lane/utf8_lane_status.v",
     "if (LAST && (rst || in_idle_s)) begin",
     "if (LAST && rst) begin",
     "lane status: counts of a beat in flight at a reset not cleared after it"),
    ("stat_count_class", "rtl/lane/utf8_lane_status.v",
     "+ {{(CL+1-CNT_W){1'b0}}, beat_cnt_q[gc*CNT_W +: CNT_W]};",
     "+ {{(CL+1-CNT_W){1'b0}}, beat_cnt_q[((gc+1)%6)*CNT_W +: CNT_W]};",
     "lane status: each error counter adds the next class's count"),
    ("code_nib_d", "rtl/lane/utf8_lane_code.v",
     "hi[3:2] == 2'b10 || hi == 4'hD || hi == 4'hF,",
     "hi[3:2] == 2'b10 || hi == 4'hF,",
     "lanes: the high nibble's flags miss D, so D0..DF are coded as C0..C1"),
    ("code_nib_lane", "rtl/lane/utf8_lane_front.v",
     ".hi(s_axis_tdata[8*r+4 +: 4]),",
     ".hi(s_axis_tdata[8*r+3 +: 4]),",
     "lanes: a byte's high-nibble flags made from the wrong four bits"),
    ("wide_f0_range", "rtl/lane/utf8_lane_byte.v",
     "3'd3:    sec_in_range = next_rng >= 3'd4;",
     "3'd3:    sec_in_range = next_rng >= 3'd5;",
     "lanes: F0's second byte narrowed from 90..BF to A0..BF"),
    ("wide_drop_tlast", "rtl/stream/utf8_wide_decoder.v",
     "wire pack_last = pack_tag[1];",
     "wire pack_last = pack_tag[1] && pack_user[2:0] == 3'd0;",
     "wide decoder: tlast dropped when a beat's first unit is an error"),
    ("wdec_narrow_count", "rtl/stream/utf8_wide_decoder.v",
     "assign shift_count = LANES_CW - incl[(LANES-1)*(SW+1) +: SW+1];",
     "assign shift_count = LANES_CW - incl[(LANES-2)*(SW+1) +: SW+1];",
     "narrow wide decoder: a beat's unit count misses its top lane's emptiness"),
    ("wdec_narrow_user", "rtl/stream/utf8_wide_decoder.v",
     "assign m_axis_tuser[6*g +: 6]   = rp_data[g*EW +: 6];",
     "assign m_axis_tuser[6*g +: 6]   = {rp_data[g*EW + 3 +: 3], rp_data[g*EW + 3 +: 3]};",
     "narrow wide decoder: the output's class is the unit's length"),
    ("wdec_narrow_last", "rtl/stream/utf8_wide_decoder.v",
     ".s_last(out_q[FW-1]),",
     ".s_last(out_q[FW-1] && out_q[EW*LANES]),",
     "narrow wide decoder: a packet's end lost when its last beat has an even unit count"),
    ("wide_fifo_small", "rtl/lane/utf8_lane_fifo.v",
     "(s_ready_q && (!s_valid || !owed_q[DEPTH-2]))",
     "(s_ready_q && (!s_valid || !owed_q[DEPTH-1]))",
     "lane FIFO: credit one beat too generous for the FIFO"),
    ("wide_ready_early", "rtl/lane/utf8_lane_fifo.v",
     "(s_ready_q && (!s_valid || !owed_q[DEPTH-2]))",
     "(s_ready_q && (!s_valid || !owed_q[DEPTH/4+1]))",
     "lane FIFO: ready withdrawn early (the same at DEPTH 4; stalls at 16)"),
    ("wide_stall_tdata", "rtl/lane/utf8_lane_fifo.v",
     "wire rd_ram = m_ready ? occ0_ram_q[g] : (occ0_ram_q[g] && !out_valid_ram_q[g]);",
     "wire rd_ram = occ0_ram_q[g];",
     "lane FIFO: a stalled output beat changes"),
    ("wide_ready_copy", "rtl/lane/utf8_lane_copy.v",
     "    q <= d;\n",
     "    q <= d | RESET_VALUE;\n",
     "lanes: the ready copies stay high (a beat taken while tready is low)"),
    ("wide_mode_mid", "rtl/lane/utf8_lane_front.v",
     "            if (mode_idle_q[r / 8]) begin\n                pend_mode_q[r] <= in_mode_q;",
     "            if (1'b1) begin\n                pend_mode_q[r] <= in_mode_q;",
     "lanes: cfg_mode sampled mid-packet"),
    ("san_take_early", "rtl/lane/utf8_repack.v",
     "        flags = {n32 >= OUT_32, n32 <= OUT_32, n32 <= 2 * OUT_32,",
     "        flags = {n32 >= OUT_32, n32 <= OUT_32, n32 <= 2 * OUT_32 + 1,",
     "repacker: the accumulator's take rule off by one after a full pop (it takes with OUT+1 items left)"),
    ("san_take_mixed", "rtl/lane/utf8_repack.v",
     "wire take = in_valid_q && !rest_end && rest_le_out;",
     "wire take = in_valid_q && rest_le_out;",
     "repacker: the accumulator takes the next packet's bytes behind a packet's end"),
    ("san_drop_tlast", "rtl/lane/utf8_repack.v",
     "wire out_last  = acc_end_q && le_out_q;",
     "wire out_last  = acc_end_q && le_out_q && !full_q;",
     "repacker: tlast dropped when a packet's last beat is full"),
    ("san_stall_tdata", "rtl/lane/utf8_repack.v",
     "wire [PW-1:0]      put_at = pop ? pop_rest_q[PW-1:0] : acc_count_q[PW-1:0];",
     "wire [PW-1:0]      put_at = (out_valid && !pop) ? {PW{1'b0}} : pop ? pop_rest_q[PW-1:0] : acc_count_q[PW-1:0];",
     "repacker: a stalled output beat's bytes overwritten by the next beat's"),
    ("san_error_len", "rtl/lane/utf8_unit_utf8.v",
     "wire [2:0] n = !s_axis_tkeep[g] ? 3'd0 : (cls == CLS_OK ? len : 3'd3);",
     "wire [2:0] n = !s_axis_tkeep[g] ? 3'd0 : len;",
     "units to UTF-8: an error unit re-encoded in its own length, not as EF BF BD"),
    ("san_fffd_len", "rtl/stream/utf8_sanitizer.v",
     "            role_d[2*k +: 2] = 2'd3;",
     "            role_d[2*k +: 2] = 2'd1;",
     "sanitizer: an error unit's last byte given one slot, not EF BF BD's three"),
    ("san_no_retract", "rtl/stream/utf8_sanitizer.v",
     "            retract_d = 1'b1;",
     "            retract_d = 1'b0;",
     "sanitizer: an error unit begun in an earlier beat leaves its first bytes in the ring"),
    ("san_commit_early", "rtl/stream/utf8_sanitizer.v",
     "        assign step_com[g] = step_end[g] || (sm_any_q[g] && !sm_last_q);",
     "        assign step_com[g] = step_end[g] || sm_any_q[g];",
     "sanitizer: a packet's last beat commits its first half before its end is marked"),
    ("san_end_mark", "rtl/stream/utf8_sanitizer.v",
     "<= wr_end && wr_run_end[g] && (wr_tag[T_WRAP + g] == o1);",
     "<= wr_end && wr_elem[EL*g + 8] && (wr_tag[T_WRAP + g] == o1);",
     "sanitizer: every full column of a packet's last step taken as its end (the word's end lane wrong)"),
    ("san_end_parity", "rtl/stream/utf8_sanitizer.v",
     "<= wr_end && wr_run_end[g] && (wr_tag[T_WRAP + g] == o1);",
     "<= wr_end && wr_run_end[g] && (wr_tag[T_WRAP + g] != o1);",
     "sanitizer: a packet's end entered in the word's memory of the other row parity"),
    ("san_end_late", "rtl/stream/utf8_sanitizer.v",
     "    if (ws_valid_q) begin\n        ring_c_q <= ws_c_q;",
     "    if (wr_valid) begin\n        ring_c_q <= wr_c;",
     "sanitizer: the commit shown to the reader with the bytes' write, before the words' end entries can be in place"),
    ("san_rotate", "rtl/stream/utf8_sanitizer.v",
     "localparam FROM = (g + WIN - (1 << l)) % WIN;",
     "localparam FROM = (g + (1 << l)) % WIN;",
     "sanitizer: the step's bytes rotated the wrong way into the ring"),
    ("san_stall_out", "rtl/stream/utf8_sanitizer.v",
     "wire           rb_move  = rb_valid_q && (!m_valid_q || m_axis_tready);",
     "wire           rb_move  = rb_valid_q;",
     "sanitizer: a stalled output beat overwritten by the next word"),
    ("san_word_wait", "rtl/stream/utf8_sanitizer.v",
     "    ge2_q     <= c_word != rp_word && c_word != rp1_word;",
     "    ge2_q     <= c_word != rp_word;",
     "sanitizer: the reader takes a second word when only one is committed"),
    ("san_fill", "rtl/stream/utf8_sanitizer.v",
     "        rd_fill[f] = f < rd_line[RD_BN +: LOG_L + 1];",
     "        rd_fill[f] = f <= rd_line[RD_BN +: LOG_L + 1];",
     "sanitizer: a beat without an error writes one byte more than it holds"),
    ("san_beat_count", "rtl/stream/utf8_sanitizer.v",
     "        if (keep_ext[v - 1] && !keep_ext[v]) begin",
     "        if (keep_ext[v - 1]) begin",
     "sanitizer: a fast beat's byte count ORs every kept lane's count, not the last one's (LANES 2)"),
    ("san_round", "rtl/stream/utf8_sanitizer.v",
     "    if (go && sp_end_q && LANES > 1) begin",
     "    if (go && sp_end_q && LANES > 2) begin",
     "sanitizer: a packet's end does not round the pointers to a word (LANES 2)"),
    ("san_row_copy", "rtl/stream/utf8_sanitizer.v",
     "                .d(rd_load ? rp1_q[LOG_W + g % RB] : rd_row_c[g]),",
     "                .d(rd_row_c[g]),",
     "sanitizer: the reader's kept row copies never move on (up to LANES 8 only the end memories' copy: every word's end entry read from row 0)"),
    ("san_row_plain", "rtl/stream/utf8_sanitizer.v",
     "                if (rd_load) q <= rp1_q[LOG_W + g % RB];",
     "                if (1'b0) q <= rp1_q[LOG_W + g % RB];",
     "sanitizer: the reader's plain row register (LANES 8 and below) never moves on (every word read from row 0)"),
    ("san_group_hold", "rtl/stream/utf8_sanitizer.v",
     "            .d(rd_load ? rp1_q[LOG_L + g % GB] : rd_group_c[g]),",
     "            .d(rd_load ? rp1_q[LOG_L + g % GB] : 1'b0),",
     "sanitizer: the reader's group copies do not hold between loads (a word after a pause read from the wrong columns)"),
    ("repack_stays_over", "rtl/lane/utf8_repack.v",
     "assign stays[g] = pop ? {{(32-NW){1'b0}}, pop_rest_q} > G_32 : {{(32-NW){1'b0}}, acc_count_q} > G_32;",
     "assign stays[g] = pop ? {{(32-NW){1'b0}}, pop_rest_q} >= G_32 : {{(32-NW){1'b0}}, acc_count_q} > G_32;",
     "repacker: after a pop, the item at the append point kept from the accumulator (the input's first item lost)"),
    ("repack_shift_level", "rtl/lane/utf8_repack.v",
     "assign v = put_at[b-1] ? {g_shift[b-1].v[ITEM*AB-1-ITEM*(1<<(b-1)):0], {(ITEM*(1<<(b-1))){1'b0}}}",
     "assign v = put_at[b-1] && b < PW ? {g_shift[b-1].v[ITEM*AB-1-ITEM*(1<<(b-1)):0], {(ITEM*(1<<(b-1))){1'b0}}}",
     "repacker: the append shift's top level missing (a beat appended at a large count lands too low)"),
    ("san_keep_gap", "rtl/lane/utf8_repack.v",
     "localparam [NW-1:0] ITEM_AT = g;",
     "localparam [NW-1:0] ITEM_AT = OUT - 1 - g;",
     "repacker: tkeep's lanes reversed (a partial beat not contiguous from lane 0)"),
    ("ring_room_over", "rtl/lane/utf8_repack_ring.v",
     "wire          room_t   = pop ? le_bits(oadv, f_lim1)  : le_bits(oadv, f_lim);",
     "wire          room_t   = pop ? le_bits(oadv, f_lim1 + 1'b1)  : le_bits(oadv, f_lim1);",
     "repacking ring: the room rule lets a beat that follows a take write one row too many (an unread row overwritten)"),
    ("ring_room_case", "rtl/lane/utf8_repack_ring.v",
     "wire          room_next = take_l ? room_t : inv_l ? room_h : room_i;",
     "wire          room_next = inv_l ? room_h : room_i;",
     "repacking ring: the room after a take judged without the rows of the beat that goes (an unread row overwritten)"),
    ("ring_col_at_load", "rtl/lane/utf8_repack_ring.v",
     "wire [CB-1:0]  c = (t == 1) ? in_col_q : wcol_q;",
     "wire [CB-1:0]  c = wcol_q;",
     "repacking ring: a beat loaded as the one before it goes worked out at the old column (its rows and mask one beat stale)"),
    ("ring_last_row", "rtl/lane/utf8_repack_ring.v",
     "wire [RB-1:0] lrow = (carry && part) ? f_q1[RB-1:0]",
     "wire [RB-1:0] lrow = (carry || part) ? f_q1[RB-1:0]",
     "repacking ring: a packet's last flag on the row after its last (when its rest carries or leaves a partial row, not both)"),
    ("ring_col_shift", "rtl/lane/utf8_repack_ring.v",
     "assign d[ITEM*v +: ITEM] = wcol_v[CB*v + b - 1] ?",
     "assign d[ITEM*v +: ITEM] = wcol_v[CB*v + b - 1] && b > 1 ?",
     "repacking ring: the items not shifted by the column's low bit (the mask is: items land one column low)"),
    ("ring_pop_ready", "rtl/lane/utf8_repack_ring.v",
     "assign pop_c[cp] = avail_c[cp] && (!ov_c[cp] || m_ready);",
     "assign pop_c[cp] = avail_c[cp];",
     "repacking ring: the output register loads the next row whether or not m_ready takes its beat (a stalled beat lost)"),
    ("ring_avail_stale", "rtl/lane/utf8_repack_ring.v",
     ".d(pop_c[cp] ? avail_n1 : avail_n0),",
     ".d(drow_q != rrow_q),",
     "repacking ring: the read row's complete flag from this clock's pointers, not the next's (a row read twice)"),
    ("ring_wen_mask", "rtl/lane/utf8_repack_ring.v",
     "if (row_hot[K*hr + hk] && in_smask_q[OUT*hk + hj]) begin",
     "if (row_hot[K*hr + hk]) begin",
     "repacking ring: items past the beat's count marked written (items out of nothing)"),
    ("ring_whot_stale", "rtl/lane/utf8_repack_ring.v",
     "whot_q[hw] <= wrow_sum[RB-1:0] == hw[RB-1:0];",
     "whot_q[hw] <= wrow_q[RB-1:0] == hw[RB-1:0];",
     "repacking ring: the one-hot write row a beat behind the write row (a beat written over the one before)"),
    ("ring_take_copy", "rtl/lane/utf8_repack_ring.v",
     ".d(f_valid || (inv_r[r] && !take_r[r])),",
     ".d(f_valid),",
     "repacking ring: a row's copy of the input valid lost while its beat waits for room (that beat's items not written there)"),
    ("ring_wcol_copy", "rtl/lane/utf8_repack_ring.v",
     ".d(take_r[v % ROWS] ? in_col_q[cb] : wcol_v[CB*v + cb]),",
     ".d(in_col_q[cb]),",
     "repacking ring: the data shift's column copies follow the waiting beat's next column before it goes (its items shifted by the wrong column)"),
    ("ring_slice_lim", "rtl/lane/utf8_repack_ring.v",
     "s_q0, s_q1, s_q2, s_qm1, s_lim, s_lim1}),",
     "s_q0, s_q1, s_q2, s_qm1, s_lim1, s_lim1}),",
     "repacking ring: the input slice carries the limit a row too generous (an unread row overwritten)"),
    ("skid_free_order", "rtl/common/utf8_axis_skid.v",
     "out_data_q <= skid_valid_q ? skid_data_q : s_axis_tdata;",
     "out_data_q <= s_axis_tdata;",
     "register slice (FREE_LOAD): the skid register's beat passed over for the input's"),
    ("skid_hold_lost", "rtl/common/utf8_axis_skid.v",
     "skid_valid_q <= 1'b1;",
     "skid_valid_q <= 1'b0;",
     "register slice: a beat taken while the output waits is dropped"),
    ("axil_b_dropped", "rtl/kernel/utf8_kernel_regs.v",
     "b_valid_d = (b_valid_q && !s_axil_bready) || wr_do;",
     "b_valid_d = wr_do;",
     "kernel registers: a write response withdrawn before BREADY"),
    ("axil_rdata_moves", "rtl/kernel/utf8_kernel_regs.v",
     "if (ar_take) r_data_q <= rd_word;",
     "r_data_q <= rd_word;",
     "kernel registers: RDATA changes while a read response waits for RREADY"),
    ("axil_write_on_b", "rtl/kernel/utf8_kernel_regs.v",
     "wire wr_do = aw_full_q && w_full_q && !b_valid_q;",
     "wire wr_do = aw_full_q && w_full_q;",
     "kernel registers: a second write done while the first's response waits (one response for two writes)"),
    ("axil_write_half", "rtl/kernel/utf8_kernel_regs.v",
     "wire wr_do = aw_full_q && w_full_q && !b_valid_q;",
     "wire wr_do = (aw_full_q || w_full_q) && !b_valid_q;",
     "kernel registers: a write answered with only its address or only its data taken"),
    ("axil_bresp", "rtl/kernel/utf8_kernel_regs.v",
     "assign s_axil_bresp = 2'b00;",
     "assign s_axil_bresp = 2'b01;",
     "kernel registers: EXOKAY, which AXI4-Lite does not have, as the write response"),
    ("axi_4k", "rtl/common/utf8_burst_cap.vh",
     "        end else if ((index >> MB) == ({PB{1'b1}} >> MB)) begin",
     "        end else if (1'b0) begin",
     "both engines: bursts no longer cut at a 4 KiB boundary"),
    ("axi_rd_ar_dropped", "rtl/kernel/utf8_kernel_rd.v",
     "    arvalid_d = arvalid_q && !m_axi_arready;",
     "    arvalid_d = 1'b0;",
     "read engine: ARVALID withdrawn before ARREADY"),
    ("axi_rd_arlen", "rtl/kernel/utf8_kernel_rd.v",
     "        arlen_q <= ar_len_m1[7:0];",
     "        arlen_q <= ar_len[7:0];",
     "read engine: ARLEN one beat too long"),
    ("axi_rd_araddr_moves", "rtl/kernel/utf8_kernel_rd.v",
     "    if (ar_load) begin\n        araddr_q <= ar_next_q;",
     "    if (ar_load || m_axi_arvalid) begin\n        araddr_q <= ar_next_q;",
     "read engine: ARADDR changes while an AR waits for ARREADY"),
    ("axi_rd_outstanding", "rtl/kernel/utf8_kernel_rd.v",
     "                                 free_q >= ar_len && bursts_q != OUTS_O;",
     "                                 free_q >= ar_len;",
     "read engine: more bursts in flight than OUTSTANDING"),
    ("axi_wr_aw_dropped", "rtl/kernel/utf8_kernel_wr.v",
     "    awvalid_d = awvalid_q && !m_axi_awready;",
     "    awvalid_d = 1'b0;",
     "write engine: AWVALID withdrawn before AWREADY"),
    ("axi_wr_w_moves", "rtl/kernel/utf8_kernel_wr.v",
     "    if (w_load) begin\n        {wstrb_q, wdata_q} <= fifo_mem[rd_ptr_q];",
     "    if (w_load || m_axi_wvalid) begin\n        {wstrb_q, wdata_q} <= fifo_mem[rd_ptr_q];",
     "write engine: a W beat's data and strobes change while it waits for WREADY"),
    ("axi_wr_wlast", "rtl/kernel/utf8_kernel_wr.v",
     "wire                   w_last = w_idx_q + ONE_C == w_cur_len || w_final;",
     "wire                   w_last = w_idx_q == w_cur_len || w_final;",
     "write engine: WLAST a beat late (on the next burst's first beat)"),
    ("axi_wr_awlen", "rtl/kernel/utf8_kernel_wr.v",
     "        awlen_q <= aw_len_m1[7:0];",
     "        awlen_q <= aw_len[7:0];",
     "write engine: AWLEN one beat longer than the W beats sent"),
    # the whole kernel's harness: the same 4 KiB bug as axi_4k, caught on the
    # kernel's ports; a read engine built with more bursts in flight than the
    # kernel is made for
    ("kernel_4k", "rtl/common/utf8_burst_cap.vh",
     "        end else if ((index >> MB) == ({PB{1'b1}} >> MB)) begin",
     "        end else if (1'b0) begin",
     "kernel: a read burst that crosses a 4 KiB boundary, on the kernel's port", ["kernel"]),
    ("kernel_rd_outs", "rtl/kernel/utf8_kernel.v",
     "    .OUTSTANDING(RD_OUTSTANDING)\n) rd_inst (",
     "    .OUTSTANDING(2 * RD_OUTSTANDING)\n) rd_inst (",
     "kernel: the read engine built with twice the bursts in flight of RD_OUTSTANDING"),
]


def run_task(venv, formal_dir, sby, task, work, timeout):
    cmd = [os.path.join(formal_dir, "run_sby.sh"), venv, os.path.join(formal_dir, sby), task, work]
    start = time.time()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=timeout, text=True)
        out = proc.stdout
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        return "TIMEOUT", time.time() - start
    elapsed = time.time() - start
    if "DONE (PASS" in out:
        return "PASS", elapsed
    # an assertion failed (bmc, basecase) or induction could not close with a
    # failing assertion: both are the proof failing
    if "DONE (FAIL" in out or ("DONE (UNKNOWN" in out and "failed assertion" in out):
        return "FAIL", elapsed
    return "ERROR", elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--venv", default=os.path.join(ROOT, "build", "venv"))
    ap.add_argument("--only", nargs="*", help="run only these mutants")
    ap.add_argument("--all-tasks", action="store_true", help="run every proof, not only until one catches")
    ap.add_argument("--timeout", type=int, default=900, help="seconds per proof run")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args()
    venv = os.path.abspath(args.venv)

    mutants = [m for m in MUTANTS if not args.only or m[0] in args.only]
    rows = []
    missed = 0
    with tempfile.TemporaryDirectory(prefix="utf8core-mutate-") as scratch:
        for name, path, old, new, what, *only_blocks in mutants:
            tree = os.path.join(scratch, name)
            shutil.copytree(os.path.join(ROOT, "rtl"), os.path.join(tree, "rtl"))
            shutil.copytree(os.path.join(ROOT, "formal"), os.path.join(tree, "formal"))
            target = os.path.join(tree, path)
            with open(target) as f:
                text = f.read()
            if text.count(old) != 1:
                print(f"{name}: the text to mutate occurs {text.count(old)} times in {path}",
                      file=sys.stderr)
                rows.append((name, what, [], "ERROR"))
                missed += 1
                continue
            with open(target, "w") as f:
                f.write(text.replace(old, new))
            results = []
            caught = False
            for block in (only_blocks[0] if only_blocks else blocks_of(path)):
                for sby, task in PROOFS[block]:
                    if caught and not args.all_tasks:
                        break
                    work = os.path.join(tree, "work", f"{sby[:-4]}_{task}")
                    status, secs = run_task(venv, os.path.join(tree, "formal"), sby, task, work,
                                            args.timeout)
                    results.append((f"{sby[:-4]}:{task}", status, secs))
                    print(f"  {name:20s} {sby[:-4]}:{task:9s} {status:7s} {secs:6.1f}s", flush=True)
                    if status == "FAIL":
                        caught = True
            verdict = "caught" if caught else "MISSED"
            if not caught:
                missed += 1
            rows.append((name, what, results, verdict))
            shutil.rmtree(tree, ignore_errors=True)

    if args.markdown:
        print("| planted bug | what | caught by | also run (passed) | result |")
        print("|---|---|---|---|---|")
        for name, what, results, verdict in rows:
            by = ", ".join(f"`{r[0]}` ({r[2]:.0f} s)" for r in results if r[1] == "FAIL") or "none"
            others = ", ".join(f"`{r[0]}`" for r in results if r[1] != "FAIL") or "-"
            print(f"| `{name}` | {what} | {by} | {others} | {verdict} |")
    else:
        print(f"{'planted bug':20s} {'caught by':40s} result")
        for name, what, results, verdict in rows:
            by = ", ".join(r[0] for r in results if r[1] == "FAIL") or "none"
            print(f"{name:20s} {by:40s} {verdict}")
    print(f"{len(rows) - missed} caught, {missed} missed")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
