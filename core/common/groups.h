// Bandada — groups of a flock: the connected components of the graph that joins two boids whose
// minimal-image distance in a periodic box is at most r (docs/measures.md). A readout, not part
// of any step; the count and the largest group's size do not depend on the order of the joins.
#pragma once

#include <cstddef>
#include <cstdint>

namespace bandada {

struct Groups {
  uint32_t count = 0;    ///< connected components (0 for no boids)
  uint32_t largest = 0;  ///< boids in the largest
  size_t boids = 0;
  /// The largest group's share of the boids (0 for no boids).
  double largest_share() const {
    return boids ? static_cast<double>(largest) / static_cast<double>(boids) : 0.0;
  }
};

/// The groups of n points in a periodic box of `dims` (2 or 3) axes with the given periods:
/// coords[a][i] is point i's coordinate on axis a (any real; the distance takes the minimal
/// image d − L·floor(d/L + 0.5)). Two points are joined when √(Σ d_a²) ≤ r.
Groups periodic_groups(size_t dims, const double* const* coords, const double* period, size_t n, double r);

}  // namespace bandada
