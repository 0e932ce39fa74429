// Bandada — must NOT compile: a live controller without one of its ten hooks (here revalidate) is
// named by LiveController's check, in words (tests/compile_fail.sh looks for the message).
#include "app/live_controller.h"

namespace {

struct Model {
  size_t size() const { return 0; }
};
struct Sample {};
std::string pack(const Model&) { return {}; }
bool unpack(std::string_view, Model&) { return true; }

const bandada::FieldInfo kField[1] = {{"x", "x", "a number", false, 0, 1, false}};

class Missing : public bandada::LiveController<Missing, Model, Sample, 1> {
 public:
  Missing() : LiveController(kField, {"0"}, "Nothing yet.", "point") {}
  static constexpr bandada::RemoteCodec<Model> kRemote = {"missing", pack, unpack};
  void work(double) {}
  bandada::CommandResult initialize() { return {}; }
  void apply_live() {}
  std::string share_string() const { return {}; }
  bandada::CommandResult open_link(std::string_view) { return {}; }
  std::string extra_state_bytes() const { return {}; }
  bool adopt_extra_state(std::string_view, const Model&) { return true; }
  static Model blank_model() { return {}; }
};

}  // namespace

int main() {
  Missing m;
  (void)m;
}
