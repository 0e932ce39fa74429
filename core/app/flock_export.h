// Bandada — a flock written out: the CLI's JSON and CSV, also the web app's downloads.
// Every number has 17 significant digits, so it round-trips.
#pragma once

#include <string>

#include "model/boids3d.h"
#include "model/feedback2d.h"
#include "model/flock2d.h"

namespace bandada {

/// {"model":"boids3d","steps":T,"time":…,"mean_speed":…,"order":…,"fingerprint":"…","boids":[…]}
std::string flock_json(const Boids3d& flock);
/// One row per boid: index, x, y, z, vx, vy, vz, S, A, C (unweighted, next step), neighbors.
std::string flock_csv(const Boids3d& flock);

/// {"model":"feedback2d","cycles":T,"R":{…},"points":[{"p":[x,y],"v":[vx,vy],"mA":…,…},…]}
std::string feedback2d_json(const Feedback2d& m);

/// {"model":"flock2d","steps":T,"order":…,"mean_speed":…,"boids":[{"p":[x,y],"v":[vx,vy],"neighbors":k},…],
///  "predators":[{"p":[x,y],"v":[vx,vy]},…]}
std::string flock2d_json(const Flock2d& f);

}  // namespace bandada
