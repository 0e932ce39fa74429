// Bandada — a crowd as bytes (crowd_pack / crowd_unpack): for a state file and a page's step
// worker, read back with every length and range checked.
#include <cmath>

#include "common/bytes.h"
#include "crowd.h"

namespace bandada {
namespace {

constexpr uint32_t kMagic = 0x43524f57;  // "CROW"

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
}

/// Whether a record read is a state this model can have: params in their fields' ranges,
/// counts that add up, finite numbers where they belong.
bool possible(const CrowdRecord& r) {
  const CrowdParams& p = r.p;
  const size_t n = r.x.size();
  if (r.magic != kMagic || r.y.size() != n || r.vx.size() != n || r.vy.size() != n || r.rad.size() != n ||
      r.pressure.size() != n || r.ids.size() != n || r.walls.size() % 4 || r.exits.size() % 4 ||
      r.columns.size() % 3)
    return false;
  if (p.n < 1 || p.n > kCrowdMaxPeople || !(p.exit_width >= 0.4 && p.exit_width <= 5) ||
      !(p.v0 > 0 && p.v0 <= 10) || !(p.herding >= 0 && p.herding <= 1) ||
      !(p.herd_radius >= 0.5 && p.herd_radius <= 20) || !(p.dt >= 0.0002 && p.dt <= 0.005) ||
      p.layout >= crowd_layouts().size() || r.placed > kCrowdMaxPeople ||
      n + r.exit_times.size() > r.placed || !(r.t >= 0 && r.t < 1e12))
    return false;
  const CrowdLayout& base = crowd_layouts()[p.layout];
  for (size_t i = 0; i < n; ++i) {
    if (!(r.x[i] >= 0 && r.x[i] <= base.width && r.y[i] >= 0 && r.y[i] <= base.height)) return false;
    if (!(r.rad[i] >= 0.25 && r.rad[i] <= 0.35) || r.ids[i] >= r.placed) return false;
    if (!(std::fabs(r.vx[i]) < 1e6 && std::fabs(r.vy[i]) < 1e6) ||
        !(r.pressure[i] >= 0 && r.pressure[i] < 1e12))
      return false;
  }
  for (double e : r.exit_times)
    if (!(e >= 0 && e <= r.t + 1)) return false;
  for (const std::vector<double>* v : {&r.walls, &r.exits, &r.columns})
    for (double d : *v)
      if (!(d >= -1 && d <= 1000)) return false;
  for (size_t i = 2; i < r.columns.size(); i += 3)
    if (!(r.columns[i] >= kCrowdColumnMin && r.columns[i] <= kCrowdColumnMax)) return false;
  return true;
}

}  // namespace

std::string crowd_pack(const Crowd& c) {
  CrowdRecord r;
  r.p = c.params_;
  r.rng = c.rng_.state;
  r.placed = c.placed_;
  r.steps = c.steps_;
  r.t = c.t_;
  r.x = c.x_;
  r.y = c.y_;
  r.vx = c.vx_;
  r.vy = c.vy_;
  r.rad = c.r_;
  r.pressure = c.pressure_;
  r.exit_times = c.exit_times_;
  r.ids = c.id_;
  r.walls = flat(c.layout_.walls);
  r.exits = flat(c.layout_.exits);
  for (const CrowdColumn& k : c.layout_.columns) r.columns.insert(r.columns.end(), {k.x, k.y, k.r});
  ByteWriter w;
  walk_members(w, r);
  return w.take();
}

bool crowd_unpack(std::string_view bytes, Crowd& c) {
  ByteReader in(bytes);
  CrowdRecord r;
  walk_members(in, r);
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
  out.x_ = std::move(r.x);
  out.y_ = std::move(r.y);
  out.vx_ = std::move(r.vx);
  out.vy_ = std::move(r.vy);
  out.r_ = std::move(r.rad);
  out.pressure_ = std::move(r.pressure);
  out.exit_times_ = std::move(r.exit_times);
  out.id_ = std::move(r.ids);
  out.layout_.walls.clear();
  out.layout_.exits.clear();
  out.layout_.columns.clear();
  const std::vector<double>&w = r.walls, &e = r.exits, &k = r.columns;
  for (size_t i = 0; i < w.size(); i += 4) out.layout_.walls.push_back({w[i], w[i + 1], w[i + 2], w[i + 3]});
  for (size_t i = 0; i < e.size(); i += 4) out.layout_.exits.push_back({e[i], e[i + 1], e[i + 2], e[i + 3]});
  for (size_t i = 0; i < k.size(); i += 3) out.layout_.columns.push_back({k[i], k[i + 1], k[i + 2]});
  out.build_navigation();
  out.threads_ = threads;
  c = std::move(out);
  return true;
}

}  // namespace bandada
