// Bandada — the share string: versioned, URL-safe text carrying every field's raw text, and
// optionally a run (steps, fingerprint, engine version) and a selection. The same codec stores
// field text in localStorage and the session record in sessionStorage.
//   v=1&n=400&r=1.2&sep=0.1&ali=0.06&coh=0.02&max=2&seed=1[&steps=250&fp=…&ev=1][&sel=3]
// Reading is lenient and safe: unknown keys are ignored, a missing key takes the default of
// the string's own format version, malformed values are refused with a message.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "models/boids3d/boids3d_params.h"

namespace bandada {

/// Longest share string read, in bytes; longer input is refused whole.
inline constexpr size_t kMaxShareLength = 65536;
/// Longest field text a link or saved text carries, in bytes (any bytes: what was typed comes
/// back). The fields' own limit (64 characters) shows as a message while typing.
inline constexpr size_t kMaxStoredFieldLength = 1000;

struct SharedRun {
  uint64_t steps = 0;
  uint64_t fingerprint = 0;
  int engine_version = 0;
};

struct ShareData {
  Boids3dFieldTexts texts;
  std::optional<SharedRun> run;       ///< present when the link names a run to verify
  std::optional<uint32_t> selection;  ///< selected boid, when recorded
};

struct ShareParse {
  bool ok = false;
  std::string error;                  ///< why nothing was read (newer version, garbage, too long)
  std::vector<std::string> warnings;  ///< values refused and replaced by defaults
  int version = 0;
  ShareData data;
};

/// Encodes field texts (percent-escaping anything outside [A-Za-z0-9.,_~-]) and the extras.
std::string encode_share(const ShareData& d);

/// Parses a share string; a leading '#' or '?' is skipped.
ShareParse parse_share(std::string_view text);

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

/// Percent-encoding used by the codec, exposed for tests.
std::string percent_encode(std::string_view raw);
std::optional<std::string> percent_decode(std::string_view enc);

/// Fingerprints travel as 16 lower-case hex digits.
std::string fingerprint_hex(uint64_t fp);

}  // namespace bandada
