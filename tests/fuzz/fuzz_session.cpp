// Bandada — fuzz target: a model session driven by a fuzzed sequence of what a user can do
// (typing, choosing, commands, time, presses, links, the model's own options), checking after every action
// what the models' descriptions promise: positions in the world, nothing NaN, a valid selection.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "app/registry.h"
#include "models/all_models.h"

namespace {

struct Reader {
  const uint8_t* p;
  size_t n;
  uint8_t byte() {
    if (n == 0) return 0;
    --n;
    return *p++;
  }
  std::string text(size_t most) {
    std::string s;
    for (size_t k = byte() % (most + 1); k > 0 && n > 0; --k) s += static_cast<char>(byte());
    return s;
  }
};

void check(const bandada::ModelSession& s) {
  bandada::DrawData d;
  s.draw(d);
  // Every glyph drawn, or none where the view shows something else (the truss's structure, not
  // its swarm of ten-dimensional designs).
  if ((d.count != s.size() && d.count != 0) || d.pos.size() != d.count * 3 || d.highlight.size() != d.count)
    std::abort();
  for (size_t i = 0; i < d.count * 3; ++i)
    if (!std::isfinite(d.pos[i]) || !std::isfinite(d.dir[i])) std::abort();
  for (size_t i = 0; i < d.count; ++i) {
    const float x = d.pos[i * 3], y = d.pos[i * 3 + 1];
    if (d.space == bandada::Space::cube) {
      const float h = static_cast<float>(d.width / 2);
      if (x < -h || x > h || y < -h || y > h) std::abort();
    } else if (x < 0 || y < 0 || x > d.width || y > d.height) {
      std::abort();
    }
  }
  if (s.selection() && *s.selection() >= s.size()) std::abort();
  // NaN only where a series says "not measured" (a second curve, an optional plot), never in a
  // plot of its own that is always measured.
  for (size_t k = 0; k < s.series_info().size() && s.series_length() > 0; ++k) {
    const bandada::SeriesInfo& info = s.series_info()[k];
    if (info.pair < 0 && !info.optional && std::isnan(s.series_value(k, s.series_length() - 1))) std::abort();
    if (std::isinf(s.series_value(k, s.series_length() - 1))) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  bandada::add_all_models();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader in{data, size};
  const auto& models = bandada::models();
  std::unique_ptr<bandada::ModelSession> s = models[in.byte() % models.size()].make();
  s->edit(0, "30");  // small worlds: the fuzzer explores actions, not big flocks
  for (int actions = 0; actions < 64 && in.n > 0; ++actions) {
    const uint8_t op = in.byte() % 11;
    if (op == 0) {
      const size_t i = in.byte() % s->field_count();
      // Counts stay below 1000 (three characters) so that a step stays cheap.
      s->edit(i, in.text(s->field(i).integer ? 3 : 8));
    } else if (op == 1 && !s->choices().empty()) {
      const size_t k = in.byte() % s->choices().size();
      s->choose(k, in.byte() % static_cast<int>(s->choices()[k].values.size() + 1));
    } else if (op == 2) {
      s->command(s->commands()[in.byte() % s->commands().size()].id);
    } else if (op == 3) {
      s->advance(in.byte() / 100.0, in.byte() % 2 ? 1e300 : std::nan(""));
    } else if (op == 4) {
      s->select(static_cast<int64_t>(in.byte()) - 5);
    } else if (op == 5) {
      s->set_tool(in.byte() % 8);
      s->press(in.byte() * 4.0 - 100.0, in.byte() * 3.0 - 100.0, in.byte() % 2, in.byte() % 2, 15.0);
    } else if (op == 6) {
      s->commit(in.byte() % s->field_count());
    } else if (op == 7) {
      s->open_link(in.text(40));
    } else if (op == 8) {
      s->compute(in.byte() % 4);
    } else if (op == 9) {
      s->set_display(in.byte() % 8, in.byte() % 2);
    } else if (!s->cli_options().empty()) {
      // A model's own option, as the CLI gives it: a file's text for one that reads a file (the
      // crowd's scenario reader), none that writes one.
      const bandada::CliOption& o = s->cli_options()[in.byte() % s->cli_options().size()];
      if (!o.writes_file) s->cli_option(o.name, in.text(o.reads_file ? 400 : 40));
    }
    check(*s);
  }
  return 0;
}
