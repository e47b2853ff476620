// The command line's input and output as streams, so that memory stays bounded
// whatever the input's size and output leaves as it is produced (docs/spec.md,
// command line): byte readers (a file descriptor, memory), byte writers (a file
// descriptor with a block buffer, a string), the unit sink the engines decode
// into, and the reader of 32-bit little-endian code points `encode` takes.
#ifndef UTF8CORE_CLI_STREAM_H_
#define UTF8CORE_CLI_STREAM_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "utf8_model.h"

namespace utf8core {
namespace cli {

class ByteReader {
 public:
  virtual ~ByteReader() = default;
  // Up to cap bytes into buf; *got = 0 at the end. False on a read error (error()).
  virtual bool Read(uint8_t* buf, size_t cap, size_t* got) = 0;
  const std::string& error() const { return error_; }
  uint64_t bytes_read() const { return bytes_read_; }

 protected:
  std::string error_;
  uint64_t bytes_read_ = 0;
};

class MemoryReader : public ByteReader {
 public:
  MemoryReader(const uint8_t* data, size_t n) : data_(data), n_(n) {}
  bool Read(uint8_t* buf, size_t cap, size_t* got) override;

 private:
  const uint8_t* data_;
  size_t n_;
  size_t pos_ = 0;
};

// Reads a file descriptor; `what` names it in messages ("'in.txt'", "standard input").
class FdReader : public ByteReader {
 public:
  FdReader(int fd, std::string what) : fd_(fd), what_(std::move(what)) {}
  bool Read(uint8_t* buf, size_t cap, size_t* got) override;

 private:
  int fd_;
  std::string what_;
};

// Where output bytes go. Put() returns false once writing failed; the first
// failure is kept in error(), and what comes after is dropped.
class ByteWriter {
 public:
  virtual ~ByteWriter() = default;
  virtual bool Put(const uint8_t* data, size_t n) = 0;
  bool Put(const std::string& s) { return Put(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }
  // Sends what is buffered; false when that failed.
  virtual bool Flush() { return ok(); }
  // Forgets what is buffered and not yet sent (a run that failed before any
  // byte left writes nothing at all).
  virtual void Discard() {}
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  // Bytes that have left (for messages about a run that stopped part-way).
  virtual uint64_t written() const = 0;

 protected:
  std::string error_;
};

// A file descriptor behind a buffer of one block: output leaves in blocks as
// it is produced; a failure before the first block left writes nothing.
class FdWriter : public ByteWriter {
 public:
  static constexpr size_t kBlock = 1 << 16;
  FdWriter(int fd, std::string what) : fd_(fd), what_(std::move(what)) { buf_.reserve(kBlock); }
  bool Put(const uint8_t* data, size_t n) override;
  bool Flush() override;
  void Discard() override { buf_.clear(); }
  uint64_t written() const override { return written_; }

 private:
  int fd_;
  std::string what_;
  std::vector<uint8_t> buf_;
  uint64_t written_ = 0;
};

class StringWriter : public ByteWriter {
 public:
  bool Put(const uint8_t* data, size_t n) override {
    out_.append(reinterpret_cast<const char*>(data), n);
    return true;
  }
  void Discard() override { out_.clear(); }
  uint64_t written() const override { return 0; }
  std::string& str() { return out_; }

 private:
  std::string out_;
};

// What a decoding engine hands its units to, a batch at a time. Put() returns
// false when the output has failed: the engine then stops early.
class UnitSink {
 public:
  virtual ~UnitSink() = default;
  virtual bool Put(const Unit* units, size_t n) = 0;
};

// Counts units per class as they pass: the summary --stats and validate report.
struct UnitTally {
  uint64_t units = 0;
  uint64_t bytes = 0;  // input bytes the units cover
  ClassCounts counts;
  bool error = false;  // first error seen
  uint64_t first_error_offset = 0;
  ErrorClass first_error_class = ErrorClass::kOk;
  void Add(const Unit* u, size_t n);
  Verdict verdict() const;
};

// 32-bit little-endian code points from a byte reader, one at a time, with one
// of look-ahead so the last is known as the last. Input whose length is not a
// multiple of 4 is an error, found when its end is reached.
class CodePointReader {
 public:
  explicit CodePointReader(ByteReader* in) : in_(in) {}
  // The next code point and whether it is the last; false at the end (empty()
  // and error() tell why).
  bool Next(uint32_t* cp, bool* last);
  // Reads ahead: true when there is no code point at all (and no error).
  bool empty();
  const std::string& error() const { return error_; }

 private:
  bool Fill();  // at least 8 bytes buffered, or the end reached

  ByteReader* in_;
  std::vector<uint8_t> buf_;
  size_t pos_ = 0;
  bool eof_ = false;
  std::string error_;
};

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_STREAM_H_
