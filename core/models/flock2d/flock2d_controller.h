// Bandada — the session controller of the 2-D flock with predators and attractors. Fields and
// presets act on the running flock from the next step (N grows or shrinks it); only the seed
// re-initializes; markers are not parameter edits. See docs/models/flock2d.md.
#pragma once

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/live_controller.h"
#include "app/scheduler.h"
#include "models/flock2d/flock2d.h"
#include "models/flock2d/flock2d_params.h"

namespace bandada {

struct Flock2dPreset {
  const char* name;
  const char* note;  ///< one line: what to watch
  Flock2dFieldTexts texts;
  bool sets_obstacles = false;  ///< replaces the obstacles with its own (the others keep them)
  std::vector<Circle> circles = {};
  std::vector<Wall> walls = {};
  /// A scenario rather than a behaviour: also sets N, raw forces, the orbit start and one
  /// attractor at the centre (no predators, no obstacles), and draws the flock anew.
  bool orbit = false;
};
/// Balanced, Fish school, Bird flock, Loose swarm, Tight ball, All max, Gate, Pillars, Orbit.
const std::vector<Flock2dPreset>& flock2d_presets();

/// The most predators, and the most attractors, a flock takes (and a link carries).
inline constexpr int kMaxMarkers = 500;

/// A marker coordinate as placed: on the torus, to 0.01 unit (markers are screen positions), so
/// the model, the saved text and the link hold the same short numbers.
double place_marker(double v, double extent);

/// The most boids "compare integrators" runs (the twin flock doubles the work).
inline constexpr uint32_t kCompareMax = 2000;

struct Flock2dSample {
  uint64_t step;
  double order, mean_speed, nearest, energy;  ///< energy: kinetic plus attractor potential
  /// While comparing integrators (else NaN): the twin's energy and order, and the mean distance
  /// between boid i and its twin i.
  double twin_energy = NAN, twin_order = NAN, twin_distance = NAN;
  /// Measured with the nearest-neighbour distance (at the steps measured_at, carried over
  /// between): the groups, the largest's share, the mean turning angle (radians per step).
  double groups = 0, largest_share = 0, turning = 0;
};

class Flock2dController
    : public LiveController<Flock2dController, Flock2d, Flock2dSample, kFlock2dFieldCount> {
 public:
  Flock2dController();

  /// How work() hands a step to a remote stepper (LiveController::set_remote).
  static constexpr RemoteCodec<Flock2d> kRemote = {"flock2d", flock2d_pack, flock2d_unpack};

  /// Live: a valid edit applies from the next step; N and the seed wait for Enter or leaving the
  /// field (commit()), then N resizes and a new seed rebuilds. Any edit leaves the preset.
  void edit(Flock2dField f, std::string_view text);
  /// Applies the valid typed fields to the running flock (commit() calls it).
  void apply_live();
  void revalidate();
  /// Sets every field of a preset but N and the seed (live, like edits); preset() is −1 (custom)
  /// after any edit.
  void apply_preset(int index);
  int preset() const { return preset_; }
  ForceLaw law() const { return law_; }
  void set_law(ForceLaw law);
  Integrator integrator() const { return integrator_; }
  void set_integrator(Integrator i);
  Start start() const { return start_; }
  /// Where the next Initialize draws the boids (and where a growing N adds them).
  void set_start(Start s);
  /// Compare integrators: a twin flock from the current state runs with the other integrator in
  /// lock-step (same fields and markers, its own predators). Refused above kCompareMax boids.
  CommandResult set_compare(bool on);
  /// Every neighbour search of the flock by checking every pair (the reference; same bits).
  void use_all_pairs() {
    if (model_) model_->use_brute_force(true);
  }
  bool comparing() const { return compare_; }
  /// Why compare integrators was refused or switched off since it was last asked for ("" if not).
  const std::string& compare_refusal() const { return compare_refusal_; }
  const Flock2d* twin() const { return model_ ? twin_.get() : nullptr; }
  /// What a state file's flock is read into (LiveController::load_state_bytes).
  static Flock2d blank_model() {
    Flock2dParams p;
    p.n = 1;
    return Flock2d(p);
  }
  /// A state file's part beyond the flock (LiveController::state_bytes): the twin, if any.
  std::string extra_state_bytes() const { return twin_ && model_ ? flock2d_pack(*twin_) : std::string(); }
  bool adopt_extra_state(std::string_view extra, const Flock2d& flock) {
    if (extra.empty()) {
      twin_.reset();
      return true;
    }
    auto twin = std::make_unique<Flock2d>(flock);
    if (!flock2d_unpack(extra, *twin) || twin->size() != flock.size()) return false;
    twin_ = std::move(twin);
    return true;
  }
  /// Threads each step may use (the flock and its twin; the same bits for any count).
  void set_threads(unsigned threads);
  /// Removes the flock (and its twin); the inputs stay as typed.
  void reset();
  int64_t leader() const { return leader_; }
  /// A boid index, or −1 for no leader.
  CommandResult set_leader(int64_t index);

  /// Places a marker at (x, y), quantised by place_marker(); refused past kMaxMarkers.
  CommandResult add_predator(double x, double y) { return add_marker(true, x, y); }
  CommandResult add_attractor(double x, double y) { return add_marker(false, x, y); }
  CommandResult remove_nearest_marker(double x, double y);
  void clear_markers();

  /// Obstacles belong to the configuration: placed with or without a flock, kept across a
  /// rebuild, carried in links. Centres and ends are quantised like markers; a circle's radius
  /// is 1 … 150, a wall 1 … 300 long.
  CommandResult add_circle(double x, double y, double r);
  CommandResult add_wall(double x1, double y1, double x2, double y2);
  void clear_obstacles();
  const std::vector<Circle>& circles() const { return circles_; }
  const std::vector<Wall>& walls() const { return walls_; }
  /// Removes whichever is nearest the point: a marker, or an obstacle's surface.
  CommandResult remove_nearest(double x, double y);

  CommandResult initialize();
  CommandResult step();
  /// The work half of advance(): the queued steps that fit budget_ms (at least one).
  void work(double budget_ms);
  /// Runs exactly n steps now, paused afterwards.
  CommandResult compute(uint64_t n);
  static double estimate_step_ms(const Flock2dParams& p);
  /// The steps whose sample measures the nearest distance, the groups and the turning angle (by
  /// number: a state's series and bytes do not depend on how its steps were batched).
  static constexpr uint64_t kMeasureEvery = 5;
  static bool measured_at(uint64_t step) { return step % kMeasureEvery == 0; }

  /// m=flock2d&v=1&… with every field's raw text, law, integrator, leader and the markers.
  std::string share_string() const;
  CommandResult open_link(std::string_view share);

 private:
  CommandResult add_marker(bool predator, double x, double y);
  Flock2dParams params_from_fields() const;  // valid fields plus the non-text settings
  /// The series' sample of the step just taken (its neighbour measures when measured_at).
  void record();
  void sync_obstacles();  // the flock gets exactly the controller's obstacles
  Flock2dParams twin_params() const;
  void make_twin();  // the twin from the flock's current state, or none when not comparing
  void step_both();
  /// Switches compare integrators off when the flock has more than kCompareMax boids, saying so.
  void cap_compare(size_t n);
  void fill_twin(Flock2dSample& s) const;  // the twin's columns of a sample (NaN without a twin)
  /// Every flock on screen: the flock, and its twin while comparing.
  std::vector<Flock2d*> flocks();

  int preset_ = 0;
  ForceLaw law_ = ForceLaw::steering;
  Integrator integrator_ = Integrator::euler;
  Start start_ = Start::random;
  unsigned threads_ = 1;
  bool compare_ = false;
  std::string compare_refusal_;
  std::unique_ptr<Flock2d> twin_;
  int64_t leader_ = -1;
  std::vector<Circle> circles_;
  std::vector<Wall> walls_;
  std::vector<std::pair<double, double>> pending_predators_,
      pending_attractors_;  // from a link, before Initialize
};

}  // namespace bandada
