// Bandada — the PSO model behind the model seam: PsoController seen as a ModelSession (live
// fields, the landscape, topology, update and boundary as choices, following a particle).
// Registered in core/models/all_models.cpp.
#include <cmath>

#include "app/controller_session.h"
#include "app/registry.h"
#include "app/remote_step.h"
#include "common/number_text.h"
#include "common/state_id.h"
#include "pso_controller.h"
#include "pso_export.h"

namespace bandada {

const std::vector<Experiment>& pso_experiments();  // pso_experiments.cpp

namespace {

const ModelInfo kInfo = {
    "pso",
    "Particle swarm optimisation",
    "step",
    "The update's constants act live, from the next step; D, P, the seed and the landscape rebuild the swarm",
    "Each arrow is a particle (its first two coordinates) with its velocity; faint dots are the personal "
    "bests, "
    "the yellow cross the swarm's best and the green ring the known optimum. Click a particle or a row to "
    "follow "
    "it. Keys: Space run/pause · S step · I initialize · Esc stop following.",
    true};

std::vector<std::string> landscape_names(bool titles) {
  std::vector<std::string> out;
  for (int k = 0; k < kPsoLandscapes; ++k) {
    const PsoLandscapeInfo& i = pso_landscape_info(static_cast<PsoLandscape>(k));
    out.push_back(titles ? i.title : i.name);
  }
  return out;
}

const ModelDescription& pso_description() {
  static const ModelDescription d = [] {
    ModelDescription m;
    m.info = kInfo;
    m.fields.assign(pso_fields(), pso_fields() + kPsoFieldCount);
    m.choices = {
        {"landscape", "landscape", landscape_names(true), landscape_names(false)},
        {"topology", "topology", {"global best", "ring", "von Neumann"}, {"gbest", "ring", "vonneumann"}},
        {"update", "update", {"constriction χ", "inertia w"}, {"constriction", "inertia"}},
        {"boundary",
         "boundary",
         {"none (unbounded)", "absorb", "reflect", "random"},
         {"none", "absorb", "reflect", "random"}},
    };
    m.commands = standard_commands("Place the swarm and evaluate it, paused (I)", "Pause, then one step (S)");
    m.series = {{"log10 error", NAN, NAN, -1, true}, {"diversity", 0.0, NAN}, {"improved", 0.0, 1.0}};
    m.table_title = "Particles";
    m.columns = {{"#", -1}, {"value", 6}, {"best", 6}, {"|v|", 4}, {"guide", -1}};
    m.legend = {{kWhite, "particle, with its velocity"},
                {kRed, "outside the box (drawn at its wall)"},
                {kFaint, "personal best"},
                {kYellow, "the swarm's best"},
                {kGreen, "the known optimum"},
                {kOrange, "followed"}};
    return m;
  }();
  return d;
}

class PsoSession final : public LiveSession<PsoController, PsoField> {
 public:
  PsoSession() : LiveSession(pso_description()) {}

  int chosen(size_t k) const override { return c_.chosen(k); }

  std::string why_not(std::string_view id) const override {
    std::string why = standard_why_not(id);
    if (why.empty() && id == "initialize") why = c_.topology_problem();
    if (why.empty() && (id == "run" || id == "step") && c_.model() && c_.model()->diverged_at())
      why = "Diverged at step " + std::to_string(c_.model()->diverged_at()) + ".";
    return why;
  }

  uint64_t steps() const override { return c_.model() ? c_.model()->steps() : 0; }

  std::vector<Readout> readouts() const override {
    const Pso* m = c_.model();
    if (!m) return {};
    const bool truss = m->params().landscape == PsoLandscape::truss10;
    std::vector<Readout> r = {
        {"step", std::to_string(m->steps())},
        {"evaluations", std::to_string(m->evaluations())},
        {truss ? "lightest design" : "best", format_fixed(m->best().value, 6) + (truss ? " lb" : "")},
    };
    if (truss) {
      r.push_back(
          {"feasible:",
           m->best().violation == 0 ? "yes" : "no (violation " + format_fixed(m->best().violation, 4) + ")",
           m->best().violation == 0 ? 1 : 2});
      r.push_back({"against 5 060.9 lb", format_fixed(100 * m->error() / kTruss10Best, 2) + " %"});
    } else {
      const double e = m->error();
      r.push_back({"error", e > 0 ? format_fixed(m->log10_error(), 2) + " (log10)" : "0"});
    }
    r.push_back({"diversity", format_fixed(m->diversity(), 4)});
    r.push_back({"improved", format_fixed(100 * m->improved(), 0) + "%"});
    if (m->diverged_at())
      r.push_back({"diverged at step", std::to_string(m->diverged_at()) + " (a speed passed 1e12)", 3});
    if (c_.selection()) r.push_back({"following particle", "#" + std::to_string(*c_.selection()), 4});
    return r;
  }

  std::vector<Measure> measures() const override {
    const Pso* m = c_.model();
    if (!m) return {};
    const double e = m->error();
    const Fit fit = error_fit();
    const bool truss = m->params().landscape == PsoLandscape::truss10;
    const Truss10Design t = truss ? truss10_design(m->best_x()) : Truss10Design{};
    return {{"best_value", format_double(m->best().value)},
            {"violation", format_double(m->best().violation)},
            {"error", format_double(e)},
            {"log10_error", format_double(m->log10_error())},
            {"in_basin", m->in_basin() ? "1" : "0"},
            {"evaluations", std::to_string(m->evaluations())},
            {"diversity", format_double(m->diversity())},
            {"improved", format_double(m->improved())},
            {"diverged_at", std::to_string(m->diverged_at())},
            {"error_slope", format_double(fit.slope)},
            {"error_fit_r2", format_double(fit.r2)},
            {"max_stress_ratio", format_double(truss ? t.max_stress_ratio : NAN)},
            {"max_displacement_ratio", format_double(truss ? t.max_displacement_ratio : NAN)}};
  }

  /// The least-squares line through log10 error against the step, over the steps recorded since
  /// Initialize where the error is above 0: its slope (log10 per step) and R² (1: a straight
  /// line, the error falling geometrically). NaN with fewer than three such steps.
  struct Fit {
    double slope = NAN, r2 = NAN;
  };
  Fit error_fit() const {
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
    for (const PsoSample& p : c_.series()) {
      if (!std::isfinite(p.log_error)) continue;
      const double x = static_cast<double>(p.step), y = p.log_error;
      n += 1;
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
      syy += y * y;
    }
    Fit f;
    const double vx = n * sxx - sx * sx, vy = n * syy - sy * sy, cxy = n * sxy - sx * sy;
    if (n < 3 || !(vx > 0)) return f;
    f.slope = cxy / vx;
    f.r2 = vy > 0 ? cxy * cxy / (vx * vy) : 1.0;
    return f;
  }

  double series_value(size_t k, size_t i) const override {
    const PsoSample& s = c_.series()[i];
    return k == 0 ? s.log_error : k == 1 ? s.diversity : s.improved;
  }

  void row(size_t i, double* out) const override {
    const Pso& m = *c_.model();
    const Swarm& s = m.swarm();
    double v2 = 0;
    for (uint32_t d = 0; d < s.D; ++d) v2 += s.v[i * s.D + d] * s.v[i * s.D + d];
    out[0] = static_cast<double>(i);
    out[1] = s.score[i].violation == INFINITY ? NAN : s.score[i].value;
    out[2] = s.best[i].value;
    out[3] = std::sqrt(v2);
    out[4] = s.guide[i];
  }

  void draw(DrawData& d) const override {
    const Pso* m = c_.model();
    const PsoLandscapeInfo& info =
        pso_landscape_info(m ? m->params().landscape : static_cast<PsoLandscape>(c_.chosen(0)));
    d.space = Space::plane;
    d.shape = GlyphShape::arrow;
    // The plane is the box of the first two coordinates, from its corner (lo, lo); a particle
    // outside it (no boundary rule) is drawn at the wall, in red.
    const double w = info.hi - info.lo;
    d.width = d.height = w;
    d.x0 = d.y0 = info.lo;
    d.y_up = true;
    const size_t n = m ? m->size() : 0;
    d.reset(n);
    if (!m) return;
    const Swarm& s = m->swarm();
    const uint32_t D = s.D;
    auto at = [&](const std::vector<double>& a, size_t i, uint32_t k) {
      // Just inside the far wall: a particle absorbed there is at hi exactly, and hi − lo in
      // float may round past the plane's width.
      return std::fmin(w * (1 - 1e-6), std::fmax(0.0, (k < D ? a[i * D + k] : 0.0) - info.lo));
    };
    for (size_t i = 0; i < n; ++i) {
      d.set_plane_glyph(i, at(s.x, i, 0), at(s.x, i, 1), s.v[i * D], D > 1 ? s.v[i * D + 1] : 0.0);
      d.colour[i] = m->inside(static_cast<uint32_t>(i)) ? kWhite : kRed;
      d.overlays.push_back({Overlay::Kind::disc, kFaint, static_cast<float>(at(s.best_x, i, 0)),
                            static_cast<float>(at(s.best_x, i, 1)), 0, 2.5f});
    }
    if (!std::isnan(info.x_opt)) {
      const float o = static_cast<float>(info.x_opt - info.lo);
      d.overlays.push_back({Overlay::Kind::ring, kGreen, o, o, 0, 9.0f, 0, 0, 0, 2.0f});
    }
    const uint32_t lead = m->leader();
    d.overlays.push_back({Overlay::Kind::cross, kYellow, static_cast<float>(at(s.best_x, lead, 0)),
                          static_cast<float>(at(s.best_x, lead, 1)), 0, 9.0f, 0, 0, 0, 2.5f});
    if (c_.selection() && *c_.selection() < n) {
      const uint32_t i = *c_.selection();
      d.highlight[i] = 1;
      d.overlays.push_back(
          {Overlay::Kind::ring, kOrange, d.pos[i * 3], d.pos[i * 3 + 1], 0, 10.0f, 0, 0, 0, 2.0f});
    }
    d.version = draw_version(m->state_id(), m->steps(), c_.selection() ? *c_.selection() + 1 : 0);
  }

  std::string exported(Export form) const override {
    if (!c_.model() || form != Export::json) return LiveSession::exported(form);
    return pso_json(*c_.model());
  }

  CommandResult cli_run(uint64_t n, bool) override {
    CommandResult r = compute(n);
    if (r.ok && c_.model() && c_.model()->diverged_at())
      r.warnings.push_back("diverged at step " + std::to_string(c_.model()->diverged_at()) +
                           ": a speed passed 1e12; the state is the one before it");
    return r;
  }

 protected:
  void do_choose(size_t k, int index) override { c_.choose(k, index); }
  CommandResult do_command(std::string_view id) override {
    bool handled = false;
    if (id == "step") return c_.step();
    return standard_command(id, handled);
  }
};

std::unique_ptr<WorkerModel> pso_worker(std::string_view bytes) {
  return list_worker(
      bytes, PsoController::blank_model(), pso_unpack, [](Pso& m) { m.step(); }, pso_pack);
}

}  // namespace

ModelEntry pso_model() {
  return {kInfo.id, kInfo.title, [] { return std::unique_ptr<ModelSession>(new PsoSession); }, pso_worker,
          pso_experiments};
}

}  // namespace bandada
