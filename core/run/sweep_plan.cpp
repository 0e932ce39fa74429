// Bandada — a sweep as a plan and its rows (see sweep_plan.h): each row exactly the single run
// with those fields (its base RunSpec with the axes and seed set, run by prepare), in a fixed
// order, x-major, then y, then seed.
#include "sweep_plan.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "app/share_codec.h"
#include "common/number_text.h"
#include "run/run.h"

namespace bandada {
namespace {

/// An axis against the model's fields; "" or why not, naming it ("x", "y").
std::string plan_axis(const SweepAxisSpec& spec, const ModelSession& s, const char* which, SweepAxis& out) {
  out.key = spec.key;
  const std::string missing = find_field_option(s, out.key, out.field);
  if (!missing.empty()) return std::string(which) + ": " + missing;
  const FieldInfo* field = &s.field(out.field);
  const RealParse from = parse_real_text(spec.from);
  const RealParse to = parse_real_text(spec.to);
  const IntegerParse count = parse_integer_text(spec.count, 10000);
  if (!from.ok) return std::string(which) + ": from '" + shown(spec.from) + "': " + from.error;
  if (!to.ok) return std::string(which) + ": to '" + shown(spec.to) + "': " + to.error;
  if (!count.ok || count.value == 0)
    return std::string(which) + ": values '" + shown(spec.count) + "': a whole number 1 … 10000";
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

std::vector<std::string> sweep_args(const SweepSpec& spec) {
  auto axis = [](const SweepAxisSpec& a) { return a.key + "=" + a.from + ":" + a.to + ":" + a.count; };
  std::vector<std::string> out = run_options(spec.base);
  if (spec.steps) out.insert(out.end(), {"--steps", *spec.steps});
  out.insert(out.end(), {"--x", axis(spec.x)});
  if (spec.has_y) out.insert(out.end(), {"--y", axis(spec.y)});
  if (spec.seed_list.empty())
    out.insert(out.end(), {"--seeds", spec.seeds});
  else
    out.insert(out.end(), {"--seed-list", spec.seed_list});
  if (!spec.measures.empty()) out.insert(out.end(), {"--measure", spec.measures});
  if (spec.format != "csv") out.insert(out.end(), {"--format", spec.format});
  if (spec.shard != "0/1") out.insert(out.end(), {"--shard", spec.shard});
  if (!spec.threads.empty()) out.insert(out.end(), {"--threads", spec.threads});
  return out;
}

namespace {
const char* const kTextKeys[] = {"steps", "x", "y", "seeds", "seed-list", "measure", "format", "shard"};
}  // namespace

std::string base_spec_text(const RunSpec& b) {
  if (b.has_state || b.steps_given || b.threads) return {};
  // The page's base is its session's share string, which says every field and choice, and the
  // options beside it (a file the model opened), each encoded on one line.
  for (const RunSpec::Setting& o : b.settings)
    if (o.kind != RunSpec::Setting::Kind::option) return {};
  std::string t = "model\t" + b.model + "\n";
  if (b.has_link) t += "link\t" + b.link + "\n";
  for (const RunSpec::Setting& o : b.settings)
    t += "option\t" + std::to_string(o.index) + '\t' + percent_encode(o.text, "\t") + '\t' +
         percent_encode(o.source, "\t") + "\n";
  return t;
}

namespace {

/// Reads one line of base_spec_text into `base`: false when the line is not one of them; `bad`
/// when it is, but cannot be read.
bool read_base_spec_line(const std::string& line, RunSpec& base, bool& bad) {
  const std::vector<std::string> f = split_text(line, '\t');
  const std::string& key = f[0];
  bad = false;
  if (f.size() < 2 || (key != "model" && key != "link" && key != "option")) return false;
  const std::string rest = line.substr(key.size() + 1);
  if (key == "model") {
    base.model = rest;
  } else if (key == "link") {
    base.has_link = true;
    base.link = rest;
  } else {
    const IntegerParse index = f.size() == 4 ? parse_integer_text(f[1], 1000) : IntegerParse();
    const auto text = f.size() == 4 ? percent_decode(f[2]) : std::nullopt;
    const auto source = f.size() == 4 ? percent_decode(f[3]) : std::nullopt;
    bad = !index.ok || !text || !source;
    if (bad) return true;
    RunSpec::Setting o;
    o.kind = RunSpec::Setting::Kind::option;
    o.index = static_cast<size_t>(index.value);
    o.text = *text;
    o.source = *source;
    base.settings.push_back(std::move(o));
  }
  return true;
}

}  // namespace

std::string sweep_spec_text(const SweepSpec& spec) {
  std::string t = base_spec_text(spec.base);
  if (t.empty()) return {};
  auto axis = [](const SweepAxisSpec& a) { return a.key + '\t' + a.from + '\t' + a.to + '\t' + a.count; };
  if (spec.steps) t += "steps\t" + *spec.steps + "\n";
  t += "x\t" + axis(spec.x) + "\n";
  if (spec.has_y) t += "y\t" + axis(spec.y) + "\n";
  t += "seeds\t" + spec.seeds + "\nseed-list\t" + spec.seed_list + "\nmeasure\t" + spec.measures +
       "\nformat\t" + spec.format + "\nshard\t" + spec.shard + "\n";
  return t;
}

std::string read_plan_text(
    const std::string& text, const char* what, RunSpec& base,
    const std::function<bool(const std::vector<std::string>&, const std::string&)>& line) {
  for (const std::string& l : split_text(text, '\n')) {
    if (l.empty()) continue;
    bool bad = false;
    const std::vector<std::string> f = split_text(l, '\t');
    const bool ok =
        read_base_spec_line(l, base, bad) ? !bad : f.size() >= 2 && line(f, l.substr(f[0].size() + 1));
    if (!ok) return std::string("the ") + what + "'s plan has a line it cannot read: '" + shown(l) + "'";
  }
  return {};
}

std::string read_sweep_spec_text(const std::string& text, SweepSpec& spec) {
  spec = SweepSpec();
  const std::string err = read_plan_text(text, "sweep", spec.base,
                                         [&](const std::vector<std::string>& f, const std::string& rest) {
                                           const std::string& key = f[0];
                                           bool known = false;
                                           for (const char* k : kTextKeys) known = known || key == k;
                                           if (!known) return false;
                                           if (key == "x" || key == "y") {
                                             if (f.size() != 5) return false;
                                             (key == "x" ? spec.x : spec.y) = {f[1], f[2], f[3], f[4]};
                                             spec.has_y = spec.has_y || key == "y";
                                           } else if (key == "steps") {
                                             spec.steps = rest;
                                           } else {
                                             (key == "seeds"       ? spec.seeds
                                              : key == "seed-list" ? spec.seed_list
                                              : key == "measure"   ? spec.measures
                                              : key == "format"    ? spec.format
                                                                   : spec.shard) = rest;
                                           }
                                           return true;
                                         });
  if (!err.empty()) return err;
  return spec.x.key.empty() ? "the sweep's plan names no x axis" : "";
}

std::string plan_sweep(const SweepSpec& spec, SweepPlan& plan) {
  plan = SweepPlan();
  plan.base = spec.base;
  plan.format = spec.format;
  plan.shard = spec.shard;
  plan.threads = spec.threads;
  if (plan.format != "csv" && plan.format != "jsonl") return "format: csv or jsonl";
  if (spec.steps) {
    const IntegerParse steps = parse_integer_text(*spec.steps, 100000000);
    if (!steps.ok) return "steps '" + shown(*spec.steps) + "': " + steps.error;
  }

  // The model, its fields and its measures, from a run of the base with no steps.
  Run probe;
  probe.stop = Run::Stop::initialized;  // its measures' names, without running its steps
  const std::string base_error = prepare(plan.base, probe);
  if (!base_error.empty()) return base_error;
  plan.warnings = probe.warnings;
  const ModelSession& model = *probe.session;
  plan.model = model.info().id;
  plan.seed_field = seed_field_of(model);
  if (plan.seed_field == model.field_count())
    return "unknown option --seed for --model " + plan.model + " (see --help)";  // rows are seeded

  std::string err = plan_axis(spec.x, model, "x", plan.x);
  plan.has_y = spec.has_y;
  if (err.empty() && plan.has_y) err = plan_axis(spec.y, model, "y", plan.y);
  if (!err.empty()) return err;
  if (plan.has_y && plan.y.key == plan.x.key) return "x and y name the same field: pick two different ones";

  if (!spec.seed_list.empty()) {
    for (const std::string& one : split_text(spec.seed_list, ',')) {
      const IntegerParse p = parse_integer_text(one, 4294967295ull);
      if (!p.ok) return "seed list: '" + shown(one) + "': " + p.error;
      plan.seeds.push_back(std::to_string(p.value));
    }
  } else {
    const IntegerParse n = parse_integer_text(spec.seeds, 100000);
    if (!n.ok || n.value == 0) return "seeds '" + shown(spec.seeds) + "': a whole number 1 … 100000";
    for (uint64_t k = 1; k <= n.value; ++k) plan.seeds.push_back(std::to_string(k));
  }

  // Every grid point's fields are checked before anything runs (a field another one bounds,
  // such as r_s ≤ r, can be valid at one end of an axis and not at the other): up to 10 000
  // points all of them, beyond that the corners.
  const size_t nx = plan.x.values.size(), ny = plan.has_y ? plan.y.values.size() : 1;
  for (size_t xi = 0; xi < nx; ++xi)
    for (size_t yi = 0; yi < ny; ++yi) {
      if (nx * ny > 10000 && ((xi != 0 && xi + 1 != nx) || (yi != 0 && yi + 1 != ny))) continue;
      RunSpec row = plan.base;
      row.set_field(plan.x.field, plan.x.values[xi]);
      if (plan.has_y) row.set_field(plan.y.field, plan.y.values[yi]);
      Run check;
      check.stop = Run::Stop::checked;
      const std::string e = prepare(row, check);
      if (!e.empty())
        return plan.x.key + " " + plan.x.values[xi] +
               (plan.has_y ? ", " + plan.y.key + " " + plan.y.values[yi] : "") + ": " + e;
    }

  for (const ModelSession::Measure& m : model.measures()) {
    plan.names.push_back(m.name);
    plan.numeric.push_back(m.numeric);
  }
  if (spec.measures.empty()) {
    for (size_t k = 0; k < plan.names.size(); ++k) plan.picked.push_back(k);
  } else {
    for (const std::string& one : split_text(spec.measures, ',')) {
      size_t k = 0;
      while (k < plan.names.size() && plan.names[k] != one) ++k;
      if (k == plan.names.size()) {
        std::string all;
        for (size_t j = 0; j < plan.names.size(); ++j) all += (j ? ", " : "") + plan.names[j];
        return "measure '" + shown(one) + "': " + model.info().id + " measures " + all;
      }
      plan.picked.push_back(k);
    }
  }
  if (spec.steps) {  // checked above: now run
    plan.base.steps = parse_integer_text(*spec.steps, 100000000).value;
    plan.base.steps_given = true;
  }
  return {};
}

std::string sweep_header(const SweepPlan& plan) {
  std::string out = plan.x.key + (plan.has_y ? "," + plan.y.key : "") + ",seed";
  for (size_t k : plan.picked) out += "," + plan.names[k];
  return out + "\n";
}

std::string sweep_row_prefix(const SweepPlan& plan, size_t r) {
  const size_t per_x = plan.per_x();
  const std::string& xv = plan.x.values[r / per_x];
  const std::string& yv = plan.has_y ? plan.y.values[(r % per_x) / plan.seeds.size()] : std::string();
  const std::string& seed = plan.seeds[r % plan.seeds.size()];
  if (plan.format == "csv") return xv + (plan.has_y ? "," + yv : "") + "," + seed + ",";
  return "{\"" + plan.x.key + "\":" + xv + (plan.has_y ? ",\"" + plan.y.key + "\":" + yv : "") +
         ",\"seed\":" + seed;
}

RunSpec sweep_row_spec(const SweepPlan& plan, size_t r) {
  const size_t per_x = plan.per_x();
  RunSpec row = plan.base;  // the base with its axes and seed set: no text parsed
  row.set_field(plan.x.field, plan.x.values[r / per_x]);
  row.set_field(plan.seed_field, plan.seeds[r % plan.seeds.size()]);
  if (plan.has_y) row.set_field(plan.y.field, plan.y.values[(r % per_x) / plan.seeds.size()]);
  return row;
}

std::string sweep_row(const SweepPlan& plan, size_t r, std::string& line, RowResult& result) {
  const size_t per_x = plan.per_x();
  const std::string e = run_row(sweep_row_spec(plan, r), result);
  if (!e.empty())
    return "row " + std::to_string(r) + " (" + plan.x.key + " " + plan.x.values[r / per_x] +
           (plan.has_y ? ", " + plan.y.key + " " + plan.y.values[(r % per_x) / plan.seeds.size()] : "") +
           ", seed " + plan.seeds[r % plan.seeds.size()] + "): " + e;
  const std::vector<ModelSession::Measure>& m = result.measures;
  line = sweep_row_prefix(plan, r);
  if (plan.format == "csv") {
    for (size_t k = 0; k < plan.picked.size(); ++k) line += (k ? "," : "") + m[plan.picked[k]].value;
  } else {
    for (size_t k : plan.picked) line += ",\"" + m[k].name + "\":" + json_value(m[k]);
    line += "}";
  }
  return {};
}

SweepSummary summarise(const std::vector<std::string>& values, bool numeric) {
  SweepSummary out;
  out.n = values.size();
  if (!numeric) {
    std::map<std::string, size_t> count;
    for (const std::string& v : values) ++count[v];
    size_t best = 0;
    for (const auto& [word, n] : count)
      if (n > best) {
        best = n;
        out.word = word;
      } else if (n == best) {
        out.word = "mixed";
      }
    return out;
  }
  double sum = 0;
  for (const std::string& v : values) sum += std::strtod(v.c_str(), nullptr);
  out.mean = out.n ? sum / static_cast<double>(out.n) : 0.0;
  double sq = 0;
  for (const std::string& v : values) {
    const double d = std::strtod(v.c_str(), nullptr) - out.mean;
    sq += d * d;
  }
  out.sd = out.n > 1 ? std::sqrt(sq / static_cast<double>(out.n - 1)) : 0.0;
  for (size_t k = 0; k < values.size(); ++k) {
    const double x = std::strtod(values[k].c_str(), nullptr);
    if (std::isnan(x)) return out.min = out.max = NAN, out;
    out.min = k == 0 || x < out.min ? x : out.min;
    out.max = k == 0 || x > out.max ? x : out.max;
  }
  return out;
}

}  // namespace bandada
