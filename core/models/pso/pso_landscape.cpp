// Bandada — the PSO model's landscapes (see pso_landscape.h).
#include "pso_landscape.h"

#include <cmath>

#include "common/det_math.h"
#include "truss.h"

namespace bandada {
namespace {

constexpr double kSchwefelPeak = 418.982887272433706;    // max of x·sin √|x| over [−500, 500]
constexpr double kSchwefelX = 420.968746359982027;       // where it is
constexpr double kStyblinskiX = -2.90353402777117710;    // each coordinate's minimum
constexpr double kStyblinskiMin = -39.1661657037714155;  // its value

// clang-format off
const PsoLandscapeInfo kInfo[kPsoLandscapes] = {
    {"sphere", "sphere", -5.12, 5.12, 0, 0, 0, 0},
    {"rosenbrock", "Rosenbrock", -5, 10, 0, 0, 0, 1},
    {"rastrigin", "Rastrigin", -5.12, 5.12, 0, 0, 0, 0},
    {"ackley", "Ackley", -32.768, 32.768, 0, 0, 0, 0},
    {"griewank", "Griewank", -600, 600, 0, 0, 0, 0},
    {"schwefel", "Schwefel", -500, 500, 0, 0, 0, kSchwefelX},
    {"himmelblau", "Himmelblau (2-D)", -5, 5, 2, 0, 0, NAN},
    {"styblinski-tang", "Styblinski–Tang", -5, 5, 0, 0, kStyblinskiMin, kStyblinskiX},
    {"truss10", "10-bar truss", 0.1, 35, 10, kTruss10Best, 0, NAN},
};
// clang-format on

double sphere(const double* x, uint32_t D) {
  double s = 0;
  for (uint32_t d = 0; d < D; ++d) s += x[d] * x[d];
  return s;
}

double rosenbrock(const double* x, uint32_t D) {
  double s = 0;
  for (uint32_t d = 0; d + 1 < D; ++d) {
    const double a = x[d + 1] - x[d] * x[d], b = 1 - x[d];
    s += 100 * a * a + b * b;
  }
  return s;
}

double rastrigin(const double* x, uint32_t D) {
  double s = 10.0 * D;
  for (uint32_t d = 0; d < D; ++d) s += x[d] * x[d] - 10 * det_cos(2 * kPi * x[d]);
  return s;
}

double ackley(const double* x, uint32_t D) {
  double sq = 0, cs = 0;
  for (uint32_t d = 0; d < D; ++d) {
    sq += x[d] * x[d];
    cs += det_cos(2 * kPi * x[d]);
  }
  return -20 * det_exp(-0.2 * std::sqrt(sq / D)) - det_exp(cs / D) + 20 + det_exp(1.0);
}

double griewank(const double* x, uint32_t D) {
  double s = 0, p = 1;
  for (uint32_t d = 0; d < D; ++d) {
    s += x[d] * x[d] / 4000;
    p *= det_cos(x[d] / std::sqrt(static_cast<double>(d + 1)));
  }
  return 1 + s - p;
}

double schwefel(const double* x, uint32_t D) {
  double s = kSchwefelPeak * D;
  for (uint32_t d = 0; d < D; ++d) s -= x[d] * det_sin(std::sqrt(std::fabs(x[d])));
  return s;
}

double himmelblau(const double* x) {
  const double a = x[0] * x[0] + x[1] - 11, b = x[0] + x[1] * x[1] - 7;
  return a * a + b * b;
}

double styblinski_tang(const double* x, uint32_t D) {
  double s = 0;
  for (uint32_t d = 0; d < D; ++d) s += (x[d] * x[d] * x[d] * x[d] - 16 * x[d] * x[d] + 5 * x[d]) / 2;
  return s;
}

}  // namespace

const PsoLandscapeInfo& pso_landscape_info(PsoLandscape l) { return kInfo[static_cast<int>(l)]; }

bool parse_pso_landscape(std::string_view text, PsoLandscape& out) {
  for (int k = 0; k < kPsoLandscapes; ++k)
    if (text == kInfo[k].name) {
      out = static_cast<PsoLandscape>(k);
      return true;
    }
  return false;
}

uint32_t pso_dims(PsoLandscape l, uint32_t dims) {
  const uint32_t own = pso_landscape_info(l).dims;
  return own ? own : dims;
}

double pso_optimum(PsoLandscape l, uint32_t D) {
  const PsoLandscapeInfo& i = pso_landscape_info(l);
  return i.optimum + i.optimum_per_dim * D;
}

const std::vector<TrussNode>& truss10_nodes() {
  static const std::vector<TrussNode> kNodes = {{720, 360},     {720, 0, false, 0, -100},
                                                {360, 360},     {360, 0, false, 0, -100},
                                                {0, 360, true}, {0, 0, true}};
  return kNodes;
}

const std::vector<TrussMember>& truss10_members() {
  static const std::vector<TrussMember> kMembers = {{2, 4}, {0, 2}, {3, 5}, {1, 3}, {2, 3},
                                                    {0, 1}, {3, 4}, {2, 5}, {1, 2}, {0, 3}};
  return kMembers;
}

Truss10Design truss10_design(const double* areas) {
  Truss10Design t;
  std::vector<double> a(areas, areas + 10);
  for (double v : a)
    if (!(v > 0)) return t;
  const TrussResult r = solve_truss(truss10_nodes(), truss10_members(), a, 1e4);
  if (!r.ok) return t;
  t.ok = true;
  for (size_t m = 0; m < 10; ++m) {
    t.weight += 0.1 * r.length[m] * a[m];
    t.stress[m] = r.stress[m];
    const double q = std::fabs(r.stress[m]) / 25;
    t.max_stress_ratio = q > t.max_stress_ratio ? q : t.max_stress_ratio;
    t.violation += q > 1 ? q - 1 : 0;
  }
  for (size_t i = 0; i < 4; ++i) {
    t.ux[i] = r.ux[i];
    t.uy[i] = r.uy[i];
    for (double u : {r.ux[i], r.uy[i]}) {
      const double q = std::fabs(u) / 2;
      t.max_displacement_ratio = q > t.max_displacement_ratio ? q : t.max_displacement_ratio;
      t.violation += q > 1 ? q - 1 : 0;
    }
  }
  return t;
}

SwarmScore pso_score(PsoLandscape l, const double* x, uint32_t D) {
  switch (l) {
    case PsoLandscape::sphere:
      return {0, sphere(x, D)};
    case PsoLandscape::rosenbrock:
      return {0, rosenbrock(x, D)};
    case PsoLandscape::rastrigin:
      return {0, rastrigin(x, D)};
    case PsoLandscape::ackley:
      return {0, ackley(x, D)};
    case PsoLandscape::griewank:
      return {0, griewank(x, D)};
    case PsoLandscape::schwefel:
      return {0, schwefel(x, D)};
    case PsoLandscape::himmelblau:
      return {0, himmelblau(x)};
    case PsoLandscape::styblinski_tang:
      return {0, styblinski_tang(x, D)};
    case PsoLandscape::truss10: {
      const Truss10Design t = truss10_design(x);
      return t.ok ? SwarmScore{t.violation, t.weight} : SwarmScore{INFINITY, 0};
    }
  }
  return {INFINITY, 0};
}

}  // namespace bandada
