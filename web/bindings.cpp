// Bandada — embind bindings: the controller as JavaScript sees it. The end-to-end tests read
// the app through these, and they are the bridge a non-canvas view can drive the app with.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "models/boids3d/boids3d_export.h"
#include "models/feedback2d/feedback2d_export.h"
#include "models/flock2d/flock2d_export.h"
#include "app/isometric.h"
#include "app_state.h"
#include "model/number_text.h"

namespace web {
namespace {

std::string q(const std::string& s) {  // JSON string literal
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') { o += '\\'; o += static_cast<char>(c); }
    else if (c < 0x20) { char b[8]; std::snprintf(b, sizeof b, "\\u%04x", c); o += b; }
    else o += static_cast<char>(c);
  }
  return o + "\"";
}

std::string num(double v) { return bandada::format_double(v); }

std::string rect(const Rect& r) { return "[" + num(r.x) + "," + num(r.y) + "," + num(r.w) + "," + num(r.h) + "]"; }

const char* link_kind(bandada::LinkCheck::Kind k) {
  switch (k) {
    case bandada::LinkCheck::Kind::waiting: return "waiting";
    case bandada::LinkCheck::Kind::identical: return "identical";
    case bandada::LinkCheck::Kind::differs: return "differs";
    default: return "none";
  }
}

std::string state_json() {
  App& a = app();
  bandada::Boids3dController& c = a.ctl;
  std::string s = "{\"status\":" + q(bandada::status_name(c.status()));
  const bandada::Boids3d* f = c.flock();
  s += ",\"steps\":" + std::to_string(f ? f->steps() : 0);
  s += ",\"n\":" + std::to_string(f ? f->size() : 0);
  s += ",\"fingerprint\":" + q(f ? bandada::fingerprint_hex(c.fingerprint()) : "");
  s += ",\"selection\":" + (c.selection() ? std::to_string(*c.selection()) : std::string("null"));
  s += ",\"texts\":[";
  for (int i = 0; i < bandada::kBoids3dFieldCount; ++i) s += (i ? "," : "") + q(c.texts()[i]);
  s += "],\"errors\":[";
  for (int i = 0; i < bandada::kBoids3dFieldCount; ++i)
    s += (i ? "," : "") + q(c.error(static_cast<bandada::Boids3dField>(i)));
  s += "],\"notice\":" + q(c.notice());
  s += ",\"storage_notice\":" + q(a.storage_notice);
  s += ",\"link\":{\"kind\":" + q(link_kind(c.link_check().kind)) + ",\"message\":" + q(c.link_check().message) + "}";
  s += ",\"busy\":" + std::string(c.busy() ? "true" : "false");
  s += ",\"can_undo\":" + std::string(c.can_undo() ? "true" : "false");
  s += ",\"has_previous_inputs\":" + std::string(c.has_previous_inputs() ? "true" : "false");
  s += ",\"camera_distance\":" + num(a.camera.distance);
  s += ",\"share_url\":" + q(a.share_url);
  s += ",\"series_length\":" + std::to_string(c.series().size());
  s += ",\"view\":" + rect(a.view);
  s += ",\"model\":" + q(a.model == Model::feedback2d ? "feedback2d" : a.model == Model::flock2d ? "flock2d" : "boids3d");
  const bandada::Feedback2dController& fb = a.fb;
  const bandada::Feedback2d* m = fb.model();
  s += ",\"fb\":{\"status\":" + q(bandada::status_name(fb.status()));
  s += ",\"cycles\":" + std::to_string(m ? m->cycles() : 0);
  s += ",\"next_phase\":" + std::to_string(m ? m->next_phase() : 0);
  s += ",\"n\":" + std::to_string(m ? m->size() : 0);
  s += ",\"followed\":" + (fb.followed() ? std::to_string(*fb.followed()) : std::string("null"));
  s += ",\"regime\":" + q(m ? bandada::regime_name(m->regime()) : "");
  s += ",\"operation\":" + q(bandada::operation_name(fb.operation()));
  s += ",\"alpha\":" + num(m ? m->params().alpha : 0.0);
  s += ",\"notice\":" + q(fb.notice());
  s += ",\"texts\":[";
  for (int i = 0; i < bandada::kFeedback2dFieldCount; ++i) s += (i ? "," : "") + q(fb.texts()[i]);
  s += "],\"errors\":[";
  for (int i = 0; i < bandada::kFeedback2dFieldCount; ++i) s += (i ? "," : "") + q(fb.error(static_cast<bandada::Feedback2dField>(i)));
  s += "]}";
  const bandada::Flock2dController& f2 = a.f2;
  const bandada::Flock2d* g = f2.model();
  s += ",\"f2\":{\"status\":" + q(bandada::status_name(f2.status()));
  s += ",\"steps\":" + std::to_string(g ? g->steps() : 0) + ",\"n\":" + std::to_string(g ? g->size() : 0);
  s += ",\"predators\":" + std::to_string(g ? g->predators().size() : 0);
  s += ",\"attractors\":" + std::to_string(g ? g->attractors().size() : 0);
  s += ",\"selection\":" + (f2.selection() ? std::to_string(*f2.selection()) : std::string("null"));
  s += ",\"leader\":" + std::to_string(f2.leader()) + ",\"preset\":" + std::to_string(f2.preset());
  s += ",\"ws\":" + num(g ? g->params().separation_weight : 0.0);
  s += ",\"texts\":[";
  for (int i = 0; i < bandada::kFlock2dFieldCount; ++i) s += (i ? "," : "") + q(f2.texts()[i]);
  s += "]}}";
  return s;
}

std::string ui_json() {
  App& a = app();
  std::string s = "{\"widgets\":{";
  bool first = true;
  for (const auto& [name, r] : a.ui) {
    s += (first ? "" : ",") + q(name) + ":" + rect(r);
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

bool command(const std::string& name) {
  bandada::Boids3dController& c = app().ctl;
  bandada::Feedback2dController& fb = app().fb;
  if (name == "model:boids3d") { switch_model(Model::boids3d); return true; }
  if (name == "model:feedback2d") { switch_model(Model::feedback2d); return true; }
  if (name == "model:flock2d") { switch_model(Model::flock2d); return true; }
  bandada::Flock2dController& f2 = app().f2;
  if (name == "f2:initialize") return f2.initialize().ok;
  if (name == "f2:run") return f2.run().ok;
  if (name == "f2:pause") { f2.pause(); return true; }
  if (name == "f2:step") return f2.step().ok;
  if (name == "f2:reset") { f2.reset(); return true; }
  if (name == "f2:select_tool") { app().f2d.tool = Flock2dTool::select; return true; }
  if (name == "fb:initialize") return fb.initialize().ok;
  if (name == "fb:run") return fb.run().ok;
  if (name == "fb:pause") { fb.pause(); return true; }
  if (name == "fb:step") return fb.step().ok;
  if (name == "fb:phase") return fb.advance_phase().ok;
  if (name == "fb:reset") { fb.reset(); return true; }
  if (name == "fb:clear_selection") { fb.clear_follow(); return true; }
  if (name == "initialize") return c.initialize().ok;
  if (name == "run") return c.run().ok;
  if (name == "pause") { c.pause(); return true; }
  if (name == "step") return c.step().ok;
  if (name == "reset") { c.reset(); return true; }
  if (name == "undo") { bool ok = c.undo().ok; save_fields(); return ok; }
  if (name == "restore_previous_inputs") { bool ok = c.restore_previous_inputs().ok; save_fields(); return ok; }
  if (name == "replay_link") return c.replay_link_run().ok;
  if (name == "clear_selection") { c.clear_selection(); return true; }
  return false;
}

void set_field(int index, const std::string& text) {
  if (index < 0 || index >= bandada::kBoids3dFieldCount) return;
  app().ctl.edit(static_cast<bandada::Boids3dField>(index), text);
  save_fields();
}

bool select_boid(int index) { return app().ctl.select(index).ok; }

void set_fb_field(int index, const std::string& text) {
  if (index < 0 || index >= bandada::kFeedback2dFieldCount) return;
  app().fb.edit(static_cast<bandada::Feedback2dField>(index), text);
  save_feedback_fields();
}

void set_f2_field(int index, const std::string& text) {
  if (index < 0 || index >= bandada::kFlock2dFieldCount) return;
  app().f2.edit(static_cast<bandada::Flock2dField>(index), text);
  save_flock2d_fields();
}

// Per boid: plane x, y (y down), unit heading ux, uy (0, 0 when stopped); viewed in place.
emscripten::val flock2d_glyphs() {
  static std::vector<float> buffer;
  buffer.clear();
  if (const bandada::Flock2d* g = app().f2.model())
    for (size_t i = 0; i < g->size(); ++i) {
      const double sp = std::sqrt(g->vx()[i] * g->vx()[i] + g->vy()[i] * g->vy()[i]);
      buffer.insert(buffer.end(), {static_cast<float>(g->px()[i]), static_cast<float>(g->py()[i]),
                                   static_cast<float>(sp > 0 ? g->vx()[i] / sp : 0.0), static_cast<float>(sp > 0 ? g->vy()[i] / sp : 0.0)});
    }
  return emscripten::val(emscripten::typed_memory_view(buffer.size(), buffer.data()));
}

std::string flock2d_view_json() {
  const bandada::Flock2dController& c = app().f2;
  const bandada::Flock2d* g = c.model();
  std::string s = "{\"why_not\":{\"initialize\":" + q(c.why_not_initialize()) + ",\"run\":" + q(c.why_not_run()) +
                  ",\"step\":" + q(c.why_not_step()) + "},\"notice\":" + q(c.notice());
  s += ",\"law\":" + q(c.law() == bandada::ForceLaw::raw ? "raw" : "steering");
  s += ",\"integrator\":" + q(c.integrator() == bandada::Integrator::rk4 ? "rk4" : "euler");
  s += ",\"tool\":" + std::to_string(static_cast<int>(app().f2d.tool));
  s += ",\"presets\":[";
  for (size_t k = 0; k < bandada::flock2d_presets().size(); ++k)
    s += (k ? "," : "") + std::string("[") + q(bandada::flock2d_presets()[k].name) + "," + q(bandada::flock2d_presets()[k].note) + "]";
  s += "],\"fields\":[";
  for (int i = 0; i < bandada::kFlock2dFieldCount; ++i) {
    const bandada::FieldInfo& fi = bandada::field_info(static_cast<bandada::Flock2dField>(i));
    s += (i ? ",[" : "[") + q(fi.key) + "," + q(fi.label) + "," + q(fi.help) + "," + (fi.integer ? "true" : "false") + "]";
  }
  s += "],\"errors\":[";
  for (int i = 0; i < bandada::kFlock2dFieldCount; ++i) s += (i ? "," : "") + q(c.error(static_cast<bandada::Flock2dField>(i)));
  s += "],\"predators\":[";
  if (g)
    for (size_t k = 0; k < g->predators().size(); ++k) s += (k ? ",[" : "[") + num(g->predators()[k].x) + "," + num(g->predators()[k].y) + "]";
  s += "],\"attractors\":[";
  if (g)
    for (size_t k = 0; k < g->attractors().size(); ++k) s += (k ? ",[" : "[") + num(g->attractors()[k].x) + "," + num(g->attractors()[k].y) + "]";
  s += "]";
  if (g) {
    const auto& ser = c.series();
    char line[200];
    std::snprintf(line, sizeof line, "step %llu · N = %zu · order %.3f · mean speed %.3f · nearest %.2f · energy %.1f",
                  static_cast<unsigned long long>(g->steps()), g->size(), ser.empty() ? 0.0 : ser.back().order,
                  ser.empty() ? 0.0 : ser.back().mean_speed, ser.empty() ? 0.0 : ser.back().nearest, ser.empty() ? 0.0 : ser.back().energy);
    s += ",\"status_line\":" + q(line) + ",\"radius\":" + num(g->params().r) + ",\"rs\":" + num(g->params().separation_radius);
  }
  return s + "}";
}

void flock2d_press_binding(double x, double y, bool right, bool shift, double held_ms) {
  flock2d_press_plane(x, y, right, shift, held_ms, 12.0);
}

void flock2d_setting(const std::string& name, const std::string& value) {
  bandada::Flock2dController& c = app().f2;
  if (name == "law") c.set_law(value == "raw" ? bandada::ForceLaw::raw : bandada::ForceLaw::steering);
  if (name == "integrator") c.set_integrator(value == "rk4" ? bandada::Integrator::rk4 : bandada::Integrator::euler);
  if (name == "preset") c.apply_preset(std::atoi(value.c_str()));
  if (name == "tool") app().f2d.tool = value == "select" ? Flock2dTool::select : value == "leader" ? Flock2dTool::leader : Flock2dTool::predator;
  if (name == "clear_markers") c.clear_markers();
  save_flock2d_fields();
}

std::string flock2d_share_string() { return app().f2.share_string(); }

std::string flock2d_json_now() {
  const bandada::Flock2d* g = app().f2.model();
  return g ? bandada::flock2d_json(*g) : std::string();
}

std::string feedback_fields_json() {
  std::string s = "[";
  for (int i = 0; i < bandada::kFeedback2dFieldCount; ++i) {
    const bandada::FieldInfo& fi = bandada::field_info(static_cast<bandada::Feedback2dField>(i));
    s += (i ? ",{" : "{") + std::string("\"key\":") + q(fi.key) + ",\"label\":" + q(fi.label) + ",\"help\":" +
         q(fi.help) + ",\"integer\":" + (fi.integer ? "true" : "false") + "}";
  }
  return s + "]";
}

// Per point, in index order: plane x, y (model units, y up), unit heading ux, uy (0, 0 when
// stopped) and 1 for V / 0 for F, viewed in place in wasm memory until the next call.
emscripten::val feedback_glyphs() {
  static std::vector<float> buffer;
  buffer.clear();
  if (const bandada::Feedback2d* m = app().fb.model()) {
    for (size_t i = 0; i < m->size(); ++i) {
      const double sp = std::sqrt(m->vx()[i] * m->vx()[i] + m->vy()[i] * m->vy()[i]);
      buffer.insert(buffer.end(), {static_cast<float>(m->px()[i]), static_cast<float>(m->py()[i]),
                                   static_cast<float>(sp > 0 ? m->vx()[i] / sp : 0.0), static_cast<float>(sp > 0 ? m->vy()[i] / sp : 0.0),
                                   m->is_v()[i] ? 1.0f : 0.0f});
    }
  }
  return emscripten::val(emscripten::typed_memory_view(buffer.size(), buffer.data()));
}

std::string feedback_view_json() {
  const bandada::Feedback2dController& c = app().fb;
  const bandada::Feedback2d* m = c.model();
  std::string s = "{\"why_not\":{\"initialize\":" + q(c.why_not_initialize()) + ",\"run\":" + q(c.why_not_run()) +
                  ",\"step\":" + q(c.why_not_step()) + "}";
  s += ",\"no_contradiction\":" + std::string(c.no_contradiction() ? "true" : "false");
  s += ",\"notice\":" + q(c.notice());
  if (m) {
    const bandada::Feedback2dResult& R = m->result();
    char line[256];
    std::snprintf(line, sizeof line, "cycle %llu · n = %zu · D = %.2f · order %.3f · coherence %.0f%% · ΔR %.5f",
                  static_cast<unsigned long long>(m->cycles()), m->size(), R.D, R.order, 100.0 * R.coherence, R.delta);
    s += ",\"status_line\":" + q(line);
    s += ",\"R\":[" + num(R.cx) + "," + num(R.cy) + "," + num(R.D) + "," + num(R.hx) + "," + num(R.hy) + "]";
    s += ",\"radius\":" + num(m->params().r);
  }
  return s + "}";
}

std::string feedback_rows(int start, int count) {
  const bandada::Feedback2d* m = app().fb.model();
  if (!m || start < 0 || count <= 0) return "[]";
  std::string out = "[";
  const size_t end = std::min(m->size(), static_cast<size_t>(start) + static_cast<size_t>(count));
  for (size_t i = static_cast<size_t>(start); i < end; ++i) {
    const double sp = std::sqrt(m->vx()[i] * m->vx()[i] + m->vy()[i] * m->vy()[i]);
    out += (i > static_cast<size_t>(start) ? ",[" : "[") + std::to_string(i) + "," + q(m->is_v()[i] ? "V" : "F") + "," +
           num(sp) + "," + std::to_string(m->neighbors()[i]) + "," + num(m->mA()[i]) + "," + num(m->mS()[i]) + "," +
           num(m->mG()[i]) + "]";
  }
  return out + "]";
}

void set_fb_operation(const std::string& name) {
  bandada::Feedback2dOperation op;
  if (bandada::parse_operation(name, op)) app().fb.set_operation(op);
  save_feedback_fields();
}

void set_fb_no_contradiction(bool on) {
  app().fb.set_no_contradiction(on);
  save_feedback_fields();
}

bool follow_point(int index) { return app().fb.follow(index).ok; }

std::string feedback_share_string() { return app().fb.share_string(); }

std::string feedback_json() {
  const bandada::Feedback2d* m = app().fb.model();
  return m ? bandada::feedback2d_json(*m) : std::string();
}

std::string flock_state_json() {
  const bandada::Boids3d* f = app().ctl.flock();
  return f ? bandada::flock_json(*f) : std::string();
}

std::string share_string() { return app().ctl.share_string(); }

// ---- what the HTML + SVG view needs beyond the test hooks ----------------------------------

void advance(double elapsed_seconds) {
  if (app().model == Model::flock2d) app().f2.advance(elapsed_seconds, kFrameBudgetMs);
  else if (app().model == Model::feedback2d) app().fb.advance(elapsed_seconds, kFrameBudgetMs);
  else app().ctl.advance(elapsed_seconds, kFrameBudgetMs);
}

void set_html_view(bool on) { app().html_view = on || !app().has_gl; }

// The WebGL context is gone for good (we do not rebuild GL objects): the 3-D view cannot return.
void mark_gl_lost() {
  app().has_gl = false;
  app().html_view = true;
}

std::string fields_json() {
  std::string s = "[";
  for (int i = 0; i < bandada::kBoids3dFieldCount; ++i) {
    const bandada::FieldInfo& fi = bandada::field_info(static_cast<bandada::Boids3dField>(i));
    s += (i ? ",{" : "{") + std::string("\"key\":") + q(fi.key) + ",\"label\":" + q(fi.label) +
         ",\"help\":" + q(fi.help) + ",\"integer\":" + (fi.integer ? "true" : "false") + "}";
  }
  return s + "]";
}

std::string view_json() {
  App& a = app();
  bandada::Boids3dController& c = a.ctl;
  std::string s = "{\"why_not\":{\"initialize\":" + q(c.why_not_initialize()) + ",\"run\":" + q(c.why_not_run()) +
                  ",\"step\":" + q(c.why_not_step()) + "}";
  s += ",\"status_line\":" + q(c.status_line());
  s += ",\"progress\":" + num(c.busy() ? c.progress() : -1.0) + ",\"busy_label\":" + q(c.busy_label());
  s += ",\"has_gl\":" + std::string(a.has_gl ? "true" : "false");
  s += ",\"radius\":" + num(c.flock() ? c.flock()->params().radius : 0.0);
  return s + "}";
}

// Glyphs of every boid (x, y, ux, uy per boid), viewed in place in wasm memory: valid until the
// next call into the app.
emscripten::val glyphs(double scale, double cx, double cy) {
  static std::vector<float> buffer;
  const bandada::Boids3d* f = app().ctl.flock();
  if (f) bandada::iso_glyphs(f->state(), scale, cx, cy, buffer);
  else buffer.clear();
  return emscripten::val(emscripten::typed_memory_view(buffer.size(), buffer.data()));
}

std::string table_rows(int start, int count) {
  const bandada::Boids3d* f = app().ctl.flock();
  if (!f || start < 0 || count <= 0) return "[]";
  const bandada::Boids3dState& s = f->state();
  const bandada::Boids3dComponents& c = f->components();
  std::string out = "[";
  size_t end = std::min(s.size(), static_cast<size_t>(start) + static_cast<size_t>(count));
  for (size_t i = static_cast<size_t>(start); i < end; ++i) {
    double sp = std::sqrt(s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i] + s.vz[i] * s.vz[i]);
    out += (i > static_cast<size_t>(start) ? ",[" : "[") + std::to_string(i);
    for (double v : {s.x[i], s.y[i], s.z[i], sp}) out += "," + num(v);
    out += "," + std::to_string(c.neighbors[i]);
    for (double v : {c.sx[i], c.sy[i], c.sz[i], c.ax[i], c.ay[i], c.az[i], c.cx[i], c.cy[i], c.cz[i]}) out += "," + num(v);
    out += "]";
  }
  return out + "]";
}

}  // namespace
}  // namespace web

EMSCRIPTEN_BINDINGS(bandada) {
  emscripten::function("appState", &web::state_json);
  emscripten::function("uiRects", &web::ui_json);
  emscripten::function("command", &web::command);
  emscripten::function("setField", &web::set_field);
  emscripten::function("selectBoid", &web::select_boid);
  emscripten::function("setFeedbackField", &web::set_fb_field);
  emscripten::function("feedbackJson", &web::feedback_json);
  emscripten::function("setFlock2dField", &web::set_f2_field);
  emscripten::function("flock2dJson", &web::flock2d_json_now);
  emscripten::function("flock2dGlyphs", &web::flock2d_glyphs);
  emscripten::function("flock2dViewJson", &web::flock2d_view_json);
  emscripten::function("flock2dPress", &web::flock2d_press_binding);
  emscripten::function("flock2dSetting", &web::flock2d_setting);
  emscripten::function("flock2dShareString", &web::flock2d_share_string);
  emscripten::function("feedbackFieldsJson", &web::feedback_fields_json);
  emscripten::function("feedbackGlyphs", &web::feedback_glyphs);
  emscripten::function("feedbackViewJson", &web::feedback_view_json);
  emscripten::function("feedbackRows", &web::feedback_rows);
  emscripten::function("setFeedbackOperation", &web::set_fb_operation);
  emscripten::function("setFeedbackNoContradiction", &web::set_fb_no_contradiction);
  emscripten::function("followPoint", &web::follow_point);
  emscripten::function("feedbackShareString", &web::feedback_share_string);
  emscripten::function("flockJson", &web::flock_state_json);
  emscripten::function("shareString", &web::share_string);
  emscripten::function("advance", &web::advance);
  emscripten::function("setHtmlView", &web::set_html_view);
  emscripten::function("markGlLost", &web::mark_gl_lost);
  emscripten::function("fieldsJson", &web::fields_json);
  emscripten::function("viewJson", &web::view_json);
  emscripten::function("glyphs", &web::glyphs);
  emscripten::function("tableRows", &web::table_rows);
}
