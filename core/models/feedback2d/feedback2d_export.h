// Bandada — the feedback engine written out: the CLI's JSON, also the web app's download.
#pragma once

#include <string>

#include "feedback2d.h"

namespace bandada {

/// {"model":"feedback2d","cycles":T,"R":{…},"points":[{"p":[x,y],"v":[vx,vy],"mA":…,…},…]}
std::string feedback2d_json(const Feedback2d& m);

}  // namespace bandada
