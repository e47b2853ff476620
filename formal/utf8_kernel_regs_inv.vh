// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

/*
 * The register block's invariants for k-induction: included by its own
 * harness (formal/utf8_kernel_regs_formal.sv) and the kernel's
 * (utf8_kernel_formal.sv). The includer provides f_past_valid, rst, the
 * s_axil_* handshakes and utf8_faxil's f_aw_out, f_w_out and f_ar_out, and its
 * .sby drives the f_dut_* wires from the block's registers.
 */
// The slave's holding registers (driven by the .sby script: Yosys's front end
// has no hierarchical references)
wire f_dut_aw_full;
wire f_dut_w_full;
wire f_dut_rd_pend;

// Invariants: each request taken and not answered is held, or is the response
// on offer (a write's address and data are answered together; a read may wait
// behind the one on offer), and nothing is offered for a register that is
// full.
always @(*) begin
    if (f_past_valid && !rst) begin
        assert (f_aw_out == {2'b00, f_dut_aw_full} + {2'b00, s_axil_bvalid});
        assert (f_w_out == {2'b00, f_dut_w_full} + {2'b00, s_axil_bvalid});
        assert (f_ar_out == {2'b00, f_dut_rd_pend} + {2'b00, s_axil_rvalid});
        assert (!(s_axil_awready && f_dut_aw_full));
        assert (!(s_axil_wready && f_dut_w_full));
        assert (!(s_axil_arready && f_dut_rd_pend));
    end
end
