// Bandada — the crowd's hand-made test cases, shared by its test files: an open room, params with
// a coarse step, and a run checked to give the same bits on any number of threads.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <functional>

#include "models/crowd/crowd.h"

namespace bandada {

inline CrowdLayout open_room() {  // 30 × 30 m, one exit far to the right
  CrowdLayout L{"test",
                30,
                30,
                {{0, 0, 30, 0}, {30, 0, 30, 14}, {30, 16, 30, 30}, {30, 30, 0, 30}, {0, 30, 0, 0}},
                {{30, 14, 30, 16}},
                {},
                1,
                1,
                29,
                29};
  return L;
}

inline CrowdParams params(double dt = 0.005) {
  CrowdParams p;
  p.dt = dt;
  return p;
}

/// p's crowd run 40 frames on 1, 2 and 3 threads: the same fingerprint on each (checked), `also`
/// checked on each; returns it.
inline uint64_t same_bits_any_threads(const CrowdParams& p,
                                      const std::function<void(const Crowd&)>& also = {}) {
  uint64_t want = 0;
  for (unsigned t : {1u, 2u, 3u}) {
    Crowd c(p);
    c.set_threads(t);
    for (int s = 0; s < 40; ++s) c.step();
    if (t == 1) want = c.fingerprint();
    CHECK(c.fingerprint() == want);
    if (also) also(c);
  }
  return want;
}

/// p's crowd after 20 frames, through its bytes: the copy keeps the operational model, and both
/// run 20 frames more to the same fingerprint and the same bytes.
inline void continues_through_bytes(const CrowdParams& p) {
  Crowd a(p);
  for (int s = 0; s < 20; ++s) a.step();
  Crowd b(CrowdParams{});
  REQUIRE(crowd_unpack(crowd_pack(a), b));
  CHECK(b.params().model == p.model);
  for (int s = 0; s < 20; ++s) a.step(), b.step();
  CHECK(a.fingerprint() == b.fingerprint());
  CHECK(crowd_pack(a) == crowd_pack(b));
}

}  // namespace bandada
