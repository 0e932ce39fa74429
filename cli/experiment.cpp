// Bandada — `bandada-cli experiment`: a lesson's claim tested (core/run/experiment.h). The rows
// are the page's Experiments tab's, by the same code; the last line is the verdict and its rule.
#include "run/experiment.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/registry.h"
#include "cli.h"
#include "common/number_text.h"
#include "run_args.h"

namespace bandada {
namespace {

const char* kExperimentHelp =
    "bandada-cli experiment: a claim of a model's lesson, measured, with a verdict.\n"
    "\n"
    "Usage: bandada-cli experiment --list [--model ID]\n"
    "       bandada-cli experiment NAME [--seeds S] [--format csv|jsonl] [--threads N]\n"
    "                                   [--set NAME=VALUE ...] [--check]\n"
    "  --list       one line per experiment, NAME first, model by model, each in claim\n"
    "               order (--model ID: that model's only)\n"
    "  --seeds S    seeds 1 … S a point (default: the experiment's own, 5)\n"
    "  --threads N  rows in parallel, each on one thread (default: SLURM_CPUS_PER_TASK,\n"
    "               else every core); timed experiments run their rows one after another\n"
    "               on one thread\n"
    "  --set NAME=VALUE  a field or choice every run gets, before the card's own rows set\n"
    "               theirs (as the model's --help names it, without the dashes); the rule\n"
    "               does not change\n"
    "  --check      check the name and the options as a run would, run nothing, print\n"
    "               nothing; exit 0 when the card would run (as a Slurm array checks its\n"
    "               cards before queueing them)\n"
    "Prints the rows (CSV with a header, or JSON lines), then a last line\n"
    "'verdict: holds: …' or 'verdict: does not hold: …' with the numbers and the rule.\n";

int fail(const std::string& msg) {
  std::fprintf(stderr, "bandada-cli experiment: %s\n", msg.c_str());
  return 2;
}

/// --list: every card (or one model's), a line each: its name, its heading and its claim.
int list_experiments(const std::string& model) {
  std::string out;
  for (const Experiment& e : experiments()) {
    if (!model.empty() && e.model != model) continue;
    const std::string h = experiment_heading(e);  // "claim 3", or the card's own ("RiMEA 1")
    out += e.name + "\t" + (e.heading.empty() ? "claim" + h.substr(5) : h) + ": " + e.claim_text + "\n";
  }
  std::fputs(out.c_str(), stdout);
  return 0;
}

/// The card's rows on `threads` threads, printed in order, then its verdict.
int run_experiment(const Experiment& e, size_t seeds, unsigned threads, const std::string& format) {
  const size_t rows = experiment_rows(e, seeds);
  std::vector<std::string> lines(rows), errors(rows);
  std::vector<std::vector<std::string>> values(rows);
  run_rows(0, rows, threads,
           [&](size_t r) { errors[r] = experiment_row(e, seeds, r, format, lines[r], values[r]); });
  for (const std::string& err : errors)
    if (!err.empty()) return fail(err);
  std::string out = format == "csv" ? experiment_header(e) : std::string();
  for (const std::string& line : lines) out += line + "\n";
  out += verdict_line(e, e.judge(tabulate(e, seeds, values))) + "\n";
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size()) return fail("could not write the output");
  return 0;
}

}  // namespace

int experiment_main(const std::vector<std::string>& args) {
  std::string name, format = "csv", seeds_text, threads_text, model;
  NamedSettings extra;  // --set: before the card's own settings
  bool list = false, check = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= args.size()) return false;
      out = args[++i];
      return true;
    };
    if (a == "--help" || a == "-h") {
      std::fputs(kExperimentHelp, stdout);
      return 0;
    } else if (a == "--list") {
      list = true;
    } else if (a == "--check") {
      check = true;
    } else if (a == "--seeds" || a == "--format" || a == "--threads" || a == "--model") {
      if (!value(a == "--seeds"    ? seeds_text
                 : a == "--format" ? format
                 : a == "--model"  ? model
                                   : threads_text))
        return fail(a + " needs a value");
    } else if (a == "--set") {
      std::string pair;
      if (!value(pair)) return fail("--set needs NAME=VALUE");
      const size_t eq = pair.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == pair.size())
        return fail("--set '" + shown(pair) + "': NAME=VALUE, a field or choice of the card's model");
      extra.push_back({pair.substr(0, eq), pair.substr(eq + 1)});
    } else if (a.rfind("--", 0) == 0) {
      return fail("unknown option '" + shown(a) + "' (see bandada-cli experiment --help)");
    } else if (name.empty()) {
      name = a;
    } else {
      return fail("one experiment at a time: '" + shown(name) + "' and '" + shown(a) + "'");
    }
  }
  if (!model.empty() && !make_session(model))
    return fail("--model must be " + model_list() + " ('" + shown(model) + "' is none of them)");
  if (!model.empty() && !list)
    return fail("--model chooses what --list shows; an experiment names its model");
  if (list) return list_experiments(model);
  if (name.empty()) return fail("name an experiment (bandada-cli experiment --list shows them)");
  const Experiment* found = find_experiment(name);
  if (!found) {
    std::string names;
    for (const Experiment& x : experiments()) names += (names.empty() ? "" : ", ") + x.name;
    return fail("no experiment called '" + shown(name) + "' (" + names + ")");
  }
  Experiment card = *found;
  card.base.insert(card.base.begin(), extra.begin(), extra.end());
  const Experiment* e = &card;
  if (!extra.empty()) {  // a name the model does not have is refused before any run
    RunSpec spec;
    const std::string bad = experiment_spec(card, 0, 0, spec);
    if (!bad.empty()) return fail("--set: " + bad);
  }
  if (e->kind == Experiment::Kind::opens) {
    std::string line = "bandada-cli --model " + e->model;
    for (const auto& [name, value] : e->base) line += " --" + name + " " + value;
    for (const auto& [name, value] : e->try_it) line += " --" + name + " " + value;
    return fail(e->name +
                " is measured by a view of the lab, not by rows: its page card opens it; on the "
                "command line, " +
                line + " --steps T");
  }
  if (format != "csv" && format != "jsonl") return fail("--format '" + shown(format) + "': csv or jsonl");
  size_t seeds = e->seeds;
  if (!seeds_text.empty()) {
    const IntegerParse s = parse_integer_text(seeds_text, 1000);
    if (!s.ok || s.value == 0) return fail("--seeds '" + shown(seeds_text) + "': a whole number 1 … 1000");
    seeds = static_cast<size_t>(s.value);
  }
  unsigned threads = default_threads();
  if (!threads_text.empty()) {
    const std::string bad = read_threads_text(threads_text, threads);
    if (!bad.empty()) return fail(bad);
  }
  if (e->kind == Experiment::Kind::timed) threads = 1;
  if (check) return 0;

  return run_experiment(*e, seeds, threads, format);
}

}  // namespace bandada
