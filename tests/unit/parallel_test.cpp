// Bandada — the steps' parallel loop: every item once, on the threads asked for, and a thread
// that is held up (a page's renderer taking its core) leaves its share to the others.
#include "common/parallel.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

using namespace bandada;

TEST_CASE("parallel_for runs every item once, each worker one block at a time, on the threads asked for") {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    for (size_t n : {size_t{0}, size_t{1}, size_t{255}, size_t{1000}, size_t{100000}}) {
      CAPTURE(threads);
      CAPTURE(n);
      std::vector<std::atomic<int>> seen(n);
      std::vector<std::atomic<int>> busy(threads);
      std::atomic<bool> overlap{false}, bad_worker{false};
      parallel_for(n, threads, [&](size_t a, size_t b, unsigned worker) {
        if (worker >= threads) {
          bad_worker = true;
          return;
        }
        if (busy[worker]++ != 0) overlap = true;
        for (size_t i = a; i < b; ++i) ++seen[i];
        --busy[worker];
      });
      CHECK_FALSE(bad_worker);
      CHECK_FALSE(overlap);
      size_t once = 0;
      for (auto& s : seen) once += s == 1;
      CHECK(once == n);
    }
  }
}

TEST_CASE("parallel_for: a thread held up leaves its share to the others") {
  if (!BackgroundJob::available()) return;  // one thread: nothing to share
  const size_t n = 64 * 256;
  std::atomic<size_t> by_caller{0};
  std::atomic<bool> held{false}, waited{false};
  parallel_for(n, 2, [&](size_t a, size_t b, unsigned worker) {
    if (worker != 0 && !held.exchange(true)) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (worker != 0) return;
    if (!waited.exchange(true)) {  // the caller's first block: until the other thread has one too
      const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(2);
      while (!held && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
    }
    by_caller += b - a;
  });
  // One block a thread would leave half to the thread held up; blocks taken as threads come free
  // let the caller run the rest meanwhile.
  CHECK(by_caller.load() > n / 2);
}

TEST_CASE("parallel_for: threads made for a run take part in that run") {
  if (!BackgroundJob::available()) return;
  // More threads than any run before asked for, so the pool grows now; each worker's first
  // block waits (2 s at most) until every worker has one, so all must run at once.
  const unsigned threads = 12;
  std::vector<std::atomic<bool>> joined(threads);
  std::atomic<unsigned> count{0};
  parallel_for(size_t{threads} * 1024, threads, [&](size_t, size_t, unsigned worker) {
    if (joined[worker].exchange(true)) return;
    ++count;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    while (count < threads && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
  });
  CHECK(count.load() == threads);
}

TEST_CASE("parallel_for_until: every item once in blocks, or false once stopped, later blocks never run") {
  for (unsigned threads : {1u, 2u, 3u}) {
    CAPTURE(threads);
    const size_t n = 10007;
    std::vector<std::atomic<int>> seen(n);
    std::atomic<bool> stop{false};
    CHECK(parallel_for_until(n, threads, 100, stop, [&](size_t a, size_t b, unsigned worker) {
      CHECK(b - a <= 100);
      CHECK(worker < threads);
      for (size_t i = a; i < b; ++i) ++seen[i];
    }));
    size_t once = 0;
    for (auto& s : seen) once += s == 1;
    CHECK(once == n);
    std::atomic<size_t> ran{0};
    CHECK_FALSE(parallel_for_until(n, threads, 100, stop, [&](size_t a, size_t b, unsigned) {
      ran += b - a;
      stop = true;  // a Pause while blocks run: no block is taken after it
    }));
    CHECK(ran.load() <= 100 * threads);
  }
}
