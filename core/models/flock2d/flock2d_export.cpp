// Bandada — the 2-D flock written out: the CLI's JSON, also the web app's download.
// Every number has 17 significant digits, so it round-trips.
#include "flock2d_export.h"

#include "common/json_out.h"

namespace bandada {

std::string flock2d_json(const Flock2d& f) {
  std::string out = "{\"model\":\"flock2d\",\"steps\":" + std::to_string(f.steps());
  json_number(out, "order", f.order());
  const Groups g = f.groups();
  out += ",\"groups\":" + std::to_string(g.count);
  json_number(out, "largest_group_share", g.largest_share());
  json_number(out, "turning_angle", f.turning_angle());
  if (f.params().leader >= 0) json_number(out, "leader_distance", f.leader_distance());
  json_number(out, "mean_speed", f.mean_speed());
  json_number(out, "kinetic_energy", f.kinetic_energy());
  json_number(out, "total_energy", f.total_energy());
  json_number(out, "mean_nearest_distance", f.mean_nearest_distance());
  const std::vector<uint32_t> k = f.neighbour_counts();
  json_objects(out, "boids", f.size(), [&](size_t i) {
    json_numbers(out, "p", {f.px()[i], f.py()[i]});
    json_numbers(out, "v", {f.vx()[i], f.vy()[i]});
    out += ",\"neighbors\":" + std::to_string(k[i]);
  });
  json_objects(out, "predators", f.predators().size(), [&](size_t i) {
    const Marker& m = f.predators()[i];
    json_numbers(out, "p", {m.x, m.y});
    json_numbers(out, "v", {m.vx, m.vy});
  });
  json_objects(out, "attractors", f.attractors().size(), [&](size_t i) {
    json_numbers(out, "p", {f.attractors()[i].x, f.attractors()[i].y});
  });
  if (!f.circles().empty() || !f.walls().empty()) {  // (absent: the JSON of earlier releases)
    json_objects(out, "circles", f.circles().size(), [&](size_t i) {
      json_numbers(out, "c", {f.circles()[i].x, f.circles()[i].y});
      json_number(out, "r", f.circles()[i].r);
    });
    json_objects(out, "walls", f.walls().size(), [&](size_t i) {
      json_numbers(out, "a", {f.walls()[i].x1, f.walls()[i].y1});
      json_numbers(out, "b", {f.walls()[i].x2, f.walls()[i].y2});
    });
  }
  out += "}\n";
  return out;
}

}  // namespace bandada
