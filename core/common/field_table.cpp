// Bandada — field tables: every model's numeric fields checked by one grammar (see field_table.h).
#include "field_table.h"

#include "number_text.h"

namespace bandada {
namespace {

std::string range_text(const FieldInfo& fi) {
  auto num = [](double v) {
    std::string s = format_double(v);
    return s;
  };
  if (fi.min_exclusive) return "must be more than " + num(fi.min) + " and at most " + num(fi.max);
  return "must be from " + num(fi.min) + " to " + num(fi.max);
}

}  // namespace

FieldCheck check_field_text(const FieldInfo& fi, std::string_view text) {
  FieldCheck c;
  if (fi.integer) {
    IntegerParse p = parse_integer_text(text, static_cast<uint64_t>(fi.max));
    if (!p.ok) {
      // Every refusal of a whole number says the range it wants; one outside it (too large, or
      // below 0) only that.
      c.error = p.out_of_range ? range_text(fi) : p.error + "; " + range_text(fi);
      return c;
    }
    c.value = static_cast<double>(p.value);
    if (c.value < fi.min) {
      c.error = range_text(fi);
      return c;
    }
  } else {
    RealParse p = parse_real_text(text);
    if (!p.ok) {
      c.error = p.error;
      return c;
    }
    c.value = p.value;
    if (!in_field_range(fi, c.value)) {
      c.error = range_text(fi);
      return c;
    }
  }
  c.ok = true;
  return c;
}

bool check_field_table(const FieldInfo* fields, size_t count, const std::string* texts, std::string* errors,
                       double* values) {
  bool all = true;
  for (size_t i = 0; i < count; ++i) {
    FieldCheck c = check_field_text(fields[i], texts[i]);
    errors[i] = c.ok ? std::string() : c.error;
    values[i] = c.value;
    all = all && c.ok;
  }
  return all;
}

bool all_valid(const std::string* errors, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (!errors[i].empty()) return false;
  return true;
}

std::string fix_first_text(const FieldInfo* fields, size_t count, const std::string* errors) {
  std::string out;
  for (size_t i = 0; i < count; ++i) {
    if (errors[i].empty()) continue;
    out += (out.empty() ? "Fix first: " : "; ") + std::string(fields[i].label) + " (" + errors[i] + ")";
  }
  return out;
}

bool in_field_range(const FieldInfo& fi, double v) {
  const bool low_ok = fi.min_exclusive ? v > fi.min : v >= fi.min;
  return low_ok && v <= fi.max;
}

}  // namespace bandada
