// Bandada — a scenario's journeys through checkpoints, its throttled passes and its arrivals over
// time (crowd.h, docs/models/crowd.md "Checkpoints" and "Flow spawning"): the point each person
// aims at inside a checkpoint, the stage they are at, waiting and throttling, and placing people
// who arrive once there is room. Everything here runs in index order on one thread, so its bits
// do not depend on the thread count.
#include <algorithm>
#include <cmath>

#include "crowd.h"

namespace bandada {
namespace {

/// A generator of its own for a person's draws at one stage: seeded from the run's seed, what it
/// is for, their number and the stage, so a draw does not depend on who else drew before.
Lcg stage_rng(uint32_t seed, uint32_t purpose, uint32_t person, uint32_t stage) {
  uint32_t h = seed;
  for (uint32_t v : {purpose, person, stage}) {
    h ^= v + 0x9e3779b9u + (h << 6) + (h >> 2);
    h *= 2654435761u;
  }
  Lcg rng(h);
  rng.next();
  return rng;
}
constexpr uint32_t kAimDraws = 6000, kWaitDraws = 7000;

/// The distance from (x, y) to the ring's edges.
double edge_distance(const CrowdRing& ring, double x, double y) {
  double d = INFINITY;
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &p = ring[k], &q = ring[(k + 1) % ring.size()];
    d = std::min(d, distance_to({p.x, p.y, q.x, q.y}, x, y));
  }
  return d;
}

void bounds(const CrowdRing& ring, double& ax, double& ay, double& bx, double& by) {
  ax = ay = INFINITY;
  bx = by = -INFINITY;
  for (const CrowdPoint& q : ring) {
    ax = std::min(ax, q.x), ay = std::min(ay, q.y), bx = std::max(bx, q.x), by = std::max(by, q.y);
  }
}

}  // namespace

size_t Crowd::waiting_at_checkpoints() const {
  size_t n = 0;
  for (double u : people_.until) n += u >= 0;
  return n;
}

void Crowd::aim_at_checkpoint(size_t i, uint32_t c) {
  // The web tool's rule: a uniform point of the checkpoint at least max(0.05, 0.8·r) from its
  // edges (1000 tries), else any point of it (1000 more), else its corners' mean. Ours adds that
  // the point is on the floor, clear of walls and columns by that much.
  const CrowdRing& ring = layout_.checkpoints[c].area;
  Lcg rng = stage_rng(params_.seed, kAimDraws, people_.id[i], people_.stage[i]);
  const double clearance = std::max(0.05, 0.8 * people_.r[i]);
  double ax, ay, bx, by;
  bounds(ring, ax, ay, bx, by);
  for (int pass = 0; pass < 2; ++pass)
    for (int tries = 0; tries < 1000; ++tries) {
      const double x = ax + (bx - ax) * rng.next(), y = ay + (by - ay) * rng.next();
      const double keep = pass == 0 ? clearance : 0.0;
      if (!inside_ring(ring, x, y) || edge_distance(ring, x, y) < keep || !free_of_room(x, y, keep)) continue;
      people_.tx[i] = x;
      people_.ty[i] = y;
      return;
    }
  double sx = 0, sy = 0;
  for (const CrowdPoint& q : ring) sx += q.x, sy += q.y;
  people_.tx[i] = sx / static_cast<double>(ring.size());
  people_.ty[i] = sy / static_cast<double>(ring.size());
}

void Crowd::start_journeys() {
  // Arrivals in order of their times (file order on a tie), placed by a generator of their own.
  std::stable_sort(arrivals_.begin(), arrivals_.end(),
                   [](const Arrival& a, const Arrival& b) { return a.at < b.at; });
  spawn_rng_ = Lcg(params_.seed + 5000u);
  arrivals_total_ = static_cast<uint32_t>(arrivals_.size());
  // Journeys through checkpoints: everyone at their first stage, aiming at their point in it;
  // throttles: nobody has passed yet.
  bool throttled = !layout_.checkpoints.empty();
  for (const CrowdExitArea& e : layout_.exit_areas) throttled = throttled || e.throughput > 0;
  if (throttled) passed_.assign(layout_.checkpoints.size() + layout_.exit_areas.size(), -1e300);
  if (!layout_.checkpoints.empty()) {
    for (size_t i = 0; i < people_.x.size(); ++i)
      if (!route_stops(i).empty()) aim_at_checkpoint(i, route_stops(i)[0]);
  }
}

void Crowd::next_stage(size_t i) {
  people_.until[i] = -1;
  ++people_.stage[i];
  const std::vector<uint32_t>& stops = route_stops(i);
  if (people_.stage[i] < stops.size()) aim_at_checkpoint(i, stops[people_.stage[i]]);
}

const std::vector<double>& Crowd::field_of(size_t i) const {
  const int32_t c = checkpoint_of(i);
  if (c >= 0) return *navs_[route_doors_.size() + static_cast<size_t>(c)];
  return *navs_[people_.route[i]];
}

void Crowd::checkpoint_stages(double now) {
  if (layout_.checkpoints.empty()) return;
  for (size_t i = 0; i < people_.x.size(); ++i) {
    const int32_t c = checkpoint_of(i);
    if (c < 0) continue;
    const CrowdCheckpoint& k = layout_.checkpoints[static_cast<size_t>(c)];
    if (people_.until[i] >= 0) {  // waiting: until their time is up
      if (now >= people_.until[i]) next_stage(i);
      continue;
    }
    const double dx = people_.tx[i] - people_.x[i], dy = people_.ty[i] - people_.y[i];
    if (std::sqrt(dx * dx + dy * dy) > people_.r[i] + 0.5) continue;  // not there yet
    if (k.throughput > 0) {  // one at a time: the others stay until 1/throughput s have passed
      double& last = passed_[static_cast<size_t>(c)];
      if (now - last < 1.0 / k.throughput) continue;
      last = now;
      next_stage(i);
      continue;
    }
    if (k.wait > 0) {
      double w = k.wait;
      if (k.gaussian) {
        Lcg rng = stage_rng(params_.seed, kWaitDraws, people_.id[i], people_.stage[i]);
        w = std::max(0.1, k.wait + k.wait_std * crowd_normal_draw(rng));
      }
      people_.until[i] = now + w;
      continue;
    }
    next_stage(i);
  }
}

void Crowd::spawn_arrivals(double now) {
  if (arrivals_.empty() || arrivals_.front().at > now) return;
  std::vector<char> stuck(spawn_areas_.size(), 0);  // an area whose next arrival found no room
  size_t k = 0;
  std::vector<Arrival> later;
  for (; k < arrivals_.size() && arrivals_[k].at <= now; ++k) {
    const Arrival& a = arrivals_[k];
    if (stuck[a.area] || people_.x.size() >= kCrowdMaxPeople) {
      later.push_back(a);
      continue;
    }
    const CrowdRing& ring = spawn_areas_[a.area];
    double ax, ay, bx, by;
    bounds(ring, ax, ay, bx, by);
    // Whoever stands within reach of the area: the only people a new place can touch.
    std::vector<uint32_t> near;
    const double reach = a.r + 1.0;
    for (size_t j = 0; j < people_.x.size(); ++j)
      if (people_.x[j] > ax - reach && people_.x[j] < bx + reach && people_.y[j] > ay - reach &&
          people_.y[j] < by + reach)
        near.push_back(static_cast<uint32_t>(j));
    bool put = false;
    for (int tries = 0; tries < 200 && !put; ++tries) {
      const double x = ax + (bx - ax) * spawn_rng_.next(), y = ay + (by - ay) * spawn_rng_.next();
      if (!inside_ring(ring, x, y) || !free_of_room(x, y, a.r)) continue;
      bool clear = true;
      for (uint32_t j : near) {
        const double dx = x - people_.x[j], dy = y - people_.y[j];
        if (dx * dx + dy * dy < (a.r + people_.r[j]) * (a.r + people_.r[j])) {
          clear = false;
          break;
        }
      }
      if (!clear) continue;
      put = true;
      const size_t i = people_.x.size();
      CrowdPeople::Person p;
      p.x = p.tx = x;
      p.y = p.ty = y;
      p.r = a.r;
      p.id = placed_++;
      p.v0 = a.v0;
      p.route = a.route;
      people_.append(p);
      exit_of_.push_back(kStillInside);
      if (!start_.empty()) start_.push_back(0);  // an arrival walks at once
      if (!route_stops(i).empty()) aim_at_checkpoint(i, route_stops(i)[0]);
      const double late = now - a.at;
      if (late >= 0.01) {  // later than the internal step their time fell in (at most 0.005 s)
        ++spawn_waited_;
        spawn_wait_total_ += late;
        spawn_wait_max_ = std::max(spawn_wait_max_, late);
      }
    }
    if (!put) {
      stuck[a.area] = 1;
      later.push_back(a);
    }
  }
  later.insert(later.end(), arrivals_.begin() + static_cast<long>(k), arrivals_.end());
  arrivals_ = std::move(later);
}

}  // namespace bandada
