// Bandada — where the crowd's people start and what they draw (crowd.h): placement in a preset's
// start rectangle or a scenario's start areas, clear of each other and of the room; the tools'
// brush; the radius, speed and premovement draws, with our own exp, log and cos.
#include <algorithm>
#include <cmath>
#include <utility>

#include "common/det_math.h"
#include "crowd.h"
#include "crowd_reach.h"
#include "crowd_scenario.h"

namespace bandada {

double crowd_normal_draw(Lcg& rng) {
  const double u1 = 1.0 - rng.next(), u2 = rng.next();  // u1 in (0, 1]
  return std::sqrt(-2.0 * det_log(u1)) * det_cos(2.0 * kPi * u2);
}

namespace {

/// Placement looks only at the people in the 3 × 3 cells of 0.7 m (two radii at most) around a
/// spot: the same answer as looking at everyone, found in constant time.
class PlacementGrid {
 public:
  PlacementGrid(const CrowdLayout& L, const std::vector<double>& x, const std::vector<double>& y,
                const std::vector<double>& r)
      : x0_(L.x0),
        y0_(L.y0),
        length_(L.periodic != 0 ? L.width : 0.0),
        gw_(std::max(1, static_cast<int>(std::ceil(L.width / kCell)))),
        gh_(std::max(1, static_cast<int>(std::ceil(L.height / kCell)))),
        grid_(static_cast<size_t>(gw_) * gh_),
        x_(x),
        y_(y),
        r_(r) {}
  /// Nobody within r + their radius of (x, y); in a corridor without ends, across the seam too
  /// (the images one length east and west, which the clamped cells look up at the far end).
  bool clear(double x, double y, double r) const {
    return near_clear(x, y, r) &&
           (length_ == 0.0 || (near_clear(x - length_, y, r) && near_clear(x + length_, y, r)));
  }
  bool near_clear(double x, double y, double r) const {
    const int ci = cell_at(x - x0_, gw_), cj = cell_at(y - y0_, gh_);
    for (int j = std::max(0, cj - 1); j <= std::min(gh_ - 1, cj + 1); ++j)
      for (int i = std::max(0, ci - 1); i <= std::min(gw_ - 1, ci + 1); ++i)
        for (uint32_t k : grid_[static_cast<size_t>(j) * gw_ + i])
          if ((x - x_[k]) * (x - x_[k]) + (y - y_[k]) * (y - y_[k]) < (r + r_[k]) * (r + r_[k])) return false;
    return true;
  }
  /// Person k now stands at (x, y).
  void add(double x, double y, uint32_t k) {
    grid_[static_cast<size_t>(cell_at(y - y0_, gh_)) * gw_ + cell_at(x - x0_, gw_)].push_back(k);
  }

 private:
  static constexpr double kCell = 0.7;
  static int cell_at(double v, int size) {
    return std::min(size - 1, std::max(0, static_cast<int>(v / kCell)));
  }
  double x0_, y0_, length_;
  int gw_, gh_;
  std::vector<std::vector<uint32_t>> grid_;
  const std::vector<double>&x_, &y_, &r_;
};

/// A draw from the spread: the mean, or a normal draw about it clipped to [lo, hi] as the anchor
/// clips.
double spread_draw(const CrowdSpread& s, Lcg& rng, double lo, double hi) {
  if (!s.gaussian) return s.mean;
  return std::min(hi, std::max(lo, s.mean + s.std * crowd_normal_draw(rng)));
}

/// Gamma of shape k ≥ 1 and scale 1, Marsaglia and Tsang (2000): a normal z and a uniform u per
/// try, accepted when ln u < z²/2 + d − d·v + d·ln v (about 96 % of tries at k = 1).
double gamma_draw(double k, Lcg& rng) {
  const double d = k - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  for (int tries = 0; tries < 1000; ++tries) {
    const double z = crowd_normal_draw(rng), t = 1.0 + c * z;
    if (t <= 0.0) continue;
    const double v = t * t * t, u = 1.0 - rng.next();  // u in (0, 1]
    if (det_log(u) < 0.5 * z * z + d - d * v + d * det_log(v)) return d * v;
  }
  return d;  // not reached in practice: 1000 rejections in a row
}

}  // namespace

double crowd_premovement_draw(const CrowdPremovement& p, Lcg& rng) {
  double t = 0;
  switch (p.kind) {
    case CrowdPremovement::none:
      return 0;
    case CrowdPremovement::uniform:
      t = p.a + (p.b - p.a) * rng.next();
      break;
    case CrowdPremovement::lognormal:
      t = det_exp(p.a + p.b * crowd_normal_draw(rng));
      break;
    case CrowdPremovement::weibull:  // a·(−ln(1 − u))^(1/b)
      t = p.a * det_exp(det_log(-det_log(1.0 - rng.next())) / p.b);
      break;
    case CrowdPremovement::gamma:
      if (p.a >= 1.0) {
        t = p.b * gamma_draw(p.a, rng);
      } else {  // Gamma(k) = Gamma(k + 1)·u^(1/k)
        const double g = gamma_draw(p.a + 1.0, rng);
        t = p.b * g * det_exp(det_log(1.0 - rng.next()) / p.a);
      }
      break;
  }
  return std::min(kCrowdPremovementMax, std::max(0.0, t));
}

Crowd::Crowd(const CrowdParams& p, CrowdLayout room) : params_(p), layout_(std::move(room)), rng_(p.seed) {
  build_navigation();
  const CrowdLayout& L = layout_;
  PlacementGrid grid(L, people_.x, people_.y, people_.r);
  const uint32_t want = std::min(p.n, kCrowdMaxPeople);
  for (uint32_t k = 0; k < want; ++k) {
    bool put = false;
    for (int tries = 0; tries < 2000 && !put; ++tries) {
      const double r = 0.25 + 0.1 * rng_.next();
      const double x = L.sx0 + (L.sx1 - L.sx0) * rng_.next(), y = L.sy0 + (L.sy1 - L.sy0) * rng_.next();
      if (!grid.clear(x, y, r) || !free_of_room(x, y, r)) continue;
      grid.add(x, y, static_cast<uint32_t>(people_.size()));
      place(x, y, r, NAN, 0);
      put = true;
    }
    if (!put) break;  // the room is full: placed() says how many
  }
  at_rest();
}

/// Places on a triangular lattice over `ring` for at least n people of radius r: rows a·√3/2
/// apart, every other one shifted by a/2, each spot half a spacing inside the ring's bounding box,
/// inside the ring, and where `fits` allows. The spacing starts where n spots would fill the
/// ring's area and shrinks by 1 % until n fit, but never below 2r (then fewer come back);
/// `spacing` the last one tried.
template <class Fits>
std::vector<CrowdPoint> lattice_spots(const CrowdRing& ring, double r, size_t n, Fits fits, double& spacing) {
  double ax = INFINITY, ay = INFINITY, bx = -INFINITY, by = -INFINITY, twice = 0;
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &p = ring[k], &q = ring[(k + 1) % ring.size()];
    ax = std::min(ax, p.x), ay = std::min(ay, p.y), bx = std::max(bx, p.x), by = std::max(by, p.y);
    twice += p.x * q.y - q.x * p.y;
  }
  const double root3 = std::sqrt(3.0);
  std::vector<CrowdPoint> spots;
  for (double a = std::sqrt(std::fabs(twice) / (root3 * static_cast<double>(std::max<size_t>(n, 1))));
       a >= 2 * r; a *= 0.99) {
    spots.clear();
    for (int j = 0; ay + a / 2 + j * a * root3 / 2 <= by - a / 2 + 1e-12; ++j) {
      const double y = ay + a / 2 + j * a * root3 / 2;
      for (double x = ax + a / 2 + (j % 2) * a / 2; x <= bx - a / 2 + 1e-12; x += a)
        if (inside_ring(ring, x, y) && fits(x, y)) spots.push_back({x, y});
    }
    spacing = a;
    if (spots.size() >= n) return spots;
  }
  return spots;
}

Crowd::Crowd(const CrowdParams& p, const CrowdScenario& s, double v0_mean)
    : params_(p), layout_(crowd_scenario_room(s)), rng_(p.seed) {
  // A route: the exits a journey ends at and the checkpoints before them (route 0: every exit,
  // none), each once.
  auto route_of_area = [this](const CrowdStartArea& a) {
    if (a.exits.empty() && a.checkpoints.empty()) return 0u;
    for (size_t k = 1; k < routes_.size(); ++k)
      if (routes_[k] == a.exits && stops_[k] == a.checkpoints) return static_cast<uint32_t>(k);
    routes_.push_back(a.exits);
    stops_.push_back(a.checkpoints);
    return static_cast<uint32_t>(routes_.size() - 1);
  };
  std::vector<uint32_t> area_route;
  for (const CrowdStartArea& a : s.starts) area_route.push_back(route_of_area(a));
  build_navigation();
  PlacementGrid grid(layout_, people_.x, people_.y, people_.r);
  std::vector<size_t> placed_in(s.starts.size(), 0);  // how many each area placed now
  for (size_t ak = 0; ak < s.starts.size(); ++ak) {
    const CrowdStartArea& a = s.starts[ak];
    double ax = INFINITY, ay = INFINITY, bx = -INFINITY, by = -INFINITY;
    for (const CrowdPoint& q : a.area) {
      ax = std::min(ax, q.x), ay = std::min(ay, q.y), bx = std::max(bx, q.x), by = std::max(by, q.y);
    }
    const uint32_t route = area_route[ak];
    CrowdSpread speed = a.v0;
    if (v0_mean > 0) speed.mean = v0_mean;
    spawn_areas_.push_back(a.area);
    if (a.flow) {  // arrivals: each one's radius and speed now, in file order; placed in their time
      const double gap = (a.flow_end - a.flow_start) / a.number;
      for (uint32_t k = 0; k < a.number; ++k) {
        const double r = spread_draw(a.radius, rng_, 0.1, 1.0), v0 = spread_draw(speed, rng_, 0.1, 5.0);
        arrivals_.push_back({a.flow_start + k * gap, r, v0, static_cast<uint32_t>(ak), route});
      }
      continue;
    }
    const size_t before = people_.x.size();
    if (a.lattice) {  // every person's radius and speed first, then the places
      const size_t first = people_.x.size(), n = std::min<size_t>(a.number, kCrowdMaxPeople - first);
      std::vector<double> rs(n), vs(n);
      for (size_t k = 0; k < n; ++k)
        rs[k] = spread_draw(a.radius, rng_, 0.1, 1.0), vs[k] = spread_draw(speed, rng_, 0.1, 5.0);
      const double rmax = n ? *std::max_element(rs.begin(), rs.end()) : 0.1;
      double spacing = 0;
      const std::vector<CrowdPoint> spots = lattice_spots(
          a.area, rmax, n,
          [&](double x, double y) { return grid.clear(x, y, rmax) && free_of_room(x, y, rmax); }, spacing);
      if (spots.size() < n) {
        short_start_ = a.id;
        break;
      }
      // n of the spots, chosen by the generator (a partial shuffle), placed in lattice order
      std::vector<uint32_t> pick(spots.size());
      for (uint32_t k = 0; k < pick.size(); ++k) pick[k] = k;
      for (size_t k = 0; k < n; ++k)
        std::swap(pick[k], pick[k + static_cast<size_t>(rng_.next() * static_cast<double>(pick.size() - k))]);
      std::sort(pick.begin(), pick.begin() + static_cast<long>(n));
      // each moved at random within (spacing/2 − r)/√2 along x and y, which keeps everyone clear
      // of each other, the walls and the seam, so that no two rows walk in lockstep
      const double j = std::max(0.0, spacing / 2 - rmax) / std::sqrt(2.0);
      for (size_t k = 0; k < n; ++k) {
        CrowdPoint q = spots[pick[k]];
        const double dx = j * (2 * rng_.next() - 1), dy = j * (2 * rng_.next() - 1);
        if (inside_ring(a.area, q.x + dx, q.y + dy) && free_of_room(q.x + dx, q.y + dy, rmax))
          q = {q.x + dx, q.y + dy};
        grid.add(q.x, q.y, static_cast<uint32_t>(people_.x.size()));
        place(q.x, q.y, rs[k], vs[k], route);
      }
      placed_in[ak] = people_.x.size() - before;
      continue;
    }
    for (uint32_t k = 0; k < a.number && people_.x.size() < kCrowdMaxPeople; ++k) {
      const double r = spread_draw(a.radius, rng_, 0.1, 1.0), v0 = spread_draw(speed, rng_, 0.1, 5.0);
      bool put = false;
      for (int tries = 0; tries < 2000 && !put; ++tries) {
        const double x = ax + (bx - ax) * rng_.next(), y = ay + (by - ay) * rng_.next();
        if (!inside_ring(a.area, x, y) || !grid.clear(x, y, r) || !free_of_room(x, y, r)) continue;
        grid.add(x, y, static_cast<uint32_t>(people_.x.size()));
        place(x, y, r, v0, route);
        put = true;
      }
      if (!put) {
        short_start_ = a.id;
        break;
      }
    }
    placed_in[ak] = people_.x.size() - before;
    if (!short_start_.empty()) break;
  }
  at_rest();  // numbered first: a checkpoint's point is drawn for each person's number
  start_journeys();
  after_placement(s, placed_in);
}

void Crowd::after_placement(const CrowdScenario& s, const std::vector<size_t>& placed_in) {
  // Who stands where their first stage cannot be reached (people are placed in file order).
  std::vector<std::unique_ptr<CrowdFreeSpace>> grounds;
  std::vector<double> radii;
  size_t first = 0;
  for (size_t k = 0; k < s.starts.size(); ++k) {
    const size_t end = first + placed_in[k];
    for (size_t i = first; i < end; ++i) unreached_people_ += reaches_exit(i, grounds, radii) ? 0 : 1;
    if (unreached_people_ > 0) {
      unreached_start_ = s.starts[k].id;
      break;
    }
    first = end;
  }
  params_.n = static_cast<uint32_t>(people_.x.size());
  premovement_draws(s);
  first = 0;  // an age table's speeds replace the area's v0 draws
  for (size_t k = 0; k < s.starts.size() && first < people_.v0.size(); first += placed_in[k], ++k) {
    const std::vector<CrowdAgeDraw> draws = crowd_age_draws(s.starts[k], k, params_.seed);
    for (size_t i = 0; i < draws.size() && i < placed_in[k]; ++i) people_.v0[first + i] = draws[i].v0;
  }
}

std::vector<CrowdAgeDraw> crowd_age_draws(const CrowdStartArea& a, size_t k, uint32_t seed) {
  std::vector<CrowdAgeDraw> out;
  if (a.ages.empty()) return out;
  Lcg rng(seed + static_cast<uint32_t>(k) + 2000u);
  const double lo = a.ages.front().from, hi = a.ages.back().to;
  for (uint32_t i = 0; i < a.number; ++i) {
    const double age = lo + (hi - lo) * rng.next();
    size_t row = 0;
    while (row + 1 < a.ages.size() && age >= a.ages[row].to) ++row;
    const CrowdAgeRow& r = a.ages[row];
    out.push_back({row, r.v_min + (r.v_max - r.v_min) * rng.next()});
  }
  return out;
}

void Crowd::premovement_draws(const CrowdScenario& s) {
  bool any = false;
  for (const CrowdStartArea& a : s.starts) any = any || a.premovement.kind != CrowdPremovement::none;
  if (!any) return;
  // Each area's people, in placement order, from a generator of the area's own, so the
  // placement's draws (rng_) are those of the same file without premovement.
  start_.reserve(people_.x.size());
  for (size_t k = 0; k < s.starts.size() && start_.size() < people_.x.size(); ++k) {
    if (s.starts[k].flow) continue;  // (arrivals walk at once)
    const CrowdPremovement& pm = s.starts[k].premovement;
    Lcg rng(pm.has_seed ? pm.seed : params_.seed + static_cast<uint32_t>(k) + 1000u);
    for (uint32_t i = 0; i < s.starts[k].number && start_.size() < people_.x.size(); ++i)
      start_.push_back(crowd_premovement_draw(pm, rng));
  }
}

void Crowd::at_rest() {
  placed_ = static_cast<uint32_t>(people_.size());
  for (uint32_t i = 0; i < placed_; ++i) {
    people_.vx[i] = people_.vy[i] = people_.pressure[i] = 0.0;
    people_.id[i] = i;
  }
  exit_of_.assign(placed_, kStillInside);
}

Crowd::Crowd(const CrowdParams& p, CrowdLayout layout, std::vector<double> x, std::vector<double> y,
             std::vector<double> r)
    : params_(p), layout_(std::move(layout)), rng_(p.seed) {
  for (size_t i = 0; i < x.size(); ++i) place(x[i], y[i], r[i], NAN, 0);
  build_navigation();
  params_.n = static_cast<uint32_t>(people_.size());
  at_rest();
}

void Crowd::place(double x, double y, double r, double v0, uint32_t route) {
  CrowdPeople::Person p;
  p.x = p.tx = x;
  p.y = p.ty = y;
  p.r = r;
  p.id = static_cast<uint32_t>(people_.size());
  p.v0 = v0;
  p.route = route;
  people_.append(p);
}

bool Crowd::free_spot(double x, double y, double r) const {
  for (size_t j = 0; j < people_.x.size(); ++j)
    if ((x - people_.x[j]) * (x - people_.x[j]) + (y - people_.y[j]) * (y - people_.y[j]) <
        (r + people_.r[j]) * (r + people_.r[j]))
      return false;
  return free_of_room(x, y, r);
}

bool Crowd::free_of_room(double x, double y, double r) const {
  const double rx = x - layout_.x0, ry = y - layout_.y0;
  if (rx < r || ry < r || rx > layout_.width - r || ry > layout_.height - r) return false;
  if (!layout_.walkable.empty() && !inside_polygons(layout_.walkable, x, y)) return false;
  for (const CrowdSegment& w : layout_.walls)
    if (distance_to(w, x, y) < r) return false;
  for (const CrowdColumn& c : layout_.columns)
    if (std::sqrt((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)) < c.r + r) return false;
  return true;
}

size_t Crowd::add_people(double x, double y, double spread, size_t count) {
  size_t added = 0;
  for (size_t tries = 0; tries < count * 50 && added < count && people_.x.size() < kCrowdMaxPeople; ++tries) {
    const double r = 0.25 + 0.1 * rng_.next();
    // a square brush: no angle, so no sin or cos (they would be libm's)
    const double px = x + spread * (2 * rng_.next() - 1), py = y + spread * (2 * rng_.next() - 1);
    if (!free_spot(px, py, r)) continue;
    // a newcomer walks at the field's speed, on route 0 (no checkpoints, straight to the exits)
    place(px, py, r, NAN, 0);
    people_.id.back() = placed_++;
    if (!start_.empty()) start_.push_back(0);  // and at once
    exit_of_.push_back(kStillInside);
    ++added;
  }
  return added;
}

}  // namespace bandada
