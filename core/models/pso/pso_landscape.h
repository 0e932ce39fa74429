// Bandada — the PSO model's landscapes (docs/models/pso.md, "Landscapes"): the classic test
// functions in D dimensions and the 10-bar truss, each with its box and its known optimum. Every
// cos, exp and sin is the project's own (common/det_math.h), so the values are the same bits in
// every build.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "common/swarm.h"
#include "models/pso/truss.h"

namespace bandada {

enum class PsoLandscape : uint8_t {
  sphere,
  rosenbrock,
  rastrigin,
  ackley,
  griewank,
  schwefel,
  himmelblau,
  styblinski_tang,
  truss10,
};
inline constexpr int kPsoLandscapes = 9;

struct PsoLandscapeInfo {
  const char* name;   ///< the CLI's and the link's value
  const char* title;  ///< shown in the menu
  double lo, hi;      ///< the box, the same for every coordinate
  uint32_t dims;      ///< 0: any (the dims field); else its own (Himmelblau 2, the truss 10)
  /// The known optimum's value for D dimensions is optimum + optimum_per_dim·D.
  double optimum, optimum_per_dim;
  /// Every coordinate of the optimum (NaN where there is more than one optimum or none simple).
  double x_opt;
};

const PsoLandscapeInfo& pso_landscape_info(PsoLandscape l);
bool parse_pso_landscape(std::string_view text, PsoLandscape& out);
/// The dimension a run of landscape l has with the dims field at `dims`.
uint32_t pso_dims(PsoLandscape l, uint32_t dims);
/// The known optimum's value in D dimensions.
double pso_optimum(PsoLandscape l, uint32_t D);

/// The value (and, for the truss, the constraint violation) of x; a position outside the box is
/// the caller's to refuse (swarm.h: with no boundary it is never a best).
SwarmScore pso_score(PsoLandscape l, const double* x, uint32_t D);

/// The 10-bar truss, case 1 (Haftka and Gürdal, "Elements of Structural Optimization", design
/// problem 2): six nodes in inches, 1 (720, 360), 2 (720, 0), 3 (360, 360), 4 (360, 0), 5 (0, 360),
/// 6 (0, 0), with 5 and 6 pinned; members 1: 3–5, 2: 1–3, 3: 4–6, 4: 2–4, 5: 3–4, 6: 1–2, 7: 4–5,
/// 8: 3–6, 9: 2–3, 10: 1–4; E = 10⁴ ksi, ρ = 0.1 lb/in³; 100 kips down at nodes 2 and 4;
/// |σ| ≤ 25 ksi in every member and |δ| ≤ 2 in for each component at every free node; areas
/// 0.1 … 35 in².
struct Truss10Design {
  bool ok = false;                ///< false: not solvable (an area not positive)
  double weight = 0;              ///< lb
  double stress[10] = {};         ///< ksi, tension positive
  double ux[4] = {}, uy[4] = {};  ///< in, nodes 1 … 4
  double violation = 0;           ///< Σ max(0, |σ|/25 − 1) + Σ max(0, |δ|/2 − 1); 0: feasible
  double max_stress_ratio = 0, max_displacement_ratio = 0;  ///< the largest |σ|/25 and |δ|/2
};
Truss10Design truss10_design(const double* areas);
/// Its six nodes (0-based: node k is k + 1 above; loads in kips) and ten members, in order.
const std::vector<TrussNode>& truss10_nodes();
const std::vector<TrussMember>& truss10_members();
/// The best published weight of case 1, lb (the card's target is within 1 % of it).
inline constexpr double kTruss10Best = 5060.9;

}  // namespace bandada
