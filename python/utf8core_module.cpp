// The Python module utf8core (docs/spec.md §10): the functional model
// (model/functional/utf8_model.h) bound with pybind11, so that Python code, a cocotb
// scoreboard among them, gets the product's own definition of decoding rather
// than a re-implementation.
//
//   decode(data, mode="rfc3629")   -> [(code_point, offset, length, class_name), ...]
//   decode_arrays(data, mode="rfc3629") -> (code_points, offsets, lengths, classes):
//       the same units as four array.arrays ('I', 'Q', 'B', 'B'); a class is its
//       number (ErrorClass, rtl/common/utf8_class_codes.vh), CLASSES[number] its name
//   validate(data, mode="rfc3629") -> (ok, offset, class_name); offset and class None when ok
//   encode(code_points, mode="rfc3629") -> bytes
//   Decoder(mode="rfc3629"): feed(data) -> units completed so far, finish() -> the rest
//
// data is any object with the buffer protocol that is C-contiguous (bytes,
// bytearray, memoryview, array), read as its raw bytes, as CPython's codecs do.
// The model runs with the GIL released; only building the Python results holds it.
#include <Python.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "utf8_model.h"

namespace py = pybind11;

namespace {

using utf8core::ErrorClass;
using utf8core::Mode;
using utf8core::Unit;

std::string TypeName(py::handle obj) { return Py_TYPE(obj.ptr())->tp_name; }

Mode ParseModeArg(py::handle mode, const char* func) {
  if (!PyUnicode_Check(mode.ptr())) {
    throw py::type_error(std::string(func) +
                         "(): mode must be a str ('rfc3629' or 'annex-r'), not " + TypeName(mode));
  }
  const std::string s = py::cast<std::string>(mode);
  Mode m;
  if (!utf8core::ParseMode(s, &m)) {
    throw py::value_error(std::string(func) + "(): unknown mode '" + s +
                          "': expected 'rfc3629' or 'annex-r'");
  }
  return m;
}

// The bytes of a buffer-protocol object, held for as long as this lives (so the
// exporter cannot resize it while the GIL is released).
class ByteView {
 public:
  ByteView(py::handle obj, const char* func) {
    if (PyUnicode_Check(obj.ptr())) {
      throw py::type_error(std::string(func) +
                           "(): expected bytes, bytearray or memoryview, not str "
                           "(encode text first, e.g. text.encode('utf-8'))");
    }
    if (!PyObject_CheckBuffer(obj.ptr())) {
      throw py::type_error(std::string(func) + "(): expected bytes, bytearray or memoryview, not " +
                           TypeName(obj));
    }
    if (PyObject_GetBuffer(obj.ptr(), &view_, PyBUF_C_CONTIGUOUS) != 0) {
      PyErr_Clear();
      throw py::value_error(std::string(func) +
                            "(): the buffer is not C-contiguous; pass bytes(data) instead");
    }
  }
  ~ByteView() { PyBuffer_Release(&view_); }
  ByteView(const ByteView&) = delete;
  ByteView& operator=(const ByteView&) = delete;

  const uint8_t* data() const { return static_cast<const uint8_t*>(view_.buf); }
  size_t size() const { return static_cast<size_t>(view_.len); }

 private:
  Py_buffer view_{};
};

// One str per class, made once, so that a million units share seven objects.
const py::str& ClassStr(ErrorClass c) {
  static const std::vector<py::str>* names = [] {
    auto* v = new std::vector<py::str>;  // never freed: outlives the interpreter's teardown order
    for (int i = 0; i < utf8core::kNumClasses; ++i) {
      v->emplace_back(utf8core::ClassName(static_cast<ErrorClass>(i)));
    }
    return v;
  }();
  return (*names)[static_cast<size_t>(c)];
}

py::list UnitsToList(const std::vector<Unit>& units) {
  py::list out(units.size());
  for (size_t i = 0; i < units.size(); ++i) {
    const Unit& u = units[i];
    PyObject* t = PyTuple_New(4);
    if (t == nullptr) throw py::error_already_set();
    PyTuple_SET_ITEM(t, 0, PyLong_FromUnsignedLong(u.code_point));
    PyTuple_SET_ITEM(t, 1, PyLong_FromUnsignedLongLong(u.offset));
    PyTuple_SET_ITEM(t, 2, PyLong_FromLong(u.length));
    PyTuple_SET_ITEM(t, 3, ClassStr(u.cls).inc_ref().ptr());
    for (int k = 0; k < 3; ++k) {
      if (PyTuple_GET_ITEM(t, k) == nullptr) {
        Py_DECREF(t);
        throw py::error_already_set();
      }
    }
    PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), t);
  }
  return out;
}

// The arguments of decode() and decode_arrays(): checked in the same order, with
// the same exceptions and messages (naming `func`), so that the two accept and
// refuse the same calls.
struct DecodeArgs {
  DecodeArgs(py::handle data, py::handle mode_arg, const char* func)
      : mode(ParseModeArg(mode_arg, func)), bytes(data, func) {}
  Mode mode;  // declared first, so checked first
  ByteView bytes;
};

py::list Decode(py::handle data, py::handle mode) {
  DecodeArgs args(data, mode, "decode");
  std::vector<Unit> units;
  {
    py::gil_scoped_release release;
    units = utf8core::Decode(args.bytes.data(), args.bytes.size(), args.mode);
  }
  return UnitsToList(units);
}

// A new array.array of `n` items of typecode `code` (C type T), zeroed, and a
// writable view of its items, held for as long as this lives (an array with an
// export cannot be resized, so the items stay put while the GIL is released).
// Made by repeating a one-item array: one allocation, no Python int per item.
template <typename T>
class OutArray {
 public:
  OutArray(const py::object& array_type, char code, size_t n) {
    const py::object one = array_type(std::string(1, code), py::make_tuple(0));
    obj_ = py::reinterpret_steal<py::object>(
        PySequence_Repeat(one.ptr(), static_cast<Py_ssize_t>(n)));
    if (!obj_) throw py::error_already_set();
    if (PyObject_GetBuffer(obj_.ptr(), &view_, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) != 0) {
      throw py::error_already_set();
    }
    // A typecode names a C type whose size the platform decides (array module
    // docs); the columns are written as T.
    if (view_.itemsize != static_cast<Py_ssize_t>(sizeof(T)) ||
        view_.len != static_cast<Py_ssize_t>(n * sizeof(T))) {
      const Py_ssize_t itemsize = view_.itemsize;
      PyBuffer_Release(&view_);  // the destructor does not run when the constructor throws
      throw std::runtime_error(std::string("decode_arrays(): array typecode '") + code +
                               "' has items of " + std::to_string(itemsize) + " bytes, not " +
                               std::to_string(sizeof(T)));
    }
    held_ = true;
  }
  ~OutArray() {
    if (held_) PyBuffer_Release(&view_);
  }
  OutArray(const OutArray&) = delete;
  OutArray& operator=(const OutArray&) = delete;

  T* data() const { return static_cast<T*>(view_.buf); }
  // The array, its view given back: call once the items are written.
  py::object release() {
    if (held_) PyBuffer_Release(&view_);
    held_ = false;
    return obj_;
  }

 private:
  py::object obj_;
  Py_buffer view_{};
  bool held_ = false;
};

// The four columns of decode_arrays(), `size` items each.
struct Columns {
  uint32_t* code_point;
  unsigned long long* offset;
  unsigned char* length;
  unsigned char* cls;
  size_t size;
};

// The length of a well-formed unit, from its code point: a well-formed sequence is
// the shortest form of its value (a longer one is an OVERLONG error), so its
// length is the encoded length of Annex R Table 4.
inline unsigned char WellFormedLength(uint32_t cp) {
  return static_cast<unsigned char>(1 + (cp >= 0x80) + (cp >= 0x800) + (cp >= 0x10000) +
                                    (cp >= 0x200000) + (cp >= 0x4000000));
}

// The first unit of a packet that starts at p (avail >= 1 bytes), by the model's
// Decoder. Decoding starts afresh at every unit boundary, so this is also the
// unit at p of any packet in which a unit starts at p (its offset aside).
// `scratch` is reused across calls to save an allocation each.
Unit FirstUnit(const uint8_t* p, size_t avail, Mode mode, std::vector<Unit>* scratch) {
  scratch->clear();
  utf8core::Decoder decoder(mode);
  for (size_t j = 0; j < avail && scratch->empty(); ++j) decoder.push(p[j], scratch);
  if (scratch->empty()) decoder.end_of_packet(scratch);
  return scratch->front();
}

// Writes the units of the packet into the columns; returns how many there are, or
// c.size + 1 when there are more than c.size (none is written beyond).
//
// Running the model's Decoder over the bytes, as decode() does, and copying its
// units into the columns is too slow for what decode_arrays() is for (about half
// the speed; docs/bench.md). So this drives the model's fast path, DecodeToUcs4,
// which writes one code point per unit, U+FFFD for every error unit, straight into
// the code point column. A unit of any other code point is well-formed: class OK,
// length from the value. A U+FFFD unit (an error, or a well-formed U+FFFD) is
// decoded again by the Decoder for its length and class.
//
// The input goes in chunks: DecodeToUcs4 needs room for as many code points as
// bytes, which the column (one item per unit) has only while far from its end,
// and the lengths and offsets are worked out while a chunk's code points are
// still in cache. DecodeToUcs4 treats the end of its input as the end of the
// packet, so the last unit of each chunk but the final one, which the cut may
// have shortened, is decoded again at the start of the next chunk.
size_t DecodeIntoColumns(const uint8_t* data, size_t n, Mode mode, const Columns& c) {
  constexpr size_t kChunk = 1 << 16;
  static_assert(kChunk > 6, "a chunk must hold a whole unit and the start of the next");
  std::vector<uint32_t> spill;  // code points of a chunk the column has no room for
  std::vector<Unit> scratch;
  size_t pos = 0;  // offset of the next unit
  size_t k = 0;    // its index
  while (pos < n) {
    const size_t len = std::min(kChunk, n - pos);
    const bool direct = c.size - k >= len;
    if (!direct) spill.resize(len);
    size_t m = utf8core::DecodeToUcs4(data + pos, len, mode,
                                      direct ? c.code_point + k : spill.data());
    if (pos + len < n) --m;  // m >= 2 here: units are at most 6 bytes
    if (m > c.size - k) return c.size + 1;
    if (!direct) std::memcpy(c.code_point + k, spill.data(), m * sizeof(uint32_t));
    // Local pointers: a store through unsigned char* may alias anything, so the
    // compiler would otherwise load every pointer from `c` again after each one.
    const uint32_t* cps = c.code_point + k;
    unsigned long long* offsets = c.offset + k;
    unsigned char* lengths = c.length + k;
    unsigned char* classes = c.cls + k;
    // Every unit taken as well-formed first (this loop vectorizes); then the walk
    // along the units for the offsets mends the U+FFFD ones.
    for (size_t j = 0; j < m; ++j) lengths[j] = WellFormedLength(cps[j]);
    std::memset(classes, 0, m);
    for (size_t j = 0; j < m; ++j) {
      if (cps[j] == utf8core::kReplacement) {
        const Unit u = FirstUnit(data + pos, n - pos, mode, &scratch);
        lengths[j] = u.length;
        classes[j] = static_cast<unsigned char>(u.cls);
      }
      offsets[j] = pos;
      pos += lengths[j];
    }
    k += m;
  }
  return k;
}

py::tuple DecodeArrays(py::handle data, py::handle mode) {
  DecodeArgs args(data, mode, "decode_arrays");
  const uint8_t* bytes = args.bytes.data();
  const size_t n = args.bytes.size();
  // Counting first (the model's Validate, a fast path) sizes the arrays exactly:
  // no over-allocation for multi-byte text and no shrinking afterwards.
  size_t count;
  {
    py::gil_scoped_release release;
    count = static_cast<size_t>(utf8core::Validate(bytes, n, args.mode).units);
  }
  const py::object array_type = py::module_::import("array").attr("array");
  OutArray<uint32_t> code_points(array_type, 'I', count);
  OutArray<unsigned long long> offsets(array_type, 'Q', count);
  OutArray<unsigned char> lengths(array_type, 'B', count);
  OutArray<unsigned char> classes(array_type, 'B', count);
  const Columns columns{code_points.data(), offsets.data(), lengths.data(), classes.data(),
                        count};
  size_t written;
  {
    py::gil_scoped_release release;
    written = DecodeIntoColumns(bytes, n, args.mode, columns);
  }
  // The model's tests check Validate's count and DecodeToUcs4 against the same
  // reference as the Decoder, so a difference here is a bug, not bad input.
  if (written != count) {
    throw std::runtime_error("decode_arrays(): internal error: the model's unit count (" +
                             std::to_string(count) + ") differs from the units decoded");
  }
  return py::make_tuple(code_points.release(), offsets.release(), lengths.release(),
                        classes.release());
}

py::tuple Validate(py::handle data, py::handle mode) {
  const Mode m = ParseModeArg(mode, "validate");
  ByteView bytes(data, "validate");
  utf8core::Verdict v;
  {
    py::gil_scoped_release release;
    v = utf8core::Validate(bytes.data(), bytes.size(), m);
  }
  if (v.valid) return py::make_tuple(true, py::none(), py::none());
  return py::make_tuple(false, v.first_error_offset, ClassStr(v.first_error_class));
}

// validate_strings(data, offsets, mode): an Arrow string column's validity
// bitmap (utf8core::ValidateStrings). offsets must be a buffer of signed 4- or
// 8-byte integers (array.array('i'/'q'), a numpy int32/int64 array, or an
// Arrow offsets buffer cast with memoryview(buf).cast('i')), COUNT + 1 of them.
py::bytes ValidateStringsBitmap(py::handle data, py::handle offsets, py::handle mode) {
  const char* func = "validate_strings";
  const Mode m = ParseModeArg(mode, func);
  ByteView bytes(data, func);
  if (PyUnicode_Check(offsets.ptr()) || !PyObject_CheckBuffer(offsets.ptr())) {
    throw py::type_error(std::string(func) +
                         "(): offsets must be a buffer of int32 or int64 values (array.array "
                         "'i' or 'q', a numpy array), not " + TypeName(offsets));
  }
  Py_buffer view{};
  if (PyObject_GetBuffer(offsets.ptr(), &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
    PyErr_Clear();
    throw py::value_error(std::string(func) + "(): offsets is not a C-contiguous buffer");
  }
  std::unique_ptr<Py_buffer, void (*)(Py_buffer*)> hold(&view, PyBuffer_Release);
  std::string format = view.format ? view.format : "B";
  if (!format.empty() && (format[0] == '<' || format[0] == '=' || format[0] == '@')) {
    format = format.substr(1);
  }
  const bool signed_int = format == "i" || format == "l" || format == "q" || format == "n";
  if (!signed_int || (view.itemsize != 4 && view.itemsize != 8)) {
    throw py::value_error(std::string(func) + "(): offsets must hold int32 or int64 values, not "
                          "items of format '" + format + "' and " + std::to_string(view.itemsize) +
                          " bytes (an Arrow buffer: memoryview(buf).cast('i'), or 'q' for "
                          "LargeString)");
  }
  const int width = static_cast<int>(view.itemsize);
  const uint64_t values = static_cast<uint64_t>(view.len) / static_cast<uint64_t>(width);
  const uint64_t count = values ? values - 1 : 0;
  std::vector<uint8_t> bitmap;
  utf8core::StringsVerdict v;
  if (values) {
    py::gil_scoped_release release;
    v = utf8core::ValidateStrings(bytes.data(), bytes.size(),
                                  static_cast<const uint8_t*>(view.buf), count, width, m, &bitmap);
  }
  if (v.bad_offsets) {
    const uint64_t k = v.bad_offset_index;
    const auto* raw = static_cast<const uint8_t*>(view.buf);
    const int64_t value = utf8core::StringOffset(raw, k, width);
    std::string why;
    if (value < 0 || static_cast<uint64_t>(value) > bytes.size()) {
      why = "outside 0.." + std::to_string(bytes.size()) + " (the data's length)";
    } else {
      why = "below the one before (" + std::to_string(utf8core::StringOffset(raw, k - 1, width)) + ")";
    }
    throw py::value_error(std::string(func) + "(): offset " + std::to_string(k) + " (" +
                          std::to_string(value) + ") is " + why);
  }
  return py::bytes(reinterpret_cast<const char*>(bitmap.data()), bitmap.size());
}

py::bytes Encode(py::handle code_points, py::handle mode) {
  const Mode m = ParseModeArg(mode, "encode");
  PyObject* obj = code_points.ptr();
  // Iterating these would give characters or byte values, never what was meant.
  if (PyUnicode_Check(obj)) {
    throw py::type_error(
        "encode(): expected an iterable of int code points, not str "
        "(use [ord(c) for c in text])");
  }
  if (PyBytes_Check(obj) || PyByteArray_Check(obj)) {
    throw py::type_error("encode(): expected an iterable of int code points, not " +
                         TypeName(code_points));
  }
  PyObject* seq = PySequence_Fast(obj, "");
  if (seq == nullptr) {
    PyErr_Clear();
    throw py::type_error("encode(): expected an iterable of int code points, not " +
                         TypeName(code_points));
  }
  py::object hold = py::reinterpret_steal<py::object>(seq);
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
  PyObject** items = PySequence_Fast_ITEMS(seq);
  std::vector<uint32_t> cps(static_cast<size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* item = items[i];
    if (!PyLong_Check(item)) {
      throw py::type_error("encode(): code point at index " + std::to_string(i) + " is " +
                           TypeName(item) + ", not int");
    }
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(item, &overflow);
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    if (overflow != 0 || v < 0 || v > 0xFFFFFFFFLL) {
      throw py::value_error("encode(): code point at index " + std::to_string(i) + " (" +
                            py::cast<std::string>(py::repr(item)) + ") is outside 0..0xFFFFFFFF");
    }
    cps[static_cast<size_t>(i)] = static_cast<uint32_t>(v);
  }
  std::vector<uint8_t> out;
  {
    py::gil_scoped_release release;
    utf8core::Encode(cps.data(), cps.size(), m, &out);
  }
  return py::bytes(reinterpret_cast<const char*>(out.data()), out.size());
}

// The streaming decoder. The lock keeps two threads feeding one Decoder (both
// without the GIL) from interleaving inside the model; it is never held while
// waiting for the GIL.
class PyDecoder {
 public:
  explicit PyDecoder(py::handle mode) : decoder_(ParseModeArg(mode, "Decoder")) {}

  py::list Feed(py::handle data) {
    ByteView bytes(data, "Decoder.feed");
    std::vector<Unit> units;
    {
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(mu_);
      decoder_.push(bytes.data(), bytes.size(), &units);
    }
    return UnitsToList(units);
  }

  py::list Finish() {
    std::vector<Unit> units;
    {
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(mu_);
      decoder_.end_of_packet(&units);
    }
    return UnitsToList(units);
  }

  std::string ModeName() const { return utf8core::ModeName(decoder_.mode()); }

 private:
  std::mutex mu_;
  utf8core::Decoder decoder_;
};

}  // namespace

PYBIND11_MODULE(utf8core, m) {
  m.doc() =
      "utf8core's functional model: UTF-8 decoding into maximal-subpart units, validation "
      "and encoding, in modes 'rfc3629' (default) and 'annex-r' (ISO/IEC 10646 Annex R, "
      "up to 6 octets).";
  m.attr("__version__") = UTF8CORE_VERSION;
  m.attr("CLASSES") = py::make_tuple("OK", "TOO_SHORT", "TOO_LONG", "OVERLONG", "SURROGATE",
                                     "TOO_LARGE", "HEADER_BITS");

  m.def("decode", &Decode, py::arg("data"), py::arg("mode") = "rfc3629",
        "Decodes one packet of bytes into units: a list of (code_point, offset, length, "
        "class_name). Each well-formed sequence is one unit of class 'OK'; each maximal "
        "subpart of ill-formed input one unit of U+FFFD with its error class.");
  m.def("decode_arrays", &DecodeArrays, py::arg("data"), py::arg("mode") = "rfc3629",
        "Decodes like decode(), into four array.arrays of one item per unit: code points "
        "('I'), byte offsets ('Q'), lengths in bytes ('B') and class numbers ('B', 0 = OK, "
        "CLASSES[n] its name).");
  m.def("validate", &Validate, py::arg("data"), py::arg("mode") = "rfc3629",
        "Checks one packet: (True, None, None) when well-formed, else (False, offset, "
        "class_name) of the first error unit.");
  m.def("validate_strings", &ValidateStringsBitmap, py::arg("data"), py::arg("offsets"),
        py::arg("mode") = "rfc3629",
        "Validates each string of an Arrow string column alone: data and its COUNT + 1 "
        "offsets (a buffer of int32 or int64 values). Returns the validity bitmap, "
        "(COUNT + 7) // 8 bytes, bit i % 8 of byte i // 8 set when string i is well-formed. "
        "An offset outside 0..len(data) or below the one before raises ValueError.");
  m.def("encode", &Encode, py::arg("code_points"), py::arg("mode") = "rfc3629",
        "Encodes int code points (0..0xFFFFFFFF) to UTF-8 bytes; surrogates and values "
        "beyond the mode become EF BF BD.");

  py::class_<PyDecoder>(m, "Decoder",
                        "Streaming decoder of one packet at a time: the units of feed() calls "
                        "and finish() together equal decode() of the bytes fed.")
      .def(py::init<py::handle>(), py::arg("mode") = "rfc3629")
      .def("feed", &PyDecoder::Feed, py::arg("data"),
           "Takes more bytes of the packet; returns the units they complete.")
      .def("finish", &PyDecoder::Finish,
           "Ends the packet (an open sequence becomes one TOO_SHORT unit) and returns the "
           "units left; the next feed() starts a new packet at offset 0.")
      .def_property_readonly("mode", &PyDecoder::ModeName);
}
