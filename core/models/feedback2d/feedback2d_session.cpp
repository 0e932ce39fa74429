// Bandada — the 2-D feedback engine behind the model seam: Feedback2dController seen as a
// ModelSession (live fields, operation and switch as choices, single phases, following a
// point). Registered in core/models/all_models.cpp.
#include <cmath>
#include <cstdio>

#include "app/controller_session.h"
#include "app/registry.h"
#include "app/remote_step.h"
#include "common/number_text.h"
#include "common/state_id.h"
#include "feedback2d_controller.h"
#include "feedback2d_export.h"

namespace bandada {
namespace {

const ModelInfo kInfo = {
    "feedback2d",
    "2-D feedback engine",
    "cycle",
    "Parameters act live, from the next phase; n and the seed rebuild on Enter or leaving the field",
    "White arrows are V (inside the group and with it), red are F. The yellow cross is R's centre, the faint "
    "circle its dispersion D, the arrow its heading. Click a point or a row to follow it. Keys: Space "
    "run/pause · S step · P one phase · I initialize · Esc stop following.",
    true};

const char* const kClass[] = {"F", "V"};

const ModelDescription& feedback2d_description() {
  static const ModelDescription d = [] {
    ModelDescription m;
    m.info = kInfo;
    m.fields.assign(feedback2d_fields(), feedback2d_fields() + kFeedback2dFieldCount);
    m.choices = {
        {"op",
         "operation",
         {"Flock", "Probabilistic", "Sum", "Gravity (all pairs)"},
         {"flock", "probabilistic", "sum", "gravity"},
         "operation"},
        {"nc", "F points", {"keep their own way", "follow R (no contradiction)"}, {"0", "1"}, nullptr},
    };
    m.commands = standard_commands("Draw the start, paused (I)",
                                   "Pause, then finish the cycle (a whole one from phase 1) (S)");
    m.commands.push_back({"phase", "Advance one phase", "p", "Run the next phase alone (P)"});
    m.series = {{"D", 0.0, NAN}, {"order", 0.0, 1.0}, {"coherence", 0.0, 1.0}, {"delta R", 0.0, NAN}};
    m.table_title = "Points";
    m.speeds = true;  // a live controller: the page's speeds
    m.columns = {{"#", -1}, {"class", -1, kClass}, {"|v|", 3}, {"k", -1}, {"mA", 3}, {"mS", 3}, {"mG", 3}};
    m.legend = {{kWhite, "V: in the group, with it"},
                {kRed, "F: not"},
                {kYellow, "R: centre, spread D, heading"},
                {kSelected, "followed"}};
    m.cli_options = {
        {"phases", "P", "single phases to run instead of whole cycles (phase 1, 2, 3, 4, 1, …)", true},
        {"no-contradiction", nullptr, "F points follow R (the same as --nc 1)"},
    };
    return m;
  }();
  return d;
}

class Feedback2dSession final : public LiveSession<Feedback2dController, Feedback2dField> {
 public:
  Feedback2dSession() : LiveSession(feedback2d_description()) {}

  ChoiceNow choice_now(size_t k) const override {
    return k == 0 ? static_cast<int>(c_.operation()) : (c_.no_contradiction() ? 1 : 0);
  }

  std::string why_not(std::string_view id) const override {
    if (id != "phase") return standard_why_not(id);
    if (!c_.why_not_step().empty()) return c_.why_not_step();
    return c_.status() == RunStatus::running ? "Pause first: single phases are for a paused system." : "";
  }

  uint64_t steps() const override { return c_.model() ? c_.model()->cycles() : 0; }  // its steps are cycles
  std::vector<Readout> readouts() const override {
    const Feedback2d* m = c_.model();
    if (!m) return {};
    const Feedback2dResult& R = m->result();
    std::vector<Readout> r = {
        {"cycle", std::to_string(m->cycles())},
        {"n =", std::to_string(m->size())},
        {"R: c =", "(" + format_fixed(R.cx, 1) + ", " + format_fixed(R.cy, 1) + ")"},
        {"D =", format_fixed(R.D, 2)},
        {"order", format_fixed(R.order, 3)},
        {"coherence", format_fixed(100.0 * R.coherence, 0) + "%"},
        {"ΔR", format_fixed(R.delta, 5)},
        {"regime:", regime_name(m->regime()), 2},
        {"next:",
         std::string(phase_name(m->next_phase())) + "  (local rule → cohesion → result R ↺ counter-rule)", 2},
    };
    if (c_.followed()) r.push_back({"following point", "#" + std::to_string(*c_.followed()), 4});
    return r;
  }

  std::vector<Measure> measures() const override {
    const Feedback2d* m = c_.model();
    if (!m) return {};
    const Feedback2dResult& R = m->result();
    return {{"D", format_double(R.D)},
            {"order", format_double(R.order)},
            {"coherence", format_double(R.coherence)},
            {"delta", format_double(R.delta)},
            {"regime", regime_name(m->regime()), false}};
  }

  double series_value(size_t k, size_t i) const override {
    const Feedback2dSample& s = c_.series()[i];
    return k == 0 ? s.D : k == 1 ? s.order : k == 2 ? s.coherence : s.delta;
  }

  void row(size_t i, double* out) const override {
    const Feedback2d& m = *c_.model();
    out[0] = static_cast<double>(i);
    out[1] = m.is_v()[i] ? 1.0 : 0.0;
    out[2] = std::sqrt(m.vx()[i] * m.vx()[i] + m.vy()[i] * m.vy()[i]);
    out[3] = m.neighbors()[i];
    out[4] = m.mA()[i];
    out[5] = m.mS()[i];
    out[6] = m.mG()[i];
  }

  std::optional<uint32_t> selection() const override { return c_.followed(); }
  CommandResult select(int64_t index) override { return c_.follow(index); }

  void draw(DrawData& d) const override {
    const Feedback2d* m = c_.model();
    d.space = Space::plane;
    d.shape = GlyphShape::arrow;
    d.width = 1000;
    d.height = 700;
    d.y_up = true;
    const size_t n = m ? m->size() : 0;
    d.reset(n);
    for (size_t i = 0; i < n; ++i) {
      d.set_plane_glyph(i, m->px()[i], m->py()[i], m->vx()[i], m->vy()[i]);
      d.colour[i] = m->is_v()[i] ? kWhite : kRed;
    }
    if (!m) return;
    const Feedback2dResult& R = m->result();
    const float cx = static_cast<float>(R.cx), cy = static_cast<float>(R.cy);
    d.overlays.push_back({Overlay::Kind::circle, kFaint, cx, cy, 0, static_cast<float>(R.D)});
    d.overlays.push_back({Overlay::Kind::cross, kYellow, cx, cy, 0, 9.0f, 0, 0, 0, 2.5f});
    if (R.hx != 0.0 || R.hy != 0.0)
      d.overlays.push_back({Overlay::Kind::arrow_px, kYellow, cx, cy, 0, 40.0f, static_cast<float>(R.hx),
                            static_cast<float>(R.hy), 0, 2.0f});
    if (c_.followed() && *c_.followed() < n) {
      const uint32_t i = *c_.followed();
      d.highlight[i] = 1;
      const float x = d.pos[i * 3], y = d.pos[i * 3 + 1];
      d.overlays.push_back({Overlay::Kind::ring, kSelected, x, y, 0, 10.0f, 0, 0, 0, 2.0f});
      d.overlays.push_back({Overlay::Kind::circle, kFaint, x, y, 0, static_cast<float>(m->params().r)});
    }
    d.version = draw_version(m->state_id(), m->cycles() * 4 + static_cast<uint64_t>(m->next_phase()),
                             c_.followed() ? *c_.followed() + 1 : 0);
  }

  std::string exported(Export form) const override {
    if (form == Export::test_hooks) return test_hooks();
    if (!c_.model() || form != Export::json) return LiveSession::exported(form);
    return feedback2d_json(*c_.model());
  }

  std::string cli_option(std::string_view name, std::string_view value) override {
    if (name == "no-contradiction") {
      c_.set_no_contradiction(true);
      return {};
    }
    if (name != "phases") return ModelSession::cli_option(name, value);
    IntegerParse p = parse_integer_text(value, 40000000);
    if (!p.ok) return "--phases '" + std::string(value) + "': " + p.error;
    phases_ = p.value;
    return {};
  }
  CommandResult cli_run(uint64_t n, bool given) override {
    if (!phases_) return compute(n);
    if (given) return {false, "--phases and --cycles both given: single phases or whole cycles, not both"};
    for (uint64_t k = 0; k < *phases_; ++k) c_.advance_phase();
    return {};
  }

  std::string test_hooks() const {
    const Feedback2d* m = c_.model();
    return "{\"next_phase\":" + std::to_string(m ? static_cast<int>(m->next_phase()) : 0) +
           ",\"regime\":" + json_quote(m ? regime_name(m->regime()) : "") +
           ",\"operation\":" + json_quote(operation_name(c_.operation())) +
           ",\"alpha\":" + format_double(m ? m->params().alpha : 0.0) + "}";
  }

 protected:
  void do_choose(size_t k, int index) override {
    if (k == 0)
      c_.set_operation(static_cast<Feedback2dOperation>(index));
    else
      c_.set_no_contradiction(index == 1);
  }
  CommandResult do_command(std::string_view id) override {
    bool handled = false;
    CommandResult r = standard_command(id, handled);
    return id == "phase" ? c_.advance_phase() : r;
  }

 private:
  std::optional<uint64_t> phases_;
};

/// The model (and its twin, if any) in a step worker, from pack_list's bytes of each: null for
/// bytes that are not.
std::unique_ptr<WorkerModel> feedback2d_worker(std::string_view bytes) {
  Feedback2dParams p;
  p.n = 2;
  return list_worker(
      bytes, Feedback2d(p), feedback2d_unpack, [](Feedback2d& f) { f.cycle(); }, feedback2d_pack);
}

}  // namespace

ModelEntry feedback2d_model() {
  return {kInfo.id, kInfo.title, [] { return std::unique_ptr<ModelSession>(new Feedback2dSession); },
          feedback2d_worker};
}

}  // namespace bandada
