// Bandada — the model registry: the one list of models every front end offers, in menu order.
// Adding a model is one line in registry.cpp (docs/adding-a-model.md).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "app/model_session.h"

namespace bandada {

struct ModelEntry {
  const char* id;     ///< the same as the session's info().id
  const char* title;  ///< menu text
  std::unique_ptr<ModelSession> (*make)();
};

/// Every registered model; the first is the default.
const std::vector<ModelEntry>& models();
/// A new session of the model `id`; null when no model has that id.
std::unique_ptr<ModelSession> make_session(std::string_view id);
/// Registers one more model (a test binary's own model); ignored when the id is taken.
void add_model(const ModelEntry& entry);

}  // namespace bandada
