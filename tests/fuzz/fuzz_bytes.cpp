// Bandada — fuzz target: the models' bytes, as the single-thread page and its step worker hand
// them to each other (core/app/remote_step.h). The first byte picks the reader ('P': the particle
// swarm; else by its value mod 4, the 3-D flock, the 2-D flock, the feedback engine, a list of
// parts); the rest is read. Whatever the bytes,
// they are refused or read without reading past them, what is read writes the same bytes back,
// and it steps as the worker would step it.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "app/remote_step.h"
#include "models/all_models.h"
#include "models/boids3d/boids3d.h"
#include "models/feedback2d/feedback2d.h"
#include "models/flock2d/flock2d.h"
#include "models/pso/pso.h"

namespace {

/// A 2-D model read from bytes: written back byte for byte and stepped, or refused and untouched.
template <class Model, class Params, class Pack, class Unpack, class Step>
void read_back(std::string_view bytes, Pack pack, Unpack unpack, Step step) {
  Model m{Params{}};
  const uint64_t before = m.fingerprint();
  if (unpack(bytes, m)) {
    if (pack(m) != bytes) std::abort();
    step(m);
  } else if (m.fingerprint() != before) {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  bandada::add_all_models();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string copy(reinterpret_cast<const char*>(data) + 1, size - 1);  // exactly this long
  const std::string_view bytes(copy);
  if (data[0] == 'P') {
    read_back<bandada::Pso, bandada::PsoParams>(bytes, bandada::pso_pack, bandada::pso_unpack,
                                                [](bandada::Pso& m) { m.step(); });
    return 0;
  }
  switch (data[0] % 4) {
    case 0:
      if (std::unique_ptr<bandada::Boids3d> f = bandada::boids3d_unpack(bytes)) {
        if (bandada::boids3d_pack(*f) != bytes) std::abort();
        bandada::RemoteModel worker;
        if (!worker.load("boids3d", bytes).empty() || worker.step().empty()) std::abort();
      }
      break;
    case 1:
      read_back<bandada::Flock2d, bandada::Flock2dParams>(bytes, bandada::flock2d_pack,
                                                          bandada::flock2d_unpack, [](bandada::Flock2d& f) {
                                                            f.step();
                                                            f.mean_nearest_distance();
                                                          });
      break;
    case 2:
      read_back<bandada::Feedback2d, bandada::Feedback2dParams>(bytes, bandada::feedback2d_pack,
                                                                bandada::feedback2d_unpack,
                                                                [](bandada::Feedback2d& f) { f.cycle(); });
      break;
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
