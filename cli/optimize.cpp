// Bandada — `bandada-cli optimize`: the particle swarm over a model's fields (core/run/optimize.h).
// Each iteration's runs go in parallel and are logged in order; --resume replays a log, checking
// every line against the optimisation it names, and appends the rest, so a killed and resumed
// optimisation ends with the bytes of one that ran straight through.
#include "run/optimize.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "cli.h"
#include "common/number_text.h"
#include "run_args.h"

namespace bandada {
namespace {

const char* kOptimizeHelp =
    "bandada-cli optimize: a particle swarm searches a model's fields for the best value of a\n"
    "measure; each evaluation is one run of the model, the bytes of that run alone.\n"
    "\n"
    "Usage: bandada-cli optimize --model M --vary KEY=LO:HI [--vary …] --steps T\n"
    "                            --minimize MEASURE | --maximize MEASURE | --fit MEASURE=TARGET…\n"
    "                            [--seeds S] [--robust K]\n"
    "                            [--swarm P] [--iterations I] [--swarm-seed N]\n"
    "                            [--swarm-topology gbest|ring|vonneumann] [--threads N]\n"
    "                            [--out FILE [--resume]] [BASE OPTIONS…]\n"
    "  --vary KEY=LO:HI  a field searched from LO to HI (its option name without dashes, as in\n"
    "                 sweep); a whole-number field takes the nearest whole number\n"
    "  --minimize, --maximize MEASURE  the objective: a measure the model prints (as in sweep)\n"
    "  --fit MEASURE=TARGET  instead, calibrate: minimise the root mean square of the measures'\n"
    "                 relative errors against their targets (repeatable); each run's line gives\n"
    "                 the fitted measures and then its error (fit_error)\n"
    "  --seeds S      each particle is run with seeds 1 … S and scored by the mean (default: one\n"
    "                 run with the model's own --seed)\n"
    "  --robust K     score by mean + K·sd over the seeds (mean − K·sd when maximising)\n"
    "  --swarm P      particles (default 20); --iterations I: moves after the first evaluation\n"
    "                 (default 20), so P·(I + 1)·S runs in all\n"
    "  --swarm-seed N the swarm's own seed (default 1): the same options give the same bytes\n"
    "  --threads N    runs of an iteration in parallel (default: SLURM_CPUS_PER_TASK, else every\n"
    "                 core)\n"
    "  --out FILE     the log goes to FILE (else to stdout), each line whole as soon as it is in\n"
    "  --resume       with --out: replay FILE, check it is this optimisation's, and run only the\n"
    "                 rest (a torn last line is cut); a finished FILE is left as it is\n"
    "  --status       with --out FILE --resume: print 'finished' or 'ITERATION RUNS_IN RUNS'\n"
    "  --task K       with --out FILE --resume: make run K of the iteration under way and print\n"
    "                 its line, writing nothing (a Slurm array's task; scripts/optimize-slurm.sh)\n"
    "  --no-runs      with --out FILE --resume: close an iteration whose runs are all in (its best\n"
    "                 and state lines), run nothing\n"
    "  BASE OPTIONS   fix the model's other fields as in a single run; --config works too\n"
    "The log: '# bandada-cli optimize …' (the command), a header, then for each iteration one\n"
    "line per run (run,ITERATION,PARTICLE,SEED,fields…,MEASURE), the best so far\n"
    "(best,ITERATION,PARTICLE,,fields…,OBJECTIVE) and the swarm's whole state (state,ITERATION,BASE64).\n"
    "A run with no number for the measure counts as the worst. stderr ends with\n"
    "'optimize: ran N evaluations', the runs this call made.\n";

int fail(const std::string& msg) {
  std::fprintf(stderr, "bandada-cli optimize: %s\n", msg.c_str());
  return 2;
}

/// The command line read into a spec; "" or why not.
std::string read_optimize_args(const std::vector<std::string>& args, OptimizeSpec& spec,
                               std::string& threads) {
  std::vector<std::string> base;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::string* own = a == "--seeds"            ? &spec.seeds
                       : a == "--robust"         ? &spec.robust
                       : a == "--swarm"          ? &spec.swarm
                       : a == "--iterations"     ? &spec.iterations
                       : a == "--swarm-seed"     ? &spec.swarm_seed
                       : a == "--swarm-topology" ? &spec.topology
                       : a == "--threads"        ? &threads
                                                 : nullptr;
    const bool vary = a == "--vary", minimize = a == "--minimize", maximize = a == "--maximize",
               fit = a == "--fit";
    if (!own && !vary && !minimize && !maximize && !fit && a != "--steps") {
      base.push_back(a);
      continue;
    }
    if (i + 1 >= args.size()) return "option " + a + " needs a value (see optimize --help)";
    const std::string& v = args[++i];
    if (own) {
      *own = v;
    } else if (a == "--steps") {
      spec.steps = v;
    } else if (vary) {
      const size_t eq = v.find('='), colon = v.find(':', eq == std::string::npos ? 0 : eq);
      if (eq == std::string::npos || colon == std::string::npos || eq == 0)
        return "--vary '" + shown(v) + "': give KEY=LO:HI, e.g. radius=0.5:3";
      spec.vary.push_back({v.substr(0, eq), v.substr(eq + 1, colon - eq - 1), v.substr(colon + 1)});
    } else if (fit) {
      const size_t eq = v.find('=');
      if (eq == std::string::npos || eq == 0)
        return "--fit '" + shown(v) + "': give MEASURE=TARGET, e.g. line1_flow=1.16";
      spec.fit.push_back({v.substr(0, eq), v.substr(eq + 1)});
    } else {
      if (spec.direction != 0) return "give one of --minimize and --maximize, once";
      spec.direction = maximize ? 1 : -1;
      spec.measure = v;
    }
  }
  RunArgs parsed;
  return read_run_args(base, spec.base, parsed);
}

/// Replays a log against the optimisation: `values` the cells of the runs of the iteration under
/// way that are in, `owed` the closing lines of an iteration whose runs are all in but
/// whose best and state lines are not (yet), `keep` the bytes of FILE that stay. "" or why not.
std::string replay(const std::string& path, const std::string& head, Optimizer& opt, const OptimizePlan& plan,
                   std::vector<std::string>& values, std::string& owed, long& keep) {
  values.clear();
  owed.clear();
  keep = 0;
  std::string text;
  if (!read_whole_lines(path, text)) return {};            // nothing yet: from the beginning
  if (head.compare(0, text.size(), text) == 0) return {};  // not even its head whole: from the beginning
  size_t line_no = 1;
  auto refuse = [&](const std::string& why) {
    return "--resume: line " + std::to_string(line_no) + " of " + shown(path) + " " + why +
           "; the file is left as it is";
  };
  if (text.compare(0, head.size(), head) != 0) {
    const std::string first = text.substr(0, text.find('\n'));
    return "--resume: " + shown(path) + " is not this optimisation's log (it begins '" + shown(first) +
           "'); the file is left as it is";
  }
  size_t at = head.size();
  line_no = 3;
  const size_t R = plan.runs_per_iteration();
  while (at < text.size()) {
    if (opt.done()) return refuse("follows the end of the optimisation");
    const size_t eol = text.find('\n', at);
    if (values.size() < R) {
      const std::string prefix = opt.run_prefix(values.size());
      if (text.compare(at, prefix.size(), prefix) != 0 || eol < at + prefix.size())
        return refuse("is not this optimisation's (expected a line starting '" + prefix + "')");
      values.push_back(text.substr(at + prefix.size(), eol - at - prefix.size()));
      at = eol + 1;
      ++line_no;
      continue;
    }
    // Every run of the iteration is in: its closing lines follow, as many as were written.
    const std::string closing = opt.take(values);
    values.clear();
    const size_t have = std::min(closing.size(), text.size() - at);
    if (text.compare(at, have, closing, 0, have) != 0)
      return refuse("is not this optimisation's (expected '" + closing.substr(0, closing.find('\n')) + "')");
    for (size_t k = at; k < at + have; ++k) line_no += text[k] == '\n' ? 1 : 0;
    at += have;
    owed = closing.substr(have);
  }
  if (values.size() == R && owed.empty()) {  // the runs are in, their closing lines are not
    owed = opt.take(values);
    values.clear();
  }
  keep = static_cast<long>(at);
  return {};
}

/// --status and --task K: what a Slurm array needs of a log, which they only read. --status prints
/// "finished" or "ITERATION RUNS_IN RUNS"; --task K runs run K of the iteration under way and
/// prints its line (or prints the log's own line when it is in already).
int read_only(const Optimizer& opt, const OptimizePlan& plan, const std::vector<std::string>& values,
              const std::string& owed, bool status, const std::string& task_text) {
  const size_t R = plan.runs_per_iteration();
  if (!owed.empty())
    return fail("--resume: the log's iteration " + std::to_string(opt.iteration() - 1) +
                " has all its runs but not its best and state lines: close it first (--no-runs)");
  if (status) {
    if (opt.done())
      std::printf("finished\n");
    else
      std::printf("%u %zu %zu\n", opt.iteration(), values.size(), R);
    return 0;
  }
  const IntegerParse k = parse_integer_text(task_text, 1000000000);
  if (opt.done()) return fail("--task: the log is finished: there is no run to make");
  if (!k.ok || k.value >= R)
    return fail("--task '" + shown(task_text) + "': a run of the iteration, 0 … " + std::to_string(R - 1));
  std::string value;
  if (k.value < values.size()) {
    value = values[k.value];
  } else {
    optimize_run(plan, opt, k.value, value);
  }
  std::printf("%s%s\n", opt.run_prefix(k.value).c_str(), value.c_str());
  std::fprintf(stderr, "optimize: ran %d evaluations\n", k.value < values.size() ? 0 : 1);
  return std::fflush(stdout) == 0 ? 0 : fail("could not write the output");
}

}  // namespace

int optimize_main(const std::vector<std::string>& all_args) {
  for (const std::string& a : all_args)
    if (a == "--help" || a == "-h") {
      std::fputs(kOptimizeHelp, stdout);
      return 0;
    }
  std::string out_path, threads_text, task_text;
  bool resume = false, no_runs = false, status = false;
  std::vector<std::string> args;
  for (size_t i = 0; i < all_args.size(); ++i) {
    if (all_args[i] == "--out" || all_args[i] == "--task") {
      if (i + 1 >= all_args.size()) return fail(all_args[i] + " needs a value (see optimize --help)");
      std::string& value = all_args[i] == "--out" ? out_path : task_text;
      value = all_args[++i];
    } else if (all_args[i] == "--resume" || all_args[i] == "--no-runs" || all_args[i] == "--status") {
      (all_args[i] == "--resume" ? resume : all_args[i] == "--no-runs" ? no_runs : status) = true;
    } else {
      args.push_back(all_args[i]);
    }
  }
  if (resume && out_path.empty()) return fail("--resume needs --out FILE: the log it continues");
  if ((no_runs || status || !task_text.empty()) && !resume)
    return fail("--task, --status and --no-runs go with --out FILE --resume: they read its log");
  OptimizeSpec spec;
  OptimizePlan plan;
  std::string err = read_optimize_args(args, spec, threads_text);
  if (err.empty()) err = plan_optimize(spec, plan);
  if (!err.empty()) return fail(err);
  for (const std::string& w : plan.warnings) std::fprintf(stderr, "bandada-cli optimize: %s\n", w.c_str());
  unsigned threads = default_threads();
  if (!threads_text.empty()) {
    const std::string bad = read_threads_text(threads_text, threads);
    if (!bad.empty()) return fail(bad);
  }

  const std::string head = optimize_head(spec, plan);
  Optimizer opt(plan);
  std::vector<std::string> values;  // the measures of the iteration under way, as printed
  std::string owed;                 // closing lines a resumed log still needs
  std::FILE* out = stdout;
  long keep = 0;
  if (!out_path.empty()) {
    if (resume) {
      err = replay(out_path, head, opt, plan, values, owed, keep);
      if (!err.empty()) return fail(err);
    }
    if (status || !task_text.empty()) return read_only(opt, plan, values, owed, status, task_text);
    out = std::fopen(out_path.c_str(), keep > 0 ? "r+b" : "wb");
    if (!out || std::fseek(out, keep, SEEK_SET) != 0)
      return fail("--out '" + shown(out_path) + "': cannot write");
    std::fflush(out);
    if (keep > 0 && ftruncate(fileno(out), keep) != 0)
      return fail("--out '" + shown(out_path) + "': cannot cut its torn line");
  }
  auto write = [&](const std::string& s) {
    return std::fwrite(s.data(), 1, s.size(), out) == s.size() && std::fflush(out) == 0;
  };
  if (keep == 0 && !write(head)) return fail("could not write the output");
  if (!owed.empty() && !write(owed)) return fail("could not write the output");

  size_t ran = 0;
  std::string first_refusal;
  const size_t R = plan.runs_per_iteration();
  while (!opt.done() && !no_runs) {
    const size_t first = values.size();
    std::vector<std::string> got(R - first), refused(R - first);
    err = write_rows_in_order(first, R, threads, out, [&](size_t k, std::string& line) {
      refused[k - first] = optimize_run(plan, opt, k, got[k - first]);
      line = opt.run_prefix(k) + got[k - first];
      return std::string();
    });
    if (!err.empty()) return fail(err);
    for (size_t k = first; k < R && first_refusal.empty(); ++k)
      if (!refused[k - first].empty()) first_refusal = "'" + opt.run_prefix(k) + "': " + refused[k - first];
    ran += R - first;
    values.insert(values.end(), got.begin(), got.end());
    if (!write(opt.take(values))) return fail("could not write the output");
    values.clear();
  }
  if (out != stdout && std::fclose(out) != 0) return fail("could not write the output");

  if (!first_refusal.empty())
    std::fprintf(stderr, "bandada-cli optimize: a run was refused, and counted as the worst: %s\n",
                 first_refusal.c_str());
  if (opt.null_runs() > 0)
    std::fprintf(stderr, "bandada-cli optimize: %zu of %zu runs had no %s (each counted as the worst)\n",
                 opt.null_runs(), plan.runs(), plan.measure.c_str());
  std::string where;
  const std::vector<std::string> best = opt.best_texts();
  for (size_t d = 0; d < best.size(); ++d) where += (d ? ", " : "") + plan.vars[d].key + " " + best[d];
  if (std::isnan(opt.best_objective()))
    std::fprintf(stderr, "optimize: no run gave a value of %s: there is no best\n", plan.measure.c_str());
  else
    std::fprintf(stderr, "optimize: best %s %s at %s (particle %u)\n", plan.measure.c_str(),
                 format_shortest(opt.best_objective()).c_str(), where.c_str(), opt.best_particle());
  std::fprintf(stderr, "optimize: ran %zu evaluations\n", ran);
  return 0;
}

}  // namespace bandada
