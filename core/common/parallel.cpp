// Bandada — see parallel.h. One pool of threads made on first use and kept: a step never creates
// threads, so a browser's main thread never waits for a Web Worker to start (in a threaded wasm
// build the pool's threads come from the workers made before main), and a step pays no thread
// start-up. Blocks are claimed in any order by whichever thread is free, a few per thread, so a
// thread the system puts aside for a while (a page's renderer wants the core) leaves its share
// to the others; the split itself is fixed by n and the thread count, so the result is too.
#include "parallel.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace bandada {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
constexpr bool kThreads = false;  // a wasm build without -pthread: std::thread cannot start
#else
constexpr bool kThreads = true;
#endif

unsigned hardware_threads() { return kThreads ? std::max(1u, std::thread::hardware_concurrency()) : 1u; }

namespace {

constexpr size_t kBlocksPerThread = 4;

class Pool {
 public:
  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(m_);
      stop_ = true;
    }
    work_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

  // Runs job(block, slot) for every block in [0, blocks): slot 0 is the caller, slot k the k-th
  // pool thread; only slots below `slots` take part, so a slot indexes the caller's scratch.
  // A block claimed once `until` is set is skipped (run's result is then false).
  bool run(size_t blocks, unsigned slots, const std::function<void(size_t, unsigned)>& job,
           const std::atomic<bool>* until = nullptr) {
    std::lock_guard<std::mutex> one_at_a_time(run_);
    std::unique_lock<std::mutex> lock(m_);
    while (threads_.size() + 1 < slots) {
      const unsigned slot = static_cast<unsigned>(threads_.size() + 1);
      // It joins this run: it starts from the generation before the run's.
      threads_.emplace_back([this, slot, before = generation_] { work(slot, before); });
    }
    job_ = &job;
    until_ = until;
    skipped_ = false;
    slots_ = slots;
    blocks_ = blocks;
    next_ = 0;
    left_ = blocks;
    ++generation_;
    work_.notify_all();
    claim(lock, 0);
    done_.wait(lock, [this] { return left_ == 0; });
    job_ = nullptr;
    return !skipped_;
  }

 private:
  void work(unsigned slot, uint64_t seen) {
    std::unique_lock<std::mutex> lock(m_);
    while (true) {
      work_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      if (slot < slots_) claim(lock, slot);
    }
  }

  // Takes blocks until none is left (the lock is released while a block runs).
  void claim(std::unique_lock<std::mutex>& lock, unsigned slot) {
    while (job_ && next_ < blocks_) {
      const size_t b = next_++;
      if (until_ && *until_) {
        skipped_ = true;
      } else {
        const std::function<void(size_t, unsigned)>& job = *job_;
        lock.unlock();
        job(b, slot);
        lock.lock();
      }
      if (--left_ == 0) done_.notify_all();
    }
  }

  std::mutex run_, m_;
  std::condition_variable work_, done_;
  std::vector<std::thread> threads_;
  const std::function<void(size_t, unsigned)>* job_ = nullptr;
  const std::atomic<bool>* until_ = nullptr;
  bool skipped_ = false;
  size_t blocks_ = 0, next_ = 0, left_ = 0;
  unsigned slots_ = 0;
  uint64_t generation_ = 0;
  bool stop_ = false;
};

Pool& pool() {
  static Pool instance;
  return instance;
}

}  // namespace

// ---- the background thread ------------------------------------------------------------------

struct BackgroundJob::Shared {
  enum State { queued, running, finished };
  Job job;
  std::atomic<bool> stop{false};
  std::atomic<int> state{queued};
  std::mutex m;
  std::condition_variable finished_cv;
};

namespace {

class Background {
 public:
  void push(std::shared_ptr<BackgroundJob::Shared> s) {
    std::lock_guard<std::mutex> lock(m_);
    if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
    queue_.push_back(std::move(s));
    ready_.notify_one();
  }
  ~Background() {
    {
      std::lock_guard<std::mutex> lock(m_);
      quit_ = true;
    }
    ready_.notify_one();
    if (thread_.joinable()) thread_.join();
  }

 private:
  void loop() {
    std::unique_lock<std::mutex> lock(m_);
    while (true) {
      ready_.wait(lock, [this] { return quit_ || !queue_.empty(); });
      if (quit_) return;
      std::shared_ptr<BackgroundJob::Shared> s = std::move(queue_.front());
      queue_.erase(queue_.begin());
      lock.unlock();
      {
        std::unique_lock<std::mutex> job_lock(s->m);
        // Halted before it began: its owner has moved on and what it would touch may be gone.
        if (!s->stop) {
          s->state = BackgroundJob::Shared::running;
          job_lock.unlock();
          s->job(s->stop);
          job_lock.lock();
        }
        s->state = BackgroundJob::Shared::finished;
        s->job = nullptr;
      }
      s->finished_cv.notify_all();
      lock.lock();
    }
  }

  std::mutex m_;
  std::condition_variable ready_;
  std::vector<std::shared_ptr<BackgroundJob::Shared>> queue_;
  std::thread thread_;
  bool quit_ = false;
};

Background& background() {
  static Background instance;
  return instance;
}

}  // namespace

bool BackgroundJob::available() { return kThreads; }

void BackgroundJob::start(Job job) {
  halt();
  shared_ = std::make_shared<Shared>();
  shared_->job = std::move(job);
  background().push(shared_);
}

bool BackgroundJob::done() const { return shared_ && shared_->state == Shared::finished; }

bool BackgroundJob::collect() {
  if (!done()) {
    halt();
    return false;
  }
  const bool whole = !shared_->stop;
  shared_.reset();
  return whole;
}

void BackgroundJob::halt() {
  if (!shared_) return;
  std::unique_lock<std::mutex> lock(shared_->m);
  shared_->stop = true;
  if (shared_->state == Shared::running)
    shared_->finished_cv.wait(lock, [this] { return shared_->state == Shared::finished; });
  lock.unlock();
  shared_.reset();
}

void parallel_for(size_t n, unsigned threads, const std::function<void(size_t, size_t, unsigned)>& f) {
  // At least 256 items a block: below that a thread costs more than it saves. Up to
  // kBlocksPerThread blocks a thread, so the work follows the threads that run.
  const unsigned slots = kThreads ? std::max(1u, threads) : 1u;
  const size_t blocks = std::min<size_t>(size_t{slots} * kBlocksPerThread, std::max<size_t>(1, n / 256));
  if (blocks <= 1 || slots <= 1) {
    f(0, n, 0);
    return;
  }
  pool().run(blocks, static_cast<unsigned>(std::min<size_t>(slots, blocks)),
             [&](size_t b, unsigned slot) { f(n * b / blocks, n * (b + 1) / blocks, slot); });
}

bool parallel_for_until(size_t n, unsigned threads, size_t block, const std::atomic<bool>& stop,
                        const std::function<void(size_t, size_t, unsigned)>& f) {
  block = std::max<size_t>(block, 1);
  const size_t blocks = (n + block - 1) / block;
  const unsigned slots = kThreads ? std::max(1u, threads) : 1u;
  auto range = [&](size_t b, unsigned slot) { f(b * block, std::min(n, (b + 1) * block), slot); };
  if (slots <= 1 || blocks <= 1) {
    for (size_t b = 0; b < blocks; ++b) {
      if (stop) return false;
      range(b, 0);
    }
    return true;
  }
  return pool().run(blocks, static_cast<unsigned>(std::min<size_t>(slots, blocks)), range, &stop);
}

}  // namespace bandada
