// Bandada — steps computed by another instance of this build: where a page cannot share memory
// with threads, its long steps go to a Web Worker as the model's bytes and come back one step at
// a time, whole. RemoteStepper is the page's side (web/remote_step.cpp), RemoteModel the
// worker's (web/sweep_worker.cpp); a test joins the two directly.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bandada {

/// Several models' bytes as one (a flock and its twin), and back: false for bytes that are not.
std::string pack_list(const std::vector<std::string>& parts);
bool unpack_list(std::string_view bytes, std::vector<std::string_view>& parts);

/// A model as the other instance holds it, read from the bytes the page handed over: each call
/// computes its next step and gives back the model's bytes after it. Each model makes its own
/// from its registry entry (ModelEntry::load_worker), so this folder names no model.
class WorkerModel {
 public:
  virtual ~WorkerModel() = default;
  /// Computes the next step and writes the model's bytes after it into `out`.
  virtual void step(std::string& out) = 0;
};

/// Every part of a list (pack_list) read by `unpack` into a model of its own, copied from
/// `blank`: false when the bytes are no list or any part is not such a model.
template <class Model, class Unpack>
bool unpack_each(std::string_view bytes, std::vector<Model>& models, const Model& blank, Unpack unpack) {
  std::vector<std::string_view> parts;
  if (!unpack_list(bytes, parts) || parts.empty()) return false;
  for (std::string_view p : parts) {
    models.push_back(blank);
    if (!unpack(p, models.back())) return false;
  }
  return true;
}

/// The page's side: hands a model to the other instance and takes its steps back in order.
class RemoteStepper {
 public:
  virtual ~RemoteStepper() = default;
  /// Drops anything under way and starts from `model`, the bytes of a model of this `kind`
  /// (RemoteModel::load), computing up to `steps` steps.
  virtual void start(std::string_view kind, std::string model, int steps) = 0;
  /// `steps` more after those asked for so far.
  virtual void more(int steps) = 0;
  /// Drops everything under way: nothing started before arrives any more.
  virtual void stop() = 0;
  /// The model after the next step not yet taken, as bytes; nothing while it is still computing.
  virtual std::optional<std::string> take() = 0;
  /// The other instance cannot go on (it could not load or start): the caller steps itself.
  virtual bool failed() const = 0;
};

/// Steps a remote stepper computes ahead of those taken while a model runs: enough that it never
/// waits for the page's next frame, few enough that a Pause wastes little.
inline constexpr int kRemoteAhead = 2;

/// A controller's hold on a RemoteStepper: whether it steps a copy of the controller's model
/// now (live), and how many steps are asked of it and not yet taken.
class RemoteRun {
 public:
  /// Uses `remote` from now on (null: none), dropping anything under way.
  void attach(RemoteStepper* remote) {
    stop();
    remote_ = remote;
  }
  bool attached() const { return remote_ != nullptr; }
  /// Attached, and the other instance can go on.
  bool usable() const { return remote_ && !remote_->failed(); }
  bool failed() const { return remote_ && remote_->failed(); }
  bool live() const { return live_; }
  void start(std::string_view kind, std::string model, int steps) {
    remote_->start(kind, std::move(model), steps);
    live_ = true;
    asked_ = steps;
  }
  /// Asks for more, so that `steps` are computing or waiting to be taken.
  void keep(int steps) {
    if (!live_ || asked_ >= steps) return;
    remote_->more(steps - asked_);
    asked_ = steps;
  }
  std::optional<std::string> take() {
    std::optional<std::string> bytes = live_ ? remote_->take() : std::nullopt;
    if (bytes) --asked_;
    return bytes;
  }
  /// Drops everything under way: nothing started before arrives any more.
  void stop() {
    if (live_) remote_->stop();
    live_ = false;
    asked_ = 0;
  }
  /// Its bytes could not be read back: the steps are computed here from now on.
  void give_up() { attach(nullptr); }

 private:
  RemoteStepper* remote_ = nullptr;
  bool live_ = false;
  int asked_ = 0;
};

/// The other instance's side: one model, loaded from bytes and stepped. The kind is a registered
/// model's id (app/registry.h).
class RemoteModel {
 public:
  RemoteModel();
  ~RemoteModel();
  /// Loads the bytes of a model of this kind: "" or why not.
  std::string load(std::string_view kind, std::string_view bytes);
  /// Computes the loaded model's next step (the start's components while it is initializing)
  /// and returns the model's bytes after it; empty when nothing is loaded.
  const std::string& step();

 private:
  std::unique_ptr<WorkerModel> model_;
  std::string out_;
};

}  // namespace bandada
