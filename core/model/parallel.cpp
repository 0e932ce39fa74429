// Bandada — see parallel.h.
#include "parallel.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace bandada {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
constexpr bool kThreads = false;  // a wasm build without -pthread: std::thread cannot start
#else
constexpr bool kThreads = true;
#endif

unsigned hardware_threads() { return kThreads ? std::max(1u, std::thread::hardware_concurrency()) : 1u; }

void parallel_for(size_t n, unsigned threads, const std::function<void(size_t, size_t, unsigned)>& f) {
  // At least 256 items a block: below that a thread costs more than it saves.
  const size_t blocks = std::min<size_t>(kThreads ? std::max(1u, threads) : 1u, std::max<size_t>(1, n / 256));
  if (blocks <= 1) {
    f(0, n, 0);
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(blocks - 1);
  for (size_t b = 1; b < blocks; ++b)
    pool.emplace_back(
        [&f, n, b, blocks] { f(n * b / blocks, n * (b + 1) / blocks, static_cast<unsigned>(b)); });
  f(0, n / blocks, 0);
  for (std::thread& t : pool) t.join();
}

}  // namespace bandada
