// Bandada — the PSO model written out: the CLI's JSON, also the page's download.
#pragma once

#include <string>

#include "pso.h"

namespace bandada {

/// {"model":"pso","landscape","dims","steps","evaluations","diverged_at","best":{value,violation,
/// x},"optimum","error","in_basin","diversity","improved","particles":[{x,v,value,best}]}; for
/// the truss, "truss" with the best design's stresses, displacements and constraint ratios. No
/// inf or NaN: a value that is not a number (a particle outside the box) is null.
std::string pso_json(const Pso& m);

}  // namespace bandada
