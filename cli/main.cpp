// Bandada — bandada-cli, the headless front end: batch runs of the 3-D flock with JSON or CSV
// output. Built natively and for wasm (run under Node); both must print the same bytes.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "app/flock_export.h"
#include "app/share_codec.h"
#include "model/boids3d.h"
#include "model/feedback2d_params.h"
#include "model/flock2d_params.h"
#include "model/number_text.h"

namespace {

using namespace bandada;

const char* kHelp =
    "bandada-cli: run the 3-D periodic flock headless and print the state.\n"
    "\n"
    "Usage: bandada-cli [options]\n"
    "  --count N        boids, whole number 0 ... 100000\n"
    "  --radius R       neighbour radius, 0 < R <= 10 (model units)\n"
    "  --separation S   weight of separation per 0.04 s step, -1000 ... 1000\n"
    "  --alignment A    weight of alignment per step, -1000 ... 1000\n"
    "  --cohesion C     weight of cohesion per step, -1000 ... 1000\n"
    "  --max-speed V    speed cap, 0 ... 1000 (model units per second)\n"
    "  --seed K         LCG seed, whole number 0 ... 4294967295\n"
    "  --steps T        steps of 0.04 s to run (default 0)\n"
    "  --config STRING  a share string from the web app's link (the part after '#');\n"
    "                   explicit options override its fields\n"
    "  --format json|csv  output format (default json)\n"
    "  --brute-force    use the brute-force neighbour search (reference; same bits)\n"
    "  --model boids3d|feedback2d|flock2d  the model (default boids3d; --model NAME --help)\n"
    "  --help           this text\n"
    "\n"
    "Numbers use the app's grammar: 1.5, 1,5, -2e-3; omitted options take the app's defaults.\n"
    "JSON: {\"model\":\"boids3d\",\"steps\":T,\"time\":..,\"mean_speed\":..,\"order\":..,\n"
    "       \"fingerprint\":\"hex\",\"boids\":[{\"x\":[..],\"v\":[..],\"S\":[..],\"A\":[..],\"C\":[..],\"neighbors\":k},..]}\n"
    "x and v are the state after T steps; S, A, C and neighbors are the next step's unweighted\n"
    "components. Numbers have 17 significant digits. Errors go to stderr with exit code 2.\n";

int fail(const std::string& msg) {
  std::fprintf(stderr, "bandada-cli: %s\n", msg.c_str());
  return 2;
}

const char* kFeedbackHelp =
    "bandada-cli --model feedback2d: the 2-D feedback engine (spec feedback2d.md).\n"
    "  --n N  --r R  --alpha A  --sigma S  --lambda L  --turn G  --feedback F  --seed K\n"
    "  --operation flock|probabilistic|sum|gravity   --no-contradiction\n"
    "  --cycles T   full cycles to run (default 0)\n"
    "  --phases P   single phases to run instead (phase 1, 2, 3, 4, 1, …)\n"
    "JSON: {\"model\":\"feedback2d\",\"cycles\":T,\"next_phase\":k,\"R\":{\"c\":[x,y],\"D\":..,\"order\":..,\n"
    "       \"coherence\":..,\"delta\":..,\"regime\":\"..\"},\"points\":[{\"p\":[..],\"v\":[..],\"mA\":..,\"mS\":..,\n"
    "       \"mG\":..,\"class\":\"V\"|\"F\",\"neighbors\":k},..]}\n";

const char* kFlock2dHelp =
    "bandada-cli --model flock2d: the 2-D flock with predators and attractors (spec flock2d.md).\n"
    "  --count N --radius R --sep-radius RS --w-sep WS --w-ali WA --w-coh WC --max-speed V\n"
    "  --max-force F --dt DT --w-pred WP --w-attr WG --w-leader WL --seed K --steps T\n"
    "  --integrator euler|rk4   --force-law steering|raw   --leader L\n"
    "  --predator X;Y  --attractor X;Y   (repeatable; ';' or a single ',' separates X and Y)\n";

// "X;Y", or "X,Y" with one comma; numbers by the field grammar (decimal point there).
bool parse_point(const std::string& s, double& x, double& y) {
  size_t sep = s.find(';');
  if (sep == std::string::npos) {
    sep = s.find(',');
    if (sep == std::string::npos || s.find(',', sep + 1) != std::string::npos) return false;
  }
  RealParse a = parse_real_text(s.substr(0, sep)), b = parse_real_text(s.substr(sep + 1));
  if (!a.ok || !b.ok) return false;
  x = a.value;
  y = b.value;
  return true;
}

int run_flock2d(int argc, char** argv) {
  Flock2dFieldTexts texts = flock2d_default_texts();
  Flock2dParams extra;
  std::string steps_text = "0", leader_text;
  std::vector<std::pair<double, double>> predators, attractors;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--model") { ++i; continue; }
    if (a == "--help" || a == "-h") { std::fputs(kFlock2dHelp, stdout); return 0; }
    if (i + 1 >= argc) return fail("option " + a + " needs a value (see --model flock2d --help)");
    std::string value = argv[++i];
    int field = -1;
    for (int f = 0; f < kFlock2dFieldCount; ++f)
      if (a == std::string("--") + field_info(static_cast<Flock2dField>(f)).key) field = f;
    double x, y;
    if (field >= 0) texts[field] = value;
    else if (a == "--steps") steps_text = value;
    else if (a == "--leader") leader_text = value;
    else if (a == "--integrator") {
      if (value == "euler") extra.integrator = Integrator::euler;
      else if (value == "rk4") extra.integrator = Integrator::rk4;
      else return fail("--integrator must be euler or rk4");
    } else if (a == "--force-law") {
      if (value == "steering") extra.law = ForceLaw::steering;
      else if (value == "raw") extra.law = ForceLaw::raw;
      else return fail("--force-law must be steering or raw");
    } else if (a == "--predator" || a == "--attractor") {
      if (!parse_point(value, x, y)) return fail(a + " '" + value + "': give X;Y, e.g. 450;300");
      (a == "--predator" ? predators : attractors).emplace_back(x, y);
    } else {
      return fail("unknown option " + a + " for --model flock2d (see --help)");
    }
  }
  Flock2dCheck c = check_flock2d(texts);
  if (!c.ok)
    for (int f = 0; f < kFlock2dFieldCount; ++f)
      if (!c.errors[f].empty())
        return fail(std::string("--") + field_info(static_cast<Flock2dField>(f)).key + " '" + texts[f] + "': " + c.errors[f]);
  c.params.integrator = extra.integrator;
  c.params.law = extra.law;
  if (!leader_text.empty()) {
    IntegerParse l = parse_integer_text(leader_text, c.params.n - 1);
    if (!l.ok) return fail("--leader '" + leader_text + "': a boid index below --count");
    c.params.leader = static_cast<int64_t>(l.value);
  }
  IntegerParse steps = parse_integer_text(steps_text, 100000000);
  if (!steps.ok) return fail("--steps '" + steps_text + "': " + steps.error);
  Flock2d f(c.params);
  for (auto& [x, y] : predators) f.add_predator(x, y);
  for (auto& [x, y] : attractors) f.add_attractor(x, y);
  for (uint64_t t = 0; t < steps.value; ++t) f.step();
  const std::string out = flock2d_json(f);
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size()) return fail("could not write the output");
  return 0;
}

int run_feedback2d(int argc, char** argv) {
  Feedback2dFieldTexts texts = feedback2d_default_texts();
  Feedback2dOperation op = Feedback2dOperation::flock;
  bool no_contradiction = false;
  std::string cycles_text = "0", phases_text;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--model") { ++i; continue; }
    if (a == "--help" || a == "-h") { std::fputs(kFeedbackHelp, stdout); return 0; }
    if (a == "--no-contradiction") { no_contradiction = true; continue; }
    if (i + 1 >= argc) return fail("option " + a + " needs a value (see --model feedback2d --help)");
    std::string value = argv[++i];
    int field = -1;
    for (int f = 0; f < kFeedback2dFieldCount; ++f)
      if (a == std::string("--") + field_info(static_cast<Feedback2dField>(f)).key) field = f;
    if (field >= 0) texts[field] = value;
    else if (a == "--operation") { if (!parse_operation(value, op)) return fail("--operation must be flock, probabilistic, sum or gravity"); }
    else if (a == "--cycles") cycles_text = value;
    else if (a == "--phases") phases_text = value;
    else return fail("unknown option " + a + " for --model feedback2d (see --help)");
  }
  Feedback2dCheck c = check_feedback2d(texts);
  if (!c.ok)
    for (int f = 0; f < kFeedback2dFieldCount; ++f)
      if (!c.errors[f].empty())
        return fail(std::string("--") + field_info(static_cast<Feedback2dField>(f)).key + " '" + texts[f] + "': " + c.errors[f]);
  c.params.operation = op;
  c.params.no_contradiction = no_contradiction;
  IntegerParse cycles = parse_integer_text(cycles_text, 10000000);
  if (!cycles.ok) return fail("--cycles '" + cycles_text + "': " + cycles.error);
  IntegerParse phases = parse_integer_text(phases_text.empty() ? "0" : phases_text, 40000000);
  if (!phases.ok) return fail("--phases '" + phases_text + "': " + phases.error);
  Feedback2d m(c.params);
  if (!phases_text.empty()) for (uint64_t k = 0; k < phases.value; ++k) m.advance_phase();
  else for (uint64_t k = 0; k < cycles.value; ++k) m.cycle();
  const std::string out = feedback2d_json(m);
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size()) return fail("could not write the output");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--model") {
      std::string model = argv[i + 1];
      if (model == "feedback2d") return run_feedback2d(argc, argv);
      if (model == "flock2d") return run_flock2d(argc, argv);
      if (model != "boids3d") return fail("--model must be boids3d, feedback2d or flock2d");
    }
  Boids3dFieldTexts texts = boids3d_default_texts();
  bool field_set[kBoids3dFieldCount] = {};
  std::string config, steps_text = "0", format = "json";
  bool brute = false;
  static const char* kFlags[kBoids3dFieldCount] = {"--count",    "--radius",    "--separation", "--alignment",
                                                   "--cohesion", "--max-speed", "--seed"};
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kHelp, stdout);
      return 0;
    }
    if (a == "--brute-force") {
      brute = true;
      continue;
    }
    if (a == "--model") {  // boids3d, checked above
      ++i;
      continue;
    }
    if (i + 1 >= argc) return fail("option " + a + " needs a value (see --help)");
    std::string value = argv[++i];
    int field = -1;
    for (int f = 0; f < kBoids3dFieldCount; ++f)
      if (a == kFlags[f]) field = f;
    if (field >= 0) {
      texts[field] = value;
      field_set[field] = true;
    } else if (a == "--steps") {
      steps_text = value;
    } else if (a == "--config") {
      config = value;
    } else if (a == "--format") {
      format = value;
    } else {
      return fail("unknown option " + a + " (see --help)");
    }
  }
  if (format != "json" && format != "csv") return fail("--format must be json or csv");
  if (!config.empty()) {
    ShareParse sp = parse_share(config);
    if (!sp.ok) return fail("--config: " + sp.error);
    for (const std::string& w : sp.warnings) std::fprintf(stderr, "bandada-cli: --config: %s\n", w.c_str());
    for (int f = 0; f < kBoids3dFieldCount; ++f)
      if (!field_set[f]) texts[f] = sp.data.texts[f];
  }
  ParamsCheck pc = check_params(texts);
  if (!pc.ok) {
    for (int f = 0; f < kBoids3dFieldCount; ++f)
      if (!pc.errors[f].empty())
        return fail(std::string(kFlags[f]) + " '" + texts[f] + "': " + pc.errors[f]);
  }
  IntegerParse steps = parse_integer_text(steps_text, 100000000);
  if (!steps.ok) return fail("--steps '" + steps_text + "': " + steps.error);

  Boids3d flock(pc.params, brute ? NeighbourSearch::brute_force : NeighbourSearch::grid);
  for (uint64_t t = 0; t < steps.value; ++t) flock.step();

  const std::string out = format == "csv" ? flock_csv(flock) : flock_json(flock);
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size()) return fail("could not write the output");
  return 0;
}
