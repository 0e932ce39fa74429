// Bandada — fuzz target: the PeTrack trajectory reader (core/common/petrack.h) that Open
// trajectories uses. Whatever the text, it is refused with a reason, or read into frames that
// index their rows in order, with finite coordinates inside the stated extent.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "common/petrack.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  bandada::Trajectories t;
  const std::string why = bandada::read_petrack(text, t);
  if (!why.empty()) return 0;
  if (t.frames.empty() || t.first.size() != t.frames.size() + 1 || t.first.back() != t.rows.size() ||
      !(t.fps > 0) || t.people == 0 || t.people > t.rows.size())
    std::abort();
  for (size_t k = 0; k + 1 < t.first.size(); ++k) {
    if (t.first[k] >= t.first[k + 1] || (k > 0 && t.frames[k - 1] >= t.frames[k])) std::abort();
    for (size_t i = t.first[k] + 1; i < t.first[k + 1]; ++i)
      if (t.rows[i - 1].id >= t.rows[i].id) std::abort();  // each person once a frame, by id
  }
  for (const bandada::Trajectories::Row& r : t.rows)
    if (!std::isfinite(r.x) || !std::isfinite(r.y) || r.x < t.x0 || r.x > t.x1 || r.y < t.y0 || r.y > t.y1)
      std::abort();
  for (double s : {-1.0, 0.0, 0.5, t.duration(), 1e300})
    if (t.frame_at(s) >= t.frames.size()) std::abort();
  return 0;
}
