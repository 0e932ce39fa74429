// Bandada — the page's Experiments tab (see experiments.h).
#include "experiments.h"

#include <emscripten.h>

#include <algorithm>

#include "app/registry.h"
#include "app_state.h"
#include "common/number_text.h"
#include "run/run.h"

namespace web {
namespace {

EM_JS(void, js_experiment_start, (const char* plan, int rows, int workers),
      { window.bandadaExperimentPool.start(UTF8ToString(plan), rows, workers); });
EM_JS(void, js_experiment_cancel, (), { window.bandadaExperimentPool.cancel(); });
EM_JS(int, js_experiment_cores, (), { return navigator.hardwareConcurrency || 2; });

const std::vector<bandada::Experiment>& all() { return bandada::experiments(); }

}  // namespace

PageExperiments& page_experiments() {
  static PageExperiments instance;
  return instance;
}

std::string group_title(const std::string& model) {
  for (const bandada::ModelEntry& m : bandada::models())
    if (model == m.id) return m.title;
  return model;
}

const ExperimentCard& PageExperiments::card(size_t k) {
  if (cards_.size() != all().size()) cards_.resize(all().size());
  return cards_[std::min(k, cards_.size() - 1)];
}

void PageExperiments::run(size_t k, double now_ms) {
  card(0);
  if (k >= cards_.size() || all()[k].kind == bandada::Experiment::Kind::opens) return;
  if (k == active_ || std::find(queue_.begin(), queue_.end(), k) != queue_.end()) return;
  const size_t seeds = seeds_ ? seeds_ : all()[k].seeds;  // as chosen when Run was pressed
  if (busy()) {
    queue_.push_back(k);
    cards_[k] = ExperimentCard();
    cards_[k].status = ExperimentCard::Status::queued;
    cards_[k].seeds = seeds;
    return;
  }
  start(k, seeds, now_ms);
}

void PageExperiments::run_all(double now_ms, const std::string& model) {
  for (size_t k = 0; k < all().size(); ++k)
    if (model.empty() || all()[k].model == model) run(k, now_ms);
}

bool PageExperiments::set_seeds(size_t seeds) {
  if (seeds > 20) return false;
  seeds_ = seeds;
  return true;
}

void PageExperiments::start(size_t k, size_t seeds, double now_ms) {
  const bandada::Experiment& e = all()[k];
  ExperimentCard& c = cards_[k];
  c = ExperimentCard();
  c.seeds = seeds;
  c.rows = bandada::experiment_rows(e, c.seeds);
  c.done.assign(c.rows, false);
  c.lines.assign(c.rows, {});
  c.values.assign(c.rows, {});
  c.status = ExperimentCard::Status::running;
  c.t0_ms = now_ms;
  active_ = k;
  // A timed experiment's rows run one after another in one worker, so no row shares the cores.
  const int workers = e.kind == bandada::Experiment::Kind::timed
                          ? 1
                          : std::max(1, std::min(static_cast<int>(c.rows), js_experiment_cores()));
  const std::string plan = "experiment\n" + e.name + "\n" + std::to_string(c.seeds);
  js_experiment_start(plan.c_str(), static_cast<int>(c.rows), workers);
}

void PageExperiments::cancel() {
  for (size_t k : queue_) cards_[k].status = ExperimentCard::Status::idle;
  queue_.clear();
  if (!busy()) return;
  js_experiment_cancel();
  cards_[active_].status = ExperimentCard::Status::cancelled;
  active_ = static_cast<size_t>(-1);
}

void PageExperiments::row_done(size_t r, const std::string& line, const std::string& values,
                               const std::string& error, double now_ms) {
  if (!busy()) return;
  const size_t k = active_;
  ExperimentCard& c = cards_[k];
  const bandada::Experiment& e = all()[k];
  bool finished = false;
  if (!error.empty()) {
    js_experiment_cancel();
    c.error = error;
    c.status = ExperimentCard::Status::failed;
    finished = true;
  } else if (r < c.rows && !c.done[r]) {
    c.done[r] = true;
    c.lines[r] = line;
    c.values[r] = bandada::split_text(values, '\t');
    ++c.finished;
    // The curve so far: every point from its finished rows.
    std::vector<std::vector<std::string>> in(c.rows);
    for (size_t i = 0; i < c.rows; ++i)
      if (c.done[i]) in[i] = c.values[i];
    c.table = bandada::tabulate(e, c.seeds, in);
    if (c.finished == c.rows) {
      c.verdict = e.judge(c.table);
      c.status = ExperimentCard::Status::done;
      finished = true;
    }
  }
  c.seconds = (now_ms - c.t0_ms) / 1000.0;
  if (!finished) return;
  active_ = static_cast<size_t>(-1);
  if (!queue_.empty()) {
    const size_t next = queue_.front();
    queue_.pop_front();
    start(next, cards_[next].seeds, now_ms);
  }
}

std::string PageExperiments::csv(size_t k) {
  const ExperimentCard& c = card(k);
  if (c.status != ExperimentCard::Status::done) return {};
  const bandada::Experiment& e = all()[k];
  std::string out = bandada::experiment_header(e);
  for (const std::string& line : c.lines) out += line + "\n";
  return out + bandada::verdict_line(e, c.verdict) + "\n";
}

std::string PageExperiments::try_it(size_t k) {
  if (k >= all().size()) return "No such experiment.";
  const bandada::Experiment& e = all()[k];
  bandada::RunSpec spec;  // the base and Try it's settings, no steps, one thread
  std::string err = bandada::experiment_spec(e, e.points.size(), 0, spec);
  spec.threads = 1;
  bandada::Run run;
  if (err.empty()) err = bandada::prepare(spec, run);
  if (!err.empty()) return err;
  App& a = app();
  size_t target = a.sessions.size();
  for (size_t i = 0; i < a.sessions.size(); ++i)
    if (a.sessions[i]->info().id == run.session->info().id) target = i;
  if (target == a.sessions.size())
    return "This page has no model called " + std::string(run.session->info().id) + ".";
  bandada::ModelSession& s = *a.sessions[target];
  const std::string before = s.saved_text();
  const bandada::CommandResult opened = s.open_link(run.session->share_string());
  if (!opened.ok) return opened.message;
  undo_text_ = before;
  undo_model_ = target;
  switch_model(target);
  s.command("initialize");
  s.command("run");
  persist();
  return {};
}

void PageExperiments::undo_try() {
  if (undo_text_.empty()) return;
  App& a = app();
  if (undo_model_ < a.sessions.size()) {
    a.sessions[undo_model_]->command("pause");
    a.sessions[undo_model_]->load_saved(undo_text_);
  }
  undo_text_.clear();
  persist();
}

}  // namespace web
