// What the cycle models of the kernel's two AXI4 engines (utf8_kernel_rd.h,
// utf8_kernel_wr.h) share, written once because the RTL engines do it the same
// way: the three parameters both have, their checks and what follows from them
// (a beat's lanes, the 4 KiB page in beats, the masks), and the burst
// arithmetic (a burst's cap at the page's end and MAX_BURST, the bytes of a
// burst, the address after it). Each engine model derives from
// KernelAxiEngine and keeps its own registers and next-state code.
//
// Also the AXI4 master's ports as structs, one for each direction of each half
// (AR/R, AW/W/B): the engines' models give and take them, and the kernel's
// model (utf8_kernel.h) has the same ports, so it passes them through whole
// instead of field by field.
#ifndef UTF8CORE_MODEL_KERNEL_AXI_ENGINE_H_
#define UTF8CORE_MODEL_KERNEL_AXI_ENGINE_H_

#include <array>
#include <cstdint>

namespace utf8core {

// What the memory drives into the read half (AR, R).
struct AxiReadMasterInputs {
  bool m_axi_arready = false;
  std::array<uint8_t, 64> m_axi_rdata{};  // lane k at [k]; lanes past W unused
  uint8_t m_axi_rresp = 0;
  bool m_axi_rlast = false;
  bool m_axi_rvalid = false;
};

// What the read half drives.
struct AxiReadMasterOutputs {
  uint64_t m_axi_araddr = 0;
  uint8_t m_axi_arlen = 0;
  uint8_t m_axi_arsize = 0;
  uint8_t m_axi_arburst = 0;
  uint8_t m_axi_arcache = 0;
  uint8_t m_axi_arprot = 0;
  bool m_axi_arvalid = false;
  bool m_axi_rready = false;
  // What has had a value since power-on (X in the RTL otherwise).
  bool ar_known = false;  // m_axi_araddr, m_axi_arlen
};

// What the memory drives into the write half (AW, W, B).
struct AxiWriteMasterInputs {
  bool m_axi_awready = false;
  bool m_axi_wready = false;
  uint8_t m_axi_bresp = 0;
  bool m_axi_bvalid = false;
};

// What the write half drives.
struct AxiWriteMasterOutputs {
  uint64_t m_axi_awaddr = 0;
  uint8_t m_axi_awlen = 0;
  uint8_t m_axi_awsize = 0;
  uint8_t m_axi_awburst = 0;
  uint8_t m_axi_awcache = 0;
  uint8_t m_axi_awprot = 0;
  bool m_axi_awvalid = false;
  std::array<uint8_t, 64> m_axi_wdata{};  // lane k at [k]; lanes past W unused
  uint64_t m_axi_wstrb = 0;
  bool m_axi_wlast = false;
  bool m_axi_wvalid = false;
  bool m_axi_bready = false;
  // What has had a value since power-on (X in the RTL otherwise).
  bool aw_known = false;     // m_axi_awaddr, m_axi_awlen
  uint64_t wdata_known = 0;  // lanes of m_axi_wdata, bit k for lane k
  bool w_known = false;      // m_axi_wstrb, m_axi_wlast
};

// The parameters both engines have (the RTL's names).
struct KernelAxiParams {
  int data_bytes = 64;  // W = DATA_WIDTH/8: 8, 16, 32 or 64
  int addr_width = 64;  // ADDR_WIDTH, 16 to 64
  int max_burst = 16;   // MAX_BURST, a power of two, 1 to 256
};

class KernelAxiEngine {
 protected:
  // What both engines drive on AR/AW besides address and length: INCR bursts
  // of full beats, normal non-cacheable bufferable, unprivileged secure data.
  static constexpr uint8_t kBurstIncr = 1;
  static constexpr uint8_t kCache = 3;
  static constexpr uint8_t kProt = 0;

  // Checks the shared parameters as the RTL's elaboration does and throws
  // std::invalid_argument, the message starting with `block`, for one it
  // refuses. The engine checks its own after this and sets cw_mask_.
  KernelAxiEngine(const char* block, const KernelAxiParams& p);

  static bool PowerOfTwo(int v) { return v > 0 && (v & (v - 1)) == 0; }
  // The bits to count to v: the least n with 2^n >= v.
  static unsigned Log2(uint64_t v) {
    unsigned n = 0;
    while ((uint64_t{1} << n) < v) ++n;
    return n;
  }
  static uint64_t Ones(unsigned bits) {
    return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  }

  // The cap of a burst from byte address `addr`: the beats to its 4 KiB
  // page's end at the beat counters' width, at most MAX_BURST (the RTL's
  // burst_cap of the address's beat index in its page).
  uint64_t BurstCap(uint64_t addr) const {
    const uint64_t left = (page_beats_ - ((addr >> logw_) & (page_beats_ - 1))) & cw_mask_;
    return left < max_burst_ ? left : max_burst_;
  }
  // The bytes of `beats` beats, at most a page (the RTL's 13-bit product).
  uint64_t BurstBytes(uint64_t beats) const { return (beats & Ones(13 - logw_)) << logw_; }
  // Where the burst after one of `cap` beats from `addr` starts, at ADDR_WIDTH.
  uint64_t After(uint64_t addr, uint64_t cap) const {
    return (addr + BurstBytes(cap)) & addr_mask_;
  }

  unsigned w_;            // bytes a beat
  unsigned logw_;         // log2(W): AxSIZE
  uint64_t all_keep_;     // W ones
  uint64_t addr_mask_;    // ADDR_WIDTH ones
  uint64_t page_beats_;   // beats in 4 KiB
  uint64_t max_burst_;    // MAX_BURST
  uint64_t cw_mask_ = 0;  // the beat counters' width (CW), the engine's own
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_KERNEL_AXI_ENGINE_H_
