// Bandada — embind bindings: the current model session as JavaScript sees it. The accessible
// view (web/html_view.js) drives the app through these, and the end-to-end tests read it. All
// of it is written against the model seam: nothing here names a model.
#include <emscripten.h>
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/isometric.h"
#include "app/palette.h"
#include "app/share_codec.h"
#include "app_state.h"
#include "common/number_text.h"
#include "experiments.h"
#include "optimize.h"
#include "sweep.h"

namespace web {
namespace {

using bandada::json_quote;

std::string num(double v) { return bandada::format_double(v); }

std::string rect(const Rect& r) {
  return "[" + num(r.x) + "," + num(r.y) + "," + num(r.w) + "," + num(r.h) + "]";
}

const char* link_kind(bandada::LinkCheck::Kind k) {
  switch (k) {
    case bandada::LinkCheck::Kind::waiting:
      return "waiting";
    case bandada::LinkCheck::Kind::identical:
      return "identical";
    case bandada::LinkCheck::Kind::differs:
      return "differs";
    default:
      return "none";
  }
}

template <typename F>
std::string json_list(size_t n, F item) {
  std::string s = "[";
  for (size_t i = 0; i < n; ++i) s += (i ? "," : "") + std::string(item(i));
  return s + "]";
}

std::string why(const bandada::ModelSession& s, const char* id) { return json_quote(s.why_not(id)); }

/// One session's state: what the tests and the accessible view read.
std::string session_json(const bandada::ModelSession& s) {
  std::string j =
      "{\"model\":" + json_quote(s.info().id) + ",\"status\":" + json_quote(bandada::status_name(s.status()));
  j += ",\"steps\":" + std::to_string(s.steps()) + ",\"n\":" + std::to_string(s.size());
  j += ",\"speed\":" + std::to_string(s.speed());
  j += ",\"fingerprint\":" +
       json_quote(s.status() == bandada::RunStatus::none || s.status() == bandada::RunStatus::stale
                      ? ""
                      : bandada::fingerprint_hex(s.fingerprint()));
  j += ",\"selection\":" + (s.selection() ? std::to_string(*s.selection()) : std::string("null"));
  j += ",\"texts\":" + json_list(s.field_count(), [&](size_t i) { return json_quote(s.text(i)); });
  j += ",\"errors\":" + json_list(s.field_count(), [&](size_t i) { return json_quote(s.error(i)); });
  j += ",\"chosen\":{";
  for (size_t k = 0; k < s.choices().size(); ++k)
    j += (k ? "," : "") + json_quote(s.choices()[k].key) + ":" + std::to_string(s.chosen(k));
  j += "},\"shown\":{";  // what each choice's control shows (a file's room in place of a preset)
  for (size_t k = 0; k < s.choices().size(); ++k)
    j += (k ? "," : "") + json_quote(s.choices()[k].key) + ":" + json_quote(s.choice_shown(k));
  const bandada::ModelSession::Report report = s.report();
  j += "},\"notice\":" + json_quote(report.notice);
  j += ",\"link\":{\"kind\":" + json_quote(link_kind(report.link.kind)) +
       ",\"message\":" + json_quote(report.link.message) + "}";
  j += ",\"busy\":" + std::string(report.progress.busy ? "true" : "false");
  j += ",\"can_undo\":" + std::string(s.why_not("undo").empty() ? "true" : "false");
  j += ",\"has_previous_inputs\":" +
       std::string(s.why_not("restore_previous_inputs").empty() ? "true" : "false");
  j += ",\"series_length\":" + std::to_string(s.series_length());
  j += ",\"revision\":" + std::to_string(s.revision());
  j += ",\"extra\":" + s.extra_state_json();
  return j + "}";
}

std::string state_json() {
  App& a = app();
  std::string s = session_json(a.session());
  s.pop_back();
  s += ",\"storage_notice\":" + json_quote(a.storage_notice);
  s += ",\"clip_note\":" + json_quote(a.clip_note) + ",\"recording\":" + (a.recording ? "true" : "false");
  s += ",\"state_message\":" + json_quote(a.state_message) +
       ",\"state_ok\":" + (a.state_message_ok ? "true" : "false") +
       ",\"state_events\":" + std::to_string(a.state_events) +
       ",\"opened_file\":" + json_quote(a.current < a.opened_file.size() ? a.opened_file[a.current] : "");
  if (a.current < a.recordings.size() && a.recordings[a.current])
    s += ",\"recorded_bytes\":" + std::to_string(a.recordings[a.current]->text().size()) +
         ",\"recording_stopped\":" + (a.recordings[a.current]->stopped() ? "true" : "false");
  if (const bandada::Trajectories* t = a.playback.data.get()) {
    const size_t k = t->frame_at(a.playback.t);
    s += ",\"playback\":{\"name\":" + json_quote(a.playback.name) +
         ",\"people\":" + std::to_string(t->people) + ",\"t\":" + num(a.playback.t) +
         ",\"frame\":" + std::to_string(t->frames[k]) +
         ",\"shown\":" + std::to_string(t->first[k + 1] - t->first[k]) +
         ",\"follow\":" + (a.playback.follow ? "true" : "false") + "}";
  }
  s += ",\"hint_fits\":" + std::string(a.hint_fits ? "true" : "false");
  // A slow renderer's canvas was made without multisampling (main.cpp).
  s += ",\"renderer\":{\"probe_ms\":" + num(a.probe_ms) +
       ",\"msaa\":" + (a.plan.software ? "false" : "true") +
       ",\"slow\":" + (a.plan.software ? "true" : "false") + "}";
  s += ",\"camera_distance\":" + num(a.camera.distance);
  s += ",\"plane_zoom\":" + num(a.plane_zoom.zoom);
  s += ",\"stacked\":" + std::string(a.stacked ? "true" : "false");
  s += ",\"coarse\":" + std::string(a.coarse ? "true" : "false");
  s += ",\"panel_scroll\":" + num(a.panel_scroll);
  s += ",\"share_url\":" + json_quote(a.share_url);
  s += ",\"threads\":" + std::to_string(a.threads) + ",\"threads_note\":" + json_quote(a.threads_note);
  s += ",\"view\":" + rect(a.view);
  s += ",\"draw\":{\"cones\":" + std::string(a.plan.cones ? "true" : "false") +
       ",\"stride\":" + std::to_string(a.plan.stride) + ",\"note\":" + json_quote(a.plan.note) +
       ",\"paced\":" + std::string(a.plan.paced ? "true" : "false") +
       ",\"frame_ms\":" + num(a.plan.frame_ms) + ",\"frames\":" + std::to_string(a.frames) +
       ",\"drawn\":" + std::to_string(a.drawn_frames) + ",\"shown_steps\":" + std::to_string(a.shown.steps) +
       "}";
  s += ",\"sessions\":{";
  for (size_t i = 0; i < a.sessions.size(); ++i)
    s += (i ? "," : "") + json_quote(a.sessions[i]->info().id) + ":" + session_json(*a.sessions[i]);
  return s + "}}";
}

std::string ui_json() {
  App& a = app();
  std::string s = "{\"widgets\":{";
  bool first = true;
  for (const auto& [name, r] : a.shown_layout.ui) {  // the frame on screen
    s += (first ? "" : ",") + json_quote(name) + ":" + rect(r);
    first = false;
  }
  s += "},\"disabled\":[";
  first = true;
  for (const std::string& name : a.shown_layout.disabled) {
    s += (first ? "" : ",") + json_quote(name);
    first = false;
  }
  s += "],\"clipped\":[";
  first = true;
  for (const std::string& name : a.shown_layout.clipped) {
    s += (first ? "" : ",") + json_quote(name);
    first = false;
  }
  s += "],\"rows\":[";
  first = true;
  for (const auto& [i, r] : a.shown_layout.rows) {
    s += (first ? "[" : ",[") + std::to_string(i) + "," + rect(r).substr(1);
    first = false;
  }
  return s + "]}";
}

/// What the accessible view builds its form from (changes only with the model).
std::string describe_json() {
  App& a = app();
  a.session().draw(a.draw);
  const bandada::ModelSession& s = a.session();
  std::string j = "{\"id\":" + json_quote(s.info().id) + ",\"title\":" + json_quote(s.info().title);
  j += ",\"step_word\":" + json_quote(s.info().step_word) +
       ",\"fields_note\":" + json_quote(s.info().fields_note);
  j += ",\"help\":" + json_quote(s.info().help);
  j += ",\"palette\":" + json_list(bandada::kRamp + 16, [](size_t c) {
         return json_quote(bandada::palette_hex(static_cast<uint8_t>(c)));
       });
  j += ",\"models\":" + json_list(a.sessions.size(), [&](size_t i) {
         return "[" + json_quote(a.sessions[i]->info().id) + "," + json_quote(a.sessions[i]->info().title) +
                "]";
       });
  j += ",\"fields\":" + json_list(s.field_count(), [&](size_t i) {
         const bandada::FieldInfo& f = s.field(i);
         return "{\"key\":" + json_quote(f.key) + ",\"label\":" + json_quote(f.label) +
                ",\"help\":" + json_quote(f.help) + ",\"integer\":" + (f.integer ? "true" : "false") +
                ",\"min\":" + num(f.min) + ",\"max\":" + num(f.max) +
                ",\"slider\":" + (s.info().sliders && !f.integer ? "true" : "false") + "}";
       });
  j += ",\"choices\":" + json_list(s.choices().size(), [&](size_t k) {
         const bandada::Choice& c = s.choices()[k];
         return "{\"key\":" + json_quote(c.key) + ",\"label\":" + json_quote(c.label) +
                ",\"names\":" + json_list(c.names.size(), [&](size_t v) { return json_quote(c.names[v]); }) +
                ",\"values\":" +
                json_list(c.values.size(), [&](size_t v) { return json_quote(c.values[v]); }) + "}";
       });
  j += ",\"commands\":" + json_list(s.commands().size(), [&](size_t k) {
         const bandada::Command& c = s.commands()[k];
         return "{\"id\":" + json_quote(c.id) + ",\"label\":" + (c.label ? json_quote(c.label) : "null") +
                ",\"key\":" + (c.key ? json_quote(c.key) : "null") + ",\"tip\":" + json_quote(c.tip) +
                ",\"only_when_available\":" + (c.only_when_available ? "true" : "false") + "}";
       });
  j += ",\"tools\":" + json_list(s.tools().size(), [&](size_t k) { return json_quote(s.tools()[k].label); });
  j += ",\"drag_tools\":" + json_list(s.tools().size(), [&](size_t k) {
         return std::string(s.tools()[k].drag ? "true" : "false");
       });
  j += ",\"displays\":" + json_list(s.display_options().size(),
                                    [&](size_t k) { return json_quote(s.display_options()[k].label); });
  const auto legend = s.legend();
  j += ",\"legend\":" + json_list(legend.size(), [&](size_t k) {
         return "[" + std::to_string(legend[k].first) + "," + json_quote(legend[k].second) + "]";
       });
  j += ",\"table_title\":" + json_quote(s.table_title());
  j += ",\"table_note\":" + json_quote(s.table_note());
  j += ",\"columns\":" +
       json_list(s.columns().size(), [&](size_t k) { return json_quote(s.columns()[k].title); });
  j += ",\"space\":" + json_quote(a.draw.space == bandada::Space::cube ? "cube" : "plane");
  j += ",\"width\":" + num(a.draw.width) + ",\"height\":" + num(a.draw.height);
  return j + "}";
}

/// What changes every frame: reasons, readouts, tool, displays, progress, overlays. Refreshes
/// the draw data first (the HTML view calls this once per frame, before glyphs()).
std::string view_json(double scale, double cx, double cy) {
  App& a = app();
  a.session().draw(a.draw);
  const bandada::ModelSession& s = a.session();
  std::string j = "{\"why_not\":{";
  for (size_t k = 0; k < s.commands().size(); ++k)
    j += (k ? "," : "") + json_quote(s.commands()[k].id) + ":" + why(s, s.commands()[k].id);
  j += "},\"status_line\":" + json_quote(s.status_line());
  j += ",\"readouts\":" + json_list(s.readouts().size(), [&](size_t k) {
         const bandada::Readout r = s.readouts()[k];
         return "[" + json_quote(r.label) + "," + json_quote(r.value) + "," + std::to_string(r.tone) + "]";
       });
  j += ",\"tool\":" + std::to_string(s.tool());
  j += ",\"displays\":" +
       json_list(s.display_options().size(), [&](size_t k) { return s.display(k) ? "true" : "false"; });
  j += ",\"progress\":" + num(s.busy() ? s.progress().fraction : -1.0) +
       ",\"progress_known\":" + std::string(progress_known(s) ? "true" : "false") +
       ",\"progress_label\":" + json_quote(progress_label(s));
  j += ",\"has_gl\":" + std::string(a.has_gl ? "true" : "false");
  const bandada::DrawData& d = a.draw;
  j += ",\"version\":" + json_quote(std::to_string(d.version));
  // Trajectories opened to watch: each person of the frame shown as a 0.2 m circle (white).
  std::vector<bandada::Overlay> shown = d.overlays;
  if (const bandada::Trajectories* t = a.playback.data.get(); t && d.space == bandada::Space::plane) {
    const size_t k = t->frame_at(a.playback.t);
    for (size_t i = t->first[k]; i < t->first[k + 1]; ++i)
      shown.push_back({bandada::Overlay::Kind::circle, bandada::kWhite,
                       static_cast<float>(t->rows[i].x - d.x0), static_cast<float>(t->rows[i].y - d.y0), 0,
                       0.2f});
  }
  j += ",\"overlays\":" + json_list(shown.size(), [&](size_t k) {
         const bandada::Overlay& o = shown[k];
         const bandada::IsoPoint p = bandada::svg_point(d, o.x, o.y, o.z, scale, cx, cy);
         const bandada::IsoPoint q = bandada::svg_point(d, o.x2, o.y2, o.z2, scale, cx, cy);
         const double size = o.kind == bandada::Overlay::Kind::circle && d.space == bandada::Space::cube
                                 ? o.size * scale
                                 : o.size;
         return "[" + std::to_string(static_cast<int>(o.kind)) + "," + std::to_string(o.colour) + "," +
                num(p.x) + "," + num(p.y) + "," + num(size) + "," +
                num(o.kind == bandada::Overlay::Kind::arrow_px ? o.x2 : q.x) + "," +
                num(o.kind == bandada::Overlay::Kind::arrow_px ? (d.y_up ? -o.y2 : o.y2) : q.y) + "," +
                num(o.width) + "]";
       });
  return j + "}";
}

/// The draw data's scalar field (a landscape under the swarm), as view_json() last refreshed it:
/// [nx, ny, then the shades row by row from the top of the picture] (y_up planes turned over),
/// viewed in place in wasm memory; empty when there is none. Valid until the next call.
emscripten::val field_shades() {
  static std::vector<uint8_t> buffer;
  const bandada::DrawData& d = app().draw;
  buffer.clear();
  const size_t nx = d.field_nx, ny = d.field_ny;
  if (!d.field.empty() && d.field.size() == nx * ny && nx < 256 && ny < 256) {
    buffer.push_back(static_cast<uint8_t>(nx));
    buffer.push_back(static_cast<uint8_t>(ny));
    for (size_t r = 0; r < ny; ++r) {
      const size_t j = d.y_up ? ny - 1 - r : r;
      buffer.insert(buffer.end(), d.field.begin() + static_cast<long>(j * nx),
                    d.field.begin() + static_cast<long>((j + 1) * nx));
    }
  }
  return emscripten::val(emscripten::typed_memory_view(buffer.size(), buffer.data()));
}

/// The glyphs of the draw data view_json() last refreshed, viewed in place in wasm memory:
/// valid until the next call into the app.
emscripten::val glyphs(double scale, double cx, double cy) {
  static std::vector<float> buffer;
  App& a = app();
  bandada::svg_glyphs(a.draw, scale, cx, cy, buffer);
  return emscripten::val(emscripten::typed_memory_view(buffer.size(), buffer.data()));
}

/// Rows [start, start + count) of the table, each cell as the panel shows it.
std::string rows_json(int start, int count) {
  const bandada::ModelSession& s = app().session();
  const bandada::RunStatus st = s.status();
  if (st == bandada::RunStatus::none || st == bandada::RunStatus::stale || start < 0 || count <= 0)
    return "[]";
  const size_t end = std::min(s.size(), static_cast<size_t>(start) + static_cast<size_t>(count));
  std::vector<double> v(s.columns().size());
  std::string out = "[";
  for (size_t i = static_cast<size_t>(start); i < end; ++i) {
    s.row(i, v.data());
    out += (i > static_cast<size_t>(start) ? ",[" : "[") + std::to_string(i);
    for (size_t c = 1; c < v.size(); ++c) out += "," + json_quote(bandada::format_cell(s.columns()[c], v[c]));
    out += "]";
  }
  return out + "]";
}

bool command(const std::string& name) { return run_command(name).ok; }

void set_field(int index, const std::string& text) {
  if (index < 0) return;
  app().session().edit(static_cast<size_t>(index), text);
  persist();
}

/// The current model's field under the CSS px point (x, y) of the canvas, for touch typing:
/// {"index":i,"rect":[x,y,w,h],"text":…,"integer":…}, or null. The field's own edit is ended.
std::string field_at(double x, double y) {
  App& a = app();
  const bandada::ModelSession& s = a.session();
  for (size_t i = 0; i < s.field_count(); ++i)
    for (const auto& [name, r] : a.shown_layout.ui)  // where the finger saw it
      if (name == std::string("field:") + s.field(i).key &&
          r.contains(static_cast<float>(x), static_cast<float>(y))) {
        a.drop_text_focus = true;  // the HTML input takes over: ImGui's field must not write back
        return "{\"index\":" + std::to_string(i) + ",\"rect\":" + rect(r) +
               ",\"text\":" + json_quote(s.text(i)) +
               ",\"integer\":" + (s.field(i).integer ? "true" : "false") + "}";
      }
  return "null";
}

/// The page header's view switches: "picture" (Save picture) and "clip" (Record clip, Stop clip).
void view_action(const std::string& what) {
  if (what == "picture") page_save_picture();
  if (what == "clip") page_toggle_clip();
}

void commit_field(int index) {
  if (index >= 0) app().session().commit(static_cast<size_t>(index));
}

void choose(const std::string& key, int index) {
  bandada::ModelSession& s = app().session();
  const int k = s.choice_index(key);
  if (k >= 0) s.choose(static_cast<size_t>(k), index);
  persist();
}

bool select_glyph(int index) { return app().session().select(index).ok; }
void set_tool(int index) { app().session().set_tool(index); }
void set_display(int index, bool on) { app().session().set_display(static_cast<size_t>(index), on); }

/// A press on a plane at model (x, y), as the SVG view measures it.
bool press(double x, double y, bool right, bool shift, double held_ms, double pick) {
  App& a = app();
  const bool ok =
      a.session().press(x, a.draw.y_up ? a.draw.height - y : y, right || held_ms >= 500.0, shift, pick).ok;
  persist();
  return ok;
}

/// A drag on the plane in SVG coordinates (the accessible view), for drag tools.
bool drag(double x0, double y0, double x1, double y1) {
  App& a = app();
  const auto flip = [&](double y) { return a.draw.y_up ? a.draw.height - y : y; };
  const bool ok = a.session().drag(x0, flip(y0), x1, flip(y1)).ok;
  persist();
  return ok;
}

/// A press at model coordinates typed by the user (the keyboard way to place a marker).
bool press_model(double x, double y, bool right) {
  const bool ok = app().session().press(x, y, right, false, 12.0).ok;
  persist();
  return ok;
}

std::string share_string() { return app().session().share_string(); }
std::string share_link_string() { return page_share_string(); }

// ---- the sweep (web/sweep.h): the accessible view and the tests drive it through these --------

void sweep_row_done(int r, const std::string& line, const std::string& values, const std::string& error) {
  page_sweep().row_done(static_cast<size_t>(r < 0 ? 0 : r), line, values, error, emscripten_get_now());
}

/// The definition's raw texts by the names the accessible view and the tests use.
std::vector<std::pair<const char*, std::string*>> sweep_texts(SweepDefinition& d) {
  return {{"x_from", &d.x_from}, {"x_to", &d.x_to},       {"x_count", &d.x_count}, {"y_from", &d.y_from},
          {"y_to", &d.y_to},     {"y_count", &d.y_count}, {"seeds", &d.seeds},     {"steps", &d.steps}};
}

/// The definition's texts and choices, the plan's reason, progress and every cell of the map.
std::string sweep_state() {
  App& a = app();
  bandada::ModelSession& s = a.session();
  PageSweep& p = page_sweep();
  SweepDefinition& d = p.definition(s);
  const std::string why = p.check(s);
  static const std::vector<std::string> kNoMeasures;
  const std::vector<std::string>& names = why.empty() ? p.checked_plan().names : kNoMeasures;
  const double now = emscripten_get_now();
  std::string j =
      "{\"fields\":" + json_list(s.field_count(), [&](size_t i) { return json_quote(s.field(i).label); });
  j += ",\"x\":" + std::to_string(d.x) + ",\"y\":" + std::to_string(d.y) +
       ",\"use_y\":" + (d.use_y ? "true" : "false");
  for (auto [k, v] : sweep_texts(d)) j += ",\"" + std::string(k) + "\":" + json_quote(*v);
  j += ",\"measures\":" + json_list(names.size(), [&](size_t k) { return json_quote(names[k]); });
  j += ",\"measure\":" + std::to_string(d.measure) + ",\"why_not\":" + json_quote(why);
  j += ",\"pause_live\":" + std::string(a.pause_live_for_sweep ? "true" : "false");
  j += ",\"command_line\":" + json_quote(p.command_line());
  const char* status[] = {"idle", "running", "done", "cancelled", "failed"};
  j += ",\"status\":" + json_quote(status[static_cast<int>(p.status())]) +
       ",\"error\":" + json_quote(p.error());
  j += ",\"model\":" + json_quote(p.model()) + ",\"rows\":" + std::to_string(p.rows()) +
       ",\"finished\":" + std::to_string(p.finished()) + ",\"workers\":" + std::to_string(p.workers()) +
       ",\"eta\":" + num(p.eta_seconds(now)) + ",\"elapsed\":" + num(p.elapsed_seconds(now));
  const bandada::SweepPlan& run = p.plan();
  j += ",\"map\":{\"x_key\":" + json_quote(run.x.key) +
       ",\"y_key\":" + json_quote(run.has_y ? run.y.key : "") + ",\"x_values\":" +
       json_list(run.x.values.size(), [&](size_t k) { return json_quote(run.x.values[k]); }) +
       ",\"y_values\":" +
       json_list(run.has_y ? run.y.values.size() : 0, [&](size_t k) { return json_quote(run.y.values[k]); }) +
       ",\"seeds\":" + json_list(run.seeds.size(), [&](size_t k) { return json_quote(run.seeds[k]); }) +
       ",\"measure\":" + json_quote(p.measure_name()) +
       ",\"categorical\":" + (p.categorical() ? "true" : "false") + ",\"lo\":" + num(p.lo()) +
       ",\"hi\":" + num(p.hi());
  const std::vector<std::pair<std::string, std::string>> categories = p.categories();
  j += ",\"categories\":" + json_list(categories.size(), [&](size_t k) {
         const auto& c = categories[k];
         return "[" + json_quote(c.first) + "," + json_quote(c.second) + "]";
       });
  j += ",\"cells\":" + json_list(p.rows() ? p.columns() * p.lines() : 0, [&](size_t k) {
         const SweepCell& c = p.cell(k / p.lines(), k % p.lines());
         return "{\"x\":" + json_quote(c.x) + ",\"y\":" + json_quote(c.y) +
                ",\"finished\":" + std::to_string(c.finished) + ",\"mean\":" + num(c.mean) +
                ",\"sd\":" + num(c.sd) + ",\"word\":" + json_quote(c.word) +
                ",\"colour\":" + json_quote(c.colour) + ",\"values\":" +
                json_list(c.values.size(), [&](size_t q) { return json_quote(c.values[q]); }) + "}";
       });
  j += "},\"loaded\":" +
       std::string(p.loaded() ? "[" + std::to_string(p.loaded_x()) + "," + std::to_string(p.loaded_y()) + "]"
                              : "null");
  j += ",\"can_undo\":" + std::string(p.can_undo_load(s) ? "true" : "false");
  j += ",\"scale\":" + json_list(16, [](size_t k) { return json_quote(sweep_colour((k + 0.5) / 16.0)); });
  return j + "}";
}

/// A definition text ("x_from", "seeds", …) or choice ("x", "y", "use_y", "measure", "pause_live").
void sweep_set(const std::string& key, const std::string& value) {
  App& a = app();
  SweepDefinition& d = page_sweep().definition(a.session());
  const size_t n = static_cast<size_t>(std::strtoul(value.c_str(), nullptr, 10));
  if (key == "x" && n < a.session().field_count()) d.x = n;
  if (key == "y" && n < a.session().field_count()) d.y = n;
  if (key == "use_y") d.use_y = value == "1";
  if (key == "measure") d.measure = n;
  if (key == "pause_live") a.pause_live_for_sweep = value == "1";
  for (auto [k, v] : sweep_texts(d))
    if (key == k) *v = value;
}

/// "start", "cancel", "load:XI,YI", "seed:S", "undo"; false when it did nothing.
bool sweep_command(const std::string& id) {
  App& a = app();
  bandada::ModelSession& s = a.session();
  PageSweep& p = page_sweep();
  bool ok = true;
  if (id == "start") {
    ok = start_page_sweep(emscripten_get_now());
  } else if (id == "cancel") {
    p.cancel();
  } else if (id.rfind("load:", 0) == 0) {
    const size_t comma = id.find(',');
    ok = comma != std::string::npos && p.load_cell(s, std::strtoul(id.c_str() + 5, nullptr, 10),
                                                   std::strtoul(id.c_str() + comma + 1, nullptr, 10));
  } else if (id.rfind("seed:", 0) == 0) {
    p.initialize_with_seed(s, id.substr(5));
  } else if (id == "undo") {
    ok = p.can_undo_load(s);
    p.undo_load(s);
  } else {
    ok = false;
  }
  persist();
  return ok;
}

// ---- the Optimise tab (web/optimize.h): the accessible view and the tests drive it through these

void optimize_run_done(int k, const std::string& line, const std::string& cells, const std::string& error) {
  page_optimize().run_done(static_cast<size_t>(k < 0 ? 0 : k), line, cells, error, emscripten_get_now());
}

std::string finite_or_null(double v) { return std::isfinite(v) ? num(v) : "null"; }

/// The definition's raw texts by the names the accessible view and the tests use.
std::vector<std::pair<const char*, std::string*>> optimize_texts(OptimizeDefinition& d) {
  return {{"seeds", &d.seeds},
          {"steps", &d.steps},
          {"swarm", &d.swarm},
          {"iterations", &d.iterations},
          {"swarm_seed", &d.swarm_seed}};
}

/// The definition, the plan's reason, progress, the best after each iteration, the last
/// iteration's particles and the best so far.
std::string optimize_state() {
  App& a = app();
  bandada::ModelSession& s = a.session();
  PageOptimize& p = page_optimize();
  OptimizeDefinition& d = p.definition(s);
  const std::vector<std::string>& names = p.measures(s);
  const std::string why = p.check(s);
  const double now = emscripten_get_now();
  std::string j =
      "{\"fields\":" + json_list(s.field_count(), [&](size_t i) { return json_quote(s.field(i).label); });
  j += ",\"vary\":" + json_list(d.vary.size(), [&](size_t r) {
         return "{\"field\":" + std::to_string(d.vary[r].field) + ",\"lo\":" + json_quote(d.vary[r].lo) +
                ",\"hi\":" + json_quote(d.vary[r].hi) + "}";
       });
  for (auto [k, v] : optimize_texts(d)) j += ",\"" + std::string(k) + "\":" + json_quote(*v);
  j += ",\"measures\":" + json_list(names.size(), [&](size_t k) { return json_quote(names[k]); });
  j += ",\"measure\":" + std::to_string(d.measure) + ",\"maximize\":" + (d.maximize ? "true" : "false");
  j += ",\"why_not\":" + json_quote(why) +
       ",\"planned\":" + std::to_string(why.empty() ? p.checked_runs() : 0);
  j += ",\"pause_live\":" + std::string(a.pause_live_for_sweep ? "true" : "false");
  j += ",\"command_line\":" + json_quote(p.command_line());
  const char* status[] = {"idle", "running", "done", "cancelled", "failed"};
  j += ",\"status\":" + json_quote(status[static_cast<int>(p.status())]) +
       ",\"error\":" + json_quote(p.error());
  j += ",\"model\":" + json_quote(p.model()) + ",\"runs\":" + std::to_string(p.runs()) +
       ",\"finished\":" + std::to_string(p.finished()) + ",\"workers\":" + std::to_string(p.workers()) +
       ",\"eta\":" + num(p.eta_seconds(now)) + ",\"elapsed\":" + num(p.elapsed_seconds(now));
  const bandada::OptimizePlan& plan = p.plan();
  j += ",\"objective\":" + json_quote(plan.measure) +
       ",\"keys\":" + json_list(plan.vars.size(), [&](size_t k) { return json_quote(plan.vars[k].key); }) +
       ",\"ranges\":" + json_list(plan.vars.size(), [&](size_t k) {
         return "[" + num(plan.vars[k].lo) + "," + num(plan.vars[k].hi) + "]";
       });
  const std::vector<double>& best = p.best_history();
  j += ",\"best\":" + json_list(best.size(), [&](size_t k) { return finite_or_null(best[k]); });
  const std::vector<std::string> texts = p.best_texts();
  j += ",\"best_texts\":" + json_list(texts.size(), [&](size_t k) { return json_quote(texts[k]); });
  j += ",\"null_runs\":" + std::to_string(p.null_runs());
  static const std::vector<OptimizeParticle> kNone;
  const std::vector<OptimizeParticle>& last = p.iterations().empty() ? kNone : p.iterations().back();
  j += ",\"particles\":" + json_list(last.size(), [&](size_t i) {
         return "{\"x\":" + json_list(last[i].x.size(), [&](size_t d) { return num(last[i].x[d]); }) +
                ",\"objective\":" + finite_or_null(last[i].objective) + "}";
       });
  j += ",\"can_undo\":" + std::string(p.can_undo_use(s) ? "true" : "false");
  return j + "}";
}

/// A text ("seeds", …, "loR", "hiR"), a choice ("fieldR", "measure", "maximize", "pause_live"),
/// or how many fields vary ("fields": rows added with defaults, or the last ones removed).
void optimize_set(const std::string& key, const std::string& value) {
  App& a = app();
  bandada::ModelSession& s = a.session();
  OptimizeDefinition& d = page_optimize().definition(s);
  const size_t n = static_cast<size_t>(std::strtoul(value.c_str(), nullptr, 10));
  const size_t digit = key.find_first_of("0123456789");
  const size_t r = digit == std::string::npos ? 0 : std::strtoul(key.c_str() + digit, nullptr, 10);
  auto row = [&](const char* name) {
    return digit != std::string::npos && key.compare(0, digit, name) == 0 && r < d.vary.size();
  };
  if (key == "fields" && n >= 1 && n <= PageOptimize::kMaxFields) {
    d.vary.resize(std::min(d.vary.size(), n));
    for (size_t f = 0; d.vary.size() < n && f < s.field_count(); ++f)
      if (std::none_of(d.vary.begin(), d.vary.end(),
                       [&](const OptimizeVaryRow& v) { return v.field == f; }) &&
          std::string(s.field(f).option()) != "seed")
        d.vary.push_back({f, default_range_end(s, f, false), default_range_end(s, f, true)});
  }
  if (row("field") && n < s.field_count()) d.vary[r].field = n;
  if (row("lo")) d.vary[r].lo = value;
  if (row("hi")) d.vary[r].hi = value;
  if (key == "measure") d.measure = n;
  if (key == "maximize") d.maximize = value == "1";
  if (key == "pause_live") a.pause_live_for_sweep = value == "1";
  for (auto [k, v] : optimize_texts(d))
    if (key == k) *v = value;
}

/// "start", "cancel", "use" (the best into the fields), "undo"; false when it did nothing.
bool optimize_command(const std::string& id) {
  bandada::ModelSession& s = app().session();
  PageOptimize& p = page_optimize();
  bool ok = true;
  if (id == "start")
    ok = start_page_optimize(emscripten_get_now());
  else if (id == "cancel")
    p.cancel();
  else if (id == "use")
    ok = p.use_best(s);
  else if (id == "undo") {
    ok = p.can_undo_use(s);
    p.undo_use(s);
  } else
    ok = false;
  persist();
  return ok;
}

std::string optimize_log() { return page_optimize().log(); }

// ---- the Experiments tab (web/experiments.h) ----------------------------------------------------

void experiment_row_done(int r, const std::string& line, const std::string& values,
                         const std::string& error) {
  page_experiments().row_done(static_cast<size_t>(r < 0 ? 0 : r), line, values, error, emscripten_get_now());
}

/// A card's own plot as JSON: {x_label, y_label, series: [{name, reference, x, y, sd}]}.
std::string plot_json(const bandada::ExperimentPlot& plot) {
  auto numbers = [](const std::vector<double>& v) {
    return json_list(v.size(), [&](size_t i) {
      return std::isfinite(v[i]) ? bandada::format_double(v[i]) : std::string("null");
    });
  };
  return "{\"x_label\":" + json_quote(plot.x_label) + ",\"y_label\":" + json_quote(plot.y_label) +
         ",\"series\":" +
         json_list(plot.series.size(),
                   [&](size_t k) {
                     const bandada::PlotSeries& s = plot.series[k];
                     return "{\"name\":" + json_quote(s.name) +
                            ",\"reference\":" + (s.reference ? "true" : "false") + ",\"x\":" + numbers(s.x) +
                            ",\"y\":" + numbers(s.y) + ",\"sd\":" + numbers(s.sd) + "}";
                   }) +
         "}";
}

/// Every card: the claim, what varies, the rule, progress, the points so far, its own plot (if
/// it has one) and the verdict.
std::string experiments_state() {
  PageExperiments& p = page_experiments();
  const auto& all = bandada::experiments();
  static const char* kKinds[] = {"runs", "timed", "opens"};
  static const char* kStatus[] = {"idle", "queued", "running", "done", "failed", "cancelled"};
  auto strings = [](const std::vector<std::string>& v) {
    return json_list(v.size(), [&](size_t i) { return json_quote(v[i]); });
  };
  auto number = [](double v) { return std::isfinite(v) ? bandada::format_double(v) : std::string("null"); };
  std::string j = "{\"busy\":" + std::string(p.busy() ? "true" : "false");
  j += ",\"can_undo_try\":" + std::string(p.can_undo_try() ? "true" : "false");
  j += ",\"seeds\":" + std::to_string(p.seeds());
  j += ",\"experiments\":" + json_list(all.size(), [&](size_t k) {
         const bandada::Experiment& e = all[k];
         const ExperimentCard& c = p.card(k);
         std::string o = "{\"name\":" + json_quote(e.name) + ",\"claim\":" + std::to_string(e.claim);
         o += ",\"model\":" + json_quote(e.model) +
              ",\"heading\":" + json_quote(bandada::experiment_heading(e));
         o += ",\"group\":" + json_quote(group_title(e.model));
         o += ",\"claim_text\":" + json_quote(e.claim_text) + ",\"credit\":" + json_quote(e.credit);
         o += ",\"varies\":" + json_quote(e.varies) + ",\"rule\":" + json_quote(e.rule);
         o += ",\"kind\":" + json_quote(kKinds[static_cast<int>(e.kind)]);
         o += ",\"axes\":" + strings(e.axes) + ",\"measures\":" + strings(c.table.measures);
         o += ",\"status\":" + json_quote(kStatus[static_cast<int>(c.status)]);
         o += ",\"rows\":" + std::to_string(c.rows) + ",\"finished\":" + std::to_string(c.finished);
         o += ",\"seconds\":" + number(c.seconds) + ",\"error\":" + json_quote(c.error);
         o += ",\"own_seeds\":" + std::to_string(e.seeds) + ",\"seeds\":" + std::to_string(c.seeds);
         o += ",\"verdict\":" + (c.status == ExperimentCard::Status::done
                                     ? "{\"holds\":" + std::string(c.verdict.holds ? "true" : "false") +
                                           ",\"text\":" + json_quote(c.verdict.text) + "}"
                                     : std::string("null"));
         o += ",\"plot\":" + (e.plot ? plot_json(e.plot(c.table)) : std::string("null"));
         o += ",\"points\":" + json_list(c.table.cells.size(), [&](size_t q) {
                const auto& cells = c.table.cells[q];
                return "{\"labels\":" + strings(e.points[q].labels) +
                       ",\"n\":" + std::to_string(cells.empty() ? 0 : cells[0].n) + ",\"mean\":" +
                       json_list(cells.size(),
                                 [&](size_t m) { return cells[m].n ? number(cells[m].mean) : "null"; }) +
                       ",\"sd\":" +
                       json_list(cells.size(),
                                 [&](size_t m) { return cells[m].n ? number(cells[m].sd) : "null"; }) +
                       "}";
              });
         return o + "}";
       });
  return j + "}";
}

/// "run:K", "run_all", "run_model:ID" (every card of one model), "cancel", "try:K", "undo_try", "seeds:S" (0:
/// each experiment's own); why not, for what could not be done.
std::string experiment_command(const std::string& id) {
  PageExperiments& p = page_experiments();
  const double now = emscripten_get_now();
  if (id.rfind("run:", 0) == 0) {
    p.run(std::strtoul(id.c_str() + 4, nullptr, 10), now);
  } else if (id == "run_all") {
    p.run_all(now);
  } else if (id.rfind("run_model:", 0) == 0) {
    p.run_all(now, id.substr(10));
  } else if (id == "cancel") {
    p.cancel();
  } else if (id.rfind("try:", 0) == 0) {
    return p.try_it(std::strtoul(id.c_str() + 4, nullptr, 10));
  } else if (id == "undo_try") {
    p.undo_try();
  } else if (id.rfind("seeds:", 0) == 0) {
    if (!p.set_seeds(std::strtoul(id.c_str() + 6, nullptr, 10)))
      return "Seeds a point: 1 to 20, or 0 for each experiment's own.";
  } else {
    return "no experiment command " + id;
  }
  return {};
}

std::string experiment_csv(int k) { return page_experiments().csv(static_cast<size_t>(k < 0 ? 0 : k)); }

// ---- state files (run/state_file.h): Save state, Open state, a file dropped on the page ----------
std::string save_state() { return page_save_state(); }
std::string state_file_name() { return page_state_file_name(); }
bool open_state(const std::string& text) { return page_open_state(text); }

// Files picked or dropped together: each added, then opened as one (page_open_files).
std::vector<std::pair<std::string, std::string>>& opened_files() {
  static std::vector<std::pair<std::string, std::string>> files;
  return files;
}
void add_opened_file(const std::string& name, const std::string& text) {
  opened_files().emplace_back(name, text);
}
bool open_files() {
  std::vector<std::pair<std::string, std::string>> files;
  files.swap(opened_files());
  return page_open_files(files);
}
std::string export_file() { return app().session().export_file(); }
/// The current session's recording since Initialize (Save trajectories); "" for none.
std::string recorded_text() {
  const App& a = app();
  return a.current < a.recordings.size() && a.recordings[a.current] ? a.recordings[a.current]->text() : "";
}

std::string sweep_csv() { return page_sweep().csv(); }
std::string state_export() { return app().session().export_json(); }

void advance(double elapsed_seconds) { advance_current(elapsed_seconds); }

void set_html_view(bool on) { app().html_view = on || !app().has_gl; }

// The WebGL context is gone for good (we do not rebuild GL objects): the WebGL view cannot return.
void mark_gl_lost() {
  app().has_gl = false;
  app().html_view = true;
}

}  // namespace
}  // namespace web

EMSCRIPTEN_BINDINGS(bandada) {
  emscripten::function("appState", &web::state_json);
  emscripten::function("uiRects", &web::ui_json);
  emscripten::function("describe", &web::describe_json);
  emscripten::function("viewJson", &web::view_json);
  emscripten::function("glyphs", &web::glyphs);
  emscripten::function("fieldShades", &web::field_shades);
  emscripten::function("tableRows", &web::rows_json);
  emscripten::function("command", &web::command);
  emscripten::function("setField", &web::set_field);
  emscripten::function("commitField", &web::commit_field);
  emscripten::function("fieldAt", &web::field_at);
  emscripten::function("viewAction", &web::view_action);
  emscripten::function("choose", &web::choose);
  emscripten::function("selectGlyph", &web::select_glyph);
  emscripten::function("setTool", &web::set_tool);
  emscripten::function("setDisplay", &web::set_display);
  emscripten::function("press", &web::press);
  emscripten::function("pressModel", &web::press_model);
  emscripten::function("drag", &web::drag);
  emscripten::function("shareString", &web::share_string);
  emscripten::function("shareLink", &web::share_link_string);
  emscripten::function("shareUrl", &web::page_share_url);
  emscripten::function("sweepRowDone", &web::sweep_row_done);
  emscripten::function("sweepState", &web::sweep_state);
  emscripten::function("sweepSet", &web::sweep_set);
  emscripten::function("sweepCommand", &web::sweep_command);
  emscripten::function("sweepCsv", &web::sweep_csv);
  emscripten::function("optimizeRunDone", &web::optimize_run_done);
  emscripten::function("optimizeState", &web::optimize_state);
  emscripten::function("optimizeSet", &web::optimize_set);
  emscripten::function("optimizeCommand", &web::optimize_command);
  emscripten::function("optimizeLog", &web::optimize_log);
  emscripten::function("saveState", &web::save_state);
  emscripten::function("stateFileName", &web::state_file_name);
  emscripten::function("openState", &web::open_state);
  emscripten::function("addOpenedFile", &web::add_opened_file);
  emscripten::function("openFiles", &web::open_files);
  emscripten::function("exportFile", &web::export_file);
  emscripten::function("recordedText", &web::recorded_text);
  emscripten::function("experimentRowDone", &web::experiment_row_done);
  emscripten::function("experimentsState", &web::experiments_state);
  emscripten::function("experimentCommand", &web::experiment_command);
  emscripten::function("experimentCsv", &web::experiment_csv);
  emscripten::function("stateJson", &web::state_export);
  emscripten::function("advance", &web::advance);
  emscripten::function("setHtmlView", &web::set_html_view);
  emscripten::function("markGlLost", &web::mark_gl_lost);
}
