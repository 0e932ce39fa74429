// Bandada — the 2-D feedback engine (see feedback2d.h and docs/models/feedback2d.md).
#include "feedback2d.h"

#include <algorithm>
#include <cmath>

#include "common/det_math.h"
#include "common/fingerprint.h"

namespace bandada {
namespace {

constexpr double kWidth = 1000.0, kHeight = 700.0;
constexpr double kMaxSpeed = 3.5;

/// A point that would leave [0, hi] along one axis is put back on the border, with its outward
/// velocity removed.
void put_back(double& q, double& w, double hi) {
  if (q < 0.0) {
    q = 0.0;
    if (w < 0.0) w = 0.0;
  }
  if (q > hi) {
    q = hi;
    if (w > 0.0) w = 0.0;
  }
}
}  // namespace

const char* operation_name(Feedback2dOperation op) {
  static const char* const kNames[] = {"flock", "probabilistic", "sum", "gravity"};  // enum order
  return kNames[static_cast<int>(op)];
}

const char* regime_name(Feedback2dRegime r) {
  static const char* const kNames[] = {"edge", "chaos", "fixed point"};  // enum order
  return kNames[static_cast<int>(r)];
}

double feedback2d_wall(double c, double extent) {
  double f = 0.0;
  if (c < 60.0) f += 0.1 * (1.0 - c / 60.0);
  const double far = extent - c;
  if (far < 60.0) f -= 0.1 * (1.0 - far / 60.0);
  return f;
}

Feedback2d::Feedback2d(const Feedback2dParams& p) : params_(p), rng_(p.seed) {
  const size_t n = p.n;
  for (auto* v : {&px_, &py_, &vx_, &vy_, &dphi_}) v->assign(n, 0.0);
  for (auto* v : {&mA_, &mS_, &mG_}) v->assign(n, 1.0);
  neighbors_.assign(n, 0);
  is_v_.assign(n, 1);
  for (size_t i = 0; i < n; ++i) {
    px_[i] = 60.0 + 880.0 * rng_.next();
    py_[i] = 60.0 + 580.0 * rng_.next();
    const double phi = 2.0 * kPi * rng_.next();
    const double speed = 0.5 + 1.5 * rng_.next();
    vx_[i] = speed * det_cos(phi);
    vy_[i] = speed * det_sin(phi);
  }
  start_result();
}

Feedback2d::Feedback2d(const Feedback2dParams& p, std::vector<double> x, std::vector<double> y,
                       std::vector<double> vx, std::vector<double> vy)
    : params_(p), rng_(p.seed), px_(std::move(x)), py_(std::move(y)), vx_(std::move(vx)), vy_(std::move(vy)) {
  const size_t n = px_.size();
  params_.n = static_cast<uint32_t>(n);
  dphi_.assign(n, 0.0);
  for (auto* v : {&mA_, &mS_, &mG_}) v->assign(n, 1.0);
  neighbors_.assign(n, 0);
  is_v_.assign(n, 1);
  start_result();
}

void Feedback2d::start_result() {
  const size_t n = px_.size();
  std::vector<std::vector<uint32_t>> nb;
  find_neighbours(nb);
  for (size_t i = 0; i < n; ++i) neighbors_[i] = static_cast<uint32_t>(nb[i].size());
  phase_cohesion();
  phase_result(false);  // no ΔR for the start: the history starts empty
}

void Feedback2d::set_live_params(const Feedback2dParams& p) {
  const uint32_t n = params_.n, seed = params_.seed;
  params_ = p;
  params_.n = n;
  params_.seed = seed;
}

void Feedback2d::find_neighbours(std::vector<std::vector<uint32_t>>& out) const {
  // A uniform grid of cells at least r wide; each list ends in ascending index.
  const size_t n = px_.size();
  const double r = params_.r;
  const int gx = std::max(1, std::min(256, static_cast<int>(kWidth / r)));
  const int gy = std::max(1, std::min(256, static_cast<int>(kHeight / r)));
  const double cw = kWidth / gx, ch = kHeight / gy;
  auto cell_of = [&](double v, double size, int count) {
    int c = static_cast<int>(v / size);
    return c < 0 ? 0 : (c >= count ? count - 1 : c);
  };
  std::vector<uint32_t> start(static_cast<size_t>(gx) * gy + 1, 0), order(n), cell(n);
  for (size_t i = 0; i < n; ++i) {
    cell[i] = static_cast<uint32_t>(cell_of(py_[i], ch, gy) * gx + cell_of(px_[i], cw, gx));
    ++start[cell[i] + 1];
  }
  for (size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  std::vector<uint32_t> fill(start.begin(), start.end() - 1);
  for (size_t i = 0; i < n; ++i) order[fill[cell[i]]++] = static_cast<uint32_t>(i);
  out.assign(n, {});
  for (size_t i = 0; i < n; ++i) {
    const int cx = static_cast<int>(cell[i] % gx), cy = static_cast<int>(cell[i] / gx);
    for (int y = std::max(0, cy - 1); y <= std::min(gy - 1, cy + 1); ++y)
      for (int x = std::max(0, cx - 1); x <= std::min(gx - 1, cx + 1); ++x)
        for (uint32_t k = start[y * gx + x]; k < start[y * gx + x + 1]; ++k) {
          const uint32_t j = order[k];
          if (j == i) continue;
          const double dx = px_[j] - px_[i], dy = py_[j] - py_[i];
          if (std::sqrt(dx * dx + dy * dy) < r) out[i].push_back(j);
        }
    std::sort(out[i].begin(), out[i].end());
  }
}

/// Point i's cohesion (cxi, cyi) and alignment (axi, ayi) terms under the operation: its kept
/// neighbours' means (every neighbour unless `kept` filters them), the last result R, or
/// gravity over all pairs.
void Feedback2d::operation_terms(size_t i, const std::vector<uint32_t>& near,
                                 const std::vector<uint8_t>* kept, double G, double& cxi, double& cyi,
                                 double& axi, double& ayi) const {
  const size_t n = px_.size();
  const Feedback2dParams& p = params_;
  // Neighbour means (kept neighbours only in Probabilistic).
  double mpx = 0, mpy = 0, mvx = 0, mvy = 0;
  size_t k = 0;
  for (size_t a = 0; a < near.size(); ++a) {
    if (kept && !(*kept)[a]) continue;
    const uint32_t j = near[a];
    mpx += px_[j];
    mpy += py_[j];
    mvx += vx_[j];
    mvy += vy_[j];
    ++k;
  }
  const double kk = static_cast<double>(k);
  switch (p.operation) {
    case Feedback2dOperation::flock:
    case Feedback2dOperation::probabilistic:
      if (k > 0) {
        cxi = 0.003 * (mpx / kk - px_[i]);
        cyi = 0.003 * (mpy / kk - py_[i]);
        axi = 0.05 * (mvx / kk - vx_[i]);
        ayi = 0.05 * (mvy / kk - vy_[i]);
      }
      break;
    case Feedback2dOperation::sum:
      cxi = 0.0004 * (R_.cx - px_[i]);
      cyi = 0.0004 * (R_.cy - py_[i]);
      axi = 0.04 * (R_.vx - vx_[i]);
      ayi = 0.04 * (R_.vy - vy_[i]);
      break;
    case Feedback2dOperation::gravity: {
      double gx = 0, gy = 0;  // all pairs, ascending j: the force has no cut-off
      for (size_t j = 0; j < n; ++j) {
        if (j == i) continue;
        const double dx = px_[j] - px_[i], dy = py_[j] - py_[i];
        const double q = dx * dx + dy * dy + 400.0;
        const double w = q * std::sqrt(q);
        gx += dx / w;
        gy += dy / w;
      }
      cxi = G * gx;
      cyi = G * gy;
      if (k > 0) {
        axi = 0.015 * (mvx / kk - vx_[i]);
        ayi = 0.015 * (mvy / kk - vy_[i]);
      }
      break;
    }
  }
}

/// Point i's separation push (before its weight 0.6): every neighbour within the range, each
/// falling off linearly with distance.
void Feedback2d::separation(size_t i, const std::vector<uint32_t>& near, double sep_range, double& sx,
                            double& sy) const {
  for (uint32_t j : near) {
    const double dx = px_[i] - px_[j], dy = py_[i] - py_[j];
    const double d = std::sqrt(dx * dx + dy * dy);
    if (d > 0.0 && d < sep_range) {
      const double fall = 1.0 - d / sep_range;
      sx += dx / d * fall;
      sy += dy / d * fall;
    }
  }
}

void Feedback2d::phase_local_rule() {
  const size_t n = px_.size();
  const Feedback2dParams& p = params_;
  const bool probabilistic = p.operation == Feedback2dOperation::probabilistic;
  std::vector<std::vector<uint32_t>> nb;
  find_neighbours(nb);
  // Draws, in the spec's order: the probabilistic filter (i, then j ascending), then ξ_i.
  std::vector<std::vector<uint8_t>> kept(n);
  if (probabilistic) {
    for (size_t i = 0; i < n; ++i) {
      kept[i].resize(nb[i].size());
      for (size_t a = 0; a < nb[i].size(); ++a) {
        const double prob = is_v_[nb[i][a]] == is_v_[i] ? 0.9 : 0.3;
        kept[i][a] = rng_.next() < prob ? 1 : 0;
      }
    }
  }
  std::vector<double> xi(n);
  for (size_t i = 0; i < n; ++i) xi[i] = 2.0 * rng_.next() - 1.0;

  // Heading of the last result for the no-contradiction correction (zero below order 0.15).
  const double hx = R_.order < 0.15 ? 0.0 : R_.hx, hy = R_.order < 0.15 ? 0.0 : R_.hy;
  const double sep_range = 0.4 * p.r;
  const double G = 540.0 / static_cast<double>(n);
  std::vector<double> nx(n), ny(n), nvx(n), nvy(n);
  for (size_t i = 0; i < n; ++i) {
    double cxi = 0, cyi = 0, axi = 0, ayi = 0, sx = 0, sy = 0;
    operation_terms(i, nb[i], probabilistic ? &kept[i] : nullptr, G, cxi, cyi, axi, ayi);
    separation(i, nb[i], sep_range, sx, sy);
    sx *= 0.6;
    sy *= 0.6;
    double ncx = 0, ncy = 0;
    if (p.no_contradiction && !is_v_[i]) {
      const double speed = std::sqrt(vx_[i] * vx_[i] + vy_[i] * vy_[i]);
      ncx = 0.05 * (speed * hx - vx_[i]) + 0.001 * (R_.cx - px_[i]);
      ncy = 0.05 * (speed * hy - vy_[i]) + 0.001 * (R_.cy - py_[i]);
    }
    const double fx = p.alpha * mA_[i] * cxi + p.sigma * mS_[i] * sx + p.lambda * axi + ncx +
                      feedback2d_wall(px_[i], kWidth);
    const double fy = p.alpha * mA_[i] * cyi + p.sigma * mS_[i] * sy + p.lambda * ayi + ncy +
                      feedback2d_wall(py_[i], kHeight);
    double theta = p.turn * mG_[i] * xi[i] * 0.5;
    if (probabilistic) theta *= 1.6;
    const double ux = vx_[i] + fx, uy = vy_[i] + fy;
    const double c = det_cos(theta), s = det_sin(theta);
    double wx = ux * c - uy * s, wy = ux * s + uy * c;
    const double speed = std::sqrt(wx * wx + wy * wy);
    if (speed > kMaxSpeed) {
      const double scale = kMaxSpeed / speed;
      wx *= scale;
      wy *= scale;
    }
    double qx = px_[i] + wx, qy = py_[i] + wy;
    put_back(qx, wx, kWidth);
    put_back(qy, wy, kHeight);
    const bool zero = (vx_[i] == 0.0 && vy_[i] == 0.0) || (wx == 0.0 && wy == 0.0);
    dphi_[i] = zero ? 0.0 : det_atan2(vx_[i] * wy - vy_[i] * wx, vx_[i] * wx + vy_[i] * wy);
    nx[i] = qx;
    ny[i] = qy;
    nvx[i] = wx;
    nvy[i] = wy;
    neighbors_[i] = static_cast<uint32_t>(nb[i].size());  // the full set, before any filtering
  }
  px_.swap(nx);
  py_.swap(ny);
  vx_.swap(nvx);
  vy_.swap(nvy);
}

void Feedback2d::phase_cohesion() {
  const size_t n = px_.size();
  const double nn = static_cast<double>(n);
  R_prev_ = R_;
  double cx = 0, cy = 0, vx = 0, vy = 0, hx = 0, hy = 0;
  for (size_t i = 0; i < n; ++i) {
    cx += px_[i];
    cy += py_[i];
    vx += vx_[i];
    vy += vy_[i];
    const double s = std::sqrt(vx_[i] * vx_[i] + vy_[i] * vy_[i]);
    if (s > 0.0) {
      hx += vx_[i] / s;
      hy += vy_[i] / s;
    }
  }
  cx /= nn;
  cy /= nn;
  double spread = 0;
  for (size_t i = 0; i < n; ++i) {
    const double dx = px_[i] - cx, dy = py_[i] - cy;
    spread += dx * dx + dy * dy;
  }
  const double hlen = std::sqrt(hx * hx + hy * hy);
  R_.cx = cx;
  R_.cy = cy;
  R_.vx = vx / nn;
  R_.vy = vy / nn;
  R_.D = std::sqrt(spread / nn);
  R_.order = hlen / nn;
  R_.hx = hlen > 0.0 ? hx / hlen : 0.0;
  R_.hy = hlen > 0.0 ? hy / hlen : 0.0;
}

void Feedback2d::phase_result(bool record_delta) {
  const size_t n = px_.size();
  size_t v_count = 0;
  for (size_t i = 0; i < n; ++i) {
    const double dx = px_[i] - R_.cx, dy = py_[i] - R_.cy;
    bool v = std::sqrt(dx * dx + dy * dy) <= 2.2 * R_.D;
    if (v && R_.order >= 0.15) {
      const double s = std::sqrt(vx_[i] * vx_[i] + vy_[i] * vy_[i]);
      const double dot = s > 0.0 ? vx_[i] / s * R_.hx + vy_[i] / s * R_.hy : 0.0;
      v = dot >= 0.0;
    }
    is_v_[i] = v ? 1 : 0;
    v_count += v ? 1 : 0;
  }
  R_.coherence = static_cast<double>(v_count) / static_cast<double>(n);
  R_.delta = 0.0;
  if (record_delta && has_prev_) {
    const double dcx = R_.cx - R_prev_.cx, dcy = R_.cy - R_prev_.cy;
    R_.delta = std::sqrt(dcx * dcx + dcy * dcy) / 1000.0 + std::fabs(R_.D - R_prev_.D) / 1000.0 +
               std::fabs(R_.order - R_prev_.order);
    delta_history_.push_back(R_.delta);
  }
  has_prev_ = true;
}

void Feedback2d::phase_counter_rule() {
  const size_t n = px_.size();
  const double k = 0.04 * params_.feedback;
  double nbar = 0, dbar = 0;
  for (size_t i = 0; i < n; ++i) {
    nbar += neighbors_[i];
    dbar += std::fabs(dphi_[i]);
  }
  nbar /= static_cast<double>(n);
  dbar /= static_cast<double>(n);
  for (size_t i = 0; i < n; ++i) {
    const double dx = px_[i] - R_.cx, dy = py_[i] - R_.cy;
    const double d = std::sqrt(dx * dx + dy * dy);
    if (R_.D != 0.0) mA_[i] += k * (d / R_.D - 1.0);
    if (nbar != 0.0) mS_[i] += k * (neighbors_[i] / nbar - 1.0);
    if (dbar != 0.0) mG_[i] -= k * (std::fabs(dphi_[i]) / dbar - 1.0);
    for (double* m : {&mA_[i], &mS_[i], &mG_[i]}) {
      *m += 0.005 * (1.0 - *m);
      *m = std::min(3.0, std::max(0.2, *m));
    }
  }
}

void Feedback2d::advance_phase() {
  switch (next_phase_) {
    case Feedback2dPhase::local_rule:
      phase_local_rule();
      break;
    case Feedback2dPhase::cohesion:
      phase_cohesion();
      break;
    case Feedback2dPhase::result:
      phase_result(true);
      break;
    case Feedback2dPhase::counter_rule:
      phase_counter_rule();
      ++cycles_;
      break;
  }
  next_phase_ = static_cast<Feedback2dPhase>(static_cast<int>(next_phase_) % 4 + 1);
}

const char* phase_name(Feedback2dPhase p) {
  static const char* const kNames[] = {"1 · local rule", "2 · cohesion", "3 · result R", "4 · counter-rule"};
  return kNames[static_cast<int>(p) - 1];
}

void Feedback2d::cycle() {
  do advance_phase();
  while (next_phase_ != Feedback2dPhase::local_rule);
}

Feedback2dRegime Feedback2d::regime() const {
  const size_t m = delta_history_.size();
  if (m >= 120) {
    double sum = 0;
    for (size_t i = m - 120; i < m; ++i) sum += delta_history_[i];
    if (sum / 120.0 < 0.0015) return Feedback2dRegime::fixed_point;
  }
  if (R_.order < 0.25 && R_.coherence < 0.6) return Feedback2dRegime::chaos;
  return Feedback2dRegime::edge;
}

}  // namespace bandada

namespace bandada {

uint64_t Feedback2d::fingerprint() const {
  Fingerprint fp;
  fp.add(static_cast<uint64_t>(size()));
  for (size_t i = 0; i < size(); ++i) {
    for (double v : {px_[i], py_[i], vx_[i], vy_[i], mA_[i], mS_[i], mG_[i]}) fp.add(v);
    fp.add(static_cast<uint64_t>(is_v_[i]));
  }
  for (double v : {R_.cx, R_.cy, R_.vx, R_.vy, R_.D, R_.order, R_.hx, R_.hy, R_.coherence, R_.delta})
    fp.add(v);
  fp.add(static_cast<uint64_t>(static_cast<int>(next_phase_)));
  return fp.value();
}

}  // namespace bandada
