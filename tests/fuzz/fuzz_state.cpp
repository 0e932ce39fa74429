// Bandada — fuzz target: state files (core/run/state_file.h), as a user opens them in the page or
// with bandada-cli --state. Whatever the text, it is refused with a reason or read whole; what is
// read continues: written back, the file reads again to the same model, steps, fingerprint and
// state, and it steps. The checksum guards a file against changed bytes, so the fuzzer also gets a
// second chance per input: the same text with its checksum line made good, which reaches the
// sections' own checks (a hand edit with its checksum recomputed).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "models/all_models.h"
#include "run/state_file.h"

namespace {

void one(std::string_view text) {
  bandada::StateFile file;
  if (!bandada::read_state_file(text, file).empty()) return;
  std::string why;
  std::unique_ptr<bandada::ModelSession> s = bandada::session_from_state(file, why);
  if (!s) {
    if (why.empty()) std::abort();  // a refusal always says why
    return;
  }
  const std::string again = bandada::write_state_file(*s);
  bandada::StateFile reread;
  if (!bandada::read_state_file(again, reread).empty()) std::abort();
  std::unique_ptr<bandada::ModelSession> t = bandada::session_from_state(reread, why);
  if (!t || t->steps() != s->steps() || t->fingerprint() != s->fingerprint() ||
      t->state_bytes() != s->state_bytes() || reread.model != file.model)
    std::abort();
  t->compute(1);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  bandada::add_all_models();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  one(text);
  // The same text with a good checksum line in place of whatever ends it.
  const size_t at = text.rfind("checksum ");
  const std::string body(text.substr(0, at == std::string_view::npos ? text.size() : at));
  one(body + "checksum " + bandada::state_checksum(body) + "\n");
  return 0;
}
