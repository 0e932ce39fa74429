// Bandada — one parallel loop for the steps: [0, n) split into contiguous blocks, one per
// thread, the first on the calling thread. A step's threads each write their own boids and read
// only the previous state, so any split gives the same bits; reductions stay serial.
#pragma once

#include <cstddef>
#include <functional>

namespace bandada {

/// Runs f(begin, end, worker) over [0, n) on `threads` threads (fewer when n is small; one where
/// the build has no threads). Returns when every block is done.
void parallel_for(size_t n, unsigned threads, const std::function<void(size_t, size_t, unsigned)>& f);

/// Threads this build can run at once: 1 without thread support.
unsigned hardware_threads();

}  // namespace bandada
