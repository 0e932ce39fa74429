// Bandada — the crowd model's step (see crowd.h and docs/models/crowd.md): the frame's internal
// steps in their named phases (neighbours, forces, moves and collisions, exits), the live fields,
// the readouts and the fingerprint. The room, placement and navigation have files of their own
// (crowd_room.cpp, crowd_placement.cpp, crowd_navigation.cpp), and the plane geometry too
// (crowd_geometry.cpp).
#include "crowd.h"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>

#include "common/det_math.h"
#include "common/fingerprint.h"
#include "common/parallel.h"

namespace bandada {

size_t Crowd::waiting() const {
  size_t n = 0;
  for (size_t i = 0; i < people_.id.size(); ++i) n += waits(i);
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
  const size_t n = people_.x.size();
  const double skin = 0.5, half = 0.24;  // half a skin, less a margin for rounding
  bool fresh = S.built_look == look && S.built_ids == people_.id;
  for (size_t i = 0; fresh && i < n; ++i) {
    const double dx = people_.x[i] - S.built_x[i], dy = people_.y[i] - S.built_y[i];
    if (dx * dx + dy * dy > half * half) fresh = false;
  }
  if (fresh) return S.lists;
  const double cell = look + skin, reach2 = cell * cell;
  // Across the seam of a corridor without ends the columns of cells wrap, so they tile its
  // length exactly, each at least a cell wide.
  const bool wrap = layout_.periodic != 0;
  const int gw = wrap ? std::max(1, static_cast<int>(std::floor(layout_.width / cell)))
                      : std::max(1, static_cast<int>(std::ceil(layout_.width / cell))),
            gh = std::max(1, static_cast<int>(std::ceil(layout_.height / cell)));
  const double cell_w = wrap ? layout_.width / gw : cell;
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
    home[i] = static_cast<uint32_t>(cell_at(people_.y[i] - Y0, cell, gh) * gw +
                                    cell_at(people_.x[i] - X0, cell_w, gw));
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
      int cols[3], nc = 0;  // the columns of cells around, each once (wrapped in a corridor without ends)
      for (int c = ci - 1; c <= ci + 1; ++c) {
        const int w = wrap ? (c + gw) % gw : c;
        if (w < 0 || w >= gw || std::find(cols, cols + nc, w) != cols + nc) continue;
        cols[nc++] = w;
      }
      for (int j = std::max(0, cj - 1); j <= std::min(gh - 1, cj + 1); ++j)
        for (int q = 0; q < nc; ++q) {
          const size_t cc = static_cast<size_t>(j) * gw + cols[q];
          for (uint32_t k = start[cc]; k < start[cc + 1]; ++k) {
            const uint32_t o = order[k];
            const double dx = sep_x(people_.x[o] - people_.x[i]), dy = people_.y[o] - people_.y[i];
            if (o != i && dx * dx + dy * dy < reach2) list.push_back(o);
          }
        }
      std::sort(list.begin(), list.end());
    }
  });
  S.built_x = people_.x;
  S.built_y = people_.y;
  S.built_ids = people_.id;
  S.built_look = look;
  return S.lists;
}

size_t Crowd::within(size_t i, const std::vector<uint32_t>& near, double cut2, bool toward, bool apart,
                     NeighbourBuffers& buf) const {
  // Every candidate is written and kept by advancing m, with no branch on its distance (written
  // so that a NaN is kept, as the tests on the distance itself kept it).
  if (buf.seen.size() < near.size() + 1) {
    for (auto* v : {&buf.dx, &buf.dy, &buf.d, &buf.reach}) v->resize(near.size() + 1);
    buf.seen.resize(near.size() + 1);
  }
  uint32_t* seen = buf.seen.data();
  double *bdx = buf.dx.data(), *bdy = buf.dy.data(), *bd = buf.d.data(), *bl = buf.reach.data();
  const double *X = people_.x.data(), *Y = people_.y.data(), *R = people_.r.data();
  const double xi = people_.x[i], yi = people_.y[i], ri = people_.r[i];
  // (the loop written once for each case, so that none of its tests is asked per candidate;
  // sep_x's, by hand, with the room's width read once)
  const double L = layout_.width;
  auto scan = [&](auto wrap, auto to_j, auto drop_same) {
    size_t m = 0;
    for (uint32_t j : near) {
      double dx = to_j ? X[j] - xi : xi - X[j];
      if (wrap) dx = dx > L / 2 ? dx - L : dx < -L / 2 ? dx + L : dx;
      const double dy = to_j ? Y[j] - yi : yi - Y[j], s = dx * dx + dy * dy;
      seen[m] = j;
      bdx[m] = dx;
      bdy[m] = dy;
      bd[m] = s;
      m += !(s >= cut2) & !(drop_same && s == 0.0);
    }
    return m;
  };
  using Yes = std::true_type;
  using No = std::false_type;
  const bool wrap = layout_.periodic != 0;
  const size_t m = toward ? (apart ? (wrap ? scan(Yes(), Yes(), Yes()) : scan(No(), Yes(), Yes()))
                                   : (wrap ? scan(Yes(), Yes(), No()) : scan(No(), Yes(), No())))
                          : (apart ? (wrap ? scan(Yes(), No(), Yes()) : scan(No(), No(), Yes()))
                                   : (wrap ? scan(Yes(), No(), No()) : scan(No(), No(), No())));
  for (size_t k = 0; k < m; ++k) {
    bd[k] = std::sqrt(bd[k]);  // |δ|
    bl[k] = ri + R[seen[k]];   // r_i + r_j (the same bits as r_j + r_i)
  }
  return m;
}

const Crowd::OperationalModel Crowd::kOperationalModels[kCrowdModelCount] = {
    {kCrowdReach, &Crowd::forces_on, false, nullptr, false},        // social force (crowd_sfm.cpp)
    {kCrowdCsmCutoff, &Crowd::csm_velocity, true, nullptr, false},  // collision-free speed (crowd_csm.cpp)
    {kCrowdCsmCutoff, &Crowd::avm_velocity, true, &Crowd::avm_keep,
     true}};  // anticipation velocity (crowd_avm.cpp)

/// Moves person i (semi-implicit Euler for the social force model, x + v·h for the speed model), its path
/// checked against the exits (leaving), the walls and columns (stopping short of them) and the room's bounds.
/// Returns the fraction of h at which it left through an exit, else 2.
double Crowd::move_and_collide(size_t i, double h) {
  const double X0 = layout_.x0, Y0 = layout_.y0, W = X0 + layout_.width, H = Y0 + layout_.height;
  // The social force model gives an acceleration, the collision-free speed model the velocity.
  const bool speed_model = kOperationalModels[params_.model].gives_velocity;
  double vx = speed_model ? scratch_.ax[i] : people_.vx[i] + scratch_.ax[i] * h,
         vy = speed_model ? scratch_.ay[i] : people_.vy[i] + scratch_.ay[i] * h;
  const double speed = std::sqrt(vx * vx + vy * vy);
  if (speed > kCrowdMaxSpeed) {  // (not a rule of the model: a bound that keeps numbers finite)
    vx *= kCrowdMaxSpeed / speed;
    vy *= kCrowdMaxSpeed / speed;
  }
  const double x0 = people_.x[i], y0 = people_.y[i];
  double x1 = x0 + vx * h, y1 = y0 + vy * h;
  double te = 2.0, tw = 2.0, nxw = 0, nyw = 0, t;
  int32_t by = kStillInside;
  // (one heading for a checkpoint leaves by no exit on the way)
  if (checkpoint_of(i) < 0)
    for (uint32_t a : route_of(i)) {  // an exit: where the path first enters it (or passes through it)
      const CrowdRing& ring = doors_[a].area;
      double enter = inside_ring(ring, door_boxes_[a], x0, y0) ? 0.0 : 2.0;
      for (size_t k = 0; k < ring.size(); ++k) {
        const CrowdPoint &p0 = ring[k], &p1 = ring[k + 1 < ring.size() ? k + 1 : 0];
        if (path_meets(x0, y0, x1, y1, {p0.x, p0.y, p1.x, p1.y}, t) && t < enter) enter = t;
      }
      if (enter < te) {
        te = enter;
        by = exit_id(a);
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
  if (layout_.periodic != 0 && (x1 < X0 || x1 >= W)) {  // round the seam of a corridor without ends
    x1 += x1 < X0 ? layout_.width : -layout_.width;
    if (x1 < X0 || x1 >= W) x1 = X0;  // (a step longer than the corridor: not in practice)
  } else if (x1 < X0 || x1 > W) {     // never out of the room any other way
    x1 = std::min(W, std::max(X0, x1));
    vx = 0.0;
  }
  if (y1 < Y0 || y1 > H) {
    y1 = std::min(H, std::max(Y0, y1));
    vy = 0.0;
  }
  people_.x[i] = x1;
  people_.y[i] = y1;
  people_.vx[i] = vx;
  people_.vy[i] = vy;
  return 2.0;
}

/// Who left during this step (scratch out_at ≤ 1), in order of exit time, then index: their
/// exit times recorded, and the rest kept in index order.
void Crowd::remove_exited(double h) {
  const size_t n = people_.x.size();
  std::vector<double>& out_at = scratch_.out_at;
  std::vector<std::pair<double, uint32_t>>& left = scratch_.left;  // (exit time, index)
  left.clear();
  for (size_t i = 0; i < n; ++i)
    if (out_at[i] <= 1.0) left.push_back({t_ + out_at[i] * h, static_cast<uint32_t>(i)});
  if (left.empty()) return;
  std::sort(left.begin(), left.end());
  std::vector<char>& gone = scratch_.gone;
  gone.assign(n, 0);
  const size_t areas = layout_.exit_areas.size(), stops = layout_.checkpoints.size();
  for (const auto& [time, i] : left) {
    const int32_t by = scratch_.out_by[i];
    if (by >= 0 && static_cast<size_t>(by) < areas &&
        layout_.exit_areas[static_cast<size_t>(by)].throughput > 0) {
      // A throttled exit: one leaves every 1/throughput s; who comes sooner stands at its edge.
      double& last = passed_[stops + static_cast<size_t>(by)];
      if (time - last < 1.0 / layout_.exit_areas[static_cast<size_t>(by)].throughput) {
        people_.vx[i] = people_.vy[i] = 0.0;
        continue;
      }
      last = time;
    }
    exit_times_.push_back(time);
    gone[i] = 1;
    if (people_.id[i] < exit_of_.size()) exit_of_[people_.id[i]] = scratch_.out_by[i];
  }
  people_.compact(gone);
}

void Crowd::internal_step(double h) {
  spawn_arrivals(t_);
  const size_t n = people_.x.size();
  if (n == 0) {
    t_ += h;
    return;
  }
  const CrowdParams& p = params_;
  const OperationalModel& model = kOperationalModels[p.model];
  const double look = std::max(model.reach, p.herding > 0 ? p.herd_radius : 0.0);
  const std::vector<std::vector<uint32_t>>& lists = neighbour_lists(look);
  // The operational model: every person's acceleration (social force) or velocity (collision-free
  // speed) from the positions before the step (ascending index: every sum in that order), so the
  // order of threads does not matter.
  scratch_.ax.resize(n);
  scratch_.ay.resize(n);
  scratch_.h = h;
  if (model.keep) {
    scratch_.ox.resize(n);
    scratch_.oy.resize(n);
  }
  if (scratch_.near.size() < threads_) scratch_.near.resize(threads_);
  parallel_for(n, threads_, [&](size_t first, size_t last, unsigned worker) {
    for (size_t i = first; i < last; ++i) (this->*model.compute)(i, lists[i], scratch_.near[worker]);
  });
  // Move and collide: each person's move is its own; who left is gathered after, in index order.
  scratch_.out_at.resize(n);
  scratch_.out_by.resize(n);
  parallel_for(n, threads_, [&](size_t first, size_t last, unsigned) {
    for (size_t i = first; i < last; ++i) {
      if (model.keep) (this->*model.keep)(i);
      scratch_.out_at[i] = move_and_collide(i, h);
    }
  });
  remove_exited(h);           // exits
  checkpoint_stages(t_ + h);  // checkpoints: reached, waited at, passed
  t_ += h;
}

double Crowd::evacuation_time() const {
  if (placed_ == 0 || !people_.x.empty() || !arrivals_.empty() || exit_times_.empty()) return NAN;
  return exit_times_.back();
}

double Crowd::evacuation_time_90() const {
  const size_t k = static_cast<size_t>(std::ceil(0.9 * expected()));
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
  if (people_.x.empty()) return 0.0;
  double s = 0;
  for (size_t i = 0; i < people_.x.size(); ++i)
    s += std::sqrt(people_.vx[i] * people_.vx[i] + people_.vy[i] * people_.vy[i]);
  return s / static_cast<double>(people_.x.size());
}

double Crowd::max_pressure() const {
  double m = 0;
  for (double v : people_.pressure) m = std::max(m, v);
  return m;
}

uint64_t Crowd::fingerprint() const {
  Fingerprint fp;
  fp.add(static_cast<uint64_t>(people_.x.size()));
  for (size_t i = 0; i < people_.x.size(); ++i) {
    for (double v : {people_.x[i], people_.y[i], people_.vx[i], people_.vy[i], people_.r[i]}) fp.add(v);
    fp.add(static_cast<uint64_t>(people_.id[i]));
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
  // Own speeds and routes: a scenario's people's (a preset's have none: as it was).
  if (scenario()) {
    for (double v : people_.v0)
      if (!std::isnan(v)) fp.add(v);
    for (uint32_t r : people_.route) fp.add(static_cast<uint64_t>(r));
  }
  for (double t : start_) fp.add(t);  // none without premovement: the fingerprint stays as it was
  // Journeys through checkpoints, throttles and arrivals (none of them: as it was).
  for (size_t i = 0; i < (layout_.checkpoints.empty() ? 0 : people_.size()); ++i) {
    fp.add(static_cast<uint64_t>(people_.stage[i]));
    for (double v : {people_.tx[i], people_.ty[i], people_.until[i]}) fp.add(v);
  }
  for (double v : passed_) fp.add(v);
  // The anticipation velocity model's orientations, once it has given any (before: as it was).
  if (std::any_of(people_.ox.begin(), people_.ox.end(), [](double v) { return v != 0.0; }) ||
      std::any_of(people_.oy.begin(), people_.oy.end(), [](double v) { return v != 0.0; }))
    for (size_t i = 0; i < people_.size(); ++i)
      for (double v : {people_.ox[i], people_.oy[i]}) fp.add(v);
  if (!arrivals_.empty()) fp.add(static_cast<uint64_t>(arrivals_.size()));
  return fp.value();
}

}  // namespace bandada
