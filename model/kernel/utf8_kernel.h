// Cycle model of the memory-mapped kernel (rtl/kernel/utf8_kernel.v): ticked with the
// RTL's inputs every clock it gives the RTL's outputs every clock. It is the
// RTL's composition of its sub-blocks' cycle models (registers, read engine,
// tail holder, wide decoder, unit stage, UTF-8 or UTF-32 repacking, write
// engine; for VALIDATE_STRINGS the second read engine, the read channels' mux,
// the offsets stage, the string validator and the bitmap) and the kernel's own
// control state machine and carried text, written from the RTL's always block.
//
// Every output port of the kernel comes from a register of some sub-block, so
// outputs() depends on the state alone. Inside, the Mealy paths between
// sub-blocks are evaluated each clock in the RTL's order: the ready chain runs
// from the write engine back through the repacking, the unit stage and the
// decoder, and from the decoder's credit back through the tail holder to the
// read engine; the op selects which repacking feeds the write engine.
//
// Parameters: DATA_WIDTH 64, 128, 256 or 512, OPS, and the RTL's defaults for
// the rest (ADDR_WIDTH 64, RD_BURST 16, RD_OUTSTANDING 8, WR_BURST 16, WR_FIFO 32).
// The model starts as the RTL after a reset, so a bench resets first. The
// RTL's payload registers are not reset and hold X until first loaded, which
// Verilator shows as 0; the model's hold 0 too, and Outputs' *_known fields
// say which of the AXI4 payloads have had a value since power-on.
#ifndef UTF8CORE_MODEL_UTF8_KERNEL_H_
#define UTF8CORE_MODEL_UTF8_KERNEL_H_

#include <array>
#include <cstdint>

#include "utf8_axis_skid.h"
#include "utf8_kernel_bitmap.h"
#include "utf8_kernel_offsets.h"
#include "utf8_kernel_rd.h"
#include "utf8_kernel_rd_mux.h"
#include "utf8_kernel_regs.h"
#include "utf8_kernel_tail.h"
#include "utf8_kernel_units.h"
#include "utf8_kernel_wr.h"
#include "utf8_repack.h"
#include "utf8_string_validator.h"
#include "utf8_wide_decoder.h"

namespace utf8core {

class KernelCycleModel {
 public:
  using Lanes = std::array<uint8_t, 64>;  // byte k of a beat at [k]; bytes past W unused

  // The AXI4 master's side, as the engines' models have it, in the bases:
  // what the memory drives into the read half (AR, R) and the write half
  // (AW, W, B).
  struct Inputs : AxiReadMasterInputs, AxiWriteMasterInputs {
    bool rst = false;
    // AXI4-Lite slave
    uint32_t s_axil_awaddr = 0;  // 12 bits
    uint32_t s_axil_awprot = 0;
    bool s_axil_awvalid = false;
    uint32_t s_axil_wdata = 0;
    uint32_t s_axil_wstrb = 0;
    bool s_axil_wvalid = false;
    bool s_axil_bready = false;
    uint32_t s_axil_araddr = 0;  // 12 bits
    uint32_t s_axil_arprot = 0;
    bool s_axil_arvalid = false;
    bool s_axil_rready = false;
  };

  // The AXI4 master's ports, as the read and the write engine drive them, in
  // the bases, with what of their payloads has had a value since power-on.
  struct Outputs : AxiReadMasterOutputs, AxiWriteMasterOutputs {
    bool s_axil_awready = false;
    bool s_axil_wready = false;
    uint32_t s_axil_bresp = 0;
    bool s_axil_bvalid = false;
    bool s_axil_arready = false;
    uint32_t s_axil_rdata = 0;
    uint32_t s_axil_rresp = 0;
    bool s_axil_rvalid = false;
    bool irq = false;
  };

  // DATA_WIDTH 64, 128, 256 or 512, and the OPS built in (bit 0 VALIDATE,
  // 1 SANITIZE, 2 DECODE_UTF32, 3 VALIDATE_STRINGS; 1 to 15); others throw
  // std::invalid_argument.
  explicit KernelCycleModel(int data_width, uint32_t ops = 15);
  int data_width() const { return 8 * w_; }
  uint32_t ops() const { return ops_; }
  Outputs outputs() const;
  void tick(const Inputs& in);

 private:
  // The kernel's own registers (utf8_kernel.v's always block).
  struct Control {
    uint32_t state = 0;  // ST_IDLE
    uint32_t op = 0;
    bool mode = false, cont = false, partial = false;
    uint64_t src = 0, dst = 0, len = 0, cap = 0, cycles = 0;
    // The argument check's registers: the ends past the address space
    // (ST_SUMS; the model's addresses are 64 bits, so no len_big/cap_big),
    // then the verdict (ST_CHECK)
    bool src_past = false, dst_past = false, bad = false;
    uint64_t held = 0;  // 40 bits
    uint32_t held_n = 0;
    uint64_t text = 0;
    bool err = false;
    uint32_t err_class = 0;
    uint64_t err_off = 0;
    bool rd_cmd = false, wr_cmd = false, rd_used = false, wr_used = false;
    bool units_start = false, units_finish = false;
    bool tail_done = false, tail_sent = false;
    uint64_t tail_held = 0;
    uint32_t tail_n = 0;
    bool bus_err = false;
    bool front_rst = false;
    // VALIDATE_STRINGS (text counts the column's strings)
    bool o64 = false;
    uint64_t offsets = 0, count = 0, count_eff = 0;
    bool str_full = false, off_past = false;
    uint64_t off_len = 0, first_bad = 0;
    bool rd2_cmd = false, dat_go = false;
    uint64_t dat_addr = 0, dat_len = 0;
    bool bmp_done = false, sv_stat = false;
    uint32_t sv_class = 0;
    uint64_t sv_str_off = 0;
    // Results, the register block's inputs
    bool job_done = false;
    uint32_t res_status = 0, res_err_class = 0;
    uint64_t res_err_offset = 0, res_in_bytes = 0, res_out_bytes = 0, res_units = 0,
             res_utf16_units = 0, res_cycles = 0;
    std::array<uint32_t, 6> res_class_count{};
    uint64_t res_bad_strings = 0, res_first_bad = 0;
  };

  // What the VALIDATE_STRINGS path shows the control block this clock.
  struct StringsView {
    KernelRdCycleModel::Outputs rd2;
    KernelOffsetsCycleModel::Outputs off;
    StringValidatorCycleModel::Outputs sv;
    KernelBitmapCycleModel::Outputs bmp;
  };

  bool Writes() const;
  bool BadArgs() const;
  // Fills in_utf8_.s_data and s_count: the bytes of a beat of units.
  void UnitBytes(const KernelUnitsCycleModel::UnitBeat& b);
  void ControlTick(const Inputs& in, const KernelRdCycleModel::Outputs& rd,
                   const KernelWrCycleModel::Outputs& wr, const KernelTailCycleModel::Outputs& tail,
                   const KernelUnitsCycleModel::Outputs& units, const StringsView& sv);
  bool HasStrings() const { return (ops_ & 8) != 0; }
  // The read engines' AXI4 side as the mux gives it (VALIDATE_STRINGS built).
  KernelRdMuxCycleModel::Inputs MuxInputs(const KernelRdCycleModel::Outputs& rd,
                                          const KernelRdCycleModel::Outputs& rd2,
                                          const AxiReadMasterInputs& m) const;

  int w_;
  uint32_t ops_;  // OPS: the operations built in
  KernelRegsCycleModel regs_;
  KernelRdCycleModel rd_;
  KernelTailCycleModel tail_;
  WideDecoderCycleModel decoder_;
  KernelUnitsCycleModel units_;
  AxisSkidModel<KernelUnitsCycleModel::UnitBeat> slice_;  // units to back ends (OPS with a write)
  RepackCycleModel utf8_;  // utf8_unit_utf8's repacking: bytes, IN 3*W+3, OUT W
  RepackCycleModel ucs4_;  // UTF-32: code points, IN W, OUT W/4
  KernelWrCycleModel wr_;
  // VALIDATE_STRINGS (built with OPS bit 3)
  KernelRdCycleModel rd2_;
  KernelRdMuxCycleModel mux_;
  KernelOffsetsCycleModel offsets_;
  StringValidatorCycleModel sv_;
  KernelBitmapCycleModel bitmap_;
  Control c_;

  // Sub-blocks' inputs, kept so that a clock fills them in place and
  // allocates nothing.
  KernelRegsCycleModel::Inputs in_regs_;
  KernelRdCycleModel::Inputs in_rd_;
  KernelTailCycleModel::Inputs in_tail_;
  WideDecoderCycleModel::Inputs in_dec_;
  KernelUnitsCycleModel::Inputs in_units_;
  RepackCycleModel::Inputs in_utf8_;
  RepackCycleModel::Inputs in_ucs4_;
  KernelWrCycleModel::Inputs in_wr_;
  KernelRdCycleModel::Inputs in_rd2_;
  KernelOffsetsCycleModel::Inputs in_off_;
  StringValidatorCycleModel::Inputs in_sv_;
  KernelBitmapCycleModel::Inputs in_bmp_;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_KERNEL_H_
