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

/// The neighbours of one boid as found, structure-of-arrays. Candidates are written
/// unconditionally and kept by advancing `count` (no branch on the distance test).
struct NeighbourScratch {
  std::vector<uint32_t> src;           ///< where the neighbour's velocity is, in the caller's arrays
  std::vector<uint32_t> id;            ///< the neighbour's boid index
  std::vector<double> dx, dy, dz, d2;  ///< periodic displacement δ and |δ|²
  std::vector<uint64_t> keys;          ///< id << 32 | slot, sorted for ascending-index sums
  size_t count = 0;
  /// Room for `n` candidates of one boid.
  void reserve(size_t n);
  void offer(bool keep, uint32_t from, uint32_t boid, double x, double y, double z, double dd) {
    src[count] = from;
    id[count] = boid;
    dx[count] = x;
    dy[count] = y;
    dz[count] = z;
    d2[count] = dd;
    count += keep ? 1 : 0;
  }
};

/// One boid's unweighted S, A, C and neighbour count as one record: the grid writes these in its
/// sorted order, one after another, and gathers them into index order once a step is whole (ten
/// arrays written at a boid's index took ten scattered cache lines a boid).
struct ComponentSums {
  double sx, sy, sz, ax, ay, az, cx, cy, cz;
  uint32_t neighbors;
};

/// Sorts the neighbours by index and writes a boid's unweighted S, A, C and neighbour count
/// into `out`; velocities are read at src from vx, vy, vz. Every sum runs in ascending neighbour
/// index, so any search that finds the same set gives the same bits.
void sum_components(NeighbourScratch& nb, const double* vx, const double* vy, const double* vz, double vix,
                    double viy, double viz, const DistanceLimits& lim, ComponentSums& out);

/// Brute-force reference for boids [begin, end): every j ascending, the spec's wrap per pair.
void brute_force_components(const Boids3dState& s, double radius, size_t begin, size_t end,
                            Boids3dComponents& out);

class NeighbourGrid {
 public:
  struct Range {
    uint32_t a, b;         // sorted boids [a, b)
    double shx, shy, shz;  // periodic shift of that range
  };
  static_assert(offsetof(Range, shy) == offsetof(Range, shx) + sizeof(double),
                "the candidate test loads shx and shy as one pair");
  /// What one scanning thread writes: its neighbours, candidates and stencil. Each thread has its
  /// own, so threads may scan disjoint ranges of the same grid at once.
  struct Scan {
    NeighbourScratch scratch;
    std::vector<uint32_t> hits;    // accepted candidates: sorted index << 7 | stencil range
    std::vector<uint32_t> sorted;  // the same in ascending boid index
    std::vector<uint32_t> flat;    // the stencil's candidates in one list, before the test
    std::vector<int32_t> ids;      // their boid indices (short lists)
    bool at_edge = false;          // the ranges around stencil_cell: the first `ranges` of edge, or of inner
    size_t ranges = 0;             // (at most 50)
    uint32_t stencil_cell = UINT32_MAX;
    uint32_t stencil_line = UINT32_MAX;  // the line of cells (z·n + y) of stencil_cell …
    std::vector<size_t> rows;            // … the rows around it (their cells at x = 0) …
    std::vector<Range> inner, edge;      // … and its stencils: a range a row, or two at a face
    uint64_t built = 0;                  // the grid build it is ready for
    uint64_t candidates = 0;
  };

  /// Sorts the state into cells (counting sort, stable, so each cell lists ascending indices);
  /// the per-boid parts on up to `threads` threads, the same grid for any count.
  void build(const Boids3dState& s, double radius, unsigned threads = 1);
  /// Components for the boids at sorted positions [begin, end), kept in the grid until gather().
  void components(size_t begin, size_t end) { components(begin, end, scan_); }
  /// The same with a thread's own scan state: any split of the positions gives the same bits, and
  /// threads may compute disjoint positions at once.
  void components(size_t begin, size_t end, Scan& scan);
  /// Once every position is computed: the components of boids [begin, end) at their indices.
  void gather(size_t begin, size_t end, Boids3dComponents& out) const;

  size_t size() const { return id_.size(); }
  int cells_per_axis() const { return n_; }
  /// Cells scanned each way along an axis (0: every boid is scanned).
  int reach() const { return reach_; }
  /// Candidates distance-tested since the last build (for benchmarks).
  uint64_t candidates_tested() const { return scan_.candidates; }

 private:
  void scan_stencil(size_t p, Scan& scan, ComponentSums& out) const;
  void build_stencil(uint32_t cell, Scan& scan) const;

  int n_ = 1;
  int reach_ = 0;
  double radius_ = 1.0;
  DistanceLimits lim_;
  const Boids3dState* src_ = nullptr;  // the state built from, index order (full scans)
  std::vector<uint32_t> start_;        // cell c holds sorted boids [start_[c], start_[c+1])
  std::vector<uint32_t> cell_;         // cell of each sorted boid
  std::vector<uint32_t> id_;           // boid index of each sorted boid
  std::vector<double> xyz_;            // x, y, z of each sorted boid, side by side (one cache line)
  std::vector<double> v_;              // vx, vy, vz of each sorted boid, side by side
  std::vector<uint32_t> place_;        // sorted position of each boid
  std::vector<ComponentSums> sums_;    // each sorted boid's components, until gathered
  uint64_t build_ = 0;                 // counts builds: a scan from an older build starts afresh
  Scan scan_;                          // the calling thread's
};

}  // namespace bandada
