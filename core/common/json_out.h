// Bandada — the small JSON writer every model's export uses: numbers with 17 significant
// digits (they round-trip), arrays of them, and keys. Output is appended to a string.
#pragma once

#include <initializer_list>
#include <string>

#include "common/number_text.h"

namespace bandada {

/// `"key":` after a comma unless it opens an object.
inline void json_key(std::string& out, const char* key) {
  if (!out.empty() && out.back() != '{') out += ',';
  out += '"';
  out += key;
  out += "\":";
}

/// `"key":v`, v with 17 significant digits.
inline void json_number(std::string& out, const char* key, double v) {
  json_key(out, key);
  out += format_double(v);
}

/// `"key":[a,b,…]`.
inline void json_numbers(std::string& out, const char* key, std::initializer_list<double> values) {
  json_key(out, key);
  char sep = '[';
  for (double v : values) {
    out += sep;
    out += format_double(v);
    sep = ',';
  }
  out += ']';
}

/// `"key":[{…},{…},…]`, n objects, each one's members written by `members(i)`.
template <class Members>
void json_objects(std::string& out, const char* key, size_t n, Members members) {
  json_key(out, key);
  out += '[';
  for (size_t i = 0; i < n; ++i) {
    out += i ? ",{" : "{";
    members(i);
    out += '}';
  }
  out += ']';
}

}  // namespace bandada
