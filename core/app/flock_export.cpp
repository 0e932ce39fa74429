// Bandada — JSON and CSV writers of a flock (see flock_export.h).
#include "flock_export.h"

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

std::string feedback2d_json(const Feedback2d& m) {
  const Feedback2dResult& R = m.result();
  std::string out = "{\"model\":\"feedback2d\",\"cycles\":" + std::to_string(m.cycles()) +
                    ",\"next_phase\":" + std::to_string(m.next_phase()) + ",\"R\":{\"c\":[";
  put(out, R.cx);
  out += ',';
  put(out, R.cy);
  out += "],\"D\":";
  put(out, R.D);
  out += ",\"order\":";
  put(out, R.order);
  out += ",\"coherence\":";
  put(out, R.coherence);
  out += ",\"delta\":";
  put(out, R.delta);
  out += ",\"regime\":\"" + std::string(regime_name(m.regime())) + "\"},\"points\":[";
  for (size_t i = 0; i < m.size(); ++i) {
    if (i) out += ',';
    out += "{\"p\":[";
    put(out, m.px()[i]);
    out += ',';
    put(out, m.py()[i]);
    out += "],\"v\":[";
    put(out, m.vx()[i]);
    out += ',';
    put(out, m.vy()[i]);
    out += "],\"mA\":";
    put(out, m.mA()[i]);
    out += ",\"mS\":";
    put(out, m.mS()[i]);
    out += ",\"mG\":";
    put(out, m.mG()[i]);
    out += std::string(",\"class\":\"") + (m.is_v()[i] ? "V" : "F") + "\",\"neighbors\":" +
           std::to_string(m.neighbors()[i]) + "}";
  }
  out += "]}\n";
  return out;
}

}  // namespace bandada
