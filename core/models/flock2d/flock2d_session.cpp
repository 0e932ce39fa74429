// Bandada — the 2-D flock with predators and attractors behind the model seam:
// Flock2dController seen as a ModelSession (live fields, presets, force law and integrator as
// choices, marker tools on the plane, display options). Registered in core/models/all_models.cpp.
#include <cmath>
#include <cstdio>

#include "app/controller_session.h"
#include "app/registry.h"
#include "app/remote_step.h"
#include "common/number_text.h"
#include "flock2d_controller.h"
#include "flock2d_export.h"
#include "flock2d_view.h"

namespace bandada {
namespace {

const ModelInfo kInfo = {
    "flock2d",
    "2-D flock (predators, attractors)",
    "step",
    "Fields act live, from the next step; N and the seed on Enter or leaving the field",
    "A left click or tap acts by the tool. Right click or hold 500 ms: attractor. Shift+click or the erase "
    "tool: "
    "remove the nearest marker. Keys: Space run/pause · S step · I initialize · Esc clear selection.",
    true};

enum Display { kVectors, kTrails, kGrid, kMarkers, kBySpeed, kByNeighbours, kTwin };
enum ChoiceId { kPreset, kLaw, kIntegrator, kStart, kCompare };
// The tools, in the description's order. Named kTool…: a plain kLeader would hide the palette's.
enum ToolId { kToolPredator, kToolAttractor, kToolSelect, kToolLeader, kToolErase, kToolCircle, kToolWall };

std::vector<Choice> make_choices() {
  Choice preset{"preset", "preset", {}, {}, nullptr};
  for (const Flock2dPreset& p : flock2d_presets()) {
    preset.names.push_back(p.name);
    std::string v;
    for (const char* c = p.name; *c; ++c) v += *c == ' ' ? '-' : static_cast<char>(*c | 0x20);
    preset.values.push_back(v);
  }
  return {
      preset,
      {"law", "force law", {"steering", "raw forces"}, {"steering", "raw"}, "force-law"},
      {"int", "integrator", {"Euler", "RK4"}, {"euler", "rk4"}, "integrator"},
      {"start", "start", {"drawn at random", "orbits round the centre"}, {"random", "orbits"}, nullptr},
      {"cmp", "compare integrators", {"off", "Euler and RK4 side by side"}, {"off", "on"}, "compare"},
  };
}

const ModelDescription& flock2d_description() {
  static const ModelDescription d = [] {
    ModelDescription m;
    m.info = kInfo;
    m.fields.assign(flock2d_fields(), flock2d_fields() + kFlock2dFieldCount);
    m.choices = make_choices();
    m.commands = standard_commands("Draw the flock, paused (I)", "Pause, then one step (S)");
    m.commands.push_back({"clear_markers", "Clear markers", nullptr, "Remove every predator and attractor"});
    m.commands.push_back(
        {"clear_obstacles", "Clear obstacles", nullptr, "Remove every circle and wall", true});
    m.commands.push_back(
        {"make_leader", "Make the selected boid the leader", nullptr, "The others follow it", true});
    m.commands.push_back({"no_leader", "No leader", nullptr, "Nobody leads", true});
    m.series = {{"order", 0.0, 1.0},
                {"mean speed", 0.0, NAN},
                {"mean nearest-neighbour distance", 0.0, NAN},
                {"energy (kinetic + attractor)", NAN, NAN, -1, false, "int", {"Euler", "RK4"}},
                {"twin energy", NAN, NAN, 3, false, "int", {"RK4", "Euler"}},  // the twin: the other
                {"mean distance boid to twin", 0.0, NAN, -1, true},
                {"groups (joined within r)", 0.0, NAN},
                {"largest group's share", 0.0, 1.0},
                {"mean turning angle (rad/step)", 0.0, NAN}};
    m.table_title = "Boids";
    m.speeds = true;  // a live controller: the page's speeds
    m.columns = {{"#", -1}, {"x", 2}, {"y", 2}, {"vx", 3}, {"vy", 3}, {"|v|", 3}};
    m.tools = {{"predator", "predator"}, {"attractor", "attractor"}, {"select", "select"},
               {"leader", "leader"},     {"erase", "erase"},         {"circle", "circle", true},
               {"wall", "wall", true}};  // in ToolId order; the first is the default
    m.legend = {{kBoid, "boid"},     {kRed, "predator"},      {kGreen, "attractor"},
                {kLeader, "leader"}, {kSelected, "selected"}, {kObstacle, "obstacle"}};
    m.display_options = {{"vectors", "vectors"},
                         {"trails", "trails"},
                         {"grid", "grid"},
                         {"markers", "markers", 0, true},
                         {"speed", "colour by speed", 1},  // one colouring at a time
                         {"neighbours", "colour by neighbours", 1},
                         {"twin", "twin flock (outlines)", 0, true}};  // in Display order
    m.cli_options = {
        {"leader", "L", "a boid index below --count: the others follow it"},
        {"predator", "X;Y", "a predator at (X, Y); repeatable (';' or a single ',' between X and Y)"},
        {"attractor", "X;Y", "an attractor at (X, Y); repeatable"},
        {"obstacle", "X;Y;R", "a circle of radius R (1 … 150) centred at (X, Y); repeatable"},
        {"wall", "X1;Y1;X2;Y2", "a wall from (X1, Y1) to (X2, Y2), 1 … 300 long; repeatable"},
        {"compare-integrators", nullptr,
         "also run the other integrator from the same start (as --compare on)"},
        {"search", "grid|all-pairs",
         "the neighbour search: a grid of cells (default) or every pair checked (the slow reference, same "
         "bits)"},
    };
    return m;
  }();
  return d;
}

class Flock2dSession final : public LiveSession<Flock2dController, Flock2dField> {
 public:
  Flock2dSession() : LiveSession(flock2d_description()) {}

  ChoiceNow choice_now(size_t k) const override {
    if (k == kPreset) return c_.preset();
    if (k == kLaw) return c_.law() == ForceLaw::raw ? 1 : 0;
    if (k == kStart) return c_.start() == Start::orbits ? 1 : 0;
    if (k == kCompare) return c_.comparing() ? 1 : 0;
    return c_.integrator() == Integrator::rk4 ? 1 : 0;
  }

  std::string why_not(std::string_view id) const override {
    const Flock2d* m = c_.model();
    if (id == "clear_markers")
      return m && (!m->predators().empty() || !m->attractors().empty()) ? "" : "No markers.";
    if (id == "make_leader")
      return c_.selection() && static_cast<int64_t>(*c_.selection()) != c_.leader() ? ""
                                                                                    : "Select a boid first.";
    if (id == "no_leader") return c_.leader() >= 0 ? "" : "No leader.";
    if (id == "clear_obstacles") return c_.circles().empty() && c_.walls().empty() ? "No obstacles." : "";
    return standard_why_not(id);
  }

  uint64_t steps() const override { return c_.model() ? c_.model()->steps() : 0; }
  std::vector<Readout> readouts() const override {
    std::vector<Readout> r;
    const int p = c_.preset();
    r.push_back({"", p >= 0 ? flock2d_presets()[p].note : "Custom fields."});
    const Flock2d* m = c_.model();
    if (!m) return r;
    r.push_back({"step", std::to_string(m->steps())});
    r.push_back({"N =", std::to_string(m->size())});
    r.push_back({"predators", std::to_string(m->predators().size())});
    r.push_back({"attractors", std::to_string(m->attractors().size())});
    if (c_.leader() >= 0)
      r.push_back({"leader", "#" + std::to_string(c_.leader()) + ", " +
                                 format_fixed(m->leader_distance(), 1) + " from the flock's centre"});
    if (!c_.series().empty()) {
      const Flock2dSample& s = c_.series().back();
      r.push_back({"order", format_fixed(s.order, 3)});
      r.push_back({"mean speed", format_fixed(s.mean_speed, 3)});
      r.push_back({"nearest", format_fixed(s.nearest, 2)});
      r.push_back({"groups", format_fixed(s.groups, 0) + " (largest " +
                                 format_fixed(100.0 * s.largest_share, 0) + "%)"});
      r.push_back({"turning", format_fixed(s.turning, 4) + " rad/step"});
      r.push_back({"energy", format_fixed(s.energy, 2) + " (kinetic + attractor potential)"});
    }
    if (c_.comparing() && !c_.series().empty()) {
      const Flock2dSample& s = c_.series().back();
      const bool euler = c_.integrator() == Integrator::euler;
      r.push_back({"comparing",
                   std::string(euler ? "Euler (filled) · RK4 twin (outlines)"
                                     : "RK4 (filled) · Euler twin (outlines)") +
                       ", at most " + std::to_string(kCompareMax) + " boids",
                   2});
      r.push_back({"energy", format_fixed(s.energy, 2) + (euler ? " Euler · " : " RK4 · ") +
                                 format_fixed(s.twin_energy, 2) + (euler ? " RK4" : " Euler")});
      r.push_back({"order", format_fixed(s.order, 3) + " · twin " + format_fixed(s.twin_order, 3)});
      r.push_back({"boid to twin", format_fixed(s.twin_distance, 3) +
                                       " mean distance (chaos parts twins even when the statistics agree)"});
    }
    if (c_.selection()) {
      const uint32_t i = *c_.selection();
      r.push_back({"boid #" + std::to_string(i),
                   "at (" + format_fixed(m->px()[i], 1) + ", " + format_fixed(m->py()[i], 1) + "), v = (" +
                       format_fixed(m->vx()[i], 3) + ", " + format_fixed(m->vy()[i], 3) + ")",
                   4});
    }
    return r;
  }

  std::vector<Measure> measures() const override {
    const Flock2d* m = c_.model();
    if (!m) return {};
    const Groups g = m->groups();
    return {{"order", format_double(m->order())},
            {"mean_speed", format_double(m->mean_speed())},
            {"kinetic_energy", format_double(m->kinetic_energy())},
            {"total_energy", format_double(m->total_energy())},
            {"mean_nearest_distance", format_double(m->mean_nearest_distance())},
            {"groups", std::to_string(g.count)},
            {"largest_group_share", format_double(g.largest_share())},
            {"turning_angle", format_double(m->turning_angle())},
            {"leader_distance", format_double(m->leader_distance())}};  // nan without a leader
  }

  double series_value(size_t k, size_t i) const override {
    const Flock2dSample& s = c_.series()[i];
    const double v[] = {s.order,         s.mean_speed, s.nearest,       s.energy, s.twin_energy,
                        s.twin_distance, s.groups,     s.largest_share, s.turning};
    return k < 9 ? v[k] : NAN;
  }

  void row(size_t i, double* out) const override {
    const Flock2d& m = *c_.model();
    const double v[] = {static_cast<double>(i),
                        m.px()[i],
                        m.py()[i],
                        m.vx()[i],
                        m.vy()[i],
                        std::sqrt(m.vx()[i] * m.vx()[i] + m.vy()[i] * m.vy()[i])};
    for (size_t k = 0; k < 6; ++k) out[k] = v[k];
  }

  CommandResult pointer(const Pointer& p) override {
    if (p.drag) return drag_tool(p.x0, p.y0, p.x, p.y);
    const double x = p.x, y = p.y;
    if (!c_.model()) return {false, "Initialize first: markers go into a running flock."};
    if (!(x >= 0 && y >= 0 && x <= kFlockWidth && y <= kFlockHeight)) return {false, "Outside the plane."};
    CommandResult r;
    if (p.remove || tool() == kToolErase)
      r = c_.remove_nearest(x, y);
    else if (tool() == kToolCircle)
      r = c_.add_circle(x, y, 30);  // a tap: a circle of radius 30
    else if (tool() == kToolWall)
      return {false, "Drag from one end of the wall to the other."};
    else if (p.right || tool() == kToolAttractor)
      r = c_.add_attractor(x, y);
    else if (tool() == kToolPredator)
      r = c_.add_predator(x, y);
    else {
      DrawData d;
      draw(d);
      const int64_t i = nearest_glyph(d, x, y, p.pick);
      if (i < 0) return {false, "No boid there."};
      r = tool() == kToolLeader ? c_.set_leader(i) : c_.select(i);
    }
    if (r.ok) bump();  // markers and the leader are part of the saved text
    return r;
  }

  void draw(DrawData& d) const override;

  std::string exported(Export form) const override;

  std::string cli_option(std::string_view name, std::string_view value) override {
    if (name == "leader") {
      leader_text_ = std::string(value);
      return {};
    }
    if (name == "compare-integrators") {
      compare_flag_ = true;
      return {};
    }
    if (name == "search") {
      if (value != "grid" && value != "all-pairs")
        return "--search '" + std::string(value) + "': grid or all-pairs";
      all_pairs_ = value == "all-pairs";
      return {};
    }
    if (name == "obstacle" || name == "wall") {
      std::vector<double> v;
      if (!parse_real_list(value, ';', v))
        return "--" + std::string(name) + " '" + std::string(value) + "': numbers separated by ';'";
      const size_t want = name == "obstacle" ? 3 : 4;
      if (v.size() != want)
        return "--" + std::string(name) + " '" + std::string(value) + "': give " +
               (want == 3 ? "X;Y;R" : "X1;Y1;X2;Y2");
      const CommandResult r =
          want == 3 ? c_.add_circle(v[0], v[1], v[2]) : c_.add_wall(v[0], v[1], v[2], v[3]);
      return r.ok ? std::string() : "--" + std::string(name) + " '" + std::string(value) + "': " + r.message;
    }
    if (name != "predator" && name != "attractor") return ModelSession::cli_option(name, value);
    double x = 0, y = 0;
    if (!parse_point(value, x, y))
      return "--" + std::string(name) + " '" + std::string(value) + "': give X;Y, e.g. 450;300";
    (name == "predator" ? cli_predators_ : cli_attractors_).emplace_back(x, y);
    return {};
  }
  CommandResult cli_run(uint64_t n, bool) override {
    if (leader_text_) {
      IntegerParse l = parse_integer_text(*leader_text_, c_.model() ? c_.model()->size() - 1 : 0);
      if (!l.ok || !c_.set_leader(static_cast<int64_t>(l.value)).ok)
        return {false, "--leader '" + *leader_text_ + "': a boid index below --count"};
    }
    for (auto& [x, y] : cli_predators_) c_.add_predator(x, y);
    for (auto& [x, y] : cli_attractors_) c_.add_attractor(x, y);
    if (all_pairs_) c_.use_all_pairs();
    if (compare_flag_ && !c_.comparing()) c_.set_compare(true);
    if (!c_.comparing() && !c_.compare_refusal().empty())
      return {false, c_.compare_refusal()};  // asked for, but refused (too many boids)
    return compute(n);
  }

  std::string test_hooks() const {
    const Flock2d* m = c_.model();
    return "{\"predators\":" + std::to_string(m ? m->predators().size() : 0) +
           ",\"attractors\":" + std::to_string(m ? m->attractors().size() : 0) +
           ",\"leader\":" + std::to_string(c_.leader()) + ",\"preset\":" + std::to_string(c_.preset()) +
           ",\"separation_weight\":" + format_double(m ? m->params().separation_weight : 0.0) +
           ",\"comparing\":" + (c_.twin() ? "true" : "false") + ",\"twin_fingerprint\":\"" +
           (c_.twin() ? std::to_string(c_.twin()->fingerprint()) : "") + "\"}";
  }

 protected:
  /// The end of a drag on the plane, by the tool (pointer() above).
  CommandResult drag_tool(double x0, double y0, double x1, double y1) {
    CommandResult r;
    if (tool() == kToolCircle) {
      const double dx = minimal_image(x1 - x0, kFlockWidth), dy = minimal_image(y1 - y0, kFlockHeight);
      r = c_.add_circle(x0, y0, std::fmin(150.0, std::fmax(1.0, std::sqrt(dx * dx + dy * dy))));
    } else if (tool() == kToolWall) {
      r = c_.add_wall(x0, y0, x1, y1);
    } else {
      return press(x1, y1, false, false, 15.0);
    }
    if (r.ok) bump();  // obstacles are part of the saved text
    return r;
  }
  void do_choose(size_t k, int index) override {
    if (k == kPreset)
      c_.apply_preset(index);
    else if (k == kLaw)
      c_.set_law(index == 1 ? ForceLaw::raw : ForceLaw::steering);
    else if (k == kStart)
      c_.set_start(index == 1 ? Start::orbits : Start::random);
    else if (k == kCompare)
      c_.set_compare(index == 1);  // a refusal is the notice
    else
      c_.set_integrator(index == 1 ? Integrator::rk4 : Integrator::euler);
  }
  CommandResult do_command(std::string_view id) override {
    bool handled = false;
    CommandResult r = standard_command(id, handled);
    if (handled) return r;
    if (id == "clear_markers") {
      c_.clear_markers();
      bump();
    }
    if (id == "clear_obstacles") {
      c_.clear_obstacles();
      bump();
    }
    if (id == "make_leader") {
      bump();
      return c_.set_leader(*c_.selection());
    }
    if (id == "no_leader") {
      bump();
      return c_.set_leader(-1);
    }
    return {};
  }

 private:
  // "X;Y", or "X,Y" with one comma; numbers by the field grammar.
  static bool parse_point(std::string_view s, double& x, double& y) {
    size_t sep = s.find(';');
    if (sep == std::string_view::npos) {
      sep = s.find(',');
      if (sep == std::string_view::npos || s.find(',', sep + 1) != std::string_view::npos) return false;
    }
    RealParse a = parse_real_text(s.substr(0, sep)), b = parse_real_text(s.substr(sep + 1));
    if (!a.ok || !b.ok) return false;
    x = a.value;
    y = b.value;
    return true;
  }

  std::optional<std::string> leader_text_;
  bool compare_flag_ = false, all_pairs_ = false;
  std::vector<std::pair<double, double>> cli_predators_, cli_attractors_;
  mutable Flock2dTrails trails_;  // display only
};

std::string Flock2dSession::exported(Export form) const {
  if (form == Export::test_hooks) return test_hooks();
  if (!c_.model() || form != Export::json) return LiveSession::exported(form);
  // The state, then the energy series of the run (kinetic + attractor potential, one value per
  // step from Initialize), per integrator, and while comparing the mean distance boid to twin.
  std::string out = flock2d_json(*c_.model());
  out.resize(out.size() - 2);  // "}\n"
  const bool euler = c_.integrator() == Integrator::euler;
  auto series = [&](const char* name, double Flock2dSample::*v) {
    out += std::string("\"") + name + "\":[";
    for (size_t i = 0; i < c_.series().size(); ++i) {
      const double x = c_.series()[i].*v;
      out += (i ? "," : "") + (std::isnan(x) ? std::string("null") : format_double(x));
    }
    out += "]";
  };
  out += ",\"energy\":{";
  series(euler ? "euler" : "rk4", &Flock2dSample::energy);
  if (c_.twin()) {
    out += ",";
    series(euler ? "rk4" : "euler", &Flock2dSample::twin_energy);
  }
  out += "}";
  if (c_.twin()) {
    out += ",";
    series("twin_distance", &Flock2dSample::twin_distance);
    out += ",\"twin_fingerprint\":\"" + std::to_string(c_.twin()->fingerprint()) + "\"";
  }
  out += "}\n";
  return out;
}

void Flock2dSession::draw(DrawData& d) const {
  Flock2dLooks looks;
  looks.vectors = display(kVectors);
  looks.trails = display(kTrails);
  looks.grid = display(kGrid);
  looks.markers = display(kMarkers);
  looks.by_speed = display(kBySpeed);
  looks.by_neighbours = display(kByNeighbours);
  looks.twin = display(kTwin);
  draw_flock2d(c_, looks, revision(), trails_, d);
}

/// The model (and its twin, if any) in a step worker, from pack_list's bytes of each: null for
/// bytes that are not.
std::unique_ptr<WorkerModel> flock2d_worker(std::string_view bytes) {
  Flock2dParams p;
  p.n = 1;
  return list_worker(
      bytes, Flock2d(p), flock2d_unpack,
      [](Flock2d& f) {
        f.step();
        if (Flock2dController::measured_at(f.steps()))
          f.mean_nearest_distance();  // as Flock2dController steps them off its thread
      },
      flock2d_pack);
}

}  // namespace

const std::vector<Experiment>& flock2d_experiments();  // flock2d_experiments.cpp

ModelEntry flock2d_model() {
  return {kInfo.id, kInfo.title, [] { return std::unique_ptr<ModelSession>(new Flock2dSession); },
          flock2d_worker, flock2d_experiments};
}

}  // namespace bandada
