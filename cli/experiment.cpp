// Bandada — `bandada-cli experiment`: a lesson's claim tested (core/run/experiment.h). The rows
// are the page's Experiments tab's, by the same code; the last line is the verdict and its rule.
#include "run/experiment.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "cli.h"
#include "common/number_text.h"
#include "common/parallel.h"

namespace bandada {
namespace {

const char* kExperimentHelp =
    "bandada-cli experiment: a claim of a model's lesson, measured, with a verdict.\n"
    "\n"
    "Usage: bandada-cli experiment --list\n"
    "       bandada-cli experiment NAME [--seeds S] [--format csv|jsonl] [--threads N]\n"
    "  --list       one line per experiment, NAME first, in claim order\n"
    "  --seeds S    seeds 1 … S a point (default: the experiment's own, 5)\n"
    "  --threads N  rows in parallel, each on one thread (default: every core); timed\n"
    "               experiments run their rows one after another on one thread\n"
    "Prints the rows (CSV with a header, or JSON lines), then a last line\n"
    "'verdict: holds: …' or 'verdict: does not hold: …' with the numbers and the rule.\n";

int fail(const std::string& msg) {
  std::fprintf(stderr, "bandada-cli experiment: %s\n", msg.c_str());
  return 2;
}

}  // namespace

int experiment_main(const std::vector<std::string>& args) {
  std::string name, format = "csv", seeds_text, threads_text;
  bool list = false;
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
    } else if (a == "--seeds" || a == "--format" || a == "--threads") {
      if (!value(a == "--seeds" ? seeds_text : a == "--format" ? format : threads_text))
        return fail(a + " needs a value");
    } else if (a.rfind("--", 0) == 0) {
      return fail("unknown option '" + shown(a) + "' (see bandada-cli experiment --help)");
    } else if (name.empty()) {
      name = a;
    } else {
      return fail("one experiment at a time: '" + shown(name) + "' and '" + shown(a) + "'");
    }
  }
  if (list) {
    std::string out;
    for (const Experiment& e : experiments())
      out += e.name + "\tclaim " + std::to_string(e.claim) + ": " + e.claim_text + "\n";
    std::fputs(out.c_str(), stdout);
    return 0;
  }
  if (name.empty()) return fail("name an experiment (bandada-cli experiment --list shows them)");
  const Experiment* e = find_experiment(name);
  if (!e) {
    std::string names;
    for (const Experiment& x : experiments()) names += (names.empty() ? "" : ", ") + x.name;
    return fail("no experiment called '" + shown(name) + "' (" + names + ")");
  }
  if (e->kind == Experiment::Kind::opens) {
    std::string line = "bandada-cli";
    for (const std::string& a : e->base) line += " " + a;
    for (const std::string& a : e->try_it) line += " " + a;
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
  size_t threads = hardware_threads();
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  threads = 1;
#endif
  if (!threads_text.empty()) {
    const IntegerParse t = parse_integer_text(threads_text, 1024);
    if (!t.ok || t.value == 0)
      return fail("--threads '" + shown(threads_text) + "': a whole number 1 … 1024");
    threads = static_cast<size_t>(t.value);
  }
  if (e->kind == Experiment::Kind::timed) threads = 1;

  const size_t rows = experiment_rows(*e, seeds);
  std::vector<std::string> lines(rows), errors(rows);
  std::vector<std::vector<std::string>> values(rows);
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t r = next++; r < rows; r = next++)
      errors[r] = experiment_row(*e, seeds, r, format, lines[r], values[r]);
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < std::min(threads, rows); ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  for (const std::string& err : errors)
    if (!err.empty()) return fail(err);
  std::string out = format == "csv" ? experiment_header(*e) : std::string();
  for (const std::string& line : lines) out += line + "\n";
  out += verdict_line(*e, e->judge(tabulate(*e, seeds, values))) + "\n";
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size()) return fail("could not write the output");
  return 0;
}

}  // namespace bandada
