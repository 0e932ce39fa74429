// Bandada — the 2-D flock's presets (docs/models/flock2d.md, "Presets"): each a set of field
// texts, with what to watch, and for some their own obstacles or the orbit scenario.
#include "flock2d_controller.h"

namespace bandada {

const std::vector<Flock2dPreset>& flock2d_presets() {
  //                                   N      r     rs    ws     wa     wc     v    f      dt   wp   wg    wl
  //                                   seed  w_obs
  static const std::vector<Flock2dPreset> kPresets = {
      {"Balanced",
       "The classic 1.5 / 1.0 / 1.0: groups form, merge and turn together.",
       {"300", "50", "25", "1.5", "1.0", "1.0", "4", "0.1", "1", "3", "0.5", "1", "1", "3"}},
      {"Fish school",
       "Alignment-heavy: long parallel streams that wheel as one.",
       {"300", "50", "20", "1.2", "2.5", "0.8", "4", "0.1", "1", "3", "0.5", "1", "1", "3"}},
      {"Bird flock",
       "Lower cohesion: wide, loose formations that stretch and split.",
       {"300", "60", "25", "1.5", "1.2", "0.4", "4", "0.1", "1", "3", "0.5", "1", "1", "3"}},
      {"Loose swarm",
       "Separation-heavy: even spacing, little common heading.",
       {"300", "50", "35", "3.0", "0.5", "0.5", "4", "0.1", "1", "3", "0.5", "1", "1", "3"}},
      {"Tight ball",
       "Cohesion-heavy: dense balls that orbit their centre.",
       {"300", "50", "15", "1.0", "0.8", "3.0", "4", "0.1", "1", "3", "0.5", "1", "1", "3"}},
      {"All max",
       "Every weight at 10: the seed's warning about spasmodic, jittering motion.",
       {"300", "50", "25", "10", "10", "10", "4", "0.1", "1", "3", "0.5", "1", "1", "3"}},
      {"Gate",
       "A wall with a gap: the flock funnels through it and spreads out again.",
       {"300", "50", "25", "1.5", "1.0", "1.0", "4", "0.1", "1", "3", "0.5", "1", "1", "5"},
       true,
       {},
       {{450, 0, 450, 255}, {450, 345, 450, 600}}},
      {"Pillars",
       "A field of pillars: the flock splits around them and closes up behind.",
       {"300", "50", "25", "1.5", "1.0", "1.0", "4", "0.1", "1", "3", "0.5", "1", "1", "4"},
       true,
       {{225, 150, 30}, {450, 150, 30}, {675, 150, 30}, {225, 450, 30}, {450, 450, 30}, {675, 450, 30}},
       {}},
      {"Orbit",
       "20 boids orbit one attractor, raw forces, no flocking: energy is conserved, so compare integrators.",
       {"20", "50", "10", "0", "0", "0", "50", "0.1", "1", "3", "2", "1", "1", "3"},
       true,
       {},
       {},
       true},
  };
  return kPresets;
}

}  // namespace bandada
