// Bandada — fuzz target: the models' bytes, as the single-thread page and its step worker hand
// them to each other (core/app/remote_step.h). The first byte picks the reader (the 3-D flock,
// the 2-D flock, the feedback engine, a list of parts); the rest is read. Whatever the bytes,
// they are refused or read without reading past them, what is read writes the same bytes back,
// and it steps as the worker would step it.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "app/remote_step.h"
#include "models/boids3d/boids3d.h"
#include "models/feedback2d/feedback2d.h"
#include "models/flock2d/flock2d.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string copy(reinterpret_cast<const char*>(data) + 1, size - 1);  // exactly this long
  const std::string_view bytes(copy);
  switch (data[0] % 4) {
    case 0:
      if (std::unique_ptr<bandada::Boids3d> f = bandada::boids3d_unpack(bytes)) {
        if (bandada::boids3d_pack(*f) != bytes) std::abort();
        bandada::RemoteModel worker;
        if (!worker.load("boids3d", bytes).empty() || worker.step().empty()) std::abort();
      }
      break;
    case 1: {
      bandada::Flock2d f(bandada::Flock2dParams{});
      const uint64_t before = f.fingerprint();
      if (bandada::flock2d_unpack(bytes, f)) {
        if (bandada::flock2d_pack(f) != bytes) std::abort();
        f.step();
        f.mean_nearest_distance();
      } else if (f.fingerprint() != before) {
        std::abort();  // refused bytes leave the flock as it was
      }
      break;
    }
    case 2: {
      bandada::Feedback2d f(bandada::Feedback2dParams{});
      const uint64_t before = f.fingerprint();
      if (bandada::feedback2d_unpack(bytes, f)) {
        if (bandada::feedback2d_pack(f) != bytes) std::abort();
        f.cycle();
      } else if (f.fingerprint() != before) {
        std::abort();
      }
      break;
    }
    default: {
      std::vector<std::string_view> parts;
      if (bandada::unpack_list(bytes, parts)) {
        std::vector<std::string> owned(parts.begin(), parts.end());
        if (bandada::pack_list(owned) != bytes) std::abort();
      }
    }
  }
  return 0;
}
