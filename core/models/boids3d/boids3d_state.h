// Bandada — the 3-D flock's data: state and next-step components, structure-of-arrays,
// both in boid index order (boid i is the i-th boid drawn at the start).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bandada {

struct Boids3dState {
  std::vector<double> x, y, z;     ///< positions in [-4.2, 4.2)
  std::vector<double> vx, vy, vz;  ///< velocities, model units per second
  size_t size() const { return x.size(); }
  void resize(size_t n);
};

/// Unweighted S, A, C of the next step and the neighbour count, per boid in index order.
struct Boids3dComponents {
  std::vector<double> sx, sy, sz, ax, ay, az, cx, cy, cz;
  std::vector<uint32_t> neighbors;
  void resize(size_t n);
};

}  // namespace bandada
