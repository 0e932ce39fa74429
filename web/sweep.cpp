// Bandada — the page's parameter sweep (see sweep.h).
#include "sweep.h"

#include <emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "app/share_codec.h"
#include "app_state.h"
#include "common/number_text.h"

namespace web {
namespace {

EM_JS(void, js_sweep_start, (const char* args, int rows, int workers),
      { window.bandadaSweepPool.start(UTF8ToString(args), rows, workers); });
EM_JS(void, js_sweep_cancel, (), { window.bandadaSweepPool.cancel(); });
EM_JS(int, js_cores, (), { return navigator.hardwareConcurrency || 2; });

std::string fmt(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.4g", v);
  return b;
}

// A default grid end for field f around its current value: half and twice it, in range.
std::string around(const bandada::ModelSession& s, size_t f, double factor) {
  const bandada::FieldInfo& info = s.field(f);
  const bandada::RealParse p = bandada::parse_real_text(s.text(f));
  double v = p.ok && p.value != 0 ? p.value * factor : (factor < 1 ? info.min : info.max);
  v = std::min(info.max, std::max(info.min, v));
  if (info.integer) v = std::floor(v + 0.5);
  return fmt(v);
}

// Text for a link value: anything unsafe in a fragment, and the separators ':' and '~', as %XX.
std::string escape(const std::string& s) { return bandada::percent_encode(s, ":~"); }

// Read leniently, as before: a malformed escape leaves the text as it was.
std::string unescape(const std::string& s) { return bandada::percent_decode(s).value_or(s); }

}  // namespace

size_t field_by_option(const bandada::ModelSession& s, const std::string& key) {
  for (size_t i = 0; i < s.field_count(); ++i)
    if (key == s.field(i).option()) return i;
  return s.field_count();
}

void initialize_with_seed(bandada::ModelSession& s, const std::string& seed) {
  const size_t f = field_by_option(s, "seed");
  if (f < s.field_count()) {
    s.edit(f, seed);
    s.commit(f);
  }
  s.command("initialize");
}

PageSweep& page_sweep() {
  static PageSweep instance;
  return instance;
}

std::string sweep_colour(double t) {
  // Five stops of a perceptually even ramp (viridis-like): dark blue, blue, teal, green, yellow.
  static const double kStops[5][3] = {
      {68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
  t = std::isnan(t) ? 0.0 : std::min(1.0, std::max(0.0, t));
  const double at = t * 4.0;
  const int k = std::min(3, static_cast<int>(at));
  const double f = at - k;
  char b[8];
  std::snprintf(b, sizeof b, "#%02x%02x%02x",
                static_cast<int>(kStops[k][0] + (kStops[k + 1][0] - kStops[k][0]) * f),
                static_cast<int>(kStops[k][1] + (kStops[k + 1][1] - kStops[k][1]) * f),
                static_cast<int>(kStops[k][2] + (kStops[k + 1][2] - kStops[k][2]) * f));
  return b;
}

SweepDefinition& PageSweep::definition(const bandada::ModelSession& s) {
  if (model_ == s.info().id) return def_;
  model_ = s.info().id;
  def_ = SweepDefinition();
  std::vector<size_t> real;  // the real-valued fields: the usual axes
  for (size_t i = 0; i < s.field_count(); ++i)
    if (!s.field(i).integer) real.push_back(i);
  def_.x = real.empty() ? 0 : real[0];
  def_.y = real.size() > 1 ? real[1] : (def_.x + 1) % s.field_count();
  def_.use_y = s.field_count() > 1;
  def_.x_from = default_range_end(s, def_.x, false);
  def_.x_to = default_range_end(s, def_.x, true);
  def_.y_from = default_range_end(s, def_.y, false);
  def_.y_to = default_range_end(s, def_.y, true);
  return def_;
}

bandada::RunSpec page_run_base(const bandada::ModelSession& s) {
  bandada::RunSpec base;
  base.model = s.info().id;  // the session's share string says every field and choice
  base.has_link = true;
  base.link = s.share_string();
  // A file the model opened (a scenario) goes with it, as it runs now: a link cannot carry it.
  const App& a = app();
  for (size_t i = 0; i < a.sessions.size(); ++i)
    if (a.sessions[i].get() == &s && i < a.opened_file.size() && !a.opened_file[i].empty())
      if (const bandada::CliOption* o = page_file_option(s)) {
        bandada::RunSpec::Setting file;
        file.kind = bandada::RunSpec::Setting::Kind::option;
        file.index = static_cast<size_t>(o - s.cli_options().data());
        file.text = s.export_file();
        file.source = a.opened_file[i];
        base.settings.push_back(std::move(file));
      }
  return base;
}

std::string default_range_end(const bandada::ModelSession& s, size_t f, bool high) {
  return around(s, f, high ? 2.0 : 0.5);
}

bandada::SweepSpec PageSweep::spec(const bandada::ModelSession& s) const {
  const SweepDefinition& d = def_;
  bandada::SweepSpec spec;
  spec.base = page_run_base(s);
  spec.steps = d.steps;
  auto key = [&](size_t f) { return f < s.field_count() ? std::string(s.field(f).option()) : std::string(); };
  spec.x = {key(d.x), d.x_from, d.x_to, d.x_count};
  spec.has_y = d.use_y;
  spec.y = {key(d.y), d.y_from, d.y_to, d.y_count};
  spec.seeds = d.seeds;
  return spec;
}

std::string PageSweep::check(const bandada::ModelSession& s) {
  definition(s);
  // Planning checks every grid point's fields, and the share string is built for it: done again
  // only when the definition or the session's inputs change (the views ask every frame).
  const SweepDefinition& d = def_;
  std::string key = model_ + '\n' + std::to_string(s.revision());
  for (const std::string* t :
       {&d.x_from, &d.x_to, &d.x_count, &d.y_from, &d.y_to, &d.y_count, &d.seeds, &d.steps})
    key += '\n' + *t;
  key += '\n' + std::to_string(d.x) + ' ' + std::to_string(d.y) + ' ' + (d.use_y ? "y" : "-");
  if (key != checked_key_) {
    checked_key_ = key;
    checked_args_ = bandada::sweep_args(spec(s));
    checked_line_ = bandada::shell_line("bandada-cli sweep", checked_args_);
    // Core checks it all and names what is wrong; the page adds only its own limit on runs.
    checked_why_ = bandada::plan_sweep(spec(s), checked_plan_);
    if (checked_why_.empty() && checked_plan_.rows() > 100000)
      checked_why_ =
          "At most 100 000 runs (cells × seeds): this asks " + std::to_string(checked_plan_.rows()) + ".";
  }
  if (checked_why_.empty() && def_.measure >= checked_plan_.names.size()) def_.measure = 0;
  return checked_why_;
}

bool PageSweep::start(bandada::ModelSession& s, bool live_running, double now_ms) {
  if (status_ == Status::running) cancel();
  error_ = check(s);
  if (!error_.empty()) return false;
  plan_ = checked_plan_;
  base_share_ = s.share_string();
  measure_index_ = def_.measure;
  measure_name_ = plan_.names[measure_index_];
  categorical_ = !plan_.numeric[measure_index_];
  const size_t n = plan_.rows();
  done_.assign(n, false);
  results_.assign(n, {});
  measures_.assign(n, {});
  cells_.assign(columns() * lines(), {});
  for (size_t xi = 0; xi < columns(); ++xi)
    for (size_t yi = 0; yi < lines(); ++yi) {
      SweepCell& c = cells_[xi * lines() + yi];
      c.x = plan_.x.values[xi];
      c.y = plan_.has_y ? plan_.y.values[yi] : "";
      c.seeds = plan_.seeds.size();
    }
  finished_ = 0;
  lo_ = 0;
  hi_ = 1;
  loaded_ = false;
  t0_ms_ = last_ms_ = now_ms;
  status_ = Status::running;
  in_link = true;
  // Every core while the live run is paused, one fewer while it runs; never more than the rows.
  workers_ = std::max(1, std::min(static_cast<int>(n), js_cores() - (live_running ? 1 : 0)));
  // The plan as the workers read it back: the base by the share codec, the axes and seeds by line.
  js_sweep_start(bandada::sweep_spec_text(spec(s)).c_str(), static_cast<int>(n), workers_);
  return true;
}

void PageSweep::cancel() {
  if (status_ != Status::running) return;
  js_sweep_cancel();
  status_ = Status::cancelled;
}

void PageSweep::row_done(size_t r, const std::string& line, const std::string& values,
                         const std::string& error, double now_ms) {
  if (status_ != Status::running || r >= done_.size() || done_[r]) return;
  if (!error.empty()) {
    js_sweep_cancel();
    error_ = error;
    status_ = Status::failed;
    return;
  }
  done_[r] = true;
  results_[r] = line;
  measures_[r] = bandada::split_text(values, '\t');
  ++finished_;
  last_ms_ = now_ms;
  const size_t per_x = plan_.per_x(), per_y = plan_.seeds.size();
  aggregate(r / per_x, (r % per_x) / per_y);
  if (finished_ == done_.size()) status_ = Status::done;
}

void PageSweep::aggregate(size_t xi, size_t yi) {
  SweepCell& c = cells_[xi * lines() + yi];
  const size_t first = xi * plan_.per_x() + yi * plan_.seeds.size();
  c.values.clear();
  for (size_t k = 0; k < plan_.seeds.size(); ++k)
    if (done_[first + k] && measure_index_ < measures_[first + k].size())
      c.values.push_back(measures_[first + k][measure_index_]);
  c.finished = c.values.size();
  const bandada::SweepSummary sum = bandada::summarise(c.values, !categorical_);  // core/run: the CLI's too
  c.mean = sum.mean;
  c.sd = sum.sd;
  c.word = sum.word;
  recolour();
}

std::vector<std::pair<std::string, std::string>> PageSweep::categories() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const SweepCell& c : cells_)
    if (c.finished && std::none_of(out.begin(), out.end(), [&](const auto& p) { return p.first == c.word; }))
      out.emplace_back(c.word, "");
  std::sort(out.begin(), out.end());
  static const char* kColours[] = {"#4c78a8", "#f58518", "#54a24b", "#e45756",
                                   "#b279a2", "#eeca3b", "#9d755d"};
  size_t k = 0;
  for (auto& [word, colour] : out) colour = word == "mixed" ? "#8c8c8c" : kColours[k++ % 7];
  return out;
}

void PageSweep::recolour() {
  if (categorical_) {
    const auto cats = categories();
    for (SweepCell& c : cells_)
      for (const auto& [word, colour] : cats)
        if (c.finished && c.word == word) c.colour = colour;
    return;
  }
  bool any = false;
  for (const SweepCell& c : cells_)
    if (c.finished) {
      lo_ = any ? std::min(lo_, c.mean) : c.mean;
      hi_ = any ? std::max(hi_, c.mean) : c.mean;
      any = true;
    }
  for (SweepCell& c : cells_)
    if (c.finished) c.colour = sweep_colour(hi_ > lo_ ? (c.mean - lo_) / (hi_ - lo_) : 0.5);
}

double PageSweep::elapsed_seconds(double now_ms) const {
  return ((status_ == Status::running ? now_ms : last_ms_) - t0_ms_) / 1000.0;
}

double PageSweep::eta_seconds(double now_ms) const {
  if (finished_ == 0 || status_ != Status::running) return -1;
  const double per = (now_ms - t0_ms_) / 1000.0 / static_cast<double>(finished_);
  return per * static_cast<double>(done_.size() - finished_);
}

std::string PageSweep::csv() const {
  if (status_ != Status::done) return {};
  std::string out = bandada::sweep_header(plan_);
  for (const std::string& line : results_) out += line + "\n";
  return out;
}

std::string PageSweep::link_text(const bandada::ModelSession& s) {
  const SweepDefinition& d = definition(s);
  auto field = [&](size_t i) { return escape(i < s.field_count() ? s.field(i).option() : ""); };
  std::string t = field(d.x) + ":" + escape(d.x_from) + ":" + escape(d.x_to) + ":" + escape(d.x_count) + "~";
  if (d.use_y) t += field(d.y) + ":" + escape(d.y_from) + ":" + escape(d.y_to) + ":" + escape(d.y_count);
  const std::string measure = check(s).empty() ? checked_plan_.names[def_.measure] : std::string();
  return t + "~" + escape(d.seeds) + "~" + escape(d.steps) + "~" + escape(measure);
}

bool PageSweep::open_link_text(const bandada::ModelSession& s, const std::string& text) {
  const std::vector<std::string> parts = bandada::split_text(text, '~');
  if (parts.size() != 5) return false;
  SweepDefinition d = definition(s);
  const std::vector<std::string> x = bandada::split_text(parts[0], ':'),
                                 y = bandada::split_text(parts[1], ':');
  if (x.size() != 4 || (!parts[1].empty() && y.size() != 4)) return false;
  d.x = field_by_option(s, unescape(x[0]));
  if (d.x >= s.field_count()) return false;
  d.x_from = unescape(x[1]);
  d.x_to = unescape(x[2]);
  d.x_count = unescape(x[3]);
  d.use_y = !parts[1].empty();
  if (d.use_y) {
    d.y = field_by_option(s, unescape(y[0]));
    if (d.y >= s.field_count()) return false;
    d.y_from = unescape(y[1]);
    d.y_to = unescape(y[2]);
    d.y_count = unescape(y[3]);
  }
  d.seeds = unescape(parts[2]);
  d.steps = unescape(parts[3]);
  d.measure = 0;
  def_ = d;
  if (check(s).empty())
    for (size_t k = 0; k < checked_plan_.names.size(); ++k)
      if (checked_plan_.names[k] == unescape(parts[4])) def_.measure = k;
  show = true;
  return true;
}

bool PageSweep::load_cell(bandada::ModelSession& s, size_t xi, size_t yi) {
  if (s.info().id != model_ || xi >= columns() || yi >= lines() || cells_.empty()) return false;
  const std::string before = s.saved_text();
  if (!s.open_link(base_share_).ok) return false;
  undo_text_ = before;
  undo_model_ = model_;
  s.edit(field_by_option(s, plan_.x.key), plan_.x.values[xi]);
  if (plan_.has_y) s.edit(field_by_option(s, plan_.y.key), plan_.y.values[yi]);
  loaded_x_ = xi;
  loaded_y_ = yi;
  loaded_ = true;
  return true;
}

bool PageSweep::can_undo_load(const bandada::ModelSession& s) const {
  return !undo_text_.empty() && undo_model_ == s.info().id;
}

void PageSweep::undo_load(bandada::ModelSession& s) {
  if (!can_undo_load(s)) return;
  s.load_saved(undo_text_);
  undo_text_.clear();
  loaded_ = false;
}

void PageSweep::initialize_with_seed(bandada::ModelSession& s, const std::string& seed) {
  web::initialize_with_seed(s, seed);
}

}  // namespace web
