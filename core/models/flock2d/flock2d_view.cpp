// Bandada — what the 2-D flock looks like on the plane: its boids coloured as the display
// switches say, velocity vectors, trails, the neighbour grid, obstacles, the leader, the twin of
// the other integrator, markers and the selection with its neighbours (see flock2d_view.h).
#include "flock2d_view.h"

#include <cmath>

#include "common/state_id.h"

namespace bandada {
namespace {

/// The neighbour grid's cells (at least r wide).
void draw_grid(const Flock2dParams& p, DrawData& d) {
  const int nx = static_cast<int>(kFlockWidth / p.r), ny = static_cast<int>(kFlockHeight / p.r);
  for (int gx = 1; gx < nx; ++gx) {
    const float x = static_cast<float>(gx * kFlockWidth / nx);
    d.overlays.push_back(
        {Overlay::Kind::segment, kFrame, x, 0, 0, 0, x, static_cast<float>(kFlockHeight), 0, 1.0f});
  }
  for (int gy = 1; gy < ny; ++gy) {
    const float y = static_cast<float>(gy * kFlockHeight / ny);
    d.overlays.push_back(
        {Overlay::Kind::segment, kFrame, 0, y, 0, 0, static_cast<float>(kFlockWidth), y, 0, 1.0f});
  }
}

/// The last 16 positions of every boid, as segments (none across a seam); kept between frames
/// and grown once a step.
void draw_trails(const Flock2d& flock, bool shown, Flock2dTrails& trails, DrawData& d) {
  if (!shown) {
    trails.points.clear();
    return;
  }
  const Flock2d* m = &flock;
  const size_t n = m->size();
  if (trails.step != m->steps() || trails.points.size() != n) {
    trails.points.resize(n);
    for (size_t i = 0; i < n; ++i) {
      std::vector<float>& t = trails.points[i];
      t.push_back(d.pos[i * 3]);
      t.push_back(d.pos[i * 3 + 1]);
      if (t.size() > 32) t.erase(t.begin(), t.begin() + 2);
    }
    trails.step = m->steps();
  }
  for (const std::vector<float>& t : trails.points)
    for (size_t q = 2; q + 1 < t.size(); q += 2)
      if (std::fabs(t[q] - t[q - 2]) < 100 && std::fabs(t[q + 1] - t[q - 1]) < 100)  // not across a seam
        d.overlays.push_back(
            {Overlay::Kind::segment, kFaint, t[q - 2], t[q - 1], 0, 0, t[q], t[q + 1], 0, 1.0f});
}

/// The selected boid i: its neighbours within r highlighted, its perception and separation
/// circles, and its ring.
void draw_selection(const Flock2d& flock, uint32_t i, DrawData& d) {
  const Flock2d* m = &flock;
  const Flock2dParams& p = m->params();
  const size_t n = m->size();
  for (uint32_t j = 0; j < n; ++j) {
    const double dx = minimal_image(m->px()[j] - m->px()[i], kFlockWidth),
                 dy = minimal_image(m->py()[j] - m->py()[i], kFlockHeight);
    if (j != i && std::sqrt(dx * dx + dy * dy) < p.r) {
      d.neighbours.push_back(j);
      d.highlight[j] = 2;
    }
  }
  d.highlight[i] = 1;
  const float x = d.pos[i * 3], y = d.pos[i * 3 + 1];
  d.overlays.push_back({Overlay::Kind::circle, kFaint, x, y, 0, static_cast<float>(p.r)});
  d.overlays.push_back({Overlay::Kind::circle, kSelected, x, y, 0, static_cast<float>(p.separation_radius)});
  d.overlays.push_back({Overlay::Kind::ring, kSelected, x, y, 0, 9.0f, 0, 0, 0, 2.0f});
}

}  // namespace

void draw_flock2d(const Flock2dController& ctl, const Flock2dLooks& looks, uint64_t revision,
                  Flock2dTrails& trails, DrawData& d) {
  const Flock2d* m = ctl.model();
  d.space = Space::plane;
  d.shape = GlyphShape::triangle;
  d.width = kFlockWidth;
  d.height = kFlockHeight;
  d.y_up = false;
  const size_t n = m ? m->size() : 0;
  d.reset(n);
  if (!m) {
    trails.points.clear();
    return;
  }
  const Flock2dParams& p = m->params();
  std::vector<uint32_t> k;
  if (looks.by_neighbours) k = m->neighbour_counts();
  for (size_t i = 0; i < n; ++i) {
    const double sp = std::sqrt(m->vx()[i] * m->vx()[i] + m->vy()[i] * m->vy()[i]);
    d.set_plane_glyph(i, m->px()[i], m->py()[i], m->vx()[i], m->vy()[i]);
    double t = -1;
    if (looks.by_speed) t = sp / p.max_speed;
    if (looks.by_neighbours) t = k[i] / 20.0;
    if (t >= 0) d.colour[i] = static_cast<uint8_t>(kRamp + static_cast<int>(std::fmin(1.0, t) * 15.0));
    if (looks.vectors)
      d.overlays.push_back({Overlay::Kind::segment, kFaint, d.pos[i * 3], d.pos[i * 3 + 1], 0, 0,
                            static_cast<float>(m->px()[i] + m->vx()[i] * 5),
                            static_cast<float>(m->py()[i] + m->vy()[i] * 5), 0, 1.0f});
  }
  if (looks.grid) draw_grid(p, d);
  draw_trails(*m, looks.trails && n <= 5000, trails, d);
  for (const Circle& c : ctl.circles())  // obstacles, always shown
    d.overlays.push_back({Overlay::Kind::solid, kObstacle, static_cast<float>(c.x), static_cast<float>(c.y),
                          0, static_cast<float>(c.r)});
  for (const Wall& w : ctl.walls())
    d.overlays.push_back({Overlay::Kind::segment, kObstacle, static_cast<float>(w.x1),
                          static_cast<float>(w.y1), 0, 0, static_cast<float>(w.x2), static_cast<float>(w.y2),
                          0, 4.0f});
  if (p.leader >= 0 && static_cast<size_t>(p.leader) < n) {  // its own mark: a double violet ring
    const float x = d.pos[p.leader * 3], y = d.pos[p.leader * 3 + 1];
    d.overlays.push_back({Overlay::Kind::ring, kLeader, x, y, 0, 8.0f, 0, 0, 0, 2.0f});
    d.overlays.push_back({Overlay::Kind::ring, kLeader, x, y, 0, 12.0f, 0, 0, 0, 1.0f});
  }
  if (looks.twin && ctl.twin()) {  // the twin flock: faint outlines where the other integrator is
    const Flock2d& t = *ctl.twin();
    for (size_t i = 0; i < t.size(); ++i)
      d.overlays.push_back({Overlay::Kind::circle, kFaint, static_cast<float>(t.px()[i]),
                            static_cast<float>(t.py()[i]), 0, 5.0f});
    for (const Marker& q : t.predators())
      d.overlays.push_back(
          {Overlay::Kind::circle, kRed, static_cast<float>(q.x), static_cast<float>(q.y), 0, 6.0f});
  }
  if (looks.markers) {
    for (const Marker& q : m->predators())
      d.overlays.push_back(
          {Overlay::Kind::disc, kRed, static_cast<float>(q.x), static_cast<float>(q.y), 0, 6.0f});
    for (const Marker& q : m->attractors())
      d.overlays.push_back({Overlay::Kind::ring, kGreen, static_cast<float>(q.x), static_cast<float>(q.y), 0,
                            7.0f, 0, 0, 0, 2.5f});
  }
  if (ctl.selection() && *ctl.selection() < n) draw_selection(*m, *ctl.selection(), d);
  d.version =
      draw_version(m->state_id(), m->steps(), (ctl.selection() ? *ctl.selection() + 1 : 0) ^ revision << 32);
}

}  // namespace bandada
