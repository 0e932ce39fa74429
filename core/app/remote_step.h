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

/// A worker's list of models of one kind (a flock and its twin): each step steps every one as
/// `step_one` does and packs them all (pack_list of `pack` of each).
template <class Model, class Step, class Pack>
class ListWorker final : public WorkerModel {
 public:
  ListWorker(Step step_one, Pack pack) : step_one_(step_one), pack_(pack) {}
  std::vector<Model> models;
  void step(std::string& out) override {
    std::vector<std::string> parts;
    for (Model& m : models) {
      step_one_(m);
      parts.push_back(pack_(m));
    }
    out = pack_list(parts);
  }

 private:
  Step step_one_;
  Pack pack_;
};

/// A ListWorker read from a list (pack_list) whose every part `unpack` reads into a copy of
/// `blank`; null when the bytes are no list or any part is not such a model.
template <class Model, class Unpack, class Step, class Pack>
std::unique_ptr<WorkerModel> list_worker(std::string_view bytes, const Model& blank, Unpack unpack,
                                         Step step_one, Pack pack) {
  auto worker = std::make_unique<ListWorker<Model, Step, Pack>>(step_one, pack);
  std::vector<std::string_view> parts;
  if (!unpack_list(bytes, parts) || parts.empty()) return nullptr;
  for (std::string_view p : parts) {
    worker->models.push_back(blank);
    if (!unpack(p, worker->models.back())) return nullptr;
  }
  return worker;
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

/// How a model travels to the other instance: its kind (its registry id) and its bytes both ways
/// (pack; unpack, false for bytes that are not a whole model, leaving the model untouched).
template <class Model>
struct RemoteCodec {
  const char* kind;
  std::string (*pack)(const Model&);
  bool (*unpack)(std::string_view, Model&);
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
