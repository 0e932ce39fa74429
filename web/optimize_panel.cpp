// Bandada — the Optimise tab of the WebGL view: the fields the swarm searches and their ranges,
// the measure and its direction, seeds, steps and the swarm's size; Run and Cancel with progress;
// the convergence plot; when two fields vary, the swarm over the Sweep tab's map of the same two
// fields; Use the best; the log and its command line. The state lives in web/optimize.h, shared
// with the accessible view.
#include <emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app_state.h"
#include "browser.h"
#include "imgui.h"
#include "optimize.h"
#include "sweep.h"
#include "widgets.h"

namespace web {
namespace {

const ImVec4 kDim(0.65f, 0.68f, 0.74f, 1.0f);
const ImVec4 kWarn(1.0f, 0.82f, 0.35f, 1.0f);

std::string g4(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.4g", v);
  return b;
}

/// A caption under a plot, wrapped at the plot's width (issue 85: a long one ran past the panel's
/// edge), named for the tests with the rectangle it fills.
void caption(ImDrawList* dl, const char* name, ImVec2 at, float width, const std::string& text) {
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, ImGui::ColorConvertFloat4ToU32(kDim), text.c_str(),
              nullptr, width);
  const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, width);
  app().ui.emplace_back(name, Rect{at.x, at.y, size.x, size.y});
}

/// The best objective after each iteration (a line) over every particle's (dots).
void convergence_plot(const PageOptimize& p) {
  const auto& best = p.best_history();
  const auto& its = p.iterations();
  if (best.empty()) return;
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& it : its)
    for (const OptimizeParticle& q : it)
      if (std::isfinite(q.objective)) lo = std::min(lo, q.objective), hi = std::max(hi, q.objective);
  if (!std::isfinite(lo)) return;
  if (hi <= lo) hi = lo + 1, lo -= 1;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float font = ImGui::GetFontSize(), left = font * 4.0f;
  const float w = std::max(80.0f, ImGui::GetContentRegionAvail().x - left), h = font * 7.0f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 mn(o.x + left, o.y + font * 0.5f), mx(mn.x + w, mn.y + h);
  ImGui::InvisibleButton("##optimize-plot", ImVec2(left + w, h + font * 3.4f));  // two lines of caption
  app().ui.emplace_back("optimize-plot", Rect{mn.x, mn.y, w, h});
  dl->AddRect(mn, mx, IM_COL32(120, 130, 150, 255));
  const size_t n = std::max<size_t>(2, p.plan().iterations + 1);
  auto at = [&](size_t i, double v) {
    return ImVec2(mn.x + w * static_cast<float>(i) / static_cast<float>(n - 1),
                  mx.y - h * static_cast<float>((v - lo) / (hi - lo)));
  };
  for (size_t i = 0; i < its.size(); ++i)
    for (const OptimizeParticle& q : its[i])
      if (std::isfinite(q.objective))
        dl->AddCircleFilled(at(i, q.objective), 2.0f, IM_COL32(140, 150, 170, 160));
  for (size_t i = 0; i < best.size(); ++i) {
    if (!std::isfinite(best[i])) continue;
    if (i > 0 && std::isfinite(best[i - 1]))
      dl->AddLine(at(i - 1, best[i - 1]), at(i, best[i]), IM_COL32(253, 231, 37, 255), 2.0f);
    dl->AddCircleFilled(at(i, best[i]), 3.0f, IM_COL32(253, 231, 37, 255));
  }
  const ImU32 dim = ImGui::ColorConvertFloat4ToU32(kDim);
  dl->AddText(ImVec2(o.x, mn.y - font * 0.5f), dim, g4(hi).c_str());
  dl->AddText(ImVec2(o.x, mx.y - font), dim, g4(lo).c_str());
  const std::string label = "iteration → (" + p.plan().measure + ": best so far, and each particle)";
  caption(dl, "optimize-plot-caption", ImVec2(mn.x, mx.y + 2), w, label);
  const ImVec2 m = ImGui::GetIO().MousePos;
  if (ImGui::IsItemHovered() && m.x >= mn.x && m.x <= mx.x) {
    const size_t i = std::min(best.size() - 1, static_cast<size_t>((m.x - mn.x) / w * (n - 1) + 0.5f));
    ImGui::SetTooltip("iteration %zu: best %s %s", i, p.plan().measure.c_str(),
                      std::isfinite(best[i]) ? g4(best[i]).c_str() : "none yet");
  }
}

/// The plane of the first two fields: the Sweep tab's map of those two fields beneath (when it
/// has one), the last evaluated iteration's particles, and the best as a ring.
void swarm_plane(const PageOptimize& p) {
  const bandada::OptimizePlan& plan = p.plan();
  if (plan.vars.size() < 2 || p.iterations().empty()) return;
  const bandada::OptimizeVar &vx = plan.vars[0], &vy = plan.vars[1];
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float font = ImGui::GetFontSize(), left = font * 4.0f;
  const float w = std::max(80.0f, std::min(ImGui::GetContentRegionAvail().x - left, font * 18.0f)),
              h = w * 0.75f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 mn(o.x + left, o.y + font * 0.5f), mx(mn.x + w, mn.y + h);
  ImGui::InvisibleButton("##optimize-swarm", ImVec2(left + w, h + font * 3.4f));  // two lines of caption
  app().ui.emplace_back("optimize-swarm", Rect{mn.x, mn.y, w, h});
  auto at = [&](double x, double y) {
    return ImVec2(mn.x + w * static_cast<float>((x - vx.lo) / (vx.hi - vx.lo)),
                  mx.y - h * static_cast<float>((y - vy.lo) / (vy.hi - vy.lo)));
  };
  dl->AddRectFilled(mn, mx, IM_COL32(20, 24, 32, 255));
  // The sweep's map of the same two fields, each cell around its grid value, clipped to the plane.
  const PageSweep& sw = page_sweep();
  const bandada::SweepPlan& sp = sw.plan();
  const bool same = sp.has_y && sw.model() == plan.model && sw.rows() > 0 && !sw.categorical();
  const bool direct = same && sp.x.key == vx.key && sp.y.key == vy.key;
  const bool swapped = same && sp.x.key == vy.key && sp.y.key == vx.key;
  dl->PushClipRect(mn, mx, true);
  if (direct || swapped) {
    auto span = [](const std::vector<std::string>& v, size_t i, double& a, double& b) {
      const double c = std::strtod(v[i].c_str(), nullptr);
      const double step =
          v.size() > 1 ? (std::strtod(v.back().c_str(), nullptr) - std::strtod(v[0].c_str(), nullptr)) /
                             static_cast<double>(v.size() - 1)
                       : 1.0;
      a = c - step / 2;
      b = c + step / 2;
    };
    for (size_t xi = 0; xi < sw.columns(); ++xi)
      for (size_t yi = 0; yi < sw.lines(); ++yi) {
        const SweepCell& c = sw.cell(xi, yi);
        if (!c.finished) continue;
        double x0, x1, y0, y1;
        span(sp.x.values, xi, x0, x1);
        span(sp.y.values, yi, y0, y1);
        const ImVec2 a = swapped ? at(y0, x1) : at(x0, y1), b = swapped ? at(y1, x0) : at(x1, y0);
        dl->AddRectFilled(ImVec2(std::min(a.x, b.x), std::min(a.y, b.y)),
                          ImVec2(std::max(a.x, b.x), std::max(a.y, b.y)), hex_colour(c.colour));
      }
  }
  for (const OptimizeParticle& q : p.iterations().back())
    dl->AddCircleFilled(at(q.x[0], q.x[1]), 3.5f, IM_COL32(255, 255, 255, 230));
  const std::vector<std::string> best = p.best_texts();
  if (best.size() >= 2)
    dl->AddCircle(at(std::strtod(best[0].c_str(), nullptr), std::strtod(best[1].c_str(), nullptr)), 7.0f,
                  IM_COL32(253, 231, 37, 255), 0, 2.0f);
  dl->PopClipRect();
  dl->AddRect(mn, mx, IM_COL32(120, 130, 150, 255));
  const ImU32 dim = ImGui::ColorConvertFloat4ToU32(kDim);
  caption(dl, "optimize-swarm-caption", ImVec2(mn.x, mx.y + 2), w,
          g4(vx.lo) + " … " + g4(vx.hi) + "  " + vx.key + " →");
  dl->AddText(ImVec2(o.x, mn.y), dim, (vy.key + " ↑").c_str());
  dl->AddText(ImVec2(o.x, mn.y + font * 1.2f), dim, g4(vy.hi).c_str());
  dl->AddText(ImVec2(o.x, mx.y - font), dim, g4(vy.lo).c_str());
  if (!(direct || swapped))
    ImGui::TextColored(kDim, "Sweep %s and %s in the Sweep tab to see its map beneath the swarm.",
                       vx.key.c_str(), vy.key.c_str());
}

}  // namespace

namespace {

/// What the swarm searches: the fields and their ranges, the measure and its direction, the plan's
/// sizes.
void optimize_definition(bandada::ModelSession& s, PageOptimize& p, OptimizeDefinition& d) {
  const float font = ImGui::GetFontSize();
  for (size_t r = 0; r < d.vary.size(); ++r) {
    const std::string id = "optimize-field-" + std::to_string(r);
    ImGui::PushID(static_cast<int>(r));
    field_combo(("##" + id).c_str(), s, d.vary[r].field, font * 8.5f);
    ImGui::SameLine();
    text_input(("##" + id + "-lo").c_str(), d.vary[r].lo, font * 3.6f);
    ImGui::SameLine();
    ImGui::TextUnformatted("to");
    ImGui::SameLine();
    text_input(("##" + id + "-hi").c_str(), d.vary[r].hi, font * 3.6f);
    if (d.vary.size() > 1) {
      ImGui::SameLine();
      if (ImGui::SmallButton("remove")) d.vary.erase(d.vary.begin() + static_cast<long>(r));
      note_rect((id + "-remove").c_str());
    }
    ImGui::PopID();
  }
  if (d.vary.size() < PageOptimize::kMaxFields) {
    if (ImGui::SmallButton("Add a field")) {
      auto taken = [&](size_t f) {
        return std::string(s.field(f).option()) == "seed" ||
               std::any_of(d.vary.begin(), d.vary.end(),
                           [&](const OptimizeVaryRow& v) { return v.field == f; });
      };
      size_t f = 0;
      while (f < s.field_count() && taken(f)) ++f;
      if (f < s.field_count())
        d.vary.push_back({f, default_range_end(s, f, false), default_range_end(s, f, true)});
    }
    note_rect("optimize-add");
  }
  const std::vector<std::string>& names = p.measures(s);
  if (!names.empty()) {
    // As wide as its longer word and the arrow: "maximise" was cut at 5.5 em.
    ImGui::SetNextItemWidth(combo_width("maximise"));
    if (ImGui::BeginCombo("##optimize-direction", d.maximize ? "maximise" : "minimise")) {
      if (ImGui::Selectable("minimise", !d.maximize)) d.maximize = false;
      if (ImGui::Selectable("maximise", d.maximize)) d.maximize = true;
      ImGui::EndCombo();
    }
    note_combo("optimize-direction", d.maximize ? "maximise" : "minimise");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##optimize-measure", names[std::min(d.measure, names.size() - 1)].c_str())) {
      for (size_t k = 0; k < names.size(); ++k)
        if (ImGui::Selectable(names[k].c_str(), k == d.measure)) d.measure = k;
      ImGui::EndCombo();
    }
    note_combo("optimize-measure", names[std::min(d.measure, names.size() - 1)]);
  }
  ImGui::TextUnformatted("seeds");
  ImGui::SameLine();
  text_input("##optimize-seeds", d.seeds, font * 2.4f);
  ImGui::SameLine();
  ImGui::Text("%ss", s.info().step_word);
  ImGui::SameLine();
  text_input("##optimize-steps", d.steps, font * 3.6f);
  ImGui::TextUnformatted("particles");
  ImGui::SameLine();
  text_input("##optimize-swarm", d.swarm, font * 2.4f);
  ImGui::SameLine();
  ImGui::TextUnformatted("iterations");
  ImGui::SameLine();
  text_input("##optimize-iterations", d.iterations, font * 2.4f);
  ImGui::SameLine();
  ImGui::TextUnformatted("swarm seed");
  ImGui::SameLine();
  text_input("##optimize-swarm-seed", d.swarm_seed, font * 2.8f);
}

/// Run or cancel, the progress, and how the last optimisation ended.
void optimize_progress(bandada::ModelSession& s, PageOptimize& p, double now) {
  const std::string why = p.check(s);
  if (!why.empty())
    ImGui::TextColored(kWarn, "%s", why.c_str());
  else
    ImGui::TextColored(kDim, "%zu runs: particles × seeds × (iterations + 1).", p.checked_runs());
  const bool running = p.status() == PageOptimize::Status::running;
  if (!running) {
    if (!why.empty()) ImGui::BeginDisabled();
    if (ImGui::Button("Run optimisation")) start_page_optimize(now);
    note_rect("optimize-run");
    if (!why.empty()) ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::Checkbox("pause the live run", &app().pause_live_for_sweep);
    note_rect("optimize-pause-live");
  } else {
    if (ImGui::Button("Cancel optimisation")) p.cancel();
    note_rect("optimize-cancel");
    ImGui::SameLine();
    const double eta = p.eta_seconds(now);
    char b[128];
    std::snprintf(
        b, sizeof b, "iteration %zu of %u · %zu / %zu runs · %s", p.best_history().size(),
        p.plan().iterations, p.finished(), p.runs(),
        eta < 0 ? "estimating time left" : (std::to_string(static_cast<int>(eta + 0.5)) + " s left").c_str());
    ImGui::ProgressBar(p.runs() ? static_cast<float>(p.finished()) / static_cast<float>(p.runs()) : 0.0f,
                       ImVec2(-1, 0), b);
    note_rect("optimize-progress");
  }
  if (p.status() == PageOptimize::Status::done)
    ImGui::TextColored(kDim, "%zu runs in %.1f s with %d workers.", p.runs(), p.elapsed_seconds(now),
                       p.workers());
  if (p.status() == PageOptimize::Status::cancelled)
    ImGui::TextColored(kWarn, "Cancelled after %zu of %zu runs.", p.finished(), p.runs());
  if (p.status() == PageOptimize::Status::failed)
    ImGui::TextColored(kWarn, "Optimisation failed: %s", p.error().c_str());
  if (p.status() == PageOptimize::Status::idle && !p.error().empty())
    ImGui::TextColored(kWarn, "%s", p.error().c_str());
}

/// The best so far, what to do with it, and the plots.
void optimize_best(bandada::ModelSession& s, PageOptimize& p) {
  const std::vector<std::string> best = p.best_texts();
  std::string where;
  for (size_t k = 0; k < best.size(); ++k) where += (k ? ", " : "") + p.plan().vars[k].key + " " + best[k];
  if (std::isfinite(p.best_objective()))
    ImGui::Text("Best %s %s at %s.", p.plan().measure.c_str(), g4(p.best_objective()).c_str(), where.c_str());
  else
    ImGui::TextColored(kWarn, "No run gave a value of %s yet: there is no best.", p.plan().measure.c_str());
  if (p.null_runs() > 0)
    ImGui::TextColored(kWarn, "%zu runs had no %s; each counts as the worst.", p.null_runs(),
                       p.plan().measure.c_str());
  if (std::isfinite(p.best_objective())) {
    if (ImGui::Button("Use the best")) p.use_best(s);
    note_rect("optimize-use");
    ImGui::SameLine();
  }
  if (p.can_undo_use(s)) {
    if (ImGui::SmallButton("Undo: back to my fields")) p.undo_use(s);
    note_rect("optimize-undo");
    ImGui::SameLine();
  }
  if (p.status() == PageOptimize::Status::done) {
    if (ImGui::Button("Export optimisation log"))
      download(std::string("bandada-") + s.info().id + "-optimize.csv", "text/csv", p.log());
    note_rect("optimize-log");
  }
  ImGui::NewLine();
  convergence_plot(p);
  swarm_plane(p);
}

}  // namespace

void optimize_contents(bandada::ModelSession& s) {
  PageOptimize& p = page_optimize();
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(kDim,
                     "A particle swarm searches the fields below for the best value of a measure; each "
                     "evaluation is one run in a background worker, the live run untouched.");
  optimize_definition(s, p, p.definition(s));
  optimize_progress(s, p, emscripten_get_now());
  if (p.model() == s.info().id && !p.best_history().empty()) optimize_best(s, p);
  ImGui::TextColored(kDim, "On the command line: %s", p.command_line().c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace web
