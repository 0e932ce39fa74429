// Bandada — the Sweep tab of the WebGL view: the definition (fields over a grid, seeds, steps,
// the measure), Run and Cancel with progress and time left, the map as it fills in (a heat map
// with its colour scale and axes in parameter units, or a category map), hover for a cell's
// values, click to load it, and the CSV. The state lives in web/sweep.h, shared with the
// accessible view.
#include <emscripten.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "app_state.h"
#include "browser.h"
#include "imgui.h"
#include "sweep.h"
#include "widgets.h"

namespace web {
namespace {

const ImVec4 kDim(0.65f, 0.68f, 0.74f, 1.0f);
const ImVec4 kWarn(1.0f, 0.82f, 0.35f, 1.0f);

// A grid value on an axis: 4 significant digits (the tooltip, table and CSV keep every digit).
std::string short_value(const std::string& v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.4g", std::strtod(v.c_str(), nullptr));
  return b;
}

void axis_row(const char* name, const bandada::ModelSession& s, size_t& field, std::string& from,
              std::string& to, std::string& count) {
  const float w = ImGui::GetFontSize() * 3.6f;
  ImGui::TextUnformatted(name);
  ImGui::SameLine(ImGui::GetFontSize() * 3.2f);
  field_combo((std::string("##sweep-") + name + "-field").c_str(), s, field, ImGui::GetFontSize() * 8.5f);
  ImGui::SameLine();
  text_input((std::string("##sweep-") + name + "-from").c_str(), from, w);
  ImGui::SameLine();
  ImGui::TextUnformatted("to");
  ImGui::SameLine();
  text_input((std::string("##sweep-") + name + "-to").c_str(), to, w);
  ImGui::SameLine();
  ImGui::TextUnformatted("×");
  ImGui::SameLine();
  text_input((std::string("##sweep-") + name + "-count").c_str(), count, ImGui::GetFontSize() * 2.4f);
}

std::string cell_text(const PageSweep& p, const SweepCell& c) {
  std::string t = p.plan().x.key + " = " + c.x;
  if (p.plan().has_y) t += ", " + p.plan().y.key + " = " + c.y;
  t += "\n" + p.measure_name() + ": ";
  if (!c.finished) return t + "not run yet";
  char b[96];
  if (p.categorical())
    t += c.word;
  else {
    std::snprintf(b, sizeof b, "%.6g ± %.3g (mean ± sd of %zu seeds)", c.mean, c.sd, c.finished);
    t += b;
  }
  t += "\nper seed:";
  for (size_t k = 0; k < c.values.size(); ++k)
    t += " " + p.plan().seeds[k] + ": " + c.values[k] + (k + 1 < c.values.size() ? "," : "");
  return t + "\nclick: load these fields";
}

void map_view(bandada::ModelSession& s, PageSweep& p) {
  const size_t nx = p.columns(), ny = p.lines();
  if (nx == 0) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float font = ImGui::GetFontSize();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float left = font * 4.0f, bottom = font * 2.6f, scale_w = font * 4.5f;
  // As wide as the tab allows, and as tall as the room left on screen (at least 80 px).
  const float mw = std::max(80.0f, avail - left - scale_w);
  const float mh = std::max(80.0f, std::min(mw * 0.8f, ImGui::GetContentRegionAvail().y - bottom - font));
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 mn(o.x + left, o.y), mx(o.x + left + mw, o.y + mh);
  ImGui::InvisibleButton("##sweep-map", ImVec2(left + mw + scale_w, mh + bottom));
  // note the map's inner rect for the tests (cells are a grid over it)
  app().ui.emplace_back("sweep-map", Rect{mn.x, mn.y, mw, mh});
  const float cw = mw / static_cast<float>(nx), ch = mh / static_cast<float>(ny);
  for (size_t xi = 0; xi < nx; ++xi)
    for (size_t yi = 0; yi < ny; ++yi) {
      const SweepCell& c = p.cell(xi, yi);
      const ImVec2 a(mn.x + cw * xi, mx.y - ch * (yi + 1)), b(mn.x + cw * (xi + 1), mx.y - ch * yi);
      dl->AddRectFilled(a, b, c.finished ? hex_colour(c.colour) : IM_COL32(40, 44, 52, 255));
      if (c.finished && c.finished < c.seeds) dl->AddRect(a, b, IM_COL32(255, 255, 255, 90));  // partly done
    }
  dl->AddRect(mn, mx, IM_COL32(120, 130, 150, 255));
  // Axes in parameter units: first, middle and last grid values.
  const ImU32 dim = ImGui::ColorConvertFloat4ToU32(kDim);
  for (size_t xi : {size_t{0}, nx / 2, nx - 1}) {
    const std::string v = short_value(p.plan().x.values[xi]);
    dl->AddText(ImVec2(mn.x + cw * (xi + 0.5f) - ImGui::CalcTextSize(v.c_str()).x / 2, mx.y + 2), dim,
                v.c_str());
  }
  const std::string xlabel = p.plan().x.key + " →";
  dl->AddText(ImVec2(mn.x + mw / 2 - ImGui::CalcTextSize(xlabel.c_str()).x / 2, mx.y + font * 1.2f), dim,
              xlabel.c_str());
  if (p.plan().has_y) {
    for (size_t yi : {size_t{0}, ny / 2, ny - 1}) {
      const std::string v = short_value(p.plan().y.values[yi]);
      dl->AddText(ImVec2(mn.x - ImGui::CalcTextSize(v.c_str()).x - 4, mx.y - ch * (yi + 0.5f) - font / 2),
                  dim, v.c_str());
    }
    dl->AddText(ImVec2(o.x, mn.y - 0), dim, (p.plan().y.key + " ↑").c_str());
  }
  // The colour scale (numeric) or the legend of words (categories).
  const float sx = mx.x + font * 0.6f;
  if (p.categorical()) {
    float y = mn.y;
    for (const auto& [word, colour] : p.categories()) {
      dl->AddRectFilled(ImVec2(sx, y + 2), ImVec2(sx + font * 0.8f, y + font * 0.8f + 2), hex_colour(colour));
      dl->AddText(ImVec2(sx + font, y), dim, word.c_str());
      y += font * 1.3f;
    }
  } else {
    const float bw = font * 0.8f;
    for (int k = 0; k < 32; ++k) {
      const float y0 = mx.y - mh * k / 32.0f, y1 = mx.y - mh * (k + 1) / 32.0f;
      dl->AddRectFilled(ImVec2(sx, y1), ImVec2(sx + bw, y0), hex_colour(sweep_colour((k + 0.5) / 32.0)));
    }
    char b[32];
    std::snprintf(b, sizeof b, "%.4g", p.hi());
    dl->AddText(ImVec2(sx + bw + 3, mn.y), dim, b);
    std::snprintf(b, sizeof b, "%.4g", p.lo());
    dl->AddText(ImVec2(sx + bw + 3, mx.y - font), dim, b);
  }
  // Hover (or a finger's tap, which ImGui reports as hover) shows the cell; a click loads it.
  const ImVec2 m = ImGui::GetIO().MousePos;
  if (ImGui::IsItemHovered() && m.x >= mn.x && m.x < mx.x && m.y >= mn.y && m.y < mx.y) {
    const size_t xi = std::min(nx - 1, static_cast<size_t>((m.x - mn.x) / cw));
    const size_t yi = std::min(ny - 1, static_cast<size_t>((mx.y - m.y) / ch));
    ImGui::SetTooltip("%s", cell_text(p, p.cell(xi, yi)).c_str());
    if (ImGui::IsItemClicked()) p.load_cell(s, xi, yi);
  }
}

}  // namespace

void sweep_contents(bandada::ModelSession& s) {
  PageSweep& p = page_sweep();
  SweepDefinition& d = p.definition(s);
  const double now = emscripten_get_now();
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(kDim,
                     "Run the model over a grid of one or two fields, several seeds a cell, each run "
                     "in a background worker; the live run is untouched.");
  axis_row("x", s, d.x, d.x_from, d.x_to, d.x_count);
  if (d.use_y) axis_row("y", s, d.y, d.y_from, d.y_to, d.y_count);
  ImGui::Checkbox("sweep a second field (y)", &d.use_y);
  note_rect("sweep-use-y");
  ImGui::TextUnformatted("seeds");
  ImGui::SameLine();
  text_input("##sweep-seeds", d.seeds, ImGui::GetFontSize() * 2.6f);
  ImGui::SameLine();
  ImGui::Text("%ss", s.info().step_word);
  ImGui::SameLine();
  text_input("##sweep-steps", d.steps, ImGui::GetFontSize() * 3.6f);
  const std::string why = p.check(s);
  if (why.empty()) {
    const std::vector<std::string>& names = p.checked_plan().names;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##sweep-measure", names[d.measure].c_str())) {
      for (size_t k = 0; k < names.size(); ++k)
        if (ImGui::Selectable(names[k].c_str(), k == d.measure)) d.measure = k;
      ImGui::EndCombo();
    }
    note_combo("sweep-measure", names[d.measure]);
  }
  if (!why.empty()) ImGui::TextColored(kWarn, "%s", why.c_str());
  const bool running = p.status() == PageSweep::Status::running;
  if (!running) {
    if (!why.empty()) ImGui::BeginDisabled();
    if (ImGui::Button("Run sweep")) start_page_sweep(now);
    note_rect("sweep-run");
    if (!why.empty()) ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::Checkbox("pause the live run", &app().pause_live_for_sweep);
    note_rect("sweep-pause-live");
  } else {
    if (ImGui::Button("Cancel sweep")) p.cancel();
    note_rect("sweep-cancel");
    ImGui::SameLine();
    const double eta = p.eta_seconds(now);
    char b[96];
    std::snprintf(
        b, sizeof b, "%zu / %zu runs · %d workers · %s", p.finished(), p.rows(), p.workers(),
        eta < 0 ? "estimating time left" : (std::to_string(static_cast<int>(eta + 0.5)) + " s left").c_str());
    ImGui::ProgressBar(p.rows() ? static_cast<float>(p.finished()) / static_cast<float>(p.rows()) : 0.0f,
                       ImVec2(-1, 0), b);
    note_rect("sweep-progress");
  }
  if (p.status() == PageSweep::Status::done)
    ImGui::TextColored(kDim, "%zu runs in %.1f s with %d workers.", p.rows(), p.elapsed_seconds(now),
                       p.workers());
  if (p.status() == PageSweep::Status::cancelled)
    ImGui::TextColored(kWarn, "Cancelled after %zu of %zu runs.", p.finished(), p.rows());
  if (p.status() == PageSweep::Status::failed)
    ImGui::TextColored(kWarn, "Sweep failed: %s", p.error().c_str());
  if (p.status() == PageSweep::Status::idle && !p.error().empty())
    ImGui::TextColored(kWarn, "%s", p.error().c_str());
  if (p.model() == s.info().id && p.rows() > 0) {
    ImGui::TextColored(
        kDim, "%s of each cell%s", p.measure_name().c_str(),
        p.categorical() ? " (most frequent over seeds; mixed on a tie)" : " (mean over seeds)");
    if (p.loaded() && p.model() == s.info().id) {
      const SweepCell& c = p.cell(p.loaded_x(), p.loaded_y());
      ImGui::TextColored(kDim, "Loaded the cell %s = %s%s.", p.plan().x.key.c_str(), c.x.c_str(),
                         p.plan().has_y ? (", " + p.plan().y.key + " = " + c.y).c_str() : "");
      for (const std::string& seed : p.plan().seeds) {
        const std::string label = "Initialize with seed " + seed;
        if (ImGui::SmallButton(label.c_str())) p.initialize_with_seed(s, seed);
        note_rect(("sweep-seed:" + seed).c_str());
        ImGui::SameLine();
      }
      ImGui::NewLine();
    }
    if (p.can_undo_load(s)) {
      if (ImGui::SmallButton("Undo: back to my fields")) p.undo_load(s);
      note_rect("sweep-undo");
    }
    map_view(s, p);
    if (p.status() == PageSweep::Status::done) {
      if (ImGui::Button("Export sweep CSV"))
        download(std::string("bandada-") + s.info().id + "-sweep.csv", "text/csv", p.csv());
      note_rect("sweep-csv");
    }
  }
  ImGui::TextColored(kDim, "On the command line: %s", p.command_line().c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace web
