// Bandada — fuzz target: every model's link reader and saved-text restore. Whatever the text, it
// is refused with a message or read; what is read writes back a link that reads to the same
// fields and choices, and a model's saved text restores its fields byte for byte.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "app/registry.h"
#include "models/all_models.h"

namespace {

void same_inputs(const bandada::ModelSession& a, const bandada::ModelSession& b) {
  for (size_t i = 0; i < a.field_count(); ++i)
    if (a.text(i) != b.text(i)) std::abort();
  for (size_t k = 1; k < a.choices().size(); ++k)  // a preset (k = 0 where present) follows the fields
    if (a.chosen(k) != b.chosen(k)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  bandada::add_all_models();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const bandada::ModelEntry& e : bandada::models()) {
    std::unique_ptr<bandada::ModelSession> s = e.make();
    const bandada::CommandResult r = s->open_link(text);
    if (!r.ok && r.message.empty()) std::abort();
    std::unique_ptr<bandada::ModelSession> t = e.make();
    if (!t->open_link(s->share_string()).ok) std::abort();
    same_inputs(*s, *t);
    std::unique_ptr<bandada::ModelSession> u = e.make();
    u->load_saved(text);  // corrupt saved text is ignored, never fatal
    std::unique_ptr<bandada::ModelSession> v = e.make();
    if (!v->load_saved(u->saved_text())) std::abort();
    same_inputs(*u, *v);
  }
  return 0;
}
