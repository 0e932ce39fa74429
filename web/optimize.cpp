// Bandada — the page's optimiser (see optimize.h).
#include "optimize.h"

#include <emscripten.h>

#include <algorithm>
#include <cmath>

#include "app/share_codec.h"
#include "app_state.h"
#include "common/number_text.h"
#include "sweep.h"

namespace web {
namespace {

EM_JS(void, js_optimize_start, (const char* plan, int rows, int workers),
      { window.bandadaOptimizePool.start(UTF8ToString(plan), rows, workers); });
EM_JS(void, js_optimize_cancel, (), { window.bandadaOptimizePool.cancel(); });
EM_JS(int, js_optimize_cores, (), { return navigator.hardwareConcurrency || 2; });

}  // namespace

PageOptimize& page_optimize() {
  static PageOptimize instance;
  return instance;
}

OptimizeDefinition& PageOptimize::definition(const bandada::ModelSession& s) {
  if (model_ == s.info().id) return def_;
  model_ = s.info().id;
  def_ = OptimizeDefinition();
  // The first two real-valued fields, as the sweep's axes, each from half to twice its value.
  for (size_t i = 0; i < s.field_count() && def_.vary.size() < 2; ++i)
    if (!s.field(i).integer && std::string(s.field(i).option()) != "seed")
      def_.vary.push_back({i, default_range_end(s, i, false), default_range_end(s, i, true)});
  if (def_.vary.empty())
    def_.vary.push_back({0, default_range_end(s, 0, false), default_range_end(s, 0, true)});
  measures_key_.clear();
  return def_;
}

const std::vector<std::string>& PageOptimize::measures(const bandada::ModelSession& s) {
  definition(s);
  const std::string key = model_ + '\n' + std::to_string(s.revision());
  if (key == measures_key_) return measures_;
  measures_key_ = key;
  measures_.clear();
  bandada::Run probe;
  probe.stop = bandada::Run::Stop::initialized;  // the measures' names, from the fields as they are
  if (bandada::prepare(page_run_base(s), probe).empty())
    for (const bandada::ModelSession::Measure& m : probe.session->measures())
      if (m.numeric) measures_.push_back(m.name);
  if (def_.measure >= measures_.size()) def_.measure = 0;
  return measures_;
}

bandada::OptimizeSpec PageOptimize::spec(const bandada::ModelSession& s) const {
  bandada::OptimizeSpec spec;
  spec.base = page_run_base(s);
  spec.steps = def_.steps;
  for (const OptimizeVaryRow& v : def_.vary)
    spec.vary.push_back({v.field < s.field_count() ? s.field(v.field).option() : "", v.lo, v.hi});
  spec.direction = def_.maximize ? 1 : -1;
  spec.measure = def_.measure < measures_.size() ? measures_[def_.measure] : "";
  spec.seeds = def_.seeds;
  spec.swarm = def_.swarm;
  spec.iterations = def_.iterations;
  spec.swarm_seed = def_.swarm_seed;
  return spec;
}

std::string PageOptimize::check(const bandada::ModelSession& s) {
  definition(s);
  const std::vector<std::string>& names = measures(s);
  std::string key = measures_key_;
  for (const OptimizeVaryRow& v : def_.vary)
    key += '\n' + std::to_string(v.field) + '\t' + v.lo + '\t' + v.hi;
  for (const std::string* t : {&def_.seeds, &def_.steps, &def_.swarm, &def_.iterations, &def_.swarm_seed})
    key += '\n' + *t;
  key += '\n' + std::to_string(def_.measure) + (def_.maximize ? "max" : "min");
  if (key == checked_key_) return checked_why_;
  checked_key_ = key;
  checked_spec_ = spec(s);
  checked_line_ = bandada::shell_line("bandada-cli optimize", bandada::optimize_args(checked_spec_));
  if (names.empty()) {
    checked_why_ = "This model's fields as they stand give no numeric measure to optimise.";
    return checked_why_;
  }
  // Core checks it all and names what is wrong; the page adds only its own limit on runs.
  checked_why_ = bandada::plan_optimize(checked_spec_, checked_plan_);
  if (checked_why_.empty() && checked_plan_.runs() > 100000)
    checked_why_ = "At most 100 000 runs (particles × seeds × (iterations + 1)): this asks " +
                   std::to_string(checked_plan_.runs()) + ".";
  return checked_why_;
}

bool PageOptimize::start(bandada::ModelSession& s, bool live_running, double now_ms) {
  if (status_ == Status::running) cancel();
  error_ = check(s);
  if (!error_.empty()) return false;
  spec_ = checked_spec_;
  plan_ = checked_plan_;
  opt_ = std::make_unique<bandada::Optimizer>(plan_);
  base_share_ = s.share_string();
  log_ = bandada::optimize_head(spec_, plan_);
  all_values_.clear();
  best_.clear();
  particles_.clear();
  finished_ = 0;
  t0_ms_ = last_ms_ = now_ms;
  status_ = Status::running;
  in_link = true;
  // Every core while the live run is paused, one fewer while it runs; never more than the runs.
  workers_ = std::max(1, std::min(static_cast<int>(plan_.runs_per_iteration()),
                                  js_optimize_cores() - (live_running ? 1 : 0)));
  start_iteration();
  return true;
}

void PageOptimize::start_iteration() {
  const size_t R = plan_.runs_per_iteration();
  lines_.assign(R, {});
  cells_.assign(R, {});
  in_.assign(R, false);
  in_count_ = 0;
  // The workers rebuild the swarm from the plan and every value so far (optimize_spec_text).
  const std::string text = "optimize\n" + bandada::optimize_spec_text(spec_, all_values_);
  js_optimize_start(text.c_str(), static_cast<int>(R), workers_);
}

void PageOptimize::cancel() {
  if (status_ != Status::running) return;
  js_optimize_cancel();
  status_ = Status::cancelled;
}

void PageOptimize::run_done(size_t k, const std::string& line, const std::string& cells,
                            const std::string& error, double now_ms) {
  if (status_ != Status::running || k >= in_.size() || in_[k]) return;
  // A worker's line must be the run the page's swarm asked for: anything else is a fault.
  const std::string why = !error.empty() ? error
                          : line != opt_->run_prefix(k) + cells
                              ? "a worker's run " + std::to_string(k) + " is not the one asked for"
                              : "";
  if (!why.empty()) {
    js_optimize_cancel();
    error_ = why;
    status_ = Status::failed;
    return;
  }
  in_[k] = true;
  lines_[k] = line;
  cells_[k] = cells;
  ++in_count_;
  ++finished_;
  last_ms_ = now_ms;
  if (in_count_ < in_.size()) return;
  // The iteration is in: its lines in order, then its best and state lines, as the CLI writes them.
  std::vector<OptimizeParticle> where(plan_.particles);
  for (uint32_t i = 0; i < plan_.particles; ++i)
    for (const std::string& t : opt_->particle_texts(i))
      where[i].x.push_back(bandada::parse_real_text(t).value);
  for (const std::string& l : lines_) log_ += l + "\n";
  log_ += opt_->take(cells_);
  for (uint32_t i = 0; i < plan_.particles; ++i) where[i].objective = opt_->last_objectives()[i];
  particles_.push_back(std::move(where));
  best_.push_back(opt_->best_objective());
  all_values_.insert(all_values_.end(), cells_.begin(), cells_.end());
  if (opt_->done())
    status_ = Status::done;
  else
    start_iteration();
}

// Text for a link value: anything unsafe in a fragment, and the separators ':', ',' and '~', as %XX.
namespace {
std::string escape(const std::string& s) { return bandada::percent_encode(s, ":,~"); }
std::string unescape(const std::string& s) { return bandada::percent_decode(s).value_or(s); }
}  // namespace

std::string PageOptimize::link_text(const bandada::ModelSession& s) {
  definition(s);
  std::string t;
  for (const OptimizeVaryRow& v : def_.vary)
    t += (t.empty() ? "" : ",") + escape(v.field < s.field_count() ? s.field(v.field).option() : "") + ":" +
         escape(v.lo) + ":" + escape(v.hi);
  const std::vector<std::string>& names = measures(s);
  t += "~" + escape(def_.measure < names.size() ? names[def_.measure] : "") + "~" +
       (def_.maximize ? "max" : "min");
  for (const std::string* v : {&def_.seeds, &def_.steps, &def_.swarm, &def_.iterations, &def_.swarm_seed})
    t += "~" + escape(*v);
  return t;
}

bool PageOptimize::open_link_text(const bandada::ModelSession& s, const std::string& text) {
  const std::vector<std::string> parts = bandada::split_text(text, '~');
  if (parts.size() != 8 || (parts[2] != "min" && parts[2] != "max")) return false;
  OptimizeDefinition d = definition(s);
  d.vary.clear();
  for (const std::string& row : bandada::split_text(parts[0], ',')) {
    const std::vector<std::string> f = bandada::split_text(row, ':');
    if (f.size() != 3 || d.vary.size() >= kMaxFields) return false;
    const size_t field = field_by_option(s, unescape(f[0]));
    if (field >= s.field_count()) return false;
    d.vary.push_back({field, unescape(f[1]), unescape(f[2])});
  }
  d.maximize = parts[2] == "max";
  std::string* texts[] = {&d.seeds, &d.steps, &d.swarm, &d.iterations, &d.swarm_seed};
  for (size_t k = 0; k < 5; ++k) *texts[k] = unescape(parts[3 + k]);
  const std::vector<std::string>& names = measures(s);
  d.measure = 0;
  for (size_t k = 0; k < names.size(); ++k)
    if (names[k] == unescape(parts[1])) d.measure = k;
  def_ = d;
  show = true;
  in_link = true;
  return true;
}

std::vector<std::string> PageOptimize::best_texts() const {
  return opt_ && !best_.empty() ? opt_->best_texts() : std::vector<std::string>();
}

double PageOptimize::elapsed_seconds(double now_ms) const {
  return ((status_ == Status::running ? now_ms : last_ms_) - t0_ms_) / 1000.0;
}

double PageOptimize::eta_seconds(double now_ms) const {
  if (finished_ == 0 || status_ != Status::running) return -1;
  const double per = (now_ms - t0_ms_) / 1000.0 / static_cast<double>(finished_);
  return per * static_cast<double>(plan_.runs() - finished_);
}

bool PageOptimize::use_best(bandada::ModelSession& s) {
  const std::vector<std::string> best = best_texts();
  if (s.info().id != plan_.model || best.empty()) return false;
  const std::string before = s.saved_text();
  if (!s.open_link(base_share_).ok) return false;
  undo_text_ = before;
  undo_model_ = plan_.model;
  for (size_t d = 0; d < best.size(); ++d) s.edit(plan_.vars[d].field, best[d]);
  return true;
}

bool PageOptimize::can_undo_use(const bandada::ModelSession& s) const {
  return !undo_text_.empty() && undo_model_ == s.info().id;
}

void PageOptimize::undo_use(bandada::ModelSession& s) {
  if (!can_undo_use(s)) return;
  s.load_saved(undo_text_);
  undo_text_.clear();
}

}  // namespace web
