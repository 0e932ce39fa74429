// Bandada — particle swarm optimisation's update, with no landscape in it: a swarm of P particles
// in D dimensions over a box, placed by a seed, moved synchronously, and told what each position
// is worth. The PSO model (core/models/pso/) evaluates a landscape between the moves; an optimiser
// over a model's fields can evaluate runs instead. Exact and the same bits everywhere: each
// particle draws from its own generator in a stated order, every sum runs in index order, and the
// moves of a step read only the bests of the step before, so threads cannot change a bit.
//
// A step (docs/models/pso.md):
//   1. each particle's guide g_i: the best personal best among its neighbours (itself included;
//      global best, ring or von Neumann), compared in ascending index, ties to the lowest;
//   2. per dimension d, in order, two draws r1 then r2, and
//        constriction: v ← χ·(v + c1·r1·(p − x) + c2·r2·(g − x))
//        inertia:      v ← w(t)·v + c1·r1·(p − x) + c2·r2·(g − x),
//                      w(t) = w + (w_end − w)·min(t, horizon)/horizon;
//      |v| ≤ vmax·(hi − lo) when vmax > 0; x ← x + v; then the boundary rule;
//   3. the caller evaluates every x and hands the values back (take()): a personal best moves only
//      to a strictly better value (feasibility first: a smaller violation, then a smaller value).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/lcg.h"

namespace bandada {

enum class SwarmTopology : uint8_t { gbest, ring, vonneumann };
enum class SwarmUpdate : uint8_t { constriction, inertia };
/// What a coordinate that leaves the box does: nothing (the space is unbounded; a position outside
/// the box is never a best), stops at the wall with no speed along it (absorb), mirrors back with
/// its speed reversed (reflect), or is drawn again uniformly in the box with no speed (random).
enum class SwarmBoundary : uint8_t { none, absorb, reflect, random };

const char* swarm_topology_name(SwarmTopology t);  ///< "gbest", "ring", "vonneumann"
const char* swarm_update_name(SwarmUpdate u);      ///< "constriction", "inertia"
const char* swarm_boundary_name(SwarmBoundary b);  ///< "none", "absorb", "reflect", "random"

struct SwarmSettings {
  SwarmTopology topology = SwarmTopology::gbest;
  SwarmUpdate update = SwarmUpdate::constriction;
  SwarmBoundary boundary = SwarmBoundary::none;
  double chi = 0.72984;  ///< Clerc and Kennedy's constriction factor for c1 = c2 = 2.05
  double c1 = 2.05, c2 = 2.05;
  double w = 0.72984, w_end = 0.72984;  ///< inertia: from w to w_end over `horizon` steps
  double horizon = 1000;
  double vmax = 0;  ///< the speed limit as a share of the box's width per coordinate; 0: none
};

/// What a position is worth: its constraint violation (0: feasible; +∞: outside the box with no
/// boundary, never a best) and its value. Smaller is better, violation first.
struct SwarmScore {
  double violation = 0, value = 0;
};
bool swarm_better(const SwarmScore& a, const SwarmScore& b);

/// Rows × columns of von Neumann's torus for P particles: the most square split with both at
/// least 3 (rows ≤ columns); {0, 0} when P has none.
struct SwarmGrid {
  uint32_t rows = 0, cols = 0;
};
SwarmGrid swarm_grid(uint32_t particles);
/// Why a topology cannot have P particles ("" when it can).
std::string swarm_topology_fits(SwarmTopology t, uint32_t particles);

/// Particle i's generator from the run's seed: its own stream, so the draws do not depend on the
/// order particles are moved in (murmur3's finaliser of seed + 0x9E3779B9·(i + 1)).
uint32_t swarm_particle_seed(uint32_t seed, uint32_t i);

struct Swarm {
  uint32_t P = 0, D = 0;
  std::vector<double> lo, hi;           ///< the box, per dimension
  std::vector<double> x, v, best_x;     ///< P·D each, particle-major
  std::vector<SwarmScore> score, best;  ///< P each: the current position's, the personal best's
  std::vector<uint32_t> guide;          ///< P: whose personal best guided the last move
  std::vector<Lcg> rng;                 ///< P: each particle's generator
  uint64_t steps = 0;                   ///< moves made
  uint32_t improved = 0;                ///< personal bests that moved at the last take()
};

/// P particles in the box: per particle in index order, D draws of x (lo + (hi − lo)·u) then D of
/// v ((lo + (hi − lo)·u − x)/2), from its own generator. Scores are unset until take().
Swarm swarm_place(uint32_t P, const std::vector<double>& lo, const std::vector<double>& hi, uint32_t seed);
/// Step 1 and 2 above for every particle (threads: any count, the same bits).
void swarm_move(Swarm& s, const SwarmSettings& k, unsigned threads = 1);
/// Step 3: the scores of the current positions; the first take() after placing sets the personal
/// bests to them.
void swarm_take(Swarm& s, const std::vector<SwarmScore>& scores);
/// The best personal best (lowest index on ties).
uint32_t swarm_leader(const Swarm& s);
/// Whether every x is inside the box.
bool swarm_inside(const Swarm& s, uint32_t i);

}  // namespace bandada

namespace bandada {

/// The whole swarm as bytes (its box, positions, speeds, bests, scores, guides, generators and
/// counts), for an optimiser's file: equal swarms give equal bytes.
std::string swarm_pack(const Swarm& s);

}  // namespace bandada
