// Bandada — the command line of a single run, read into a RunSpec (core/run/run.h): the only
// place that parses a run's options, and the home of their help text. A sweep's and an
// experiment's command lines read their base runs through this too.
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "run/run.h"
#include "run/sweep_plan.h"

namespace bandada {

/// What a command line asked for besides the run: --help, whose text it holds.
struct RunArgs {
  std::string help;  ///< set instead of a run when the arguments asked for --help
};

/// The arguments of a single run (without the program name, without --state, --save-state and
/// --checkpoint-every) as a spec; "" or why not, in the CLI's words.
std::string read_run_args(const std::vector<std::string>& args, RunSpec& spec, RunArgs& out);
/// The arguments that may go with --state FILE (`text`, the file): --steps T (or the model's own
/// unit), --format, --threads and --model naming the file's model; anything else is refused.
std::string read_continue_args(const std::string& text, const std::vector<std::string>& args, RunSpec& spec,
                               RunArgs& out);
/// A sweep's arguments (as after `bandada-cli sweep`) read into a spec, its base run by
/// read_run_args; "" or why not. sweep_args (core) writes a spec back as these arguments.
std::string read_sweep_args(const std::vector<std::string>& args, SweepSpec& spec);
/// --threads' text as a thread count (1 … 1024); "" or why not.
std::string read_threads_text(const std::string& text, unsigned& threads);
/// The threads a command uses by default: SLURM_CPUS_PER_TASK where Slurm set it, else every
/// core (one in a wasm build without threads; at most its pool in one with).
unsigned default_threads();
/// Runs row(r) for every r in [first, end) on up to `threads` threads (the caller's among them),
/// each row on one: the pool a sweep's and an experiment's rows share.
void run_rows(size_t first, size_t end, unsigned threads, const std::function<void(size_t)>& row);
/// FILE's whole lines, for --resume: its text up to and with its last newline (a torn last line,
/// cut off by a kill during a write, is left out). False when there is no FILE.
bool read_whole_lines(const std::string& path, std::string& text);
/// run_rows, each row's line (its newline added) written to `out` in row order, each whole and
/// flushed as soon as every line before it is in, so a kill leaves whole lines in order. `row`
/// returns "" or its error; the first error in row order is returned (no line at or after it is
/// written), or "could not write the output".
std::string write_rows_in_order(size_t first, size_t end, unsigned threads, std::FILE* out,
                                const std::function<std::string(size_t, std::string&)>& row);

}  // namespace bandada
