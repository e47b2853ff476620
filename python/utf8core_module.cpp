// The Python module utf8core (docs/spec.md §10): the functional model
// (model/functional/utf8_model.h) bound with pybind11, so that Python code, a cocotb
// scoreboard among them, gets the product's own definition of decoding rather
// than a re-implementation.
//
//   decode(data, mode="rfc3629")   -> [(code_point, offset, length, class_name), ...]
//   validate(data, mode="rfc3629") -> (ok, offset, class_name); offset and class None when ok
//   encode(code_points, mode="rfc3629") -> bytes
//   Decoder(mode="rfc3629"): feed(data) -> units completed so far, finish() -> the rest
//
// data is any object with the buffer protocol that is C-contiguous (bytes,
// bytearray, memoryview, array), read as its raw bytes, as CPython's codecs do.
// The model runs with the GIL released; only building the Python results holds it.
#include <Python.h>
#include <pybind11/pybind11.h>

#include <mutex>
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

// The arguments of decode(): the mode, then the bytes, with the messages naming
// `func`; a function that decodes the same arguments in another form takes them
// through this too, so that it accepts and refuses the same calls.
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
  m.def("validate", &Validate, py::arg("data"), py::arg("mode") = "rfc3629",
        "Checks one packet: (True, None, None) when well-formed, else (False, offset, "
        "class_name) of the first error unit.");
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
