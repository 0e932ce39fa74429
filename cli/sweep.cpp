// Bandada — `bandada-cli sweep`: one or two of a model's parameters over a grid, several seeds a
// cell, each row exactly the single run with those fields (core/run/sweep_plan.h), printed in a fixed
// order. --shard I/N takes the I-th contiguous block of rows, so shards concatenated in order
// equal the whole output byte for byte; --threads runs rows in parallel, each row on one thread.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli.h"
#include "common/number_text.h"
#include "run/sweep_plan.h"
#include "run_args.h"

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
    "  --out FILE     write to FILE instead of stdout: each row, whole, as soon as every row\n"
    "                 before it is in (so a kill leaves whole rows in order)\n"
    "  --resume       with --out: continue FILE after its last whole row (a torn last line is\n"
    "                 rewritten); a missing or empty FILE starts from the beginning\n"
    "  BASE OPTIONS   fix the other fields as in a single run; --config works too\n"
    "Rows come x-major, then y, then seed; each row's measures are bit-identical to a single\n"
    "bandada-cli run of that configuration for those steps.\n";

int fail(const std::string& msg) {
  std::fprintf(stderr, "bandada-cli sweep: %s\n", msg.c_str());
  return 2;
}

/// Cuts the open file to `size` bytes.
int truncate_file(std::FILE* f, long size) {
  std::fflush(f);
  return ftruncate(fileno(f), size);
}

}  // namespace

/// What FILE already holds of this shard's rows: whole lines (a torn last one cut off), checked
/// against the plan's own rows, so a FILE of another sweep is refused rather than continued.
/// Returns "" or why not; `done` rows are in, `keep` bytes of FILE stay.
std::string resume_point(const std::string& path, const SweepPlan& plan, const std::string& header,
                         size_t begin, size_t end, size_t& done, long& keep) {
  done = 0;
  keep = 0;
  std::string text;
  if (!read_whole_lines(path, text)) return {};  // nothing yet: from the beginning
  size_t at = 0;
  if (!header.empty() && !text.empty()) {
    if (text.compare(0, header.size(), header) != 0)
      return "--resume: " + shown(path) + " does not start with this sweep's header";
    at = header.size();
  }
  for (size_t r = begin; at < text.size(); ++r, ++done) {
    const size_t eol = text.find('\n', at);
    if (r >= end) return "--resume: " + shown(path) + " has more rows than this shard";
    // The row's own grid values and seed lead its line (CSV) or object (JSON lines).
    if (text.compare(at, sweep_row_prefix(plan, r).size(), sweep_row_prefix(plan, r)) != 0)
      return "--resume: row " + std::to_string(r) + " of " + shown(path) + " is not this sweep's";
    at = eol + 1;
  }
  keep = static_cast<long>(header.empty() || !text.empty() ? text.size() : 0);
  return {};
}

int sweep_main(const std::vector<std::string>& all_args) {
  for (const std::string& a : all_args)
    if (a == "--help" || a == "-h") {
      std::fputs(kSweepHelp, stdout);
      return 0;
    }
  std::string out_path;
  bool resume = false;
  std::vector<std::string> args;
  for (size_t i = 0; i < all_args.size(); ++i) {
    if (all_args[i] == "--out") {
      if (i + 1 >= all_args.size()) return fail("--out needs a FILE");
      out_path = all_args[++i];
    } else if (all_args[i] == "--resume") {
      resume = true;
    } else {
      args.push_back(all_args[i]);
    }
  }
  if (resume && out_path.empty()) return fail("--resume needs --out FILE: the file it continues");
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

  unsigned threads = default_threads();  // rows in parallel, each on one thread
  if (!plan.threads.empty()) {
    const std::string bad = read_threads_text(plan.threads, threads);
    if (!bad.empty()) return fail(bad);
  }

  const std::string header = plan.format == "csv" && shard_i.value == 0 ? sweep_header(plan) : std::string();
  size_t first = begin;
  std::FILE* out = stdout;
  if (!out_path.empty()) {
    size_t done = 0;
    long keep = 0;
    if (resume) {
      const std::string e = resume_point(out_path, plan, header, begin, end, done, keep);
      if (!e.empty()) return fail(e);
    }
    // Open for update without truncating, then cut to what stays (nothing unless resuming).
    out = std::fopen(out_path.c_str(), keep > 0 ? "r+b" : "wb");
    if (!out || std::fseek(out, keep, SEEK_SET) != 0)
      return fail("--out '" + shown(out_path) + "': cannot write");
    if (keep > 0 && truncate_file(out, keep) != 0)
      return fail("--out '" + shown(out_path) + "': cannot cut its torn line");
    first = begin + done;
    if (done > 0)
      std::fprintf(stderr, "bandada-cli sweep: resuming %s after its %zu whole rows\n",
                   shown(out_path).c_str(), done);
    if (keep == 0 && !header.empty() && std::fwrite(header.data(), 1, header.size(), out) != header.size())
      return fail("could not write the output");
    std::fflush(out);
  } else if (!header.empty() && std::fwrite(header.data(), 1, header.size(), out) != header.size()) {
    return fail("could not write the output");
  }

  // Rows run in parallel and are written in order, each whole, as soon as every row before it is in.
  const std::string e = write_rows_in_order(first, end, threads, out, [&](size_t r, std::string& line) {
    RowResult m;
    return sweep_row(plan, r, line, m);
  });
  if (!e.empty()) return fail(e);
  if (out != stdout && std::fclose(out) != 0) return fail("could not write the output");
  return 0;
}

}  // namespace bandada
