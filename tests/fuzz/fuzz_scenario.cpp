// Bandada — fuzz target: scenario files (core/models/crowd/crowd_scenario.h), as a user opens
// them with bandada-cli --scenario. Half of each input is the JSON, the rest (after the first
// NUL byte, if any) the folder form's geometry.wkt. Whatever the bytes, the reader refuses them
// with a reason naming where, or reads a scenario that holds what the crowd needs (a walkable
// area, an exit, people; speed zones with factors in range), and a crowd is built in it, with the file's
// operational model, without a crash, its premovement times in range, and who cannot reach an exit among
// those placed; checkpoints and throttles each in one mode with numbers in range, routes through
// checkpoints of the file to an exit, arrivals no more than the file brings, and a few steps.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "models/crowd/crowd.h"
#include "models/crowd/crowd_scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  const size_t nul = all.find('\0');
  const std::string_view json = all.substr(0, nul),
                         wkt = nul == std::string_view::npos ? "" : all.substr(nul + 1);
  bandada::CrowdScenario s;
  const std::string why = bandada::read_crowd_scenario(json, wkt, s);
  if (!why.empty()) {
    if (why.find(':') == std::string::npos && why != "not JSON") std::abort();  // names where
    return 0;
  }
  // a room, people, and exits unless it is a corridor without ends (which has none)
  if (s.walkable.empty() || s.exits.empty() != (s.periodic != 0) || s.starts.empty()) std::abort();
  for (const bandada::CrowdZone& z : s.zones)  // speed zones: a factor in (0, 3], a ring to test
    if (!(z.factor > 0 && z.factor <= bandada::kCrowdZoneMaxFactor) || z.area.size() < 3) std::abort();
  for (const bandada::CrowdCheckpoint& k : s.checkpoints)  // one mode each, every number in range
    if (!(k.factor > 0 && k.factor <= bandada::kCrowdZoneMaxFactor) ||
        !(k.throughput >= 0 && k.throughput <= 1000) || !(k.wait >= 0) ||
        (k.wait > 0 && (k.throughput > 0 || k.factor != 1)) || (k.throughput > 0 && k.factor != 1) ||
        k.area.size() < 3)
      std::abort();
  for (const bandada::CrowdExitArea& e : s.exits)
    if (!(e.throughput >= 0 && e.throughput <= 1000)) std::abort();
  uint64_t people = 0;
  for (const bandada::CrowdStartArea& a : s.starts) {
    people += a.number;
    for (uint32_t k : a.checkpoints)  // a route through checkpoints of the file, to an exit
      if (k >= s.checkpoints.size() || a.exits.empty()) std::abort();
    if (a.flow && !(a.flow_end > a.flow_start)) std::abort();
  }
  if (people > 2000) return 0;  // placement is not what this target looks at
  bandada::CrowdParams p;
  p.model = s.model;  // the file's operational model steps below
  bandada::Crowd c(p, s, 0.0);
  if (c.size() > people || c.expected() > people) std::abort();
  for (double t : c.start_times())  // premovement times: finite, clipped
    if (!(t >= 0 && t <= bandada::kCrowdPremovementMax)) std::abort();
  if (c.unreached_people() > c.size() || c.unreached_start().empty() != (c.unreached_people() == 0))
    std::abort();
  if ((c.size() > 0 || !c.arrivals().empty()) && c.expected() <= 50) {
    const size_t before = c.size();
    for (int f = 0; f < (s.periodic != 0 ? 1 : 3); ++f) c.step();
    for (size_t i = 0; i < c.size(); ++i)  // on their route: a stage of it, aiming at a finite point
      if (!c.stages().empty() && (c.stages()[i] > c.route_stops(i).size() || !std::isfinite(c.target_x()[i])))
        std::abort();
    if (s.periodic != 0) {  // nobody leaves a corridor without ends, nor its x range
      if (c.size() != before) std::abort();
      const bandada::CrowdLayout& L = c.layout();
      for (double x : c.x())
        if (!(x >= L.x0 && x < L.x0 + L.width)) std::abort();
    }
  }
  return 0;
}
