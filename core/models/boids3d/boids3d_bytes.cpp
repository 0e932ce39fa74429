// Bandada — the 3-D flock as bytes (boids3d_pack / boids3d_unpack): how a page without threads
// hands its long steps to a Web Worker running the same build, and takes each step back whole.
#include "boids3d.h"
#include "common/bytes.h"
#include "periodic.h"

namespace bandada {
namespace {

constexpr uint32_t kMagic = 0x42443301;  // "B3D", layout 1

void put_state(ByteWriter& w, const Boids3dState& s) {
  for (const std::vector<double>* v : {&s.x, &s.y, &s.z, &s.vx, &s.vy, &s.vz}) w.put(*v);
}

}  // namespace

std::string boids3d_pack(const Boids3d& f) {
  const Boids3dParams& p = f.params_;
  ByteWriter w;
  w.reserve(256 + 16 * (sizeof(double) + 8) + size_t{p.count} * 16 * sizeof(double));  // 16 arrays at most
  w.put(kMagic);
  w.put(p.count);
  for (double v : {p.radius, p.separation, p.alignment, p.cohesion, p.max_speed}) w.put(v);
  w.put(p.seed);
  w.put(static_cast<uint8_t>(f.search_));
  const bool initializing = f.initializing();
  w.put(static_cast<uint8_t>(initializing));
  w.put(f.steps_);
  if (initializing) {
    put_state(w, f.next_);
    return w.take();
  }
  put_state(w, f.state_);
  const Boids3dComponents& c = f.comp_;
  for (const std::vector<double>* v : {&c.sx, &c.sy, &c.sz, &c.ax, &c.ay, &c.az, &c.cx, &c.cy, &c.cz})
    w.put(*v);
  w.put(c.neighbors);
  return w.take();
}

std::unique_ptr<Boids3d> boids3d_unpack(std::string_view bytes) {
  ByteReader r(bytes);
  uint32_t magic = 0;
  Boids3dParams p;
  uint8_t search = 0, initializing = 0;
  uint64_t steps = 0;
  if (!r.get(magic) || magic != kMagic || !r.get(p.count) || !r.get(p.radius) || !r.get(p.separation) ||
      !r.get(p.alignment) || !r.get(p.cohesion) || !r.get(p.max_speed) || !r.get(p.seed) || !r.get(search) ||
      !r.get(initializing) || !r.get(steps))
    return nullptr;
  if (!params_in_range(p) || search > 1 || initializing > 1 || (initializing && steps != 0)) return nullptr;
  Boids3dState s;
  Boids3dComponents c;
  for (std::vector<double>* v : {&s.x, &s.y, &s.z, &s.vx, &s.vy, &s.vz})
    if (!r.get(*v, p.count) || v->size() != p.count) return nullptr;
  if (!initializing) {
    for (std::vector<double>* v : {&c.sx, &c.sy, &c.sz, &c.ax, &c.ay, &c.az, &c.cx, &c.cy, &c.cz})
      if (!r.get(*v, p.count) || v->size() != p.count) return nullptr;
    if (!r.get(c.neighbors, p.count) || c.neighbors.size() != p.count) return nullptr;
  }
  if (!r.finished()) return nullptr;
  // A state this engine can have: positions in the box, velocities within twice the cap, finite
  // components (anything else would send the next step's grid out of its cells).
  const double v_max = 2.0 * p.max_speed + 1.0;
  for (const std::vector<double>* v : {&s.x, &s.y, &s.z})
    for (double x : *v)
      if (!(x >= -kHalfBox && x < kHalfBox)) return nullptr;
  for (const std::vector<double>* v : {&s.vx, &s.vy, &s.vz})
    for (double x : *v)
      if (!(x >= -v_max && x <= v_max)) return nullptr;
  for (const std::vector<double>* v : {&c.sx, &c.sy, &c.sz, &c.ax, &c.ay, &c.az, &c.cx, &c.cy, &c.cz})
    for (double x : *v)
      if (!(x - x == 0.0)) return nullptr;  // finite
  return Boids3d::restored(p, static_cast<NeighbourSearch>(search), std::move(s), std::move(c), steps,
                           initializing != 0);
}

}  // namespace bandada
