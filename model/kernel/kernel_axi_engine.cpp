// What the kernel's AXI4 engine models share; see kernel_axi_engine.h.
#include "kernel_axi_engine.h"

#include <stdexcept>
#include <string>

namespace utf8core {

KernelAxiEngine::KernelAxiEngine(const char* block, const KernelAxiParams& p) {
  const std::string b(block);
  if (p.data_bytes != 8 && p.data_bytes != 16 && p.data_bytes != 32 && p.data_bytes != 64)
    throw std::invalid_argument(b + ": DATA_WIDTH must be 64, 128, 256 or 512");
  if (p.addr_width < 16 || p.addr_width > 64)
    throw std::invalid_argument(b + ": ADDR_WIDTH must be 16 to 64");
  if (!PowerOfTwo(p.max_burst) || p.max_burst > 256)
    throw std::invalid_argument(b + ": MAX_BURST must be a power of two up to 256");
  w_ = static_cast<unsigned>(p.data_bytes);
  logw_ = Log2(w_);
  all_keep_ = Ones(w_);
  addr_mask_ = Ones(static_cast<unsigned>(p.addr_width));
  page_beats_ = 4096 / w_;
  max_burst_ = static_cast<uint64_t>(p.max_burst);
}

}  // namespace utf8core
