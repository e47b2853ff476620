// utf8core DPI-C layer: the functional model (model/functional/utf8_model.h) behind plain C
// functions that SystemVerilog imports (utf8core_pkg.sv), for scoreboards in any
// simulator with DPI-C. Every argument is a DPI-C type of IEEE 1800 (int, int
// unsigned, longint unsigned, byte unsigned, chandle), so the layer needs no
// svdpi.h and compiles alone against the model.
//
// Modes are the RTL's cfg_mode: 0 rfc3629, 1 annex-r. Classes are the RTL's
// 3-bit code (tuser[2:0]): 0 OK, 1 TOO_SHORT, 2 TOO_LONG, 3 OVERLONG,
// 4 SURROGATE, 5 TOO_LARGE, 6 HEADER_BITS.
#ifndef UTF8CORE_DPI_UTF8CORE_DPI_H_
#define UTF8CORE_DPI_UTF8CORE_DPI_H_

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Decoding, one packet after another, as the RTL decoder sees them: push a
// packet's bytes, end it, pop its units. Units become ready as soon as the
// model knows them (a byte may complete the unit before it), the rest at the
// packet's end. A decoder is a chandle; new returns null for a bad mode.
void* utf8core_decoder_new(int mode);
void utf8core_decoder_free(void* decoder);
void utf8core_decoder_push(void* decoder, unsigned char byte);
// Closes the packet: its last units become ready, and its verdict (validate)
// is fixed. The next push starts a new packet at offset 0.
void utf8core_decoder_end_packet(void* decoder);
// 1 and the oldest unit not yet popped, or 0 when none is ready.
int utf8core_decoder_pop(void* decoder, unsigned int* code_point, uint64_t* offset,
                         unsigned char* length, unsigned char* cls);

// Validation of the last packet ended on the decoder, by the model's Validate():
// 1 valid, 0 invalid with the first error unit's offset and class, -1 when no
// packet has ended yet.
int utf8core_validate_last(void* decoder, uint64_t* first_error_offset,
                           unsigned char* first_error_class);

// Encodes one code point: returns its length in bytes (1 to 6) and puts byte i
// in bits 8*i+7..8*i of *bytes; *cls is OK, or SURROGATE / TOO_LARGE with the
// bytes EF BF BD. Returns 0 for a bad mode.
int utf8core_encode(unsigned int code_point, int mode, uint64_t* bytes, unsigned char* cls);

#ifdef __cplusplus
}
#endif

#endif  // UTF8CORE_DPI_UTF8CORE_DPI_H_
