// Bandada — the composition root (see all_models.h). Adding a model is one line here, plus its
// folder; each folder defines its entry beside its session.
#include "all_models.h"

#include "app/registry.h"

namespace bandada {

ModelEntry boids3d_model();
ModelEntry feedback2d_model();
ModelEntry flock2d_model();

void add_all_models() {
  add_model(boids3d_model());
  add_model(feedback2d_model());
  add_model(flock2d_model());
}

}  // namespace bandada
