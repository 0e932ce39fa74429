// Bandada — the 2-D flock written out: the CLI's JSON, also the web app's download.
#pragma once

#include <string>

#include "flock2d.h"

namespace bandada {

/// {"model":"flock2d","steps":T,"order":…,"mean_speed":…,"boids":[{"p":[x,y],"v":[vx,vy],"neighbors":k},…],
///  "predators":[{"p":[x,y],"v":[vx,vy]},…],"attractors":[{"p":[x,y]},…]}
std::string flock2d_json(const Flock2d& f);

}  // namespace bandada
