// Bandada — the swarm as an optimiser over a model's fields (see optimize.h).
#include "optimize.h"

#include <cmath>

#include "common/number_text.h"
#include "run/row.h"
#include "run/state_file.h"
#include "run/sweep_plan.h"

namespace bandada {
namespace {

/// "" or why the range of `field` from lo to hi cannot be searched.
std::string check_range(const FieldInfo& f, const OptimizeVary& v, OptimizeVar& out) {
  const std::string name = "--vary " + v.key;
  const RealParse lo = parse_real_text(v.lo), hi = parse_real_text(v.hi);
  if (!lo.ok) return name + ": from '" + shown(v.lo) + "': " + lo.error;
  if (!hi.ok) return name + ": to '" + shown(v.hi) + "': " + hi.error;
  if (lo.value == hi.value) return name + ": the range " + v.lo + ":" + v.hi + " is empty (give LO < HI)";
  if (lo.value > hi.value) return name + ": the range " + v.lo + ":" + v.hi + " is reversed (give LO < HI)";
  for (const std::string* end : {&v.lo, &v.hi}) {
    const FieldCheck c = check_field_text(f, *end);
    if (!c.ok) return name + ": " + *end + " is outside the field's limits: " + c.error;
  }
  out.key = v.key;
  out.lo = lo.value;
  out.hi = hi.value;
  out.integer = f.integer;
  return {};
}

}  // namespace

/// The last cell of a run line's measures: the objective's.
static std::string last_cell(const std::string& cells) {
  const size_t comma = cells.rfind(',');
  return comma == std::string::npos ? cells : cells.substr(comma + 1);
}

double optimize_value(const std::string& text) {
  const double v = measure_text_number(text);
  return std::isfinite(v) ? v : NAN;
}

std::vector<std::string> optimize_args(const OptimizeSpec& spec) {
  std::vector<std::string> out = run_options(spec.base);
  if (spec.steps) out.insert(out.end(), {"--steps", *spec.steps});
  for (const OptimizeVary& v : spec.vary) out.insert(out.end(), {"--vary", v.key + "=" + v.lo + ":" + v.hi});
  if (spec.fit.empty())
    out.insert(out.end(), {spec.direction > 0 ? "--maximize" : "--minimize", spec.measure});
  for (const OptimizeFit& f : spec.fit) out.insert(out.end(), {"--fit", f.measure + "=" + f.target});
  if (!spec.seeds.empty()) out.insert(out.end(), {"--seeds", spec.seeds});
  if (!spec.robust.empty()) out.insert(out.end(), {"--robust", spec.robust});
  out.insert(out.end(),
             {"--swarm", spec.swarm, "--iterations", spec.iterations, "--swarm-seed", spec.swarm_seed});
  if (spec.topology != "gbest") out.insert(out.end(), {"--swarm-topology", spec.topology});
  return out;
}

std::string optimize_spec_text(const OptimizeSpec& spec, const std::vector<std::string>& values) {
  std::string t = base_spec_text(spec.base);
  if (t.empty()) return {};
  if (spec.steps) t += "steps\t" + *spec.steps + "\n";
  for (const OptimizeVary& v : spec.vary) t += "vary\t" + v.key + '\t' + v.lo + '\t' + v.hi + "\n";
  if (spec.direction != 0) t += (spec.direction > 0 ? "maximize\t" : "minimize\t") + spec.measure + "\n";
  for (const OptimizeFit& f : spec.fit) t += "fit\t" + f.measure + '\t' + f.target + "\n";
  t += "seeds\t" + spec.seeds + "\nrobust\t" + spec.robust + "\nswarm\t" + spec.swarm + "\niterations\t" +
       spec.iterations + "\nswarm-seed\t" + spec.swarm_seed + "\nswarm-topology\t" + spec.topology + "\n";
  for (const std::string& v : values) t += "value\t" + v + "\n";
  return t;
}

std::string read_optimize_spec_text(const std::string& text, OptimizeSpec& spec,
                                    std::vector<std::string>& values) {
  spec = OptimizeSpec();
  values.clear();
  return read_plan_text(text, "optimisation", spec.base,
                        [&](const std::vector<std::string>& f, const std::string& rest) {
                          const std::string& key = f[0];
                          std::string* own = key == "seeds"            ? &spec.seeds
                                             : key == "robust"         ? &spec.robust
                                             : key == "swarm"          ? &spec.swarm
                                             : key == "iterations"     ? &spec.iterations
                                             : key == "swarm-seed"     ? &spec.swarm_seed
                                             : key == "swarm-topology" ? &spec.topology
                                                                       : nullptr;
                          if (own) {
                            *own = rest;
                          } else if (key == "steps") {
                            spec.steps = rest;
                          } else if (key == "vary" && f.size() == 4) {
                            spec.vary.push_back({f[1], f[2], f[3]});
                          } else if ((key == "minimize" || key == "maximize") && spec.direction == 0) {
                            spec.direction = key == "maximize" ? 1 : -1;
                            spec.measure = rest;
                          } else if (key == "fit" && f.size() == 3) {
                            spec.fit.push_back({f[1], f[2]});
                          } else if (key == "value") {
                            values.push_back(rest);
                          } else {
                            return false;
                          }
                          return true;
                        });
}

namespace {

/// The fields that vary and their ranges, against the model's fields; "" or why not.
std::string plan_vars(const OptimizeSpec& spec, const ModelSession& model, OptimizePlan& plan) {
  std::string err;
  if (spec.vary.empty()) return "--vary KEY=LO:HI is needed: the fields to search (see optimize --help)";
  if (spec.vary.size() > 30) return "--vary: at most 30 fields";
  for (const OptimizeVary& v : spec.vary) {
    size_t f = 0;
    err = find_field_option(model, v.key, f);
    if (!err.empty()) return "--vary: " + err;
    if (f == plan.seed_field) return "--vary: the seed is not searched: give --seeds S to average over seeds";
    for (const OptimizeVar& o : plan.vars)
      if (o.field == f) return "--vary: " + v.key + " is given twice";
    OptimizeVar var;
    err = check_range(model.field(f), v, var);
    if (!err.empty()) return err;
    var.field = f;
    plan.vars.push_back(var);
  }
  return {};
}

/// The seeds, the robustness and the swarm; "" or why not.
std::string plan_swarm(const OptimizeSpec& spec, const ModelSession& model, OptimizePlan& plan) {
  std::string err;
  if (spec.seeds.empty()) {
    if (plan.seed_field == model.field_count())
      plan.seeds = {""};
    else
      plan.seeds = {model.text(plan.seed_field)};
  } else {
    if (plan.seed_field == model.field_count())
      return "--seeds: " + plan.model + " has no seed field (its runs are the same for every seed)";
    const IntegerParse n = parse_integer_text(spec.seeds, 1000);
    if (!n.ok || n.value == 0) return "--seeds '" + shown(spec.seeds) + "': a whole number 1 … 1000";
    for (uint64_t k = 1; k <= n.value; ++k) plan.seeds.push_back(std::to_string(k));
  }
  if (!spec.robust.empty()) {
    const RealParse k = parse_real_text(spec.robust);
    if (!k.ok || k.value < 0 || k.value > 100)
      return "--robust '" + shown(spec.robust) + "': a number 0 … 100";
    plan.robust = k.value;
  }
  const IntegerParse p = parse_integer_text(spec.swarm, 10000);
  if (!p.ok || p.value < 2)
    return "--swarm '" + shown(spec.swarm) + "': a whole number 2 … 10000 (particles)";
  plan.particles = static_cast<uint32_t>(p.value);
  const IntegerParse it = parse_integer_text(spec.iterations, 100000);
  if (!it.ok) return "--iterations '" + shown(spec.iterations) + "': a whole number 0 … 100000";
  plan.iterations = static_cast<uint32_t>(it.value);
  const IntegerParse ss = parse_integer_text(spec.swarm_seed, 4294967295ull);
  if (!ss.ok) return "--swarm-seed '" + shown(spec.swarm_seed) + "': " + ss.error;
  plan.swarm_seed = static_cast<uint32_t>(ss.value);
  if (spec.topology == "gbest")
    plan.swarm.topology = SwarmTopology::gbest;
  else if (spec.topology == "ring")
    plan.swarm.topology = SwarmTopology::ring;
  else if (spec.topology == "vonneumann")
    plan.swarm.topology = SwarmTopology::vonneumann;
  else
    return "--swarm-topology '" + shown(spec.topology) + "': gbest, ring or vonneumann";
  err = swarm_topology_fits(plan.swarm.topology, plan.particles);
  if (!err.empty()) return "--swarm " + std::to_string(plan.particles) + ": " + err;
  plan.swarm.boundary = SwarmBoundary::absorb;  // each field stays in its range
  if (plan.runs() > 100000000)
    return "at most 100 000 000 runs (this asks " + std::to_string(plan.runs()) + ")";
  return {};
}

/// Every corner of the box is a run the model accepts (a field another one bounds can be valid
/// at one end and not at the other); past 8 fields, each end alone. "" or the first refused.
std::string check_corners(const OptimizeSpec& spec, const OptimizePlan& plan) {
  std::string err;
  const size_t D = plan.vars.size();
  const size_t corners = D <= 8 ? size_t{1} << D : 2 * D;
  for (size_t c = 0; c < corners; ++c) {
    RunSpec row = plan.base;
    std::string where;
    for (size_t d = 0; d < D; ++d) {
      const bool high = D <= 8 ? (c >> d) & 1 : c == 2 * d + 1;
      if (D > 8 && c / 2 != d) continue;
      const std::string& t = high ? spec.vary[d].hi : spec.vary[d].lo;
      row.set_field(plan.vars[d].field, t);
      where += (where.empty() ? "" : ", ") + plan.vars[d].key + " " + t;
    }
    Run check;
    check.stop = Run::Stop::checked;
    err = prepare(row, check);
    if (!err.empty()) return "--vary: at " + where + ": " + err;
  }
  return {};
}

/// The measure and the direction, or the targets a fit aims at; "" or why not.
std::string plan_objective(const OptimizeSpec& spec, const ModelSession& model, OptimizePlan& plan) {
  const std::vector<ModelSession::Measure> measures = model.measures();
  std::string all;
  for (const ModelSession::Measure& m : measures) all += (all.empty() ? "" : ", ") + m.name;
  auto check = [&](const std::string& name) -> std::string {
    for (const ModelSession::Measure& m : measures)
      if (m.name == name)
        return m.numeric ? "" : "measure '" + m.name + "' is a word, not a number: it cannot be optimised";
    return "measure '" + shown(name) + "': " + plan.model + " measures " + all;
  };
  if (spec.direction != 0 && !spec.fit.empty()) return "give --minimize, --maximize or --fit, not both";
  if (!spec.fit.empty()) {
    for (const OptimizeFit& f : spec.fit) {
      std::string err = check(f.measure);
      if (!err.empty()) return "--fit: " + err;
      const RealParse t = parse_real_text(f.target);
      if (!t.ok || t.value == 0)
        return "--fit " + f.measure + ": the target '" + shown(f.target) + "' is not a number other than 0";
      for (const OptimizeFit& g : plan.fits)
        if (g.measure == f.measure) return "--fit: " + f.measure + " is given twice";
      plan.fits.push_back(f);
      plan.targets.push_back(t.value);
    }
    plan.measure = "fit_error";
    return {};
  }
  if (spec.direction == 0)
    return "give --minimize MEASURE, --maximize MEASURE or --fit MEASURE=TARGET (" + plan.model +
           " measures " + all + ")";
  const std::string err = check(spec.measure);
  if (!err.empty()) return err;
  plan.measure = spec.measure;
  plan.maximize = spec.direction > 0;
  return {};
}

}  // namespace

std::string plan_optimize(const OptimizeSpec& spec, OptimizePlan& plan) {
  plan = OptimizePlan();
  plan.base = spec.base;
  if (spec.steps) {
    const IntegerParse steps = parse_integer_text(*spec.steps, 100000000);
    if (!steps.ok) return "--steps '" + shown(*spec.steps) + "': " + steps.error;
    plan.base.steps = steps.value;
    plan.base.steps_given = true;
  }
  Run probe;
  probe.stop = Run::Stop::initialized;  // the model, its fields and its measures' names
  std::string err = prepare(plan.base, probe);
  if (!err.empty()) return err;
  plan.warnings = probe.warnings;
  const ModelSession& model = *probe.session;
  plan.model = model.info().id;
  plan.seed_field = seed_field_of(model);

  err = plan_vars(spec, model, plan);
  if (!err.empty()) return err;
  err = plan_objective(spec, model, plan);
  if (!err.empty()) return err;
  err = plan_swarm(spec, model, plan);
  if (err.empty()) err = check_corners(spec, plan);
  return err;
}

std::string optimize_head(const OptimizeSpec& spec, const OptimizePlan& plan) {
  std::string out =
      "# " + shell_line("bandada-cli optimize", optimize_args(spec)) + "\nkind,iteration,particle,seed";
  for (const OptimizeVar& v : plan.vars) out += "," + v.key;
  for (const OptimizeFit& f : plan.fits) out += "," + f.measure;
  return out + "," + plan.measure + "\n";
}

std::string optimize_cells(const OptimizePlan& plan, const RowResult* result) {
  if (plan.fits.empty()) return result ? result->text(plan.measure) : "";
  // Each fitted measure as the run printed it, then the root mean square of their relative
  // errors, summed in the order given; a measure with no number leaves the error empty.
  std::string out;
  double sq = 0;
  bool null = !result;
  for (size_t k = 0; k < plan.fits.size(); ++k) {
    const std::string text = result ? result->text(plan.fits[k].measure) : "";
    const double v = optimize_value(text), e = (v - plan.targets[k]) / plan.targets[k];
    null = null || std::isnan(v);
    sq += null ? 0.0 : e * e;
    out += text + ",";
  }
  return out + (null ? "" : format_double(std::sqrt(sq / static_cast<double>(plan.fits.size()))));
}

Optimizer::Optimizer(const OptimizePlan& plan) : plan_(plan), best_objective_(NAN) {
  std::vector<double> lo, hi;
  for (const OptimizeVar& v : plan.vars) {
    lo.push_back(v.lo);
    hi.push_back(v.hi);
  }
  swarm_ = swarm_place(plan.particles, lo, hi, plan.swarm_seed);
}

std::vector<std::string> Optimizer::texts(const double* x) const {
  std::vector<std::string> out;
  for (size_t d = 0; d < plan_.vars.size(); ++d)
    out.push_back(plan_.vars[d].integer ? std::to_string(static_cast<long long>(std::floor(x[d] + 0.5)))
                                        : format_shortest(x[d]));
  return out;
}

std::vector<std::string> Optimizer::particle_texts(uint32_t i) const {
  return texts(&swarm_.x[size_t{i} * swarm_.D]);
}

std::vector<std::string> Optimizer::best_texts() const {
  return texts(&swarm_.best_x[size_t{leader_} * swarm_.D]);
}

RunSpec Optimizer::run_spec(size_t k) const {
  const size_t S = plan_.seeds.size(), particle = k / S;
  RunSpec row = plan_.base;
  const std::vector<std::string> t = particle_texts(static_cast<uint32_t>(particle));
  for (size_t d = 0; d < t.size(); ++d) row.set_field(plan_.vars[d].field, t[d]);
  if (!plan_.seeds[k % S].empty()) row.set_field(plan_.seed_field, plan_.seeds[k % S]);
  return row;
}

std::string Optimizer::run_prefix(size_t k) const {
  const size_t S = plan_.seeds.size(), particle = k / S;
  std::string out =
      "run," + std::to_string(iteration_) + "," + std::to_string(particle) + "," + plan_.seeds[k % S];
  for (const std::string& t : particle_texts(static_cast<uint32_t>(particle))) out += "," + t;
  return out + ",";
}

std::string Optimizer::take(const std::vector<std::string>& values) {
  const size_t S = plan_.seeds.size();
  std::vector<SwarmScore> scores(plan_.particles);
  objectives_.assign(plan_.particles, NAN);
  for (uint32_t i = 0; i < plan_.particles; ++i) {
    // The mean over the seeds in order, and the standard deviation (n − 1) when it counts.
    std::vector<double> v(S);
    double sum = 0;
    bool null = false;
    for (size_t s = 0; s < S; ++s) {
      v[s] = optimize_value(last_cell(values[i * S + s]));
      null = null || std::isnan(v[s]);
      null_runs_ += std::isnan(v[s]) ? 1 : 0;
      sum += std::isnan(v[s]) ? 0.0 : v[s];
    }
    const double mean = sum / static_cast<double>(S);
    double sq = 0;
    for (size_t s = 0; s < S && !null; ++s) sq += (v[s] - mean) * (v[s] - mean);
    const double sd = S > 1 ? std::sqrt(sq / static_cast<double>(S - 1)) : 0.0;
    const double objective = plan_.maximize ? mean - plan_.robust * sd : mean + plan_.robust * sd;
    if (!null) objectives_[i] = objective;
    // Smaller is better to the swarm; a run with no number is worse than any number.
    scores[i] = {0, null ? INFINITY : plan_.maximize ? -objective : objective};
  }
  swarm_take(swarm_, scores);
  leader_ = swarm_leader(swarm_);
  const double b = swarm_.best[leader_].value;
  best_objective_ = std::isinf(b) ? NAN : plan_.maximize ? -b : b;
  std::string out = "best," + std::to_string(iteration_) + "," + std::to_string(leader_) + ",";
  for (const std::string& t : best_texts()) out += "," + t;
  out += std::string(plan_.fits.size(), ',');  // a fit's measures are the runs'; the best has none
  out += "," + (std::isnan(best_objective_) ? std::string() : format_double(best_objective_)) + "\n";
  ++iteration_;
  if (!done()) swarm_move(swarm_, plan_.swarm);
  return out + "state," + std::to_string(iteration_ - 1) + "," + base64(swarm_pack(swarm_)) + "\n";
}

std::string OptimizeReplay::load(const std::string& text) {
  opt_.reset();
  OptimizeSpec spec;
  std::vector<std::string> values;
  std::string err = read_optimize_spec_text(text, spec, values);
  if (err.empty()) err = plan_optimize(spec, plan_);
  if (!err.empty()) return err;
  const size_t R = plan_.runs_per_iteration();
  if (values.size() % R != 0 || values.size() / R > plan_.iterations)
    return "the optimisation's plan has " + std::to_string(values.size()) +
           " runs' values: not whole iterations";
  opt_ = std::make_unique<Optimizer>(plan_);
  for (size_t at = 0; at < values.size(); at += R)
    opt_->take(std::vector<std::string>(values.begin() + static_cast<long>(at),
                                        values.begin() + static_cast<long>(at + R)));
  return {};
}

std::string optimize_run(const OptimizePlan& plan, const Optimizer& opt, size_t k, std::string& cells) {
  RowResult result;
  const std::string refused = run_row(opt.run_spec(k), result);
  // A point the model refuses (a field another one bounds) has no value: the worst.
  cells = optimize_cells(plan, refused.empty() ? &result : nullptr);
  return refused;
}

std::string OptimizeReplay::run(size_t k, std::string& line, std::string& cells) const {
  if (!opt_ || k >= plan_.runs_per_iteration()) return "no such run";
  optimize_run(plan_, *opt_, k, cells);
  line = opt_->run_prefix(k) + cells;
  return {};
}

}  // namespace bandada
