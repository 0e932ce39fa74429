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

void Crowd::csm_velocity(size_t i, const std::vector<uint32_t>& near, NeighbourBuffers& buf) {
  const CrowdParams& p = params_;
  const double xi = people_.x[i], yi = people_.y[i], ri = people_.r[i];
  people_.pressure[i] = 0.0;  // no forces in this model
  if (waits(i)) {             // before their premovement time a person stands
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
  surfaces_near(i, buf);
  for (size_t w = 0; w < buf.walls.size(); ++w) {
    const double dx = buf.wall_qx[w] - xi, dy = buf.wall_qy[w] - yi, d = std::sqrt(dx * dx + dy * dy);
    surface(dx, dy, d, d);
  }
  for (const CrowdColumn* c : buf.columns) {
    const double dx = c->x - xi, dy = c->y - yi, dc = std::sqrt(dx * dx + dy * dy);
    surface(dx, dy, dc, dc - c->r);
  }
  // The neighbours within the cut-off (sqrt(s) < 3 exactly when s < 9), in ascending index, less
  // those behind a surface near; their repulsion bends the direction too.
  static_assert(kCrowdCsmCutoff == 3.0, "the squared cut-off below is 3 squared");
  const size_t m = unhidden(i, within(i, near, 9.0, true, false, buf), buf);
  csm_repulsion(m, buf, sx, sy);
  if (p.csm_noise > 0.0) {  // ours, not JuPedSim's: a random turn against gridlock
    double gx, gy;
    fluctuation(people_.id[i], gx, gy);
    sx += p.csm_noise * gx;
    sy += p.csm_noise * gy;
  }
  const double len = std::sqrt(sx * sx + sy * sy);
  double dirx, diry;
  if (len > 0.0) {
    dirx = sx / len;
    diry = sy / len;
  } else {  // the sum vanished: keep the way they were going (else the desired direction)
    const double v = std::sqrt(people_.vx[i] * people_.vx[i] + people_.vy[i] * people_.vy[i]);
    dirx = v > 0.0 ? people_.vx[i] / v : ex;
    diry = v > 0.0 ? people_.vy[i] / v : ey;
  }
  // The speed: the smallest gap d_ij − r_i − r_j over the neighbours ahead (e·Δx ≥ 0) within the
  // corridor |e⊥·Δx| ≤ r_i + r_j, over T, clipped to [0, v0].
  double gap = INFINITY;
  for (size_t q = 0; q < m; ++q) {
    const double dx = buf.dx[q], dy = buf.dy[q];
    if (dirx * dx + diry * dy < 0.0) continue;
    const double l = buf.reach[q];
    if (std::fabs(-diry * dx + dirx * dy) > l) continue;
    gap = std::fmin(gap, buf.d[q] - l);
  }
  const double v0 = desired_speed(i);
  const double speed = std::fmin(std::fmax(gap / p.csm_t, 0.0), v0);
  scratch_.ax[i] = speed * dirx;
  scratch_.ay[i] = speed * diry;
}

void Crowd::surfaces_near(size_t i, NeighbourBuffers& buf) const {
  const double xi = people_.x[i], yi = people_.y[i];
  buf.walls.clear();
  buf.wall_qx.clear();
  buf.wall_qy.clear();
  buf.columns.clear();
  for (const CrowdSegment& w : layout_.walls) {
    if (beyond_reach(w, xi, yi, kCrowdCsmCutoff)) continue;  // (measured, it would be skipped below)
    double qx, qy;
    nearest_on(w, xi, yi, qx, qy);
    const double dx = qx - xi, dy = qy - yi;
    if (std::sqrt(dx * dx + dy * dy) >= kCrowdCsmCutoff) continue;  // (as the step tested it before)
    buf.walls.push_back(&w);
    buf.wall_qx.push_back(qx);
    buf.wall_qy.push_back(qy);
  }
  for (const CrowdColumn& c : layout_.columns) {
    const double dx = c.x - xi, dy = c.y - yi;
    if (std::sqrt(dx * dx + dy * dy) - c.r >= kCrowdCsmCutoff) continue;
    buf.columns.push_back(&c);
  }
}

size_t Crowd::unhidden(size_t i, size_t m, NeighbourBuffers& buf) const {
  // JuPedSim drops a neighbour when the segment between the centres crosses a boundary segment
  // (the segment to j, across the seam of a corridor without ends its image).
  if (buf.walls.empty() && buf.columns.empty()) return m;
  const double xi = people_.x[i], yi = people_.y[i];
  size_t w = 0;
  for (size_t k = 0; k < m; ++k) {
    const double dx = buf.dx[k], dy = buf.dy[k];
    bool hidden = false;
    double t;
    for (size_t q = 0; q < buf.walls.size() && !hidden; ++q)
      hidden = path_meets(xi, yi, xi + dx, yi + dy, *buf.walls[q], t);
    for (size_t q = 0; q < buf.columns.size() && !hidden; ++q)
      hidden = path_enters(xi, yi, xi + dx, yi + dy, *buf.columns[q], t);
    if (hidden) continue;
    buf.seen[w] = buf.seen[k];
    buf.dx[w] = dx;
    buf.dy[w] = dy;
    buf.d[w] = buf.d[k];
    buf.reach[w] = buf.reach[k];
    ++w;
  }
  return w;
}

void Crowd::csm_repulsion(size_t m, const NeighbourBuffers& buf, double& sx_out, double& sy_out) const {
  // a·exp((r_i + r_j − d)/D) along δ/d from each seen, in ascending index, none from one at the
  // same place: two at a time, each lane the scalar's operations (the exponential and the
  // divisions are most of this model's work), so a lane gives the scalar's bits.
  const CrowdParams& p = params_;
  const double *bdx = buf.dx.data(), *bdy = buf.dy.data(), *bd = buf.d.data(), *bl = buf.reach.data();
  double sx = sx_out, sy = sy_out;  // in registers, not through the references
  size_t k = 0;
  for (; k + 1 < m; k += 2) {
    const DetF64x2 dx = {bdx[k], bdx[k + 1]}, dy = {bdy[k], bdy[k + 1]}, d = {bd[k], bd[k + 1]},
                   l = {bl[k], bl[k + 1]};
    const DetF64x2 rep = det_splat(p.csm_a) * det_exp_x2((l - d) / det_splat(p.csm_d));
    const DetF64x2 tx = rep * dx / d, ty = rep * dy / d;
    for (int lane = 0; lane < 2; ++lane)
      if (d[lane] != 0.0) {
        sx -= tx[lane];
        sy -= ty[lane];
      }
  }
  if (k < m && bd[k] != 0.0) {
    const double rep = p.csm_a * det_exp((bl[k] - bd[k]) / p.csm_d);
    sx -= rep * bdx[k] / bd[k];
    sy -= rep * bdy[k] / bd[k];
  }
  sx_out = sx;
  sy_out = sy;
}

}  // namespace bandada
