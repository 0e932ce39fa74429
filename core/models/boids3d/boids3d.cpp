// Bandada — the 3-D flock: reproducible start, integration, readouts, fingerprint, slicing.
#include "boids3d.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>

#include "common/fingerprint.h"
#include "common/lcg.h"
#include "common/parallel.h"
#include "common/state_id.h"

namespace bandada {

void Boids3dState::resize(size_t n) {
  for (auto* v : {&x, &y, &z, &vx, &vy, &vz}) v->resize(n);
}

void Boids3dComponents::resize(size_t n) {
  for (auto* v : {&sx, &sy, &sz, &ax, &ay, &az, &cx, &cy, &cz}) v->resize(n);
  neighbors.resize(n);
}

void cap_speed(double& vx, double& vy, double& vz, double max_speed) {
  double speed = std::sqrt(vx * vx + vy * vy + vz * vz);
  if (speed > max_speed) {
    double scale = max_speed / speed;
    vx *= scale;
    vy *= scale;
    vz *= scale;
  }
}

Boids3dState boids3d_initial_state(const Boids3dParams& p) {
  Boids3dState s;
  s.resize(p.count);
  Lcg rng(p.seed);
  for (size_t i = 0; i < p.count; ++i) {
    s.x[i] = (rng.next() - 0.5) * 4.2 * 1.6;
    s.y[i] = (rng.next() - 0.5) * 4.2 * 1.6;
    s.z[i] = (rng.next() - 0.5) * 4.2 * 1.6;
    s.vx[i] = (rng.next() - 0.5) * 2;
    s.vy[i] = (rng.next() - 0.5) * 2;
    s.vz[i] = (rng.next() - 0.5) * 2;
    cap_speed(s.vx[i], s.vy[i], s.vz[i], p.max_speed);
  }
  return s;
}

void boids3d_components(const Boids3dParams& p, const Boids3dState& s, NeighbourSearch search,
                        Boids3dComponents& out) {
  out.resize(s.size());
  if (search == NeighbourSearch::brute_force) {
    brute_force_components(s, p.radius, 0, s.size(), out);
  } else {
    NeighbourGrid grid;
    grid.build(s, p.radius);
    grid.components(0, s.size());
    grid.gather(0, s.size(), out);
  }
}

namespace {

void integrate_range(const Boids3dParams& p, const Boids3dState& s, const Boids3dComponents& c, size_t begin,
                     size_t end, Boids3dState& out) {
  const double ws = p.separation, wa = p.alignment, wc = p.cohesion;
  for (size_t i = begin; i < end; ++i) {
    double vx = s.vx[i] + ws * c.sx[i] + wa * c.ax[i] + wc * c.cx[i];
    double vy = s.vy[i] + ws * c.sy[i] + wa * c.ay[i] + wc * c.cy[i];
    double vz = s.vz[i] + ws * c.sz[i] + wa * c.az[i] + wc * c.cz[i];
    cap_speed(vx, vy, vz, p.max_speed);
    out.vx[i] = vx;
    out.vy[i] = vy;
    out.vz[i] = vz;
    out.x[i] = wrap_periodic(s.x[i] + kDt * vx);
    out.y[i] = wrap_periodic(s.y[i] + kDt * vy);
    out.z[i] = wrap_periodic(s.z[i] + kDt * vz);
  }
}

}  // namespace

void boids3d_integrate(const Boids3dParams& p, const Boids3dState& s, const Boids3dComponents& c,
                       Boids3dState& out, unsigned threads) {
  out.resize(s.size());
  parallel_for(s.size(), threads, [&](size_t a, size_t b, unsigned) { integrate_range(p, s, c, a, b, out); });
}

double mean_speed(const Boids3dState& s) {
  const size_t n = s.size();
  if (n == 0) return 0.0;
  double sum = 0.0;
  for (size_t i = 0; i < n; ++i) sum += std::sqrt(s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i] + s.vz[i] * s.vz[i]);
  return sum / static_cast<double>(n);
}

double order_parameter(const Boids3dState& s) {
  const size_t n = s.size();
  if (n == 0) return 0.0;
  double ux = 0, uy = 0, uz = 0;
  for (size_t i = 0; i < n; ++i) {
    double sp = std::sqrt(s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i] + s.vz[i] * s.vz[i]);
    if (sp > 0.0) {
      ux += s.vx[i] / sp;
      uy += s.vy[i] / sp;
      uz += s.vz[i] / sp;
    }
  }
  return std::sqrt(ux * ux + uy * uy + uz * uz) / static_cast<double>(n);
}

Groups boids3d_groups(const Boids3dState& s, double r) {
  const double* coords[3] = {s.x.data(), s.y.data(), s.z.data()};
  const double period[3] = {kBox, kBox, kBox};
  return periodic_groups(3, coords, period, s.size(), r);
}

uint64_t state_fingerprint(const Boids3dState& s) {
  // N, then x, y, z, vx, vy, vz of each boid in index order. Frozen: shared links carry it.
  Fingerprint fp;
  fp.add(static_cast<uint64_t>(s.size()));
  for (size_t i = 0; i < s.size(); ++i)
    for (double v : {s.x[i], s.y[i], s.z[i], s.vx[i], s.vy[i], s.vz[i]}) fp.add(v);
  return fp.value();
}

Boids3d::Boids3d(const Boids3dParams& p, NeighbourSearch search, bool compute_now)
    : Boids3d(p, search, boids3d_initial_state(p), true) {
  if (compute_now) advance_step(static_cast<size_t>(-1));
}

Boids3d::Boids3d(const Boids3dParams& p, NeighbourSearch search, Boids3dState s, bool pending)
    : params_(p), search_(search), state_id_(new_state_id()) {
  if (!pending) {
    state_ = std::move(s);
    return;
  }
  next_ = std::move(s);
  start_components();
  initial_ = true;
}

std::unique_ptr<Boids3d> Boids3d::restored(const Boids3dParams& p, NeighbourSearch search, Boids3dState s,
                                           Boids3dComponents c, uint64_t steps, bool initializing) {
  std::unique_ptr<Boids3d> f(new Boids3d(p, search, std::move(s), initializing));
  if (!initializing) {
    f->comp_ = std::move(c);
    f->steps_ = steps;
  }
  return f;
}

void Boids3d::start_components(const Boids3dState& s, Boids3dComponents& c, size_t& done) {
  c.resize(s.size());
  if (search_ == NeighbourSearch::grid) grid_.build(s, params_.radius, threads_);
  done = 0;
}

void Boids3d::start_components() {
  start_components(next_, next_comp_, done_);
  pending_ = true;
}

void Boids3d::begin_step() {
  if (pending_) return;
  boids3d_integrate(params_, state_, comp_, next_, threads_);
  start_components();
}

bool Boids3d::advance_step(size_t max_boids) {
  if (!pending_) return true;
  if (!compute_step(max_boids)) return false;
  commit_step();
  return true;
}

bool Boids3d::compute_step(size_t max_boids) {
  return compute_components(next_, next_comp_, done_, max_boids);
}

void Boids3d::components_range(const Boids3dState& s, Boids3dComponents& c, size_t begin, size_t end,
                               unsigned worker) {
  if (search_ == NeighbourSearch::brute_force)
    brute_force_components(s, params_.radius, begin, end, c);
  else if (worker == 0)
    grid_.components(begin, end);
  else
    grid_.components(begin, end, scans_[worker - 1]);
}

void Boids3d::gather_components(Boids3dComponents& c) {
  if (search_ != NeighbourSearch::grid) return;  // the brute force writes at each index already
  parallel_for(c.neighbors.size(), threads_, [&](size_t a, size_t b, unsigned) { grid_.gather(a, b, c); });
}

bool Boids3d::compute_components(const Boids3dState& s, Boids3dComponents& c, size_t& done,
                                 size_t max_boids) {
  const size_t n = s.size();
  const size_t end = max_boids >= n - done ? n : done + max_boids;
  if (scans_.size() + 1 < threads_) scans_.resize(threads_ - 1);
  const size_t from = done;
  parallel_for(end - from, threads_, [&](size_t a, size_t b, unsigned worker) {
    components_range(s, c, from + a, from + b, worker);
  });
  done = end;
  // Gathered by the call that finishes the step, while the grid is still this step's: a later
  // call for a whole step (the grid may hold the step ahead by then) has nothing to gather.
  if (from < n && done == n) gather_components(c);
  return done == n;
}

void Boids3d::begin_ahead() {  // what begin_step does once the pending step is current
  boids3d_integrate(params_, next_, next_comp_, ahead_, threads_);
  start_components(ahead_, ahead_comp_, ahead_done_);
  ahead_pending_ = true;
}

bool Boids3d::compute_components_until(const Boids3dState& s, Boids3dComponents& c, size_t& done,
                                       const std::atomic<bool>& stop, size_t block) {
  const size_t n = s.size();
  if (scans_.size() + 1 < threads_) scans_.resize(threads_ - 1);
  const size_t from = done;
  const bool whole = parallel_for_until(
      n - from, threads_, block, stop,
      [&](size_t a, size_t b, unsigned worker) { components_range(s, c, from + a, from + b, worker); });
  if (whole && from < n) gather_components(c);  // only the call that finishes it (see above)
  if (whole) done = n;
  return whole;
}

bool Boids3d::compute_until(const std::atomic<bool>& stop, const std::atomic<bool>& ahead, size_t block) {
  // The lock guards what take_pending swaps: the current and pending states and their step.
  std::unique_lock<std::mutex> lock(handover_);
  while (true) {
    if (!pending_) begin_step();
    if (done_ < next_.size()) {  // take_pending never takes a step before it is handed over
      lock.unlock();
      const bool whole = compute_components_until(next_, next_comp_, done_, stop, block);
      lock.lock();
      if (!whole) return false;
    }
    if (!ahead || initial_) return true;
    if (!ahead_pending_) begin_ahead();  // reads the pending step, so before it is handed over
    handed_over_ = true;
    lock.unlock();
    const bool whole = compute_components_until(ahead_, ahead_comp_, ahead_done_, stop, block);
    lock.lock();
    handed_over_ = false;
    if (!whole) return false;
    if (pending_) return true;  // both whole, neither taken: the main thread commits them when due
    std::swap(next_, ahead_);   // the pending step was taken: the ahead step is pending now
    std::swap(next_comp_, ahead_comp_);
    done_ = ahead_done_;
    pending_ = true;
    ahead_pending_ = false;
  }
}

bool Boids3d::take_pending() {
  std::unique_lock<std::mutex> lock(handover_, std::try_to_lock);
  if (!lock.owns_lock() || !handed_over_ || !pending_) return false;
  std::swap(state_, next_);
  std::swap(comp_, next_comp_);
  state_id_ = new_state_id();
  ++steps_;
  pending_ = false;
  return true;
}

void Boids3d::commit_step() {
  std::swap(state_, next_);
  std::swap(comp_, next_comp_);
  state_id_ = new_state_id();
  if (!initial_) ++steps_;
  initial_ = false;
  pending_ = false;
  if (ahead_pending_) {  // the ahead step is pending now (the grid holds its boids already)
    std::swap(next_, ahead_);
    std::swap(next_comp_, ahead_comp_);
    done_ = ahead_done_;
    pending_ = true;
    ahead_pending_ = false;
  }
}

double Boids3d::step_progress() const {
  if (!pending_) return 0.0;
  return next_.size() == 0 ? 1.0 : static_cast<double>(done_) / static_cast<double>(next_.size());
}

void Boids3d::step() {
  if (initializing()) advance_step(static_cast<size_t>(-1));
  if (!pending_) begin_step();
  advance_step(static_cast<size_t>(-1));
}

}  // namespace bandada
