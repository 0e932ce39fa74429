// Bandada — fuzz target: the number grammar. Whatever the text, a parse either refuses with a
// message or gives a finite value that reads back the same; whole numbers never pass their maximum.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "common/number_text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint64_t max = data[0] % 10 == 0 ? UINT64_MAX : static_cast<uint64_t>(data[0]) * 37;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  bandada::RealParse r = bandada::parse_real_text(text);
  if (r.ok) {
    if (!std::isfinite(r.value)) std::abort();
    bandada::RealParse again = bandada::parse_real_text(bandada::format_double(r.value));
    if (!again.ok || again.value != r.value) std::abort();
  } else if (r.error.empty()) {
    std::abort();
  }
  bandada::IntegerParse w = bandada::parse_integer_text(text, max);
  if (w.ok && w.value > max) std::abort();
  if (!w.ok && w.error.empty()) std::abort();
  return 0;
}
