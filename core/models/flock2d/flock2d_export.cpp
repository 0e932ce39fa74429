// Bandada — the 2-D flock written out: the CLI's JSON, also the web app's download.
// Every number has 17 significant digits, so it round-trips.
#include "flock2d_export.h"

#include "model/json_out.h"

namespace bandada {

std::string flock2d_json(const Flock2d& f) {
  std::string out = "{\"model\":\"flock2d\",\"steps\":" + std::to_string(f.steps());
  json_number(out, "order", f.order());
  json_number(out, "mean_speed", f.mean_speed());
  json_number(out, "kinetic_energy", f.kinetic_energy());
  json_number(out, "mean_nearest_distance", f.mean_nearest_distance());
  out += ",\"boids\":[";
  const std::vector<uint32_t> k = f.neighbour_counts();
  for (size_t i = 0; i < f.size(); ++i) {
    out += i ? ",{" : "{";
    json_numbers(out, "p", {f.px()[i], f.py()[i]});
    json_numbers(out, "v", {f.vx()[i], f.vy()[i]});
    out += ",\"neighbors\":" + std::to_string(k[i]) + "}";
  }
  out += "],\"predators\":[";
  for (size_t i = 0; i < f.predators().size(); ++i) {
    const Marker& m = f.predators()[i];
    out += i ? ",{" : "{";
    json_numbers(out, "p", {m.x, m.y});
    json_numbers(out, "v", {m.vx, m.vy});
    out += "}";
  }
  out += "],\"attractors\":[";
  for (size_t i = 0; i < f.attractors().size(); ++i) {
    out += i ? ",{" : "{";
    json_numbers(out, "p", {f.attractors()[i].x, f.attractors()[i].y});
    out += "}";
  }
  out += "]}\n";
  return out;
}

}  // namespace bandada
