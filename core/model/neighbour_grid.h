// Bandada — neighbour search for the 3-D flock: a uniform periodic grid rebuilt each step, and
// the brute-force reference. Both find exactly the spec's neighbours (|δ| ≤ r, j ≠ i) and sum
// them in ascending index, so they give the same bits for every radius.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "boids3d_state.h"

namespace bandada {

/// Squared-distance thresholds equivalent to the spec's tests on |δ| = sqrt(d²):
/// sqrt(d²) ≤ r  ⇔  d² ≤ within, and  sqrt(d²) < 0.35·r  ⇔  d² ≤ separation.
struct DistanceLimits {
  double within = 0.0;
  double separation = 0.0;
  static DistanceLimits for_radius(double radius);
};

/// One neighbour of a boid: its index, the periodic displacement δ and its velocity.
struct Neighbour {
  uint32_t id;
  double dx, dy, dz, d2;
  double vx, vy, vz;
};

/// Sorts `nb` by id and writes boid `i`'s unweighted S, A, C and neighbour count into `out`.
void sum_components(Neighbour* nb, size_t k, double vix, double viy, double viz,
                    const DistanceLimits& lim, uint32_t i, Boids3dComponents& out);

/// Brute-force reference for boids [begin, end): every j ascending, the spec's wrap per pair.
void brute_force_components(const Boids3dState& s, double radius, size_t begin, size_t end,
                            Boids3dComponents& out);

class NeighbourGrid {
 public:
  /// Sorts the state into cells (counting sort, stable, so each cell lists ascending indices).
  void build(const Boids3dState& s, double radius);
  /// Components for the boids at sorted positions [begin, end), written at their indices.
  void components(size_t begin, size_t end, Boids3dComponents& out);

  size_t size() const { return id_.size(); }
  int cells_per_axis() const { return n_; }
  /// Candidates distance-tested since the last build (for benchmarks).
  uint64_t candidates_tested() const { return candidates_; }

 private:
  void scan(size_t p, size_t a, size_t b, double shx, double shy, double shz);

  int n_ = 1;
  double radius_ = 1.0;
  DistanceLimits lim_;
  const Boids3dState* src_ = nullptr;  // the state built from, index order (full scans)
  std::vector<uint32_t> start_;  // cell c holds sorted boids [start_[c], start_[c+1])
  std::vector<uint32_t> cell_;   // cell of each sorted boid
  std::vector<uint32_t> id_;     // boid index of each sorted boid
  std::vector<double> x_, y_, z_, vx_, vy_, vz_;
  std::vector<Neighbour> scratch_;
  uint64_t candidates_ = 0;
};

}  // namespace bandada
