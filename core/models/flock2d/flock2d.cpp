// Bandada — the 2-D flock with predators and attractors (see flock2d.h, docs/models/flock2d.md).
#include "flock2d.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/det_math.h"
#include "common/fingerprint.h"
#include "common/parallel.h"

namespace bandada {
namespace {

constexpr double kW = kFlockWidth, kH = kFlockHeight;

}  // namespace

void limit(double& x, double& y, double m) {
  const double len = std::sqrt(x * x + y * y);
  if (len > m) {
    const double s = m / len;
    x *= s;
    y *= s;
  }
}

double minimal_image(double d, double L) { return d - L * std::floor(d / L + 0.5); }

double wrap_torus(double x, double L) {
  double y = x - L * std::floor(x / L);
  // NOT A BUG: for |x| beyond ~1e16 the product L·floor(x/L) rounds past x and y falls outside
  // [0, L); such a coordinate carries no position information left, so it lands on 0. For every
  // smaller x this changes nothing (the same bits as before).
  if (y < 0.0) y += L;
  return y >= L || y < 0.0 ? 0.0 : y;
}

Flock2d::Flock2d(const Flock2dParams& p) : params_(p), rng_(p.seed) { draw_boids(p.n); }

Flock2d::Flock2d(const Flock2dParams& p, std::vector<double> x, std::vector<double> y, std::vector<double> vx,
                 std::vector<double> vy)
    : params_(p), rng_(p.seed), px_(std::move(x)), py_(std::move(y)), vx_(std::move(vx)), vy_(std::move(vy)) {
  params_.n = static_cast<uint32_t>(px_.size());
}

void Flock2d::draw_boids(size_t count) {
  nearest_known_ = groups_known_ = false;
  while (params_.start == Start::orbits && px_.size() < count) {
    // Round the centre at R = 60 … 220, counter-clockwise at f = 0.6 … 1 of the circular speed for
    // the attractor pull there (w_g·R/max(R, r_s)): the start is each orbit's far point.
    const double radius = 60.0 + 160.0 * rng_.next();
    const double phi = 2.0 * kPi * rng_.next();
    const double f = 0.6 + 0.4 * rng_.next();
    const double pull = params_.attractor_weight * radius / std::max(radius, params_.separation_radius);
    const double speed = f * std::sqrt(pull * radius);
    const double c = det_cos(phi), s = det_sin(phi);
    px_.push_back(wrap_torus(kW / 2 + radius * c, kW));
    py_.push_back(wrap_torus(kH / 2 + radius * s, kH));
    vx_.push_back(-speed * s);
    vy_.push_back(speed * c);
  }
  while (px_.size() < count) {
    const double x = kW * rng_.next(), y = kH * rng_.next();
    const double phi = 2.0 * kPi * rng_.next();
    const double speed = params_.max_speed * (0.5 + 0.5 * rng_.next());
    px_.push_back(x);
    py_.push_back(y);
    vx_.push_back(speed * det_cos(phi));
    vy_.push_back(speed * det_sin(phi));
  }
}

void Flock2d::set_live_params(const Flock2dParams& p) {
  nearest_known_ = groups_known_ = false;
  const uint32_t seed = params_.seed;
  params_ = p;
  params_.seed = seed;
  if (p.n != px_.size()) {  // no step yet for this N: no turning to measure
    last_vx_.clear();
    last_vy_.clear();
  }
  if (p.n < px_.size()) {
    for (auto* v : {&px_, &py_, &vx_, &vy_}) v->resize(p.n);
  } else {
    draw_boids(p.n);
    push_out_all();  // new boids are never drawn inside an obstacle
  }
}

void Flock2d::add_predator(double x, double y) {
  predators_.push_back({wrap_torus(x, kW), wrap_torus(y, kH)});
  push_out(predators_.back().x, predators_.back().y);  // never inside an obstacle
}
void Flock2d::add_attractor(double x, double y) {
  attractors_.push_back({wrap_torus(x, kW), wrap_torus(y, kH)});
}
void Flock2d::clear_markers() {
  predators_.clear();
  attractors_.clear();
}

bool Flock2d::nearest_marker(double x, double y, bool& predator, size_t& index) const {
  double best = INFINITY;
  for (const std::vector<Marker>* l : {&predators_, &attractors_})
    for (size_t k = 0; k < l->size(); ++k) {
      const double dx = minimal_image((*l)[k].x - x, kW), dy = minimal_image((*l)[k].y - y, kH);
      const double d = dx * dx + dy * dy;
      if (d < best) {
        best = d;
        predator = l == &predators_;
        index = k;
      }
    }
  return best < INFINITY;
}

void Flock2d::remove_marker(bool predator, size_t index) {
  std::vector<Marker>& l = predator ? predators_ : attractors_;
  if (index < l.size()) l.erase(l.begin() + static_cast<long>(index));
}

bool Flock2d::remove_nearest_marker(double x, double y) {
  bool predator = false;
  size_t at = 0;
  if (!nearest_marker(x, y, predator, at)) return false;
  remove_marker(predator, at);
  return true;
}

void Flock2d::marker_pulls(double xi, double yi, double& fpx, double& fpy, double& fgx, double& fgy) const {
  const Flock2dParams& p = params_;
  for (const Marker& m : predators_) {  // away from each predator within 2r, falling off with distance
    const double dx = minimal_image(xi - m.x, kW), dy = minimal_image(yi - m.y, kH);
    const double d = std::sqrt(dx * dx + dy * dy);
    if (d > 0.0 && d < 2.0 * p.r) {
      const double fall = 1.0 - d / (2.0 * p.r);
      fpx += dx / d * fall;
      fpy += dy / d * fall;
    }
  }
  for (const Marker& m : attractors_) {  // toward each attractor, unit strength beyond r_s
    const double dx = minimal_image(m.x - xi, kW), dy = minimal_image(m.y - yi, kH);
    const double d = std::max(std::sqrt(dx * dx + dy * dy), p.separation_radius);
    fgx += dx / d;
    fgy += dy / d;
  }
}

void Flock2d::accelerations(const std::vector<double>& x, const std::vector<double>& y,
                            const std::vector<double>& vx, const std::vector<double>& vy,
                            std::vector<double>& ax, std::vector<double>& ay) const {
  const Flock2dParams& p = params_;
  const size_t n = x.size();
  const NeighbourLists& nb = neighbour_lists(x, y, p.r);
  ax.assign(n, 0.0);
  ay.assign(n, 0.0);
  const bool has_leader = p.leader >= 0 && static_cast<size_t>(p.leader) < n;
  // Each boid's acceleration reads only the given state: blocks of boids on threads, same bits.
  parallel_for(n, threads_, [&](size_t first, size_t last, unsigned) {
    for (size_t i = first; i < last; ++i) {
      double fsx = 0, fsy = 0, mvx = 0, mvy = 0, mcx = 0, mcy = 0;
      for (uint32_t j : nb[i]) {
        const double rx = minimal_image(x[j] - x[i], kW), ry = minimal_image(y[j] - y[i], kH);
        const double d2 = rx * rx + ry * ry;
        mvx += vx[j];
        mvy += vy[j];
        mcx += rx;
        mcy += ry;
        if (d2 > 0.0 && std::sqrt(d2) < p.separation_radius) {
          fsx -= rx / d2;
          fsy -= ry / d2;
        }
      }
      const double k = static_cast<double>(nb[i].size());
      const double dax = k > 0 ? mvx / k : 0.0, day = k > 0 ? mvy / k : 0.0;  // mean v_j
      const double fax = k > 0 ? dax - vx[i] : 0.0, fay = k > 0 ? day - vy[i] : 0.0;
      const double fcx = k > 0 ? mcx / k : 0.0, fcy = k > 0 ? mcy / k : 0.0;
      double fpx = 0, fpy = 0, fgx = 0, fgy = 0;
      marker_pulls(x[i], y[i], fpx, fpy, fgx, fgy);
      bool lead = false;
      double lx = 0, ly = 0;
      if (has_leader && static_cast<int64_t>(i) != p.leader) {
        lx = minimal_image(x[p.leader] - x[i], kW);
        ly = minimal_image(y[p.leader] - y[i], kH);
        lead = std::sqrt(lx * lx + ly * ly) < p.r;
      }
      double a_x, a_y;
      if (p.law == ForceLaw::raw) {
        a_x = p.separation_weight * fsx + p.alignment_weight * fax + p.cohesion_weight * fcx +
              p.predator_weight * fpx + p.attractor_weight * fgx;
        a_y = p.separation_weight * fsy + p.alignment_weight * fay + p.cohesion_weight * fcy +
              p.predator_weight * fpy + p.attractor_weight * fgy;
        if (lead) {
          a_x += p.leader_weight * lx;
          a_y += p.leader_weight * ly;
        }
      } else {
        // Reynolds steering: desired velocity (v_max along d) minus velocity, limited to f_max.
        auto steer = [&](double dx, double dy, double& sx, double& sy) {
          const double len = std::sqrt(dx * dx + dy * dy);
          if (len == 0.0) {
            sx = sy = 0.0;
            return;
          }
          sx = p.max_speed * (dx / len) - vx[i];
          sy = p.max_speed * (dy / len) - vy[i];
          limit(sx, sy, p.max_force);
        };
        double ssx, ssy, sax, say, scx, scy, spx, spy, sgx, sgy;
        steer(fsx, fsy, ssx, ssy);
        steer(dax, day, sax, say);
        steer(fcx, fcy, scx, scy);
        steer(fpx, fpy, spx, spy);
        steer(fgx, fgy, sgx, sgy);
        a_x = p.separation_weight * ssx + p.alignment_weight * sax + p.cohesion_weight * scx +
              p.predator_weight * spx + p.attractor_weight * sgx;
        a_y = p.separation_weight * ssy + p.alignment_weight * say + p.cohesion_weight * scy +
              p.predator_weight * spy + p.attractor_weight * sgy;
        if (lead) {
          double slx, sly;
          steer(lx, ly, slx, sly);
          a_x += p.leader_weight * slx;
          a_y += p.leader_weight * sly;
        }
      }
      if (!circles_.empty() || !walls_.empty()) {  // steering away from the nearest obstacle
        double ox, oy;
        obstacle_force(x[i], y[i], vx[i], vy[i], ox, oy);
        a_x += ox;
        a_y += oy;
      }
      ax[i] = a_x;
      ay[i] = a_y;
    }
  });
}

void Flock2d::move_predators() {
  // Reads the boids of the step's start (px_, py_ before they move).
  const Flock2dParams& p = params_;
  for (Marker& m : predators_) {
    double sx = 0, sy = 0;
    size_t count = 0;
    for (size_t i = 0; i < px_.size(); ++i) {
      const double dx = minimal_image(px_[i] - m.x, kW), dy = minimal_image(py_[i] - m.y, kH);
      if (std::sqrt(dx * dx + dy * dy) < 3.0 * p.r) {
        sx += dx;
        sy += dy;
        ++count;
      }
    }
    if (count > 0) {
      const double mx = sx / static_cast<double>(count), my = sy / static_cast<double>(count);
      const double len = std::sqrt(mx * mx + my * my);
      if (len > 0.0) {
        m.vx = 0.8 * p.max_speed * (mx / len);
        m.vy = 0.8 * p.max_speed * (my / len);
      }
    }
  }
}

void Flock2d::step() {
  nearest_known_ = groups_known_ = false;
  const Flock2dParams& p = params_;
  const size_t n = px_.size();
  std::vector<double> nx(n), ny(n), nvx(n), nvy(n);
  if (p.integrator == Integrator::euler) {
    std::vector<double> ax, ay;
    accelerations(px_, py_, vx_, vy_, ax, ay);
    for (size_t i = 0; i < n; ++i) {
      double vx = vx_[i] + ax[i] * p.dt, vy = vy_[i] + ay[i] * p.dt;
      limit(vx, vy, p.max_speed);
      double dx = vx * p.dt, dy = vy * p.dt;
      keep_out(px_[i], py_[i], dx, dy, vx, vy);  // no path crosses a wall or enters a circle
      nvx[i] = vx;
      nvy[i] = vy;
      nx[i] = wrap_torus(px_[i] + dx, kW);
      ny[i] = wrap_torus(py_[i] + dy, kH);
    }
  } else {
    // RK4 on dp/dt = v, dv/dt = a(p, v); stages do not wrap (minimal images handle it).
    std::vector<double> k1x, k1y, k2x, k2y, k3x, k3y, k4x, k4y;
    std::vector<double> sx(n), sy(n), svx(n), svy(n);
    // The state a stage looks at: the step's start moved by h along the previous stage's
    // velocity (vx, vy) and acceleration (kx, ky).
    auto stage = [&](double h, const std::vector<double>& vx, const std::vector<double>& vy,
                     const std::vector<double>& kx, const std::vector<double>& ky) {
      for (size_t i = 0; i < n; ++i) {
        sx[i] = px_[i] + h * vx[i];
        sy[i] = py_[i] + h * vy[i];
        svx[i] = vx_[i] + h * kx[i];
        svy[i] = vy_[i] + h * ky[i];
      }
    };
    accelerations(px_, py_, vx_, vy_, k1x, k1y);
    const double h = p.dt / 2.0;
    stage(h, vx_, vy_, k1x, k1y);
    const std::vector<double> v2x = svx, v2y = svy;
    accelerations(sx, sy, svx, svy, k2x, k2y);
    stage(h, v2x, v2y, k2x, k2y);
    const std::vector<double> v3x = svx, v3y = svy;
    accelerations(sx, sy, svx, svy, k3x, k3y);
    stage(p.dt, v3x, v3y, k3x, k3y);
    const std::vector<double> v4x = svx, v4y = svy;
    accelerations(sx, sy, svx, svy, k4x, k4y);
    const double s = p.dt / 6.0;
    for (size_t i = 0; i < n; ++i) {
      double vx = vx_[i] + s * (k1x[i] + 2.0 * k2x[i] + 2.0 * k3x[i] + k4x[i]);
      double vy = vy_[i] + s * (k1y[i] + 2.0 * k2y[i] + 2.0 * k3y[i] + k4y[i]);
      limit(vx, vy, p.max_speed);
      double dx = s * (vx_[i] + 2.0 * v2x[i] + 2.0 * v3x[i] + v4x[i]);
      double dy = s * (vy_[i] + 2.0 * v2y[i] + 2.0 * v3y[i] + v4y[i]);
      keep_out(px_[i], py_[i], dx, dy, vx, vy);  // no path crosses a wall or enters a circle
      nvx[i] = vx;
      nvy[i] = vy;
      nx[i] = wrap_torus(px_[i] + dx, kW);
      ny[i] = wrap_torus(py_[i] + dy, kH);
    }
  }
  move_predators();  // from the boids of the step's start
  const bool obstacles = !circles_.empty() || !walls_.empty();
  for (Marker& m : predators_) {
    double dx = m.vx * p.dt, dy = m.vy * p.dt;
    if (obstacles) {  // predators avoid obstacles by the same rule
      double ox, oy;
      obstacle_force(m.x, m.y, m.vx, m.vy, ox, oy);
      m.vx += ox * p.dt;
      m.vy += oy * p.dt;
      limit(m.vx, m.vy, 0.8 * p.max_speed);
      dx = m.vx * p.dt;
      dy = m.vy * p.dt;
      keep_out(m.x, m.y, dx, dy, m.vx, m.vy);
    }
    m.x = wrap_torus(m.x + dx, kW);
    m.y = wrap_torus(m.y + dy, kH);
  }
  px_.swap(nx);
  py_.swap(ny);
  vx_.swap(nvx);
  vy_.swap(nvy);
  last_vx_.swap(nvx);  // the step's start velocities, kept for turning_angle()
  last_vy_.swap(nvy);
  ++steps_;
}

std::vector<uint32_t> Flock2d::neighbour_counts() const {
  const NeighbourLists& nb = neighbour_lists(px_, py_, params_.r);
  std::vector<uint32_t> out(nb.size());
  for (size_t i = 0; i < nb.size(); ++i) out[i] = static_cast<uint32_t>(nb[i].size());
  return out;
}

double Flock2d::order() const {
  if (px_.empty()) return 0.0;
  double ux = 0, uy = 0;
  for (size_t i = 0; i < px_.size(); ++i) {
    const double s = std::sqrt(vx_[i] * vx_[i] + vy_[i] * vy_[i]);
    if (s > 0.0) {
      ux += vx_[i] / s;
      uy += vy_[i] / s;
    }
  }
  return std::sqrt(ux * ux + uy * uy) / static_cast<double>(px_.size());
}

double Flock2d::mean_speed() const {
  if (px_.empty()) return 0.0;
  double sum = 0;
  for (size_t i = 0; i < px_.size(); ++i) sum += std::sqrt(vx_[i] * vx_[i] + vy_[i] * vy_[i]);
  return sum / static_cast<double>(px_.size());
}

double Flock2d::kinetic_energy() const {
  double e = 0;
  for (size_t i = 0; i < px_.size(); ++i) e += (vx_[i] * vx_[i] + vy_[i] * vy_[i]) / 2.0;
  return e;
}

double Flock2d::attractor_potential() const {
  const double rs = params_.separation_radius;
  double e = 0;
  for (size_t i = 0; i < px_.size(); ++i)
    for (const Marker& m : attractors_) {
      const double dx = minimal_image(m.x - px_[i], kW), dy = minimal_image(m.y - py_[i], kH);
      const double d = std::sqrt(dx * dx + dy * dy);
      e += params_.attractor_weight * (d >= rs ? d : d * d / (2.0 * rs) + rs / 2.0);
    }
  return e;
}

Groups Flock2d::groups() const {
  if (groups_known_) return groups_;
  const double* coords[2] = {px_.data(), py_.data()};
  const double period[2] = {kW, kH};
  groups_ = periodic_groups(2, coords, period, px_.size(), params_.r);
  groups_known_ = true;
  return groups_;
}

double Flock2d::turning_angle() const {
  const size_t n = px_.size();
  if (n == 0 || last_vx_.size() != n) return 0.0;
  double sum = 0;
  for (size_t i = 0; i < n; ++i) {
    const double cross = last_vx_[i] * vy_[i] - last_vy_[i] * vx_[i];
    const double dot = last_vx_[i] * vx_[i] + last_vy_[i] * vy_[i];
    sum += std::fabs(det_atan2(cross, dot));  // 0 when either velocity is zero
  }
  return sum / static_cast<double>(n);
}

double Flock2d::leader_distance() const {
  const int64_t l = params_.leader;
  if (l < 0 || static_cast<size_t>(l) >= px_.size()) return NAN;
  // Each axis's circular mean: the angle of Σ (cos θ_i, sin θ_i), θ = 2π·x/L, back to a coordinate.
  auto centre = [](const std::vector<double>& x, double L) {
    double c = 0, s = 0;
    for (double v : x) {
      const double theta = 2.0 * kPi * (wrap_torus(v, L) / L);
      c += det_cos(theta);
      s += det_sin(theta);
    }
    return wrap_torus(det_atan2(s, c) / (2.0 * kPi) * L, L);
  };
  const double dx = minimal_image(centre(px_, kW) - px_[l], kW),
               dy = minimal_image(centre(py_, kH) - py_[l], kH);
  return std::sqrt(dx * dx + dy * dy);
}

double Flock2d::mean_nearest_distance() const {
  if (nearest_known_) return nearest_;
  nearest_known_ = true;
  const size_t n = px_.size();
  if (n < 2) return nearest_ = 0.0;
  const NeighbourLists& nb = neighbour_lists(px_, py_, params_.r);
  // Each boid's nearest distance on the step's threads; the root of the least d² is the least
  // root (sqrt is monotonic), so one root per boid. The sum stays serial, in index order.
  std::vector<double> nearest(n);
  parallel_for(n, threads_, [&](size_t first, size_t last, unsigned) {
    for (size_t i = first; i < last; ++i) {
      double best = INFINITY;
      auto consider = [&](size_t j) {
        const double rx = minimal_image(px_[j] - px_[i], kW), ry = minimal_image(py_[j] - py_[i], kH);
        best = std::min(best, rx * rx + ry * ry);
      };
      if (!nb[i].empty()) {
        for (uint32_t j : nb[i]) consider(j);
      } else {  // nobody within r: look at everyone
        for (size_t j = 0; j < n; ++j)
          if (j != i) consider(j);
      }
      nearest[i] = std::sqrt(best);
    }
  });
  double sum = 0;
  for (double d : nearest) sum += d;
  return nearest_ = sum / static_cast<double>(n);
}

}  // namespace bandada

namespace bandada {

uint64_t Flock2d::fingerprint() const {
  Fingerprint fp;
  fp.add(static_cast<uint64_t>(size()));
  for (size_t i = 0; i < size(); ++i)
    for (double v : {px_[i], py_[i], vx_[i], vy_[i]}) fp.add(v);
  fp.add(static_cast<uint64_t>(predators_.size()));
  for (const Marker& m : predators_)
    for (double v : {m.x, m.y, m.vx, m.vy}) fp.add(v);
  fp.add(static_cast<uint64_t>(attractors_.size()));
  for (const Marker& m : attractors_)
    for (double v : {m.x, m.y}) fp.add(v);
  if (!circles_.empty() || !walls_.empty()) {  // (absent obstacles leave earlier fingerprints as they were)
    fp.add(static_cast<uint64_t>(circles_.size()));
    for (const Circle& c : circles_)
      for (double v : {c.x, c.y, c.r}) fp.add(v);
    fp.add(static_cast<uint64_t>(walls_.size()));
    for (const Wall& w : walls_)
      for (double v : {w.x1, w.y1, w.x2, w.y2}) fp.add(v);
  }
  return fp.value();
}

}  // namespace bandada
