// Bandada — a single run's command line as a RunSpec (see run_args.h): the model first (from
// --model, else from --config's m=, else the default), then its fields, choices and own options
// by the names the model seam gives them. Names no model.
#include "run_args.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "app/registry.h"
#include "app/remote_step.h"
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

/// --help (or -h) as argument `a`: the model's help text is the answer.
bool asks_help(const std::string& a, const ModelSession& s, RunArgs& out) {
  if (a != "--help" && a != "-h") return false;
  out.help = help_text(s);
  return true;
}

bool is_flag(const ModelSession& s, const std::string& name) {
  for (const CliOption& o : s.cli_options())
    if (name == o.name) return !o.arg;
  return false;
}

/// The options every run's command line shares, as typed: the steps (--steps, or the model's own
/// unit), --format and --threads.
struct CommonArgs {
  std::string step_option, steps_name = "--steps", steps_text = "0", format = "json", threads_text;
  bool steps_given = false;
  explicit CommonArgs(const ModelSession& s) : step_option("--" + std::string(s.info().step_word) + "s") {}
  /// Takes `a value` when `a` is one of them.
  bool take(const std::string& a, const std::string& value) {
    if (a != "--format" && a != "--threads" && a != "--steps" && a != step_option) return false;
    (a == "--format" ? format : a == "--threads" ? threads_text : steps_text) = value;
    if (a == "--steps" || a == step_option) {
      steps_name = a;
      steps_given = true;
    }
    return true;
  }
  /// Into the spec; "" or why not.
  std::string read(RunSpec& spec) const {
    if (format != "json" && format != "csv") return "--format must be json or csv";
    const IntegerParse steps = parse_integer_text(steps_text, 100000000);
    if (!steps.ok) return steps_name + " '" + shown(steps_text) + "': " + steps.error;
    spec.steps = steps.value;
    spec.format = format;
    spec.threads = 0;
    return threads_text.empty() ? std::string() : read_threads_text(threads_text, spec.threads);
  }
};

/// KEY=FROM:TO:COUNT; false for text of another shape.
bool read_axis(const std::string& text, SweepAxisSpec& out) {
  const size_t eq = text.find('='), c1 = text.find(':', eq), c2 = text.find(':', c1 + 1);
  if (eq == std::string::npos || c1 == std::string::npos || c2 == std::string::npos) return false;
  out = {text.substr(0, eq), text.substr(eq + 1, c1 - eq - 1), text.substr(c1 + 1, c2 - c1 - 1),
         text.substr(c2 + 1)};
  return true;
}

/// The file (or folder) an option names, read into its setting: a file's text, or a folder's
/// regular files as pack_list (name, text, …) in name order; "" or why not.
std::string read_file_setting(const std::string& option, const std::string& path, RunSpec::Setting& g) {
  constexpr uintmax_t kMax = 64u << 20;
  namespace fs = std::filesystem;
  std::error_code ec;
  auto read = [&](const fs::path& p, std::string& text) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return false;
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return !in.bad();
  };
  if (fs::is_directory(path, ec)) {
    std::vector<fs::path> files;
    for (const fs::directory_entry& e : fs::directory_iterator(path, ec))
      if (e.is_regular_file(ec)) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    std::vector<std::string> parts;
    uintmax_t total = 0;
    for (const fs::path& f : files) {
      total += fs::file_size(f, ec);
      if (total > kMax) return option + " " + shown(path) + ": a folder of at most 64 MB";
      std::string text;
      if (!read(f, text)) return option + " " + shown(path) + ": cannot read " + f.filename().string();
      parts.push_back(f.filename().string());
      parts.push_back(std::move(text));
    }
    g.text = pack_list(parts);
  } else {
    if (fs::file_size(path, ec) > kMax && !ec)
      return option + " " + shown(path) + ": a file of at most 64 MB";
    if (!read(path, g.text)) return option + " " + shown(path) + ": cannot read it (no such file?)";
  }
  g.source = path;
  return {};
}

}  // namespace

std::string read_threads_text(const std::string& text, unsigned& threads) {
  const IntegerParse t = parse_integer_text(text, 1024);
  if (!t.ok || t.value == 0) return "--threads '" + shown(text) + "': a whole number 1 … 1024";
  threads = static_cast<unsigned>(t.value);
  return {};
}

unsigned default_threads() {
  unsigned n = hardware_threads();
  if (const char* slurm = std::getenv("SLURM_CPUS_PER_TASK")) {
    const IntegerParse t = parse_integer_text(slurm, 1024);
    if (t.ok && t.value > 0) n = static_cast<unsigned>(t.value);
  }
#ifdef BANDADA_THREAD_POOL
  n = std::min<unsigned>(n, BANDADA_THREAD_POOL);
#endif
  return n;
}

void run_rows(size_t first, size_t end, unsigned threads, const std::function<void(size_t)>& row) {
  std::atomic<size_t> next{first};
  auto worker = [&] {
    for (size_t r = next++; r < end; r = next++) row(r);
  };
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  threads = 1;  // a build without threads runs every row on the caller's
#endif
  std::vector<std::thread> pool;
  for (size_t t = 1; t < std::min<size_t>(threads, end - std::min(first, end)); ++t)
    pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
}

bool read_whole_lines(const std::string& path, std::string& text) {
  text.clear();
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  std::fclose(f);
  const size_t eol = text.rfind('\n');
  text.resize(eol == std::string::npos ? 0 : eol + 1);
  return true;
}

std::string write_rows_in_order(size_t first, size_t end, unsigned threads, std::FILE* out,
                                const std::function<std::string(size_t, std::string&)>& row) {
  std::vector<std::string> lines(end - first), errors(end - first);
  std::vector<char> ready(end - first, 0);
  std::mutex lock;
  size_t written = 0;
  bool write_failed = false;
  run_rows(first, end, threads, [&](size_t r) {
    std::string line;
    std::string e = row(r, line);
    std::lock_guard<std::mutex> hold(lock);
    lines[r - first] = line + "\n";
    errors[r - first] = e;
    ready[r - first] = 1;
    while (written < lines.size() && ready[written] && errors[written].empty() && !write_failed) {
      const std::string& l = lines[written];
      write_failed = std::fwrite(l.data(), 1, l.size(), out) != l.size() || std::fflush(out) != 0;
      ++written;
    }
  });
  for (const std::string& e : errors)
    if (!e.empty()) return e;
  return write_failed ? "could not write the output" : "";
}

std::string read_run_args(const std::vector<std::string>& args, RunSpec& spec, RunArgs& out) {
  spec = RunSpec();
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
      return "--model needs a value: " + model_list();
    if (!model.empty() && model != args[i + 1])
      return "--model given twice ('" + shown(model) + "', '" + shown(args[i + 1]) + "')";
    model = args[i + 1];
  }
  if (model.empty())
    model = has_config && !share_model(config).empty() ? std::string(share_model(config)) : models()[0].id;
  std::unique_ptr<ModelSession> s = make_session(model);
  if (!s) return "--model must be " + model_list() + " ('" + shown(model) + "' is none of them)";
  spec.model = model;

  CommonArgs common(*s);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (asks_help(a, *s, out)) return {};
    if (a.rfind("--", 0) != 0) return "unexpected '" + shown(a) + "' (options start with --; see --help)";
    const std::string name = a.substr(2);
    RunSpec::Setting g;
    if (is_flag(*s, name)) {
      named_setting(*s, name, nullptr, g);
      spec.settings.push_back(g);
      continue;
    }
    if (i + 1 >= args.size()) return "option " + a + " needs a value (see --help)";
    const std::string value = args[++i];
    if (a == "--model" || a == "--config" || common.take(a, value)) continue;
    std::string e = named_setting(*s, name, &value, g);
    if (e.empty() && g.kind == RunSpec::Setting::Kind::option && s->cli_options()[g.index].reads_file)
      e = read_file_setting(a, value, g);
    if (!e.empty()) return e;
    spec.settings.push_back(g);
  }
  if (common.format != "json" && common.format != "csv") return "--format must be json or csv";
  if (has_config) {
    if (!share_model(config).empty() && share_model(config) != s->info().id)
      return "--config names the model " + std::string(share_model(config)) + ", not " + model;
    spec.has_link = true;
    spec.link = config;
  }
  spec.steps_given = common.steps_given;
  return common.read(spec);
}

std::string read_continue_args(const std::string& text, const std::vector<std::string>& args, RunSpec& spec,
                               RunArgs& out) {
  spec = RunSpec();
  StateFile file;
  std::string why = read_state_file(text, file);
  if (!why.empty()) return "--state: " + why;
  std::unique_ptr<ModelSession> s = session_from_state(file, why);  // a bad file is named first
  if (!s) return "--state: " + why;
  CommonArgs common(*s);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (asks_help(a, *s, out)) return {};
    const std::string& unit = common.step_option;
    if (a != "--model" && !common.take(a, ""))
      return "--state: " + shown(a) +
             " would change the run the file continues; with --state only --steps T (" + "the steps to add" +
             (unit == "--steps" ? "" : ", or " + unit) +
             "), --format, --threads and --model (the file's own, " + file.model + ") apply";
    if (i + 1 >= args.size()) return "option " + a + " needs a value (see --help)";
    const std::string& value = args[++i];
    if (a == "--model" && value != file.model)
      return "--model " + shown(value) + ": the state file holds the " + file.model + " model";
    if (a != "--model") common.take(a, value);
  }
  spec.has_state = true;
  spec.state = std::move(file);
  spec.model = file.model;
  return common.read(spec);
}

std::string read_sweep_args(const std::vector<std::string>& args, SweepSpec& spec) {
  spec = SweepSpec();
  std::string x_text, y_text;
  std::vector<std::string> base;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::string* own = a == "--x"           ? &x_text
                       : a == "--y"         ? &y_text
                       : a == "--seeds"     ? &spec.seeds
                       : a == "--seed-list" ? &spec.seed_list
                       : a == "--measure"   ? &spec.measures
                       : a == "--shard"     ? &spec.shard
                       : a == "--format"    ? &spec.format
                       : a == "--threads"   ? &spec.threads
                                            : nullptr;
    if (a == "--seed") return "--seed is the sweep's: use --seeds S or --seed-list a,b,c";
    if (a == "--steps" && i + 1 < args.size()) {
      spec.steps = args[++i];
      continue;
    }
    if (!own) {
      base.push_back(a);
      continue;
    }
    if (i + 1 >= args.size()) return "option " + a + " needs a value (see sweep --help)";
    *own = args[++i];
  }
  if (x_text.empty()) return "--x KEY=FROM:TO:COUNT is needed (see sweep --help)";
  if (!read_axis(x_text, spec.x))
    return "--x '" + shown(x_text) + "': give KEY=FROM:TO:COUNT, e.g. radius=0.5:3:20";
  spec.has_y = !y_text.empty();
  if (spec.has_y && !read_axis(y_text, spec.y))
    return "--y '" + shown(y_text) + "': give KEY=FROM:TO:COUNT, e.g. radius=0.5:3:20";
  RunArgs parsed;
  return read_run_args(base, spec.base, parsed);
}

}  // namespace bandada
