// Bandada — the model registry (see registry.h).
#include "registry.h"

namespace bandada {

namespace {

std::vector<ModelEntry>& registry() {
  static std::vector<ModelEntry> list;
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
