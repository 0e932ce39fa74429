// Bandada — share strings, for every model: URL-safe key=value text carrying every field's raw
// text (m=model&v=1&key=text…). The same text stores fields in localStorage and the session record
// in sessionStorage. Reading is lenient and safe: unknown keys are ignored, a missing key takes
// its default, malformed values are refused with a message. Each model's own format lives in its
// folder (the first model's, without m=, among them).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/field_table.h"

namespace bandada {

/// Longest share string read, in bytes; longer input is refused whole.
inline constexpr size_t kMaxShareLength = 65536;
/// Longest field text a link or saved text carries, in bytes (any bytes: what was typed comes
/// back). The fields' own limit (64 characters) shows as a message while typing.
inline constexpr size_t kMaxStoredFieldLength = 1000;

/// key=value pairs of a share string, in order; the first occurrence of a key counts, later
/// ones add a warning. A leading '#' or '?' is skipped; empty parts and parts without '=' are
/// ignored. Every model's share string is read through this.
std::vector<std::pair<std::string_view, std::string_view>> split_share(std::string_view text,
                                                                       std::vector<std::string>& warnings);

/// A 2-D model's link read once: the model and version checked, every field of its table decoded
/// (defaults where missing or malformed, with a warning), and the other keys left to look up.
struct ModelLink {
  bool ok = false;
  std::string error;
  std::vector<std::string> warnings;
  std::vector<std::pair<std::string_view, std::string_view>> pairs;
  std::optional<std::string_view> get(std::string_view key) const;
};

/// Reads `share` as a link of `model` (m=model, format version up to 1) into texts[0 … count).
ModelLink read_model_link(std::string_view share, std::string_view model, const FieldInfo* fields,
                          size_t count, std::string* texts);

/// "m=model&v=1&key=text…" for a model's field table, texts percent-encoded.
std::string write_model_link(std::string_view model, const FieldInfo* fields, size_t count,
                             const std::string* texts);

/// The model a share string names (m=…); empty when it names none, as the first format's
/// links of the first model do.
std::string_view share_model(std::string_view text);

/// Percent-encoding of every link: anything outside [A-Za-z0-9.,_~-] as %XX, and also each
/// character of `also` (a separator of the caller's own, such as the sweep text's '~').
std::string percent_encode(std::string_view raw, std::string_view also = {});
std::optional<std::string> percent_decode(std::string_view enc);

/// Fingerprints travel as 16 lower-case hex digits.
std::string fingerprint_hex(uint64_t fp);
/// 1 to 16 hex digits, either case; nothing for anything else.
std::optional<uint64_t> parse_hex64(std::string_view s);

}  // namespace bandada
