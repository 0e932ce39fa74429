// Bandada — the 3-D flock written out: the CLI's JSON and CSV, also the web app's downloads.
#pragma once

#include <string>

#include "boids3d.h"

namespace bandada {

/// {"model":"boids3d","steps":T,"time":…,"mean_speed":…,"order":…,"fingerprint":"…","boids":[…]}
std::string flock_json(const Boids3d& flock);
/// One row per boid: index, x, y, z, vx, vy, vz, S, A, C (unweighted, next step), neighbors.
std::string flock_csv(const Boids3d& flock);

}  // namespace bandada
