// Bandada — a test-only model: N points on a circle of radius R, each turning by ω per step.
// It exists to prove the model seam: it lives only in tests/, is registered only by the test
// programs (one add_model line each), and the unit tests and a CLI build drive it through the
// same interface as the real models. Deliberately tiny; the engine is the session.
// ring_plus.cpp builds it again with BANDADA_RING_PLUS: the ring with one field more, which is
// exactly what a new field costs (the three places marked "a new field").
#include "ring_session.h"

#include <array>
#include <cmath>
#include <cstdio>

#include "app/scheduler.h"
#include "app/share_codec.h"
#include "common/bytes.h"
#include "common/fingerprint.h"
#include "common/number_text.h"
#include "common/state_id.h"

namespace bandada {
namespace {

#ifdef BANDADA_RING_PLUS
constexpr const char* kId = "ring-plus";
#else
constexpr const char* kId = "ring";
#endif

struct RingParams {
  uint32_t n = 0, seed = 1;  // no randomness: the seed is there so that sweeps can name it
  double omega = 0, radius = 40;
#ifdef BANDADA_RING_PLUS
  double phase = 0;  // a new field, 1 of 3: its value
#endif
};

using P = RingParams;
const FieldRow<P> kRows[] = {
    {{"n", "points N", "whole number 1 … 1000", true, 1, 1000, false, "count"}, "12", {nullptr, &P::n}},
    {{"w", "turn ω", "radians per step, -1 … 1", false, -1, 1, false, "omega"}, "0.1", {&P::omega}},
    {{"r", "radius R", "more than 0 and at most 100", false, 0, 100, true, "radius"}, "40", {&P::radius}},
    {{"seed", "seed", "whole number 0 … 4294967295 (nothing is random)", true, 0, 4294967295.0, false},
     "1",
     {nullptr, &P::seed}},
#ifdef BANDADA_RING_PLUS
    // a new field, 2 of 3: its row
    {{"ph", "phase φ", "radians added per step on top of ω, -1 … 1", false, -1, 1, false, "phase"},
     "0",
     {&P::phase}},
#endif
};
constexpr size_t kCount = sizeof kRows / sizeof kRows[0];
using Texts = std::array<std::string, kCount>;

const ModelInfo kInfo = {kId, "Test ring", "step", "Fields apply at Initialize",
                         "A test model: points on a circle."};

const ModelDescription& ring_description() {
  static const ModelDescription d = [] {
    ModelDescription m;
    m.info = kInfo;
    m.fields = row_infos(kRows);
    m.commands = standard_commands("Place the points (I)", "One step (S)");
    m.series = {{"first angle", NAN, NAN}};
    m.table_title = "Points";
    m.columns = {{"#", -1}, {"angle", 4}};
    return m;
  }();
  return d;
}

class RingSession final : public ModelSession {
 public:
  RingSession() : ModelSession(ring_description()) {
    texts_ = row_initials(kRows);
    revalidate();
  }
  FieldText field_text(size_t i) const override { return {texts_[i], errors_[i]}; }

  std::string why_not(std::string_view id) const override {
    if (id == "initialize") return fix_first(*this);
    if (id == "run") return !built_ ? "Initialize first." : running_ ? "Already running." : "";
    if (id == "pause") return running_ ? "" : "Not running.";
    if (id == "step") return built_ ? "" : "Initialize first.";
    if (id == "reset") return built_ ? "" : "Nothing to remove.";
    if (id == "clear_selection") return selection_ ? "" : "Nothing selected.";
    return {};
  }

  RunStatus status() const override {
    return !built_ ? RunStatus::none : running_ ? RunStatus::running : RunStatus::paused;
  }
  void advance(double elapsed, double) override {
    if (!running_) return;
    for (int due = std::min(6, scheduler_.add(elapsed)); due > 0; --due) one_step();
  }
  CommandResult compute(uint64_t n) override {
    if (!built_) return {false, "Initialize first."};
    for (uint64_t k = 0; k < n; ++k) one_step();
    return {};
  }

  uint64_t steps() const override { return steps_; }
  size_t size() const override { return built_ ? angle_.size() : 0; }
  uint64_t fingerprint() const override {
    Fingerprint fp;
    for (double a : angle_) fp.add(a);
    return fp.value();
  }
  std::vector<Readout> readouts() const override {
    if (!built_) return {};
    return {{"step", std::to_string(steps_)}, {"N =", std::to_string(angle_.size())}};
  }
  Report report() const override { return {{}, notice_, {}}; }
  std::vector<Measure> measures() const override {
    if (!built_) return {};
    return {{"first_angle", format_double(angle_[0])}};
  }

  size_t series_length() const override { return series_.size(); }
  uint64_t series_step(size_t i) const override { return i; }
  double series_value(size_t, size_t i) const override { return series_[i]; }
  void row(size_t i, double* out) const override {
    out[0] = static_cast<double>(i);
    out[1] = angle_[i];
  }

  std::optional<uint32_t> selection() const override { return selection_; }
  CommandResult select(int64_t index) override {
    if (index < 0 || static_cast<size_t>(index) >= size()) return {false, "No such point."};
    selection_ = static_cast<uint32_t>(index);
    return {};
  }

  std::string kept(Kept form) const override {
    if (form == Kept::link || form == Kept::saved_text)  // its saved text is its link
      return write_model_link(kId, description().fields.data(), kCount, texts_.data());
    if (form != Kept::state || !built_) return {};
    ByteWriter w;
    w.put(steps_);
    w.put(angle_);
    w.put(series_);
    return w.take();
  }
  CommandResult restore(Kept form, std::string_view text) override {
    if (form == Kept::link || form == Kept::saved_text) return open_ring_link(text);
    if (form == Kept::state) return {load_state(text), "Not a ring's state."};
    return {false, "Nothing to restore."};
  }
  bool load_state(std::string_view bytes) {
    ByteReader r(bytes);
    uint64_t steps = 0;
    std::vector<double> angle, series;
    if (!r.get(steps) || !r.get(angle, 1000) || !r.get(series, 1u << 20) || !r.finished() || angle.empty())
      return false;
    pause();
    params_ = check_rows(kRows, texts_).params;  // the step reads the fields the file brought
    steps_ = steps;
    angle_ = std::move(angle);
    series_ = std::move(series);
    built_ = true;
    return true;
  }

  void draw(DrawData& d) const override {
    d.space = Space::plane;
    d.width = d.height = 2 * params_.radius + 20;
    d.reset(size());
    const double c = params_.radius + 10;
    for (size_t i = 0; i < d.count; ++i) {
      const double a = angle_[i];
      // Positions from a polynomial of the angle, not the platform's sin/cos: same bits anywhere.
      const double x = 1 - a * a / 2 + a * a * a * a / 24, y = a - a * a * a / 6;
      d.pos[i * 3] = static_cast<float>(c + params_.radius * x);
      d.pos[i * 3 + 1] = static_cast<float>(c + params_.radius * y);
      d.pos[i * 3 + 2] = 0;
      d.dir[i * 3] = static_cast<float>(-y);
      d.dir[i * 3 + 1] = static_cast<float>(x);
      d.dir[i * 3 + 2] = 0;
    }
    if (selection_ && *selection_ < d.count) {
      d.highlight[*selection_] = 1;
      const size_t next = (*selection_ + 1) % d.count;  // its one neighbour: the next point
      if (next != *selection_) {
        d.neighbours.push_back(static_cast<uint32_t>(next));
        d.highlight[next] = 2;
      }
    }
    d.version = draw_version(1, steps_, selection_ ? *selection_ + 1 : 0);
  }

  std::string exported(Export form) const override {
    if (!built_ || form != Export::json) return ModelSession::exported(form);
    // The fields by their CLI names, from the rows (so a new field is named here by its row too).
    std::string s =
        "{\"model\":\"" + std::string(kId) + "\",\"steps\":" + std::to_string(steps_) + ",\"fields\":{";
    double v[kCount];
    check_rows(kRows, texts_, v);
    for (size_t i = 0; i < kCount; ++i)
      s += (i ? ",\"" : "\"") + std::string(kRows[i].info.option()) + "\":" + format_double(v[i]);
    s += "},\"angles\":[";
    for (size_t i = 0; i < angle_.size(); ++i) s += (i ? "," : "") + format_double(angle_[i]);
    return s + "]}";
  }

 protected:
  void do_edit(size_t i, std::string_view text, Input how) override {
    if (how == Input::committed) return;  // its fields apply at Initialize
    texts_[i] = std::string(text);
    revalidate();
  }
  CommandResult do_command(std::string_view id) override {
    if (id == "initialize") {
      params_ = check_rows(kRows, texts_).params;
      angle_.assign(params_.n, 0.0);
      for (size_t i = 0; i < angle_.size(); ++i)
        angle_[i] = static_cast<double>(i) / static_cast<double>(angle_.size());
      built_ = true;
      steps_ = 0;
      selection_.reset();
      series_.assign(1, angle_[0]);
    }
    if (id == "run") running_ = true;
    if (id == "pause") pause();
    if (id == "step") {
      pause();
      one_step();
    }
    if (id == "reset") {
      built_ = running_ = false;
      angle_.clear();
      series_.clear();
      selection_.reset();
    }
    if (id == "clear_selection") selection_.reset();
    return {};
  }
  CommandResult open_ring_link(std::string_view share) {
    Texts texts = row_initials(kRows);
    ModelLink link = read_model_link(share, kId, description().fields.data(), kCount, texts.data());
    if (!link.ok) return {false, link.error};
    texts_ = texts;
    revalidate();
    return {true, "Opened a ring.", link.warnings};
  }

 private:
  void revalidate() { errors_ = check_rows(kRows, texts_).errors; }
  void pause() {
    running_ = false;
    scheduler_.reset();
  }
  void one_step() {
    for (double& a : angle_) {
      a += params_.omega;
#ifdef BANDADA_RING_PLUS
      a += params_.phase;  // a new field, 3 of 3: its use in the step
#endif
    }
    ++steps_;
    series_.push_back(angle_.empty() ? 0.0 : angle_[0]);
  }

  Texts texts_, errors_;
  RingParams params_;
  std::vector<double> angle_, series_;
  bool built_ = false, running_ = false;
  uint64_t steps_ = 0;
  StepScheduler scheduler_;
  std::optional<uint32_t> selection_;
  std::string notice_;
};

}  // namespace

#ifdef BANDADA_RING_PLUS
ModelEntry ring_plus_model() {
#else
ModelEntry ring_model() {
#endif
  return {kId, "Test ring", [] { return std::unique_ptr<ModelSession>(new RingSession); }};
}

}  // namespace bandada
