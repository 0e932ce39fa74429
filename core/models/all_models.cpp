// Bandada — the composition root (see all_models.h). Adding a model is one line in the list
// below, plus its folder (core/models/<id>/, built whole), whose session file defines
// `ModelEntry <id>_model()`.
#include "all_models.h"

#include "app/registry.h"

// clang-format off
#define BANDADA_MODELS(X) \
  X(boids3d)              \
  X(feedback2d)           \
  X(flock2d)              \
  X(crowd)                \
  X(pso)
// clang-format on

namespace bandada {

#define BANDADA_DECLARE(id) ModelEntry id##_model();
BANDADA_MODELS(BANDADA_DECLARE)

void add_all_models() {
#define BANDADA_ADD(id) add_model(id##_model());
  BANDADA_MODELS(BANDADA_ADD)
}

}  // namespace bandada
