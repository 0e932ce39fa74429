// Bandada — a crowd as bytes (crowd_pack / crowd_unpack): for a state file and a page's step
// worker, read back with every length and range checked.
#include <algorithm>
#include <cmath>

#include "common/bytes.h"
#include "crowd.h"
#include "crowd_params.h"
#include "crowd_scenario.h"

namespace bandada {
namespace {

constexpr uint32_t kMagic = 0x43524f57;          // "CROW": a preset's room
constexpr uint32_t kMagicScenario = 0x43525732;  // "CRW2": a scenario's room, and its people's own parts
constexpr uint32_t kMagicPremove = 0x43525733;   // "CRW3": CRW2 and the people's premovement times

std::vector<double> flat(const std::vector<CrowdSegment>& v) {
  std::vector<double> out;
  for (const CrowdSegment& s : v) out.insert(out.end(), {s.x1, s.y1, s.x2, s.y2});
  return out;
}

/// The crowd's state as numbers and arrays of numbers, in the order of its bytes.
struct CrowdRecord {
  uint32_t magic = kMagic;
  CrowdParams p;
  uint32_t rng = 0, placed = 0;
  uint64_t steps = 0;
  double t = 0;
  std::vector<double> x, y, vx, vy, rad, pressure, exit_times;
  std::vector<uint32_t> ids;
  std::vector<double> walls, exits, columns;
  // A scenario's (kMagicScenario and kMagicPremove): the extent, the walkable area and the exit areas as
  // shapes (per polygon its ring count, then per ring its point count) and points, the exit ids
  // (each ended by a newline), the people's own speeds and routes, the routes, and who left where.
  std::vector<double> extent;  // x0, y0, width, height
  std::vector<uint32_t> walkable_shape, area_shape, route_shape, route_items, route;
  std::vector<double> walkable_points, area_points, v0;
  std::vector<char> exit_ids;
  std::vector<int32_t> exit_of;
  std::vector<double> start;  // kMagicPremove only: by person number, when each starts to walk
  // The model's constants, after everything else, where any differs from its first value (so a
  // state file written before they were fields reads, and writes back, as it was).
  uint32_t law_tag = 0;
  // A corridor without ends (CrowdLayout::periodic), after the constants (which it then always
  // has): its tag, and 1 east or 2 west.
  uint32_t seam_tag = 0, seam = 0;
  // Speed zones (CrowdLayout::zones), after the constants and the seam (which it then always
  // has): their rings as shape and points, their factors, and their ids each ended by a newline.
  std::vector<uint32_t> zone_shape;
  std::vector<double> zone_points, zone_factors;
  std::vector<char> zone_ids;
  // Journeys, throttles and arrivals (crowd_journey.cpp), after the zones: the checkpoints (rings,
  // ids, and per checkpoint wait, spread, gaussian, throughput, factor), each exit area's
  // throughput, each route's checkpoints, per person their stage, point and end of waiting, when
  // each throttle last let someone by; the arrivals (time, radius, speed; area and route), the
  // start areas' rings, the generator of places, and who waited for room.
  std::vector<uint32_t> cp_shape, route_stop_shape, route_stops, stage, arrival_where, spawn_shape;
  std::vector<double> cp_points, cp_params, exit_throughput, tx, ty, until, passed, arrival_numbers,
      spawn_points;
  std::vector<char> cp_ids;
  uint32_t spawn_rng = 0, spawn_waited = 0, arrivals_total = 0;
  double spawn_wait_total = 0, spawn_wait_max = 0;
  // The anticipation velocity model's part, after the journeys: its constants (in the params) and
  // per person their orientation. Written once a constant differs from its first value or anyone
  // has an orientation (so a file from before the model reads, and writes back, as it was).
  std::vector<double> ox, oy;
  bool scenario() const { return magic == kMagicScenario || magic == kMagicPremove; }
};

/// The one list of the members, walked by the writer (pack) and the reader (unpack) alike.
template <class Io, class R>
void walk_members(Io& io, R& r) {
  io(r.magic);
  io(r.p.n);
  for (auto* v : {&r.p.exit_width, &r.p.v0, &r.p.herding, &r.p.herd_radius, &r.p.dt}) io(*v);
  io(r.p.seed);
  io(r.p.layout);
  io(r.rng);
  io(r.placed);
  io(r.steps);
  io(r.t);
  for (auto* v : {&r.x, &r.y, &r.vx, &r.vy, &r.rad, &r.pressure, &r.exit_times}) io(*v, kCrowdMaxPeople);
  io(r.ids, kCrowdMaxPeople);
  io(r.walls, 4 * 1000);
  io(r.exits, 4 * 1000);
  io(r.columns, 3 * 1000);
  if (!r.scenario()) return;
  constexpr uint64_t kMany = 1u << 24;
  io(r.extent, 4);
  for (auto* v : {&r.walkable_shape, &r.area_shape, &r.route_shape, &r.route_items}) io(*v, kMany);
  for (auto* v : {&r.walkable_points, &r.area_points}) io(*v, kMany);
  io(r.exit_ids, kMany);
  io(r.v0, kCrowdMaxPeople);
  io(r.route, kCrowdMaxPeople);
  io(r.exit_of, kCrowdMaxPeople);
  if (r.magic == kMagicPremove) io(r.start, kCrowdMaxPeople);
}

/// The model's part: a tag, the operational model, then the constants. Written when they are not the first
/// values; read when bytes are left after the rest.
template <class Io, class R>
void walk_law(Io& io, R& r) {
  io(r.law_tag);
  io(r.p.model);
  r.p.each_model_constant([&io](double& v) { io(v); });
}

constexpr uint32_t kLawTag = 0x4c415731;      // "LAW1"
constexpr uint32_t kSeamTag = 0x5345414d;     // "SEAM"
constexpr uint32_t kZoneTag = 0x5a4f4e45;     // "ZONE"
constexpr uint32_t kJourneyTag = 0x4a524e59;  // "JRNY"
constexpr uint32_t kAvmTag = 0x41564d31;      // "AVM1"

/// A record's anticipation velocity model part, read or written.
template <class Io, class R>
void walk_avm(Io& io, R& r) {
  r.p.each_avm_constant([&io](double& v) { io(v); });
  for (auto* v : {&r.ox, &r.oy}) io(*v, kCrowdMaxPeople);
}

/// A record's zones, read or written.
template <class Io, class R>
void walk_zones(Io& io, R& r) {
  constexpr uint64_t kMany = 1u << 24;
  io(r.zone_shape, 100000);
  io(r.zone_points, kMany);
  io(r.zone_factors, 100000);
  io(r.zone_ids, kMany);
}

/// A record's journeys, throttles and arrivals, read or written.
template <class Io, class R>
void walk_journeys(Io& io, R& r) {
  constexpr uint64_t kMany = 1u << 24;
  io(r.cp_shape, 100000);
  io(r.cp_points, kMany);
  io(r.cp_ids, kMany);
  io(r.cp_params, 5 * 100000);
  io(r.exit_throughput, 100000);
  io(r.route_stop_shape, kMany);
  io(r.route_stops, kMany);
  io(r.stage, kCrowdMaxPeople);
  for (auto* v : {&r.tx, &r.ty, &r.until}) io(*v, kCrowdMaxPeople);
  io(r.passed, 200000);
  io(r.arrival_numbers, 3 * kCrowdMaxPeople);
  io(r.arrival_where, 2 * kCrowdMaxPeople);
  io(r.spawn_shape, 100000);
  io(r.spawn_points, kMany);
  io(r.spawn_rng);
  io(r.spawn_waited);
  io(r.arrivals_total);
  io(r.spawn_wait_total);
  io(r.spawn_wait_max);
}

/// Ids each ended by a newline, back into `count` strings; false when they do not number that.
bool ids_back(const std::vector<char>& chars, size_t count, std::vector<std::string>& ids) {
  ids.assign(1, {});
  for (char ch : chars) {
    if (ch == '\n')
      ids.emplace_back();
    else
      ids.back() += ch;
  }
  if (ids.size() != count + 1 || !ids.back().empty()) return false;
  ids.pop_back();
  return true;
}

std::vector<double> law_of(CrowdParams p) {
  std::vector<double> out;
  out.push_back(p.model);
  p.each_model_constant([&out](double& v) { out.push_back(v); });
  return out;
}
bool first_law(const CrowdParams& p) { return law_of(p) == law_of(CrowdParams{}); }
std::vector<double> avm_law_of(CrowdParams p) {
  std::vector<double> out;
  p.each_avm_constant([&out](double& v) { out.push_back(v); });
  return out;
}
/// A model there is, and each constant in its field's range (the fields sfm_a … csm_noise, then
/// avm_a … avm_pushout, in order).
bool crowd_law_possible(const CrowdParams& p) {
  const std::vector<double> law = law_of(p), avm = avm_law_of(p);
  if (p.model >= kCrowdModelCount) return false;
  for (size_t k = 1; k < law.size(); ++k)
    if (!in_field_range(crowd_fields()[static_cast<int>(CrowdField::sfm_a) + k - 1], law[k])) return false;
  for (size_t k = 0; k < avm.size(); ++k)
    if (!in_field_range(crowd_fields()[static_cast<int>(CrowdField::avm_a) + k], avm[k])) return false;
  return true;
}

/// Rings as a shape and points: `shape` gets each ring's point count, `points` x, y, ….
void flat_rings(const std::vector<CrowdRing>& rings, std::vector<uint32_t>& shape,
                std::vector<double>& points) {
  for (const CrowdRing& ring : rings) {
    shape.push_back(static_cast<uint32_t>(ring.size()));
    for (const CrowdPoint& q : ring) points.insert(points.end(), {q.x, q.y});
  }
}
/// The next `count` rings of shape[at…] from points[pt…]; false when the shape and points disagree.
bool rings_back(const std::vector<uint32_t>& shape, size_t& at, const std::vector<double>& points, size_t& pt,
                size_t count, std::vector<CrowdRing>& out) {
  for (size_t k = 0; k < count; ++k) {
    if (at >= shape.size() || shape[at] < 3 || pt + 2 * static_cast<size_t>(shape[at]) > points.size())
      return false;
    CrowdRing ring;
    for (uint32_t q = 0; q < shape[at]; ++q, pt += 2) {
      if (!(std::fabs(points[pt]) < 1e6 && std::fabs(points[pt + 1]) < 1e6)) return false;
      ring.push_back({points[pt], points[pt + 1]});
    }
    ++at;
    out.push_back(std::move(ring));
  }
  return true;
}

/// Whether a record read is a state this model can have: params in their fields' ranges,
/// counts that add up, finite numbers where they belong.
bool possible(const CrowdRecord& r) {
  const CrowdParams& p = r.p;
  const size_t n = r.x.size();
  if ((r.magic != kMagic && !r.scenario()) || r.y.size() != n || r.vx.size() != n || r.vy.size() != n ||
      r.rad.size() != n || r.pressure.size() != n || r.ids.size() != n || r.walls.size() % 4 ||
      r.exits.size() % 4 || r.columns.size() % 3)
    return false;
  if ((p.n < 1 && !r.scenario()) || p.n > kCrowdMaxPeople ||  // (a scenario may start empty: arrivals)
      !(p.exit_width >= 0.4 && p.exit_width <= 5) || !(p.v0 > 0 && p.v0 <= 10) ||
      !(p.herding >= 0 && p.herding <= 1) || !(p.herd_radius >= 0.5 && p.herd_radius <= 20) ||
      !(p.dt >= 0.0002 && p.dt <= 0.005) || !crowd_law_possible(p) || p.layout >= crowd_layouts().size() ||
      r.placed > kCrowdMaxPeople || n + r.exit_times.size() > r.placed || !(r.t >= 0 && r.t < 1e12))
    return false;
  const bool scenario = r.scenario();
  if (r.magic == kMagicPremove && r.start.size() != r.placed) return false;
  for (double t : r.start)
    if (!(t >= 0 && t <= kCrowdPremovementMax)) return false;
  if (scenario && (r.extent.size() != 4 || !(r.extent[2] > 0 && r.extent[2] <= 500) ||
                   !(r.extent[3] > 0 && r.extent[3] <= 500) || !(std::fabs(r.extent[0]) < 1e6) ||
                   !(std::fabs(r.extent[1]) < 1e6) || r.v0.size() != n || r.route.size() != n ||
                   r.exit_of.size() != r.placed))
    return false;
  const CrowdLayout& base = crowd_layouts()[p.layout];
  const double x0 = scenario ? r.extent[0] : 0, y0 = scenario ? r.extent[1] : 0;
  const double w = scenario ? r.extent[2] : base.width, h = scenario ? r.extent[3] : base.height;
  const double rmin = scenario ? 0.1 : 0.25, rmax = scenario ? 1.0 : 0.35;
  for (size_t i = 0; i < n; ++i) {
    if (!(r.x[i] - x0 >= 0 && r.x[i] - x0 <= w && r.y[i] - y0 >= 0 && r.y[i] - y0 <= h)) return false;
    if (!(r.rad[i] >= rmin && r.rad[i] <= rmax) || r.ids[i] >= r.placed) return false;
    if (scenario && !(r.v0[i] >= 0.1 && r.v0[i] <= 10)) return false;
    if (!(std::fabs(r.vx[i]) < 1e6 && std::fabs(r.vy[i]) < 1e6) ||
        !(r.pressure[i] >= 0 && r.pressure[i] < 1e12))
      return false;
  }
  for (double e : r.exit_times)
    if (!(e >= 0 && e <= r.t + 1)) return false;
  for (const std::vector<double>* v : {&r.walls, &r.exits, &r.columns})
    for (double d : *v)
      if (scenario ? !(std::fabs(d) < 1e6) : !(d >= -1 && d <= 1000)) return false;
  for (size_t i = 2; i < r.columns.size(); i += 3)
    if (!(r.columns[i] >= kCrowdColumnMin && r.columns[i] <= kCrowdColumnMax)) return false;
  return true;
}

}  // namespace

/// A record's journeys, throttles and arrivals into `out` (its room and routes read already);
/// false when they do not fit them.
template <class Record>
bool journeys_back(const Record& r, Crowd& out) {
  CrowdLayout& L = out.layout_;
  const size_t n = out.people_.x.size();  // (the record's people are moved into `out` already)
  std::vector<CrowdRing> rings;
  std::vector<std::string> ids;
  size_t at = 0, pt = 0;
  if (!rings_back(r.cp_shape, at, r.cp_points, pt, r.cp_shape.size(), rings) || pt != r.cp_points.size() ||
      !ids_back(r.cp_ids, rings.size(), ids) || r.cp_params.size() != 5 * rings.size())
    return false;
  for (size_t k = 0; k < rings.size(); ++k) {
    const double* q = &r.cp_params[5 * k];
    CrowdCheckpoint c{ids[k], std::move(rings[k]), q[0], q[1], q[2] != 0, q[3], q[4]};
    if (!(c.wait >= 0 && c.wait <= 1e6) || !(c.wait_std >= 0 && c.wait_std <= 1e6) ||
        (q[2] != 0 && q[2] != 1) || !(c.throughput >= 0 && c.throughput <= 1000) ||
        !(c.factor > 0 && c.factor <= kCrowdZoneMaxFactor))
      return false;
    L.checkpoints.push_back(std::move(c));
  }
  if (!r.exit_throughput.empty() && r.exit_throughput.size() != L.exit_areas.size()) return false;
  for (size_t k = 0; k < r.exit_throughput.size(); ++k) {
    if (!(r.exit_throughput[k] >= 0 && r.exit_throughput[k] <= 1000)) return false;
    L.exit_areas[k].throughput = r.exit_throughput[k];
  }
  // Each route's checkpoints (route 0 has none).
  if (!r.route_stop_shape.empty() && r.route_stop_shape.size() != out.routes_.size() - 1) return false;
  out.stops_.assign(out.routes_.size(), {});
  size_t item = 0;
  for (size_t k = 0; k < r.route_stop_shape.size(); ++k) {
    if (item + r.route_stop_shape[k] > r.route_stops.size()) return false;
    for (uint32_t q = 0; q < r.route_stop_shape[k]; ++q, ++item) {
      if (r.route_stops[item] >= L.checkpoints.size()) return false;
      out.stops_[k + 1].push_back(r.route_stops[item]);
    }
  }
  if (item != r.route_stops.size()) return false;
  const bool staged = !L.checkpoints.empty();
  if (staged != !r.stage.empty() && n > 0) return false;
  for (const std::vector<double>* v : {&r.tx, &r.ty, &r.until})
    if (v->size() != r.stage.size() || (staged && v->size() != n)) return false;
  for (size_t i = 0; i < r.stage.size(); ++i) {
    if (r.stage[i] > out.stops_[r.route[i]].size() ||
        !(std::fabs(r.tx[i]) < 1e6 && std::fabs(r.ty[i]) < 1e6) ||
        !(r.until[i] == -1 || (r.until[i] >= 0 && r.until[i] <= r.t + 1e6 + 1)))
      return false;
  }
  if (!r.passed.empty() && r.passed.size() != L.checkpoints.size() + L.exit_areas.size()) return false;
  for (double v : r.passed)
    if (!(v == -1e300 || (v >= 0 && v <= r.t + 1))) return false;
  // Arrivals: three numbers and two places each, in order of time.
  const size_t na = r.arrival_where.size() / 2;
  if (r.arrival_where.size() % 2 || r.arrival_numbers.size() != 3 * na) return false;
  at = pt = 0;
  if (!rings_back(r.spawn_shape, at, r.spawn_points, pt, r.spawn_shape.size(), out.spawn_areas_) ||
      pt != r.spawn_points.size())
    return false;
  for (size_t k = 0; k < na; ++k) {
    const Crowd::Arrival a{r.arrival_numbers[3 * k], r.arrival_numbers[3 * k + 1],
                           r.arrival_numbers[3 * k + 2], r.arrival_where[2 * k], r.arrival_where[2 * k + 1]};
    if (!(a.at >= 0 && a.at <= 1e6) || !(a.r >= 0.1 && a.r <= 1) || !(a.v0 >= 0.1 && a.v0 <= 5) ||
        a.area >= out.spawn_areas_.size() || a.route >= out.routes_.size() ||
        (k > 0 && a.at < out.arrivals_.back().at))
      return false;
    out.arrivals_.push_back(a);
  }
  if (r.arrivals_total < na || r.placed + na > kCrowdMaxPeople || r.spawn_waited > r.arrivals_total ||
      !(r.spawn_wait_total >= 0 && r.spawn_wait_total < 1e12) ||
      !(r.spawn_wait_max >= 0 && r.spawn_wait_max < 1e12))
    return false;
  if (staged) {  // (else every person's defaults, as placed: no checkpoint, aiming where they stand)
    out.people_.stage = r.stage;
    out.people_.tx = r.tx;
    out.people_.ty = r.ty;
    out.people_.until = r.until;
  }
  out.passed_ = r.passed;
  out.spawn_rng_.state = r.spawn_rng;
  out.spawn_waited_ = r.spawn_waited;
  out.arrivals_total_ = r.arrivals_total;
  out.spawn_wait_total_ = r.spawn_wait_total;
  out.spawn_wait_max_ = r.spawn_wait_max;
  return true;
}

/// A scenario record's own parts into `out`; false when they do not make a room.
template <class Record>
bool crowd_scenario_back(const Record& r, Crowd& out) {
  CrowdLayout& L = out.layout_;
  L.name = "Scenario";
  L.x0 = r.extent[0];
  L.y0 = r.extent[1];
  L.width = r.extent[2];
  L.height = r.extent[3];
  L.periodic = r.seam == 1 ? 1 : r.seam == 2 ? -1 : 0;
  size_t at = 0, pt = 0;
  while (at < r.walkable_shape.size()) {
    const size_t rings = r.walkable_shape[at++];
    L.walkable.emplace_back();
    if (rings < 1 || !rings_back(r.walkable_shape, at, r.walkable_points, pt, rings, L.walkable.back()))
      return false;
  }
  if (pt != r.walkable_points.size()) return false;
  std::vector<CrowdRing> areas;
  at = pt = 0;
  if (!rings_back(r.area_shape, at, r.area_points, pt, r.area_shape.size(), areas) ||
      pt != r.area_points.size())
    return false;
  std::vector<std::string> ids;
  if (!ids_back(r.exit_ids, areas.size(), ids)) return false;
  for (size_t k = 0; k < areas.size(); ++k) L.exit_areas.push_back({ids[k], std::move(areas[k])});
  std::vector<CrowdRing> zones;
  at = pt = 0;
  if (!rings_back(r.zone_shape, at, r.zone_points, pt, r.zone_shape.size(), zones) ||
      pt != r.zone_points.size() || r.zone_factors.size() != zones.size() ||
      !ids_back(r.zone_ids, zones.size(), ids))
    return false;
  for (size_t k = 0; k < zones.size(); ++k) {
    const double f = r.zone_factors[k];
    if (!(f > 0 && f <= kCrowdZoneMaxFactor)) return false;
    L.zones.push_back({ids[k], std::move(zones[k]), f});
  }
  out.routes_.assign(1, {});
  size_t item = 0;
  for (uint32_t size : r.route_shape) {
    if (item + size > r.route_items.size()) return false;
    std::vector<uint32_t> route(r.route_items.begin() + static_cast<long>(item),
                                r.route_items.begin() + static_cast<long>(item + size));
    for (uint32_t a : route)
      if (a >= L.exit_areas.size()) return false;
    out.routes_.push_back(std::move(route));
    item += size;
  }
  if (item != r.route_items.size()) return false;
  for (uint32_t k : r.route)
    if (k >= out.routes_.size()) return false;
  for (int32_t e : r.exit_of)
    if (e < Crowd::kStillInside ||
        (e >= static_cast<int32_t>(L.exit_areas.size()) && e < Crowd::kExitSegment))
      return false;
  out.people_.v0 = r.v0;  // (their number checked against the people's above)
  out.people_.route = r.route;
  out.exit_of_ = r.exit_of;
  out.start_ = r.start;
  return journeys_back(r, out);
}

/// The crowd's journeys, throttles and arrivals into the record; false when it has none of them.
template <class Record>
bool journeys_out(const Crowd& c, Record& r) {
  const CrowdLayout& L = c.layout_;
  bool throttled = false;
  for (const CrowdExitArea& e : L.exit_areas) throttled = throttled || e.throughput > 0;
  const bool journeys = !L.checkpoints.empty() || throttled || c.arrivals_total_ > 0;
  if (!journeys) return false;
  for (const CrowdCheckpoint& k : L.checkpoints) {
    flat_rings({k.area}, r.cp_shape, r.cp_points);
    r.cp_ids.insert(r.cp_ids.end(), k.id.begin(), k.id.end());
    r.cp_ids.push_back('\n');
    r.cp_params.insert(r.cp_params.end(),
                       {k.wait, k.wait_std, k.gaussian ? 1.0 : 0.0, k.throughput, k.factor});
  }
  if (throttled)
    for (const CrowdExitArea& e : L.exit_areas) r.exit_throughput.push_back(e.throughput);
  if (!L.checkpoints.empty())
    for (size_t k = 1; k < c.stops_.size(); ++k) {
      r.route_stop_shape.push_back(static_cast<uint32_t>(c.stops_[k].size()));
      r.route_stops.insert(r.route_stops.end(), c.stops_[k].begin(), c.stops_[k].end());
    }
  if (!L.checkpoints.empty()) {  // the people's stages only where there are checkpoints
    r.stage = c.people_.stage;
    r.tx = c.people_.tx;
    r.ty = c.people_.ty;
    r.until = c.people_.until;
  }
  r.passed = c.passed_;
  for (const Crowd::Arrival& a : c.arrivals_) {
    r.arrival_numbers.insert(r.arrival_numbers.end(), {a.at, a.r, a.v0});
    r.arrival_where.insert(r.arrival_where.end(), {a.area, a.route});
  }
  if (c.arrivals_total_ > 0) flat_rings(c.spawn_areas_, r.spawn_shape, r.spawn_points);
  r.spawn_rng = c.spawn_rng_.state;
  r.spawn_waited = c.spawn_waited_;
  r.arrivals_total = c.arrivals_total_;
  r.spawn_wait_total = c.spawn_wait_total_;
  r.spawn_wait_max = c.spawn_wait_max_;
  return true;
}

std::string crowd_pack(const Crowd& c) {
  CrowdRecord r;
  r.p = c.params_;
  r.rng = c.rng_.state;
  r.placed = c.placed_;
  r.steps = c.steps_;
  r.t = c.t_;
  r.x = c.people_.x;
  r.y = c.people_.y;
  r.vx = c.people_.vx;
  r.vy = c.people_.vy;
  r.rad = c.people_.r;
  r.pressure = c.people_.pressure;
  r.exit_times = c.exit_times_;
  r.ids = c.people_.id;
  r.walls = flat(c.layout_.walls);
  r.exits = flat(c.layout_.exits);
  for (const CrowdColumn& k : c.layout_.columns) r.columns.insert(r.columns.end(), {k.x, k.y, k.r});
  const CrowdLayout& L = c.layout_;
  if (!L.walkable.empty() || !L.exit_areas.empty()) {
    r.magic = kMagicScenario;
    r.extent = {L.x0, L.y0, L.width, L.height};
    for (const CrowdPolygon& poly : L.walkable) {
      r.walkable_shape.push_back(static_cast<uint32_t>(poly.size()));
      flat_rings(poly, r.walkable_shape, r.walkable_points);
    }
    for (const CrowdExitArea& a : L.exit_areas) {
      flat_rings({a.area}, r.area_shape, r.area_points);
      r.exit_ids.insert(r.exit_ids.end(), a.id.begin(), a.id.end());
      r.exit_ids.push_back('\n');
    }
    for (size_t k = 1; k < c.routes_.size(); ++k) {
      r.route_shape.push_back(static_cast<uint32_t>(c.routes_[k].size()));
      r.route_items.insert(r.route_items.end(), c.routes_[k].begin(), c.routes_[k].end());
    }
    r.v0 = c.people_.v0;  // the field's speed written as it is now
    for (double& v : r.v0)
      if (std::isnan(v)) v = c.params_.v0;
    r.route = c.people_.route;
    r.exit_of = c.exit_of_;
    if (!c.start_.empty()) {
      r.magic = kMagicPremove;
      r.start = c.start_;
    }
  }
  for (const CrowdZone& z : c.layout_.zones) {
    flat_rings({z.area}, r.zone_shape, r.zone_points);
    r.zone_factors.push_back(z.factor);
    r.zone_ids.insert(r.zone_ids.end(), z.id.begin(), z.id.end());
    r.zone_ids.push_back('\n');
  }
  const bool journeys = journeys_out(c, r);
  const auto turned = [](double v) { return v != 0.0; };
  const bool avm = avm_law_of(r.p) != avm_law_of(CrowdParams{}) ||
                   std::any_of(c.people_.ox.begin(), c.people_.ox.end(), turned) ||
                   std::any_of(c.people_.oy.begin(), c.people_.oy.end(), turned);
  ByteWriter w;
  walk_members(w, r);
  if (c.layout_.periodic != 0) r.seam = c.layout_.periodic > 0 ? 1 : 2;
  const bool zones = !c.layout_.zones.empty();
  if (!first_law(r.p) || r.seam != 0 || zones || journeys || avm) {
    r.law_tag = kLawTag;
    walk_law(w, r);
  }
  if (r.seam != 0) {
    r.seam_tag = kSeamTag;
    w(r.seam_tag);
    w(r.seam);
  }
  if (zones) {
    uint32_t tag = kZoneTag;
    w(tag);
    walk_zones(w, r);
  }
  if (journeys) {
    uint32_t tag = kJourneyTag;
    w(tag);
    walk_journeys(w, r);
  }
  if (avm) {
    uint32_t tag = kAvmTag;
    w(tag);
    r.ox = c.people_.ox;
    r.oy = c.people_.oy;
    walk_avm(w, r);
  }
  return w.take();
}

bool crowd_unpack(std::string_view bytes, Crowd& c) {
  ByteReader in(bytes);
  CrowdRecord r;
  walk_members(in, r);
  if (!in.finished() && in.ok()) {
    walk_law(in, r);
    if (r.law_tag != kLawTag) return false;
  }
  // Then a seam, zones, or both, in that order, each after its tag.
  uint32_t tag = 0;
  if (!in.finished() && in.ok()) in(tag);
  if (tag == kSeamTag) {
    r.seam_tag = tag;
    in(r.seam);
    if ((r.seam != 1 && r.seam != 2) || !r.scenario()) return false;
    tag = 0;
    if (!in.finished() && in.ok()) in(tag);
  }
  if (tag == kZoneTag) {
    walk_zones(in, r);
    if (!r.scenario()) return false;
    tag = 0;
    if (!in.finished() && in.ok()) in(tag);
  }
  if (tag == kJourneyTag) {
    walk_journeys(in, r);
    if (!r.scenario()) return false;
    tag = 0;
    if (!in.finished() && in.ok()) in(tag);
  }
  if (tag == kAvmTag) {
    walk_avm(in, r);
    if (r.ox.size() != r.x.size() || r.oy.size() != r.x.size()) return false;
    for (size_t i = 0; i < r.ox.size(); ++i)
      if (!(std::fabs(r.ox[i]) <= 1.0 && std::fabs(r.oy[i]) <= 1.0)) return false;
    tag = 0;
  }
  if (tag != 0) return false;
  if (!in.finished() || !possible(r)) return false;
  const unsigned threads = c.threads_;
  CrowdParams none = r.p;
  none.n = 0;
  Crowd out(none);
  out.params_ = r.p;
  out.rng_.state = r.rng;
  out.placed_ = r.placed;
  out.steps_ = r.steps;
  out.t_ = r.t;
  // The record's people with every other member at its default (the field's speed, route 0, no
  // checkpoint, aiming where they stand); a scenario's record then gives its own.
  out.people_ = CrowdPeople();
  for (size_t i = 0; i < r.x.size(); ++i) {
    CrowdPeople::Person p;
    p.x = p.tx = r.x[i];
    p.y = p.ty = r.y[i];
    p.vx = r.vx[i];
    p.vy = r.vy[i];
    p.r = r.rad[i];
    p.pressure = r.pressure[i];
    p.id = r.ids[i];
    if (i < r.ox.size()) {
      p.ox = r.ox[i];
      p.oy = r.oy[i];
    }
    out.people_.append(p);
  }
  out.exit_times_ = std::move(r.exit_times);

  out.layout_.walls.clear();
  out.layout_.exits.clear();
  out.layout_.columns.clear();
  const std::vector<double>&w = r.walls, &e = r.exits, &k = r.columns;
  for (size_t i = 0; i < w.size(); i += 4) out.layout_.walls.push_back({w[i], w[i + 1], w[i + 2], w[i + 3]});
  for (size_t i = 0; i < e.size(); i += 4) out.layout_.exits.push_back({e[i], e[i + 1], e[i + 2], e[i + 3]});
  for (size_t i = 0; i < k.size(); i += 3) out.layout_.columns.push_back({k[i], k[i + 1], k[i + 2]});
  out.exit_of_.assign(out.placed_, Crowd::kStillInside);
  if (r.scenario() && !crowd_scenario_back(r, out)) return false;
  out.build_navigation();
  out.threads_ = threads;
  c = std::move(out);
  return true;
}

}  // namespace bandada
