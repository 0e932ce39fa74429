// Bandada — the 2-D flock written out: the CLI's JSON, also the web app's downloads.
// Every number has 17 significant digits, so it round-trips.
#include "flock2d_export.h"

#include "app/share_codec.h"
#include "model/number_text.h"

namespace bandada {
namespace {

void put(std::string& out, double v) { out += format_double(v); }


}  // namespace

std::string flock2d_json(const Flock2d& f) {
  std::string out = "{\"model\":\"flock2d\",\"steps\":" + std::to_string(f.steps()) + ",\"order\":";
  put(out, f.order());
  out += ",\"mean_speed\":";
  put(out, f.mean_speed());
  out += ",\"kinetic_energy\":";
  put(out, f.kinetic_energy());
  out += ",\"mean_nearest_distance\":";
  put(out, f.mean_nearest_distance());
  out += ",\"boids\":[";
  const std::vector<uint32_t> k = f.neighbour_counts();
  for (size_t i = 0; i < f.size(); ++i) {
    out += i ? ",{\"p\":[" : "{\"p\":[";
    put(out, f.px()[i]);
    out += ',';
    put(out, f.py()[i]);
    out += "],\"v\":[";
    put(out, f.vx()[i]);
    out += ',';
    put(out, f.vy()[i]);
    out += "],\"neighbors\":" + std::to_string(k[i]) + "}";
  }
  out += "],\"predators\":[";
  for (size_t i = 0; i < f.predators().size(); ++i) {
    const Marker& m = f.predators()[i];
    out += i ? ",{\"p\":[" : "{\"p\":[";
    put(out, m.x);
    out += ',';
    put(out, m.y);
    out += "],\"v\":[";
    put(out, m.vx);
    out += ',';
    put(out, m.vy);
    out += "]}";
  }
  out += "]}\n";
  return out;
}

}  // namespace bandada
