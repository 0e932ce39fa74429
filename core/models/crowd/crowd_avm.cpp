// Bandada — the anticipation velocity model (Xu, Chraibi and Seyfried 2021, "Anticipation in a
// velocity-based model for pedestrian dynamics"; see docs/models/crowd.md, "The anticipation
// velocity model"), as JuPedSim computes it at commit bf665b1e6 (AnticipationVelocityModel.cpp,
// with PR #1516's rules against freezing): the neighbours in sight push sideways, off the desired
// direction, harder the sooner the gap closes; the direction turns toward the result over the
// reaction time; the speed is the spacing ahead over the time gap, a creep of ±0.01 m/s or a stop
// drawn at random when it falls below 0.01 m/s; within the wall buffer the direction slides along
// the wall and is pushed out of it. Every person's from the state before the internal step (their
// orientation too: avm_keep takes the new one after everyone's), each sum in ascending index. Where
// JuPedSim draws from one generator in the agents' order, the draws here are keyed by the seed, the
// model time, the person, the neighbour and the purpose, so the bits do not depend on order or threads.
#include <cfloat>
#include <cmath>
#include <cstring>

#include "common/det_math.h"
#include "crowd.h"
#include "crowd_geometry.h"

namespace bandada {
namespace {

constexpr double kCreepSpeed = 0.01;     // m/s: below it, a random creep forward, back, or a stop
constexpr double kSideAlignment = 1e-3;  // m: a neighbour this near straight ahead: a random side
constexpr double kSpacingBuffer = 0.02;  // m: the corridor ahead is r_i + r_j + this wide
constexpr uint32_t kDrawSide = 1, kDrawCreep = 2;

/// JuPedSim's Normalized: (0, 0) for a vector of length at most DBL_EPSILON.
void normalized(double& x, double& y) {
  const double n = std::sqrt(x * x + y * y);
  if (n > DBL_EPSILON) {
    x /= n;
    y /= n;
  } else {
    x = y = 0.0;
  }
}

}  // namespace

uint64_t Crowd::avm_draw(uint32_t id, uint32_t other, uint32_t purpose) const {
  uint64_t bits;
  static_assert(sizeof bits == sizeof t_, "the model time's bits key the draw");
  std::memcpy(&bits, &t_, sizeof bits);
  uint64_t z = (static_cast<uint64_t>(params_.seed) << 32 | id) ^ (bits * 0x9E3779B97F4A7C15ull) ^
               ((static_cast<uint64_t>(other) << 8 | purpose) * 0xD6E8FEB86659FD93ull);
  for (int k = 0; k < 2; ++k) {  // SplitMix64, twice
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
  }
  return z;
}

void Crowd::avm_velocity(size_t i, const std::vector<uint32_t>& near, NeighbourBuffers& buf) {
  const CrowdParams& p = params_;
  const double oxi = people_.ox[i], oyi = people_.oy[i];
  people_.pressure[i] = 0.0;  // no forces in this model
  scratch_.ox[i] = oxi;
  scratch_.oy[i] = oyi;
  if (waits(i)) {  // before their premovement time a person stands
    scratch_.ax[i] = scratch_.ay[i] = 0.0;
    return;
  }
  double ex, ey;  // the desired direction d_i
  desired(i, ex, ey);
  if (p.herding > 0.0) herd(i, near, ex, ey);
  surfaces_near(i, buf);
  static_assert(kCrowdCsmCutoff == 3.0, "JuPedSim's cut-off, 3 m, squared below");
  const size_t m = unhidden(i, within(i, near, 9.0, true, false, buf), buf);
  double rx = 0.0, ry = 0.0;
  avm_repulsion(i, m, buf, ex, ey, rx, ry);
  double dirx = ex + rx, diry = ey + ry;
  normalized(dirx, diry);
  if (dirx == 0.0 && diry == 0.0) {
    dirx = oxi;
    diry = oyi;
  }
  // The turn over the reaction time (Eq. 7); at once when the new direction and the present one
  // lie on opposite sides of the desired one's normal.
  if (!((ex * dirx + ey * diry) * (ex * oxi + ey * oyi) < 0)) {
    double cx = dirx, cy = diry;
    normalized(cx, cy);
    dirx = oxi + (cx - oxi) / p.avm_tr * scratch_.h;
    diry = oyi + (cy - oyi) / p.avm_tr * scratch_.h;
  }
  normalized(dirx, diry);
  // The spacing: the nearest neighbour ahead within the corridor r_i + r_j + 0.02 m wide each side.
  double spacing = DBL_MAX;
  for (size_t q = 0; q < m; ++q) {
    const double dx = buf.dx[q], dy = buf.dy[q];
    if (!(dirx * dx + diry * dy >= 0)) continue;
    const double l = buf.reach[q] + kSpacingBuffer;
    if (!(std::fabs(-diry * dx + dirx * dy) <= l)) continue;
    spacing = std::fmin(spacing, buf.d[q] - l);
  }
  double speed = spacing / p.avm_t;
  if (std::fabs(speed) < kCreepSpeed) {
    const uint64_t r = avm_draw(people_.id[i], 0, kDrawCreep) % 3;
    speed = r == 0 ? kCreepSpeed : r == 1 ? -kCreepSpeed : 0.0;
  }
  speed = std::fmin(std::fmax(speed, -kCreepSpeed), desired_speed(i));
  avm_slide(i, buf, dirx, diry);
  normalized(dirx, diry);
  scratch_.ax[i] = dirx * speed;
  scratch_.ay[i] = diry * speed;
  scratch_.ox[i] = dirx;
  scratch_.oy[i] = diry;
}

void Crowd::avm_repulsion(size_t i, size_t m, const NeighbourBuffers& buf, double ex, double ey, double& rx,
                          double& ry) const {
  const CrowdParams& p = params_;
  const double vxi = people_.vx[i], vyi = people_.vy[i], oxi = people_.ox[i], oyi = people_.oy[i];
  // The neighbours' repulsion (Eqs. 1-5): from those in the perception range (ahead of where they
  // want to go or of where they face), strength·(1 + (1 − d_i·e_j)/2)·exp(−R/range), R the gap
  // less what the anticipation time closes; sideways, away from where the neighbour will be.
  double ox = -ey, oy = ex;  // the desired direction turned left
  normalized(ox, oy);
  for (size_t q = 0; q < m; ++q) {
    const uint32_t j = buf.seen[q];
    const double dx = buf.dx[q], dy = buf.dy[q], n = buf.d[q];
    const bool apart = n > DBL_EPSILON;
    const double epx = apart ? dx / n : 0.0, epy = apart ? dy / n : 0.0, dist = apart ? n : 0.0;
    if (!(ex * epx + ey * epy >= 0 || oxi * epx + oyi * epy >= 0)) continue;
    const double vxj = people_.vx[j], vyj = people_.vy[j];
    const double gap = ((vxi - vxj) * epx + (vyi - vyj) * epy) * p.avm_ta;
    const double R = std::fmax(dist - buf.reach[q] - gap, 0.0);
    const double align = 1.0 + 0.5 * (1.0 - (ex * people_.ox[j] + ey * people_.oy[j]));
    const double strength = p.avm_a * align * det_exp(-R / p.avm_d);
    const double px = dx + vxj * p.avm_ta, py = dy + vyj * p.avm_ta;  // e_ij(t + t_a)
    const double alignment = ox * px + oy * py;
    const bool right = std::fabs(alignment) < kSideAlignment
                           ? avm_draw(people_.id[i], people_.id[j], kDrawSide) % 2 == 0
                           : alignment > 0;
    rx += (right ? -ox : ox) * strength;
    ry += (right ? -oy : oy) * strength;
  }
}

void Crowd::avm_slide(size_t i, const NeighbourBuffers& buf, double& dirx, double& diry) const {
  const CrowdParams& p = params_;
  const double xi = people_.x[i], yi = people_.y[i];
  // The walls (then the columns) within the buffer: a direction into one loses that part, and is
  // pushed out of it.
  const double critical = p.avm_buffer + people_.r[i];
  auto slide = [&](double qx, double qy) {
    double nx = xi - qx, ny = yi - qy;
    const double d = std::sqrt(nx * nx + ny * ny);
    if (d > critical) return;
    normalized(nx, ny);
    const double dot = dirx * nx + diry * ny;
    if (dot < 0) {
      dirx = dirx - nx * dot + nx * p.avm_pushout;
      diry = diry - ny * dot + ny * p.avm_pushout;
    }
  };
  for (size_t w = 0; w < buf.walls.size(); ++w) slide(buf.wall_qx[w], buf.wall_qy[w]);
  for (const CrowdColumn* c : buf.columns) {
    double ux = xi - c->x, uy = yi - c->y;
    normalized(ux, uy);
    slide(c->x + c->r * ux, c->y + c->r * uy);
  }
}

void Crowd::avm_keep(size_t i) {
  people_.ox[i] = scratch_.ox[i];
  people_.oy[i] = scratch_.oy[i];
}

}  // namespace bandada
