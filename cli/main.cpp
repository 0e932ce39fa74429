// Bandada — bandada-cli, the headless front end: batch runs of the 3-D flock with JSON or CSV
// output. Built natively and for wasm (run under Node); both must print the same bytes.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "app/flock_export.h"
#include "app/share_codec.h"
#include "model/boids3d.h"
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

}  // namespace

int main(int argc, char** argv) {
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
