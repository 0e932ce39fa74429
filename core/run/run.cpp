// Bandada — one run as data (see run.h): the model, the link's fields, then the settings in order,
// checked here once, then Initialize and T steps; or a state file continued. Parses no option
// text and names no model.
#include "run.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "app/registry.h"
#include "app/share_codec.h"
#include "run/state_file.h"

namespace bandada {
namespace {

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
    for (const std::string& w : r.warnings) run.warnings.push_back(w);  // a run that stopped early
    done += chunk;
    if (every && chunk > 0) {
      const std::string e = run.checkpoint(s);
      if (!e.empty()) return e;
    }
  } while (done < n);
  return {};
}

/// The spec's threads (or the run's default), within this build's pool; "" or why not.
std::string pick_threads(const RunSpec& spec, const Run& run, unsigned& threads) {
  threads = spec.threads ? spec.threads : run.default_threads;
  if (spec.threads && run.thread_pool > 0 && spec.threads > run.thread_pool)  // would wait forever
    return "--threads " + std::to_string(spec.threads) + ": this build has a pool of " +
           std::to_string(run.thread_pool) + " threads; ask for at most " + std::to_string(run.thread_pool);
  return {};
}

/// Continues the spec's state file (RunSpec::state) by its steps.
std::string continue_state(const RunSpec& spec, Run& run) {
  const StateFile& file = spec.state;
  std::string why;
  std::unique_ptr<ModelSession> s = session_from_state(file, why);
  if (!s) return "--state: " + why;
  if (!spec.model.empty() && spec.model != file.model)
    return "--model " + shown(spec.model) + ": the state file holds the " + file.model + " model";
  unsigned threads = 1;
  const std::string bad_threads = pick_threads(spec, run, threads);
  if (!bad_threads.empty()) return bad_threads;
  s->place_steps({threads, false, nullptr});
  const std::string ran = run_steps(*s, spec.steps, run, [&](uint64_t n) { return s->compute(n); });
  if (!ran.empty()) return ran;
  run.session = std::move(s);
  run.format = spec.format;
  return {};
}

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

void RunSpec::set_field(size_t index, std::string text) {
  // Last, as a field given again at the end of a command line: after any choice (a preset) that
  // sets it too.
  settings.erase(
      std::remove_if(settings.begin(), settings.end(),
                     [&](const Setting& g) { return g.kind == Setting::Kind::field && g.index == index; }),
      settings.end());
  settings.push_back({Setting::Kind::field, index, std::move(text), 0});
}

std::string named_setting(const ModelSession& s, std::string_view name, const std::string* value,
                          RunSpec::Setting& out) {
  using Kind = RunSpec::Setting::Kind;
  const auto& options = s.cli_options();
  for (size_t k = 0; k < options.size(); ++k) {
    if (name != options[k].name) continue;
    if (!options[k].arg && value) return "--" + std::string(name) + " takes no value";
    if (options[k].arg && !value) return "option --" + std::string(name) + " needs a value (see --help)";
    out = {Kind::option, k, value ? *value : std::string(), 0};
    return {};
  }
  if (!value) return "option --" + std::string(name) + " needs a value (see --help)";
  for (size_t f = 0; f < s.field_count(); ++f)
    if (name == s.field(f).option()) {
      out = {Kind::field, f, *value, 0};
      return {};
    }
  for (size_t c = 0; c < s.choices().size(); ++c) {
    const Choice& ch = s.choices()[c];
    if (name != ch.option()) continue;
    for (size_t k = 0; k < ch.values.size(); ++k)
      if (*value == ch.values[k]) {
        out = {Kind::choice, c, {}, static_cast<int>(k)};
        return {};
      }
    std::string vals;
    for (size_t k = 0; k < ch.values.size(); ++k)
      vals += (k == 0 ? "" : k + 1 == ch.values.size() ? " or " : ", ") + ch.values[k];
    return "--" + std::string(name) + " must be " + vals;
  }
  return "unknown option --" + std::string(name) + " for --model " + s.info().id + " (see --help)";
}

std::string add_named_settings(const ModelSession& model,
                               const std::vector<std::pair<std::string, std::string>>& named, RunSpec& spec) {
  for (const auto& [name, value] : named) {
    RunSpec::Setting g;
    const std::string e = named_setting(model, name, &value, g);
    if (!e.empty()) return e;
    spec.settings.push_back(std::move(g));
  }
  return {};
}

std::vector<std::string> run_options(const RunSpec& spec) {
  std::vector<std::string> out;
  const bool link_names_it = spec.has_link && share_model(spec.link) == spec.model;  // m= says it
  if (!spec.model.empty() && !link_names_it) out.insert(out.end(), {"--model", spec.model});
  if (spec.has_link) out.insert(out.end(), {"--config", spec.link});
  const std::unique_ptr<ModelSession> s = make_session(spec.model.empty() ? models()[0].id : spec.model);
  for (const RunSpec::Setting& g : spec.settings) {
    using Kind = RunSpec::Setting::Kind;
    if (!s) break;
    if (g.kind == Kind::field && g.index < s->field_count())
      out.insert(out.end(), {"--" + std::string(s->field(g.index).option()), g.text});
    if (g.kind == Kind::choice && g.index < s->choices().size()) {
      const Choice& c = s->choices()[g.index];
      if (g.value >= 0 && static_cast<size_t>(g.value) < c.values.size())
        out.insert(out.end(), {"--" + std::string(c.option()), c.values[g.value]});
    }
    if (g.kind == Kind::option && g.index < s->cli_options().size()) {
      out.push_back("--" + std::string(s->cli_options()[g.index].name));
      if (s->cli_options()[g.index].arg) out.push_back(g.source.empty() ? g.text : g.source);
    }
  }
  if (spec.steps_given) out.insert(out.end(), {"--steps", std::to_string(spec.steps)});
  if (spec.threads) out.insert(out.end(), {"--threads", std::to_string(spec.threads)});
  if (spec.format != "json") out.insert(out.end(), {"--format", spec.format});
  return out;
}

std::string prepare(const RunSpec& spec, Run& run) {
  if (spec.has_state) return continue_state(spec, run);
  const std::string model = spec.model.empty() ? std::string(models()[0].id) : spec.model;
  std::unique_ptr<ModelSession> s = make_session(model);
  if (!s) return ("--model must be " + model_list() + " ('" + shown(model) + "' is none of them)");
  if (spec.has_link) {
    CommandResult r = s->open_link(spec.link);
    if (!r.ok) return ("--config: " + r.message);
    for (const std::string& w : r.warnings) run.warnings.push_back("--config: " + w);
  }
  std::vector<bool> explicit_field(s->field_count(), false);
  // A file an option reads (a scenario) is the base, as a link is: the fields and options given
  // beside it replace what it holds, wherever they stand on the command line.
  using Kind = RunSpec::Setting::Kind;
  auto is_base = [&](const RunSpec::Setting& g) {
    return g.kind == Kind::option && g.index < s->cli_options().size() &&
           (s->cli_options()[g.index].reads_file || s->cli_options()[g.index].base);
  };
  std::vector<const RunSpec::Setting*> order;
  for (const RunSpec::Setting& g : spec.settings)
    if (is_base(g)) order.push_back(&g);
  for (const RunSpec::Setting& g : spec.settings)
    if (!is_base(g)) order.push_back(&g);
  for (const RunSpec::Setting* setting : order) {
    const RunSpec::Setting& g = *setting;
    if (g.kind == Kind::field && g.index < s->field_count()) {
      s->edit(g.index, g.text);
      explicit_field[g.index] = true;
    } else if (g.kind == Kind::choice && g.index < s->choices().size()) {
      s->choose(g.index, g.value);
    } else if (g.kind == Kind::option && g.index < s->cli_options().size()) {
      const CliOption& o = s->cli_options()[g.index];
      if (o.writes_file) {
        std::string why = "this run writes no files (a sweep's rows do not)";
        ModelSession::Output out = run.open_output ? run.open_output(g.text, why) : nullptr;
        if (!out) return "--" + std::string(o.name) + " " + shown(g.text) + ": " + why;
        s->attach_output(o.name, std::move(out));
      }
      const std::string notice_before = s->notice();  // a link's, say: not this option's
      const std::string err = s->cli_option(o.name, g.text);
      if (!err.empty()) return (err);
      // What the option's input holds that the model does not use, said once.
      if (!s->notice().empty() && s->notice() != notice_before)
        run.warnings.push_back("--" + std::string(s->cli_options()[g.index].name) + ": " + s->notice());
    } else {
      return "a setting the " + std::string(s->info().id) + " model does not have";
    }
  }
  for (size_t f = 0; f < s->field_count(); ++f) {
    if (s->error(f).empty()) continue;
    if (explicit_field[f])
      return ("--" + std::string(s->field(f).option()) + " '" + shown(s->text(f)) + "': " + s->error(f));
    if (spec.has_link)
      return "--config: " + std::string(s->field(f).label) + " '" + shown(s->text(f)) + "': " + s->error(f);
    return "--" + std::string(s->field(f).option()) + " '" + shown(s->text(f)) +
           "' (its default): " + s->error(f);
  }
  unsigned threads = 1;
  const std::string bad_threads = pick_threads(spec, run, threads);
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
      run_steps(*s, spec.steps, run, [&](uint64_t n) { return s->cli_run(n, spec.steps_given); });
  if (!ran.empty()) return ran;
  run.session = std::move(s);
  run.format = spec.format;
  return {};
}

std::string find_field_option(const ModelSession& model, const std::string& key, size_t& index) {
  std::string keys;
  for (size_t i = 0; i < model.field_count(); ++i) {
    if (key == model.field(i).option()) {
      index = i;
      return {};
    }
    keys += (i ? ", " : "") + std::string(model.field(i).option());
  }
  return "'" + shown(key) + "' is not a field of " + model.info().id + " (" + keys + ")";
}

size_t seed_field_of(const ModelSession& model) {
  for (size_t f = 0; f < model.field_count(); ++f)
    if (std::string_view(model.field(f).option()) == "seed") return f;
  return model.field_count();
}

std::string shell_line(const std::string& program, const std::vector<std::string>& args) {
  std::string out = program;
  for (const std::string& a : args) {
    bool plain = !a.empty();
    for (char c : a)
      plain = plain && (std::isalnum(static_cast<unsigned char>(c)) ||
                        std::string("-_.=:,/").find(c) != std::string::npos);
    std::string quoted = "'";
    for (char c : a) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += " " + (plain ? a : quoted + "'");
  }
  return out;
}

}  // namespace bandada
