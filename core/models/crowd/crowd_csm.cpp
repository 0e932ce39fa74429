// Bandada — the collision-free speed model (Tordeux, Chraibi and Seyfried 2016; see
// docs/models/crowd.md, "The collision-free speed model"), as JuPedSim's CollisionFreeSpeedModel
// computes it: a direction, the desired one bent by exponential repulsions from the people and
// the surfaces near, and a speed, the gap to the nearest person ahead over the time gap T, at
// most v0. Every person's from the positions before the internal step, each sum in ascending
// index, so neither the order of people nor the threads change a bit.
#include <cmath>

#include "common/det_math.h"
#include "crowd.h"
#include "crowd_geometry.h"

namespace bandada {

void Crowd::csm_velocity(size_t i, const std::vector<uint32_t>& near, CsmBuffers& buf) {
  const CrowdParams& p = params_;
  const double xi = x_[i], yi = y_[i], ri = r_[i];
  pressure_[i] = 0.0;  // no forces in this model
  if (waits(i)) {      // before their premovement time a person stands
    scratch_.ax[i] = scratch_.ay[i] = 0.0;
    return;
  }
  double ex, ey;
  desired(i, ex, ey);
  if (p.herding > 0.0) herd(i, near, ex, ey);
  // The surfaces within the cut-off: their repulsion bends the direction (each wall segment on
  // its own: a corner where two meet pushes twice, as in JuPedSim; a column by its rim), and a
  // neighbour behind one does not count (JuPedSim drops a neighbour when the segment between the
  // centres crosses a boundary segment). Beyond the cut-off the term is below 5·e^(−140).
  double sx = ex, sy = ey;
  // a_w·exp((r_i − d)/D_w) away along (dx, dy), of length len (none where len is 0)
  auto surface = [&](double dx, double dy, double len, double d) {
    if (len == 0.0) return;
    const double rep = p.csm_wall_a * det_exp((ri - d) / p.csm_wall_d);
    sx -= rep * dx / len;
    sy -= rep * dy / len;
  };
  buf.walls.clear();
  buf.columns.clear();
  for (const CrowdSegment& w : layout_.walls) {
    if (beyond_reach(w, xi, yi, kCrowdCsmCutoff)) continue;  // (measured, it would be skipped below)
    double qx, qy;
    nearest_on(w, xi, yi, qx, qy);
    const double dx = qx - xi, dy = qy - yi, d = std::sqrt(dx * dx + dy * dy);
    if (d >= kCrowdCsmCutoff) continue;
    buf.walls.push_back(&w);
    surface(dx, dy, d, d);
  }
  for (const CrowdColumn& c : layout_.columns) {
    const double dx = c.x - xi, dy = c.y - yi, dc = std::sqrt(dx * dx + dy * dy), d = dc - c.r;
    if (d >= kCrowdCsmCutoff) continue;
    buf.columns.push_back(&c);
    surface(dx, dy, dc, d);
  }
  // The neighbours seen, in ascending index, and their repulsion a·exp((r_i + r_j − d)/D).
  buf.seen.clear();
  // sqrt is correctly rounded and 3² is exact, so sqrt(s) >= 3 exactly when s >= 9: those beyond
  // the cut-off are passed over before their square root.
  static_assert(kCrowdCsmCutoff == 3.0, "the squared cut-off below is 3 squared");
  for (uint32_t j : near) {
    const double dx = sep_x(x_[j] - xi), dy = y_[j] - yi, s = dx * dx + dy * dy;
    if (s >= 9.0) continue;
    const double d = std::sqrt(s);
    if (d >= kCrowdCsmCutoff) continue;
    bool hidden = false;
    double t;  // the segment to j as seen (across the seam of a corridor without ends, its image)
    for (size_t k = 0; k < buf.walls.size() && !hidden; ++k)
      hidden = path_meets(xi, yi, xi + dx, yi + dy, *buf.walls[k], t);
    for (size_t k = 0; k < buf.columns.size() && !hidden; ++k)
      hidden = path_enters(xi, yi, xi + dx, yi + dy, *buf.columns[k], t);
    if (hidden) continue;
    buf.seen.push_back(j);
    if (d == 0.0) continue;
    const double rep = p.csm_a * det_exp((ri + r_[j] - d) / p.csm_d);
    sx -= rep * dx / d;
    sy -= rep * dy / d;
  }
  if (p.csm_noise > 0.0) {  // ours, not JuPedSim's: a random turn against gridlock
    double gx, gy;
    fluctuation(id_[i], gx, gy);
    sx += p.csm_noise * gx;
    sy += p.csm_noise * gy;
  }
  const double len = std::sqrt(sx * sx + sy * sy);
  double dirx, diry;
  if (len > 0.0) {
    dirx = sx / len;
    diry = sy / len;
  } else {  // the sum vanished: keep the way they were going (else the desired direction)
    const double v = std::sqrt(vx_[i] * vx_[i] + vy_[i] * vy_[i]);
    dirx = v > 0.0 ? vx_[i] / v : ex;
    diry = v > 0.0 ? vy_[i] / v : ey;
  }
  // The speed: the smallest gap d_ij − r_i − r_j over the neighbours ahead (e·Δx ≥ 0) within the
  // corridor |e⊥·Δx| ≤ r_i + r_j, over T, clipped to [0, v0].
  double gap = INFINITY;
  for (uint32_t j : buf.seen) {
    const double dx = sep_x(x_[j] - xi), dy = y_[j] - yi;
    if (dirx * dx + diry * dy < 0.0) continue;
    const double l = ri + r_[j];
    if (std::fabs(-diry * dx + dirx * dy) > l) continue;
    gap = std::fmin(gap, std::sqrt(dx * dx + dy * dy) - l);
  }
  const double v0 = desired_speed(i);
  const double speed = std::fmin(std::fmax(gap / p.csm_t, 0.0), v0);
  scratch_.ax[i] = speed * dirx;
  scratch_.ay[i] = speed * diry;
}

}  // namespace bandada
