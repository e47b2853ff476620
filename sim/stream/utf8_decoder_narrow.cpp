// The scalar decoder verilated with OFFSET_WIDTH 4 and COUNT_WIDTH 3 (tests
// only: library utf8_decoder_narrow_rtl), so that offsets wrap and counters
// saturate within a short test. Kept out of the utf8core program.
#include "Vutf8_decoder_narrow.h"
#include "utf8_decoder_rtl_of.h"

namespace utf8core {
namespace sim {

const DecoderVariant kDecoderNarrow = {
    4, 3, [](const std::string& trace_path, int count_width) -> std::unique_ptr<DecoderRtl> {
      return std::make_unique<DecoderRtlOf<Vutf8_decoder_narrow>>(trace_path, count_width);
    }};

}  // namespace sim
}  // namespace utf8core
