// The encoder verilated with COUNT_WIDTH 4 (tests only: library
// utf8_encoder_cw4_rtl), so that a test can drive the error counters into
// saturation in a few dozen code points. Kept out of the utf8core program.
#include "Vutf8_encoder_cw4.h"
#include "utf8_encoder_rtl_of.h"

namespace utf8core {
namespace sim {

const EncoderVariant kEncoderCount4 = {
    4, [](const std::string& trace_path, int count_width) -> std::unique_ptr<EncoderRtl> {
      return std::make_unique<EncoderRtlOf<Vutf8_encoder_cw4>>(trace_path, count_width);
    }};

}  // namespace sim
}  // namespace utf8core
