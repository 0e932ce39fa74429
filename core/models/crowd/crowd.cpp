// Bandada — the crowd model (see crowd.h and docs/models/crowd.md).
#include "crowd.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>
#include <queue>
#include <utility>

#include "common/det_math.h"
#include "common/fingerprint.h"
#include "common/parallel.h"
#include "crowd_math.h"

namespace bandada {
namespace {

/// The point of segment s nearest (px, py).
void nearest_on(const CrowdSegment& s, double px, double py, double& qx, double& qy) {
  const double dx = s.x2 - s.x1, dy = s.y2 - s.y1, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - s.x1) * dx + (py - s.y1) * dy) / len2 : 0.0;
  t = std::min(1.0, std::max(0.0, t));
  qx = s.x1 + t * dx;
  qy = s.y1 + t * dy;
}

double distance_to(const CrowdSegment& s, double px, double py) {
  double qx, qy;
  nearest_on(s, px, py, qx, qy);
  return std::sqrt((px - qx) * (px - qx) + (py - qy) * (py - qy));
}

/// Where the path (x0, y0) → (x1, y1) first meets segment s, as a fraction of the path in
/// [0, 1]; false when it does not (parallel paths never meet it).
bool path_meets(double x0, double y0, double x1, double y1, const CrowdSegment& s, double& t) {
  const double rx = x1 - x0, ry = y1 - y0, sx = s.x2 - s.x1, sy = s.y2 - s.y1;
  const double den = rx * sy - ry * sx;
  if (den == 0.0) return false;
  const double qx = s.x1 - x0, qy = s.y1 - y0;
  const double a = (qx * sy - qy * sx) / den, b = (qx * ry - qy * rx) / den;
  if (a < 0.0 || a > 1.0 || b < 0.0 || b > 1.0) return false;
  t = a;
  return true;
}

/// Where the path first enters column c (from outside), as a fraction of the path; false when not.
bool path_enters(double x0, double y0, double x1, double y1, const CrowdColumn& c, double& t) {
  const double dx = x1 - x0, dy = y1 - y0, fx = x0 - c.x, fy = y0 - c.y;
  const double a = dx * dx + dy * dy, b = 2 * (fx * dx + fy * dy), cc = fx * fx + fy * fy - c.r * c.r;
  if (a == 0.0 || cc < 0.0) return false;  // no move, or already inside (pushed out elsewhere)
  const double disc = b * b - 4 * a * cc;
  if (disc < 0.0) return false;
  const double t0 = (-b - std::sqrt(disc)) / (2 * a);
  if (t0 < 0.0 || t0 > 1.0) return false;
  t = t0;
  return true;
}

CrowdLayout room(const char* name, double w, double h) {
  return {name, w, h, {}, {}, {}, 0.5, 0.5, w - 0.5, h - 0.5};
}

}  // namespace

const std::vector<CrowdLayout>& crowd_layouts() {
  static const std::vector<CrowdLayout> all = [] {
    std::vector<CrowdLayout> v;
    // The paper's set-up: a 15 × 15 m room, one 1 m exit in the middle of the right wall.
    CrowdLayout a = room("Room 15 × 15 m, one 1 m exit", 15, 15);
    a.walls = {{0, 0, 15, 0}, {15, 0, 15, 7}, {15, 8, 15, 15}, {15, 15, 0, 15}, {0, 15, 0, 0}};
    a.exits = {{15, 7, 15, 8}};
    v.push_back(a);
    CrowdLayout b = room("Two exits (left and right)", 15, 15);
    b.walls = {{0, 0, 15, 0}, {15, 0, 15, 7}, {15, 8, 15, 15}, {15, 15, 0, 15}, {0, 15, 0, 8}, {0, 7, 0, 0}};
    b.exits = {{15, 7, 15, 8}, {0, 8, 0, 7}};
    v.push_back(b);
    CrowdLayout c = a;
    c.name = "A column in front of the exit";
    c.columns = {{13.6, 7.5, 0.4}};
    v.push_back(c);
    // A 20 × 10 m hall: people start in its left half; a wall across its middle leaves a 1.2 m
    // gap; a 2 m exit at the far end.
    CrowdLayout d = room("Corridor bottleneck (a 1.2 m gap)", 20, 10);
    d.walls = {{0, 0, 20, 0}, {20, 0, 20, 4},   {20, 6, 20, 10},  {20, 10, 0, 10},
               {0, 10, 0, 0}, {10, 0, 10, 4.4}, {10, 5.6, 10, 10}};
    d.exits = {{20, 4, 20, 6}};
    d.sx1 = 9.5;
    v.push_back(d);
    // For scale: a 140 × 100 m hall with eight exits, two in each wall (20 000 people fit).
    CrowdLayout h = room("Hall 140 × 100 m, eight exits", 140, 100);
    h.walls = {{0, 0, 34, 0},      {36, 0, 104, 0},     {106, 0, 140, 0},     {140, 0, 140, 29},
               {140, 31, 140, 69}, {140, 71, 140, 100}, {140, 100, 106, 100}, {104, 100, 36, 100},
               {34, 100, 0, 100},  {0, 100, 0, 71},     {0, 69, 0, 31},       {0, 29, 0, 0}};
    h.exits = {{34, 0, 36, 0},       {104, 0, 106, 0},   {140, 29, 140, 31}, {140, 69, 140, 71},
               {106, 100, 104, 100}, {36, 100, 34, 100}, {0, 71, 0, 69},     {0, 31, 0, 29}};
    v.push_back(h);
    return v;
  }();
  return all;
}

const char* crowd_preset_word(uint32_t k) {
  static const char* const kWords[] = {"room", "two-exits", "column", "corridor", "hall"};
  return k < 5 ? kWords[k] : "";
}

namespace {

/// The preset with every exit `width` wide about its centre; the walls ending at its ends follow.
CrowdLayout preset_room(const CrowdParams& p) {
  const std::vector<CrowdLayout>& all = crowd_layouts();
  CrowdLayout L = all[std::min<size_t>(p.layout, all.size() - 1)];
  for (CrowdSegment& e : L.exits) {
    const double cx = (e.x1 + e.x2) / 2, cy = (e.y1 + e.y2) / 2, dx = e.x2 - e.x1, dy = e.y2 - e.y1;
    const double len = std::sqrt(dx * dx + dy * dy), k = p.exit_width / (2 * len);
    const CrowdSegment wide{cx - k * dx, cy - k * dy, cx + k * dx, cy + k * dy};
    for (CrowdSegment& w : L.walls) {
      auto move = [](double& x, double& y, double ox, double oy, double nx, double ny) {
        if (x == ox && y == oy) {
          x = nx;
          y = ny;
        }
      };
      move(w.x1, w.y1, e.x1, e.y1, wide.x1, wide.y1);
      move(w.x2, w.y2, e.x1, e.y1, wide.x1, wide.y1);
      move(w.x1, w.y1, e.x2, e.y2, wide.x2, wide.y2);
      move(w.x2, w.y2, e.x2, e.y2, wide.x2, wide.y2);
    }
    e = wide;
  }
  return L;
}

/// Cuts an exit into wall `at` of L between the fractions a < b of its length (from its first
/// end): the exit, and the wall's pieces on either side (none shorter than 5 cm).
void cut_into_wall(CrowdLayout& L, size_t at, double a, double b) {
  const CrowdSegment w = L.walls[at];
  const double dx = w.x2 - w.x1, dy = w.y2 - w.y1, len = std::sqrt(dx * dx + dy * dy);
  L.walls.erase(L.walls.begin() + static_cast<long>(at));
  if (a * len >= 0.05) L.walls.push_back({w.x1, w.y1, w.x1 + a * dx, w.y1 + a * dy});
  if ((1 - b) * len >= 0.05) L.walls.push_back({w.x1 + b * dx, w.y1 + b * dy, w.x2, w.y2});
  L.exits.push_back({w.x1 + a * dx, w.y1 + a * dy, w.x1 + b * dx, w.y1 + b * dy});
}

bool inside_room(const CrowdLayout& L, double x, double y) {
  return x >= 0 && x <= L.width && y >= 0 && y <= L.height;
}

}  // namespace

std::string crowd_room(const CrowdParams& p, const CrowdRoomEdits& edits, CrowdLayout& out) {
  CrowdLayout L = preset_room(p);
  const std::string size =
      std::to_string(static_cast<int>(L.width)) + " × " + std::to_string(static_cast<int>(L.height)) + " m";
  for (size_t k = 0; k < edits.walls.size(); ++k) {
    const CrowdSegment& w = edits.walls[k];
    const double len = std::sqrt((w.x2 - w.x1) * (w.x2 - w.x1) + (w.y2 - w.y1) * (w.y2 - w.y1));
    if (!inside_room(L, w.x1, w.y1) || !inside_room(L, w.x2, w.y2))
      return "--wall number " + std::to_string(k + 1) + ": both ends inside the room (" + size + ")";
    if (!(len >= 0.1 && len <= 1000.0))
      return "--wall number " + std::to_string(k + 1) + ": 0.1 … 1000 m long";
    L.walls.push_back(w);
  }
  for (size_t k = 0; k < edits.exits.size(); ++k) {
    // An exit lies along a wall: both its ends within 1 cm of the same wall, 0.4 m wide at least.
    const CrowdSegment& e = edits.exits[k];
    const double len = std::sqrt((e.x2 - e.x1) * (e.x2 - e.x1) + (e.y2 - e.y1) * (e.y2 - e.y1));
    if (!(len >= 0.4)) return "--exit number " + std::to_string(k + 1) + ": at least 0.4 m wide";
    size_t at = L.walls.size();
    for (size_t w = 0; w < L.walls.size() && at == L.walls.size(); ++w)
      if (distance_to(L.walls[w], e.x1, e.y1) <= 0.01 && distance_to(L.walls[w], e.x2, e.y2) <= 0.01) at = w;
    if (at == L.walls.size())
      return "--exit number " + std::to_string(k + 1) +
             ": not along a wall (both ends within 1 cm of one wall)";
    const CrowdSegment w = L.walls[at];
    const double dx = w.x2 - w.x1, dy = w.y2 - w.y1, len2 = dx * dx + dy * dy;
    double a = ((e.x1 - w.x1) * dx + (e.y1 - w.y1) * dy) / len2,
           b = ((e.x2 - w.x1) * dx + (e.y2 - w.y1) * dy) / len2;
    if (a > b) std::swap(a, b);
    cut_into_wall(L, at, std::max(0.0, a), std::min(1.0, b));
  }
  for (size_t k = 0; k < edits.columns.size(); ++k) {
    const CrowdColumn& c = edits.columns[k];
    if (!inside_room(L, c.x, c.y))
      return "--obstacle number " + std::to_string(k + 1) + ": its centre inside the room (" + size + ")";
    if (!(c.r >= kCrowdColumnMin && c.r <= kCrowdColumnMax))
      return "--obstacle number " + std::to_string(k + 1) + ": radius 0.1 … 10 m";
    L.columns.push_back(c);
  }
  if (edits.has_start) {  // a rectangle inside the room, at least 0.5 m each way
    const double x0 = std::min(edits.sx0, edits.sx1), x1 = std::max(edits.sx0, edits.sx1),
                 y0 = std::min(edits.sy0, edits.sy1), y1 = std::max(edits.sy0, edits.sy1);
    if (!inside_room(L, x0, y0) || !inside_room(L, x1, y1) || !(x1 - x0 >= 0.5 && y1 - y0 >= 0.5))
      return "--start-area: a rectangle at least 0.5 m each way inside the room (" + size + ")";
    L.sx0 = x0, L.sy0 = y0, L.sx1 = x1, L.sy1 = y1;
  }
  out = std::move(L);
  return {};
}

Crowd::Crowd(const CrowdParams& p) : Crowd(p, preset_room(p)) {}

namespace {

/// Placement looks only at the people in the 3 × 3 cells of 0.7 m (two radii at most) around a
/// spot: the same answer as looking at everyone, found in constant time.
class PlacementGrid {
 public:
  PlacementGrid(const CrowdLayout& L, const std::vector<double>& x, const std::vector<double>& y,
                const std::vector<double>& r)
      : x0_(L.x0),
        y0_(L.y0),
        gw_(std::max(1, static_cast<int>(std::ceil(L.width / kCell)))),
        gh_(std::max(1, static_cast<int>(std::ceil(L.height / kCell)))),
        grid_(static_cast<size_t>(gw_) * gh_),
        x_(x),
        y_(y),
        r_(r) {}
  bool clear(double x, double y, double r) const {
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
  double x0_, y0_;
  int gw_, gh_;
  std::vector<std::vector<uint32_t>> grid_;
  const std::vector<double>&x_, &y_, &r_;
};

/// A standard normal draw: Box–Muller, two uniforms, the cosine branch.
double normal_draw(Lcg& rng) {
  const double u1 = 1.0 - rng.next(), u2 = rng.next();  // u1 in (0, 1]
  return std::sqrt(-2.0 * det_log(u1)) * det_cos(2.0 * kPi * u2);
}

/// A draw from the spread: the mean, or a normal draw about it clipped to [lo, hi] as the anchor
/// clips.
double spread_draw(const CrowdSpread& s, Lcg& rng, double lo, double hi) {
  if (!s.gaussian) return s.mean;
  return std::min(hi, std::max(lo, s.mean + s.std * normal_draw(rng)));
}

/// Gamma of shape k ≥ 1 and scale 1, Marsaglia and Tsang (2000): a normal z and a uniform u per
/// try, accepted when ln u < z²/2 + d − d·v + d·ln v (about 96 % of tries at k = 1).
double gamma_draw(double k, Lcg& rng) {
  const double d = k - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  for (int tries = 0; tries < 1000; ++tries) {
    const double z = normal_draw(rng), t = 1.0 + c * z;
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
      t = det_exp(p.a + p.b * normal_draw(rng));
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
  PlacementGrid grid(L, x_, y_, r_);
  const uint32_t want = std::min(p.n, kCrowdMaxPeople);
  for (uint32_t k = 0; k < want; ++k) {
    bool put = false;
    for (int tries = 0; tries < 2000 && !put; ++tries) {
      const double r = 0.25 + 0.1 * rng_.next();
      const double x = L.sx0 + (L.sx1 - L.sx0) * rng_.next(), y = L.sy0 + (L.sy1 - L.sy0) * rng_.next();
      if (!grid.clear(x, y, r) || !free_of_room(x, y, r)) continue;
      grid.add(x, y, static_cast<uint32_t>(x_.size()));
      x_.push_back(x);
      y_.push_back(y);
      r_.push_back(r);
      put = true;
    }
    if (!put) break;  // the room is full: placed() says how many
  }
  at_rest();
}

Crowd::Crowd(const CrowdParams& p, const CrowdScenario& s, double v0_mean)
    : params_(p), layout_(crowd_scenario_room(s)), rng_(p.seed) {
  for (const CrowdStartArea& a : s.starts) {
    if (a.exits.empty()) continue;
    if (std::find(routes_.begin() + 1, routes_.end(), a.exits) == routes_.end()) routes_.push_back(a.exits);
  }
  build_navigation();
  PlacementGrid grid(layout_, x_, y_, r_);
  for (const CrowdStartArea& a : s.starts) {
    double ax = INFINITY, ay = INFINITY, bx = -INFINITY, by = -INFINITY;
    for (const CrowdPoint& q : a.area) {
      ax = std::min(ax, q.x), ay = std::min(ay, q.y), bx = std::max(bx, q.x), by = std::max(by, q.y);
    }
    const uint32_t route =
        a.exits.empty()
            ? 0
            : static_cast<uint32_t>(std::find(routes_.begin() + 1, routes_.end(), a.exits) - routes_.begin());
    CrowdSpread speed = a.v0;
    if (v0_mean > 0) speed.mean = v0_mean;
    for (uint32_t k = 0; k < a.number && x_.size() < kCrowdMaxPeople; ++k) {
      const double r = spread_draw(a.radius, rng_, 0.1, 1.0), v0 = spread_draw(speed, rng_, 0.1, 5.0);
      bool put = false;
      for (int tries = 0; tries < 2000 && !put; ++tries) {
        const double x = ax + (bx - ax) * rng_.next(), y = ay + (by - ay) * rng_.next();
        if (!inside_ring(a.area, x, y) || !grid.clear(x, y, r) || !free_of_room(x, y, r)) continue;
        grid.add(x, y, static_cast<uint32_t>(x_.size()));
        x_.push_back(x);
        y_.push_back(y);
        r_.push_back(r);
        v0_.push_back(v0);
        route_.push_back(route);
        put = true;
      }
      if (!put) {
        short_start_ = a.id;
        break;
      }
    }
    if (!short_start_.empty()) break;
  }
  params_.n = static_cast<uint32_t>(x_.size());
  premovement_draws(s);
  at_rest();
}

void Crowd::premovement_draws(const CrowdScenario& s) {
  bool any = false;
  for (const CrowdStartArea& a : s.starts) any = any || a.premovement.kind != CrowdPremovement::none;
  if (!any) return;
  // Each area's people, in placement order, from a generator of the area's own, so the
  // placement's draws (rng_) are those of the same file without premovement.
  start_.reserve(x_.size());
  for (size_t k = 0; k < s.starts.size() && start_.size() < x_.size(); ++k) {
    const CrowdPremovement& pm = s.starts[k].premovement;
    Lcg rng(pm.has_seed ? pm.seed : params_.seed + static_cast<uint32_t>(k) + 1000u);
    for (uint32_t i = 0; i < s.starts[k].number && start_.size() < x_.size(); ++i)
      start_.push_back(crowd_premovement_draw(pm, rng));
  }
}

size_t Crowd::waiting() const {
  size_t n = 0;
  for (size_t i = 0; i < id_.size(); ++i) n += waits(i);
  return n;
}

namespace {

/// Where along w (0 … 1) the ring's edges cross or touch it: proper crossings, and the ends of
/// edges that run along it (exactly collinear).
void cuts_along(const CrowdSegment& w, const CrowdRing& ring, std::vector<double>& t) {
  const double dx = w.x2 - w.x1, dy = w.y2 - w.y1, dd = dx * dx + dy * dy;
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &q = ring[k], &q2 = ring[(k + 1) % ring.size()];
    const double ex = q2.x - q.x, ey = q2.y - q.y, qx = q.x - w.x1, qy = q.y - w.y1;
    const double cross = dx * ey - dy * ex;
    if (cross != 0.0) {
      const double a = (qx * ey - qy * ex) / cross, b = (qx * dy - qy * dx) / cross;
      if (a > 0.0 && a < 1.0 && b >= 0.0 && b <= 1.0) t.push_back(a);
    } else if (qx * dy - qy * dx == 0.0 && dd > 0.0) {
      for (double u : {(qx * dx + qy * dy) / dd, ((q2.x - w.x1) * dx + (q2.y - w.y1) * dy) / dd})
        if (u > 0.0 && u < 1.0) t.push_back(u);
    }
  }
}

/// Whether (x, y) lies in the ring or on its edge (within 1e-9 m).
bool in_or_on(const CrowdRing& ring, double x, double y) {
  if (inside_ring(ring, x, y)) return true;
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &a = ring[k], &b = ring[(k + 1) % ring.size()];
    if (distance_to({a.x, a.y, b.x, b.y}, x, y) < 1e-9) return true;
  }
  return false;
}

/// The wall from a to b less its pieces that lie in or along an exit area: there the area is an
/// opening (a doorway's far side, or an exit strip against the room's edge), not a wall that
/// pushes people back from it. The rest in pieces, in order along the wall.
void open_at_exits(const CrowdPoint& a, const CrowdPoint& b, const std::vector<CrowdExitArea>& exits,
                   std::vector<CrowdSegment>& walls) {
  const CrowdSegment w{a.x, a.y, b.x, b.y};
  std::vector<double> t = {0.0, 1.0};
  for (const CrowdExitArea& e : exits) cuts_along(w, e.area, t);
  std::sort(t.begin(), t.end());
  double from = -1;  // the start of the piece being kept (-1: none)
  for (size_t k = 0; k + 1 < t.size(); ++k) {
    if (!(t[k + 1] > t[k])) continue;
    const double m = 0.5 * (t[k] + t[k + 1]), mx = w.x1 + m * (w.x2 - w.x1), my = w.y1 + m * (w.y2 - w.y1);
    bool open = false;
    for (size_t j = 0; j < exits.size() && !open; ++j) open = in_or_on(exits[j].area, mx, my);
    if (!open && from < 0) from = t[k];
    if (open && from >= 0) {
      walls.push_back({w.x1 + from * (w.x2 - w.x1), w.y1 + from * (w.y2 - w.y1), w.x1 + t[k] * (w.x2 - w.x1),
                       w.y1 + t[k] * (w.y2 - w.y1)});
      from = -1;
    }
  }
  if (from == 0.0)
    walls.push_back(w);  // whole, its ends exactly the ring's
  else if (from > 0)
    walls.push_back({w.x1 + from * (w.x2 - w.x1), w.y1 + from * (w.y2 - w.y1), w.x2, w.y2});
}

}  // namespace

CrowdLayout crowd_scenario_room(const CrowdScenario& s) {
  CrowdLayout L;
  L.name = "Scenario";
  double ax = INFINITY, ay = INFINITY, bx = -INFINITY, by = -INFINITY;
  for (const CrowdPolygon& poly : s.walkable)
    for (const CrowdRing& ring : poly)
      for (size_t k = 0; k < ring.size(); ++k) {
        const CrowdPoint &a = ring[k], &b = ring[(k + 1) % ring.size()];
        open_at_exits(a, b, s.exits, L.walls);
        ax = std::min(ax, a.x), ay = std::min(ay, a.y), bx = std::max(bx, a.x), by = std::max(by, a.y);
      }
  L.x0 = ax;
  L.y0 = ay;
  L.width = bx - ax;
  L.height = by - ay;
  L.sx0 = ax;
  L.sy0 = ay;
  L.sx1 = bx;
  L.sy1 = by;
  L.walkable = s.walkable;
  L.exit_areas = s.exits;
  L.columns = s.columns;
  return L;
}

void Crowd::at_rest() {
  placed_ = static_cast<uint32_t>(x_.size());
  vx_.assign(placed_, 0.0);
  vy_.assign(placed_, 0.0);
  pressure_.assign(placed_, 0.0);
  id_.resize(placed_);
  for (uint32_t i = 0; i < placed_; ++i) id_[i] = i;
  exit_of_.assign(placed_, kStillInside);
}

Crowd::Crowd(const CrowdParams& p, CrowdLayout layout, std::vector<double> x, std::vector<double> y,
             std::vector<double> r)
    : params_(p),
      layout_(std::move(layout)),
      rng_(p.seed),
      x_(std::move(x)),
      y_(std::move(y)),
      r_(std::move(r)) {
  build_navigation();
  params_.n = static_cast<uint32_t>(x_.size());
  at_rest();
}

bool Crowd::free_spot(double x, double y, double r) const {
  for (size_t j = 0; j < x_.size(); ++j)
    if ((x - x_[j]) * (x - x_[j]) + (y - y_[j]) * (y - y_[j]) < (r + r_[j]) * (r + r_[j])) return false;
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

void Crowd::set_live_params(const CrowdParams& p) {
  params_.v0 = p.v0;
  params_.herding = p.herding;
  params_.herd_radius = p.herd_radius;
  params_.dt = p.dt;
}

namespace {

/// The cells of a w × h grid of cell g from (x0, y0) whose centres lie within `reach` of the box
/// [ax, bx] × [ay, by], as index ranges.
struct CellRange {
  int i0, i1, j0, j1;
};
CellRange cells_near(double ax, double ay, double bx, double by, double reach, double x0, double y0, double g,
                     int w, int h) {
  auto lo = [&](double v, double o, int n) {
    return std::max(0, std::min(n, static_cast<int>(std::floor((v - reach - o) / g - 0.5))));
  };
  auto hi = [&](double v, double o, int n) {
    return std::max(-1, std::min(n - 1, static_cast<int>(std::ceil((v + reach - o) / g - 0.5))));
  };
  return {lo(std::min(ax, bx), x0, w), hi(std::max(ax, bx), x0, w), lo(std::min(ay, by), y0, h),
          hi(std::max(ay, by), y0, h)};
}

/// The distance from (x, y) to the area (0 inside it).
double distance_to_area(const CrowdRing& ring, double x, double y) {
  if (inside_ring(ring, x, y)) return 0.0;
  double d = INFINITY;
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &a = ring[k], &b = ring[(k + 1) % ring.size()];
    d = std::min(d, distance_to({a.x, a.y, b.x, b.y}, x, y));
  }
  return d;
}

}  // namespace

namespace {

/// The last few rooms' navigation fields, by everything they are computed from: a room built
/// again (Initialize, a sweep's rows, the same preset) reuses its fields, which are the same
/// numbers. Four rooms at most (a 500 × 500 m floor's field is 32 MB).
struct NavigationCache {
  using Fields = std::vector<std::shared_ptr<const std::vector<double>>>;
  std::mutex lock;
  std::vector<std::pair<std::vector<double>, Fields>> rooms;  // most recent first
};
NavigationCache& navigation_cache() {
  static NavigationCache c;
  return c;
}

std::vector<double> navigation_key(const CrowdLayout& L, const std::vector<std::vector<uint32_t>>& routes,
                                   double g, int w, int h) {
  std::vector<double> k = {g, static_cast<double>(w), static_cast<double>(h), L.x0, L.y0};
  auto mark = [&k](size_t n) { k.push_back(static_cast<double>(n)); };
  mark(L.walls.size());
  for (const CrowdSegment& s : L.walls) k.insert(k.end(), {s.x1, s.y1, s.x2, s.y2});
  mark(L.exits.size());
  for (const CrowdSegment& s : L.exits) k.insert(k.end(), {s.x1, s.y1, s.x2, s.y2});
  mark(L.columns.size());
  for (const CrowdColumn& c : L.columns) k.insert(k.end(), {c.x, c.y, c.r});
  mark(L.exit_areas.size());
  for (const CrowdExitArea& a : L.exit_areas) {
    mark(a.area.size());
    for (const CrowdPoint& q : a.area) k.insert(k.end(), {q.x, q.y});
  }
  mark(routes.size());
  for (const std::vector<uint32_t>& r : routes) {
    mark(r.size());
    for (uint32_t a : r) mark(a);
  }
  return k;
}

}  // namespace

void Crowd::build_navigation() {
  // A floor too large for 4 million cells of 0.1 m gets coarser cells (a preset never does).
  const double area = layout_.width * layout_.height;
  nav_cell_ = area / (kCrowdNavCell * kCrowdNavCell) <= 4e6 ? kCrowdNavCell : std::sqrt(area / 4e6);
  const double g = nav_cell_, x0 = layout_.x0, y0 = layout_.y0;
  nav_w_ = std::max(1, static_cast<int>(std::ceil(layout_.width / g)));
  nav_h_ = std::max(1, static_cast<int>(std::ceil(layout_.height / g)));
  const size_t cells = static_cast<size_t>(nav_w_) * nav_h_;
  routes_[0].clear();
  for (uint32_t a = 0; a < layout_.exit_areas.size(); ++a) routes_[0].push_back(a);
  const std::vector<double> key = navigation_key(layout_, routes_, g, nav_w_, nav_h_);
  NavigationCache& cache = navigation_cache();
  {
    std::lock_guard<std::mutex> hold(cache.lock);
    for (const auto& [k, fields] : cache.rooms)
      if (k == key) {
        navs_ = fields;
        return;
      }
  }
  // Blocked: within 0.3 m of a wall or a column's surface (each marks only the cells near it).
  std::vector<char> blocked(cells, 0);
  auto centre = [&](int i, int j, double& cx, double& cy) {
    cx = x0 + (i + 0.5) * g;
    cy = y0 + (j + 0.5) * g;
  };
  for (const CrowdSegment& w : layout_.walls) {
    const CellRange c = cells_near(w.x1, w.y1, w.x2, w.y2, 0.3, x0, y0, g, nav_w_, nav_h_);
    for (int j = c.j0; j <= c.j1; ++j)
      for (int i = c.i0; i <= c.i1; ++i) {
        double cx, cy;
        centre(i, j, cx, cy);
        if (distance_to(w, cx, cy) < 0.3) blocked[static_cast<size_t>(j) * nav_w_ + i] = 1;
      }
  }
  for (const CrowdColumn& col : layout_.columns) {
    const CellRange c = cells_near(col.x - col.r, col.y - col.r, col.x + col.r, col.y + col.r, 0.3, x0, y0, g,
                                   nav_w_, nav_h_);
    for (int j = c.j0; j <= c.j1; ++j)
      for (int i = c.i0; i <= c.i1; ++i) {
        double cx, cy;
        centre(i, j, cx, cy);
        if (std::sqrt((cx - col.x) * (cx - col.x) + (cy - col.y) * (cy - col.y)) < col.r + 0.3)
          blocked[static_cast<size_t>(j) * nav_w_ + i] = 1;
      }
  }
  navs_.clear();
  for (const std::vector<uint32_t>& route : routes_) navs_.push_back(navigation_field(route, blocked));
  std::lock_guard<std::mutex> hold(cache.lock);
  cache.rooms.insert(cache.rooms.begin(), {key, navs_});
  if (cache.rooms.size() > 4) cache.rooms.pop_back();
}

std::shared_ptr<const std::vector<double>> Crowd::navigation_field(const std::vector<uint32_t>& route,
                                                                   const std::vector<char>& blocked) const {
  const double g = nav_cell_, x0 = layout_.x0, y0 = layout_.y0;
  auto field = std::make_shared<std::vector<double>>(blocked.size(), INFINITY);
  std::vector<double>& nav = *field;
  using Item = std::pair<double, uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  // The exits' cells: an open cell whose centre lies within 0.75 of a cell of an exit, at that
  // distance (a later exit's distance replaces an earlier's; the search below starts from each).
  const double near = 0.5 * g * 1.5;
  auto seed = [&](const CellRange& c, auto distance) {
    for (int j = c.j0; j <= c.j1; ++j)
      for (int i = c.i0; i <= c.i1; ++i) {
        const size_t k = static_cast<size_t>(j) * nav_w_ + i;
        if (blocked[k]) continue;
        const double d = distance(x0 + (i + 0.5) * g, y0 + (j + 0.5) * g);
        if (d <= near) {
          nav[k] = d;
          open.push({d, static_cast<uint32_t>(k)});
        }
      }
  };
  for (const CrowdSegment& e : layout_.exits)
    seed(cells_near(e.x1, e.y1, e.x2, e.y2, near, x0, y0, g, nav_w_, nav_h_),
         [&](double cx, double cy) { return distance_to(e, cx, cy); });
  for (uint32_t a : route) {
    const CrowdRing& ring = layout_.exit_areas[a].area;
    double ax = INFINITY, ay = INFINITY, bx = -INFINITY, by = -INFINITY;
    for (const CrowdPoint& q : ring) {
      ax = std::min(ax, q.x), ay = std::min(ay, q.y), bx = std::max(bx, q.x), by = std::max(by, q.y);
    }
    seed(cells_near(ax, ay, bx, by, near, x0, y0, g, nav_w_, nav_h_),
         [&](double cx, double cy) { return distance_to_area(ring, cx, cy); });
  }
  // Dijkstra over the 8 neighbours (a diagonal only where both sides are open); ties by cell.
  const int di[] = {1, -1, 0, 0, 1, 1, -1, -1}, dj[] = {0, 0, 1, -1, 1, -1, 1, -1};
  while (!open.empty()) {
    const auto [d, c] = open.top();
    open.pop();
    if (d > nav[c]) continue;
    const int i = static_cast<int>(c % nav_w_), j = static_cast<int>(c / nav_w_);
    for (int k = 0; k < 8; ++k) {
      const int ni = i + di[k], nj = j + dj[k];
      if (ni < 0 || nj < 0 || ni >= nav_w_ || nj >= nav_h_) continue;
      const size_t n = static_cast<size_t>(nj) * nav_w_ + ni;
      if (blocked[n]) continue;
      if (k >= 4 &&
          (blocked[static_cast<size_t>(j) * nav_w_ + ni] || blocked[static_cast<size_t>(nj) * nav_w_ + i]))
        continue;
      const double nd = d + (k >= 4 ? g * 1.4142135623730951 : g);
      if (nd < nav[n]) {
        nav[n] = nd;
        open.push({nd, static_cast<uint32_t>(n)});
      }
    }
  }
  return field;  // shared by copies until the room changes
}

bool Crowd::blocked_path(double x0, double y0, double x1, double y1) const {
  double t;
  for (const CrowdSegment& w : layout_.walls)
    if (path_meets(x0, y0, x1, y1, w, t)) return true;
  for (const CrowdColumn& c : layout_.columns) {
    // The path passes within the column's radius (plus a body) of its centre.
    const double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
    double u = len2 > 0 ? ((c.x - x0) * dx + (c.y - y0) * dy) / len2 : 0.0;
    u = std::min(1.0, std::max(0.0, u));
    const double px = x0 + u * dx - c.x, py = y0 + u * dy - c.y;
    if (std::sqrt(px * px + py * py) < c.r + 0.3) return true;
  }
  return false;
}

namespace {

/// An exit area as an aim from (x, y) for a body of radius r: its nearest point (nx, ny), each of
/// its edges less a body radius at each end (as a segment exit is: an area in a doorway has its
/// corners at the jambs, and a body aiming at one presses into the wall's end for good), and
/// 0.5 m on into the area beyond it (ax, ay); the distance to the aim.
double aim_into(const CrowdRing& ring, double x, double y, double r, double& ax, double& ay, double& nx,
                double& ny) {
  double d = INFINITY;
  ax = x;
  ay = y;
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &p0 = ring[k], &p1 = ring[(k + 1) % ring.size()];
    const double dx = p1.x - p0.x, dy = p1.y - p0.y, len = std::sqrt(dx * dx + dy * dy);
    const double cut = len > 0 ? std::min(r, 0.45 * len) / len : 0.0;
    double px, py;
    nearest_on({p0.x + cut * dx, p0.y + cut * dy, p1.x - cut * dx, p1.y - cut * dy}, x, y, px, py);
    const double dk = std::sqrt((px - x) * (px - x) + (py - y) * (py - y));
    if (dk < d) {
      d = dk;
      ax = px;
      ay = py;
    }
  }
  nx = ax;
  ny = ay;
  if (d > 0.0) {
    ax += 0.5 * (ax - x) / d;
    ay += 0.5 * (ay - y) / d;
    d += 0.5;
  }
  return d;
}

}  // namespace

void Crowd::desired(size_t i, double& ex, double& ey) const {
  const double x = x_[i], y = y_[i], r = r_[i];
  ex = ey = 0.0;
  // The aim (qx, qy), and the point the way there must be clear to (cx, cy): the aim itself for a
  // segment exit, an exit area's nearest point for an area (its aim may lie beyond a wall).
  double best = INFINITY, qx = 0, qy = 0, cx = 0, cy = 0;
  for (const CrowdSegment& full : layout_.exits) {
    // The exit less a body radius at each end: aiming at a jamb would press into the wall's end.
    const double dx = full.x2 - full.x1, dy = full.y2 - full.y1, len = std::sqrt(dx * dx + dy * dy);
    const double cut = len > 0 ? std::min(r, 0.45 * len) / len : 0.0;
    const CrowdSegment e{full.x1 + cut * dx, full.y1 + cut * dy, full.x2 - cut * dx, full.y2 - cut * dy};
    double ax, ay;
    nearest_on(e, x, y, ax, ay);
    // … and through it: the aim is 0.5 m beyond that point, along the exit's normal away from
    // the person, so that near the exit the drive points out of the room, not along the doorway.
    if (len > 0) {
      double nx = -dy / len, ny = dx / len;
      if ((ax - x) * nx + (ay - y) * ny < 0) {
        nx = -nx;
        ny = -ny;
      }
      ax += 0.5 * nx;
      ay += 0.5 * ny;
    }
    const double d = std::sqrt((ax - x) * (ax - x) + (ay - y) * (ay - y));
    if (d < best) {
      best = d;
      qx = cx = ax;
      qy = cy = ay;
    }
  }
  for (uint32_t a : route_of(i)) {
    double ax, ay, nx, ny;
    const double d = aim_into(layout_.exit_areas[a].area, x, y, r, ax, ay, nx, ny);
    if (d < best) {
      best = d;
      qx = ax;
      qy = ay;
      cx = nx;
      cy = ny;
    }
  }
  if (best == INFINITY) return;  // no exit: nowhere to go
  if (best > 0.0 && !blocked_path(x, y, cx, cy)) {
    ex = (qx - x) / best;
    ey = (qy - y) / best;
    return;
  }
  // Down the navigation field: the bilinear gradient where the four cells around are reached,
  // else toward the lowest reached of the eight cells around.
  const double g = nav_cell_, rx = x - layout_.x0, ry = y - layout_.y0;
  const std::vector<double>& nav = *navs_[route_.empty() ? 0 : route_[i]];
  const int i0 = static_cast<int>(std::floor(rx / g - 0.5)), j0 = static_cast<int>(std::floor(ry / g - 0.5));
  auto at = [&](int ci, int cj) {
    if (ci < 0 || cj < 0 || ci >= nav_w_ || cj >= nav_h_) return static_cast<double>(INFINITY);
    return nav[static_cast<size_t>(cj) * nav_w_ + ci];
  };
  const double d00 = at(i0, j0), d10 = at(i0 + 1, j0), d01 = at(i0, j0 + 1), d11 = at(i0 + 1, j0 + 1);
  if (std::isfinite(d00) && std::isfinite(d10) && std::isfinite(d01) && std::isfinite(d11)) {
    const double fx = rx / g - 0.5 - i0, fy = ry / g - 0.5 - j0;
    const double gx = ((d10 - d00) * (1 - fy) + (d11 - d01) * fy) / g;
    const double gy = ((d01 - d00) * (1 - fx) + (d11 - d10) * fx) / g;
    const double len = std::sqrt(gx * gx + gy * gy);
    if (len > 0.0) {
      ex = -gx / len;
      ey = -gy / len;
      return;
    }
  }
  const int ci = static_cast<int>(std::floor(rx / g)), cj = static_cast<int>(std::floor(ry / g));
  double low = INFINITY;
  for (int dj = -1; dj <= 1; ++dj)
    for (int di = -1; di <= 1; ++di) {
      const double d = at(ci + di, cj + dj);
      if (!(d < low)) continue;
      const double tx = (ci + di + 0.5) * g - rx, ty = (cj + dj + 0.5) * g - ry,
                   len = std::sqrt(tx * tx + ty * ty);
      if (len == 0.0) continue;
      low = d;
      ex = tx / len;
      ey = ty / len;
    }
}

void Crowd::step() {
  const int k = std::max(1, static_cast<int>(std::ceil(kCrowdFrame / params_.dt - 1e-9)));
  const double h = kCrowdFrame / k;
  for (int s = 0; s < k; ++s) internal_step(h);
  ++steps_;
}

const std::vector<std::vector<uint32_t>>& Crowd::neighbour_lists(double look) {
  // Verlet lists: everyone within look + skin when built, kept until someone has moved more
  // than skin / 2 (then nobody within `look` now can be missing from a list), or the people or
  // `look` changed. A list only bounds who is looked at: each force still checks the exact
  // distance, so the sums and their order do not depend on when the lists were built.
  Scratch& S = scratch_;
  const size_t n = x_.size();
  const double skin = 0.5, half = 0.24;  // half a skin, less a margin for rounding
  bool fresh = S.built_look == look && S.built_ids == id_;
  for (size_t i = 0; fresh && i < n; ++i) {
    const double dx = x_[i] - S.built_x[i], dy = y_[i] - S.built_y[i];
    if (dx * dx + dy * dy > half * half) fresh = false;
  }
  if (fresh) return S.lists;
  const double cell = look + skin, reach2 = cell * cell;
  const int gw = std::max(1, static_cast<int>(std::ceil(layout_.width / cell))),
            gh = std::max(1, static_cast<int>(std::ceil(layout_.height / cell)));
  auto cell_at = [](double v, double size, int cells) {
    return std::min(cells - 1, std::max(0, static_cast<int>(std::floor(v / size))));
  };
  const double X0 = layout_.x0, Y0 = layout_.y0;
  std::vector<uint32_t>& start = S.start;
  std::vector<uint32_t>& order = S.order;
  std::vector<uint32_t>& home = S.home;
  start.assign(static_cast<size_t>(gw) * gh + 1, 0);
  order.resize(n);
  home.resize(n);
  for (size_t i = 0; i < n; ++i) {
    home[i] = static_cast<uint32_t>(cell_at(y_[i] - Y0, cell, gh) * gw + cell_at(x_[i] - X0, cell, gw));
    ++start[home[i] + 1];
  }
  for (size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  std::vector<uint32_t>& fill = S.fill;
  fill.assign(start.begin(), start.end() - 1);
  for (size_t i = 0; i < n; ++i) order[fill[home[i]]++] = static_cast<uint32_t>(i);
  S.lists.resize(n);
  parallel_for(n, threads_, [&](size_t first, size_t last, unsigned) {
    for (size_t i = first; i < last; ++i) {
      std::vector<uint32_t>& list = S.lists[i];
      list.clear();
      const int ci = static_cast<int>(home[i] % gw), cj = static_cast<int>(home[i] / gw);
      for (int j = std::max(0, cj - 1); j <= std::min(gh - 1, cj + 1); ++j)
        for (int c = std::max(0, ci - 1); c <= std::min(gw - 1, ci + 1); ++c) {
          const size_t cc = static_cast<size_t>(j) * gw + c;
          for (uint32_t k = start[cc]; k < start[cc + 1]; ++k) {
            const uint32_t o = order[k];
            const double dx = x_[o] - x_[i], dy = y_[o] - y_[i];
            if (o != i && dx * dx + dy * dy < reach2) list.push_back(o);
          }
        }
      std::sort(list.begin(), list.end());
    }
  });
  S.built_x = x_;
  S.built_y = y_;
  S.built_ids = id_;
  S.built_look = look;
  return S.lists;
}

/// The mean direction of motion of those within R, blended with the desired direction e by the
/// herding weight and made unit again (Helbing's panic parameter).
void Crowd::herd(size_t i, const std::vector<uint32_t>& near, double& ex, double& ey) const {
  const CrowdParams& p = params_;
  const double xi = x_[i], yi = y_[i];
  double mx = 0, my = 0;
  size_t count = 0;
  for (uint32_t j : near) {
    const double dx = x_[j] - xi, dy = y_[j] - yi;
    if (std::sqrt(dx * dx + dy * dy) >= p.herd_radius) continue;
    const double s = std::sqrt(vx_[j] * vx_[j] + vy_[j] * vy_[j]);
    if (s > 0.0) {
      mx += vx_[j] / s;
      my += vy_[j] / s;
    }
    ++count;
  }
  if (count > 0) {
    mx /= static_cast<double>(count);
    my /= static_cast<double>(count);
  }
  const double hx = (1 - p.herding) * ex + p.herding * mx, hy = (1 - p.herding) * ey + p.herding * my;
  const double len = std::sqrt(hx * hx + hy * hy);
  ex = len > 0.0 ? hx / len : 0.0;
  ey = len > 0.0 ? hy / len : 0.0;
}

/// Person i's acceleration (scratch ax, ay) and pressure: the drive toward the desired
/// velocity, then each neighbour in ascending index, then the walls and the columns.
void Crowd::forces_on(size_t i, const std::vector<uint32_t>& near) {
  const CrowdParams& p = params_;
  const double xi = x_[i], yi = y_[i], vxi = vx_[i], vyi = vy_[i], ri = r_[i];
  double ex, ey;
  desired(i, ex, ey);
  if (p.herding > 0.0) herd(i, near, ex, ey);
  // Before their premovement time a person stands: the drive brings them to rest, and they keep
  // no distance (no social force on them); bodies that touch them still push.
  const bool still = waits(i);
  const double v0 = still ? 0.0 : v0_.empty() ? p.v0 : v0_[i], social = still ? 0.0 : kCrowdA;
  double fx = kCrowdMass * (v0 * ex - vxi) / kCrowdTau, fy = kCrowdMass * (v0 * ey - vyi) / kCrowdTau;
  double normal = 0;
  for (uint32_t j : near) {
    const double dx = xi - x_[j], dy = yi - y_[j], d = std::sqrt(dx * dx + dy * dy);
    if (d >= kCrowdReach || d == 0.0) continue;
    const double nx = dx / d, ny = dy / d, overlap = r_[j] + ri - d;
    const double fn = social * det_exp(overlap / kCrowdB) + (overlap > 0 ? kCrowdK * overlap : 0.0);
    fx += fn * nx;
    fy += fn * ny;
    normal += fn;
    if (overlap > 0) {
      const double tx = -ny, ty = nx, dvt = (vx_[j] - vxi) * tx + (vy_[j] - vyi) * ty;
      fx += kCrowdKappa * overlap * dvt * tx;
      fy += kCrowdKappa * overlap * dvt * ty;
    }
  }
  // Walls and columns: the same three terms with the surface at rest.
  auto surface = [&](double d, double nx, double ny) {
    const double overlap = ri - d;
    const double fn = social * det_exp(overlap / kCrowdB) + (overlap > 0 ? kCrowdK * overlap : 0.0);
    fx += fn * nx;
    fy += fn * ny;
    normal += fn;
    if (overlap > 0) {
      const double tx = -ny, ty = nx, vt = vxi * tx + vyi * ty;
      fx -= kCrowdKappa * overlap * vt * tx;
      fy -= kCrowdKappa * overlap * vt * ty;
    }
  };
  // A corner is one point of the walls: where several walls end at it and it is the nearest point
  // of each, it pushes once (a scenario's rings meet at every corner, and a doorway's jamb counted
  // twice held people in front of it for good; a preset's walls meet only in the room's corners,
  // which are never nearest for two walls from inside).
  double corners[8][2];
  size_t n_corners = 0;
  for (const CrowdSegment& w : layout_.walls) {
    double qx, qy;
    nearest_on(w, xi, yi, qx, qy);
    const double dx = xi - qx, dy = yi - qy, d = std::sqrt(dx * dx + dy * dy);
    if (!(d < kCrowdReach && d > 0.0)) continue;
    if ((qx == w.x1 && qy == w.y1) || (qx == w.x2 && qy == w.y2)) {
      bool counted = false;
      for (size_t k = 0; k < n_corners && !counted; ++k) counted = corners[k][0] == qx && corners[k][1] == qy;
      if (counted) continue;
      if (n_corners < 8) corners[n_corners][0] = qx, corners[n_corners][1] = qy, ++n_corners;
    }
    surface(d, dx / d, dy / d);
  }
  for (const CrowdColumn& c : layout_.columns) {
    const double dx = xi - c.x, dy = yi - c.y, dc = std::sqrt(dx * dx + dy * dy), d = dc - c.r;
    if (d < kCrowdReach && dc > 0.0) surface(d, dx / dc, dy / dc);
  }
  scratch_.ax[i] = fx / kCrowdMass;
  scratch_.ay[i] = fy / kCrowdMass;
  pressure_[i] = normal / (2.0 * kPi * ri);
}

/// Moves person i by semi-implicit Euler, its path checked against the exits (leaving), the
/// walls and columns (stopping short of them) and the room's bounds. Returns the fraction of h
/// at which it left through an exit, else 2.
double Crowd::move_and_collide(size_t i, double h) {
  const double X0 = layout_.x0, Y0 = layout_.y0, W = X0 + layout_.width, H = Y0 + layout_.height;
  double vx = vx_[i] + scratch_.ax[i] * h, vy = vy_[i] + scratch_.ay[i] * h;
  const double speed = std::sqrt(vx * vx + vy * vy);
  if (speed > kCrowdMaxSpeed) {  // (not a rule of the model: a bound that keeps numbers finite)
    vx *= kCrowdMaxSpeed / speed;
    vy *= kCrowdMaxSpeed / speed;
  }
  const double x0 = x_[i], y0 = y_[i];
  double x1 = x0 + vx * h, y1 = y0 + vy * h;
  double te = 2.0, tw = 2.0, nxw = 0, nyw = 0, t;
  int32_t by = kStillInside;
  for (size_t k = 0; k < layout_.exits.size(); ++k)
    if (path_meets(x0, y0, x1, y1, layout_.exits[k], t) && t < te) {
      te = t;
      by = kExitSegment + static_cast<int32_t>(k);
    }
  for (uint32_t a : route_of(i)) {  // an exit area: where the path first enters it
    const CrowdRing& ring = layout_.exit_areas[a].area;
    if (!inside_ring(ring, x1, y1)) continue;
    double enter = inside_ring(ring, x0, y0) ? 0.0 : 1.0;
    for (size_t k = 0; k < ring.size(); ++k) {
      const CrowdPoint &p0 = ring[k], &p1 = ring[(k + 1) % ring.size()];
      if (path_meets(x0, y0, x1, y1, {p0.x, p0.y, p1.x, p1.y}, t) && t < enter) enter = t;
    }
    if (enter < te) {
      te = enter;
      by = static_cast<int32_t>(a);
    }
  }
  for (const CrowdSegment& w : layout_.walls)
    if (path_meets(x0, y0, x1, y1, w, t) && t < tw) {
      tw = t;
      const double sx = w.x2 - w.x1, sy = w.y2 - w.y1, len = std::sqrt(sx * sx + sy * sy);
      nxw = len > 0 ? -sy / len : 0.0;
      nyw = len > 0 ? sx / len : 0.0;
    }
  for (const CrowdColumn& c : layout_.columns)
    if (path_enters(x0, y0, x1, y1, c, t) && t < tw) {
      tw = t;
      const double px = x0 + t * (x1 - x0) - c.x, py = y0 + t * (y1 - y0) - c.y,
                   len = std::sqrt(px * px + py * py);
      nxw = len > 0 ? px / len : 0.0;
      nyw = len > 0 ? py / len : 0.0;
    }
  if (te <= 1.0 && te <= tw) {  // through an exit: gone
    scratch_.out_by[i] = by;
    return te;
  }
  if (tw <= 1.0) {  // stop short of the wall, and keep only the velocity along it
    const double keep = std::max(0.0, tw - 1e-6);
    x1 = x0 + keep * (x1 - x0);
    y1 = y0 + keep * (y1 - y0);
    const double vn = vx * nxw + vy * nyw;
    vx -= vn * nxw;
    vy -= vn * nyw;
  }
  if (x1 < X0 || x1 > W) {  // never out of the room any other way
    x1 = std::min(W, std::max(X0, x1));
    vx = 0.0;
  }
  if (y1 < Y0 || y1 > H) {
    y1 = std::min(H, std::max(Y0, y1));
    vy = 0.0;
  }
  x_[i] = x1;
  y_[i] = y1;
  vx_[i] = vx;
  vy_[i] = vy;
  return 2.0;
}

/// Who left during this step (scratch out_at ≤ 1), in order of exit time, then index: their
/// exit times recorded, and the rest kept in index order.
void Crowd::remove_exited(double h) {
  const size_t n = x_.size();
  std::vector<double>& out_at = scratch_.out_at;
  std::vector<std::pair<double, uint32_t>>& left = scratch_.left;  // (exit time, index)
  left.clear();
  for (size_t i = 0; i < n; ++i)
    if (out_at[i] <= 1.0) left.push_back({t_ + out_at[i] * h, static_cast<uint32_t>(i)});
  if (left.empty()) return;
  std::sort(left.begin(), left.end());
  std::vector<char>& gone = scratch_.gone;
  gone.assign(n, 0);
  for (const auto& [time, i] : left) {
    exit_times_.push_back(time);
    gone[i] = 1;
    if (id_[i] < exit_of_.size()) exit_of_[id_[i]] = scratch_.out_by[i];
  }
  size_t w = 0;
  for (size_t i = 0; i < n; ++i) {
    if (gone[i]) continue;
    x_[w] = x_[i];
    y_[w] = y_[i];
    vx_[w] = vx_[i];
    vy_[w] = vy_[i];
    r_[w] = r_[i];
    id_[w] = id_[i];
    pressure_[w] = pressure_[i];
    if (!v0_.empty()) v0_[w] = v0_[i];
    if (!route_.empty()) route_[w] = route_[i];
    ++w;
  }
  for (auto* v : {&x_, &y_, &vx_, &vy_, &r_, &pressure_}) v->resize(w);
  id_.resize(w);
  if (!v0_.empty()) v0_.resize(w);
  if (!route_.empty()) route_.resize(w);
}

void Crowd::internal_step(double h) {
  const size_t n = x_.size();
  if (n == 0) {
    t_ += h;
    return;
  }
  const CrowdParams& p = params_;
  const double look = std::max(kCrowdReach, p.herding > 0 ? p.herd_radius : 0.0);
  const std::vector<std::vector<uint32_t>>& lists = neighbour_lists(look);
  // Forces: every person's from the positions before the step (ascending index: every sum in
  // that order), so the order of threads does not matter.
  scratch_.ax.resize(n);
  scratch_.ay.resize(n);
  pressure_.resize(n);
  parallel_for(n, threads_, [&](size_t first, size_t last, unsigned) {
    for (size_t i = first; i < last; ++i) forces_on(i, lists[i]);
  });
  // Move and collide: each person's move is its own; who left is gathered after, in index order.
  scratch_.out_at.resize(n);
  scratch_.out_by.resize(n);
  parallel_for(n, threads_, [&](size_t first, size_t last, unsigned) {
    for (size_t i = first; i < last; ++i) scratch_.out_at[i] = move_and_collide(i, h);
  });
  remove_exited(h);  // exits
  t_ += h;
}

double Crowd::evacuation_time() const {
  if (placed_ == 0 || !x_.empty() || exit_times_.empty()) return NAN;
  return exit_times_.back();
}

double Crowd::evacuation_time_90() const {
  const size_t k = static_cast<size_t>(std::ceil(0.9 * placed_));
  return k > 0 && exit_times_.size() >= k ? exit_times_[k - 1] : NAN;
}

size_t Crowd::clogging_pauses() const {
  size_t n = 0;
  for (size_t i = 1; i < exit_times_.size(); ++i)
    if (exit_times_[i] - exit_times_[i - 1] >= 1.0) ++n;
  return n;
}

double Crowd::exit_width_total() const {
  double w = 0;
  for (const CrowdSegment& e : layout_.exits)
    w += std::sqrt((e.x2 - e.x1) * (e.x2 - e.x1) + (e.y2 - e.y1) * (e.y2 - e.y1));
  return w;
}

double Crowd::outflow() const {
  const double now = time();
  size_t k = 0;
  for (size_t i = exit_times_.size(); i-- > 0 && exit_times_[i] > now - 1.0;) ++k;
  return static_cast<double>(k);
}

double Crowd::mean_speed() const {
  if (x_.empty()) return 0.0;
  double s = 0;
  for (size_t i = 0; i < x_.size(); ++i) s += std::sqrt(vx_[i] * vx_[i] + vy_[i] * vy_[i]);
  return s / static_cast<double>(x_.size());
}

double Crowd::max_pressure() const {
  double m = 0;
  for (double v : pressure_) m = std::max(m, v);
  return m;
}

bool Crowd::add_wall(double x1, double y1, double x2, double y2) {
  const double len = std::sqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1));
  if (!(len >= 0.1 && len <= 100.0)) return false;
  for (double v : {x1, x2})
    if (!(v - layout_.x0 >= 0 && v - layout_.x0 <= layout_.width)) return false;
  for (double v : {y1, y2})
    if (!(v - layout_.y0 >= 0 && v - layout_.y0 <= layout_.height)) return false;
  layout_.walls.push_back({x1, y1, x2, y2});
  build_navigation();
  return true;
}

bool Crowd::cut_exit(double x, double y, double width) {
  if (!(width >= 0.4 && width <= 10.0)) return false;
  size_t best = layout_.walls.size();
  double bd = 1.0;
  for (size_t k = 0; k < layout_.walls.size(); ++k) {
    const double d = distance_to(layout_.walls[k], x, y);
    if (d <= bd) {
      bd = d;
      best = k;
    }
  }
  if (best == layout_.walls.size()) return false;
  const CrowdSegment w = layout_.walls[best];
  const double dx = w.x2 - w.x1, dy = w.y2 - w.y1, len = std::sqrt(dx * dx + dy * dy);
  if (len < width) return false;
  double qx, qy;
  nearest_on(w, x, y, qx, qy);
  double t = ((qx - w.x1) * dx + (qy - w.y1) * dy) / (len * len);
  const double half = 0.5 * width / len;
  t = std::min(1.0 - half, std::max(half, t));
  cut_into_wall(layout_, best, t - half, t + half);
  build_navigation();
  return true;
}

bool Crowd::add_column(double x, double y, double r) {
  if (!(r >= kCrowdColumnMin && r <= kCrowdToolColumnMax) ||
      !(x - layout_.x0 >= 0 && x - layout_.x0 <= layout_.width && y - layout_.y0 >= 0 &&
        y - layout_.y0 <= layout_.height))
    return false;
  for (size_t j = 0; j < x_.size(); ++j)
    if (std::sqrt((x - x_[j]) * (x - x_[j]) + (y - y_[j]) * (y - y_[j])) < r + r_[j]) return false;
  layout_.columns.push_back({x, y, r});
  build_navigation();
  return true;
}

size_t Crowd::add_people(double x, double y, double spread, size_t count) {
  size_t added = 0;
  for (size_t tries = 0; tries < count * 50 && added < count && x_.size() < kCrowdMaxPeople; ++tries) {
    const double r = 0.25 + 0.1 * rng_.next();
    // a square brush: no angle, so no sin or cos (they would be libm's)
    const double px = x + spread * (2 * rng_.next() - 1), py = y + spread * (2 * rng_.next() - 1);
    if (!free_spot(px, py, r)) continue;
    x_.push_back(px);
    y_.push_back(py);
    vx_.push_back(0);
    vy_.push_back(0);
    r_.push_back(r);
    pressure_.push_back(0);
    if (!v0_.empty()) v0_.push_back(params_.v0);  // a scenario's newcomer walks at the field's speed
    if (!route_.empty()) route_.push_back(0);
    if (!start_.empty()) start_.push_back(0);  // a newcomer walks at once
    exit_of_.push_back(kStillInside);
    id_.push_back(placed_++);
    ++added;
  }
  return added;
}

bool Crowd::remove_nearest(double x, double y) {
  // The nearest thing within 1 m: a person (to their rim), a column, an exit, a wall.
  double best = 1.0;
  int kind = -1;
  size_t at = 0;
  auto consider = [&](double d, int k, size_t i) {
    if (d < best) {
      best = d;
      kind = k;
      at = i;
    }
  };
  for (size_t i = 0; i < x_.size(); ++i)
    consider(std::max(0.0, std::sqrt((x - x_[i]) * (x - x_[i]) + (y - y_[i]) * (y - y_[i])) - r_[i]), 0, i);
  for (size_t i = 0; i < layout_.columns.size(); ++i) {
    const CrowdColumn& c = layout_.columns[i];
    consider(std::max(0.0, std::sqrt((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)) - c.r), 1, i);
  }
  for (size_t i = 0; i < layout_.exits.size(); ++i) consider(distance_to(layout_.exits[i], x, y), 2, i);
  for (size_t i = 0; i < layout_.walls.size(); ++i) consider(distance_to(layout_.walls[i], x, y), 3, i);
  if (kind < 0) return false;
  if (kind == 0) {
    for (auto* v : {&x_, &y_, &vx_, &vy_, &r_, &pressure_}) v->erase(v->begin() + static_cast<long>(at));
    id_.erase(id_.begin() + static_cast<long>(at));
    if (!v0_.empty()) v0_.erase(v0_.begin() + static_cast<long>(at));
    if (!route_.empty()) route_.erase(route_.begin() + static_cast<long>(at));
    return true;
  }
  if (kind == 1) layout_.columns.erase(layout_.columns.begin() + static_cast<long>(at));
  if (kind == 2) {  // an exit closes: it becomes wall again
    layout_.walls.push_back(layout_.exits[at]);
    layout_.exits.erase(layout_.exits.begin() + static_cast<long>(at));
  }
  if (kind == 3) layout_.walls.erase(layout_.walls.begin() + static_cast<long>(at));
  build_navigation();
  return true;
}

uint64_t Crowd::fingerprint() const {
  Fingerprint fp;
  fp.add(static_cast<uint64_t>(x_.size()));
  for (size_t i = 0; i < x_.size(); ++i) {
    for (double v : {x_[i], y_[i], vx_[i], vy_[i], r_[i]}) fp.add(v);
    fp.add(static_cast<uint64_t>(id_[i]));
  }
  fp.add(static_cast<uint64_t>(exit_times_.size()));
  for (double t : exit_times_) fp.add(t);
  for (const auto* segs : {&layout_.walls, &layout_.exits}) {
    fp.add(static_cast<uint64_t>(segs->size()));
    for (const CrowdSegment& s : *segs)
      for (double v : {s.x1, s.y1, s.x2, s.y2}) fp.add(v);
  }
  fp.add(static_cast<uint64_t>(layout_.columns.size()));
  for (const CrowdColumn& c : layout_.columns)
    for (double v : {c.x, c.y, c.r}) fp.add(v);
  // A scenario's own parts (a preset has none, and its fingerprint stays as it was).
  for (const CrowdExitArea& a : layout_.exit_areas)
    for (const CrowdPoint& q : a.area)
      for (double v : {q.x, q.y}) fp.add(v);
  for (double v : v0_) fp.add(v);
  for (uint32_t r : route_) fp.add(static_cast<uint64_t>(r));
  for (double t : start_) fp.add(t);  // none without premovement: the fingerprint stays as it was
  return fp.value();
}

}  // namespace bandada
