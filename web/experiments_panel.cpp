// Bandada — the Experiments tab of the WebGL view: one card per claim of a lesson, each with the
// claim and its source, what varies, Run (progress as rows finish), the curve (mean ± spread over
// seeds, per point), the verdict by its stated rule, and Try it. The state lives in
// web/experiments.h, shared with the accessible view.
#include <emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "app_state.h"
#include "experiments.h"
#include "imgui.h"
#include "widgets.h"

namespace web {
namespace {

const ImVec4 kDim(0.65f, 0.68f, 0.74f, 1.0f);
const ImVec4 kHolds(0.45f, 0.85f, 0.5f, 1.0f);
const ImVec4 kFails(1.0f, 0.55f, 0.45f, 1.0f);
const ImVec4 kYellowText(1.0f, 0.86f, 0.45f, 1.0f);  // a model's cards: their heading

/// The curve: the first measure's mean per point with its spread (± one standard deviation);
/// a two-label experiment draws one curve per value of its second label, on a log scale.
void curve(const bandada::Experiment& e, const ExperimentCard& c) {
  const auto& t = c.table;
  if (t.cells.empty() || t.measures.empty()) return;
  const bool two = e.axes.size() == 2;
  std::vector<std::string> series, xs;
  for (const auto& p : e.points) {
    const std::string sname = two ? p.labels[1] : "";
    const std::string xname = p.labels[0];
    if (std::find(series.begin(), series.end(), sname) == series.end()) series.push_back(sname);
    if (std::find(xs.begin(), xs.end(), xname) == xs.end()) xs.push_back(xname);
  }
  auto y_of = [&](double v) { return two ? std::log10(std::max(v, 1e-3)) : v; };
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& cells : t.cells)
    if (cells[0].n) {
      lo = std::min(lo, y_of(cells[0].mean - cells[0].sd));
      hi = std::max(hi, y_of(cells[0].mean + cells[0].sd));
    }
  if (!(lo <= hi)) return;
  if (hi - lo < 1e-9) hi = lo + 1;
  const float w = ImGui::GetContentRegionAvail().x, h = ImGui::GetFontSize() * 6.0f;
  const float pad = ImGui::GetFontSize() * 3.2f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* d = ImGui::GetWindowDrawList();
  d->AddRectFilled(o, ImVec2(o.x + w, o.y + h), IM_COL32(24, 27, 33, 255));
  auto px = [&](size_t xi) {
    return o.x + pad + (w - pad - 8) * (xs.size() < 2 ? 0.5f : float(xi) / float(xs.size() - 1));
  };
  auto py = [&](double v) { return o.y + h - 6 - (h - 12) * static_cast<float>((y_of(v) - lo) / (hi - lo)); };
  const ImU32 colours[] = {IM_COL32(120, 190, 255, 255), IM_COL32(255, 170, 90, 255)};
  for (size_t si = 0; si < series.size(); ++si) {
    ImVec2 last;
    bool have = false;
    for (size_t q = 0; q < e.points.size(); ++q) {
      if ((two ? e.points[q].labels[1] : "") != series[si] || !t.cells[q][0].n) continue;
      const size_t xi = std::find(xs.begin(), xs.end(), e.points[q].labels[0]) - xs.begin();
      const double m = t.cells[q][0].mean, sd = t.cells[q][0].sd;
      const ImVec2 at(px(xi), py(m));
      d->AddLine(ImVec2(at.x, py(m - sd)), ImVec2(at.x, py(m + sd)), colours[si % 2], 1.5f);
      d->AddCircleFilled(at, 3.0f, colours[si % 2]);
      if (have) d->AddLine(last, at, colours[si % 2], 1.5f);
      last = at;
      have = true;
    }
  }
  const ImU32 text = IM_COL32(170, 175, 185, 255);
  auto label = [&](double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3g", two ? std::pow(10.0, v) : v);
    return std::string(b);
  };
  d->AddText(ImVec2(o.x + 4, o.y + 2), text, label(hi).c_str());
  d->AddText(ImVec2(o.x + 4, o.y + h - ImGui::GetFontSize() - 2), text, label(lo).c_str());
  ImGui::Dummy(ImVec2(w, h));
  // The x labels under the plot, and what the y axis is.
  std::string xl = e.axes[0] + ": ";
  for (size_t k = 0; k < xs.size(); ++k) xl += (k ? " · " : "") + xs[k];
  ImGui::TextColored(kDim, "%s", xl.c_str());
  std::string yl = t.measures[0] + (two ? " (log scale)" : "") + ", mean ± spread over seeds";
  if (two) {
    yl = t.measures[0] + " (log scale): ";
    for (size_t si = 0; si < series.size(); ++si)
      yl += (si ? ", " : "") + series[si] + (si ? " orange" : " blue");
  }
  ImGui::TextColored(kDim, "%s", yl.c_str());
}

/// A card's own plot (the fundamental diagram against Weidmann's curve, an N-t curve beside an
/// experiment's): both axes from 0 to the greatest value, the model's points with their spread
/// joined in blue, each reference a line in its own colour, named in the legend under it.
void own_plot(const bandada::ExperimentPlot& plot) {
  double xhi = 0, yhi = 0;
  for (const auto& s : plot.series)
    for (size_t i = 0; i < s.x.size(); ++i) {
      xhi = std::max(xhi, s.x[i]);
      yhi = std::max(yhi, s.y[i] + (i < s.sd.size() ? s.sd[i] : 0));
    }
  if (!(xhi > 0) || !(yhi > 0)) return;
  const float w = ImGui::GetContentRegionAvail().x, h = ImGui::GetFontSize() * 8.0f;
  const float pad = ImGui::GetFontSize() * 3.2f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* d = ImGui::GetWindowDrawList();
  d->AddRectFilled(o, ImVec2(o.x + w, o.y + h), IM_COL32(24, 27, 33, 255));
  auto at = [&](double x, double y) {
    return ImVec2(o.x + pad + (w - pad - 8) * static_cast<float>(x / xhi),
                  o.y + h - 6 - (h - 12) * static_cast<float>(y / yhi));
  };
  const ImU32 colours[] = {IM_COL32(120, 190, 255, 255), IM_COL32(255, 170, 90, 255),
                           IM_COL32(150, 220, 140, 255), IM_COL32(215, 160, 230, 255)};
  const char* names[] = {"blue", "orange", "green", "violet"};
  for (size_t si = 0; si < plot.series.size(); ++si) {
    const auto& s = plot.series[si];
    const ImU32 c = colours[si % 4];
    for (size_t i = 0; i < s.x.size(); ++i) {
      const ImVec2 p = at(s.x[i], s.y[i]);
      if (i) d->AddLine(at(s.x[i - 1], s.y[i - 1]), p, c, s.reference ? 1.0f : 1.5f);
      if (s.reference) continue;
      d->AddCircleFilled(p, 3.0f, c);
      if (i < s.sd.size() && s.sd[i] > 0)
        d->AddLine(at(s.x[i], s.y[i] - s.sd[i]), at(s.x[i], s.y[i] + s.sd[i]), c, 1.5f);
    }
  }
  const ImU32 text = IM_COL32(170, 175, 185, 255);
  char b[32];
  std::snprintf(b, sizeof b, "%.3g", yhi);
  d->AddText(ImVec2(o.x + 4, o.y + 2), text, b);
  d->AddText(ImVec2(o.x + 4, o.y + h - ImGui::GetFontSize() - 2), text, "0");
  ImGui::Dummy(ImVec2(w, h));
  std::snprintf(b, sizeof b, "%.3g", xhi);
  std::string legend = plot.x_label + ": 0 to " + b + "; up: " + plot.y_label + ". ";
  for (size_t si = 0; si < plot.series.size(); ++si)
    legend += (si ? "; " : "") + std::string(names[si % 4]) + ": " + plot.series[si].name;
  ImGui::PushStyleColor(ImGuiCol_Text, kDim);
  ImGui::TextWrapped("%s", legend.c_str());
  ImGui::PopStyleColor();
}

/// Seeds a point for the next Run: each claim's own (the CLI's default), or fewer for a quick look,
/// or more for a firmer verdict (the CLI's --seeds S).
void seeds_combo(PageExperiments& p) {
  static const size_t kChoices[] = {0, 1, 2, 3, 10, 20};
  auto name = [](size_t s) {
    return s ? std::to_string(s) + (s == 1 ? " seed" : " seeds") : std::string("each claim's own");
  };
  ImGui::SameLine();
  ImGui::TextUnformatted("Seeds a point");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.5f);
  if (ImGui::BeginCombo("##exp-seeds", name(p.seeds()).c_str())) {
    for (size_t s : kChoices) {
      if (ImGui::Selectable(name(s).c_str(), s == p.seeds())) p.set_seeds(s);
      note_rect(("exp-seeds:" + std::to_string(s)).c_str());
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    set_hint(
        "Seeds a point: how many runs each point of the next Run gets (bandada-cli experiment --seeds S); "
        "fewer is quicker, more makes the verdict firmer.");
  note_combo("exp-seeds", name(p.seeds()));
}

/// A card's state beside its buttons: not run, waiting, its rows so far, done (how many, how long).
void card_status(const ExperimentCard& c, double now) {
  switch (c.status) {
    case ExperimentCard::Status::idle:
      ImGui::TextColored(kDim, "not run yet");
      break;
    case ExperimentCard::Status::queued:
      ImGui::TextColored(kDim, "waiting for the one running");
      break;
    case ExperimentCard::Status::running:
      ImGui::Text("%zu / %zu rows, %.0f s", c.finished, c.rows, (now - c.t0_ms) / 1000.0);
      break;
    case ExperimentCard::Status::done:
      ImGui::TextColored(kDim, "%zu rows (%zu %s a point) in %.1f s", c.rows, c.seeds,
                         c.seeds == 1 ? "seed" : "seeds", c.seconds);
      break;
    case ExperimentCard::Status::cancelled:
      ImGui::TextColored(kDim, "cancelled");
      break;
    case ExperimentCard::Status::failed:
      ImGui::TextColored(kFails, "failed");
      break;
  }
}

}  // namespace

void experiments_contents(bandada::ModelSession&) {
  PageExperiments& p = page_experiments();
  const auto& all = bandada::experiments();
  const double now = emscripten_get_now();
  ImGui::TextWrapped(
      "Claims about the models, each tested: Run measures it in the page's workers (as "
      "bandada-cli experiment does), and the verdict follows a rule stated before the runs. Each "
      "card names its source: a lesson's claim, or a test case of the field's guidelines.");
  if (ImGui::Button("Run all")) p.run_all(now);
  note_rect("exp-run-all");
  seeds_combo(p);
  if (p.busy()) {
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) p.cancel();
    note_rect("exp-cancel");
  }
  if (p.can_undo_try()) {
    ImGui::SameLine();
    if (ImGui::Button("Undo Try it")) p.undo_try();
    note_rect("exp-undo-try");
  }
  static std::string try_error;
  static size_t reveal = SIZE_MAX;  // the card whose own Run was clicked: shown when its verdict comes
  if (!try_error.empty()) ImGui::TextColored(kFails, "%s", try_error.c_str());
  for (size_t k = 0; k < all.size(); ++k) {
    const bandada::Experiment& e = all[k];
    const ExperimentCard& c = p.card(k);
    if (k == 0 || all[k - 1].model != e.model) {  // each model's cards under its title
      ImGui::Separator();
      ImGui::PushStyleColor(ImGuiCol_Text, kYellowText);
      ImGui::TextUnformatted(group_title(e.model).c_str());
      ImGui::PopStyleColor();
      ImGui::SameLine();
      if (ImGui::SmallButton(("Run these##" + e.model).c_str())) p.run_all(now, e.model);
      note_rect(("exp-run-model:" + e.model).c_str());
    }
    ImGui::PushID(static_cast<int>(k));
    ImGui::Separator();
    ImGui::TextWrapped("%s. %s", bandada::experiment_heading(e).c_str(), e.claim_text.c_str());
    ImGui::TextColored(kDim, "(%s)", e.credit.c_str());
    ImGui::TextWrapped("Varies: %s", e.varies.c_str());
    if (e.kind == bandada::Experiment::Kind::opens) {
      if (ImGui::Button("Open the comparison")) try_error = p.try_it(k);
      note_rect(("exp-try:" + e.name).c_str());
      ImGui::PopID();
      continue;
    }
    const bool running =
        c.status == ExperimentCard::Status::running || c.status == ExperimentCard::Status::queued;
    if (running) ImGui::BeginDisabled();
    if (ImGui::Button("Run")) {
      p.run(k, now);
      reveal = k;
    }
    note_rect(("exp-run:" + e.name).c_str());
    if (running) ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Try it")) try_error = p.try_it(k);
    note_rect(("exp-try:" + e.name).c_str());
    ImGui::SameLine();
    card_status(c, now);
    if (!c.error.empty()) ImGui::TextColored(kFails, "%s", c.error.c_str());
    if (e.plot)
      own_plot(e.plot(c.table));
    else if (c.finished > 0)
      curve(e, c);
    if (c.status == ExperimentCard::Status::done) {
      ImGui::PushStyleColor(ImGuiCol_Text, c.verdict.holds ? kHolds : kFails);
      ImGui::TextWrapped("%s: %s", c.verdict.holds ? "Holds" : "Does not hold", c.verdict.text.c_str());
      ImGui::PopStyleColor();
      note_rect(("exp-verdict:" + e.name).c_str());
      if (reveal == k) {  // scrolled to once, and only when below the fold
        if (ImGui::GetItemRectMax().y > ImGui::GetWindowPos().y + ImGui::GetWindowHeight())
          ImGui::SetScrollHereY(1.0f);
        reveal = SIZE_MAX;
      }
    }
    ImGui::PushStyleColor(ImGuiCol_Text, kDim);
    ImGui::TextWrapped("Rule: %s", e.rule.c_str());
    ImGui::PopStyleColor();
    ImGui::PopID();
  }
}

}  // namespace web
