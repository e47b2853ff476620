// The command line's streams; see stream.h.
#include "stream.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace utf8core {
namespace cli {

bool MemoryReader::Read(uint8_t* buf, size_t cap, size_t* got) {
  *got = std::min(cap, n_ - pos_);
  // An empty input may have no storage at all: memcpy from a null pointer is
  // undefined even for zero bytes.
  if (*got != 0) std::memcpy(buf, data_ + pos_, *got);
  pos_ += *got;
  bytes_read_ += *got;
  return true;
}

bool FdReader::Read(uint8_t* buf, size_t cap, size_t* got) {
  for (;;) {
    const ssize_t n = read(fd_, buf, cap);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      *got = 0;
      error_ = "cannot read " + what_ + ": " + std::strerror(errno);
      return false;
    }
    *got = static_cast<size_t>(n);
    bytes_read_ += *got;
    return true;
  }
}

bool FdWriter::Put(const uint8_t* data, size_t n) {
  if (!ok()) return false;
  buf_.insert(buf_.end(), data, data + n);
  return buf_.size() < kBlock || Flush();
}

bool FdWriter::Flush() {
  size_t done = 0;
  while (ok() && done < buf_.size()) {
    const ssize_t n = write(fd_, buf_.data() + done, buf_.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      error_ = "cannot write " + what_;
      if (written_ + done > 0) error_ += " after " + std::to_string(written_ + done) + " bytes";
      error_ += std::string(": ") + std::strerror(errno);
      break;
    }
    done += static_cast<size_t>(n);
  }
  written_ += done;
  buf_.clear();
  return ok();
}

void UnitTally::Add(const Unit* u, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    ++counts.n[static_cast<int>(u[i].cls)];
    bytes += u[i].length;
    if (u[i].cls != ErrorClass::kOk && !error) {
      error = true;
      first_error_offset = u[i].offset;
      first_error_class = u[i].cls;
    }
  }
  units += n;
}

Verdict UnitTally::verdict() const {
  Verdict v;
  v.valid = !error;
  v.first_error_offset = error ? first_error_offset : 0;
  v.first_error_class = error ? first_error_class : ErrorClass::kOk;
  v.units = units;
  v.counts = counts;
  return v;
}

bool CodePointReader::Fill() {
  if (eof_ || buf_.size() - pos_ >= 8) return true;
  buf_.erase(buf_.begin(), buf_.begin() + static_cast<std::ptrdiff_t>(pos_));
  pos_ = 0;
  uint8_t chunk[1 << 16];
  while (!eof_ && buf_.size() < 8) {
    size_t got = 0;
    if (!in_->Read(chunk, sizeof chunk, &got)) {
      error_ = in_->error();
      return false;
    }
    if (got == 0) eof_ = true;
    buf_.insert(buf_.end(), chunk, chunk + got);
  }
  if (eof_ && buf_.size() % 4 != 0) {
    error_ = "encode input is " + std::to_string(in_->bytes_read()) +
             " bytes, not a multiple of 4 (32-bit little-endian code points)";
    return false;
  }
  return true;
}

bool CodePointReader::empty() { return Fill() && eof_ && buf_.size() == pos_; }

bool CodePointReader::Next(uint32_t* cp, bool* last) {
  if (!Fill() || buf_.size() - pos_ < 4) return false;
  const uint8_t* p = &buf_[pos_];
  *cp = static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
        static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
  pos_ += 4;
  if (!Fill()) return false;
  *last = eof_ && buf_.size() == pos_;
  return true;
}

}  // namespace cli
}  // namespace utf8core
