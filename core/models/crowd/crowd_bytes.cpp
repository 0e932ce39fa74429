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

}  // namespace

std::string crowd_pack(const Crowd& c) {
  const CrowdParams& p = c.params_;
  ByteWriter w;
  w.put(kMagic);
  w.put(p.n);
  for (double v : {p.exit_width, p.v0, p.herding, p.herd_radius, p.dt}) w.put(v);
  w.put(p.seed);
  w.put(p.layout);
  w.put(c.rng_.state);
  w.put(c.placed_);
  w.put(c.steps_);
  w.put(c.t_);
  for (const std::vector<double>* v : {&c.x_, &c.y_, &c.vx_, &c.vy_, &c.r_, &c.pressure_, &c.exit_times_})
    w.put(*v);
  w.put(c.id_);
  w.put(flat(c.layout_.walls));
  w.put(flat(c.layout_.exits));
  std::vector<double> cols;
  for (const CrowdColumn& k : c.layout_.columns) cols.insert(cols.end(), {k.x, k.y, k.r});
  w.put(cols);
  return w.take();
}

bool crowd_unpack(std::string_view bytes, Crowd& c) {
  ByteReader r(bytes);
  uint32_t magic = 0, rng = 0, placed = 0;
  CrowdParams p;
  uint64_t steps = 0;
  double t = 0;
  if (!r.get(magic) || magic != kMagic || !r.get(p.n)) return false;
  for (double* v : {&p.exit_width, &p.v0, &p.herding, &p.herd_radius, &p.dt}) r.get(*v);
  r.get(p.seed);
  r.get(p.layout);
  r.get(rng);
  r.get(placed);
  r.get(steps);
  r.get(t);
  std::vector<double> x, y, vx, vy, rad, pressure, exits_t, walls, exits, cols;
  std::vector<uint32_t> ids;
  for (std::vector<double>* v : {&x, &y, &vx, &vy, &rad, &pressure}) r.get(*v, kCrowdMaxPeople);
  r.get(exits_t, kCrowdMaxPeople);
  r.get(ids, kCrowdMaxPeople);
  r.get(walls, 4 * 1000);
  r.get(exits, 4 * 1000);
  r.get(cols, 3 * 1000);
  if (!r.finished()) return false;
  const size_t n = x.size();
  if (y.size() != n || vx.size() != n || vy.size() != n || rad.size() != n || pressure.size() != n ||
      ids.size() != n || walls.size() % 4 || exits.size() % 4 || cols.size() % 3)
    return false;
  // Params in their fields' ranges, counts that add up, finite numbers where they belong.
  if (p.n < 1 || p.n > kCrowdMaxPeople || !(p.exit_width >= 0.4 && p.exit_width <= 5) ||
      !(p.v0 > 0 && p.v0 <= 10) || !(p.herding >= 0 && p.herding <= 1) ||
      !(p.herd_radius >= 0.5 && p.herd_radius <= 20) || !(p.dt >= 0.0002 && p.dt <= 0.005) ||
      p.layout >= crowd_layouts().size() || placed > kCrowdMaxPeople || n + exits_t.size() > placed ||
      !(t >= 0 && t < 1e12))
    return false;
  const CrowdLayout& base = crowd_layouts()[p.layout];
  for (size_t i = 0; i < n; ++i) {
    if (!(x[i] >= 0 && x[i] <= base.width && y[i] >= 0 && y[i] <= base.height)) return false;
    if (!(rad[i] >= 0.25 && rad[i] <= 0.35) || ids[i] >= placed) return false;
    if (!(std::fabs(vx[i]) < 1e6 && std::fabs(vy[i]) < 1e6) || !(pressure[i] >= 0 && pressure[i] < 1e12))
      return false;
  }
  for (double e : exits_t)
    if (!(e >= 0 && e <= t + 1)) return false;
  for (const std::vector<double>* v : {&walls, &exits, &cols})
    for (double d : *v)
      if (!(d >= -1 && d <= 1000)) return false;
  for (size_t i = 2; i < cols.size(); i += 3)
    if (!(cols[i] >= kCrowdColumnMin && cols[i] <= kCrowdColumnMax)) return false;
  const unsigned threads = c.threads_;
  CrowdParams none = p;
  none.n = 0;
  Crowd out(none);
  out.params_ = p;
  out.rng_.state = rng;
  out.placed_ = placed;
  out.steps_ = steps;
  out.t_ = t;
  out.x_ = std::move(x);
  out.y_ = std::move(y);
  out.vx_ = std::move(vx);
  out.vy_ = std::move(vy);
  out.r_ = std::move(rad);
  out.pressure_ = std::move(pressure);
  out.exit_times_ = std::move(exits_t);
  out.id_ = std::move(ids);
  out.layout_.walls.clear();
  out.layout_.exits.clear();
  out.layout_.columns.clear();
  for (size_t i = 0; i < walls.size(); i += 4)
    out.layout_.walls.push_back({walls[i], walls[i + 1], walls[i + 2], walls[i + 3]});
  for (size_t i = 0; i < exits.size(); i += 4)
    out.layout_.exits.push_back({exits[i], exits[i + 1], exits[i + 2], exits[i + 3]});
  for (size_t i = 0; i < cols.size(); i += 3)
    out.layout_.columns.push_back({cols[i], cols[i + 1], cols[i + 2]});
  out.build_navigation();
  out.threads_ = threads;
  c = std::move(out);
  return true;
}

}  // namespace bandada
