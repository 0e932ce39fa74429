// Bandada — the 2-D flock with predators and attractors in the WebGL front end: its panel
// (fields, presets with their notes, force law, integrator, click tool, display options), the
// plane view (900 × 600 torus) and the mouse/touch interaction. Everything goes through
// Flock2dController.
#include <SDL.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app_state.h"
#include "imgui.h"
#include "widgets.h"

namespace web {
namespace {

using bandada::Flock2dField;
using bandada::FlockStatus;

const ImVec4 kYellow(1.0f, 0.82f, 0.35f, 1.0f);
const ImVec4 kDim(0.65f, 0.68f, 0.74f, 1.0f);

std::vector<std::vector<ImVec2>> g_trails;  // last plane positions per boid (display only)
uint64_t g_trail_step = ~0ull;

struct PlaneMap {
  float ox = 0, oy = 0, s = 1;
  ImVec2 at(double x, double y) const { return ImVec2(ox + static_cast<float>(x) * s, oy + static_cast<float>(y) * s); }
  double px(float sx) const { return (sx - ox) / s; }
  double py(float sy) const { return (sy - oy) / s; }
};

PlaneMap plane_map() {
  const Rect& v = app().view;
  PlaneMap m;
  m.s = std::fmin((v.w - 24) / 900.0f, (v.h - 24) / 600.0f);
  m.ox = v.x + (v.w - 900.0f * m.s) * 0.5f;
  m.oy = v.y + (v.h - 600.0f * m.s) * 0.5f;
  return m;
}

void controls() {
  App& a = app();
  bandada::Flock2dController& c = a.f2;
  const auto& presets = bandada::flock2d_presets();
  std::string preview = c.preset() >= 0 ? presets[c.preset()].name : "custom";
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("preset");
  ImGui::SameLine(130);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##f2-preset", preview.c_str())) {
    for (int k = 0; k < static_cast<int>(presets.size()); ++k)
      if (ImGui::Selectable(presets[k].name, k == c.preset())) {
        c.apply_preset(k);
        save_flock2d_fields();
      }
    ImGui::EndCombo();
  }
  note_rect("f2:preset");
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(kDim, "%s", c.preset() >= 0 ? presets[c.preset()].note : "Custom fields: they act live, from the next step.");
  ImGui::PopTextWrapPos();
  for (int i = 0; i < bandada::kFlock2dFieldCount; ++i) {
    auto f = static_cast<Flock2dField>(i);
    std::string edited;
    if (text_field_row(bandada::field_info(f), c.texts()[i], c.error(f), "f2:", 130, edited)) {
      c.edit(f, edited);
      save_flock2d_fields();
    }
  }
  int law = c.law() == bandada::ForceLaw::raw ? 1 : 0, integ = c.integrator() == bandada::Integrator::rk4 ? 1 : 0;
  if (ImGui::RadioButton("steering", law == 0)) { c.set_law(bandada::ForceLaw::steering); save_flock2d_fields(); }
  ImGui::SameLine();
  if (ImGui::RadioButton("raw forces", law == 1)) { c.set_law(bandada::ForceLaw::raw); save_flock2d_fields(); }
  ImGui::SameLine();
  if (ImGui::RadioButton("Euler", integ == 0)) { c.set_integrator(bandada::Integrator::euler); save_flock2d_fields(); }
  ImGui::SameLine();
  if (ImGui::RadioButton("RK4", integ == 1)) { c.set_integrator(bandada::Integrator::rk4); save_flock2d_fields(); }

  const bool running = c.status() == FlockStatus::running;
  if (reason_button("Initialize", c.why_not_initialize(), "Draw the flock, paused (I)")) c.initialize();
  ImGui::SameLine();
  if (reason_button("Run", c.why_not_run(), "One step per 0.04 s (Space)")) c.run();
  ImGui::SameLine();
  if (reason_button("Pause", running ? "" : "Not running.", "Pause (Space)")) c.pause();
  ImGui::SameLine();
  if (reason_button("Step", c.why_not_step(), "Pause, then one step (S)")) c.step();
  ImGui::SameLine();
  if (reason_button("Reset", c.model() ? "" : "No flock to remove.", "Remove the flock; the inputs stay")) c.reset();

  ImGui::Separator();
  ImGui::TextUnformatted("Left click:");
  ImGui::SameLine();
  int tool = static_cast<int>(a.f2d.tool);
  if (ImGui::RadioButton("predator", tool == 0)) a.f2d.tool = Flock2dTool::predator;
  ImGui::SameLine();
  if (ImGui::RadioButton("select", tool == 1)) a.f2d.tool = Flock2dTool::select;
  ImGui::SameLine();
  if (ImGui::RadioButton("leader", tool == 2)) a.f2d.tool = Flock2dTool::leader;
  note_rect("f2:tool");
  if (reason_button("Clear markers", c.model() ? "" : "No flock.", "Remove every predator and attractor")) c.clear_markers();
  if (c.leader() >= 0) {
    ImGui::SameLine();
    if (ImGui::Button("No leader")) c.set_leader(-1);
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(kDim, "Right click or hold 500 ms: attractor · Shift+click: remove nearest · Space run/pause · S step");
  ImGui::PopTextWrapPos();
  ImGui::Checkbox("vectors", &a.f2d.vectors);
  ImGui::SameLine();
  ImGui::Checkbox("trails", &a.f2d.trails);
  ImGui::SameLine();
  ImGui::Checkbox("grid", &a.f2d.grid);
  ImGui::SameLine();
  ImGui::Checkbox("markers", &a.f2d.markers);
  const char* colours[] = {"plain", "by speed", "by neighbours"};
  ImGui::SetNextItemWidth(150);
  ImGui::Combo("colour", &a.f2d.colour, colours, 3);
}

void readouts() {
  App& a = app();
  bandada::Flock2dController& c = a.f2;
  ImGui::Separator();
  ImGui::PushTextWrapPos(0);
  if (const bandada::Flock2d* m = c.model()) {
    const auto& s = c.series();
    ImGui::Text("%s · step %llu · N = %zu · predators %zu · attractors %zu", c.status() == FlockStatus::running ? "Running" : "Paused",
                static_cast<unsigned long long>(m->steps()), m->size(), m->predators().size(), m->attractors().size());
    if (!s.empty())
      ImGui::Text("order %.3f · mean speed %.3f · nearest %.2f · energy %.1f", s.back().order, s.back().mean_speed,
                  s.back().nearest, s.back().energy);
    if (c.selection()) {
      const uint32_t i = *c.selection();
      ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.25f, 1.0f), "boid #%u at (%.1f, %.1f), v = (%.3f, %.3f)", i, m->px()[i], m->py()[i],
                         m->vx()[i], m->vy()[i]);
      if (ImGui::SmallButton("Make it the leader")) c.set_leader(i);
    }
  } else {
    ImGui::TextColored(kDim, "No flock — Initialize to draw one");
  }
  if (!c.notice().empty()) ImGui::TextColored(kYellow, "%s", c.notice().c_str());
  ImGui::PopTextWrapPos();
  share_link_row(c.share_string(), "A link with these fields, settings and markers");
}

void plots_window(float x, float y, float w, float h) {
  App& a = app();
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::Begin("Order, speed, spacing and energy over steps", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  static std::vector<float> o, v, d, e;
  o.clear(); v.clear(); d.clear(); e.clear();
  const auto& s = a.f2.series();
  for (size_t i = s.size() > 1500 ? s.size() - 1500 : 0; i < s.size(); ++i) {
    o.push_back(static_cast<float>(s[i].order));
    v.push_back(static_cast<float>(s[i].mean_speed));
    d.push_back(static_cast<float>(s[i].nearest));
    e.push_back(static_cast<float>(s[i].energy));
  }
  const float pw = ImGui::GetContentRegionAvail().x, ph = std::fmax(24.0f, ImGui::GetContentRegionAvail().y / 4.0f - 6.0f);
  ImGui::PlotLines("##o", o.data(), static_cast<int>(o.size()), 0, "order", 0.0f, 1.0f, ImVec2(pw, ph));
  ImGui::PlotLines("##v", v.data(), static_cast<int>(v.size()), 0, "mean speed", 0.0f, FLT_MAX, ImVec2(pw, ph));
  ImGui::PlotLines("##d", d.data(), static_cast<int>(d.size()), 0, "mean nearest-neighbour distance", 0.0f, FLT_MAX, ImVec2(pw, ph));
  ImGui::PlotLines("##e", e.data(), static_cast<int>(e.size()), 0, "kinetic energy (Euler vs RK4)", FLT_MAX, FLT_MAX, ImVec2(pw, ph));
  ImGui::End();
}

ImU32 colour_of(const bandada::Flock2d& m, size_t i, const std::vector<uint32_t>& k) {
  const int mode = app().f2d.colour;
  if (mode == 0) return IM_COL32(140, 205, 255, 255);
  double t;
  if (mode == 1) t = std::sqrt(m.vx()[i] * m.vx()[i] + m.vy()[i] * m.vy()[i]) / m.params().max_speed;
  else t = k.empty() ? 0.0 : std::fmin(1.0, k[i] / 20.0);
  t = std::fmin(1.0, std::fmax(0.0, t));
  return IM_COL32(static_cast<int>(60 + 195 * t), static_cast<int>(120 + 60 * (1 - t)), static_cast<int>(255 * (1 - t)), 255);
}

}  // namespace

void draw_flock2d_panels(float left, float width, float height) {
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(left, height));
  ImGui::Begin("Bandada · 2-D flock", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  model_selector();
  controls();
  readouts();
  ImGui::End();
  const Rect& v = app().view;
  const float right = width - (v.x + v.w);
  if (right > 0) plots_window(width - right, 0, right, height);
}

void flock2d_view_prepare() {
  App& a = app();
  const Rect& v = a.view;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  dl->PushClipRect(ImVec2(v.x, v.y), ImVec2(v.x + v.w, v.y + v.h));
  const PlaneMap pm = plane_map();
  dl->AddRect(pm.at(0, 0), pm.at(900, 600), IM_COL32(110, 120, 140, 200));
  const bandada::Flock2d* m = a.f2.model();
  if (m) {
    const double r = m->params().r;
    if (a.f2d.grid)  // the neighbour grid's cells (at least r wide)
      for (int gx = 1, nx = static_cast<int>(900 / r); gx < nx; ++gx) dl->AddLine(pm.at(gx * 900.0 / nx, 0), pm.at(gx * 900.0 / nx, 600), IM_COL32(60, 70, 90, 255));
    if (a.f2d.grid)
      for (int gy = 1, ny = static_cast<int>(600 / r); gy < ny; ++gy) dl->AddLine(pm.at(0, gy * 600.0 / ny), pm.at(900, gy * 600.0 / ny), IM_COL32(60, 70, 90, 255));
    const std::vector<uint32_t> k = a.f2d.colour == 2 ? m->neighbour_counts() : std::vector<uint32_t>{};
    if (a.f2d.trails && m->size() <= 5000) {
      if (g_trail_step != m->steps() || g_trails.size() != m->size()) {
        g_trails.resize(m->size());
        for (size_t i = 0; i < m->size(); ++i) {
          auto& t = g_trails[i];
          t.push_back(ImVec2(static_cast<float>(m->px()[i]), static_cast<float>(m->py()[i])));
          if (t.size() > 16) t.erase(t.begin());
        }
        g_trail_step = m->steps();
      }
      for (const auto& t : g_trails)
        for (size_t q = 1; q < t.size(); ++q)
          if (std::fabs(t[q].x - t[q - 1].x) < 100 && std::fabs(t[q].y - t[q - 1].y) < 100)  // not across a seam
            dl->AddLine(pm.at(t[q - 1].x, t[q - 1].y), pm.at(t[q].x, t[q].y), IM_COL32(90, 140, 200, 90));
    } else {
      g_trails.clear();
    }
    for (size_t i = 0; i < m->size(); ++i) {
      const ImVec2 p = pm.at(m->px()[i], m->py()[i]);
      const ImU32 col = colour_of(*m, i, k);
      const double sp = std::sqrt(m->vx()[i] * m->vx()[i] + m->vy()[i] * m->vy()[i]);
      if (sp == 0.0) {
        dl->AddCircleFilled(p, 2.0f, col);
        continue;
      }
      const float ux = static_cast<float>(m->vx()[i] / sp), uy = static_cast<float>(m->vy()[i] / sp);
      dl->AddTriangleFilled(ImVec2(p.x + ux * 6, p.y + uy * 6), ImVec2(p.x - ux * 3 - uy * 2.6f, p.y - uy * 3 + ux * 2.6f),
                            ImVec2(p.x - ux * 3 + uy * 2.6f, p.y - uy * 3 - ux * 2.6f), col);
      if (a.f2d.vectors)
        dl->AddLine(p, ImVec2(p.x + static_cast<float>(m->vx()[i]) * 5 * pm.s, p.y + static_cast<float>(m->vy()[i]) * 5 * pm.s),
                    IM_COL32(255, 255, 255, 120));
    }
    if (m->params().leader >= 0 && static_cast<size_t>(m->params().leader) < m->size())
      dl->AddCircle(pm.at(m->px()[m->params().leader], m->py()[m->params().leader]), 8.0f, IM_COL32(120, 255, 140, 255), 16, 2.0f);
    if (a.f2d.markers) {
      for (const bandada::Marker& q : m->predators()) dl->AddCircleFilled(pm.at(q.x, q.y), 6.0f, IM_COL32(255, 70, 60, 255));
      for (const bandada::Marker& q : m->attractors()) dl->AddCircle(pm.at(q.x, q.y), 7.0f, IM_COL32(120, 255, 140, 255), 16, 2.5f);
    }
    if (a.f2.selection() && *a.f2.selection() < m->size()) {
      const uint32_t i = *a.f2.selection();
      const ImVec2 p = pm.at(m->px()[i], m->py()[i]);
      for (size_t j = 0; j < m->size(); ++j) {  // its neighbours highlighted
        const double dx = bandada::minimal_image(m->px()[j] - m->px()[i], 900), dy = bandada::minimal_image(m->py()[j] - m->py()[i], 600);
        if (j != i && std::sqrt(dx * dx + dy * dy) < r) dl->AddCircle(pm.at(m->px()[j], m->py()[j]), 4.0f, IM_COL32(255, 220, 90, 255));
      }
      dl->AddCircle(p, static_cast<float>(r) * pm.s, IM_COL32(255, 220, 90, 120), 48, 1.0f);
      dl->AddCircle(p, static_cast<float>(m->params().separation_radius) * pm.s, IM_COL32(255, 120, 40, 160), 32, 1.0f);
      dl->AddCircle(p, 9.0f, IM_COL32(255, 120, 40, 255), 20, 2.0f);
    }
  }
  dl->PopClipRect();
}

void flock2d_press(float x, float y, bool right, bool shift, double held_ms) {
  const PlaneMap pm = plane_map();
  flock2d_press_plane(pm.px(x), pm.py(y), right, shift, held_ms, 15.0 / pm.s);
}

void flock2d_press_plane(double px, double py, bool right, bool shift, double held_ms, double pick_radius) {
  App& a = app();
  bandada::Flock2dController& c = a.f2;
  const bandada::Flock2d* m = c.model();
  if (!m) return;
  if (px < 0 || py < 0 || px > 900 || py > 600) return;
  if (shift) {
    c.remove_nearest_marker(px, py);
  } else if (right || held_ms >= 500.0) {
    c.add_attractor(px, py);
  } else if (a.f2d.tool == Flock2dTool::predator) {
    c.add_predator(px, py);
  } else {
    double best = pick_radius;
    int64_t at = -1;
    for (size_t i = 0; i < m->size(); ++i) {
      const double dx = m->px()[i] - px, dy = m->py()[i] - py, d = std::sqrt(dx * dx + dy * dy);
      if (d < best) {
        best = d;
        at = static_cast<int64_t>(i);
      }
    }
    if (at >= 0) {
      if (a.f2d.tool == Flock2dTool::leader) c.set_leader(at);
      else c.select(at);
    }
  }
}

void flock2d_shortcut_key(int sym, bool repeat) {
  bandada::Flock2dController& c = app().f2;
  if (sym == SDLK_SPACE && !repeat) {
    if (c.status() == FlockStatus::running) c.pause();
    else c.run();
  } else if (sym == SDLK_s) {
    c.step();
  } else if (sym == SDLK_i && !repeat) {
    c.initialize();
  } else if (sym == SDLK_ESCAPE) {
    c.clear_selection();
  }
}

}  // namespace web
