// Bandada — one run as data: the options of a single run (as `bandada-cli` takes them, and as a
// sweep's rows and the page's sweep workers build them), checked once, here, and run. The CLI
// and the page both fill and read this; neither includes the other.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/model_session.h"

namespace bandada {

/// One run as the command line describes it, done: the session after its steps.
struct Run {
  std::unique_ptr<ModelSession> session;
  std::string format = "json";
  std::string help;                   ///< set instead when the arguments asked for --help
  std::vector<std::string> warnings;  ///< values --config refused and replaced (the run goes on)
  /// Threads for the step when --threads is not given (the CLI: every core; a sweep's rows: 1).
  unsigned default_threads = 1;
  /// Threads this build can start at most (a wasm build's pool made before main); 0: no limit.
  unsigned thread_pool = 0;
  /// Where to stop early: once the fields are checked (no Initialize), or after Initialize (no steps).
  enum class Stop { never, checked, initialized } stop = Stop::never;
  /// Every this many steps of the run (0: never), `checkpoint` is called with the session; an
  /// error it returns stops the run with that error. The CLI writes a state file there.
  uint64_t checkpoint_every = 0;
  std::function<std::string(const ModelSession&)> checkpoint;
};

/// Builds, initializes and runs the model the arguments (without the program name) describe;
/// returns "" or the message that explains why not. A sweep runs each of its rows through this,
/// so every row is exactly the single run with those options.
std::string prepare_run(const std::vector<std::string>& args, Run& run);

/// Continues a state file's run (run/state_file.h; `state_text` is the file): the arguments may
/// only say how many more steps (--steps T, or the model's own unit), --format, --threads and
/// --model naming the file's own model; anything that would change the model is refused.
/// Returns "" or why not (a bad file is named: "--state: its checksum does not match…").
std::string continue_run(std::string_view state_text, const std::vector<std::string>& args, Run& run);

/// The registered model ids as a list ("a, b or c"), and a value cut for an error line.
std::string model_list();
std::string shown(std::string_view value);

}  // namespace bandada
