// utf8core DPI-C layer over the functional model; see utf8core_dpi.h.
#include "utf8core_dpi.h"

#include <cstdint>
#include <deque>
#include <vector>

#include "utf8_model.h"

namespace {

struct DpiDecoder {
  explicit DpiDecoder(utf8core::Mode m) : mode(m), decoder(m) {}
  utf8core::Mode mode;
  utf8core::Decoder decoder;
  std::vector<uint8_t> packet;  // the open packet's bytes, for Validate()
  std::vector<utf8core::Unit> fresh;
  std::deque<utf8core::Unit> ready;
  bool has_verdict = false;
  utf8core::Verdict verdict;

  void Take() {
    ready.insert(ready.end(), fresh.begin(), fresh.end());
    fresh.clear();
  }
};

bool ModeOf(int mode, utf8core::Mode* m) {
  if (mode != 0 && mode != 1) return false;
  *m = static_cast<utf8core::Mode>(mode);
  return true;
}

}  // namespace

extern "C" {

void* utf8core_decoder_new(int mode) {
  utf8core::Mode m;
  if (!ModeOf(mode, &m)) return nullptr;
  return new DpiDecoder(m);
}

void utf8core_decoder_free(void* decoder) { delete static_cast<DpiDecoder*>(decoder); }

void utf8core_decoder_push(void* decoder, unsigned char byte) {
  auto* d = static_cast<DpiDecoder*>(decoder);
  d->packet.push_back(byte);
  d->decoder.push(byte, &d->fresh);
  d->Take();
}

void utf8core_decoder_end_packet(void* decoder) {
  auto* d = static_cast<DpiDecoder*>(decoder);
  d->decoder.end_of_packet(&d->fresh);
  d->Take();
  d->verdict = utf8core::Validate(d->packet.data(), d->packet.size(), d->mode);
  d->has_verdict = true;
  d->packet.clear();
}

int utf8core_decoder_pop(void* decoder, unsigned int* code_point, uint64_t* offset,
                         unsigned char* length, unsigned char* cls) {
  auto* d = static_cast<DpiDecoder*>(decoder);
  if (d->ready.empty()) return 0;
  const utf8core::Unit u = d->ready.front();
  d->ready.pop_front();
  *code_point = u.code_point;
  *offset = u.offset;
  *length = u.length;
  *cls = static_cast<unsigned char>(u.cls);
  return 1;
}

int utf8core_validate_last(void* decoder, uint64_t* first_error_offset,
                           unsigned char* first_error_class) {
  const auto* d = static_cast<const DpiDecoder*>(decoder);
  if (!d->has_verdict) return -1;
  *first_error_offset = d->verdict.first_error_offset;
  *first_error_class = static_cast<unsigned char>(d->verdict.first_error_class);
  return d->verdict.valid ? 1 : 0;
}

int utf8core_encode(unsigned int code_point, int mode, uint64_t* bytes, unsigned char* cls) {
  utf8core::Mode m;
  if (!ModeOf(mode, &m)) return 0;
  uint8_t out[6];
  utf8core::ErrorClass c;
  const int n = utf8core::EncodeOne(code_point, m, out, &c);
  uint64_t packed = 0;
  for (int i = 0; i < n; ++i) packed |= static_cast<uint64_t>(out[i]) << (8 * i);
  *bytes = packed;
  *cls = static_cast<unsigned char>(c);
  return n;
}

}  // extern "C"
