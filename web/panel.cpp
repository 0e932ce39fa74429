// Bandada — the ImGui panels of the WebGL front end: parameters, commands, status, share,
// export (left); the table of next-step components and the plots (right). Everything they do
// goes through the controller; this file only draws it and forwards clicks.
#include <cstdio>
#include <cstring>
#include <string>

#include "models/boids3d/boids3d_export.h"
#include "models/feedback2d/feedback2d_export.h"
#include "models/flock2d/flock2d_export.h"
#include "app_state.h"
#include "browser.h"
#include "widgets.h"
#include "imgui.h"
#include "model/number_text.h"

namespace web {
namespace {

using bandada::Boids3dField;
using bandada::FlockStatus;

constexpr float kLeftWidth = 340.0f;
const ImVec4 kRed(1.0f, 0.45f, 0.42f, 1.0f);
const ImVec4 kYellow(1.0f, 0.82f, 0.35f, 1.0f);
const ImVec4 kGreen(0.45f, 0.9f, 0.55f, 1.0f);
const ImVec4 kDim(0.65f, 0.68f, 0.74f, 1.0f);


std::string fmt(const char* f, double v) {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

void fields_section() {
  App& a = app();
  ImGui::TextColored(kDim, "Parameters (Initialize applies them)");
  for (int i = 0; i < bandada::kBoids3dFieldCount; ++i) {
    auto f = static_cast<Boids3dField>(i);
    std::string edited;
    if (text_field_row(bandada::field_info(f), a.ctl.text(f), a.ctl.error(f), "field:", 110, edited)) {
      a.ctl.edit(f, edited);
      save_fields();
    }
  }
}

void commands_section() {
  App& a = app();
  bandada::Boids3dController& c = a.ctl;
  const bool running = c.status() == FlockStatus::running;
  if (reason_button("Initialize", c.why_not_initialize(), "Build the flock at t = 0, paused (I)")) c.initialize();
  ImGui::SameLine();
  if (reason_button("Run", c.why_not_run(), "Run in real time (Space)")) c.run();
  ImGui::SameLine();
  if (reason_button("Pause", running ? "" : "Not running.", "Pause; the partial step time is dropped (Space)")) c.pause();
  ImGui::SameLine();
  if (reason_button("Step", c.why_not_step(), "Pause, then advance exactly one 0.04 s step (S)")) c.step();
  ImGui::SameLine();
  if (reason_button("Reset", c.status() == FlockStatus::none ? "No flock to remove." : "",
             "Remove the flock; the inputs stay as typed")) c.reset();
  if (c.can_undo()) {
    if (reason_button("Undo edit", "", "Bring back the text before your edit and its flock (Ctrl/⌘+Z)")) {
      c.undo();
      save_fields();
    }
  }
  if (c.has_previous_inputs()) {
    if (c.can_undo()) ImGui::SameLine();
    if (reason_button("Restore my previous inputs", "", "The fields as they were before the shared link filled them")) {
      c.restore_previous_inputs();
      save_fields();
    }
  }
  if (c.busy()) {
    char label[96];
    std::snprintf(label, sizeof label, "%s %.0f%%", c.busy_label().c_str(), 100.0 * c.progress());
    ImGui::ProgressBar(static_cast<float>(c.progress()), ImVec2(-1, 0), label);
  }
}

void status_section() {
  App& a = app();
  bandada::Boids3dController& c = a.ctl;
  ImGui::Separator();
  FlockStatus s = c.status();
  ImVec4 col = s == FlockStatus::running ? kGreen : s == FlockStatus::stale ? kYellow : kDim;
  if (s == FlockStatus::stale) ImGui::TextColored(col, "Parameters changed — Initialize to apply");
  else if (s == FlockStatus::none) ImGui::TextColored(col, "No flock — Initialize to build one");
  else ImGui::TextColored(col, "%s", s == FlockStatus::running ? "Running" : "Paused");
  note_rect("status");
  if (const bandada::Boids3d* f = c.flock()) {
    const bandada::Boids3dState& st = f->state();
    ImGui::Text("t = %.2f s   step %llu   N = %zu", f->time(), static_cast<unsigned long long>(f->steps()), f->size());
    ImGui::Text("mean speed %.5f   order %.4f", bandada::mean_speed(st), bandada::order_parameter(st));
    ImGui::Text("%.1f steps/s   fingerprint %s", a.steps_per_second, bandada::fingerprint_hex(c.fingerprint()).c_str());
    if (c.selection()) {
      uint32_t i = *c.selection();
      ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.25f, 1.0f), "selected boid #%u: %u neighbours", i, f->components().neighbors[i]);
    }
  }
  const bandada::LinkCheck& lc = c.link_check();
  if (lc.kind != bandada::LinkCheck::Kind::none) {
    ImGui::PushTextWrapPos(0);
    ImVec4 lcol = lc.kind == bandada::LinkCheck::Kind::identical ? kGreen
                  : lc.kind == bandada::LinkCheck::Kind::differs ? kRed : kYellow;
    ImGui::TextColored(lcol, "%s", lc.message.c_str());
    ImGui::PopTextWrapPos();
    note_rect("link-check");
    if (lc.kind == bandada::LinkCheck::Kind::waiting && c.flock() && !c.busy()) {
      std::string label = "Replay to step " + std::to_string(lc.steps);
      if (reason_button(label.c_str(), "", "Step the flock to the shared step count and compare fingerprints"))
        c.replay_link_run();
    }
  }
  ImGui::PushTextWrapPos(0);
  if (!c.notice().empty()) ImGui::TextColored(kYellow, "%s", c.notice().c_str());
  if (!a.storage_notice.empty()) ImGui::TextColored(kDim, "%s", a.storage_notice.c_str());
  ImGui::PopTextWrapPos();
}

void share_section() {
  ImGui::Separator();
  share_link_row(app().ctl.share_string(), "A link with these fields (and the run's step count and fingerprint)");
}

void export_section() {
  App& a = app();
  const bandada::Boids3d* f = a.ctl.flock();
  std::string why = f ? "" : "No flock to export.";
  ImGui::TextColored(kDim, "Export");
  ImGui::SameLine();
  if (reason_button("Table CSV", why, "One row per boid: position, velocity, S, A, C, neighbours")) download("bandada-table.csv", "text/csv", bandada::flock_csv(*f));
  ImGui::SameLine();
  if (reason_button("Series CSV", why, "Time, mean speed and order after every step")) {
    std::string csv = "step,time,mean_speed,order\n";
    for (const bandada::SeriesPoint& p : a.ctl.series())
      csv += std::to_string(p.step) + "," + bandada::format_double(p.step * bandada::kDt) + "," +
             bandada::format_double(p.mean_speed) + "," + bandada::format_double(p.order) + "\n";
    download("bandada-series.csv", "text/csv", csv);
  }
  ImGui::SameLine();
  if (reason_button("State JSON", why, "The CLI's JSON of the current state")) download("bandada-state.json", "application/json", bandada::flock_json(*f));
}

void help_section() {
  App& a = app();
  ImGui::Separator();
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(kDim, "View: drag to orbit · Ctrl/⌘ + wheel to zoom · click a boid or a table row to select it.");
  ImGui::TextColored(kDim, "Keys: Space run/pause · S step · I initialize · Ctrl/⌘+Z undo edit · Esc clear selection "
                           "(not while typing in a field). The page below explains the model.");
  ImGui::PopTextWrapPos();
  if (ImGui::SmallButton("Reset view")) a.camera = OrbitCamera{};
  ImGui::SameLine();
  if (ImGui::SmallButton("Accessible view (HTML + SVG)")) start_html_view("");
  note_rect("Accessible view");
}

void table_window(float x, float y, float w, float h) {
  App& a = app();
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::Begin("Boids: next step's unweighted components", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  a.rows.clear();
  const bandada::Boids3d* f = a.ctl.flock();
  if (!f) {
    ImGui::TextColored(kDim, a.ctl.status() == FlockStatus::stale ? "Parameters changed: nothing shown until Initialize."
                                                                  : "No flock yet.");
    ImGui::End();
    return;
  }
  const bandada::Boids3dState& s = f->state();
  const bandada::Boids3dComponents& c = f->components();
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("boids", 15, flags)) {
    ImGui::TableSetupScrollFreeze(1, 1);
    const char* heads[] = {"#", "x", "y", "z", "|v|", "k", "Sx", "Sy", "Sz", "Ax", "Ay", "Az", "Cx", "Cy", "Cz"};
    for (const char* hd : heads) ImGui::TableSetupColumn(hd);
    ImGui::TableHeadersRow();
    const float row_h = ImGui::GetTextLineHeightWithSpacing();
    if (a.scroll_table_to_selection && a.ctl.selection()) {
      ImGui::SetScrollY(*a.ctl.selection() * row_h - ImGui::GetWindowHeight() * 0.4f);
      a.scroll_table_to_selection = false;
    }
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(s.size()), row_h);
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        if (index_row(i, a.ctl.selection() && *a.ctl.selection() == static_cast<uint32_t>(i))) a.ctl.select(i);
        double sp = std::sqrt(s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i] + s.vz[i] * s.vz[i]);
        const double vals[] = {s.x[i], s.y[i], s.z[i], sp};
        for (int k = 0; k < 4; ++k) {
          ImGui::TableSetColumnIndex(1 + k);
          ImGui::Text("%.4f", vals[k]);
        }
        ImGui::TableSetColumnIndex(5);
        ImGui::Text("%u", c.neighbors[i]);
        const double comp[] = {c.sx[i], c.sy[i], c.sz[i], c.ax[i], c.ay[i], c.az[i], c.cx[i], c.cy[i], c.cz[i]};
        for (int k = 0; k < 9; ++k) {
          ImGui::TableSetColumnIndex(6 + k);
          ImGui::Text("%.4f", comp[k]);
        }
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

void plots_window(float x, float y, float w, float h) {
  App& a = app();
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::Begin("Mean speed and order over time", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  const auto& series = a.ctl.series();
  // The last 1 500 steps (one minute of model time), as floats for ImGui's plot widget.
  static std::vector<float> speed, order;
  size_t from = series.size() > 1500 ? series.size() - 1500 : 0;
  speed.clear();
  order.clear();
  for (size_t i = from; i < series.size(); ++i) {
    speed.push_back(static_cast<float>(series[i].mean_speed));
    order.push_back(static_cast<float>(series[i].order));
  }
  float ph = (ImGui::GetContentRegionAvail().y - 2 * ImGui::GetTextLineHeightWithSpacing()) * 0.5f;
  if (ph < 30) ph = 30;
  std::string sl = series.empty() ? "mean speed" : "mean speed " + fmt("%.4f", series.back().mean_speed);
  std::string ol = series.empty() ? "order" : "order " + fmt("%.4f", series.back().order);
  ImGui::TextColored(kDim, "last %zu steps (t = step × 0.04 s)", speed.size());
  const float pw = ImGui::GetContentRegionAvail().x;  // NOT A BUG: PlotLines in 1.86 takes no -1 width
  ImGui::PlotLines("##speed", speed.data(), static_cast<int>(speed.size()), 0, sl.c_str(), 0.0f, FLT_MAX, ImVec2(pw, ph));
  ImGui::PlotLines("##order", order.data(), static_cast<int>(order.size()), 0, ol.c_str(), 0.0f, 1.0f, ImVec2(pw, ph));
  ImGui::End();
}

}  // namespace

void note_rect(const char* name) {
  ImVec2 mn = ImGui::GetItemRectMin(), mx = ImGui::GetItemRectMax();
  Rect r{mn.x, mn.y, mx.x - mn.x, mx.y - mn.y};
  for (auto& [n, rr] : app().ui)
    if (n == name) {
      rr = r;
      return;
    }
  app().ui.emplace_back(name, r);
}

void draw_panels(float width, float height) {
  App& a = app();
  const float left = width < 700 ? width * 0.5f : kLeftWidth;
  float right = width * 0.34f;
  if (right > 560) right = 560;
  if (right < 240) right = 240;
  if (left + right > width - 120) right = width - 120 - left > 0 ? width - 120 - left : 0;
  a.view = Rect{left, 0, width - left - right, height};
  if (a.model == Model::feedback2d) {
    draw_feedback_panels(left, width, height);
    return;
  }
  if (a.model == Model::flock2d) {
    draw_flock2d_panels(left, width, height);
    return;
  }

  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(left, height));
  ImGui::Begin("Bandada · 3-D periodic flock", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  model_selector();
  fields_section();
  commands_section();
  status_section();
  share_section();
  export_section();
  help_section();
  ImGui::End();
  if (right > 0) {
    table_window(width - right, 0, right, height * 0.62f);
    plots_window(width - right, height * 0.62f, right, height * 0.38f);
  }
}

}  // namespace web
