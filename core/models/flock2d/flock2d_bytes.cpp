// Bandada — the 2-D flock as bytes (flock2d_pack / flock2d_unpack): how a page without threads
// hands its long steps to a Web Worker running the same build, and takes each step back whole.
#include "common/bytes.h"
#include "flock2d.h"
#include "flock2d_params.h"

namespace bandada {
namespace {

constexpr uint32_t kMagic = 0x46324401;  // "F2D", layout 1
constexpr uint64_t kMaxMarkers = 1u << 20;

// Markers and obstacles as flat arrays of their numbers.
std::vector<double> flat(const std::vector<Marker>& v) {
  std::vector<double> out;
  for (const Marker& m : v) out.insert(out.end(), {m.x, m.y, m.vx, m.vy});
  return out;
}
std::vector<double> flat(const std::vector<Circle>& v) {
  std::vector<double> out;
  for (const Circle& c : v) out.insert(out.end(), {c.x, c.y, c.r});
  return out;
}
std::vector<double> flat(const std::vector<Wall>& v) {
  std::vector<double> out;
  for (const Wall& w : v) out.insert(out.end(), {w.x1, w.y1, w.x2, w.y2});
  return out;
}

}  // namespace

std::string flock2d_pack(const Flock2d& f) {
  const Flock2dParams& p = f.params_;
  ByteWriter w;
  w.reserve(512 + (f.px_.size() * 6 + (f.predators_.size() + f.attractors_.size() + f.walls_.size()) * 4 +
                   f.circles_.size() * 3) *
                      sizeof(double));
  w.put(kMagic);
  w.put(p.n);
  for (double v :
       {p.r, p.separation_radius, p.separation_weight, p.alignment_weight, p.cohesion_weight, p.max_speed,
        p.max_force, p.dt, p.predator_weight, p.attractor_weight, p.leader_weight, p.obstacle_weight})
    w.put(v);
  for (int e : {static_cast<int>(p.law), static_cast<int>(p.integrator), static_cast<int>(p.start)})
    w.put(static_cast<uint8_t>(e));
  w.put(p.seed);
  w.put(p.leader);
  w.put(f.rng_.state);
  w.put(f.nearest_);
  w.put(static_cast<uint8_t>(f.nearest_known_));
  for (const std::vector<double>* v : {&f.px_, &f.py_, &f.vx_, &f.vy_, &f.last_vx_, &f.last_vy_}) w.put(*v);
  w.put(flat(f.predators_));
  w.put(flat(f.attractors_));
  w.put(flat(f.circles_));
  w.put(flat(f.walls_));
  w.put(f.steps_);
  w.put(static_cast<uint8_t>(f.brute_));
  return w.take();
}

bool flock2d_unpack(std::string_view bytes, Flock2d& f) {
  ByteReader r(bytes);
  uint32_t magic = 0;
  Flock2dParams p;
  uint8_t law = 0, integrator = 0, start = 0, nearest_known = 0, brute = 0;
  uint32_t rng = 0;
  double nearest = 0;
  uint64_t steps = 0;
  if (!r.get(magic) || magic != kMagic || !r.get(p.n)) return false;
  for (double* v : {&p.r, &p.separation_radius, &p.separation_weight, &p.alignment_weight, &p.cohesion_weight,
                    &p.max_speed, &p.max_force, &p.dt, &p.predator_weight, &p.attractor_weight,
                    &p.leader_weight, &p.obstacle_weight})
    r.get(*v);
  r.get(law);
  r.get(integrator);
  r.get(start);
  r.get(p.seed);
  r.get(p.leader);
  r.get(rng);
  r.get(nearest);
  r.get(nearest_known);
  std::vector<double> x, y, vx, vy, last_vx, last_vy, predators, attractors, circles, walls;
  for (std::vector<double>* v : {&x, &y, &vx, &vy})
    if (!r.get(*v, p.n) || v->size() != p.n) return false;
  for (std::vector<double>* v : {&last_vx, &last_vy})  // none before a first step
    if (!r.get(*v, p.n) || (!v->empty() && v->size() != p.n)) return false;
  if (last_vx.size() != last_vy.size()) return false;
  r.get(predators, 4 * kMaxMarkers);
  r.get(attractors, 4 * kMaxMarkers);
  r.get(circles, 3 * kMaxMarkers);
  r.get(walls, 4 * kMaxMarkers);
  r.get(steps);
  r.get(brute);
  if (!r.finished() || law > 1 || integrator > 1 || start > 1 || nearest_known > 1 || brute > 1 ||
      predators.size() % 4 || attractors.size() % 4 || circles.size() % 3 || walls.size() % 4)
    return false;
  // Params in their fields' ranges and a finite state: what this engine can have (anything else
  // could send a step's grid out of its cells).
  const FieldInfo* fields = flock2d_fields();
  auto in = [fields](Flock2dField k, double v) { return in_field_range(fields[static_cast<int>(k)], v); };
  if (!in(Flock2dField::count, p.n) || !in(Flock2dField::radius, p.r) ||
      !in(Flock2dField::sep_radius, p.separation_radius) || p.separation_radius > p.r ||
      !in(Flock2dField::w_sep, p.separation_weight) || !in(Flock2dField::w_ali, p.alignment_weight) ||
      !in(Flock2dField::w_coh, p.cohesion_weight) || !in(Flock2dField::max_speed, p.max_speed) ||
      !in(Flock2dField::max_force, p.max_force) || !in(Flock2dField::dt, p.dt) ||
      !in(Flock2dField::w_pred, p.predator_weight) || !in(Flock2dField::w_attr, p.attractor_weight) ||
      !in(Flock2dField::w_leader, p.leader_weight) || !in(Flock2dField::w_obs, p.obstacle_weight) ||
      p.leader < -1 || p.leader >= static_cast<int64_t>(p.n))
    return false;
  for (const std::vector<double>* v :
       {&x, &y, &vx, &vy, &last_vx, &last_vy, &predators, &attractors, &circles, &walls})
    for (double d : *v)
      if (!(d - d == 0.0) || d > 1e9 || d < -1e9) return false;  // finite, and not absurdly far
  for (size_t i = 2; i < circles.size(); i += 3)
    if (!(circles[i] > 0)) return false;  // a radius
  p.law = static_cast<ForceLaw>(law);
  p.integrator = static_cast<Integrator>(integrator);
  p.start = static_cast<Start>(start);
  const unsigned threads = f.threads_;
  f = Flock2d(p, std::move(x), std::move(y), std::move(vx), std::move(vy));
  f.rng_.state = rng;
  f.last_vx_ = std::move(last_vx);
  f.last_vy_ = std::move(last_vy);
  f.nearest_ = nearest;
  f.nearest_known_ = nearest_known != 0;
  for (size_t i = 0; i < predators.size(); i += 4)
    f.predators_.push_back({predators[i], predators[i + 1], predators[i + 2], predators[i + 3]});
  for (size_t i = 0; i < attractors.size(); i += 4)
    f.attractors_.push_back({attractors[i], attractors[i + 1], attractors[i + 2], attractors[i + 3]});
  for (size_t i = 0; i < circles.size(); i += 3)
    f.circles_.push_back({circles[i], circles[i + 1], circles[i + 2]});
  for (size_t i = 0; i < walls.size(); i += 4)
    f.walls_.push_back({walls[i], walls[i + 1], walls[i + 2], walls[i + 3]});
  f.steps_ = steps;
  f.brute_ = brute != 0;
  f.threads_ = threads;
  return true;
}

}  // namespace bandada
