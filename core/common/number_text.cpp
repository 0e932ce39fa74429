// Bandada — number text grammar (see number_text.h).
// NOT A BUG: strtod, not std::from_chars: Emscripten 3.1.6's libc++ lacks the floating-point
// from_chars. strtod runs in the "C" locale because nothing in Bandada calls setlocale.
#include "number_text.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace bandada {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

size_t count_digits(std::string_view s, size_t at) {
  size_t n = 0;
  while (at + n < s.size() && is_digit(s[at + n])) ++n;
  return n;
}

}  // namespace

namespace {

// The checks every number text starts with: its length, then the trimmed text, not empty.
template <class Parse>
bool trimmed(std::string_view raw, const char* empty_message, Parse& r, std::string_view& s) {
  if (raw.size() > kMaxFieldTextLength) {
    r.error = "too long: at most 64 characters";
    return false;
  }
  s = trim(raw);
  if (s.empty()) r.error = empty_message;
  return !s.empty();
}

}  // namespace

RealParse parse_real_text(std::string_view raw) {
  RealParse r;
  std::string_view s;
  if (!trimmed(raw, "empty: type a number", r, s)) return r;
  // Check the grammar by hand; strtod alone would accept "1.", "0x10", "nan", "inf".
  size_t i = 0;
  if (s[i] == '+' || s[i] == '-') ++i;
  size_t int_digits = count_digits(s, i);
  i += int_digits;
  size_t frac_digits = 0;
  bool has_sep = i < s.size() && (s[i] == '.' || s[i] == ',');
  if (has_sep) {
    ++i;
    frac_digits = count_digits(s, i);
    i += frac_digits;
  }
  bool mantissa_ok = has_sep ? frac_digits > 0 : int_digits > 0;
  if (mantissa_ok && i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t exp_digits = count_digits(s, i);
    i += exp_digits;
    if (exp_digits == 0) mantissa_ok = false;
  }
  if (!mantissa_ok || i != s.size()) {
    if (has_sep && frac_digits == 0 && int_digits > 0 && i == s.size())
      r.error = "incomplete number: add digits after the decimal separator";
    else
      r.error = "not a number: use digits like 1.5, 1,5 or 2e-3";
    return r;
  }
  std::string copy(s);
  for (char& c : copy)
    if (c == ',') c = '.';
  errno = 0;
  char* end = nullptr;
  double v = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || !std::isfinite(v) || (errno == ERANGE && std::fabs(v) > 1.0)) {
    r.error = "number too large";
    return r;
  }
  r.ok = true;
  r.value = v == 0.0 ? 0.0 : v;  // "-0" is zero
  return r;
}

IntegerParse parse_integer_text(std::string_view raw, uint64_t max_value) {
  IntegerParse r;
  std::string_view s;
  if (!trimmed(raw, "empty: type a whole number", r, s)) return r;
  size_t i = s[0] == '+' ? 1 : 0;
  size_t digits = count_digits(s, i);
  if (s[0] == '-' && s.size() > 1 && count_digits(s, 1) == s.size() - 1) {
    r.error = "below 0: at least 0";
    r.out_of_range = true;
    return r;
  }
  if (digits == 0 || i + digits != s.size()) {
    r.error = "not a whole number: use digits only, like 250";
    return r;
  }
  uint64_t v = 0;
  for (; i < s.size(); ++i) {
    uint64_t d = static_cast<uint64_t>(s[i] - '0');
    if (d > max_value || v > (max_value - d) / 10) {  // d > max: the subtraction would wrap
      r.error = "too large: at most " + std::to_string(max_value);
      r.out_of_range = true;
      return r;
    }
    v = v * 10 + d;
  }
  r.ok = true;
  r.value = v;
  return r;
}

std::string format_double(double value) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", value);
  return buf;
}

std::string format_shortest(double value) {
  for (int digits = 15; digits < 17; ++digits) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    const RealParse back = parse_real_text(buf);
    if (back.ok && back.value == value) return buf;
  }
  return format_double(value);
}

std::vector<std::string> split_text(std::string_view s, char sep) {
  std::vector<std::string> out(1);
  for (char c : s)
    if (c == sep)
      out.emplace_back();
    else
      out.back() += c;
  return out;
}

bool parse_real_list(std::string_view text, char sep, std::vector<double>& out) {
  out.clear();
  for (const std::string& part : split_text(text, sep)) {
    const RealParse v = parse_real_text(part);
    if (!v.ok) return false;
    out.push_back(v.value);
  }
  return true;
}

std::string format_fixed(double value, int digits) {
  char b[64];
  std::snprintf(b, sizeof b, "%.*f", digits, value);
  return b;
}

}  // namespace bandada
