// Bandada — the 2-D flock's presets (docs/models/flock2d.md, "Presets"): each a set of field
// texts (the defaults with what it changes, by key), with what to watch, and for some their own
// obstacles or the orbit scenario.
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "flock2d_controller.h"

namespace bandada {
namespace {

/// The fields' default texts with the named ones changed: a preset names only what it changes.
Flock2dFieldTexts changes(std::initializer_list<std::pair<std::string_view, const char*>> named) {
  Flock2dFieldTexts t = flock2d_default_texts();
  for (const auto& [key, text] : named) {
    int at = -1;
    for (int i = 0; i < kFlock2dFieldCount; ++i)
      if (key == flock2d_fields()[i].key) at = i;
    if (at < 0) t.fill("no field " + std::string(key));  // a misspelt key: every field says so
    if (at >= 0) t[at] = text;
  }
  return t;
}

}  // namespace

const std::vector<Flock2dPreset>& flock2d_presets() {
  static const std::vector<Flock2dPreset> kPresets = {
      {"Balanced", "The classic 1.5 / 1.0 / 1.0: groups form, merge and turn together.", changes({})},
      {"Fish school", "Alignment-heavy: long parallel streams that wheel as one.",
       changes({{"sep-radius", "20"}, {"w-sep", "1.2"}, {"w-ali", "2.5"}, {"w-coh", "0.8"}})},
      {"Bird flock", "Lower cohesion: wide, loose formations that stretch and split.",
       changes({{"radius", "60"}, {"w-ali", "1.2"}, {"w-coh", "0.4"}})},
      {"Loose swarm", "Separation-heavy: even spacing, little common heading.",
       changes({{"sep-radius", "35"}, {"w-sep", "3.0"}, {"w-ali", "0.5"}, {"w-coh", "0.5"}})},
      {"Tight ball", "Cohesion-heavy: dense balls that orbit their centre.",
       changes({{"sep-radius", "15"}, {"w-sep", "1.0"}, {"w-ali", "0.8"}, {"w-coh", "3.0"}})},
      {"All max", "Every weight at 10: the seed's warning about spasmodic, jittering motion.",
       changes({{"w-sep", "10"}, {"w-ali", "10"}, {"w-coh", "10"}})},
      {"Gate",
       "A wall with a gap: the flock funnels through it and spreads out again.",
       changes({{"w-obs", "5"}}),
       true,
       {},
       {{450, 0, 450, 255}, {450, 345, 450, 600}}},
      {"Pillars",
       "A field of pillars: the flock splits around them and closes up behind.",
       changes({{"w-obs", "4"}}),
       true,
       {{225, 150, 30}, {450, 150, 30}, {675, 150, 30}, {225, 450, 30}, {450, 450, 30}, {675, 450, 30}},
       {}},
      {"Orbit",
       "20 boids orbit one attractor, raw forces, no flocking: energy is conserved, so compare integrators.",
       changes({{"count", "20"},
                {"sep-radius", "10"},
                {"w-sep", "0"},
                {"w-ali", "0"},
                {"w-coh", "0"},
                {"max-speed", "50"},
                {"w-attr", "2"}}),
       true,
       {},
       {},
       true},
  };
  return kPresets;
}

}  // namespace bandada
