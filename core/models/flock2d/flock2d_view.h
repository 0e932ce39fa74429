// Bandada — the 2-D flock's draw data, apart from its session: what the page and the accessible
// view draw of a Flock2dController, by the display switches of the session.
#pragma once

#include <cstdint>
#include <vector>

#include "app/model_session.h"
#include "flock2d_controller.h"

namespace bandada {

/// The display switches that change the drawing (the session's display options).
struct Flock2dLooks {
  bool vectors = false, trails = false, grid = false, markers = false;
  bool by_speed = false, by_neighbours = false;  ///< colour ramps; plain colour when both are off
  bool twin = false;                             ///< the other integrator's flock, in outline
};

/// The last 16 plane positions of each boid, kept between frames (display only; up to 5 000 boids).
struct Flock2dTrails {
  std::vector<std::vector<float>> points;
  uint64_t step = ~0ull;  ///< the step they were last extended at
};

/// Fills d with the controller's flock as the switches say; `revision` is the session's (markers
/// and obstacles are part of it), so that the draw data's version moves with them.
void draw_flock2d(const Flock2dController& ctl, const Flock2dLooks& looks, uint64_t revision,
                  Flock2dTrails& trails, DrawData& d);

}  // namespace bandada
