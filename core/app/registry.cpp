// Bandada — the model registry (see registry.h).
#include "registry.h"

namespace bandada {

// Each model's folder defines its entry beside its session.
ModelEntry boids3d_model();
ModelEntry feedback2d_model();
ModelEntry flock2d_model();

namespace {

std::vector<ModelEntry>& registry() {
  static std::vector<ModelEntry> list = {
      boids3d_model(),
      feedback2d_model(),
      flock2d_model(),
  };
  return list;
}

}  // namespace

const std::vector<ModelEntry>& models() { return registry(); }

std::unique_ptr<ModelSession> make_session(std::string_view id) {
  for (const ModelEntry& e : registry())
    if (id == e.id) return e.make();
  return nullptr;
}

void add_model(const ModelEntry& entry) {
  for (const ModelEntry& e : registry())
    if (std::string_view(e.id) == entry.id) return;
  registry().push_back(entry);
}

}  // namespace bandada
