// Bandada — `bandada-cli sweep`: one or two of a model's parameters over a grid, several seeds a
// cell, each row exactly the single run with those options (prepare_run), printed in a fixed
// order. --shard I/N takes the I-th contiguous block of rows, so shards concatenated in order
// equal the whole output byte for byte; --threads runs rows in parallel, each row on one thread.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "cli.h"
#include "common/number_text.h"
#include "run/sweep_plan.h"

namespace bandada {
namespace {

const char* kSweepHelp =
    "bandada-cli sweep: a model over a grid of one or two parameters, several seeds a cell.\n"
    "\n"
    "Usage: bandada-cli sweep --model M --x KEY=FROM:TO:COUNT [--y KEY=FROM:TO:COUNT] --seeds S\n"
    "                         --steps T [--measure m1,m2,…] [--shard I/N] [--format csv|jsonl]\n"
    "                         [--threads N] [BASE OPTIONS…]\n"
    "  KEY            a field's option name without dashes (e.g. radius, w-sep, feedback)\n"
    "  FROM:TO:COUNT  COUNT values from FROM to TO, evenly spaced; a whole-number field takes\n"
    "                 each value rounded to the nearest whole number (the output shows it)\n"
    "  --seeds S      seeds 1 … S (or --seed-list a,b,c)\n"
    "  --measure      what to print (default: every measure the model has)\n"
    "  --shard I/N    only the I-th (from 0) of N contiguous blocks of rows; shard 0 alone prints\n"
    "                 the header, so the shards concatenated in order equal the whole output\n"
    "  --threads N    rows in parallel (default: SLURM_CPUS_PER_TASK, else every core)\n"
    "  BASE OPTIONS   fix the other fields as in a single run; --config works too\n"
    "Rows come x-major, then y, then seed; each row's measures are bit-identical to a single\n"
    "bandada-cli run of that configuration for those steps.\n";

int fail(const std::string& msg) {
  std::fprintf(stderr, "bandada-cli sweep: %s\n", msg.c_str());
  return 2;
}

}  // namespace

int sweep_main(const std::vector<std::string>& args) {
  for (const std::string& a : args)
    if (a == "--help" || a == "-h") {
      std::fputs(kSweepHelp, stdout);
      return 0;
    }
  SweepPlan plan;
  SweepSpec spec;
  std::string err = read_sweep_args(args, spec);
  if (err.empty()) err = plan_sweep(spec, plan);
  if (!err.empty()) return fail(err);
  for (const std::string& w : plan.warnings) std::fprintf(stderr, "bandada-cli sweep: %s\n", w.c_str());

  // Rows x-major, then y, then seed; this shard's contiguous block of them.
  const size_t total = plan.rows();
  const size_t slash = plan.shard.find('/');
  const IntegerParse shard_i = parse_integer_text(plan.shard.substr(0, slash), 1000000);
  const IntegerParse shard_n =
      parse_integer_text(slash == std::string::npos ? "" : plan.shard.substr(slash + 1), 1000000);
  if (!shard_i.ok || !shard_n.ok || shard_n.value == 0 || shard_i.value >= shard_n.value)
    return fail("--shard '" + shown(plan.shard) + "': give I/N with 0 ≤ I < N, e.g. 3/8");
  const size_t begin = static_cast<size_t>(total * shard_i.value / shard_n.value);
  const size_t end = static_cast<size_t>(total * (shard_i.value + 1) / shard_n.value);

  size_t threads = 1;
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
  const char* slurm = std::getenv("SLURM_CPUS_PER_TASK");
  const std::string wanted = !plan.threads.empty() ? plan.threads : slurm ? std::string(slurm) : "";
  if (!wanted.empty()) {
    const IntegerParse t = parse_integer_text(wanted, 1024);
    if (!t.ok || t.value == 0) return fail("--threads '" + shown(wanted) + "': a whole number 1 … 1024");
    threads = static_cast<size_t>(t.value);
  } else {
    threads = std::max(1u, std::thread::hardware_concurrency());
  }
#endif

  std::vector<std::string> lines(end - begin), errors(end - begin);
  std::atomic<size_t> next{begin};
  auto worker = [&] {
    std::vector<ModelSession::Measure> m;
    for (size_t r = next++; r < end; r = next++) errors[r - begin] = sweep_row(plan, r, lines[r - begin], m);
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < std::min(threads, end - begin); ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  for (const std::string& e : errors)
    if (!e.empty()) return fail(e);

  std::string out = plan.format == "csv" && shard_i.value == 0 ? sweep_header(plan) : std::string();
  for (const std::string& line : lines) out += line + "\n";
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size()) return fail("could not write the output");
  return 0;
}

}  // namespace bandada
