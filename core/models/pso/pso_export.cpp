// Bandada — the PSO model written out (see pso_export.h).
#include "pso_export.h"

#include <cmath>

#include "common/json_out.h"
#include "common/number_text.h"

namespace bandada {
namespace {

std::string num(double v) { return std::isfinite(v) ? format_double(v) : std::string("null"); }

std::string list(const double* v, size_t n) {
  std::string out = "[";
  for (size_t k = 0; k < n; ++k) out += (k ? "," : "") + num(v[k]);
  return out + "]";
}

}  // namespace

std::string pso_json(const Pso& m) {
  const Swarm& s = m.swarm();
  const PsoParams& p = m.params();
  std::string out = "{\"model\":\"pso\",\"landscape\":\"" +
                    std::string(pso_landscape_info(p.landscape).name) + "\",\"dims\":" + std::to_string(s.D) +
                    ",\"topology\":\"" + swarm_topology_name(p.swarm.topology) + "\",\"update\":\"" +
                    swarm_update_name(p.swarm.update) + "\",\"boundary\":\"" +
                    swarm_boundary_name(p.swarm.boundary) + "\",\"steps\":" + std::to_string(m.steps()) +
                    ",\"evaluations\":" + std::to_string(m.evaluations()) +
                    ",\"diverged_at\":" + (m.diverged_at() ? std::to_string(m.diverged_at()) : "null");
  out += ",\"best\":{\"value\":" + num(m.best().value) + ",\"violation\":" + num(m.best().violation) +
         ",\"particle\":" + std::to_string(m.leader()) + ",\"x\":" + list(m.best_x(), s.D) + "}";
  out += ",\"optimum\":" + num(pso_optimum(p.landscape, s.D)) + ",\"error\":" + num(m.error()) +
         ",\"in_basin\":" + (m.in_basin() ? "true" : "false") + ",\"diversity\":" + num(m.diversity()) +
         ",\"improved\":" + num(m.improved());
  if (p.landscape == PsoLandscape::truss10) {
    const Truss10Design t = truss10_design(m.best_x());
    out += ",\"truss\":{\"weight\":" + num(t.weight) +
           ",\"feasible\":" + (t.violation == 0 ? "true" : "false") + ",\"stress\":" + list(t.stress, 10) +
           ",\"ux\":" + list(t.ux, 4) + ",\"uy\":" + list(t.uy, 4) +
           ",\"max_stress_ratio\":" + num(t.max_stress_ratio) +
           ",\"max_displacement_ratio\":" + num(t.max_displacement_ratio) + "}";
  }
  out += ",\"particles\":[";
  for (uint32_t i = 0; i < s.P; ++i) {
    out += std::string(i ? "," : "") + "{\"x\":" + list(&s.x[size_t{i} * s.D], s.D) +
           ",\"v\":" + list(&s.v[size_t{i} * s.D], s.D) +
           ",\"value\":" + num(s.score[i].violation == INFINITY ? NAN : s.score[i].value) +
           ",\"best\":" + num(s.best[i].value) + ",\"guide\":" + std::to_string(s.guide[i]) + "}";
  }
  return out + "]}\n";
}

}  // namespace bandada
