// The scalar decoder as shipped (OFFSET_WIDTH 32, COUNT_WIDTH 32), verilated
// from rtl/stream/utf8_decoder.v: kDecoderDefault of the utf8_decoder_run library. A
// gate-level test program links the netlist's instead (utf8_decoder_netlist.cpp.in).
#include <string>

#include "Vutf8_decoder.h"
#include "utf8_decoder_rtl_of.h"

namespace utf8core {
namespace sim {

const DecoderVariant kDecoderDefault = {
    32, 32, [](const std::string& trace_path, int count_width) -> std::unique_ptr<DecoderRtl> {
      return std::make_unique<DecoderRtlOf<Vutf8_decoder>>(trace_path, count_width);
    }};

}  // namespace sim
}  // namespace utf8core
