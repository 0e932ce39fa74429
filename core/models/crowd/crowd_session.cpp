// Bandada — crowd evacuation with the social force model behind the model seam: CrowdController
// seen as a ModelSession (live fields, the room as a choice, tools that edit the room, colour by
// speed or pressure, people left and outflow plotted). Registered in core/models/all_models.cpp:
// this folder and that one line are the whole model.
#include <algorithm>
#include <cmath>
#include <string>

#include "app/controller_session.h"
#include "app/registry.h"
#include "app/remote_step.h"
#include "common/json_out.h"
#include "common/number_text.h"
#include "common/state_id.h"
#include "crowd_bundled.h"
#include "crowd_controller.h"

namespace bandada {
namespace {

const ModelInfo kInfo = {
    "crowd",
    "Crowd evacuation",
    "step",
    "v0, herding, R, dt, the operational model and its constants act live; N, the seed and the room rebuild "
    "the crowd",
    "People are discs to scale, coloured by speed (or pressure); exits are green, walls grey, "
    "measures yellow. Tools: add people, walls, 1 m exits, columns, erase; drag a measure. Keys: "
    "Space run/pause · S step · I initialize.",
    true};

enum Tool : int {
  kToolPeople,
  kToolWall,
  kToolExit,
  kToolColumn,
  kToolErase,
  kToolLine,
  kToolArea,
  kToolStart,
  kToolZone,
  kToolCheckpoint
};
enum Display : int { kBySpeed, kByPressure };

/// The crowd's own options, the rows of CrowdSession's option table (defined after it).
const std::vector<CliOption>& crowd_cli_options();

const ModelDescription& crowd_description() {
  static const ModelDescription d = [] {
    ModelDescription m;
    m.info = kInfo;
    m.fields.assign(crowd_fields(), crowd_fields() + kCrowdFieldCount);
    Choice room{"preset", "room", {}, {}, nullptr};
    for (size_t k = 0; k < crowd_layouts().size(); ++k) {
      room.names.push_back(crowd_layouts()[k].name);
      room.values.push_back(crowd_preset_word(static_cast<uint32_t>(k)));
    }
    Choice model{"om", "operational model", {}, {}, "operational-model"};
    for (const CrowdModelName& k : kCrowdModelNames) {
      model.names.push_back(k.label);
      model.values.push_back(k.word);
    }
    m.choices = {room, model};
    m.commands = standard_commands("Place the people, paused (I)", "Pause, then one 0.04 s step (S)");
    m.series = {{"people inside", 0.0, NAN},
                {"outflow (people/s, last second)", 0.0, NAN},
                {"mean speed (m/s)", 0.0, NAN},
                {"largest pressure (N/m)", 0.0, NAN, -1, true},       // hidden under the speed models: NaN
                {"line 1: people across, N(t)", 0.0, NAN, -1, true},  // shown once a line is drawn
                {"area 1: density (P/m2)", 0.0, NAN, -1, true}};
    m.table_title = "People";
    m.speeds = true;  // a live controller: the page's speeds
    m.table_note = "pressure —: not defined, the speed models have no forces";
    m.columns = {{"#", -1}, {"person", -1}, {"x", 2}, {"y", 2}, {"|v|", 2}, {"r", 2}, {"pressure", 0}};
    m.tools = {{"people", "add people"},
               {"wall", "draw a wall", true},
               {"exit", "cut an exit"},
               {"column", "place a column"},
               {"erase", "erase"},
               {"line", "measure across a line", true},
               {"area", "measure an area", true},
               {"start", "start area (N people)", true},
               {"zone", "speed zone (x 0.5)", true},
               {"checkpoint", "checkpoint (wait 5 s)", true}};
    m.display_options = {{"speed", "colour by speed", 1, true}, {"pressure", "colour by pressure", 1}};
    m.cli_options = crowd_cli_options();
    m.legend = {{kRamp, "slow / low"},
                {kRamp + 15, "fast / high"},
                {kGreen, "exit"},
                {kObstacle, "wall, column"},
                {kYellow, "measurement line, area"},
                {kZone, "speed zone"},
                {kLeader, "checkpoint"},
                {kWhite, "followed"}};
    return m;
  }();
  return d;
}

class CrowdSession final : public LiveSession<CrowdController, CrowdField> {
 public:
  CrowdSession() : LiveSession(crowd_description()) {}

  /// The room while a scenario is open is the scenario's, none of the presets.
  ChoiceNow choice_now(size_t k) const override {
    if (k == 0 && c_.scenario())
      return ChoiceNow(c_.scenario()->bundled.empty() ? std::string("opened file") : c_.scenario()->bundled);
    return static_cast<int>(k == 0 ? c_.layout() : c_.operational_model());
  }
  uint64_t steps() const override { return c_.model() ? c_.model()->steps() : 0; }
  std::string why_not(std::string_view id) const override { return standard_why_not(id); }

  std::vector<Readout> readouts() const override {
    const Crowd* m = c_.model();
    if (!m) return {{"", c_.idle_room().name}};
    const bool forces = m->params().model == kCrowdSocialForce;  // the speed models have none
    std::vector<Readout> r = {
        {"", m->layout().name},
        {"t =", format_fixed(m->time(), 2) + " s (step " + std::to_string(m->steps()) + ")"},
        {"inside",
         std::to_string(m->size()) + " of " + std::to_string(m->placed()) +
             (m->arrivals().empty() ? std::string()
                                    : " (" + std::to_string(m->arrivals().size()) + " yet to arrive)")},
        {"outflow", format_fixed(m->outflow(), 0) + " people/s (last second)"},
        {"mean speed", format_fixed(m->mean_speed(), 2) + " m/s"},
        {"largest pressure", forces ? format_fixed(m->max_pressure(), 0) + " N/m"
                                    : std::string("not defined: this model has no forces")},
        {"model", kCrowdModelNames[m->params().model].label}};
    const double t = m->evacuation_time();
    r.push_back({"evacuation time",
                 m->layout().periodic != 0 ? std::string("none: a corridor without ends, walked round")
                 : std::isnan(t)           ? std::string("not yet (someone is inside)")
                                           : format_fixed(t, 2) + " s",
                 2});
    if (!m->start_times().empty())
      r.push_back({"waiting", std::to_string(m->waiting()) + " (premovement: not walking yet)"});
    if (!m->layout().checkpoints.empty())
      r.push_back({"at checkpoints", std::to_string(m->waiting_at_checkpoints()) + " waiting"});
    if (m->arrivals_waited() > 0)
      r.push_back({"arrivals", std::to_string(m->arrivals_waited()) + " waited for room, the longest " +
                                   format_fixed(m->arrivals_wait_max(), 2) + " s"});
    measure_readouts(r);
    if (c_.selection() && *c_.selection() < m->size()) {
      const uint32_t i = *c_.selection();
      r.push_back({"person #" + std::to_string(m->ids()[i]),
                   "at (" + format_fixed(m->x()[i], 2) + ", " + format_fixed(m->y()[i], 2) + ") m", 4});
    }
    return r;
  }

  /// Each line's passages and flow, each area's density and speed at the last frame.
  void measure_readouts(std::vector<Readout>& r) const {
    const CrowdMeasures& ms = c_.measures();
    for (size_t k = 0; k < ms.lines.size(); ++k) {
      const CrowdLine& l = ms.lines[k];
      const double flow = l.flow();
      r.push_back({"line " + std::to_string(k + 1),
                   std::to_string(l.passages.size()) + " passed · " +
                       (std::isnan(flow) ? std::string("flow needs more passages")
                                         : format_fixed(flow, 2) + " P/s, " +
                                               format_fixed(flow / l.length(), 2) + " P/(m·s)")});
    }
    for (size_t k = 0; k < ms.areas.size(); ++k) {
      const CrowdArea& a = ms.areas[k];
      if (a.density.empty() || std::isnan(a.density.back())) continue;
      r.push_back({"area " + std::to_string(k + 1),
                   format_fixed(a.density.back(), 2) + " P/m² · " +
                       (std::isnan(a.speed.back()) ? std::string("nobody inside")
                                                   : format_fixed(a.speed.back(), 2) + " m/s")});
    }
  }

  std::vector<Measure> measures() const override {
    const Crowd* m = c_.model();
    if (!m) return {};
    double mean_exit = NAN;
    if (!m->exit_times().empty()) {
      double s = 0;
      for (double t : m->exit_times()) s += t;
      mean_exit = s / static_cast<double>(m->exit_times().size());
    }
    const double last = m->exit_times().empty() ? NAN : m->exit_times().back();
    const double flow = m->evacuated() > 0 ? static_cast<double>(m->evacuated()) / last : NAN;
    std::vector<Measure> all = {
        {"inside", std::to_string(m->size())},
        {"evacuated", std::to_string(m->evacuated())},
        {"evacuation_time", format_double(m->evacuation_time())},
        {"evacuation_time_90", format_double(m->evacuation_time_90())},
        {"mean_flow", format_double(flow)},
        // per metre of segment exits; an exit area has no width: none
        {"specific_flow", format_double(m->exit_width_total() > 0 ? flow / m->exit_width_total() : NAN)},
        {"clogging_pauses", std::to_string(m->clogging_pauses())},
        {"mean_exit_time", format_double(mean_exit)},
        {"outflow", format_double(m->outflow())},
        {"mean_speed", format_double(m->mean_speed())},
        {"max_pressure", format_double(m->max_pressure())}};
    crowd_measured(all, *m, c_.measures(), c_.scenario());
    return all;
  }

  double series_value(size_t k, size_t i) const override {
    const CrowdSample& s = c_.series()[i];
    const double v[] = {s.left, s.outflow, s.mean_speed, s.max_pressure};
    if (k < 4) return v[k];
    const CrowdMeasures& m = c_.measures();
    if (k == 4 && !m.lines.empty()) {  // passages of frames up to this one: before t = 0.04·step
      const std::vector<CrowdPassage>& p = m.lines.front().passages;
      const double t = kCrowdFrame * static_cast<double>(s.step);
      return static_cast<double>(
          std::partition_point(p.begin(), p.end(), [t](const CrowdPassage& q) { return q.t < t; }) -
          p.begin());
    }
    if (k == 5 && !m.areas.empty() && c_.model()) {  // measured from the frame it was drawn at
      const std::vector<double>& d = m.areas.front().density;
      const uint64_t last = c_.model()->steps();
      if (s.step > last || last - s.step >= d.size()) return NAN;
      return d[d.size() - 1 - static_cast<size_t>(last - s.step)];
    }
    return NAN;
  }

  void row(size_t i, double* out) const override {
    const Crowd& m = *c_.model();
    const double v[] = {static_cast<double>(i),
                        static_cast<double>(m.ids()[i]),
                        m.x()[i],
                        m.y()[i],
                        std::sqrt(m.vx()[i] * m.vx()[i] + m.vy()[i] * m.vy()[i]),
                        m.radius()[i],
                        m.params().model == kCrowdSocialForce ? m.pressure()[i] : NAN};
    for (size_t k = 0; k < 7; ++k) out[k] = v[k];
  }

  /// The crowd's own options, one row each: what --help says, and what applies it.
  struct OptionRow {
    CliOption info;
    std::string (CrowdSession::*apply)(std::string_view name, std::string_view value);
  };
  static const std::vector<OptionRow>& option_rows() {
    static const std::vector<OptionRow> rows = {
        {{"wall", "X1;Y1;X2;Y2", "a wall from (X1, Y1) to (X2, Y2) in metres, inside the room; repeatable"},
         &CrowdSession::room_edit},
        {{"exit", "X1;Y1;X2;Y2",
          "an exit from (X1, Y1) to (X2, Y2) cut into a wall it lies along; repeatable"},
         &CrowdSession::room_edit},
        {{"obstacle", "X;Y;R", "a column of radius R (0.1 … 10 m) centred at (X, Y); repeatable"},
         &CrowdSession::room_edit},
        {{"start-area", "X0;Y0;X1;Y1",
          "the people start in this rectangle (corners in metres) in place of the preset room's start area"},
         &CrowdSession::room_edit},
        {{"scenario", "FILE",
          "a JuPedSim Web scenario (its JSON, or a folder of config.json and geometry.wkt) in place of the "
          "preset room; its people, seed and length, with --v0, --seed, --count and --steps replacing the "
          "file's (docs/models/crowd.md, \"Scenario files\")",
          false, true, false, ".json,.wkt,application/json"},
         &CrowdSession::scenario_option},
        {{"bundled", "NAME",
          "one of the scenarios that come with Bandada, by name, in place of the preset room (the "
          "verification cards' rooms: docs/verification.md); as --scenario otherwise",
          false, false, false, nullptr, true},
         &CrowdSession::bundled_option},
        {{"trajectories", "FILE",
          "writes the trajectories as the run goes, in the PeTrack text format PedPy reads (# framerate: 25 "
          "fps; "
          "rows id frame x y 0, ids from 1 in placement order, frames from 0)",
          false, false, true},
         &CrowdSession::trajectories_option},
        {{"trajectory-every", "K",
          "writes every K-th frame (the header's framerate 25/K), K a whole number 1 … 1000"},
         &CrowdSession::trajectory_every_option},
        {{"measure-line", "X1;Y1;X2;Y2",
          "counts every passage across the line (time, person, direction), with the flow over the 10–90 % "
          "window; "
          "repeatable"},
         &CrowdSession::add_measure},
        {{"measure-area", "WKT",
          "the density (people over the area) and mean speed in a POLYGON, every frame; repeatable"},
         &CrowdSession::add_measure},
        {{"measure-from", "SECONDS",
          "the areas' means over the run (area1_density, area1_speed) start at this time, 0 … 100000 s "
          "(default 0; not kept in a state file)"},
         &CrowdSession::measure_from_option},
    };
    return rows;
  }

  std::string cli_option(std::string_view name, std::string_view value) override {
    for (const OptionRow& r : option_rows())
      if (name == r.info.name) return (this->*r.apply)(name, value);
    return ModelSession::cli_option(name, value);
  }
  std::string scenario_option(std::string_view, std::string_view value) { return open_scenario(value); }
  std::string bundled_option(std::string_view, std::string_view value) {
    const std::shared_ptr<CrowdScenario> b = open_bundled(value);
    if (!b) return "--bundled '" + std::string(value.substr(0, 60)) + "': " + bundled_names();
    const std::string why = c_.open_scenario(b);
    return why.empty() ? why : "--bundled " + b->bundled + ": " + why;
  }
  std::string trajectories_option(std::string_view name, std::string_view) {
    const Output* out = output(name);
    if (!out) return "--trajectories: this front end writes no files here";
    c_.write_trajectories(*out, 1);
    return {};
  }
  std::string measure_from_option(std::string_view, std::string_view value) {
    const RealParse t = parse_real_text(value);
    if (!t.ok || !(t.value >= 0 && t.value <= 100000))
      return "--measure-from '" + std::string(value) + "': seconds, 0 … 100000";
    c_.measures().from = t.value;
    return {};
  }
  std::string trajectory_every_option(std::string_view, std::string_view value) {
    const IntegerParse k = parse_integer_text(value, 1000);
    if (!k.ok || k.value == 0)
      return "--trajectory-every '" + std::string(value) + "': a whole number 1 … 1000";
    c_.set_trajectory_every(static_cast<uint32_t>(k.value));
    return {};
  }
  /// --wall, --exit, --obstacle and --start-area: the room edited before anyone is placed.
  std::string room_edit(std::string_view name, std::string_view value) {
    std::vector<double> v;
    const size_t want = name == "obstacle" ? 3 : 4;
    if (!parse_real_list(value, ';', v) || v.size() != want)
      return "--" + std::string(name) + " '" + std::string(value) + "': give " +
             (want == 3 ? "X;Y;R" : "X1;Y1;X2;Y2") + ", numbers in metres separated by ';'";
    CrowdRoomEdits& e = c_.room_edits();
    if (name == "start-area")
      e.has_start = true, e.sx0 = v[0], e.sy0 = v[1], e.sx1 = v[2], e.sy1 = v[3];
    else if (name == "obstacle")
      e.columns.push_back({v[0], v[1], v[2]});
    else
      (name == "wall" ? e.walls : e.exits).push_back({v[0], v[1], v[2], v[3]});
    return {};
  }

  /// A scenario run without --steps lasts the file's max_simulation_time (rounded up to frames).
  CommandResult cli_run(uint64_t n, bool given) override {
    const CrowdScenario* s = c_.scenario();
    if (!given && s && s->max_time > 0)
      n = static_cast<uint64_t>(std::ceil(s->max_time / kCrowdFrame - 1e-9));
    return compute(n);
  }

  CommandResult pointer(const Pointer& p) override {
    if (!c_.model()) return {false, "Initialize first: the tools edit a room that exists."};
    // The view's plane starts at the room's extent (a scenario's own coordinates may be negative).
    const CrowdLayout& L = c_.model()->layout();
    if (p.drag) return drag_tool(p.x0 + L.x0, p.y0 + L.y0, p.x + L.x0, p.y + L.y0);
    if (!(p.x >= 0 && p.y >= 0 && p.x <= L.width && p.y <= L.height)) return {false, "Outside the room."};
    const double x = p.x + L.x0, y = p.y + L.y0;
    CommandResult r;
    if (p.remove || tool() == kToolErase)
      r = c_.remove_nearest(x, y);
    else if (tool() == kToolPeople)
      r = c_.add_people(x, y);
    else if (tool() == kToolExit)
      r = c_.cut_exit(x, y);
    else if (tool() == kToolColumn)
      r = c_.add_column(x, y, 0.4);
    else if (tool() == kToolLine)
      return {false, "Drag from one end of the line to the other."};
    else if (tool() == kToolArea || tool() == kToolStart || tool() == kToolZone || tool() == kToolCheckpoint)
      return {false, "Drag from one corner of the area to the other."};
    else
      return {false, "Drag from one end of the wall to the other."};
    return r;
  }

  void draw(DrawData& d) const override {
    const Crowd* m = c_.model();
    const CrowdLayout& L = m ? m->layout() : c_.idle_room();
    d.space = Space::plane;
    d.shape = GlyphShape::arrow;
    d.width = L.width;
    d.height = L.height;
    d.y_up = true;
    d.x0 = L.x0;
    d.y0 = L.y0;
    d.time = m ? m->time() : 0.0;
    const size_t n = m ? m->size() : 0;
    d.reset(n);
    const bool by_pressure = display(kByPressure);
    // The plane from the extent's corner: a scenario's coordinates less (x0, y0); a preset's as they are.
    const double ox = L.x0, oy = L.y0;
    auto fx = [ox](double v) { return static_cast<float>(v - ox); };
    auto fy = [oy](double v) { return static_cast<float>(v - oy); };
    for (size_t i = 0; i < n; ++i) {
      d.set_plane_glyph(i, m->x()[i] - ox, m->y()[i] - oy, m->vx()[i], m->vy()[i]);
      const double speed = std::sqrt(m->vx()[i] * m->vx()[i] + m->vy()[i] * m->vy()[i]);
      const double t = by_pressure ? m->pressure()[i] / 3000.0 : speed / (1.5 * m->params().v0);
      const uint8_t colour =
          static_cast<uint8_t>(kRamp + std::lround(std::fmin(1.0, std::fmax(0.0, t)) * 15));
      d.colour[i] = kWhite;
      d.overlays.push_back({Overlay::Kind::solid, colour, fx(m->x()[i]), fy(m->y()[i]), 0,
                            static_cast<float>(m->radius()[i])});
    }
    for (const CrowdSegment& w : L.walls)
      d.overlays.push_back(
          {Overlay::Kind::segment, kObstacle, fx(w.x1), fy(w.y1), 0, 0, fx(w.x2), fy(w.y2), 0, 3.0f});
    for (const CrowdSegment& e : L.exits)
      d.overlays.push_back(
          {Overlay::Kind::segment, kGreen, fx(e.x1), fy(e.y1), 0, 0, fx(e.x2), fy(e.y2), 0, 5.0f});
    for (const CrowdExitArea& a : L.exit_areas)  // an exit area's outline
      for (size_t k = 0; k < a.area.size(); ++k) {
        const CrowdPoint &p0 = a.area[k], &p1 = a.area[(k + 1) % a.area.size()];
        d.overlays.push_back(
            {Overlay::Kind::segment, kGreen, fx(p0.x), fy(p0.y), 0, 0, fx(p1.x), fy(p1.y), 0, 3.0f});
      }
    for (const CrowdZone& z : L.zones)  // a speed zone's outline
      for (size_t k = 0; k < z.area.size(); ++k) {
        const CrowdPoint &p0 = z.area[k], &p1 = z.area[(k + 1) % z.area.size()];
        d.overlays.push_back(
            {Overlay::Kind::segment, kZone, fx(p0.x), fy(p0.y), 0, 0, fx(p1.x), fy(p1.y), 0, 2.0f});
      }
    for (const CrowdCheckpoint& c : L.checkpoints)  // a checkpoint's outline
      for (size_t k = 0; k < c.area.size(); ++k) {
        const CrowdPoint &p0 = c.area[k], &p1 = c.area[(k + 1) % c.area.size()];
        d.overlays.push_back(
            {Overlay::Kind::segment, kLeader, fx(p0.x), fy(p0.y), 0, 0, fx(p1.x), fy(p1.y), 0, 2.0f});
      }
    for (const CrowdColumn& c : L.columns)
      d.overlays.push_back({Overlay::Kind::solid, kObstacle, fx(c.x), fy(c.y), 0, static_cast<float>(c.r)});
    if (c_.room_edits().has_start && !c_.scenario()) {  // the start area drawn: a faint outline
      const CrowdRoomEdits& e = c_.room_edits();
      const float xs[] = {fx(e.sx0), fx(e.sx1), fx(e.sx1), fx(e.sx0)},
                  ys[] = {fy(e.sy0), fy(e.sy0), fy(e.sy1), fy(e.sy1)};
      for (size_t k = 0; k < 4; ++k)
        d.overlays.push_back(
            {Overlay::Kind::segment, kFaint, xs[k], ys[k], 0, 0, xs[(k + 1) % 4], ys[(k + 1) % 4], 0, 1.0f});
    }
    for (const CrowdLine& l : c_.measures().lines)
      d.overlays.push_back({Overlay::Kind::segment, kYellow, fx(l.at.x1), fy(l.at.y1), 0, 0, fx(l.at.x2),
                            fy(l.at.y2), 0, 2.0f});
    for (const CrowdArea& a : c_.measures().areas)
      for (size_t k = 0; k < a.ring.size(); ++k) {
        const CrowdPoint &p0 = a.ring[k], &p1 = a.ring[(k + 1) % a.ring.size()];
        d.overlays.push_back(
            {Overlay::Kind::segment, kYellow, fx(p0.x), fy(p0.y), 0, 0, fx(p1.x), fy(p1.y), 0, 1.0f});
      }
    if (c_.selection() && *c_.selection() < n) {
      const uint32_t i = *c_.selection();
      d.highlight[i] = 1;
      d.overlays.push_back(
          {Overlay::Kind::ring, kWhite, d.pos[i * 3], d.pos[i * 3 + 1], 0, 12.0f, 0, 0, 0, 2.0f});
    }
    d.version = draw_version(m ? m->fingerprint() : 0, m ? m->steps() : 0,
                             (by_pressure ? 1u : 0u) | (c_.selection() ? *c_.selection() + 1 : 0) << 1);
  }

  std::string exported(Export form) const override {
    const Crowd* m = c_.model();
    if (form == Export::file) return c_.scenario() ? write_crowd_scenario(c_.scenario_now()) : std::string();
    if (!m || form != Export::json) return LiveSession::exported(form);
    std::string out = "{\"model\":\"crowd\",\"steps\":" + std::to_string(m->steps());
    json_number(out, "time", m->time());
    out += ",\"room\":\"" + std::string(m->layout().name) + "\",\"operational_model\":\"" +
           crowd_model_word(m->params().model) + "\",\"placed\":" + std::to_string(m->placed()) +
           ",\"inside\":" + std::to_string(m->size()) + ",\"evacuated\":" + std::to_string(m->evacuated());
    const double t = m->evacuation_time();
    if (std::isnan(t))
      out += ",\"evacuation_time\":null";
    else
      json_number(out, "evacuation_time", t);
    const double t90 = m->evacuation_time_90();
    if (std::isnan(t90))
      out += ",\"evacuation_time_90\":null";
    else
      json_number(out, "evacuation_time_90", t90);
    out += ",\"clogging_pauses\":" + std::to_string(m->clogging_pauses());
    json_number(out, "exit_width", m->exit_width_total());
    json_number(out, "mean_speed", m->mean_speed());
    json_number(out, "max_pressure", m->max_pressure());
    json_objects(out, "people", m->size(), [&](size_t i) {
      out += "\"id\":" + std::to_string(m->ids()[i]);
      json_numbers(out, "p", {m->x()[i], m->y()[i]});
      json_numbers(out, "v", {m->vx()[i], m->vy()[i]});
      json_number(out, "r", m->radius()[i]);
      json_number(out, "pressure", m->pressure()[i]);
    });
    out += ",\"exit_times\":[";
    for (size_t i = 0; i < m->exit_times().size(); ++i)
      out += (i ? "," : "") + format_double(m->exit_times()[i]);
    out += "]";
    auto segments = [&](const char* name, const std::vector<CrowdSegment>& v) {
      json_objects(out, name, v.size(), [&](size_t i) {
        json_numbers(out, "a", {v[i].x1, v[i].y1});
        json_numbers(out, "b", {v[i].x2, v[i].y2});
      });
    };
    segments("walls", m->layout().walls);
    segments("exits", m->layout().exits);
    if (!m->layout().exit_areas.empty()) scenario_json(out, *m);
    if (!c_.measures().empty()) measures_json(out, c_.measures());
    json_objects(out, "columns", m->layout().columns.size(), [&](size_t i) {
      const CrowdColumn& c = m->layout().columns[i];
      json_numbers(out, "c", {c.x, c.y});
      json_number(out, "r", c.r);
    });
    return out + "}\n";
  }

 protected:
  /// A scenario's text: its JSON, or a folder's files as pack_list (name, text, …) holding
  /// config.json and geometry.wkt. What does not carry over becomes the notice.
  std::string open_scenario(std::string_view text) {
    std::string json(text), wkt;
    std::vector<std::string_view> parts;
    if (unpack_list(text, parts) && parts.size() % 2 == 0 && !parts.empty()) {
      json.clear();
      for (size_t k = 0; k + 1 < parts.size(); k += 2) {
        if (parts[k] == "config.json") json = std::string(parts[k + 1]);
        if (parts[k] == "geometry.wkt") wkt = std::string(parts[k + 1]);
      }
      if (json.empty() || wkt.empty()) return "--scenario: a folder holds config.json and geometry.wkt";
    }
    auto s = std::make_shared<CrowdScenario>();
    std::string why = read_crowd_scenario(json, wkt, *s);
    std::string notes;
    for (const std::string& n : s->notes) notes += (notes.empty() ? "" : "; ") + n;
    if (why.empty()) why = c_.open_scenario(std::move(s));
    if (!why.empty()) return "--scenario: " + why;
    c_.set_notice(notes);
    return {};
  }
  static std::string bundled_names() {
    std::string out = "the bundled scenarios are ";
    for (const BundledScenario& b : crowd_bundled_scenarios())
      out += std::string(out.back() == ' ' ? "" : ", ") + b.name;
    return out;
  }
  std::string add_measure(std::string_view name, std::string_view value) {
    CrowdMeasures& m = c_.measures();
    std::string why;
    if (name == "measure-line") {
      m.lines.emplace_back();
      why = read_measure_line(value, m.lines.back());
      if (!why.empty()) m.lines.pop_back();
    } else {
      m.areas.emplace_back();
      why = read_measure_area(value, m.areas.back());
      if (!why.empty()) m.areas.pop_back();
    }
    return why.empty() ? why : "--" + std::string(name) + " '" + std::string(value) + "': " + why;
  }
  /// The lines (passages, count, flow and specific flow) and areas (per frame) in the JSON.
  static void measures_json(std::string& out, const CrowdMeasures& m) {
    auto number_or_null = [&](const char* key, double v) {
      if (std::isnan(v))
        out += std::string(",\"") + key + "\":null";
      else
        json_number(out, key, v);
    };
    json_objects(out, "lines", m.lines.size(), [&](size_t k) {
      const CrowdLine& l = m.lines[k];
      json_numbers(out, "a", {l.at.x1, l.at.y1});
      json_numbers(out, "b", {l.at.x2, l.at.y2});
      out += ",\"count\":" + std::to_string(l.passages.size());
      number_or_null("flow", l.flow());
      number_or_null("specific_flow", l.flow() / l.length());
      json_objects(out, "passages", l.passages.size(), [&](size_t i) {
        json_number(out, "t", l.passages[i].t);
        out += ",\"id\":" + std::to_string(l.passages[i].person) +
               ",\"dir\":" + std::to_string(l.passages[i].dir);
      });
    });
    json_objects(out, "areas", m.areas.size(), [&](size_t k) {
      const CrowdArea& a = m.areas[k];
      json_number(out, "area", a.area);
      out += ",\"density\":[";
      for (size_t i = 0; i < a.density.size(); ++i)  // null before the area was drawn
        out +=
            (i ? "," : "") + (std::isnan(a.density[i]) ? std::string("null") : format_double(a.density[i]));
      out += "],\"speed\":[";
      for (size_t i = 0; i < a.speed.size(); ++i)
        out += (i ? "," : "") + (std::isnan(a.speed[i]) ? std::string("null") : format_double(a.speed[i]));
      out += "]";
    });
  }
  /// A scenario's checkpoints (each: how many head for it and how many wait there now) and
  /// arrivals (how many are yet to come, how many waited for room and how long), when it has them.
  static void journey_json(std::string& out, const Crowd& m) {
    const std::vector<CrowdCheckpoint>& cps = m.layout().checkpoints;
    if (!cps.empty()) {
      std::vector<size_t> heading(cps.size(), 0), waiting(cps.size(), 0);
      for (size_t i = 0; i < m.size(); ++i) {
        const int32_t c = m.checkpoint_of(i);
        if (c < 0) continue;
        ++heading[static_cast<size_t>(c)];
        if (m.wait_until()[i] >= 0) ++waiting[static_cast<size_t>(c)];
      }
      json_objects(out, "checkpoints", cps.size(), [&](size_t k) {
        out += "\"id\":" + json_quote(cps[k].id) + ",\"heading\":" + std::to_string(heading[k]) +
               ",\"waiting\":" + std::to_string(waiting[k]);
      });
    }
    if (m.arrivals_total() == 0) return;
    out += ",\"arrivals\":{\"total\":" + std::to_string(m.arrivals_total()) +
           ",\"to_come\":" + std::to_string(m.arrivals().size()) +
           ",\"waited\":" + std::to_string(m.arrivals_waited()) +
           ",\"wait_total\":" + format_double(m.arrivals_wait_total()) +
           ",\"wait_max\":" + format_double(m.arrivals_wait_max()) + "}";
  }
  /// A scenario's exits in the JSON: each area's id and how many left by it, and by person (as
  /// placed) the exit they used (null while inside, "segment k" for an exit cut with a tool).
  static void scenario_json(std::string& out, const Crowd& m) {
    const std::vector<CrowdExitArea>& areas = m.layout().exit_areas;
    std::vector<size_t> count(areas.size(), 0);
    for (int32_t e : m.exit_of())
      if (e >= 0 && static_cast<size_t>(e) < areas.size()) ++count[static_cast<size_t>(e)];
    json_objects(out, "exit_areas", areas.size(), [&](size_t k) {
      out += "\"id\":" + json_quote(areas[k].id) + ",\"evacuated\":" + std::to_string(count[k]);
    });
    out += ",\"exit_of\":[";
    for (size_t i = 0; i < m.exit_of().size(); ++i) {
      const int32_t e = m.exit_of()[i];
      out += i ? "," : "";
      if (e == Crowd::kStillInside)
        out += "null";
      else if (e >= Crowd::kExitSegment)
        out += "\"segment " + std::to_string(e - Crowd::kExitSegment + 1) + "\"";
      else
        out += json_quote(areas[static_cast<size_t>(e)].id);
    }
    out += "]";
    const std::vector<CrowdZone>& zones = m.layout().zones;
    if (!zones.empty()) {  // each speed zone, its factor, and how many stand in it now
      json_objects(out, "zones", zones.size(), [&](size_t k) {
        size_t inside = 0;
        for (size_t i = 0; i < m.size(); ++i)
          inside += inside_ring(zones[k].area, m.x()[i], m.y()[i]) ? 1 : 0;
        out += "\"id\":" + json_quote(zones[k].id) + ",\"speed_factor\":" + format_double(zones[k].factor) +
               ",\"inside\":" + std::to_string(inside);
      });
    }
    journey_json(out, m);
    if (m.start_times().empty()) return;
    out += ",\"waiting\":" + std::to_string(m.waiting()) + ",\"premovement\":[";
    for (size_t i = 0; i < m.start_times().size(); ++i)
      out += (i ? "," : "") + format_double(m.start_times()[i]);
    out += "]";
  }
  /// The end of a drag on the plane, by the tool (pointer() above).
  CommandResult drag_tool(double x0, double y0, double x1, double y1) {
    if (tool() == kToolWall) return c_.add_wall(x0, y0, x1, y1);
    if (tool() == kToolLine) return c_.add_measure_line({x0, y0, x1, y1});
    if (tool() == kToolArea) return c_.add_measure_area(x0, y0, x1, y1);
    if (tool() == kToolStart) return c_.set_start_area(x0, y0, x1, y1);
    if (tool() == kToolZone) return c_.add_zone(x0, y0, x1, y1);
    if (tool() == kToolCheckpoint) return c_.add_checkpoint(x0, y0, x1, y1);
    if (tool() == kToolColumn)
      return c_.add_column(
          x0, y0, std::fmin(kCrowdToolColumnMax, std::fmax(kCrowdColumnMin, std::hypot(x1 - x0, y1 - y0))));
    return press(x1, y1, false, false, 0.3);
  }
  void do_choose(size_t k, int index) override {
    if (k == 0)
      c_.set_layout(static_cast<uint32_t>(index));
    else
      c_.set_operational_model(static_cast<uint32_t>(index));
  }
  CommandResult do_command(std::string_view id) override {
    bool handled = false;
    return standard_command(id, handled);
  }
};

const std::vector<CliOption>& crowd_cli_options() {
  static const std::vector<CliOption> infos = [] {
    std::vector<CliOption> out;
    for (const CrowdSession::OptionRow& r : CrowdSession::option_rows()) out.push_back(r.info);
    return out;
  }();
  return infos;
}

std::unique_ptr<WorkerModel> crowd_worker(std::string_view bytes) {
  return list_worker(
      bytes, CrowdController::blank_model(), crowd_unpack, [](Crowd& c) { c.step(); }, crowd_pack);
}

}  // namespace

const std::vector<Experiment>& crowd_experiments();  // crowd_experiments.cpp

ModelEntry crowd_model() {
  return {kInfo.id, kInfo.title, [] { return std::unique_ptr<ModelSession>(new CrowdSession); }, crowd_worker,
          crowd_experiments};
}

}  // namespace bandada
