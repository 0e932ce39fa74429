// Bandada — `bandada-cli sweep`: one or two of a model's parameters over a grid, several seeds a
// cell, each row exactly the single run with those options (prepare_run), printed in a fixed
// order. --shard I/N takes the I-th contiguous block of rows, so shards concatenated in order
// equal the whole output byte for byte; --threads runs rows in parallel, each row on one thread.
#include "sweep.h"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "cli.h"
#include "model/number_text.h"

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

/// KEY=FROM:TO:COUNT against the model's fields; "" or why not.
std::string parse_axis(const std::string& spec, const ModelSession& s, const char* which, SweepAxis& out) {
  const size_t eq = spec.find('='), c1 = spec.find(':', eq), c2 = spec.find(':', c1 + 1);
  if (eq == std::string::npos || c1 == std::string::npos || c2 == std::string::npos)
    return std::string(which) + " '" + shown(spec) + "': give KEY=FROM:TO:COUNT, e.g. radius=0.5:3:20";
  out.key = spec.substr(0, eq);
  const FieldInfo* field = nullptr;
  for (size_t i = 0; i < s.field_count(); ++i)
    if (out.key == s.field(i).option()) field = &s.field(i);
  if (!field) {
    std::string keys;
    for (size_t i = 0; i < s.field_count(); ++i) keys += (i ? ", " : "") + std::string(s.field(i).option());
    return std::string(which) + " '" + shown(out.key) + "': not a field of " + s.info().id + " (" + keys +
           ")";
  }
  const RealParse from = parse_real_text(spec.substr(eq + 1, c1 - eq - 1));
  const RealParse to = parse_real_text(spec.substr(c1 + 1, c2 - c1 - 1));
  const IntegerParse count = parse_integer_text(spec.substr(c2 + 1), 10000);
  if (!from.ok || !to.ok) return std::string(which) + " '" + shown(spec) + "': FROM and TO must be numbers";
  if (!count.ok || count.value == 0)
    return std::string(which) + " '" + shown(spec) + "': COUNT must be 1 … 10000";
  out.values.clear();
  for (uint64_t k = 0; k < count.value; ++k) {
    const double t = count.value == 1 ? 0.0 : static_cast<double>(k) / static_cast<double>(count.value - 1);
    const double v = from.value + (to.value - from.value) * t;
    out.values.push_back(field->integer ? std::to_string(static_cast<long long>(std::floor(v + 0.5)))
                                        : format_double(v));
  }
  return {};
}

std::string json_value(const ModelSession::Measure& m) { return m.numeric ? m.value : "\"" + m.value + "\""; }

}  // namespace

size_t SweepPlan::rows() const { return x.values.size() * per_x(); }
size_t SweepPlan::per_x() const { return (has_y ? y.values.size() : 1) * seeds.size(); }

std::string plan_sweep(const std::vector<std::string>& args, SweepPlan& plan) {
  plan = SweepPlan();
  std::string x_spec, y_spec, seeds_text, seed_list, measure_list;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::string* own = a == "--x"           ? &x_spec
                       : a == "--y"         ? &y_spec
                       : a == "--seeds"     ? &seeds_text
                       : a == "--seed-list" ? &seed_list
                       : a == "--measure"   ? &measure_list
                       : a == "--shard"     ? &plan.shard
                       : a == "--format"    ? &plan.format
                       : a == "--threads"   ? &plan.threads
                                            : nullptr;
    if (a == "--seed") return "--seed is the sweep's: use --seeds S or --seed-list a,b,c";
    if (!own) {
      plan.base.push_back(a);
      continue;
    }
    if (i + 1 >= args.size()) return "option " + a + " needs a value (see sweep --help)";
    *own = args[++i];
  }
  if (x_spec.empty()) return "--x KEY=FROM:TO:COUNT is needed (see sweep --help)";
  if (plan.format != "csv" && plan.format != "jsonl") return "--format must be csv or jsonl";

  // The model, its fields and its measures, from a run of the base options with no steps.
  std::vector<std::string> probe_args = plan.base;
  Run probe;
  probe.stop = Run::Stop::initialized;  // its measures' names, without running its steps
  const std::string base_error = prepare_run(probe_args, probe);
  if (!base_error.empty()) return base_error;
  if (!probe.help.empty()) return "--help: use bandada-cli sweep --help, or bandada-cli --model M --help";
  const ModelSession& model = *probe.session;
  plan.model = model.info().id;

  std::string err = parse_axis(x_spec, model, "--x", plan.x);
  plan.has_y = !y_spec.empty();
  if (err.empty() && plan.has_y) err = parse_axis(y_spec, model, "--y", plan.y);
  if (!err.empty()) return err;
  if (plan.has_y && plan.y.key == plan.x.key) return "--x and --y name the same field";

  if (!seed_list.empty()) {
    for (const std::string& one : split_text(seed_list, ',')) {
      const IntegerParse p = parse_integer_text(one, 4294967295ull);
      if (!p.ok) return "--seed-list '" + shown(one) + "': " + p.error;
      plan.seeds.push_back(std::to_string(p.value));
    }
  } else {
    const IntegerParse n = parse_integer_text(seeds_text.empty() ? "1" : seeds_text, 100000);
    if (!n.ok || n.value == 0) return "--seeds '" + shown(seeds_text) + "': a whole number 1 … 100000";
    for (uint64_t k = 1; k <= n.value; ++k) plan.seeds.push_back(std::to_string(k));
  }

  // Every grid point's fields are checked before anything runs (a field another one bounds,
  // such as r_s ≤ r, can be valid at one end of an axis and not at the other): up to 10 000
  // points all of them, beyond that the corners.
  const size_t nx = plan.x.values.size(), ny = plan.has_y ? plan.y.values.size() : 1;
  for (size_t xi = 0; xi < nx; ++xi)
    for (size_t yi = 0; yi < ny; ++yi) {
      if (nx * ny > 10000 && ((xi != 0 && xi + 1 != nx) || (yi != 0 && yi + 1 != ny))) continue;
      std::vector<std::string> row = plan.base;
      row.insert(row.end(), {"--" + plan.x.key, plan.x.values[xi]});
      if (plan.has_y) row.insert(row.end(), {"--" + plan.y.key, plan.y.values[yi]});
      Run check;
      check.stop = Run::Stop::checked;
      const std::string e = prepare_run(row, check);
      if (!e.empty())
        return plan.x.key + " " + plan.x.values[xi] +
               (plan.has_y ? ", " + plan.y.key + " " + plan.y.values[yi] : "") + ": " + e;
    }

  for (const ModelSession::Measure& m : model.measures()) {
    plan.names.push_back(m.name);
    plan.numeric.push_back(m.numeric);
  }
  if (measure_list.empty()) {
    for (size_t k = 0; k < plan.names.size(); ++k) plan.picked.push_back(k);
  } else {
    for (const std::string& one : split_text(measure_list, ',')) {
      size_t k = 0;
      while (k < plan.names.size() && plan.names[k] != one) ++k;
      if (k == plan.names.size()) {
        std::string all;
        for (size_t j = 0; j < plan.names.size(); ++j) all += (j ? ", " : "") + plan.names[j];
        return "--measure '" + shown(one) + "': " + model.info().id + " measures " + all;
      }
      plan.picked.push_back(k);
    }
  }
  return {};
}

std::string sweep_header(const SweepPlan& plan) {
  std::string out = plan.x.key + (plan.has_y ? "," + plan.y.key : "") + ",seed";
  for (size_t k : plan.picked) out += "," + plan.names[k];
  return out + "\n";
}

std::string sweep_row(const SweepPlan& plan, size_t r, std::string& line,
                      std::vector<ModelSession::Measure>& m) {
  const size_t per_x = plan.per_x();
  const std::string& xv = plan.x.values[r / per_x];
  const std::string& yv = plan.has_y ? plan.y.values[(r % per_x) / plan.seeds.size()] : std::string();
  const std::string& seed = plan.seeds[r % plan.seeds.size()];
  std::vector<std::string> row = plan.base;
  row.insert(row.end(), {"--" + plan.x.key, xv, "--seed", seed});
  if (plan.has_y) row.insert(row.end(), {"--" + plan.y.key, yv});
  Run run;
  const std::string e = prepare_run(row, run);
  if (!e.empty())
    return "row " + std::to_string(r) + " (" + plan.x.key + " " + xv +
           (plan.has_y ? ", " + plan.y.key + " " + yv : "") + ", seed " + seed + "): " + e;
  m = run.session->measures();
  if (plan.format == "csv") {
    line = xv + (plan.has_y ? "," + yv : "") + "," + seed;
    for (size_t k : plan.picked) line += "," + m[k].value;
  } else {
    line = "{\"" + plan.x.key + "\":" + xv + (plan.has_y ? ",\"" + plan.y.key + "\":" + yv : "") +
           ",\"seed\":" + seed;
    for (size_t k : plan.picked) line += ",\"" + m[k].name + "\":" + json_value(m[k]);
    line += "}";
  }
  return {};
}

int sweep_main(const std::vector<std::string>& args) {
  for (const std::string& a : args)
    if (a == "--help" || a == "-h") {
      std::fputs(kSweepHelp, stdout);
      return 0;
    }
  SweepPlan plan;
  const std::string err = plan_sweep(args, plan);
  if (!err.empty()) return fail(err);

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
