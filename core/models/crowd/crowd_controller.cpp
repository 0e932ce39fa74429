// Bandada — the crowd model's session controller (see crowd_controller.h).
#include "crowd_controller.h"

#include <algorithm>
#include <cmath>

#include "app/share_codec.h"
#include "common/number_text.h"
#include "common/petrack.h"
#include "crowd_bundled.h"

namespace bandada {

CrowdController::CrowdController()
    : LiveController(crowd_fields(), crowd_default_texts(), "No crowd yet: Initialize first.", "person") {
  revalidate();
}

void CrowdController::revalidate() { errors_ = check_crowd(texts_).errors; }

CrowdParams CrowdController::current_params() const {
  CrowdParams p = check_crowd(live_texts()).params;
  p.layout = layout_;
  p.model = op_model_;
  return p;
}

void CrowdController::set_operational_model(uint32_t k) {
  if (k >= kCrowdModelCount) return;
  op_given_ = true;  // chosen: a scenario opened later keeps it
  if (k == op_model_) return;
  op_model_ = k;
  apply_live();
}

void CrowdController::apply_live() {
  if (!model_ || !live_fields_valid()) return;
  const CrowdParams p = current_params(), &m = scenario_ ? built_ : model_->params();
  apply_live_params(p, p.n != m.n || p.seed != m.seed || p.exit_width != m.exit_width);
}

void CrowdController::set_layout(uint32_t k) {
  if (k >= crowd_layouts().size() || (k == layout_ && !scenario_)) return;
  layout_ = k;
  if (scenario_) set_scenario(nullptr);  // a preset chosen leaves the scenario's room
  ++epoch_;
  CrowdLayout room;
  if (edits_.has_start && !crowd_room(current_params(), edits_, room).ok()) {
    edits_.has_start = false;  // a start area drawn in another room that does not fit this one
    notice_ = "The start area drawn does not fit this room: the room's own is used.";
  }
  if (model_) {  // a new room is a new crowd
    const bool was_running = running_;
    initialize();
    running_ = was_running;
  }
}

CommandResult CrowdController::initialize() {
  CommandResult refused;
  if (!may_initialize(refused)) return refused;
  if (scenario_) return initialize_scenario();
  CrowdLayout room;
  const CrowdRoomError bad = crowd_room(current_params(), edits_, room);
  if (!bad.ok()) return {false, bad.cli_words()};
  auto c = std::make_unique<Crowd>(current_params(), std::move(room));
  c->set_threads(threads_);
  const uint32_t placed = c->placed();
  adopt(std::move(c));
  header_due_ = true;
  record();
  if (placed < current_params().n)
    notice_ = "Only " + std::to_string(placed) + " people fit in the start area without overlapping.";
  return {true, "Initialized."};
}

void CrowdController::set_scenario(std::shared_ptr<const CrowdScenario> s) {
  scenario_ = std::move(s);
  ++epoch_;
  given_.fill(false);
  const double from = measures_.from;  // an option of the run, whichever comes first
  measures_ = CrowdMeasures();
  measures_.from = from;
  if (!scenario_) return;
  scenario_room_ = crowd_scenario_room(*scenario_);
  for (const CrowdSegment& l : scenario_->lines) measures_.lines.push_back({l, {}});
  for (const CrowdRing& r : scenario_->areas) measures_.areas.push_back(measure_area_of(r));
  auto show = [this](CrowdField f, const std::string& text) { edit_text(static_cast<size_t>(f), text); };
  if (scenario_->has_seed) show(CrowdField::seed, std::to_string(scenario_->seed));
  if (scenario_->starts.size() == 1) show(CrowdField::n, std::to_string(scenario_->starts[0].number));
  bool one_speed = true;
  for (const CrowdStartArea& a : scenario_->starts)
    one_speed = one_speed && a.v0.mean == scenario_->starts[0].v0.mean;
  if (one_speed) show(CrowdField::v0, format_shortest(scenario_->starts[0].v0.mean));
  if (!op_given_) op_model_ = scenario_->model;
  for (const auto& [option, value] : scenario_->constants)
    for (size_t k = 0; k < kCrowdFieldCount; ++k)
      if (option == crowd_fields()[k].option()) show(static_cast<CrowdField>(k), format_shortest(value));
}

std::string CrowdController::start_problem(const Crowd& c, const CrowdScenario& s) {
  if (!c.unreached_start().empty())
    return "distributions." + c.unreached_start() + ": no exit of its journey can be reached from where " +
           std::to_string(c.unreached_people()) +
           (c.unreached_people() == 1 ? " person stands" : " people stand") +
           " (walls, holes or a passage narrower than their bodies cut the start area off)";
  if (c.short_start().empty()) return {};
  uint32_t want = 0;
  for (const CrowdStartArea& a : s.starts)
    if (a.id == c.short_start()) want = a.number;
  return "distributions." + c.short_start() + ".parameters.number: " + std::to_string(want) +
         " people do not fit in the start area without overlap";
}

std::string CrowdController::open_scenario(std::shared_ptr<const CrowdScenario> s) {
  // The file's people must stand before anything changes (the trial's navigation field is
  // cached, so the crowd built next does not build it again).
  CrowdParams p = current_params();
  if (s->has_seed) p.seed = s->seed;
  const std::string why = start_problem(Crowd(p, *s, 0.0), *s);
  if (!why.empty()) return why;
  set_scenario(std::move(s));
  if (model_) {
    const CommandResult r = initialize();
    if (!r.ok) return r.message;
  }
  return {};
}

CrowdScenario CrowdController::scenario_now() const {
  CrowdScenario s = *scenario_;
  const CrowdParams p = current_params();
  const auto given = [&](CrowdField f) { return given_[static_cast<size_t>(f)]; };
  if (given(CrowdField::n) && s.starts.size() == 1) s.starts[0].number = p.n;
  if (given(CrowdField::v0))
    for (CrowdStartArea& a : s.starts) a.v0.mean = p.v0;
  if (given(CrowdField::seed) || !s.has_seed) s.seed = p.seed;
  s.has_seed = true;
  if (model_) s.columns = model_->layout().columns;
  s.model = op_model_;  // and the constants the fields give it now, under JuPedSim's names
  s.constants.clear();
  const auto has = [&s](const char* option) {
    return std::any_of(s.constants.begin(), s.constants.end(),
                       [&](const auto& c) { return c.first == option; });
  };
  for (const CrowdModelKey& key : kCrowdModelKeys)
    for (size_t k = 0; k < kCrowdFieldCount; ++k)
      if (key.model == s.model && key.option == std::string_view(crowd_fields()[k].option()) &&
          !has(key.option))
        s.constants.push_back({key.option, check_field_text(crowd_fields()[k], texts_[k]).value});
  s.lines.clear();
  s.areas.clear();
  for (const CrowdLine& l : measures_.lines) s.lines.push_back(l.at);
  for (const CrowdArea& a : measures_.areas) s.areas.push_back(a.ring);
  s.notes.clear();
  return s;
}

CommandResult CrowdController::initialize_scenario() {
  if (!edits_.walls.empty() || !edits_.exits.empty() || !edits_.columns.empty())
    return {false, "--wall, --exit and --obstacle edit a preset room; a scenario's room is its file's"};
  CrowdScenario s = *scenario_;
  CrowdParams p = current_params();
  const auto given = [&](CrowdField f) { return given_[static_cast<size_t>(f)]; };
  if (given(CrowdField::n)) {
    if (s.starts.size() > 1)
      return {false, "--count: the scenario has " + std::to_string(s.starts.size()) +
                         " distributions; give each its number in the file"};
    s.starts[0].number = p.n;
  }
  if (!given(CrowdField::seed) && s.has_seed) p.seed = s.seed;
  auto c = std::make_unique<Crowd>(p, s, given(CrowdField::v0) ? p.v0 : 0.0);
  const std::string short_start = start_problem(*c, s);
  if (!short_start.empty()) return {false, short_start};
  c->set_threads(threads_);
  built_ = current_params();
  adopt(std::move(c));
  header_due_ = true;
  record();
  return {true, "Initialized."};
}

CommandResult CrowdController::step() {
  notice_.clear();
  const std::string why = why_not_step();
  if (!why.empty()) return {false, why};
  pause();
  model_->step();
  record();
  return {};
}

double CrowdController::estimate_step_ms(const Crowd& c) {
  const double k = std::ceil(kCrowdFrame / c.params().dt);
  return k * (static_cast<double>(c.size()) * (2.5 + (c.params().herding > 0 ? 2.0 : 0.0)) * 1e-3 + 0.002);
}

void CrowdController::work(double budget_ms) {
  if (!model_) return;
  const double ms = estimate_step_ms(*model_);
  // Everyone is out, and nobody is yet to arrive: it stops, wherever the step was computed.
  auto stop_at_end = [this] {
    if (model_->size() == 0 && model_->placed() > 0 && model_->arrivals().empty()) running_ = false;
  };
  if (in_background(ms))
    return work_in_background(
        {model_.get()}, [](Crowd& c) { c.step(); },
        [this, stop_at_end] {
          record();
          stop_at_end();
        });
  if (!running_ || queued_ <= 0) return;
  const int run = steps_within_budget(queued_, ms, budget_ms);
  queued_ = 0;
  for (int s = 0; s < run && running_; ++s) {
    model_->step();
    record();
    stop_at_end();
  }
}

CommandResult CrowdController::compute(uint64_t n) {
  if (!model_) return {false, why_not_step()};
  pause();
  for (uint64_t s = 0; s < n; ++s) {
    model_->step();
    record();
  }
  return {};
}

void CrowdController::record() {
  measures_.frame(*model_);
  if (trajectories_ && model_->steps() % every_ == 0) {
    if (header_due_) {
      trajectories_(std::string_view());  // a new run begins
      trajectories_(petrack_header(25.0 / every_));
    }
    header_due_ = false;
    trajectories_(
        petrack_rows(model_->steps() / every_, model_->size(), model_->ids(), model_->x(), model_->y()));
  }
  if (series_.size() >= 1000000) return;
  // Pressure is the social force model's: the speed models have no forces, so none is plotted for them.
  const double pressure = model_->params().model == kCrowdSocialForce ? model_->max_pressure() : NAN;
  series_.push_back({model_->steps(), static_cast<double>(model_->size()), model_->outflow(),
                     model_->mean_speed(), pressure});
}

CommandResult CrowdController::edited(bool ok, const char* refused) {
  if (!ok) return {false, refused};
  ++epoch_;
  return {};
}

CommandResult CrowdController::add_wall(double x1, double y1, double x2, double y2) {
  if (!model_) return {false, why_not_step()};
  return edited(model_->add_wall(x1, y1, x2, y2), "A wall is 0.1 … 100 m long, inside the room.");
}
CommandResult CrowdController::cut_exit(double x, double y) {
  if (!model_) return {false, why_not_step()};
  return edited(model_->cut_exit(x, y, 1.0), "Press within 1 m of a wall at least 1 m long.");
}
CommandResult CrowdController::add_column(double x, double y, double r) {
  if (!model_) return {false, why_not_step()};
  return edited(model_->add_column(x, y, r), "A column (0.1 … 3 m) goes where it covers nobody.");
}
CommandResult CrowdController::add_people(double x, double y) {
  if (!model_) return {false, why_not_step()};
  return edited(model_->add_people(x, y, 1.0, 5) > 0, "No room for anyone there.");
}
CommandResult CrowdController::remove_nearest(double x, double y) {
  if (!model_) return {false, why_not_step()};
  return edited(model_->remove_nearest(x, y), "Nothing within 1 m to erase.");
}

CommandResult CrowdController::add_measure_line(const CrowdSegment& at) {
  if (!model_) return {false, why_not_step()};
  CrowdLine l{at, {}};
  if (!(l.length() >= 0.1)) return {false, "A measurement line is at least 0.1 m long."};
  measures_.lines.push_back(l);
  ++epoch_;
  return {};
}

CommandResult CrowdController::set_start_area(double x0, double y0, double x1, double y1) {
  if (!model_) return {false, why_not_step()};
  if (scenario_) return {false, "A scenario's people start where its file's distributions are."};
  CrowdRoomEdits tried = edits_;
  tried.has_start = true;
  tried.sx0 = std::fmin(x0, x1), tried.sx1 = std::fmax(x0, x1);
  tried.sy0 = std::fmin(y0, y1), tried.sy1 = std::fmax(y0, y1);
  CrowdLayout room;
  if (!crowd_room(current_params(), tried, room).ok())
    return {false, "A start area is a rectangle at least 0.5 m each way, inside the room."};
  edits_ = tried;
  const bool was_running = running_;
  CommandResult r = initialize();
  running_ = was_running && r.ok;
  return r;
}

CommandResult CrowdController::add_measure_area(double x0, double y0, double x1, double y1) {
  if (!model_) return {false, why_not_step()};
  const double xa = std::fmin(x0, x1), xb = std::fmax(x0, x1), ya = std::fmin(y0, y1), yb = std::fmax(y0, y1);
  CrowdArea a = measure_area_of({{xa, ya}, {xb, ya}, {xb, yb}, {xa, yb}});
  if (!(a.area >= 0.01)) return {false, "A measurement area is at least 0.01 m²."};
  a.density.assign(model_->steps(), NAN);  // not measured before it was drawn; this frame at once
  a.speed.assign(model_->steps(), NAN);
  measure_area(a, *model_);
  measures_.areas.push_back(std::move(a));
  ++epoch_;
  return {};
}

CommandResult CrowdController::edit_scenario(const std::function<void(CrowdScenario&)>& change) {
  if (!model_) return {false, why_not_step()};
  if (!scenario_)
    return {
        false,
        "Speed zones and checkpoints belong to a scenario's room: open a scenario or a card's room first."};
  CrowdScenario s = scenario_now();
  change(s);
  auto back = std::make_shared<CrowdScenario>();
  const std::string why = read_crowd_scenario(write_crowd_scenario(s), "", *back);
  if (!why.empty()) return {false, why};
  const bool was_running = running_;
  const std::string refused = open_scenario(std::move(back));
  if (!refused.empty()) return {false, refused};
  running_ = was_running;
  return {};
}

namespace {
/// A rectangle's ring, anticlockwise; false when it is not at least 0.5 m each way.
bool tool_rectangle(double x0, double y0, double x1, double y1, CrowdRing& ring) {
  const double xa = std::fmin(x0, x1), xb = std::fmax(x0, x1), ya = std::fmin(y0, y1), yb = std::fmax(y0, y1);
  ring = {{xa, ya}, {xb, ya}, {xb, yb}, {xa, yb}};
  return xb - xa >= 0.5 && yb - ya >= 0.5;
}
/// `stem`-k for the first k from 1 that no item of `items` has as its id.
template <class T>
std::string fresh_id(const std::vector<T>& items, const std::string& stem) {
  for (size_t k = 1;; ++k) {
    const std::string id = stem + "-" + std::to_string(k);
    if (std::none_of(items.begin(), items.end(), [&](const T& t) { return t.id == id; })) return id;
  }
}
}  // namespace

std::string CrowdController::off_floor(const CommandResult& r, const CrowdRing& ring, const char* what,
                                       const char* only) {
  if (!r.ok || !scenario_) return r.message;
  const double out = crowd_area_outside(ring, scenario_->walkable);
  if (!(out > 1e-9)) return r.message;
  notice_ = std::string(what) + " added; " + format_fixed(out, 2) +
            " m² of it lies outside the walkable area: " + only + ".";  // shown under the readouts
  return notice_;
}

CommandResult CrowdController::add_zone(double x0, double y0, double x1, double y1) {
  CrowdRing ring;
  if (!tool_rectangle(x0, y0, x1, y1, ring))
    return {false, "A speed zone is a rectangle at least 0.5 m each way."};
  CommandResult r = edit_scenario([&](CrowdScenario& s) {
    s.zones.push_back({fresh_id(s.zones, "zone"), ring, kCrowdToolZoneFactor});
  });
  r.message = off_floor(r, ring, "The zone", "only people on the floor walk in it");
  return r;
}

CommandResult CrowdController::add_checkpoint(double x0, double y0, double x1, double y1) {
  CrowdRing ring;
  if (!tool_rectangle(x0, y0, x1, y1, ring))
    return {false, "A checkpoint is a rectangle at least 0.5 m each way."};
  CommandResult r = edit_scenario([&](CrowdScenario& s) {
    CrowdCheckpoint c{fresh_id(s.checkpoints, "checkpoint"), ring};
    c.wait = kCrowdToolWait;
    s.checkpoints.push_back(c);
    for (CrowdStartArea& a : s.starts) {  // every journey passes it last, then on to its exits
      if (a.exits.empty())
        for (uint32_t e = 0; e < s.exits.size(); ++e) a.exits.push_back(e);
      a.checkpoints.push_back(static_cast<uint32_t>(s.checkpoints.size() - 1));
    }
  });
  r.message = off_floor(r, ring, "The checkpoint", "people aim only at its part on the floor");
  return r;
}

std::shared_ptr<CrowdScenario> open_bundled(std::string_view name) {
  const BundledScenario* b = crowd_bundled_scenario(name);
  if (!b) return nullptr;
  auto s = std::make_shared<CrowdScenario>();
  if (!read_crowd_scenario(b->text, "", *s).empty()) return nullptr;  // a unit test reads every one
  s->bundled = b->name;
  return s;
}

std::string CrowdController::share_string() const {
  std::string link = write_model_link("crowd", crowd_fields(), kCrowdFieldCount, texts_.data()) +
                     "&room=" + std::to_string(layout_);
  if (op_model_ != kCrowdSocialForce) link += std::string("&om=") + crowd_model_word(op_model_);
  if (scenario_ && !scenario_->bundled.empty()) link += "&scenario=" + scenario_->bundled;
  if (edits_.has_start)
    link += "&start=" + format_shortest(edits_.sx0) + ";" + format_shortest(edits_.sy0) + ";" +
            format_shortest(edits_.sx1) + ";" + format_shortest(edits_.sy1);
  return link;
}

CommandResult CrowdController::open_link(std::string_view share) {
  CrowdFieldTexts texts = crowd_default_texts();
  ModelLink link = read_model_link(share, "crowd", crowd_fields(), kCrowdFieldCount, texts.data());
  if (!link.ok) return {false, link.error};
  uint32_t room = 0;
  if (auto r = link.get("preset")) {
    size_t k = 0;
    while (k < crowd_layouts().size() && crowd_preset_word(static_cast<uint32_t>(k)) != *r) ++k;
    if (k < crowd_layouts().size())
      room = static_cast<uint32_t>(k);
    else
      link.warnings.push_back("unknown preset ignored; the room used");
  } else if (auto n = link.get("room")) {  // as share_string writes it: the preset's index
    IntegerParse k = parse_integer_text(*n, crowd_layouts().size() - 1);
    if (k.ok)
      room = static_cast<uint32_t>(k.value);
    else
      link.warnings.push_back("unknown room ignored; the first room used");
  }
  uint32_t op = kCrowdSocialForce;  // a link without one is from before there were two
  if (auto m = link.get("om")) {
    uint32_t k = 0;
    while (k < kCrowdModelCount && *m != kCrowdModelNames[k].word) ++k;
    if (k < kCrowdModelCount)
      op = k;
    else
      link.warnings.push_back("unknown operational model ignored; the social force model used");
  }
  std::vector<double> start;
  const auto start_text = link.get("start");
  if (start_text && !(parse_real_list(*start_text, ';', start) && start.size() == 4)) {
    link.warnings.push_back("a start area that is not four numbers ignored");
    start.clear();
  }
  std::shared_ptr<CrowdScenario> bundled;
  if (auto name = link.get("scenario")) {
    bundled = open_bundled(*name);
    if (!bundled) link.warnings.push_back("an unknown bundled scenario ignored; the room used");
  }
  texts_ = texts;
  // A link's room is its bundled scenario; a link without one leaves a bundled room for the
  // preset, but keeps a file the user opened (a link cannot carry it: a reload opens the file
  // again, then its link's fields).
  if (bundled || (scenario_ && !scenario_->bundled.empty())) {
    set_scenario(bundled);
    // What the link itself gives in place of the file's; a field it does not name keeps the
    // file's value (not the field's default: a link naming only the scenario runs the scenario).
    for (size_t k = 0; k < kCrowdFieldCount; ++k)
      if (link.get(crowd_fields()[k].key) && texts_[k] != texts[k])
        edit(static_cast<CrowdField>(k), texts[k]);
  }
  revalidate();
  edits_.has_start = start.size() == 4;
  if (edits_.has_start)
    edits_.sx0 = start[0], edits_.sy0 = start[1], edits_.sx1 = start[2], edits_.sy1 = start[3];
  layout_ = room;
  op_model_ = op;
  ++epoch_;
  notice_ = "Opened a shared configuration of the crowd.";
  for (const std::string& w : link.warnings) notice_ += " (" + w + ")";
  return {true, notice_, link.warnings};
}

}  // namespace bandada
