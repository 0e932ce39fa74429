// Bandada — tests: the page's step worker (web/step_worker.js) in process, for controllers
// given a RemoteStepper.
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include "app/remote_step.h"

namespace bandada {

/// The page's Web Worker, in process: a RemoteModel computing one asked step per compute(), its
/// results waiting until taken, everything from before a stop dropped.
class WorkerInProcess final : public RemoteStepper {
 public:
  void start(std::string_view kind, std::string model, int steps) override {
    ready_.clear();
    loaded_ = worker_.load(kind, model);
    asked_ = steps;
    ++starts;
  }
  void more(int steps) override { asked_ += steps; }
  void stop() override {
    ready_.clear();
    asked_ = 0;
  }
  std::optional<std::string> take() override {
    if (ready_.empty()) return std::nullopt;
    std::string r = std::move(ready_.front());
    ready_.pop_front();
    return r;
  }
  bool failed() const override { return !loaded_.empty(); }
  /// The worker finishes one asked step: false when none was asked.
  bool compute() {
    if (asked_ == 0 || failed()) return false;
    --asked_;
    ready_.push_back(worker_.step());
    return true;
  }
  int asked() const { return asked_; }
  int starts = 0;

 private:
  RemoteModel worker_;
  std::string loaded_;  // why the last start could not load
  std::deque<std::string> ready_;
  int asked_ = 0;
};

}  // namespace bandada
