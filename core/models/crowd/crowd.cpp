// Bandada — the crowd model's step (see crowd.h and docs/models/crowd.md): the frame's internal
// steps in their named phases (neighbours, forces, moves and collisions, exits), the live fields,
// the readouts and the fingerprint. The room, placement and navigation have files of their own
// (crowd_room.cpp, crowd_placement.cpp, crowd_navigation.cpp), and the plane geometry too
// (crowd_geometry.cpp).
#include "crowd.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "common/det_math.h"
#include "common/fingerprint.h"
#include "common/parallel.h"

namespace bandada {

size_t Crowd::waiting() const {
  size_t n = 0;
  for (size_t i = 0; i < id_.size(); ++i) n += waits(i);
  return n;
}

void Crowd::set_live_params(const CrowdParams& p) {
  CrowdParams live = p;  // all but what builds the crowd: N, the exits' width, the seed, the room
  live.n = params_.n;
  live.exit_width = params_.exit_width;
  live.seed = params_.seed;
  live.layout = params_.layout;
  params_ = live;
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

/// Two standard normal draws for person number `id` in this frame: Box–Muller on two uniforms
/// from a SplitMix64 hash of the seed, the frame and the number, so no draw depends on who else
/// is in the room, on the threads, or on the internal step (the force is held over the frame).
void Crowd::fluctuation(uint32_t id, double& gx, double& gy) const {
  uint64_t z = (static_cast<uint64_t>(params_.seed) << 32 | id) ^ (steps_ * 0x9E3779B97F4A7C15ull);
  auto next = [&z] {
    z += 0x9E3779B97F4A7C15ull;
    uint64_t v = z;
    v = (v ^ (v >> 30)) * 0xBF58476D1CE4E5B9ull;
    v = (v ^ (v >> 27)) * 0x94D049BB133111EBull;
    v ^= v >> 31;
    return static_cast<double>((v >> 11) + 1) / 9007199254740992.0;  // (0, 1]
  };
  const double u1 = next(), u2 = next(), rho = std::sqrt(-2.0 * det_log(u1)), a = 2.0 * kPi * u2;
  gx = rho * det_cos(a);
  gy = rho * det_sin(a);
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
  const double v0 = still         ? 0.0
                    : v0_.empty() ? p.v0
                                  : v0_[i],
               social = still ? 0.0 : p.sfm_a, wall_social = still ? 0.0 : p.sfm_wall_a;
  double fx = kCrowdMass * (v0 * ex - vxi) / p.sfm_tau, fy = kCrowdMass * (v0 * ey - vyi) / p.sfm_tau;
  if (p.sfm_noise > 0.0 && !still) {
    double gx, gy;
    fluctuation(id_[i], gx, gy);
    fx += p.sfm_noise * gx;
    fy += p.sfm_noise * gy;
  }
  double normal = 0;
  for (uint32_t j : near) {
    const double dx = xi - x_[j], dy = yi - y_[j], d = std::sqrt(dx * dx + dy * dy);
    if (d >= kCrowdReach || d == 0.0) continue;
    const double nx = dx / d, ny = dy / d, overlap = r_[j] + ri - d;
    const double fn = social * det_exp(overlap / p.sfm_b) + (overlap > 0 ? p.sfm_k * overlap : 0.0);
    fx += fn * nx;
    fy += fn * ny;
    normal += fn;
    if (overlap > 0) {
      const double tx = -ny, ty = nx, dvt = (vx_[j] - vxi) * tx + (vy_[j] - vyi) * ty;
      fx += p.sfm_kappa * overlap * dvt * tx;
      fy += p.sfm_kappa * overlap * dvt * ty;
    }
  }
  // Walls and columns: the same three terms with the surface at rest, and the wall's A and B.
  auto surface = [&](double d, double nx, double ny) {
    const double overlap = ri - d;
    const double fn = wall_social * det_exp(overlap / p.sfm_wall_b) + (overlap > 0 ? p.sfm_k * overlap : 0.0);
    fx += fn * nx;
    fy += fn * ny;
    normal += fn;
    if (overlap > 0) {
      const double tx = -ny, ty = nx, vt = vxi * tx + vyi * ty;
      fx -= p.sfm_kappa * overlap * vt * tx;
      fy -= p.sfm_kappa * overlap * vt * ty;
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
