// Bandada — the 3-D flock written out: the CLI's JSON and CSV, also the web app's downloads.
// Every number has 17 significant digits, so it round-trips.
#include "boids3d_export.h"

#include "app/share_codec.h"
#include "common/json_out.h"

namespace bandada {

std::string flock_json(const Boids3d& flock) {
  const Boids3dState& s = flock.state();
  const Boids3dComponents& c = flock.components();
  std::string out;
  out.reserve(160 + s.size() * 420);
  out += "{\"model\":\"boids3d\",\"steps\":" + std::to_string(flock.steps());
  json_number(out, "time", flock.time());
  json_number(out, "mean_speed", mean_speed(s));
  json_number(out, "order", order_parameter(s));
  const Groups g = boids3d_groups(s, flock.params().radius);
  out += ",\"groups\":" + std::to_string(g.count);
  json_number(out, "largest_group_share", g.largest_share());
  out += ",\"fingerprint\":\"" + fingerprint_hex(state_fingerprint(s)) + "\",\"boids\":[";
  for (size_t i = 0; i < s.size(); ++i) {
    out += i ? ",{" : "{";
    json_numbers(out, "x", {s.x[i], s.y[i], s.z[i]});
    json_numbers(out, "v", {s.vx[i], s.vy[i], s.vz[i]});
    json_numbers(out, "S", {c.sx[i], c.sy[i], c.sz[i]});
    json_numbers(out, "A", {c.ax[i], c.ay[i], c.az[i]});
    json_numbers(out, "C", {c.cx[i], c.cy[i], c.cz[i]});
    out += ",\"neighbors\":" + std::to_string(c.neighbors[i]) + "}";
  }
  out += "]}\n";
  return out;
}

std::string flock_csv(const Boids3d& flock) {
  const Boids3dState& s = flock.state();
  const Boids3dComponents& c = flock.components();
  std::string out = "index,x,y,z,vx,vy,vz,Sx,Sy,Sz,Ax,Ay,Az,Cx,Cy,Cz,neighbors\n";
  out.reserve(out.size() + s.size() * 400);
  for (size_t i = 0; i < s.size(); ++i) {
    out += std::to_string(i);
    for (double v : {s.x[i], s.y[i], s.z[i], s.vx[i], s.vy[i], s.vz[i], c.sx[i], c.sy[i], c.sz[i], c.ax[i],
                     c.ay[i], c.az[i], c.cx[i], c.cy[i], c.cz[i]}) {
      out += ',';
      out += format_double(v);
    }
    out += ',' + std::to_string(c.neighbors[i]) + '\n';
  }
  return out;
}

}  // namespace bandada
