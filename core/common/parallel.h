// Bandada — one parallel loop for the steps: [0, n) split into contiguous blocks, a few per
// thread, taken by the calling thread and the pool's. A step's threads each write their own boids and read
// only the previous state, so any split gives the same bits; reductions stay serial.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>

namespace bandada {

/// Runs f(begin, end, worker) over [0, n) on `threads` threads (fewer when n is small; one where
/// the build has no threads), worker < threads naming the thread: one worker may run several
/// blocks, one after another, never two at once. Returns when every block is done.
void parallel_for(size_t n, unsigned threads, const std::function<void(size_t, size_t, unsigned)>& f);

/// The same in blocks of `block` items (the last one shorter), taken by whichever thread is free
/// until `stop` is set: false when it was, some blocks then never having run.
bool parallel_for_until(size_t n, unsigned threads, size_t block, const std::atomic<bool>& stop,
                        const std::function<void(size_t, size_t, unsigned)>& f);

/// Threads this build can run at once: 1 without thread support.
unsigned hardware_threads();

/// A long computation off the calling thread (a page's main thread): one job at a time on a
/// thread of its own, made on first use and kept (a Web Worker in a threaded wasm build). The
/// caller polls done() and takes the result itself; halt() asks the job to stop (the job reads
/// `stop` between pieces of its work) and waits for it. Without thread support available() is
/// false and nothing may be started.
class BackgroundJob {
 public:
  using Job = std::function<void(const std::atomic<bool>& stop)>;
  static bool available();

  BackgroundJob() = default;
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;
  ~BackgroundJob() { halt(); }

  /// Queues job on the background thread; anything started before must be collected or halted.
  void start(Job job);
  /// A job was started and not yet collected or halted.
  bool started() const { return shared_ != nullptr; }
  /// The started job has returned: collect() it.
  bool done() const;
  /// After done(): nothing started any more; true when the job ran to its end (never halted).
  bool collect();
  /// Stops the started job and waits until it has returned (a job never started is dropped
  /// without waiting); then nothing is started.
  void halt();

  struct Shared;

 private:
  std::shared_ptr<Shared> shared_;
};

}  // namespace bandada
