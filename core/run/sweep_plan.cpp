// Bandada — a sweep as a plan and its rows (see sweep_plan.h): each row exactly the single run
// with those options (prepare_run), in a fixed order, x-major, then y, then seed.
#include "sweep_plan.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "common/number_text.h"
#include "run/run.h"

namespace bandada {
namespace {

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

}  // namespace bandada
