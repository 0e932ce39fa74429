// Bandada — one run as options (see run.h): the model first (from --model, else from --config's
// m=, else the default), then its fields, choices and own options from the model seam, checked
// here once, then Initialize and T steps. Names no model.
#include "run.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/registry.h"
#include "app/share_codec.h"
#include "common/number_text.h"
#include "common/parallel.h"
#include "run/state_file.h"

namespace bandada {
namespace {

void pad(std::string& s, size_t col) {
  if (s.size() < col)
    s.append(col - s.size(), ' ');
  else
    s += "  ";
}

std::string help_text(const ModelSession& m) {
  std::string h =
      "bandada-cli: run a Bandada model headless and print its state.\n\nUsage: bandada-cli [--model ID] "
      "[options]\n";
  auto line = [&h](std::string left, const std::string& right) {
    left = "  " + left;
    pad(left, 22);
    h += left + right + "\n";
  };
  line("--model ID", "the model: " + model_list() + " (default " + models()[0].id + ")");
  const std::string word = m.info().step_word;  // "step", or a model's own unit ("cycle")
  line("--steps T",
       word + "s of 0.04 s to run (default 0" + (word == "step" ? ")" : "; also --" + word + "s)"));
  line("--config STRING", "a share string from the web app's link (the part after '#');");
  line("", "explicit options override its fields; it may name the model (m=…)");
  line("--format json|csv", "output format (default json)");
  line("--threads N", "threads a step may use (default: SLURM_CPUS_PER_TASK, else every core); same bits");
  line("--save-state FILE", "write the whole state to FILE at the end (docs/state-files.md)");
  line("--checkpoint-every K", "with --save-state: rewrite FILE every K steps (atomically)");
  line("--state FILE", "continue FILE's run: --steps T adds T steps; only --steps, --format,");
  line("", "--threads, --save-state, --checkpoint-every and --model (its own) apply");
  line("--help", "this text (--model ID --help: that model's options)");
  h += "\nOptions of the " + std::string(m.info().title) + " (--model " + m.info().id + "):\n";
  for (size_t i = 0; i < m.field_count(); ++i)
    line("--" + std::string(m.field(i).option()) + (m.field(i).integer ? " N" : " X"),
         std::string(m.field(i).label) + ": " + m.field(i).help);
  for (const Choice& c : m.choices()) {
    std::string vals;
    for (size_t k = 0; k < c.values.size(); ++k) vals += (k ? "|" : "") + c.values[k];
    line("--" + std::string(c.option()) + " " + vals, c.label);
  }
  for (const CliOption& o : m.cli_options())
    line("--" + std::string(o.name) + (o.arg ? " " + std::string(o.arg) : std::string()), o.help);
  h +=
      "\nNumbers use the app's grammar: 1.5, 1,5, -2e-3; omitted options take the app's defaults.\n"
      "JSON is the model's state after T steps, every number with 17 significant digits (see docs/models/).\n"
      "Errors go to stderr with exit code 2 and nothing on stdout.\n";
  return h;
}

/// n steps of a run, with its checkpoints: the first chunk through `first` (the CLI's own
/// options apply there once), the rest through compute().
template <class First>
std::string run_steps(ModelSession& s, uint64_t n, Run& run, First first) {
  const uint64_t every = run.checkpoint && run.checkpoint_every > 0 ? run.checkpoint_every : 0;
  uint64_t done = 0;
  do {
    const uint64_t chunk = every ? std::min(every, n - done) : n - done;
    const CommandResult r = done == 0 ? first(chunk) : s.compute(chunk);
    if (!r.ok) return r.message;
    done += chunk;
    if (every && chunk > 0) {
      const std::string e = run.checkpoint(s);
      if (!e.empty()) return e;
    }
  } while (done < n);
  return {};
}

/// --threads' text (or the run's default) as a thread count; "" or why not.
std::string read_threads(const std::string& text, Run& run, unsigned& threads) {
  threads = run.default_threads;
  if (text.empty()) return {};
  const IntegerParse t = parse_integer_text(text, 1024);
  if (!t.ok || t.value == 0) return "--threads '" + shown(text) + "': a whole number 1 … 1024";
  if (run.thread_pool > 0 && t.value > run.thread_pool)  // more would wait for threads that never start
    return "--threads " + std::to_string(t.value) + ": this build has a pool of " +
           std::to_string(run.thread_pool) + " threads; ask for at most " + std::to_string(run.thread_pool);
  threads = static_cast<unsigned>(t.value);
  return {};
}

struct Given {
  enum class Kind { field, choice, extra } kind;
  size_t index;
  std::string name, value;
};

}  // namespace

/// A value as an error line shows it: at most 60 characters.
std::string shown(std::string_view v) {
  if (v.size() <= 60) return std::string(v);
  return std::string(v.substr(0, 60)) + "… (" + std::to_string(v.size()) + " characters)";
}

std::string model_list() {
  std::string s;
  for (size_t i = 0; i < models().size(); ++i)
    s += (i == 0 ? "" : i + 1 == models().size() ? " or " : ", ") + std::string(models()[i].id);
  return s;
}

std::string prepare_run(const std::vector<std::string>& args, Run& run) {
  // The model first: from --model, else from --config's m=, else the default.
  std::string model, config;
  bool has_config = false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--config" && i + 1 < args.size()) {
      config = args[i + 1];
      has_config = true;
    }
    if (args[i] != "--model") continue;
    if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0)
      return ("--model needs a value: " + model_list());
    if (!model.empty() && model != args[i + 1])
      return ("--model given twice ('" + shown(model) + "', '" + shown(args[i + 1]) + "')");
    model = args[i + 1];
  }
  if (model.empty())
    model = has_config && !share_model(config).empty() ? std::string(share_model(config)) : models()[0].id;
  std::unique_ptr<ModelSession> s = make_session(model);
  if (!s) return ("--model must be " + model_list() + " ('" + shown(model) + "' is none of them)");

  const std::string step_option = "--" + std::string(s->info().step_word) + "s";
  std::string steps_text = "0", steps_name = "--steps", format = "json", threads_text;
  bool steps_given = false;
  std::vector<Given> given;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      run.help = help_text(*s);
      return {};
    }
    if (a.rfind("--", 0) != 0) return ("unexpected '" + shown(a) + "' (options start with --; see --help)");
    const std::string name = a.substr(2);
    const CliOption* extra = nullptr;
    for (const CliOption& o : s->cli_options())
      if (name == o.name) extra = &o;
    if (extra && !extra->arg) {
      given.push_back({Given::Kind::extra, 0, name, ""});
      continue;
    }
    if (i + 1 >= args.size()) return ("option " + a + " needs a value (see --help)");
    const std::string value = args[++i];
    if (a == "--model" || a == "--config") continue;
    if (a == "--format") {
      format = value;
      continue;
    }
    if (a == "--threads") {
      threads_text = value;
      continue;
    }
    if (a == "--steps" || a == step_option) {
      steps_text = value;
      steps_name = a;
      steps_given = true;
      continue;
    }
    if (extra) {
      given.push_back({Given::Kind::extra, 0, name, value});
      continue;
    }
    bool known = false;
    for (size_t f = 0; f < s->field_count() && !known; ++f)
      if (name == s->field(f).option()) {
        given.push_back({Given::Kind::field, f, name, value});
        known = true;
      }
    for (size_t c = 0; c < s->choices().size() && !known; ++c)
      if (name == s->choices()[c].option()) {
        given.push_back({Given::Kind::choice, c, name, value});
        known = true;
      }
    if (!known) return ("unknown option " + a + " for --model " + model + " (see --help)");
  }
  if (format != "json" && format != "csv") return ("--format must be json or csv");

  if (has_config) {
    if (!share_model(config).empty() && share_model(config) != s->info().id)
      return ("--config names the model " + std::string(share_model(config)) + ", not " + model);
    CommandResult r = s->open_link(config);
    if (!r.ok) return ("--config: " + r.message);
    for (const std::string& w : r.warnings) run.warnings.push_back("--config: " + w);
  }
  std::vector<bool> explicit_field(s->field_count(), false);
  for (const Given& g : given) {
    if (g.kind == Given::Kind::field) {
      s->edit(g.index, g.value);
      explicit_field[g.index] = true;
    } else if (g.kind == Given::Kind::choice) {
      const Choice& c = s->choices()[g.index];
      int at = -1;
      for (size_t k = 0; k < c.values.size(); ++k)
        if (g.value == c.values[k]) at = static_cast<int>(k);
      if (at < 0) {
        std::string vals;
        for (size_t k = 0; k < c.values.size(); ++k)
          vals += (k == 0 ? "" : k + 1 == c.values.size() ? " or " : ", ") + c.values[k];
        return ("--" + g.name + " must be " + vals);
      }
      s->choose(g.index, at);
    } else {
      std::string err = s->cli_option(g.name, g.value);
      if (!err.empty()) return (err);
    }
  }
  for (size_t f = 0; f < s->field_count(); ++f) {
    if (s->error(f).empty()) continue;
    if (explicit_field[f])
      return ("--" + std::string(s->field(f).option()) + " '" + shown(s->text(f)) + "': " + s->error(f));
    if (has_config)
      return "--config: " + std::string(s->field(f).label) + " '" + shown(s->text(f)) + "': " + s->error(f);
    return "--" + std::string(s->field(f).option()) + " '" + shown(s->text(f)) +
           "' (its default): " + s->error(f);
  }
  IntegerParse steps = parse_integer_text(steps_text, 100000000);
  if (!steps.ok) return (steps_name + " '" + shown(steps_text) + "': " + steps.error);

  unsigned threads = 1;
  const std::string bad_threads = read_threads(threads_text, run, threads);
  if (!bad_threads.empty()) return bad_threads;
  s->place_steps({threads, false, nullptr});
  if (run.stop == Run::Stop::checked) {
    run.session = std::move(s);
    return {};
  }
  CommandResult init = s->command("initialize");
  if (!init.ok) return (init.message);
  if (run.stop == Run::Stop::initialized) {
    run.session = std::move(s);
    return {};
  }
  const std::string ran =
      run_steps(*s, steps.value, run, [&](uint64_t n) { return s->cli_run(n, steps_given); });
  if (!ran.empty()) return ran;
  run.session = std::move(s);
  run.format = format;
  return {};
}

std::string continue_run(std::string_view state_text, const std::vector<std::string>& args, Run& run) {
  StateFile file;
  std::string why = read_state_file(state_text, file);
  if (!why.empty()) return "--state: " + why;
  std::unique_ptr<ModelSession> s = session_from_state(file, why);
  if (!s) return "--state: " + why;
  const std::string step_option = "--" + std::string(s->info().step_word) + "s";
  std::string steps_text = "0", steps_name = "--steps", format = "json", threads_text;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      run.help = help_text(*s);
      return {};
    }
    const bool allowed =
        a == "--model" || a == "--steps" || a == step_option || a == "--format" || a == "--threads";
    if (!allowed)
      return "--state: " + shown(a) +
             " would change the run the file continues; with --state only --steps T (" + "the steps to add" +
             (step_option == "--steps" ? "" : ", or " + step_option) +
             "), --format, --threads and --model (the file's own, " + file.model + ") apply";
    if (i + 1 >= args.size()) return "option " + a + " needs a value (see --help)";
    const std::string& value = args[++i];
    if (a == "--model" && value != file.model)
      return "--model " + shown(value) + ": the state file holds the " + file.model + " model";
    if (a == "--format") format = value;
    if (a == "--threads") threads_text = value;
    if (a == "--steps" || a == step_option) {
      steps_text = value;
      steps_name = a;
    }
  }
  if (format != "json" && format != "csv") return ("--format must be json or csv");
  const IntegerParse steps = parse_integer_text(steps_text, 100000000);
  if (!steps.ok) return steps_name + " '" + shown(steps_text) + "': " + steps.error;
  unsigned threads = 1;
  const std::string bad_threads = read_threads(threads_text, run, threads);
  if (!bad_threads.empty()) return bad_threads;
  s->place_steps({threads, false, nullptr});
  const std::string ran = run_steps(*s, steps.value, run, [&](uint64_t n) { return s->compute(n); });
  if (!ran.empty()) return ran;
  run.session = std::move(s);
  run.format = format;
  return {};
}

}  // namespace bandada
