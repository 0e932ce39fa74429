// Bandada — state fingerprints: FNV-1a over 64-bit words, finished with the splitmix64 mixer.
// Every model hashes its state through this, in a fixed order, so a fingerprint names exact bits.
// Frozen: shared links and golden tests carry these values.
#pragma once

#include <cstdint>
#include <cstring>

namespace bandada {

class Fingerprint {
 public:
  void add(uint64_t w) {
    h_ ^= w;
    h_ *= 0x100000001b3ull;
  }
  void add(double v) {
    uint64_t w;
    std::memcpy(&w, &v, sizeof w);
    add(w);
  }
  uint64_t value() const {
    uint64_t h = h_;
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebull;
    h ^= h >> 31;
    return h;
  }

 private:
  uint64_t h_ = 0xcbf29ce484222325ull;
};

}  // namespace bandada
