// Bandada — a model's state as bytes, for another instance of the same build (a page's Web
// Worker): numbers and arrays of numbers in the build's own layout, read back with every length
// checked, so bytes cut short or from elsewhere are refused, never read past. A model lists its
// state's members once, in a function template that a ByteWriter and a ByteReader both walk
// (`io(number)`, `io(array, most)`): pack and unpack cannot disagree on the order.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace bandada {

class ByteWriter {
 public:
  template <class T>
  void put(const T& v) {
    static_assert(std::is_arithmetic_v<T>, "numbers only: a struct's padding has no fixed bits");
    out_.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  template <class T>
  void put(const std::vector<T>& v) {
    put(static_cast<uint64_t>(v.size()));
    static_assert(std::is_arithmetic_v<T>, "arrays of numbers only");
    if (!v.empty()) out_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
  /// Bytes as they are (another model's, say), their length first.
  void put_bytes(std::string_view b) {
    put(static_cast<uint64_t>(b.size()));
    out_.append(b.data(), b.size());
  }
  /// A member of a list a state walks both ways (see walk_members): written as put writes it.
  template <class T>
  void operator()(const T& v) {
    put(v);
  }
  template <class T>
  void operator()(const std::vector<T>& v, uint64_t /*max*/) {
    put(v);
  }
  /// Room for this many bytes in all, so that a large model is written without regrowing.
  void reserve(size_t bytes) { out_.reserve(bytes); }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  /// False once anything asked for was not there; then every later read fails too.
  template <class T>
  bool get(T& v) {
    static_assert(std::is_arithmetic_v<T>, "numbers only");
    if (!ok_ || in_.size() - at_ < sizeof v) return ok_ = false;
    std::memcpy(&v, in_.data() + at_, sizeof v);
    at_ += sizeof v;
    return true;
  }
  /// An array of at most `max` numbers.
  template <class T>
  bool get(std::vector<T>& v, uint64_t max) {
    uint64_t n = 0;
    if (!get(n) || n > max || (in_.size() - at_) / sizeof(T) < n) return ok_ = false;
    v.resize(static_cast<size_t>(n));
    if (n > 0)
      std::memcpy(v.data(), in_.data() + at_, static_cast<size_t>(n) * sizeof(T));  // data() may be null
    at_ += static_cast<size_t>(n) * sizeof(T);
    return true;
  }
  /// A member of a list a state walks both ways: read as get reads it (a failure sticks).
  template <class T>
  void operator()(T& v) {
    get(v);
  }
  template <class T>
  void operator()(std::vector<T>& v, uint64_t max) {
    get(v, max);
  }
  /// What put_bytes wrote: a view into the bytes read.
  bool get_bytes(std::string_view& b) {
    uint64_t n = 0;
    if (!get(n) || n > in_.size() - at_) return ok_ = false;
    b = in_.substr(at_, static_cast<size_t>(n));
    at_ += static_cast<size_t>(n);
    return true;
  }
  /// Every byte read, nothing failed.
  bool finished() const { return ok_ && at_ == in_.size(); }
  /// Nothing failed so far.
  bool ok() const { return ok_; }

 private:
  std::string_view in_;
  size_t at_ = 0;
  bool ok_ = true;
};

}  // namespace bandada
