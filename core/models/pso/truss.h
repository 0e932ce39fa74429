// Bandada — a small planar truss solved by the direct stiffness method: pin-jointed members,
// pinned nodes, loads at nodes; Cholesky on the free degrees of freedom (only + − × ÷ and sqrt, so
// every build gives the same bits). Used by the 10-bar truss landscape (docs/models/pso.md).
#pragma once

#include <cstddef>
#include <vector>

namespace bandada {

struct TrussNode {
  double x, y;
  bool pinned = false;
  double fx = 0, fy = 0;  ///< the load on it
};

struct TrussMember {
  size_t a, b;  ///< its nodes
};

struct TrussResult {
  bool ok = false;             ///< false: the structure is a mechanism (a singular stiffness)
  std::vector<double> ux, uy;  ///< each node's displacement (0 where pinned)
  std::vector<double> stress;  ///< each member's axial stress, tension positive
  std::vector<double> force;   ///< each member's axial force, stress × area
  std::vector<double> length;  ///< each member's length
};

/// Solves the truss with each member's area and Young's modulus E (units as given: in, kip, ksi).
TrussResult solve_truss(const std::vector<TrussNode>& nodes, const std::vector<TrussMember>& members,
                        const std::vector<double>& areas, double E);

}  // namespace bandada
