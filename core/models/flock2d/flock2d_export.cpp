// Bandada — the 2-D flock written out: the CLI's JSON, also the web app's download.
// Every number has 17 significant digits, so it round-trips.
#include "flock2d_export.h"

#include "common/json_out.h"

namespace bandada {

std::string flock2d_json(const Flock2d& f) {
  std::string out = "{\"model\":\"flock2d\",\"steps\":" + std::to_string(f.steps());
  json_number(out, "order", f.order());
  json_number(out, "mean_speed", f.mean_speed());
  json_number(out, "kinetic_energy", f.kinetic_energy());
  json_number(out, "total_energy", f.total_energy());
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
  out += "]";
  if (!f.circles().empty() || !f.walls().empty()) {  // (absent: the JSON of earlier releases)
    out += ",\"circles\":[";
    for (size_t i = 0; i < f.circles().size(); ++i) {
      out += i ? ",{" : "{";
      json_numbers(out, "c", {f.circles()[i].x, f.circles()[i].y});
      json_number(out, "r", f.circles()[i].r);
      out += "}";
    }
    out += "],\"walls\":[";
    for (size_t i = 0; i < f.walls().size(); ++i) {
      const Wall& w = f.walls()[i];
      out += i ? ",{" : "{";
      json_numbers(out, "a", {w.x1, w.y1});
      json_numbers(out, "b", {w.x2, w.y2});
      out += "}";
    }
    out += "]";
  }
  out += "}\n";
  return out;
}

}  // namespace bandada
