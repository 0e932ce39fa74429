// Bandada — state ids (see state_id.h).
#include "state_id.h"

#include <atomic>

namespace bandada {

uint64_t new_state_id() {
  static std::atomic<uint64_t> last{0};
  return ++last;
}

}  // namespace bandada
