// Bandada — the 2-D flock with predators and attractors (docs/models/flock2d.md): a
// 900 × 600 torus, Reynolds steering or the seed's raw forces, Euler or RK4, predators that
// chase and boids that flee, static attractors, an optional leader. Boid i is the i-th drawn;
// every sum runs in ascending index. Parameters are live; only the seed re-initializes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/groups.h"
#include "common/lcg.h"
#include "common/state_id.h"

namespace bandada {

inline constexpr double kFlockWidth = 900.0, kFlockHeight = 600.0;

enum class ForceLaw { steering, raw };
enum class Integrator { euler, rk4 };
/// Where boids start: drawn anywhere at random, or on orbits round the plane's centre (the
/// "orbit" preset: one attractor there, raw forces; see docs/models/flock2d.md, "Energy").
enum class Start { random, orbits };

struct Flock2dParams {
  uint32_t n = 300;  ///< boids, 1 … 20 000 (live: grows from the generator, shrinks from the top)
  double r = 50;     ///< perception radius, 1 … 300 (strict: |r_ij| < r)
  double separation_radius = 25;   ///< r_s, 0 < r_s ≤ r
  double separation_weight = 1.5;  ///< w_s, 0 … 10
  double alignment_weight = 1.0;   ///< w_a, 0 … 10
  double cohesion_weight = 1.0;    ///< w_c, 0 … 10
  double max_speed = 4;            ///< v_max, units/step, > 0 … 50
  double max_force = 0.1;          ///< f_max, steering force limit, > 0 … 10
  ForceLaw law = ForceLaw::steering;
  double dt = 1;  ///< 0 < dt ≤ 2
  Integrator integrator = Integrator::euler;
  double predator_weight = 3;     ///< w_p, predator fear, 0 … 20
  double attractor_weight = 0.5;  ///< w_g, 0 … 10
  uint32_t seed = 1;
  int64_t leader = -1;         ///< a boid index, or −1 for none
  double leader_weight = 1;    ///< w_l
  double obstacle_weight = 3;  ///< w_o, steering away from obstacles, 0 … 20
  Start start = Start::random;
};

/// A round obstacle: centre and radius (1 … 150).
struct Circle {
  double x, y, r;
};
/// A wall: a segment of zero thickness, at most 300 units long.
struct Wall {
  double x1, y1, x2, y2;
};

struct Marker {
  double x, y;
  double vx = 0, vy = 0;  ///< predators move; attractors stay at rest
};

/// (x, y) scaled down to length m when longer (the rules' force and speed limits).
void limit(double& x, double& y, double m);

/// d − L·floor(d/L + 0.5): the shortest periodic displacement.
double minimal_image(double d, double L);
/// x − L·floor(x/L), and L itself becomes 0: into [0, L).
double wrap_torus(double x, double L);

class Flock2d;
/// A flock as bytes for another instance of this same build (a page's Web Worker): params,
/// generator, state, markers, obstacles, step count and the nearest-distance readout.
std::string flock2d_pack(const Flock2d& f);
/// Reads what flock2d_pack wrote into f, keeping f's thread count; false, f untouched, for bytes
/// that are not a whole flock of this build.
bool flock2d_unpack(std::string_view bytes, Flock2d& f);

class Flock2d {
 public:
  explicit Flock2d(const Flock2dParams& p);
  /// Names this flock's state for the views' caches: new for every flock built (a copy keeps it).
  uint64_t state_id() const { return state_id_; }
  /// Given positions and velocities instead of the drawn start (tests, hand-computed cases).
  Flock2d(const Flock2dParams& p, std::vector<double> x, std::vector<double> y, std::vector<double> vx,
          std::vector<double> vy);

  /// Live: applies from the next step. A larger n appends boids drawn from the continuing
  /// generator; a smaller n drops the highest indices. The seed is kept (a new seed is a new flock).
  void set_live_params(const Flock2dParams& p);
  const Flock2dParams& params() const { return params_; }

  void add_predator(double x, double y);
  void add_attractor(double x, double y);
  /// Removes the marker (predator or attractor) nearest the point; false when there is none.
  bool remove_nearest_marker(double x, double y);
  /// Removes predator (or attractor) `index`: a twin flock drops the marker its original dropped.
  void remove_marker(bool predator, size_t index);
  /// Which marker remove_nearest_marker(x, y) would take: false when there is none.
  bool nearest_marker(double x, double y, bool& predator, size_t& index) const;
  void clear_markers();

  /// Obstacles (docs/models/flock2d.md, "Obstacles"). A new circle moves the boids it covers out.
  void add_circle(double x, double y, double r);
  void add_wall(double x1, double y1, double x2, double y2);
  /// Removes the obstacle whose surface is nearest the point; false when there is none.
  bool remove_nearest_obstacle(double x, double y);
  void clear_obstacles();
  const std::vector<Circle>& circles() const { return circles_; }
  const std::vector<Wall>& walls() const { return walls_; }
  const std::vector<Marker>& predators() const { return predators_; }
  const std::vector<Marker>& attractors() const { return attractors_; }

  void step();
  uint64_t steps() const { return steps_; }
  /// Threads the accelerations are computed on (blocks of boids): the same bits for any count.
  void set_threads(unsigned threads) { threads_ = threads < 1 ? 1 : threads; }
  /// Uses brute force instead of the grid (the reference the tests compare against).
  void use_brute_force(bool on) { brute_ = on; }

  size_t size() const { return px_.size(); }
  const std::vector<double>& px() const { return px_; }
  const std::vector<double>& py() const { return py_; }
  const std::vector<double>& vx() const { return vx_; }
  const std::vector<double>& vy() const { return vy_; }
  /// Neighbours (|r_ij| < r) of each boid in the current state.
  std::vector<uint32_t> neighbour_counts() const;

  double order() const;
  double mean_speed() const;
  double kinetic_energy() const;
  /// Σ over boids and attractors of w_g·U(|p_G − p_i|), U(d) = d beyond r_s and d²/(2r_s) + r_s/2
  /// within: the potential whose force is the raw law's attractor term.
  double attractor_potential() const;
  double total_energy() const { return kinetic_energy() + attractor_potential(); }
  /// Mean over boids of the distance to the nearest other boid (0 with fewer than two).
  double mean_nearest_distance() const;
  /// The groups: boids joined when their minimal-image distance is at most r (docs/measures.md).
  /// Kept until the positions or r change, like mean_nearest_distance(), so a step computed off
  /// the page's thread computes them there too.
  Groups groups() const;
  /// Mean over boids of the angle (radians, 0 … π) between the velocity before and after the last
  /// step; a boid at rest either side turns by 0. 0 before the first step, and after N changed.
  double turning_angle() const;
  /// The distance from the leader to the flock's centre on the torus (each axis's circular mean,
  /// docs/measures.md); NaN without a leader.
  double leader_distance() const;
  /// Of N, every boid's position and velocity in index order, then the predators and attractors.
  uint64_t fingerprint() const;

 private:
  uint64_t state_id_ = new_state_id();
  friend std::string flock2d_pack(const Flock2d& f);
  friend bool flock2d_unpack(std::string_view bytes, Flock2d& f);
  void draw_boids(size_t count);
  /// Accelerations of every boid for positions (x, y) and velocities (vx, vy).
  void accelerations(const std::vector<double>& x, const std::vector<double>& y,
                     const std::vector<double>& vx, const std::vector<double>& vy, std::vector<double>& ax,
                     std::vector<double>& ay) const;
  /// The predators' push (fp) and the attractors' pull (fg) on a boid at (xi, yi), summed in
  /// marker order.
  void marker_pulls(double xi, double yi, double& fpx, double& fpy, double& fgx, double& fgy) const;
  /// Every boid's neighbours, flat: each thread's blocks of boids append to one array of its own,
  /// and a boid knows its array, where its run starts and how long it is.
  struct NeighbourLists {
    struct List {  // one boid's neighbours, ascending
      const uint32_t *first, *last;
      const uint32_t* begin() const { return first; }
      const uint32_t* end() const { return last; }
      size_t size() const { return static_cast<size_t>(last - first); }
      bool empty() const { return first == last; }
    };
    std::vector<std::vector<uint32_t>> items;  // one array per thread (capacity kept across calls)
    std::vector<uint32_t> at, count;           // per boid: its run's start and length
    std::vector<uint32_t> array;               // per boid: which of `items` holds its run
    size_t size() const { return at.size(); }
    List operator[](size_t i) const {
      const uint32_t* p = items[array[i]].data() + at[i];
      return {p, p + count[i]};
    }
  };
  /// For each boid the j ≠ i with |r_ij| < radius, ascending. The reference stays valid until the
  /// next call. A call for the positions and radius of the call before returns its lists again.
  const NeighbourLists& neighbour_lists(const std::vector<double>& x, const std::vector<double>& y,
                                        double radius) const;
  void move_predators();
  /// The surface point of an obstacle nearest (x, y) within L: the unit direction away from it
  /// and the gap; false when no obstacle is that close.
  bool nearest_surface(double x, double y, double L, double& ux, double& uy, double& gap) const;
  /// The weighted obstacle term of the acceleration of a mover at (x, y) with velocity (vx, vy).
  void obstacle_force(double x, double y, double vx, double vy, double& ax, double& ay) const;
  /// The guarantee: shortens the step's displacement (dx, dy) of a mover leaving (x, y) so that
  /// its path neither crosses a wall nor enters a circle, and drops the velocity's component into
  /// the surface it stops at.
  void keep_out(double x, double y, double& dx, double& dy, double& vx, double& vy) const;
  /// Moves a point inside circles to the nearest point outside all of them (the union's rim).
  void push_out(double& x, double& y) const;
  /// Moves every boid and predator out of every circle (start, new circle, new boids).
  void push_out_all();

  Flock2dParams params_;
  Lcg rng_;
  /// The neighbour search's working memory, reused across steps. A copy starts without it: the
  /// page copies the flock for every step it computes in the background.
  struct Scratch {
    NeighbourLists lists;
    // What `lists` were built for: the same positions (bit for bit) and radius reuse them (the
    // readout's search at a step's end is the next step's first).
    std::vector<double> lists_x, lists_y;
    double lists_r = -1;
    std::vector<double> wrapped_x, wrapped_y;  // the positions binned, in [0, W) × [0, H)
    std::vector<std::vector<uint32_t>> merge;  // one merge buffer per thread
    Scratch() = default;
    Scratch(const Scratch&) {}
    Scratch& operator=(const Scratch&) { return *this; }
    Scratch(Scratch&&) = default;
    Scratch& operator=(Scratch&&) = default;
  };
  mutable Scratch scratch_;
  mutable double nearest_ = 0.0;        // mean_nearest_distance() of this state …
  mutable bool nearest_known_ = false;  // … once computed (positions and r unchanged)
  mutable Groups groups_;               // groups() of this state …
  mutable bool groups_known_ = false;   // … once computed (positions and r unchanged)
  std::vector<double> px_, py_, vx_, vy_;
  std::vector<double> last_vx_, last_vy_;  // the velocities before the last step (turning_angle)
  std::vector<Marker> predators_, attractors_;
  std::vector<Circle> circles_;
  std::vector<Wall> walls_;
  uint64_t steps_ = 0;
  bool brute_ = false;
  unsigned threads_ = 1;
};

}  // namespace bandada
