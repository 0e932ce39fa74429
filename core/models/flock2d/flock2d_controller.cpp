// Bandada — 2-D flock session controller (see flock2d_controller.h).
#include "flock2d_controller.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <tuple>

#include "app/share_codec.h"
#include "common/number_text.h"

namespace bandada {

Flock2dController::Flock2dController()
    : LiveController(flock2d_fields(), flock2d_default_texts(), "No flock yet: Initialize first.", "boid") {
  revalidate();
}

void Flock2dController::revalidate() { errors_ = check_flock2d(texts_).errors; }

Flock2dParams Flock2dController::params_from_fields() const {
  Flock2dParams p = check_flock2d(live_texts()).params;
  p.law = law_;
  p.integrator = integrator_;
  p.leader = leader_;
  p.start = start_;
  return p;
}

Flock2dParams Flock2dController::twin_params() const {
  Flock2dParams p = model_->params();
  p.integrator = p.integrator == Integrator::euler ? Integrator::rk4 : Integrator::euler;
  return p;
}

std::vector<Flock2d*> Flock2dController::flocks() {
  ++epoch_;  // the caller changes them
  std::vector<Flock2d*> f;
  if (model_) f.push_back(model_.get());
  if (model_ && twin_) f.push_back(twin_.get());
  return f;
}

void Flock2dController::make_twin() {
  ++epoch_;
  twin_.reset();
  if (!compare_ || !model_) return;
  twin_ = std::make_unique<Flock2d>(*model_);  // the same boids, markers, obstacles and generator
  twin_->set_live_params(twin_params());
}

void Flock2dController::step_both() {
  model_->step();
  if (twin_) twin_->step();
}

void Flock2dController::set_start(Start s) { start_ = s; }

void Flock2dController::set_threads(unsigned threads) {
  threads_ = threads;
  for (Flock2d* f : flocks()) f->set_threads(threads);
}

CommandResult Flock2dController::set_compare(bool on) {
  notice_.clear();
  compare_refusal_.clear();
  const uint32_t n = model_ ? static_cast<uint32_t>(model_->size()) : params_from_fields().n;
  if (on && n > kCompareMax) {
    notice_ = compare_refusal_ = "Compare integrators runs at most " + std::to_string(kCompareMax) +
                                 " boids (the twin flock doubles the work): lower N first.";
    return {false, notice_};
  }
  compare_ = on;
  make_twin();
  if (model_ && !series_.empty()) fill_twin(series_.back());  // the comparison starts now
  return {};
}

void Flock2dController::cap_compare(size_t n) {
  if (!compare_ || n <= kCompareMax) return;
  compare_ = false;
  notice_ = compare_refusal_ =
      "Compare integrators is off: it runs at most " + std::to_string(kCompareMax) + " boids.";
}

void Flock2dController::reset() {
  LiveController::reset();
  twin_.reset();
}

void Flock2dController::apply_live() {
  if (!model_ || !live_fields_valid()) return;  // invalid fields wait; the flock keeps its values
  ++epoch_;
  const Flock2dParams p = params_from_fields();
  if (p.seed != model_->params().seed) {
    const bool was = running_;
    initialize();
    running_ = was;
    return;
  }
  model_->set_live_params(p);
  cap_compare(p.n);
  if (!compare_)
    twin_.reset();
  else if (!twin_ || twin_->params().integrator == p.integrator)
    make_twin();  // a new twin from the flock as it is now (the integrators swapped)
  else
    twin_->set_live_params(twin_params());
  applied_live();
  if (selection_ && *selection_ >= model_->size()) selection_.reset();
  if (leader_ >= static_cast<int64_t>(model_->size())) leader_ = -1;
}

void Flock2dController::edit(Flock2dField f, std::string_view text) {
  if (texts_[static_cast<int>(f)] != text) preset_ = -1;  // the fields are no longer the preset's
  edit_text(static_cast<size_t>(f), text);
}

void Flock2dController::apply_preset(int index) {
  if (index < 0 || index >= static_cast<int>(flock2d_presets().size())) return;
  notice_.clear();
  // Every field but N and the seed: a preset changes behaviour, not which flock you are watching.
  const Flock2dPreset& preset = flock2d_presets()[index];
  if (preset.orbit) {  // a scenario: its own N, force law, start and one attractor at the centre
    texts_[static_cast<int>(Flock2dField::count)] = preset.texts[static_cast<int>(Flock2dField::count)];
    law_ = ForceLaw::raw;
    start_ = Start::orbits;
    leader_ = -1;
    pending_predators_.clear();
    pending_attractors_ = {{kFlockWidth / 2, kFlockHeight / 2}};
    if (model_) {
      ++epoch_;
      model_->clear_markers();
    }
  }
  if (preset.sets_obstacles) {
    circles_ = preset.circles;
    walls_ = preset.walls;
    sync_obstacles();
  }
  const Flock2dFieldTexts& t = preset.texts;
  for (int i = 0; i < kFlock2dFieldCount; ++i)
    if (i != static_cast<int>(Flock2dField::count) && i != static_cast<int>(Flock2dField::seed))
      texts_[i] = t[i];
  preset_ = index;
  revalidate();
  if (preset.orbit && model_) {
    const bool was = running_;
    initialize();
    running_ = was;
    return;
  }
  apply_live();
}

void Flock2dController::set_law(ForceLaw law) {
  law_ = law;
  apply_live();
}

void Flock2dController::set_integrator(Integrator i) {
  integrator_ = i;
  apply_live();
}

CommandResult Flock2dController::set_leader(int64_t index) {
  if (index >= 0 && (!model_ || static_cast<uint64_t>(index) >= model_->size()))
    return {false, "No such boid."};
  leader_ = index < 0 ? -1 : index;
  apply_live();
  return {true, {}};
}

double place_marker(double v, double extent) {
  const double on = wrap_torus(v, extent);
  return wrap_torus(std::floor(on * 100.0 + 0.5) / 100.0, extent);  // 899.996 rounds to 900, which is 0
}

CommandResult Flock2dController::add_marker(bool predator, double x, double y) {
  if (!model_) return {false, "Initialize first: markers go into a running flock."};
  const char* what = predator ? "predators" : "attractors";
  if ((predator ? model_->predators() : model_->attractors()).size() >= static_cast<size_t>(kMaxMarkers))
    return {false, "At most " + std::to_string(kMaxMarkers) + " " + what + ": remove some first."};
  const double px = place_marker(x, kFlockWidth), py = place_marker(y, kFlockHeight);
  for (Flock2d* f : flocks()) predator ? f->add_predator(px, py) : f->add_attractor(px, py);
  return {true, {}};
}

CommandResult Flock2dController::add_circle(double x, double y, double r) {
  if (!(r >= 1.0 && r <= 150.0)) return {false, "A circle's radius is 1 … 150."};
  if (circles_.size() >= static_cast<size_t>(kMaxMarkers))
    return {false, "At most " + std::to_string(kMaxMarkers) + " circles: remove some first."};
  circles_.push_back(
      {place_marker(x, kFlockWidth), place_marker(y, kFlockHeight), std::floor(r * 100.0 + 0.5) / 100.0});
  for (Flock2d* f : flocks()) f->add_circle(circles_.back().x, circles_.back().y, circles_.back().r);
  return {};
}

CommandResult Flock2dController::add_wall(double x1, double y1, double x2, double y2) {
  Wall w{place_marker(x1, kFlockWidth), place_marker(y1, kFlockHeight), 0, 0};
  // The far end as given, relative to the first: a wall may cross the torus's seam.
  w.x2 = w.x1 + std::floor((x2 - x1) * 100.0 + 0.5) / 100.0;
  w.y2 = w.y1 + std::floor((y2 - y1) * 100.0 + 0.5) / 100.0;
  const double len = std::sqrt((w.x2 - w.x1) * (w.x2 - w.x1) + (w.y2 - w.y1) * (w.y2 - w.y1));
  if (!(len >= 1.0 && len <= 300.0))
    return {false, "A wall is 1 … 300 long (half the torus's height at most)."};
  if (walls_.size() >= static_cast<size_t>(kMaxMarkers))
    return {false, "At most " + std::to_string(kMaxMarkers) + " walls: remove some first."};
  walls_.push_back(w);
  for (Flock2d* f : flocks()) f->add_wall(w.x1, w.y1, w.x2, w.y2);
  return {};
}

void Flock2dController::clear_obstacles() {
  circles_.clear();
  walls_.clear();
  sync_obstacles();
}

void Flock2dController::sync_obstacles() {
  for (Flock2d* f : flocks()) {
    f->clear_obstacles();
    for (const Circle& c : circles_) f->add_circle(c.x, c.y, c.r);
    for (const Wall& w : walls_) f->add_wall(w.x1, w.y1, w.x2, w.y2);
  }
}

CommandResult Flock2dController::remove_nearest(double x, double y) {
  double marker = 1e300, obstacle = 1e300;
  if (model_)
    for (const std::vector<Marker>* list : {&model_->predators(), &model_->attractors()})
      for (const Marker& m : *list) {
        const double dx = minimal_image(m.x - x, kFlockWidth), dy = minimal_image(m.y - y, kFlockHeight);
        marker = std::min(marker, std::sqrt(dx * dx + dy * dy));
      }
  size_t at = 0;
  bool circle = true;
  for (size_t k = 0; k < circles_.size(); ++k) {
    const double dx = minimal_image(circles_[k].x - x, kFlockWidth),
                 dy = minimal_image(circles_[k].y - y, kFlockHeight);
    const double gap = std::fabs(std::sqrt(dx * dx + dy * dy) - circles_[k].r);
    if (gap < obstacle) obstacle = gap, at = k, circle = true;
  }
  for (size_t k = 0; k < walls_.size(); ++k) {
    const Wall& w = walls_[k];
    const double ax = minimal_image(w.x1 - x, kFlockWidth), ay = minimal_image(w.y1 - y, kFlockHeight);
    const double ex = w.x2 - w.x1, ey = w.y2 - w.y1, len2 = ex * ex + ey * ey;
    double t = len2 > 0 ? -(ax * ex + ay * ey) / len2 : 0.0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const double qx = ax + t * ex, qy = ay + t * ey, gap = std::sqrt(qx * qx + qy * qy);
    if (gap < obstacle) obstacle = gap, at = k, circle = false;
  }
  if (marker < 1e300 && marker <= obstacle) return remove_nearest_marker(x, y);
  if (obstacle == 1e300) return {false, "Nothing to remove."};
  if (circle)
    circles_.erase(circles_.begin() + static_cast<std::ptrdiff_t>(at));
  else
    walls_.erase(walls_.begin() + static_cast<std::ptrdiff_t>(at));
  sync_obstacles();
  return {};
}

CommandResult Flock2dController::remove_nearest_marker(double x, double y) {
  bool predator = false;
  size_t at = 0;
  if (!model_ || !model_->nearest_marker(x, y, predator, at)) return {false, "No marker to remove."};
  for (Flock2d* f : flocks()) f->remove_marker(predator, at);  // the twin loses the same marker
  return {true, {}};
}

void Flock2dController::clear_markers() {
  for (Flock2d* f : flocks()) f->clear_markers();
}

CommandResult Flock2dController::initialize() {
  CommandResult refused;
  if (!may_initialize(refused)) return refused;
  Flock2dParams p = params_from_fields();
  if (p.leader >= static_cast<int64_t>(p.n)) p.leader = leader_ = -1;
  std::vector<Marker> keep_p, keep_a;  // markers survive a rebuild (they are not parameters)
  if (model_) {
    keep_p = model_->predators();
    keep_a = model_->attractors();
  }
  adopt(std::make_unique<Flock2d>(p));
  model_->set_threads(threads_);
  for (const Marker& m : keep_p) model_->add_predator(m.x, m.y);
  for (const Marker& m : keep_a) model_->add_attractor(m.x, m.y);
  for (auto& [x, y] : pending_predators_) model_->add_predator(x, y);
  for (auto& [x, y] : pending_attractors_) model_->add_attractor(x, y);
  pending_predators_.clear();
  pending_attractors_.clear();
  sync_obstacles();
  cap_compare(model_->size());
  make_twin();
  record();
  return {true, {}};
}

CommandResult Flock2dController::step() {
  std::string why = why_not_step();
  if (!why.empty()) return {false, why};
  pause();
  step_both();
  record();
  return {true, {}};
}

double Flock2dController::estimate_step_ms(const Flock2dParams& p) {
  const double n = p.n;
  const double k = std::min(n, n * 3.14159 * p.r * p.r / (900.0 * 600.0));
  const double per = (300.0 + 120.0 * k) * 1e-6 * (p.integrator == Integrator::rk4 ? 4.0 : 1.0);
  return n * per;
}

void Flock2dController::work(double budget_ms) {
  if (!model_) return;
  const double ms = estimate_step_ms(model_->params()) + (twin_ ? estimate_step_ms(twin_->params()) : 0.0);
  if (in_background(ms)) {
    std::vector<Flock2d*> both{model_.get()};
    if (twin_) both.push_back(twin_.get());
    // The nearest-neighbour and group measures record() takes every kMeasureEvery steps are
    // neighbour searches of their own: computed there too, so the main thread only reads them.
    return work_in_background(
        both,
        [](Flock2d& f) {
          f.step();
          if (measured_at(f.steps())) {
            f.mean_nearest_distance();
            f.groups();
          }
        },
        [this] { record(); });
  }
  if (!running_ || queued_ <= 0) return;
  const int run = steps_within_budget(queued_, ms, budget_ms);
  queued_ = 0;
  for (int s = 0; s < run; ++s) {
    step_both();
    record();
  }
}

CommandResult Flock2dController::compute(uint64_t n) {
  if (!model_) return {false, why_not_step()};
  pause();
  for (uint64_t s = 0; s < n; ++s) {
    step_both();
    record();
  }
  return {};
}

void Flock2dController::record() {
  // The nearest-neighbour distance and the groups cost a neighbour search each: measured every
  // kMeasureEvery steps (by the step's number, so the series is the same however the steps were
  // batched: frames, Step, compute, checkpoints), and carried over for the steps in between.
  if (series_.size() >= 1000000) return;
  const bool measure = measured_at(model_->steps()) || series_.empty();
  const double nearest = measure ? model_->mean_nearest_distance() : series_.back().nearest;
  Flock2dSample s{model_->steps(), model_->order(), model_->mean_speed(), nearest, model_->total_energy()};
  if (measure) {
    const Groups g = model_->groups();
    s.groups = g.count;
    s.largest_share = g.largest_share();
    s.turning = model_->turning_angle();
  } else {
    s.groups = series_.back().groups;
    s.largest_share = series_.back().largest_share;
    s.turning = series_.back().turning;
  }
  fill_twin(s);
  series_.push_back(s);
}

void Flock2dController::fill_twin(Flock2dSample& s) const {
  s.twin_energy = s.twin_order = s.twin_distance = NAN;
  if (!twin_ || twin_->size() != model_->size()) return;
  s.twin_energy = twin_->total_energy();
  s.twin_order = twin_->order();
  double sum = 0;
  for (size_t i = 0; i < model_->size(); ++i) {
    const double dx = minimal_image(twin_->px()[i] - model_->px()[i], kFlockWidth),
                 dy = minimal_image(twin_->py()[i] - model_->py()[i], kFlockHeight);
    sum += std::sqrt(dx * dx + dy * dy);
  }
  s.twin_distance = model_->size() ? sum / static_cast<double>(model_->size()) : 0.0;
}

}  // namespace bandada
