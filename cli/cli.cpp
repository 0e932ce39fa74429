// Bandada — bandada-cli, the headless front end: any registered model, its fields, choices and
// own options from the model seam, run for T steps and printed as JSON or CSV. Built natively
// and for wasm (run under Node); both must print the same bytes. Names no model.
#include "cli.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "common/number_text.h"
#include "common/parallel.h"

namespace bandada {
namespace {

int fail(const std::string& msg) {
  std::fprintf(stderr, "bandada-cli: %s\n", msg.c_str());
  return 2;
}

}  // namespace

int cli_main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "sweep") return sweep_main({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "experiment") return experiment_main({args.begin() + 1, args.end()});
  Run run;
  // A single run uses every core (or the cores Slurm gave the task) unless --threads says.
  run.default_threads = hardware_threads();
  if (const char* slurm = std::getenv("SLURM_CPUS_PER_TASK")) {
    const IntegerParse t = parse_integer_text(slurm, 1024);
    if (t.ok && t.value > 0) run.default_threads = static_cast<unsigned>(t.value);
  }
#ifdef BANDADA_THREAD_POOL
  run.thread_pool = BANDADA_THREAD_POOL;
  run.default_threads = std::min<unsigned>(run.default_threads, BANDADA_THREAD_POOL);
#endif
  const std::string error = prepare_run(args, run);
  for (const std::string& w : run.warnings) std::fprintf(stderr, "bandada-cli: %s\n", w.c_str());
  if (!error.empty()) return fail(error);
  if (!run.help.empty()) {
    std::fputs(run.help.c_str(), stdout);
    return 0;
  }
  const ModelSession& s = *run.session;
  const std::string out = run.format == "csv" ? s.export_csv() : s.export_json();
  if (out.empty()) return fail("--format " + run.format + " is not available for --model " + s.info().id);
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size()) return fail("could not write the output");
  return 0;
}

}  // namespace bandada
