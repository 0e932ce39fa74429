// Bandada — the social force model (see crowd.h and docs/models/crowd.md, "Forces"): each
// person's acceleration from the drive, the people and the surfaces near, and the fluctuation,
// from the positions before the internal step. Herding, which mixes the desired direction with
// the neighbours', is here too; the collision-free speed model uses it as well (crowd_csm.cpp).
#include <cmath>

#include "common/det_math.h"
#include "crowd.h"

namespace bandada {

/// The mean direction of motion of those within R, blended with the desired direction e by the
/// herding weight and made unit again (Helbing's panic parameter).
void Crowd::herd(size_t i, const std::vector<uint32_t>& near, double& ex, double& ey) const {
  const CrowdParams& p = params_;
  const double xi = people_.x[i], yi = people_.y[i];
  double mx = 0, my = 0;
  size_t count = 0;
  for (uint32_t j : near) {
    const double dx = sep_x(people_.x[j] - xi), dy = people_.y[j] - yi;
    if (std::sqrt(dx * dx + dy * dy) >= p.herd_radius) continue;
    const double s = std::sqrt(people_.vx[j] * people_.vx[j] + people_.vy[j] * people_.vy[j]);
    if (s > 0.0) {
      mx += people_.vx[j] / s;
      my += people_.vy[j] / s;
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
void Crowd::forces_on(size_t i, const std::vector<uint32_t>& near, NeighbourBuffers& buf) {
  const CrowdParams& p = params_;
  const double xi = people_.x[i], yi = people_.y[i], vxi = people_.vx[i], vyi = people_.vy[i],
               ri = people_.r[i];
  double ex, ey;
  desired(i, ex, ey);
  if (p.herding > 0.0) herd(i, near, ex, ey);
  // Before their premovement time a person stands: the drive brings them to rest, and they keep
  // no distance (no social force on them); bodies that touch them still push.
  const bool still = waits(i);
  const double v0 = still ? 0.0 : desired_speed(i), social = still ? 0.0 : p.sfm_a,
               wall_social = still ? 0.0 : p.sfm_wall_a;
  double fx = kCrowdMass * (v0 * ex - vxi) / p.sfm_tau, fy = kCrowdMass * (v0 * ey - vyi) / p.sfm_tau;
  if (p.sfm_noise > 0.0 && !still) {
    double gx, gy;
    fluctuation(people_.id[i], gx, gy);
    fx += p.sfm_noise * gx;
    fy += p.sfm_noise * gy;
  }
  double normal = 0;
  // The neighbours within reach (sqrt(s) < 2 exactly when s < 4) and not at the same place, in
  // ascending index.
  static_assert(kCrowdReach == 2.0, "the squared reach below is 2 squared");
  sfm_pairs(i, within(i, near, 4.0, false, true, buf), buf, social, fx, fy, normal);
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
    if (beyond_reach(w, xi, yi, kCrowdReach)) continue;  // (measured, it would be skipped below)
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
  people_.pressure[i] = normal / (2.0 * kPi * ri);
}

void Crowd::sfm_pairs(size_t i, size_t m, const NeighbourBuffers& buf, double social, double& fx_out,
                      double& fy_out, double& normal_out) const {
  // The normal force (social repulsion and body), then sliding friction where bodies touch, from
  // each in ascending index. The direction, the exponential and the normal force two at a time,
  // each lane the scalar's operations (most of the model's work), so a lane gives the scalar's
  // bits; the sums one by one, in order.
  const CrowdParams& p = params_;
  const double vxi = people_.vx[i], vyi = people_.vy[i];
  const double *bdx = buf.dx.data(), *bdy = buf.dy.data(), *bd = buf.d.data(), *bl = buf.reach.data();
  double fx = fx_out, fy = fy_out, normal = normal_out;  // in registers, not through the references
  auto add = [&](size_t k, double nx, double ny, double overlap, double fn) {
    fx += fn * nx;
    fy += fn * ny;
    normal += fn;
    if (overlap > 0) {
      const uint32_t j = buf.seen[k];
      const double tx = -ny, ty = nx, dvt = (people_.vx[j] - vxi) * tx + (people_.vy[j] - vyi) * ty;
      fx += p.sfm_kappa * overlap * dvt * tx;
      fy += p.sfm_kappa * overlap * dvt * ty;
    }
  };
  size_t k = 0;
  for (; k + 1 < m; k += 2) {
    const DetF64x2 d = {bd[k], bd[k + 1]}, nx = DetF64x2{bdx[k], bdx[k + 1]} / d,
                   ny = DetF64x2{bdy[k], bdy[k + 1]} / d, overlap = DetF64x2{bl[k], bl[k + 1]} - d;
    // k·overlap where overlap > 0, else +0 (the scalar's 0.0)
    const DetF64x2 body = det_where(overlap > det_splat(0.0), det_splat(p.sfm_k) * overlap);
    const DetF64x2 fn = det_splat(social) * det_exp_x2(overlap / det_splat(p.sfm_b)) + body;
    add(k, nx[0], ny[0], overlap[0], fn[0]);
    add(k + 1, nx[1], ny[1], overlap[1], fn[1]);
  }
  if (k < m) {
    const double d = bd[k], nx = bdx[k] / d, ny = bdy[k] / d, overlap = bl[k] - d;
    add(k, nx, ny, overlap, social * det_exp(overlap / p.sfm_b) + (overlap > 0 ? p.sfm_k * overlap : 0.0));
  }
  fx_out = fx;
  fy_out = fy;
  normal_out = normal;
}

}  // namespace bandada
