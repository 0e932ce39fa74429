// Bandada — the model registry: the list of models every front end offers, in menu order. It
// starts empty and names no model: each program's main fills it through the composition root,
// core/models/all_models.h (adding a model is one line there; docs/architecture.md).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "app/model_session.h"

namespace bandada {

struct Experiment;

class WorkerModel;  // app/remote_step.h

struct ModelEntry {
  const char* id;     ///< the same as the session's info().id
  const char* title;  ///< menu text
  std::unique_ptr<ModelSession> (*make)();
  /// The model in a step worker, read from the bytes its session hands a RemoteStepper; null for
  /// bytes that are not such a model. Null for a model that never steps in a worker.
  std::unique_ptr<WorkerModel> (*load_worker)(std::string_view bytes) = nullptr;
  /// The claims this model tests (core/run/experiment.h); null for none.
  const std::vector<Experiment>& (*experiments)() = nullptr;
};

/// Every registered model, in the order added; the first is the default.
const std::vector<ModelEntry>& models();
/// A new session of the model `id`; null when no model has that id.
std::unique_ptr<ModelSession> make_session(std::string_view id);
/// Registers one more model (the composition root's, or a test binary's own); ignored when the
/// id is taken.
void add_model(const ModelEntry& entry);

}  // namespace bandada
