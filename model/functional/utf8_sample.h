// The built-in sample: multilingual text, then one malformed case per error
// class, chosen so both modes have something to say. The command line uses it
// when no FILE is given (so the first run shows something), the SystemC bench
// decodes it too; it lives with the model so neither reaches into the other.
#ifndef UTF8CORE_MODEL_UTF8_SAMPLE_H_
#define UTF8CORE_MODEL_UTF8_SAMPLE_H_

#include <cstdint>
#include <vector>

namespace utf8core {

// UTF-8 bytes for decode and validate. In rfc3629 mode it holds every decoder
// error class; in annex-r mode all but TOO_LARGE (which annex-r cannot produce
// when decoding), and its 5- and 6-octet sequences decode to values.
const std::vector<uint8_t>& SampleUtf8();

// Code points for encode: the sample's well-formed text, then a surrogate and
// values beyond U+10FFFF and beyond 0x7FFFFFFF, each on a labelled line.
const std::vector<uint32_t>& SampleCodePoints();

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_SAMPLE_H_
