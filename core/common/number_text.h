// Bandada — number text: the one grammar every field and the CLI use.
// Real: [+-]? (digits [sep digits] | sep digits) ([eE] [+-]? digits)?, sep is '.' or ','.
// Integer: [+]? digits. Surrounding spaces are trimmed; anything else is refused with a message.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bandada {

/// Longest field text accepted, in bytes (the spec's 64 characters).
inline constexpr size_t kMaxFieldTextLength = 64;

struct RealParse {
  bool ok = false;
  double value = 0.0;
  std::string error;  ///< user-facing reason when !ok, e.g. "not a number: use digits like 1.5 or 1,5"
};

struct IntegerParse {
  bool ok = false;
  uint64_t value = 0;
  std::string error;
  /// A whole number outside [0, max_value] (digits, or a minus sign and digits): the range is
  /// the problem, not the grammar.
  bool out_of_range = false;
};

/// Parses real-number text; never returns NaN or infinity (they are refused).
RealParse parse_real_text(std::string_view text);

/// Parses non-negative integer text; values above max_value are refused.
IntegerParse parse_integer_text(std::string_view text, uint64_t max_value);

/// Formats a double with 17 significant digits ("%.17g"), so it round-trips.
std::string format_double(double value);
/// The fewest of 15, 16 or 17 significant digits that read back as the same double ("0.2", not
/// "0.20000000000000001"): for files a person reads.
std::string format_shortest(double value);
/// The parts of `s` between each `sep`, empty ones included: "a,,b" gives a, "", b; "" gives "".
std::vector<std::string> split_text(std::string_view s, char sep);
/// Numbers separated by `sep` ("1;2.5;3"): false unless every part is a finite number.
bool parse_real_list(std::string_view text, char sep, std::vector<double>& out);
/// `value` with `digits` digits after the point ("%.*f"): for readouts, not for exact output.
std::string format_fixed(double value, int digits);

}  // namespace bandada
