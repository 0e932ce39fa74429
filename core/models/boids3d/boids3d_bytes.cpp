// Bandada — the 3-D flock as bytes (boids3d_pack / boids3d_unpack): how a page without threads
// hands its long steps to a Web Worker running the same build, and takes each step back whole.
#include "boids3d.h"
#include "common/bytes.h"
#include "periodic.h"

namespace bandada {
namespace {

constexpr uint32_t kMagic = 0x42443301;  // "B3D", layout 1

/// The flock's state as numbers and arrays of numbers, in the order of its bytes: a flock still
/// initializing has its next state and no components.
struct Boids3dRecord {
  uint32_t magic = kMagic;
  Boids3dParams p;
  uint8_t search = 0, initializing = 0;
  uint64_t steps = 0;
  Boids3dState s;
  Boids3dComponents c;
};

/// The one list of the members, walked by the writer (pack) and the reader (unpack) alike.
template <class Io, class R>
void walk_members(Io& io, R& r) {
  io(r.magic);
  io(r.p.count);
  for (auto* v : {&r.p.radius, &r.p.separation, &r.p.alignment, &r.p.cohesion, &r.p.max_speed}) io(*v);
  io(r.p.seed);
  io(r.search);
  io(r.initializing);
  io(r.steps);
  for (auto* v : {&r.s.x, &r.s.y, &r.s.z, &r.s.vx, &r.s.vy, &r.s.vz}) io(*v, r.p.count);
  if (r.initializing) return;
  for (auto* v : {&r.c.sx, &r.c.sy, &r.c.sz, &r.c.ax, &r.c.ay, &r.c.az, &r.c.cx, &r.c.cy, &r.c.cz})
    io(*v, r.p.count);
  io(r.c.neighbors, r.p.count);
}

/// Whether a record read is a state this engine can have: params in range, every array of N,
/// positions in the box, velocities within twice the cap, finite components (anything else
/// would send the next step's grid out of its cells).
bool possible(const Boids3dRecord& r) {
  const Boids3dParams& p = r.p;
  if (r.magic != kMagic || !params_in_range(p) || r.search > 1 || r.initializing > 1 ||
      (r.initializing && r.steps != 0))
    return false;
  const Boids3dState& s = r.s;
  const Boids3dComponents& c = r.c;
  for (const std::vector<double>* v : {&s.x, &s.y, &s.z, &s.vx, &s.vy, &s.vz})
    if (v->size() != p.count) return false;
  if (!r.initializing) {
    for (const std::vector<double>* v : {&c.sx, &c.sy, &c.sz, &c.ax, &c.ay, &c.az, &c.cx, &c.cy, &c.cz})
      if (v->size() != p.count) return false;
    if (c.neighbors.size() != p.count) return false;
  }
  const double v_max = 2.0 * p.max_speed + 1.0;
  for (const std::vector<double>* v : {&s.x, &s.y, &s.z})
    for (double x : *v)
      if (!(x >= -kHalfBox && x < kHalfBox)) return false;
  for (const std::vector<double>* v : {&s.vx, &s.vy, &s.vz})
    for (double x : *v)
      if (!(x >= -v_max && x <= v_max)) return false;
  for (const std::vector<double>* v : {&c.sx, &c.sy, &c.sz, &c.ax, &c.ay, &c.az, &c.cx, &c.cy, &c.cz})
    for (double x : *v)
      if (!(x - x == 0.0)) return false;  // finite
  return true;
}

}  // namespace

std::string boids3d_pack(const Boids3d& f) {
  Boids3dRecord r;
  r.p = f.params_;
  r.search = static_cast<uint8_t>(f.search_);
  r.initializing = f.initializing() ? 1 : 0;
  r.steps = f.steps_;
  r.s = r.initializing ? f.next_ : f.state_;
  if (!r.initializing) r.c = f.comp_;
  ByteWriter w;
  w.reserve(256 + 16 * (sizeof(double) + 8) + size_t{r.p.count} * 16 * sizeof(double));  // 16 arrays at most
  walk_members(w, r);
  return w.take();
}

std::unique_ptr<Boids3d> boids3d_unpack(std::string_view bytes) {
  ByteReader in(bytes);
  Boids3dRecord r;
  walk_members(in, r);
  if (!in.finished() || !possible(r)) return nullptr;
  return Boids3d::restored(r.p, static_cast<NeighbourSearch>(r.search), std::move(r.s), std::move(r.c),
                           r.steps, r.initializing != 0);
}

}  // namespace bandada
