// Bandada — particle swarm optimisation as a model (docs/models/pso.md): a swarm searching one
// of the landscapes. Initialize places the swarm and evaluates it (P evaluations); each step
// moves every particle (common/swarm.h) and evaluates it again, so T steps use P·(T + 1)
// evaluations. A step whose velocities pass 1e12 or turn non-finite is not taken: the run stops,
// diverged at that step, with the state before it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/state_id.h"
#include "common/swarm.h"
#include "pso_landscape.h"

namespace bandada {

struct PsoParams {
  uint32_t dims = 2;  ///< D, 2 … 30 (Himmelblau is 2-D and the truss 10-D whatever it says)
  uint32_t particles = 30;
  uint32_t seed = 1;
  PsoLandscape landscape = PsoLandscape::rastrigin;
  SwarmSettings swarm;
  // The fields' targets (field_table.h fills doubles and whole numbers): copied into `swarm`.
  double chi = 0.72984, c1 = 2.05, c2 = 2.05, w = 0.72984, w_end = 0.72984, vmax = 0;
  uint32_t horizon = 1000;
  /// `swarm` from the fields above, keeping its topology, update and boundary.
  SwarmSettings settings() const;
};

/// A velocity past this (or not finite) stops the run: diverged.
inline constexpr double kPsoDivergence = 1e12;

class Pso;
std::string pso_pack(const Pso& m);
bool pso_unpack(std::string_view bytes, Pso& m);

class Pso {
 public:
  explicit Pso(const PsoParams& p);
  uint64_t state_id() const { return state_id_; }

  /// The swarm's update, topology, boundary and speed limit apply from the next step; the
  /// landscape, D, P and the seed need a new swarm (Initialize).
  void set_live_params(const PsoParams& p);
  const PsoParams& params() const { return params_; }
  void set_threads(unsigned t) { threads_ = t ? t : 1; }

  /// One move and its P evaluations; nothing once diverged.
  void step();
  uint64_t steps() const { return swarm_.steps; }
  uint64_t evaluations() const { return evaluations_; }
  /// The step at which the velocities passed 1e12 or turned non-finite (0: never).
  uint64_t diverged_at() const { return diverged_at_; }

  const Swarm& swarm() const { return swarm_; }
  uint32_t dims() const { return swarm_.D; }
  size_t size() const { return swarm_.P; }
  /// The swarm's best personal best (lowest index on ties) and its score.
  uint32_t leader() const { return leader_; }
  const SwarmScore& best() const { return swarm_.best[leader_]; }
  const double* best_x() const { return &swarm_.best_x[size_t{leader_} * swarm_.D]; }
  /// best − the known optimum (the truss: its weight − 5 060.9 lb, which may be negative).
  double error() const;
  /// log10 of error(), by the project's own log (the same bits in every build); NaN when the
  /// error is not above 0.
  double log10_error() const;
  /// Whether every coordinate of the best lies within 0.5 of the optimum's (false where the
  /// landscape has no single optimum).
  bool in_basin() const;
  /// The mean distance of the particles from their centroid over the box's diagonal, 0 … 1.
  double diversity() const { return diversity_; }
  /// The share of particles whose personal best improved at the last step.
  double improved() const { return swarm_.P ? static_cast<double>(swarm_.improved) / swarm_.P : 0; }
  /// Whether particle i is inside the box (with no boundary rule it may be outside).
  bool inside(uint32_t i) const { return swarm_inside(swarm_, i); }
  uint64_t fingerprint() const;

 private:
  friend std::string pso_pack(const Pso& m);
  friend bool pso_unpack(std::string_view bytes, Pso& m);
  void evaluate();
  void summarise();

  uint64_t state_id_ = new_state_id();
  PsoParams params_;
  Swarm swarm_;
  uint64_t evaluations_ = 0, diverged_at_ = 0;
  uint32_t leader_ = 0;
  double diversity_ = 0;
  unsigned threads_ = 1;
};

}  // namespace bandada
