// Bandada — the PSO model behind the model seam: PsoController seen as a ModelSession (live
// fields, the landscape, topology, update and boundary as choices, following a particle).
// Registered in core/models/all_models.cpp.
#include <algorithm>
#include <cmath>

#include "app/controller_session.h"
#include "app/registry.h"
#include "app/remote_step.h"
#include "common/det_math.h"
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
    true,
    0.0};  // a step is one iteration of the swarm: it has no time

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
    m.speeds = true;  // a live controller: the page's speeds
    m.table_note = "value —: not evaluated (outside the box, or a design the truss cannot carry)";
    m.columns = {{"#", -1}, {"value", 6}, {"best", 6}, {"|v|", 4}, {"guide", -1}};
    m.display_options = {{"links", "topology's links"}};
    m.legend = {{kWhite, "particle, with its velocity"},
                {kRed, "outside the box (drawn at its wall)"},
                {kFaint, "personal best"},
                {kYellow, "the swarm's best"},
                {kGreen, "the known optimum"},
                {kSelected, "followed"},
                {kRamp + 15, "truss member: width its area; blue → red, stress 0 → 25 ksi"},
                {kObstacle, "truss node; pin (cross), load (arrow)"}};
    return m;
  }();
  return d;
}

class PsoSession final : public LiveSession<PsoController, PsoField> {
 public:
  PsoSession() : LiveSession(pso_description()) {}

  ChoiceNow choice_now(size_t k) const override { return c_.chosen(k); }

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
      // The field D is the functions'; the truss always has its ten member areas (issue 85).
      r.push_back({"dimensions", "10, the member areas (the field D is for the functions)"});
      r.push_back({"drawn", c_.selection() ? "the followed particle's design (Esc: the best)"
                                           : "the swarm's best design (a table row: that particle's)"});
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
    // The plane is the box of the first two coordinates, 1 000 units a side from its corner
    // (lo, lo), as the other models' planes; a particle outside it (no boundary rule) is drawn at
    // the wall, in red.
    const double w = info.hi - info.lo, k = kPlane / w;
    d.width = d.height = kPlane;
    d.y_up = true;
    const size_t n = m ? m->size() : 0;
    d.reset(n);
    if (!m) return;
    const Swarm& s = m->swarm();
    const uint32_t D = s.D;
    if (m->params().landscape == PsoLandscape::truss10) {
      // Ten areas do not lie on a plane, and the landscape's slice through the first two drew
      // the swarm in a corner under the structure (issue 85): the view is the structure alone,
      // the swarm's best design or the followed particle's; the table lists the swarm.
      d.reset(0);
      structure(c_.selection() && *c_.selection() < n ? &s.x[size_t{*c_.selection()} * D] : m->best_x(), d);
      d.version = draw_version(m->state_id(), m->steps(), (c_.selection() ? *c_.selection() + 1 : 0) << 1);
      return;
    }
    auto at = [&](const std::vector<double>& a, size_t i, uint32_t c) {
      // Just inside the far wall: a particle absorbed there is at hi exactly, and hi − lo in
      // float may round past the plane's width.
      return std::fmin(kPlane * (1 - 1e-6), std::fmax(0.0, ((c < D ? a[i * D + c] : 0.0) - info.lo) * k));
    };
    for (size_t i = 0; i < n; ++i) {
      d.set_plane_glyph(i, at(s.x, i, 0), at(s.x, i, 1), s.v[i * D], D > 1 ? s.v[i * D + 1] : 0.0);
      d.colour[i] = m->inside(static_cast<uint32_t>(i)) ? kWhite : kRed;
      d.overlays.push_back({Overlay::Kind::disc, kFaint, static_cast<float>(at(s.best_x, i, 0)),
                            static_cast<float>(at(s.best_x, i, 1)), 0, 2.5f});
    }
    if (!std::isnan(info.x_opt)) {
      const float o = static_cast<float>((info.x_opt - info.lo) * k);
      d.overlays.push_back({Overlay::Kind::ring, kGreen, o, o, 0, 9.0f, 0, 0, 0, 2.0f});
    }
    if (display(0)) links(*m, d);
    const uint32_t lead = m->leader();
    d.overlays.push_back({Overlay::Kind::cross, kYellow, static_cast<float>(at(s.best_x, lead, 0)),
                          static_cast<float>(at(s.best_x, lead, 1)), 0, 9.0f, 0, 0, 0, 2.5f});
    if (c_.selection() && *c_.selection() < n) {
      const uint32_t i = *c_.selection();
      d.highlight[i] = 1;
      d.overlays.push_back(
          {Overlay::Kind::ring, kSelected, d.pos[i * 3], d.pos[i * 3 + 1], 0, 10.0f, 0, 0, 0, 2.0f});
    }
    landscape_view(*m);
    d.field_nx = d.field_ny = kGrid;
    d.field = view_.shade;
    d.overlays.insert(d.overlays.begin(), view_.contours.begin(), view_.contours.end());
    d.version = draw_version(m->state_id(), m->steps(),
                             (display(0) ? 1u : 0u) | (c_.selection() ? *c_.selection() + 1 : 0) << 1);
  }

  /// The 10-bar truss of one design (the followed particle's, else the swarm's best) over the
  /// plane, an inch to a plane unit, centred: each member as wide as its area (1 px + 0.4 px per
  /// in²) and coloured by its stress against the 25 ksi limit (blue 0 → red at or past it); the
  /// nodes, the pins as crosses, the two loads as arrows down, in grey (red is "outside the box").
  static void structure(const double* areas, DrawData& d) {
    const Truss10Design t = truss10_design(areas);
    const std::vector<TrussNode>& nodes = truss10_nodes();
    const std::vector<TrussMember>& members = truss10_members();
    const float ox = 140, oy = 320;
    auto px = [&](size_t k) { return ox + static_cast<float>(nodes[k].x); };
    auto py = [&](size_t k) { return oy + static_cast<float>(nodes[k].y); };
    for (size_t k = 0; k < members.size(); ++k) {
      const double q = t.ok ? std::fmin(1.0, std::fabs(t.stress[k]) / 25) : 1.0;
      const uint8_t colour = static_cast<uint8_t>(kRamp + static_cast<int>(15 * q + 0.5));
      const TrussMember& e = members[k];
      d.overlays.push_back({Overlay::Kind::segment, colour, px(e.a), py(e.a), 0, 0, px(e.b), py(e.b), 0,
                            static_cast<float>(1 + 0.4 * areas[k])});
    }
    for (size_t k = 0; k < nodes.size(); ++k) {
      d.overlays.push_back({nodes[k].pinned ? Overlay::Kind::cross : Overlay::Kind::disc, kObstacle, px(k),
                            py(k), 0, nodes[k].pinned ? 7.0f : 4.0f});
      if (nodes[k].fy < 0)
        d.overlays.push_back(
            {Overlay::Kind::arrow_px, kObstacle, px(k), py(k) - 8, 0, 30.0f, 0, -1, 0, 2.5f});
    }
  }

  /// The topology's links between the particles on the plane (the display option): each to the
  /// swarm's best particle (global best), each to the next (a ring), each to the next in its row
  /// and in its column (von Neumann's torus), after the glyphs are placed.
  void links(const Pso& m, DrawData& d) const {
    const uint32_t P = static_cast<uint32_t>(m.size());
    auto link = [&](uint32_t a, uint32_t b) {
      d.overlays.push_back({Overlay::Kind::segment, kFrame, d.pos[a * 3], d.pos[a * 3 + 1], 0, 0,
                            d.pos[b * 3], d.pos[b * 3 + 1], 0, 1.0f});
    };
    const SwarmTopology t = m.params().swarm.topology;
    const SwarmGrid g = swarm_grid(P);
    for (uint32_t i = 0; i < P; ++i) {
      if (t == SwarmTopology::gbest) {
        if (i != m.leader()) link(i, m.leader());
      } else if (t == SwarmTopology::ring || g.rows == 0) {
        link(i, (i + 1) % P);
      } else {
        const uint32_t r = i / g.cols, c = i % g.cols;
        link(i, r * g.cols + (c + 1) % g.cols);
        link(i, ((r + 1) % g.rows) * g.cols + c);
      }
    }
  }

  /// The landscape under the swarm: its values over the plane of the first two coordinates (the
  /// others at the swarm's best, a slice through it), as shades on a log scale and four contours
  /// between them (marching squares). Kept until the landscape, D or the slice changes.
  static constexpr double kPlane = 1000;  // the plane's side, in its own units
  static constexpr uint32_t kGrid = 49;   // odd: the box's middle (most optima) is a cell's centre
  struct LandscapeView {
    int landscape = -1;
    std::vector<double> slice;
    std::vector<uint8_t> shade;
    std::vector<Overlay> contours;
  };
  void landscape_view(const Pso& m) const {
    const PsoParams& p = m.params();
    const uint32_t D = m.dims();
    std::vector<double> slice(m.best_x() + std::min<uint32_t>(2, D), m.best_x() + D);
    if (view_.landscape == static_cast<int>(p.landscape) && view_.slice == slice) return;
    view_.landscape = static_cast<int>(p.landscape);
    view_.slice = slice;
    const PsoLandscapeInfo& info = pso_landscape_info(p.landscape);
    const double w = info.hi - info.lo, cell = w / kGrid;
    std::vector<double> g(kGrid * kGrid), x(D);
    for (uint32_t d = 2; d < D; ++d) x[d] = slice[d - 2];
    double lo = INFINITY, hi = -INFINITY;
    for (uint32_t j = 0; j < kGrid; ++j)
      for (uint32_t i = 0; i < kGrid; ++i) {
        x[0] = info.lo + (i + 0.5) * cell;
        if (D > 1) x[1] = info.lo + (j + 0.5) * cell;
        const SwarmScore sc = pso_score(p.landscape, x.data(), D);
        const double v = std::isfinite(sc.violation) ? sc.value * (1 + sc.violation) : NAN;
        g[j * kGrid + i] = v;
        if (std::isfinite(v)) {
          lo = std::fmin(lo, v);
          hi = std::fmax(hi, v);
        }
      }
    // A log scale from the lowest value: valleys keep their detail beside far higher walls.
    const double top = std::isfinite(hi) ? det_log(1 + hi - lo) : 1;
    view_.shade.assign(kGrid * kGrid, 255);
    for (size_t k = 0; k < g.size(); ++k)
      if (std::isfinite(g[k]) && top > 0)
        view_.shade[k] = static_cast<uint8_t>(255 * det_log(1 + g[k] - lo) / top);
    view_.contours.clear();
    for (int level : {51, 102, 153, 204}) contour(static_cast<double>(level), kPlane / kGrid);
  }
  /// The segments where the shades cross `level`, between the cells' centres (`cell`: a cell's
  /// side in plane units).
  void contour(double level, double cell) const {
    auto at = [&](uint32_t i, uint32_t j) { return static_cast<double>(view_.shade[j * kGrid + i]); };
    for (uint32_t j = 0; j + 1 < kGrid; ++j)
      for (uint32_t i = 0; i + 1 < kGrid; ++i) {
        const double c[4] = {at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)};
        const double cx[4] = {i + 0.5, i + 1.5, i + 1.5, i + 0.5},
                     cy[4] = {j + 0.5, j + 0.5, j + 1.5, j + 1.5};
        float px[4], py[4];
        int n = 0;
        for (int e = 0; e < 4; ++e) {  // the square's edges in turn: bottom, right, top, left
          const int f = (e + 1) % 4;
          if ((c[e] < level) == (c[f] < level)) continue;
          const double t = (level - c[e]) / (c[f] - c[e]);
          px[n] = static_cast<float>((cx[e] + t * (cx[f] - cx[e])) * cell);
          py[n] = static_cast<float>((cy[e] + t * (cy[f] - cy[e])) * cell);
          ++n;
        }
        for (int k = 0; k + 1 < n; k += 2)
          view_.contours.push_back(
              {Overlay::Kind::segment, kFaint, px[k], py[k], 0, 0, px[k + 1], py[k + 1], 0, 1.0f});
      }
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

 private:
  mutable LandscapeView view_;

 protected:
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
