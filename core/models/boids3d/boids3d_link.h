// Bandada — the 3-D flock's share string: the first model's format, the only one without m=
// (its first links had none). Every field's raw text, and optionally a run (steps, fingerprint,
// engine version) and a selection:
//   v=1&n=400&r=1.2&sep=0.1&ali=0.06&coh=0.02&max=2&seed=1[&steps=250&fp=…&ev=1][&sel=3]
// A missing key takes the default of the string's own format version (boids3d_params.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/share_codec.h"
#include "models/boids3d/boids3d_params.h"

namespace bandada {

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

}  // namespace bandada
