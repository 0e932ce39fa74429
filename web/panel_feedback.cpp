// Bandada — the 2-D feedback engine in the WebGL front end: its panel (fields, operation,
// phase stepping around the triangle), the plane view (arrows white for V and red for F, the
// yellow cross at R's centre with D and Ĥ, the followed point ringed), its table and plots.
// Everything it does goes through Feedback2dController.
#include <SDL.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app_state.h"
#include "widgets.h"
#include "imgui.h"

namespace web {
namespace {

using bandada::Feedback2dField;
using bandada::FlockStatus;

const ImVec4 kRed(1.0f, 0.45f, 0.42f, 1.0f);
const ImVec4 kYellow(1.0f, 0.82f, 0.35f, 1.0f);
const ImVec4 kGreen(0.45f, 0.9f, 0.55f, 1.0f);
const ImVec4 kDim(0.65f, 0.68f, 0.74f, 1.0f);
const char* kPhaseNames[] = {"", "1 · local rule", "2 · cohesion", "3 · result R", "4 · counter-rule"};


// The plane 1000 × 700 fitted into the view, y up.
struct PlaneMap {
  float ox = 0, oy = 0, s = 1;
  ImVec2 at(double x, double y) const { return ImVec2(ox + static_cast<float>(x) * s, oy - static_cast<float>(y) * s); }
};

PlaneMap plane_map() {
  const Rect& v = app().view;
  PlaneMap m;
  m.s = std::fmin((v.w - 24) / 1000.0f, (v.h - 24) / 700.0f);
  m.ox = v.x + (v.w - 1000.0f * m.s) * 0.5f;
  m.oy = v.y + (v.h + 700.0f * m.s) * 0.5f;
  return m;
}

void fields_and_controls() {
  bandada::Feedback2dController& c = app().fb;
  ImGui::TextColored(kDim, "Parameters act live, from the next phase (n and seed rebuild)");
  for (int i = 0; i < bandada::kFeedback2dFieldCount; ++i) {
    auto f = static_cast<Feedback2dField>(i);
    std::string edited;
    if (text_field_row(bandada::field_info(f), c.texts()[i], c.error(f), "fb:", 120, edited)) {
      c.edit(f, edited);
      save_feedback_fields();
    }
  }
  int op = static_cast<int>(c.operation());
  const char* ops[] = {"Flock", "Probabilistic", "Sum", "Gravity (all pairs)"};
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("operation");
  ImGui::SameLine(120);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::Combo("##fb-op", &op, ops, 4)) {
    c.set_operation(static_cast<bandada::Feedback2dOperation>(op));
    save_feedback_fields();
  }
  note_rect("fb:operation");
  bool nc = c.no_contradiction();
  if (ImGui::Checkbox("no contradiction (F points follow R)", &nc)) {
    c.set_no_contradiction(nc);
    save_feedback_fields();
  }

  const bool running = c.status() == FlockStatus::running;
  if (reason_button("Initialize", c.why_not_initialize(), "Draw the start, paused (I)")) c.initialize();
  ImGui::SameLine();
  if (reason_button("Run", c.why_not_run(), "One cycle per 0.04 s (Space)")) c.run();
  ImGui::SameLine();
  if (reason_button("Pause", running ? "" : "Not running.", "Pause (Space)")) c.pause();
  ImGui::SameLine();
  if (reason_button("Step", c.why_not_step(), "Pause, then finish the cycle (S)")) c.step();
  ImGui::SameLine();
  if (reason_button("Reset", c.model() ? "" : "Nothing to remove.", "Remove the system; the inputs stay")) c.reset();
  std::string why_phase = c.why_not_step();
  if (why_phase.empty() && running) why_phase = "Pause first: single phases are for a paused system.";
  if (reason_button("Advance one phase", why_phase, "Run the next phase alone (P)")) c.advance_phase();
  if (const bandada::Feedback2d* m = c.model()) {
    ImGui::SameLine();
    ImGui::TextColored(kYellow, "next: %s", kPhaseNames[m->next_phase()]);
    note_rect("fb:next-phase");
    ImGui::TextColored(kDim, "local rule → cohesion → result R ↺ counter-rule");
  }
}

void status_section() {
  App& a = app();
  bandada::Feedback2dController& c = a.fb;
  ImGui::Separator();
  const bandada::Feedback2d* m = c.model();
  if (!m) {
    ImGui::TextColored(kDim, "No system — Initialize to draw one");
  } else {
    const bandada::Feedback2dResult& R = m->result();
    ImGui::TextColored(c.status() == FlockStatus::running ? kGreen : kDim, "%s · cycle %llu · n = %zu",
                       c.status() == FlockStatus::running ? "Running" : "Paused",
                       static_cast<unsigned long long>(m->cycles()), m->size());
    ImGui::Text("R: c = (%.1f, %.1f)  D = %.2f", R.cx, R.cy, R.D);
    ImGui::Text("order %.3f  coherence %.0f%%  ΔR %.5f", R.order, 100.0 * R.coherence, R.delta);
    ImGui::TextColored(kYellow, "regime: %s", bandada::regime_name(m->regime()));
    if (c.followed()) ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.25f, 1.0f), "following point #%u", *c.followed());
  }
  if (!c.notice().empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kYellow, "%s", c.notice().c_str());
    ImGui::PopTextWrapPos();
  }
  share_link_row(c.share_string(), "A link with these fields, the operation and the switch");
  ImGui::Separator();
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(kDim, "White arrows are V (inside the group and with it), red are F. The yellow cross is R's "
                           "centre, the faint circle its dispersion D, the arrow its heading. Click a point or a row "
                           "to follow it. Keys: Space run/pause · S step · P one phase · I initialize · Esc stop following.");
  ImGui::PopTextWrapPos();
}

void table_window(float x, float y, float w, float h) {
  App& a = app();
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::Begin("Points", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  a.rows.clear();
  const bandada::Feedback2d* m = a.fb.model();
  if (m && ImGui::BeginTable("points", 7, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* hd : {"#", "class", "|v|", "k", "mA", "mS", "mG"}) ImGui::TableSetupColumn(hd);
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(m->size()));
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        if (index_row(i, a.fb.followed() && *a.fb.followed() == static_cast<uint32_t>(i))) a.fb.follow(i);
        ImGui::TableSetColumnIndex(1);
        ImGui::TextColored(m->is_v()[i] ? ImVec4(1, 1, 1, 1) : kRed, "%s", m->is_v()[i] ? "V" : "F");
        ImGui::TableSetColumnIndex(2);
        ImGui::Text("%.3f", std::sqrt(m->vx()[i] * m->vx()[i] + m->vy()[i] * m->vy()[i]));
        ImGui::TableSetColumnIndex(3);
        ImGui::Text("%u", m->neighbors()[i]);
        ImGui::TableSetColumnIndex(4);
        ImGui::Text("%.3f", m->mA()[i]);
        ImGui::TableSetColumnIndex(5);
        ImGui::Text("%.3f", m->mS()[i]);
        ImGui::TableSetColumnIndex(6);
        ImGui::Text("%.3f", m->mG()[i]);
      }
    }
    ImGui::EndTable();
  } else if (!m) {
    ImGui::TextColored(kDim, "No system yet.");
  }
  ImGui::End();
}

void plots_window(float x, float y, float w, float h) {
  App& a = app();
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::Begin("D, order, coherence and ΔR over cycles", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  const auto& s = a.fb.series();
  static std::vector<float> d, o, c, dr;
  d.clear(); o.clear(); c.clear(); dr.clear();
  for (size_t i = s.size() > 1500 ? s.size() - 1500 : 0; i < s.size(); ++i) {
    d.push_back(static_cast<float>(s[i].D));
    o.push_back(static_cast<float>(s[i].order));
    c.push_back(static_cast<float>(s[i].coherence));
    dr.push_back(static_cast<float>(s[i].delta));
  }
  const float pw = ImGui::GetContentRegionAvail().x;
  const float ph = std::fmax(24.0f, ImGui::GetContentRegionAvail().y / 4.0f - 6.0f);
  ImGui::PlotLines("##D", d.data(), static_cast<int>(d.size()), 0, "D", 0.0f, FLT_MAX, ImVec2(pw, ph));
  ImGui::PlotLines("##order", o.data(), static_cast<int>(o.size()), 0, "order", 0.0f, 1.0f, ImVec2(pw, ph));
  ImGui::PlotLines("##coh", c.data(), static_cast<int>(c.size()), 0, "coherence", 0.0f, 1.0f, ImVec2(pw, ph));
  ImGui::PlotLines("##dr", dr.data(), static_cast<int>(dr.size()), 0, "ΔR", 0.0f, FLT_MAX, ImVec2(pw, ph));
  ImGui::End();
}

}  // namespace

void model_selector() {
  App& a = app();
  int m = static_cast<int>(a.model);
  const char* names[] = {"3-D periodic flock", "2-D feedback engine", "2-D flock (predators, attractors)"};
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Model");
  ImGui::SameLine(110);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::Combo("##model", &m, names, 3)) switch_model(static_cast<Model>(m));
  note_rect("model");
  ImGui::Separator();
}

void draw_feedback_panels(float left, float width, float height) {
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(left, height));
  ImGui::Begin("Bandada · 2-D feedback engine", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  model_selector();
  fields_and_controls();
  status_section();
  ImGui::End();
  const Rect& v = app().view;
  const float right = width - (v.x + v.w);
  if (right > 0) {
    table_window(width - right, 0, right, height * 0.55f);
    plots_window(width - right, height * 0.55f, right, height * 0.45f);
  }
}

void feedback_view_prepare() {
  App& a = app();
  const Rect& v = a.view;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  dl->PushClipRect(ImVec2(v.x, v.y), ImVec2(v.x + v.w, v.y + v.h));
  const PlaneMap pm = plane_map();
  dl->AddRect(pm.at(0, 700), pm.at(1000, 0), IM_COL32(110, 120, 140, 200));
  if (const bandada::Feedback2d* m = a.fb.model()) {
    const float len = 7.0f;
    for (size_t i = 0; i < m->size(); ++i) {
      ImVec2 p = pm.at(m->px()[i], m->py()[i]);
      const double sp = std::sqrt(m->vx()[i] * m->vx()[i] + m->vy()[i] * m->vy()[i]);
      const ImU32 col = m->is_v()[i] ? IM_COL32(240, 240, 240, 255) : IM_COL32(255, 80, 70, 255);
      if (sp == 0.0) {
        dl->AddCircleFilled(p, 1.8f, col);
        continue;
      }
      const float ux = static_cast<float>(m->vx()[i] / sp), uy = static_cast<float>(-m->vy()[i] / sp);
      ImVec2 tip(p.x + ux * len, p.y + uy * len), tail(p.x - ux * len * 0.6f, p.y - uy * len * 0.6f);
      dl->AddLine(tail, tip, col, 1.3f);
      dl->AddTriangleFilled(tip, ImVec2(tip.x - ux * 4 - uy * 2.5f, tip.y - uy * 4 + ux * 2.5f),
                            ImVec2(tip.x - ux * 4 + uy * 2.5f, tip.y - uy * 4 - ux * 2.5f), col);
    }
    const bandada::Feedback2dResult& R = m->result();
    ImVec2 c = pm.at(R.cx, R.cy);
    dl->AddCircle(c, static_cast<float>(R.D) * pm.s, IM_COL32(255, 220, 60, 70), 64, 1.0f);
    dl->AddLine(ImVec2(c.x - 9, c.y), ImVec2(c.x + 9, c.y), IM_COL32(255, 220, 60, 255), 2.5f);
    dl->AddLine(ImVec2(c.x, c.y - 9), ImVec2(c.x, c.y + 9), IM_COL32(255, 220, 60, 255), 2.5f);
    if (R.hx != 0.0 || R.hy != 0.0)
      dl->AddLine(c, ImVec2(c.x + static_cast<float>(R.hx) * 40, c.y - static_cast<float>(R.hy) * 40), IM_COL32(255, 220, 60, 220), 2.0f);
    if (a.fb.followed() && *a.fb.followed() < m->size()) {
      uint32_t i = *a.fb.followed();
      dl->AddCircle(pm.at(m->px()[i], m->py()[i]), 10.0f, IM_COL32(255, 120, 40, 255), 24, 2.0f);
      dl->AddCircle(pm.at(m->px()[i], m->py()[i]), static_cast<float>(m->params().r) * pm.s, IM_COL32(255, 120, 40, 90), 48, 1.0f);
    }
  }
  dl->PopClipRect();
}

bool feedback_pick(float x, float y) {
  App& a = app();
  const bandada::Feedback2d* m = a.fb.model();
  if (!m) return false;
  const PlaneMap pm = plane_map();
  float best = 12.0f * 12.0f;
  int64_t best_i = -1;
  for (size_t i = 0; i < m->size(); ++i) {
    ImVec2 p = pm.at(m->px()[i], m->py()[i]);
    float d = (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y);
    if (d < best) {
      best = d;
      best_i = static_cast<int64_t>(i);
    }
  }
  return best_i >= 0 && a.fb.follow(best_i).ok;
}

void feedback_shortcut_key(int sym, bool repeat) {
  bandada::Feedback2dController& c = app().fb;
  if (sym == SDLK_SPACE && !repeat) {
    if (c.status() == FlockStatus::running) c.pause();
    else c.run();
  } else if (sym == SDLK_s) {
    c.step();
  } else if (sym == SDLK_p) {
    c.advance_phase();
  } else if (sym == SDLK_i && !repeat) {
    c.initialize();
  } else if (sym == SDLK_ESCAPE) {
    c.clear_follow();
  }
}

}  // namespace web
