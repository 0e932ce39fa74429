// Bandada — one run as data (RunSpec): the model, its field texts and choices by index, its own
// options, steps, threads and format; checked once, here, and run. The CLI fills one from its
// command line (cli/run_args.h), a sweep's rows and an experiment's points from their plans, the
// page from its session; none of them parses another's text.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/model_session.h"
#include "run/state_file.h"

namespace bandada {

/// One run, done: the session after its steps (or stopped early), and what it warned of.
struct Run {
  std::unique_ptr<ModelSession> session;
  std::string format = "json";
  std::vector<std::string> warnings;  ///< values the link refused and replaced (the run goes on)
  /// Threads for the step when the spec gives none (the CLI: every core; a sweep's rows: 1).
  unsigned default_threads = 1;
  /// Threads this build can start at most (a wasm build's pool made before main); 0: no limit.
  unsigned thread_pool = 0;
  /// Where to stop early: once the fields are checked (no Initialize), or after Initialize (no steps).
  enum class Stop { never, checked, initialized } stop = Stop::never;
  /// Every this many steps of the run (0: never), `checkpoint` is called with the session; an
  /// error it returns stops the run with that error. The CLI writes a state file there.
  uint64_t checkpoint_every = 0;
  std::function<std::string(const ModelSession&)> checkpoint;
  /// Opens the file a model's writes_file option names (the CLI streams it): where its text goes,
  /// or null with `why`. Unset: such options are refused (a sweep's rows write no files).
  std::function<ModelSession::Output(const std::string& path, std::string& why)> open_output;
};

/// One run as data: what a front end asks for (the CLI from its command line, a sweep's row, an
/// experiment's point, the page's Try it), with no option text in it. `prepare` builds the model,
/// applies the link, then the settings in order, checks every field, initializes and runs.
struct RunSpec {
  std::string model;      ///< a registered model's id ("" : the first registered)
  bool has_link = false;  ///< a share string's fields are read first (the CLI's --config)
  std::string link;
  struct Setting {
    enum class Kind { field, choice, option } kind = Kind::field;
    size_t index = 0;      ///< into the model's fields, choices or cli_options()
    std::string text;      ///< a field's raw text, or an option's value ("" for a flag)
    int value = 0;         ///< a choice's value index
    std::string source{};  ///< the file an option that reads one was given (its text is `text`)
  };
  std::vector<Setting> settings;  ///< applied in order, after the link: a later one wins
  uint64_t steps = 0;
  bool steps_given = false;  ///< the user named the step count (a model's own counting may differ)
  unsigned threads = 0;      ///< threads a step may use; 0: the run's default_threads
  std::string format = "json";
  /// A state file, read once (read_state_file): the run continues it (then only steps, threads and
  /// format apply, and `model`, if set, must be the file's).
  bool has_state = false;
  StateFile state;

  /// Sets field `index` to `text` last, in place of any earlier setting of it.
  void set_field(size_t index, std::string text);
};

/// The setting a field, choice or model option of `model` is known by (its option name: radius,
/// search, preset), with its value; "" or why not (no such name, a choice value it does not
/// have, a value an option without one was given, or none given one that needs it).
std::string named_setting(const ModelSession& model, std::string_view name, const std::string* value,
                          RunSpec::Setting& out);
/// Settings by name, in order, onto a spec of `model`'s; "" or the first why not.
std::string add_named_settings(const ModelSession& model,
                               const std::vector<std::pair<std::string, std::string>>& named, RunSpec& spec);

/// The spec as the CLI's options, for a command line to show ("On the command line"): --model
/// (unless the link names it), --config, every setting by its option name, --steps when given, --threads and
/// --format when not the defaults. The CLI reads them back to the same spec (cli/run_args.h).
std::vector<std::string> run_options(const RunSpec& spec);

/// Builds, initializes and runs the spec (or continues its state file); "" or why not. A sweep
/// runs each of its rows through this, so every row is exactly the single run with those fields.
std::string prepare(const RunSpec& spec, Run& run);

/// The field whose option name is `key`: its index in `index`; "" or "'key' is not a field of M
/// (every field's option name)".
std::string find_field_option(const ModelSession& model, const std::string& key, size_t& index);
/// The index of the model's field named "seed" (its option), or field_count() when it has none.
size_t seed_field_of(const ModelSession& model);

/// A command line to show or paste into a shell: the program, then each argument, quoted ('…')
/// unless it is only letters, digits and -_.=:,/.
std::string shell_line(const std::string& program, const std::vector<std::string>& args);

/// The registered model ids as a list ("a, b or c"), and a value cut for an error line.
std::string model_list();
std::string shown(std::string_view value);

}  // namespace bandada
