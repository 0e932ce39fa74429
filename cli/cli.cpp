// Bandada — bandada-cli, the headless front end: any registered model, its fields, choices and
// own options from the model seam, run for T steps and printed as JSON or CSV. Built natively
// and for wasm (run under Node); both must print the same bytes. Names no model.
#include "cli.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/registry.h"
#include "common/number_text.h"
#include "common/parallel.h"
#include "run/state_file.h"
#include "run_args.h"

namespace bandada {
namespace {

int fail(const std::string& msg) {
  std::fprintf(stderr, "bandada-cli: %s\n", msg.c_str());
  return 2;
}

/// The whole file, or nothing when it cannot be read.
std::optional<std::string> read_file(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return std::nullopt;
  std::string out;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  const bool ok = !std::ferror(f);
  std::fclose(f);
  if (!ok) return std::nullopt;
  return out;
}

/// Writes `text` to `path` atomically: a temporary file beside it, then a rename over it, so a
/// kill at any moment leaves either the old file or the new one, whole. "" or why not.
std::string write_file_atomically(const std::string& path, const std::string& text) {
  const std::string temp = path + ".tmp";
  std::FILE* f = std::fopen(temp.c_str(), "wb");
  if (!f) return "cannot write '" + shown(temp) + "'";
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !ok) {
    std::remove(temp.c_str());
    return "cannot write '" + shown(temp) + "'";
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::remove(temp.c_str());
    return "cannot move '" + shown(temp) + "' to '" + shown(path) + "'";
  }
  return {};
}

/// --checkpoint-every counts the model's steps: "" or why a spec has none to count (a model's
/// own option that runs something else, such as single phases).
std::string checkpoints_counted(const RunSpec& spec) {
  std::unique_ptr<ModelSession> s = make_session(spec.model);
  if (!s) return {};
  for (const RunSpec::Setting& g : spec.settings)
    if (g.kind == RunSpec::Setting::Kind::option && g.index < s->cli_options().size() &&
        s->cli_options()[g.index].uncounted)
      return "--checkpoint-every counts " + std::string(s->info().step_word) + "s; with --" +
             s->cli_options()[g.index].name + " there are none to count";
  return {};
}

}  // namespace

int cli_main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "sweep") return sweep_main({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "experiment") return experiment_main({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "optimize") return optimize_main({args.begin() + 1, args.end()});
  Run run;
  // A single run uses every core (or the cores Slurm gave the task) unless --threads says.
  run.default_threads = default_threads();
#ifdef BANDADA_THREAD_POOL
  run.thread_pool = BANDADA_THREAD_POOL;
#endif
  // State files: read and written here (the run itself is core's), so the wasm CLI under Node
  // reads and writes them on the host too.
  std::string state_path, save_path, every_text;
  std::vector<std::string> rest;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--state" || a == "--save-state" || a == "--checkpoint-every") {
      if (i + 1 >= args.size()) return fail("option " + a + " needs a value (see --help)");
      (a == "--state" ? state_path : a == "--save-state" ? save_path : every_text) = args[++i];
    } else {
      rest.push_back(a);
    }
  }
  if (!every_text.empty()) {
    const IntegerParse k = parse_integer_text(every_text, 100000000);
    if (!k.ok || k.value == 0)
      return fail("--checkpoint-every '" + shown(every_text) + "': a whole number 1 … 100000000");
    if (save_path.empty()) return fail("--checkpoint-every needs --save-state FILE: the file it rewrites");
    run.checkpoint_every = k.value;
    run.checkpoint = [&save_path](const ModelSession& s) {
      const std::string e = write_file_atomically(save_path, write_state_file(s));
      return e.empty() ? e : "--checkpoint-every: " + e;
    };
  }
  RunSpec spec;
  RunArgs parsed;
  std::string error;
  if (!state_path.empty()) {
    const std::optional<std::string> text = read_file(state_path);
    error = text ? read_continue_args(*text, rest, spec, parsed)
                 : "--state '" + shown(state_path) + "': cannot be read";
  } else {
    error = read_run_args(rest, spec, parsed);
  }
  if (error.empty() && parsed.help.empty() && run.checkpoint_every > 0) error = checkpoints_counted(spec);
  if (!error.empty()) return fail(error);
  if (!parsed.help.empty()) {
    std::fputs(parsed.help.c_str(), stdout);
    return 0;
  }
  // A model's writes_file option (trajectories, say): the file, streamed as the run goes.
  run.open_output = [](const std::string& path, std::string& why) -> ModelSession::Output {
    std::shared_ptr<FILE> f(std::fopen(path.c_str(), "wb"), [](FILE* p) {
      if (p) std::fclose(p);
    });
    if (!f) {
      why = "cannot be written";
      return nullptr;
    }
    return [f](std::string_view text) { std::fwrite(text.data(), 1, text.size(), f.get()); };
  };
  error = prepare(spec, run);
  for (const std::string& w : run.warnings) std::fprintf(stderr, "bandada-cli: %s\n", w.c_str());
  if (!error.empty()) return fail(error);
  const ModelSession& s = *run.session;
  const std::string out = run.format == "csv" ? s.export_csv() : s.export_json();
  if (out.empty()) return fail("--format " + run.format + " is not available for --model " + s.info().id);
  if (!save_path.empty()) {
    const std::string state = write_state_file(s);
    if (state.empty()) return fail("--save-state: nothing to save");
    const std::string e = write_file_atomically(save_path, state);
    if (!e.empty()) return fail("--save-state: " + e);
  }
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size()) return fail("could not write the output");
  return 0;
}

}  // namespace bandada
