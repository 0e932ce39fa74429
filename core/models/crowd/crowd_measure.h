// Bandada — measuring a crowd where engineers measure (docs/models/crowd.md, "Measuring"): lines
// that count passages, areas that give a density and a mean speed, and the trajectories in the
// PeTrack text format PedPy reads. Everything is found from frame positions (frame f at t = 0.04·f
// s, frame 0 the placement), so any reader of the trajectories gets the same numbers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "app/model_session.h"
#include "crowd.h"

namespace bandada {

/// One person crossing a line: when (linear within the frame), who (as placed, from 0), and
/// which way (+1 when the cross product of the line's direction and the move is positive).
struct CrowdPassage {
  double t;
  uint32_t person;
  int dir;
};

struct CrowdLine {
  CrowdSegment at;
  std::vector<CrowdPassage> passages;  ///< in time order, then person
  /// Passages per second over the 10–90 % window: with n passages, i0 = floor(0.1·n), i1 =
  /// floor(0.9·n), (i1 − i0) / (t[i1] − t[i0]); NaN when that window is empty.
  double flow() const;
  double length() const;
};

struct CrowdArea {
  CrowdRing ring;
  double area = 0;              ///< m²
  std::vector<double> density;  ///< per frame: people inside over the area, P/m²
  std::vector<double> speed;    ///< per frame: their mean speed, m/s (NaN when nobody is inside)
};

/// The lines and areas of a run, fed every frame in order.
class CrowdMeasures {
 public:
  std::vector<CrowdLine> lines;
  std::vector<CrowdArea> areas;
  /// s: the areas' means over the run (area1_density, area1_speed) take the frames from this time
  /// on (--measure-from; RiMEA 4 measures after a 10 s start). Every frame is still recorded.
  double from = 0;
  bool empty() const { return lines.empty() && areas.empty(); }
  /// In a scenario's room: how many times a person's centre stood outside the walkable area at a
  /// frame (every person, every frame), which only a crossed wall can make more than 0.
  uint64_t outside() const { return outside_; }
  /// With premovement (RiMEA test 5): by person number, when they first stood 0.1 m or more from
  /// where they were placed, s (NaN: not yet); empty without premovement.
  std::vector<double> first_moves() const;
  /// Frame `frame` of the crowd: passages since the frame before (frame 0 starts afresh), then
  /// every area's density and speed.
  void frame(const Crowd& m);
  /// A state file's part (the crowd controller's extra state): every line's passages, every
  /// area's frames, where each person stood at the last frame and the count outside, so a
  /// continued run measures on bit for bit; "" with nothing measured (an old file's part; one
  /// without the count outside reads as 0).
  std::string bytes() const;
  /// What bytes() wrote, for crowd `m` at its frame; false, nothing changed, for bytes that
  /// could not be (cut, foreign, a passage after the frame, a person never placed).
  bool read_bytes(std::string_view b, const Crowd& m);

 private:
  std::vector<double> px_, py_;  // by person, at the frame before
  std::vector<uint64_t> seen_;   // by person: 1 + the frame they were last seen at (0: never)
  uint64_t outside_ = 0;
  std::vector<double> home_x_, home_y_;  // by person, with premovement: where they were placed
  std::vector<uint64_t> moved_;          // by person: 1 + the frame they first stood 0.1 m off (0: not yet)
};

/// The crowd's frame in the area: its density and mean speed appended.
void measure_area(CrowdArea& area, const Crowd& m);
/// `X1;Y1;X2;Y2` as a line; "" or why not.
std::string read_measure_line(std::string_view text, CrowdLine& out);
/// A ring as an area, with its size (m²) and nothing measured yet.
CrowdArea measure_area_of(const CrowdRing& ring);
/// A WKT POLYGON as an area; "" or why not.
std::string read_measure_area(std::string_view wkt, CrowdArea& out);

/// The measures of the lines, areas and exit areas that sweeps, experiments and the CLI name, by
/// number from 1, appended to `all`: line1_count, line1_flow, line1_specific_flow, line1_first,
/// line1_median and line1_last; area1_density and area1_speed (means over the frames, the speed
/// over those with someone inside); in a scenario's room outside_walkable (CrowdMeasures::outside)
/// and exit1_count; with premovement, moved_early, start_lag_max and not_started; with age tables
/// (`s`, the scenario the crowd was built from), each row's age1_count, age1_v0_min, age1_v0_max
/// and age1_v0_mean, the rows numbered over the file's tables in order.
void crowd_measured(std::vector<ModelSession::Measure>& all, const Crowd& m, const CrowdMeasures& ms,
                    const CrowdScenario* s = nullptr);

}  // namespace bandada
