// The encoder as shipped (COUNT_WIDTH 32), verilated from rtl/stream/utf8_encoder.v:
// kEncoderDefault of the utf8_encoder_run library. A gate-level test program
// links the netlist's instead (utf8_encoder_netlist.cpp.in).
#include <string>

#include "Vutf8_encoder.h"
#include "utf8_encoder_rtl_of.h"

namespace utf8core {
namespace sim {

const EncoderVariant kEncoderDefault = {
    32, [](const std::string& trace_path, int count_width) -> std::unique_ptr<EncoderRtl> {
      return std::make_unique<EncoderRtlOf<Vutf8_encoder>>(trace_path, count_width);
    }};

}  // namespace sim
}  // namespace utf8core
