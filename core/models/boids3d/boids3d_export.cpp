// Bandada — the 3-D flock written out: the CLI's JSON and CSV, also the web app's downloads.
// Every number has 17 significant digits, so it round-trips.
#include "boids3d_export.h"

#include "app/share_codec.h"
#include "model/number_text.h"

namespace bandada {
namespace {

void put(std::string& out, double v) { out += format_double(v); }

void put3(std::string& out, double a, double b, double c) {
  out += '[';
  put(out, a);
  out += ',';
  put(out, b);
  out += ',';
  put(out, c);
  out += ']';
}

}  // namespace

std::string flock_json(const Boids3d& flock) {
  const Boids3dState& s = flock.state();
  const Boids3dComponents& c = flock.components();
  std::string out;
  out.reserve(160 + s.size() * 420);
  out += "{\"model\":\"boids3d\",\"steps\":" + std::to_string(flock.steps()) + ",\"time\":";
  put(out, flock.time());
  out += ",\"mean_speed\":";
  put(out, mean_speed(s));
  out += ",\"order\":";
  put(out, order_parameter(s));
  out += ",\"fingerprint\":\"" + fingerprint_hex(state_fingerprint(s)) + "\",\"boids\":[";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) out += ',';
    out += "{\"x\":";
    put3(out, s.x[i], s.y[i], s.z[i]);
    out += ",\"v\":";
    put3(out, s.vx[i], s.vy[i], s.vz[i]);
    out += ",\"S\":";
    put3(out, c.sx[i], c.sy[i], c.sz[i]);
    out += ",\"A\":";
    put3(out, c.ax[i], c.ay[i], c.az[i]);
    out += ",\"C\":";
    put3(out, c.cx[i], c.cy[i], c.cz[i]);
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
      put(out, v);
    }
    out += ',' + std::to_string(c.neighbors[i]) + '\n';
  }
  return out;
}

}  // namespace bandada
