// Bandada — embind bindings: the current model session as JavaScript sees it. The accessible
// view (web/html_view.js) drives the app through these, and the end-to-end tests read it. All
// of it is written against the model seam: nothing here names a model.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "app/isometric.h"
#include "app/share_codec.h"
#include "app_state.h"
#include "model/number_text.h"

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
  j += ",\"fingerprint\":" +
       json_quote(s.status() == bandada::FlockStatus::none || s.status() == bandada::FlockStatus::stale
                      ? ""
                      : bandada::fingerprint_hex(s.fingerprint()));
  j += ",\"selection\":" + (s.selection() ? std::to_string(*s.selection()) : std::string("null"));
  j += ",\"texts\":" + json_list(s.field_count(), [&](size_t i) { return json_quote(s.text(i)); });
  j += ",\"errors\":" + json_list(s.field_count(), [&](size_t i) { return json_quote(s.error(i)); });
  j += ",\"chosen\":{";
  for (size_t k = 0; k < s.choices().size(); ++k)
    j += (k ? "," : "") + json_quote(s.choices()[k].key) + ":" + std::to_string(s.chosen(k));
  j += "},\"notice\":" + json_quote(s.notice());
  j += ",\"link\":{\"kind\":" + json_quote(link_kind(s.link_check().kind)) +
       ",\"message\":" + json_quote(s.link_check().message) + "}";
  j += ",\"busy\":" + std::string(s.busy() ? "true" : "false");
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
  s += ",\"camera_distance\":" + num(a.camera.distance);
  s += ",\"plane_zoom\":" + num(a.plane_zoom.zoom);
  s += ",\"stacked\":" + std::string(a.stacked ? "true" : "false");
  s += ",\"coarse\":" + std::string(a.coarse ? "true" : "false");
  s += ",\"panel_scroll\":" + num(a.panel_scroll);
  s += ",\"share_url\":" + json_quote(a.share_url);
  s += ",\"view\":" + rect(a.view);
  s += ",\"draw\":{\"cones\":" + std::string(a.plan.cones ? "true" : "false") +
       ",\"stride\":" + std::to_string(a.plan.stride) + ",\"note\":" + json_quote(a.plan.note) + "}";
  s += ",\"sessions\":{";
  for (size_t i = 0; i < a.sessions.size(); ++i)
    s += (i ? "," : "") + json_quote(a.sessions[i]->info().id) + ":" + session_json(*a.sessions[i]);
  return s + "}}";
}

std::string ui_json() {
  App& a = app();
  std::string s = "{\"widgets\":{";
  bool first = true;
  for (const auto& [name, r] : a.ui) {
    s += (first ? "" : ",") + json_quote(name) + ":" + rect(r);
    first = false;
  }
  s += "},\"rows\":[";
  first = true;
  for (const auto& [i, r] : a.rows) {
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
  j += ",\"progress\":" + num(s.busy() ? s.progress() : -1.0) +
       ",\"busy_label\":" + json_quote(s.busy_label());
  j += ",\"has_gl\":" + std::string(a.has_gl ? "true" : "false");
  const bandada::DrawData& d = a.draw;
  j += ",\"version\":" + json_quote(std::to_string(d.version));
  j += ",\"overlays\":" + json_list(d.overlays.size(), [&](size_t k) {
         const bandada::Overlay& o = d.overlays[k];
         const bandada::IsoPoint p = bandada::svg_point(d, o.x, o.y, o.z, scale, cx, cy);
         const bandada::IsoPoint q = bandada::svg_point(d, o.x2, o.y2, o.z2, scale, cx, cy);
         const double size = o.kind == bandada::Overlay::Kind::circle && d.space == bandada::Space::cube
                                 ? o.size * scale
                                 : o.size;
         return "[" + std::to_string(static_cast<int>(o.kind)) + "," + std::to_string(o.colour) + "," +
                num(p.x) + "," + num(p.y) + "," + num(size) + "," +
                num(o.kind == bandada::Overlay::Kind::arrow_px ? o.x2 : q.x) + "," +
                num(o.kind == bandada::Overlay::Kind::arrow_px ? (d.y_up ? -o.y2 : o.y2) : q.y) + "]";
       });
  return j + "}";
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
  const bandada::FlockStatus st = s.status();
  if (st == bandada::FlockStatus::none || st == bandada::FlockStatus::stale || start < 0 || count <= 0)
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
    for (const auto& [name, r] : a.ui)
      if (name == std::string("field:") + s.field(i).key &&
          r.contains(static_cast<float>(x), static_cast<float>(y))) {
        a.drop_text_focus = true;  // the HTML input takes over: ImGui's field must not write back
        return "{\"index\":" + std::to_string(i) + ",\"rect\":" + rect(r) +
               ",\"text\":" + json_quote(s.text(i)) +
               ",\"integer\":" + (s.field(i).integer ? "true" : "false") + "}";
      }
  return "null";
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

bool select_boid(int index) { return app().session().select(index).ok; }
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
  emscripten::function("tableRows", &web::rows_json);
  emscripten::function("command", &web::command);
  emscripten::function("setField", &web::set_field);
  emscripten::function("commitField", &web::commit_field);
  emscripten::function("fieldAt", &web::field_at);
  emscripten::function("choose", &web::choose);
  emscripten::function("selectBoid", &web::select_boid);
  emscripten::function("setTool", &web::set_tool);
  emscripten::function("setDisplay", &web::set_display);
  emscripten::function("press", &web::press);
  emscripten::function("pressModel", &web::press_model);
  emscripten::function("drag", &web::drag);
  emscripten::function("shareString", &web::share_string);
  emscripten::function("stateJson", &web::state_export);
  emscripten::function("advance", &web::advance);
  emscripten::function("setHtmlView", &web::set_html_view);
  emscripten::function("markGlLost", &web::mark_gl_lost);
}
