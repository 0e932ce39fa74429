// Bandada — the 3-D periodic flock engine (docs/models/boids3d.md).
// State is structure-of-arrays in boid index order; a step reads only the previous state.
// The next step's unweighted components are kept with the state, so readouts are always ready.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "boids3d_state.h"
#include "common/groups.h"
#include "models/boids3d/boids3d_params.h"
#include "neighbour_grid.h"
#include "periodic.h"

namespace bandada {

/// Bumped whenever a change could alter any bit of any run; shared links carry it.
inline constexpr int kBoids3dEngineVersion = 1;

enum class NeighbourSearch { grid, brute_force };

/// The spec's reproducible start: six LCG draws per boid (x, y, z, vx, vy, vz), velocity capped.
Boids3dState boids3d_initial_state(const Boids3dParams& p);

/// Components of every boid of `s` by the given search; both give the same bits.
void boids3d_components(const Boids3dParams& p, const Boids3dState& s, NeighbourSearch search,
                        Boids3dComponents& out);

/// v' = cap(v + sep·S + ali·A + coh·C), x' = wrap(x + 0.04·v'), for every boid (on up to
/// `threads` threads: each boid on its own, so the same bits for any count).
void boids3d_integrate(const Boids3dParams& p, const Boids3dState& s, const Boids3dComponents& c,
                       Boids3dState& out, unsigned threads = 1);

/// Scales v to length max_speed when |v| > max_speed.
void cap_speed(double& vx, double& vy, double& vz, double max_speed);

/// Mean of |v_i|; 0 when N = 0.
double mean_speed(const Boids3dState& s);
/// |Σ v_i/|v_i|| / N, a stationary boid adding nothing; 0 when N = 0.
double order_parameter(const Boids3dState& s);
/// The groups: boids joined when their minimal-image distance in the cube is at most r.
Groups boids3d_groups(const Boids3dState& s, double r);
/// 64-bit hash of the raw bits of every position and velocity in index order.
uint64_t state_fingerprint(const Boids3dState& s);

class Boids3d;
/// A flock as bytes for another instance of this same build (a page's Web Worker): params,
/// search, step count, state and components (the pending start's state while initializing).
std::string boids3d_pack(const Boids3d& f);
/// The flock boids3d_pack wrote; null for bytes that are not a whole, valid flock of this build.
std::unique_ptr<Boids3d> boids3d_unpack(std::string_view bytes);

/// The flock a session holds: params, state, step count, and the next step's components.
/// A step can run whole or in slices (begin_step / advance_step) so a front end never freezes.
class Boids3d {
 public:
  /// Draws the start. With compute_now the next step's components are computed at once;
  /// otherwise they are pending like a sliced step (advance_step finishes them; steps stays 0).
  explicit Boids3d(const Boids3dParams& p, NeighbourSearch search = NeighbourSearch::grid,
                   bool compute_now = true);

  /// A flock as another instance of this build left it (boids3d_unpack): state s after `steps`
  /// steps with its components c; or, when `initializing`, the start s with its components pending.
  static std::unique_ptr<Boids3d> restored(const Boids3dParams& p, NeighbourSearch search, Boids3dState s,
                                           Boids3dComponents c, uint64_t steps, bool initializing);

  const Boids3dParams& params() const { return params_; }
  const Boids3dState& state() const { return state_; }
  const Boids3dComponents& components() const { return comp_; }
  uint64_t steps() const { return steps_; }
  double time() const { return static_cast<double>(steps_) * kDt; }
  size_t size() const { return state_.size(); }
  /// Names the current state: a new number whenever it changes, unique across every flock of
  /// the process (a copy keeps it, its state being the same), so caches of what is shown can
  /// tell a new flock from an old one even at the same address and step.
  uint64_t state_id() const { return state_id_; }

  /// One whole 0.04 s step; a sliced step under way is finished as this step.
  void step();

  /// Starts a sliced step: integrates into a pending state and sorts it into the grid.
  void begin_step();
  /// Computes the pending state's components for up to `max_boids` more boids; when all are
  /// done the pending state becomes current and this returns true.
  bool advance_step(size_t max_boids);
  /// advance_step's first half: true when every boid of the pending step is computed. It (and
  /// begin_step) touch only the pending step, never the current state, params or step count, so
  /// another thread may read those meanwhile (the page steps off its main thread this way).
  bool compute_step(size_t max_boids);
  /// advance_step's second half, once compute_step is true: the pending state becomes current,
  /// and an ahead step (compute_until) becomes the pending one.
  void commit_step();
  /// The pending step (begun if none is), whole, and when `ahead` is set once it is, the step
  /// after it, the ahead step, that commit_step makes pending (and whole). Off the page's main
  /// thread: every boid in blocks of `block`, taken by whichever of the step's threads is free
  /// (none waits for another until the step ends), until done (true) or `stop` is set (false;
  /// the step under way is computed again on the next call). Like compute_step it touches
  /// neither the current state nor its time, so the main thread draws meanwhile. The same bits
  /// as stepping one at a time.
  /// While it computes the ahead step, the main thread may take the whole pending step
  /// (take_pending); the ahead step then becomes pending and, while `ahead` stays set, the step
  /// after it is computed in turn, so the step's threads never wait for the main thread. It
  /// returns once both are whole and neither was taken.
  bool compute_until(const std::atomic<bool>& stop, const std::atomic<bool>& ahead, size_t block);
  /// On the main thread while compute_until runs: the pending step becomes current when it is
  /// whole and handed over (true). False when it is not, or when compute_until is between steps.
  bool take_pending();
  bool step_in_progress() const { return pending_; }
  /// True while the start's components are still pending (nothing to show yet). Reads nothing a
  /// later step's begin_step writes.
  bool initializing() const { return initial_ && pending_; }
  /// Boids still to compute in the pending step.
  size_t step_remaining() const { return pending_ ? next_.size() - done_ : 0; }
  /// Whole steps computed and not yet current: 0, 1 (the pending one, or the start) or 2 (and
  /// the ahead one). Not while compute_until runs on another thread.
  int steps_ready() const {
    if (!pending_ || done_ < next_.size()) return 0;
    return ahead_pending_ && ahead_done_ == ahead_.size() ? 2 : 1;
  }
  /// Fraction of the sliced step done, 0 … 1.
  double step_progress() const;
  /// Drops a sliced step and any ahead step; the current state is untouched.
  void cancel_step() {
    if (!initial_) pending_ = false;
    ahead_pending_ = false;
  }
  /// Threads that compute the components (each a block of boids): the same bits for any count.
  void set_threads(unsigned threads) { threads_ = threads < 1 ? 1 : threads; }
  unsigned threads() const { return threads_; }

 private:
  friend std::string boids3d_pack(const Boids3d& f);  // reads the pending start while initializing
  /// State s, or with `pending` the start s, its components pending.
  Boids3d(const Boids3dParams& p, NeighbourSearch search, Boids3dState s, bool pending);
  /// Sorts s into the grid and sizes its components, none computed yet.
  void start_components(const Boids3dState& s, Boids3dComponents& c, size_t& done);
  /// The same for the pending step, which is then pending.
  void start_components();
  /// Components of s for boids [begin, end) on the step's thread `worker`.
  void components_range(const Boids3dState& s, Boids3dComponents& c, size_t begin, size_t end,
                        unsigned worker);
  /// Once every boid of a step is computed: its components into c, in index order.
  void gather_components(Boids3dComponents& c);
  /// Components of s for up to max_boids more boids from `done` on; true when all are done.
  bool compute_components(const Boids3dState& s, Boids3dComponents& c, size_t& done, size_t max_boids);
  /// compute_components for every boid left, in blocks, until stop.
  bool compute_components_until(const Boids3dState& s, Boids3dComponents& c, size_t& done,
                                const std::atomic<bool>& stop, size_t block);
  /// Integrates the pending step into the ahead step and sorts it into the grid.
  void begin_ahead();

  Boids3dParams params_;
  NeighbourSearch search_;
  Boids3dState state_, next_;
  Boids3dComponents comp_, next_comp_;
  NeighbourGrid grid_;
  uint64_t steps_ = 0;
  uint64_t state_id_;
  bool pending_ = false;
  Boids3dState ahead_;  // the step after the pending one (compute_until)
  Boids3dComponents ahead_comp_;
  bool ahead_pending_ = false;
  size_t ahead_done_ = 0;
  std::mutex handover_;       // held by compute_until except while it computes a step's boids
  bool handed_over_ = false;  // the pending step is whole and take_pending may take it
  bool initial_ = false;
  size_t done_ = 0;
  unsigned threads_ = 1;
  std::vector<NeighbourGrid::Scan> scans_;  // one per extra thread
};

}  // namespace bandada
