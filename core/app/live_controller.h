// Bandada — what every live controller (a model whose fields act while it runs) shares: raw
// field texts and their messages, the model, the run/pause rules, the scheduler's queue and a
// selection. Fields act on the running model from the next step; each controller adds its own
// settings, edits and readouts.
#pragma once

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "app/model_session.h"
#include "app/remote_step.h"
#include "app/scheduler.h"
#include "common/bytes.h"
#include "common/field_table.h"
#include "common/parallel.h"

namespace bandada {

/// The ten hooks a live controller (Derived) gives LiveController, in one place. Each is checked
/// by name when the controller is built, so a missing one says which it is (not a template error
/// deep inside a call):
///   work(budget_ms)                      the steps due, within the frame's budget
///   initialize()                         a new model from the fields
///   revalidate()                         every field checked again (after a keystroke)
///   apply_live()                         the valid fields applied to the running model
///   share_string() const                 the fields as a link (the saved text)
///   open_link(text)                      a link read back into the fields
///   extra_state_bytes() const            a state file's part beyond the model (default: none)
///   adopt_extra_state(bytes, model)      that part read back; false refuses the file (default:
///                                        only no part)
///   static blank_model()                 what a state file's model is read into
///   static constexpr kRemote             the model's bytes for a step worker (RemoteCodec)
namespace live_hooks {
#define BANDADA_LIVE_HOOK(name, expression) \
  template <class D, class M, class = void> \
  struct name : std::false_type {};         \
  template <class D, class M>               \
  struct name<D, M, std::void_t<decltype(expression)>> : std::true_type {};
BANDADA_LIVE_HOOK(has_work, std::declval<D&>().work(1.0))
BANDADA_LIVE_HOOK(has_initialize, CommandResult(std::declval<D&>().initialize()))
BANDADA_LIVE_HOOK(has_revalidate, std::declval<D&>().revalidate())
BANDADA_LIVE_HOOK(has_apply_live, std::declval<D&>().apply_live())
BANDADA_LIVE_HOOK(has_share_string, std::string(std::declval<const D&>().share_string()))
BANDADA_LIVE_HOOK(has_open_link, CommandResult(std::declval<D&>().open_link(std::string_view())))
BANDADA_LIVE_HOOK(has_extra_state_bytes, std::string(std::declval<const D&>().extra_state_bytes()))
BANDADA_LIVE_HOOK(has_adopt_extra_state,
                  bool(std::declval<D&>().adopt_extra_state(std::string_view(), std::declval<const M&>())))
BANDADA_LIVE_HOOK(has_blank_model, M(D::blank_model()))
BANDADA_LIVE_HOOK(has_remote, D::kRemote.pack(std::declval<const M&>()))
#undef BANDADA_LIVE_HOOK

template <class D, class M>
constexpr void check() {
  static_assert(has_work<D, M>::value, "a live controller needs work(double budget_ms)");
  static_assert(has_initialize<D, M>::value, "a live controller needs initialize() -> CommandResult");
  static_assert(has_revalidate<D, M>::value, "a live controller needs revalidate()");
  static_assert(has_apply_live<D, M>::value, "a live controller needs apply_live()");
  static_assert(has_share_string<D, M>::value, "a live controller needs share_string() const -> std::string");
  static_assert(has_open_link<D, M>::value,
                "a live controller needs open_link(std::string_view) -> CommandResult");
  static_assert(has_extra_state_bytes<D, M>::value, "a live controller needs extra_state_bytes() const");
  static_assert(has_adopt_extra_state<D, M>::value,
                "a live controller needs adopt_extra_state(std::string_view, const Model&) -> bool");
  static_assert(has_blank_model<D, M>::value, "a live controller needs static blank_model() -> Model");
  static_assert(has_remote<D, M>::value,
                "a live controller needs static constexpr RemoteCodec<Model> kRemote");
}
}  // namespace live_hooks

template <class Derived, class Model, class Sample, size_t N>
class LiveController {
 public:
  using Texts = std::array<std::string, N>;

  const Texts& texts() const { return texts_; }
  template <class Field>
  const std::string& error(Field f) const {
    return errors_[static_cast<size_t>(f)];
  }
  bool fields_valid() const { return all_valid(errors_.data(), N); }
  std::string why_not_initialize() const { return fix_first_text(fields_, N, errors_.data()); }
  std::string why_not_run() const {
    if (!model_) return no_state_;
    return running_ ? "Already running." : "";
  }
  std::string why_not_step() const { return model_ ? "" : no_state_; }

  CommandResult run() {
    notice_.clear();
    const std::string why = why_not_run();
    if (!why.empty()) return {false, why};
    running_ = true;
    return {};
  }
  /// Drops the partial step time, anything queued, and steps computing remotely.
  void pause() {
    running_ = false;
    queued_ = 0;
    scheduler_.reset();
    remote_.stop();
    ++epoch_;
  }
  void pause_for_hidden_page() { pause(); }
  /// Wall time in: the steps due (one per 0.04 s, at most 250 ms a call), as many as the frame
  /// budget allows; the rest is dropped like any delay beyond the cap.
  void advance(double elapsed_seconds, double budget_ms = 1e300, int speed = 1) {
    speed_ = std::clamp(speed, 1, StepScheduler::kMostSpeed);
    tick(elapsed_seconds);
    static_cast<Derived*>(this)->work(budget_ms);
  }
  /// The scheduler half of advance(): queues the due steps (at most 6), computes nothing.
  void tick(double elapsed_seconds) {
    if (running_ && model_) queued_ = std::min(6 * speed_, queued_ + scheduler_.add(elapsed_seconds, speed_));
  }

  RunStatus status() const {
    if (!model_) return RunStatus::none;
    return running_ ? RunStatus::running : RunStatus::paused;
  }
  const Model* model() const { return model_.get(); }
  const std::string& notice() const { return notice_; }
  /// The readouts after every step since Initialize (for plots and the series export).
  const std::vector<Sample>& series() const { return series_; }

  /// Removes the model; the inputs stay as typed.
  void reset() {
    notice_.clear();
    model_.reset();
    running_ = false;
    selection_.reset();
    scheduler_.reset();
    series_.clear();
    remote_.stop();
    ++epoch_;
  }

  /// localStorage keeps the share string: the raw text of every field and setting.
  std::string saved_fields() const { return static_cast<const Derived*>(this)->share_string(); }
  /// Corrupt or foreign text leaves the fields as they are; never throws.
  bool load_saved_fields(std::string_view saved) {
    if (saved.empty()) return false;
    const bool ok = static_cast<Derived*>(this)->open_link(saved).ok;
    notice_.clear();
    return ok;
  }

  /// A state file's section: the model, what Derived adds (extra_state_bytes: a twin) and the
  /// series, as bytes; "" with no model.
  std::string state_bytes() const {
    if (!model_) return {};
    static_assert(std::is_trivially_copyable_v<Sample> && sizeof(Sample) % 8 == 0,
                  "a sample is 8-byte words (the same layout natively and in wasm)");
    ByteWriter w;
    w.put_bytes(Derived::kRemote.pack(*model_));
    w.put_bytes(static_cast<const Derived*>(this)->extra_state_bytes());
    w.put_bytes(
        std::string_view(reinterpret_cast<const char*>(series_.data()), series_.size() * sizeof(Sample)));
    return w.take();
  }
  /// Reads what state_bytes() wrote into a copy of Derived::blank_model(), and adopts it paused
  /// (Derived adopts its part first: adopt_extra_state); false, nothing changed, for bytes that
  /// are not.
  bool load_state_bytes(std::string_view bytes) {
    ByteReader r(bytes);
    std::string_view model, extra, series;
    if (!r.get_bytes(model) || !r.get_bytes(extra) || !r.get_bytes(series) || !r.finished() ||
        series.size() % sizeof(Sample) != 0)
      return false;
    auto m = std::make_unique<Model>(Derived::blank_model());
    if (!Derived::kRemote.unpack(model, *m) || !static_cast<Derived*>(this)->adopt_extra_state(extra, *m))
      return false;
    pause();
    job_.halt();
    warm_copies_ = false;
    model_ = std::move(m);
    series_.resize(series.size() / sizeof(Sample));
    if (!series.empty()) std::memcpy(series_.data(), series.data(), series.size());
    selection_.reset();
    applied_ = texts_;
    notice_.clear();
    return true;
  }

  /// A page's running steps are computed off its main thread on copies of the model (where the
  /// build has threads); the copies replace it only if nothing changed meanwhile.
  void set_background(bool on) {
    job_.halt();
    background_ = on && BackgroundJob::available();
  }
  /// Where the build has no threads: long steps go to another instance of it (a page's Web
  /// Worker) as the models' bytes and come back one whole step at a time, as with set_background.
  void set_remote(RemoteStepper* remote) { remote_.attach(remote); }
  /// Threads a step may use: a model whose step has no parallel part ignores them (a controller
  /// whose model has one hides this).
  void set_threads(unsigned) {}
  /// The three above in one call (ModelSession::place_steps); Derived's set_threads where it has one.
  void place(const ModelSession::StepPlace& p) {
    static_cast<Derived*>(this)->set_threads(p.threads);
    set_background(p.background);
    set_remote(p.remote);
  }
  /// Running, with steps estimated above kBackgroundAboveMs (as work() last saw them).
  bool long_steps() const { return running_ && long_steps_; }

  /// A keystroke in field i: checked at once (Derived::revalidate), and applied now
  /// (Derived::apply_live) unless the field waits for Enter or leaving it.
  void edit_text(size_t i, std::string_view text) {
    if (i >= N || texts_[i] == text) return;
    notice_.clear();
    texts_[i] = std::string(text);
    static_cast<Derived*>(this)->revalidate();
    if (typed(i)) static_cast<Derived*>(this)->apply_live();
  }

  /// Enter or leaving field i: a field that waits for it (a count, the seed) applies now.
  void commit(size_t i) {
    if (i >= N || !waiting_[i]) return;
    waiting_[i] = false;
    static_cast<Derived*>(this)->apply_live();
  }
  /// True while field i holds typed text that waits for Enter or leaving the field.
  bool waiting(size_t i) const { return i < N && waiting_[i]; }

  CommandResult select(int64_t index) {
    if (!model_) return {false, no_state_};
    if (index < 0 || static_cast<uint64_t>(index) >= model_->size())
      return {false, "No such " + std::string(noun_) + "."};
    selection_ = static_cast<uint32_t>(index);
    return {};
  }
  void clear_selection() { selection_.reset(); }
  std::optional<uint32_t> selection() const { return selection_; }

  /// Two of the ten hooks with a default that serves most models: what a state file adds to the
  /// model (none here; a twin for the 2-D flock), and its adoption for model `m` (false: not such
  /// bytes, nothing changed).
  std::string extra_state_bytes() const { return {}; }
  bool adopt_extra_state(std::string_view extra, const Model&) { return extra.empty(); }

 protected:
  /// no_state: why nothing can run yet; noun: what one glyph is ("boid", "point"). Built once
  /// Derived is whole (its constructor runs this one), so the hooks are checked here.
  LiveController(const FieldInfo* fields, const Texts& defaults, const char* no_state, const char* noun)
      : texts_(defaults), fields_(fields), no_state_(no_state), noun_(noun) {
    live_hooks::check<Derived, Model>();
  }

  /// After a keystroke in field i: true when the edit applies now, false when the field waits
  /// for Enter or leaving it (a count or the seed of a running model).
  bool typed(size_t i) {
    waiting_[i] = model_ && fields_[i].on_commit;
    return !waiting_[i];
  }
  /// The texts the model should run with: what is typed, but a waiting field's last applied text.
  Texts live_texts() const {
    Texts t = texts_;
    for (size_t i = 0; i < N; ++i)
      if (waiting_[i]) t[i] = applied_[i];
    return t;
  }
  /// Every field valid, a waiting field by its last applied text.
  bool live_fields_valid() const {
    for (size_t i = 0; i < N; ++i)
      if (!waiting_[i] && !errors_[i].empty()) return false;
    return true;
  }
  /// The start of Initialize: refused with a message while a field is invalid (false), else every
  /// field counts as applied.
  bool may_initialize(CommandResult& refused) {
    notice_.clear();
    if (!fields_valid()) {
      notice_ = "Initialize refused. " + why_not_initialize();
      refused = {false, notice_};
      return false;
    }
    applied_all();
    return true;
  }
  /// A freshly built model, paused, nothing selected, nothing queued, no series yet.
  void adopt(std::unique_ptr<Model> m) {
    model_ = std::move(m);
    running_ = false;
    selection_.reset();
    scheduler_.reset();
    queued_ = 0;
    series_.clear();
    ++epoch_;
  }
  /// Initialize applies every field as typed.
  void applied_all() {
    applied_ = texts_;
    waiting_.fill(false);
  }
  void applied_live() { applied_ = live_texts(); }
  /// The live fields p to the model: a new one when `rebuild` (Initialize, running as before),
  /// else p applies from the next step.
  template <class Params>
  void apply_live_params(const Params& p, bool rebuild) {
    if (rebuild) {
      const bool was_running = running_;
      static_cast<Derived*>(this)->initialize();
      running_ = was_running;
      return;
    }
    ++epoch_;
    model_->set_live_params(p);
    applied_live();
  }

  /// Whether work() hands a step estimated at step_ms to the background thread.
  bool in_background(double step_ms) {
    long_steps_ = step_ms > kBackgroundAboveMs;
    if (remote_.failed()) remote_.stop();  // the worker is gone: steps here
    return job_.started() || remote_.live() || ((background_ || remote_.usable()) && long_steps_);
  }
  /// work() with a background thread: a finished step becomes current (each of `models`, the
  /// model and any twin, takes a copy of its stepped copy, then `done` records), and the next due
  /// step starts on those copies again (fresh ones when the epoch moved), `step` advancing each. A step
  /// started before an edit, a marker or Pause (the epoch moved) is dropped; one due step waits for a step in
  /// flight, never more.
  template <class Step, class Done>
  void work_in_background(const std::vector<Model*>& models, Step step, Done done) {
    if (!background_ && remote_.attached()) return work_remotely(models, done);
    if (job_.started()) {
      if (!job_.done()) return;  // the frame draws the current state meanwhile
      const bool whole = job_.collect();
      if (whole && job_epoch_ == epoch_ && running_ && job_copies_->size() == models.size()) {
        // Copied, not moved: the job keeps its copies, and the working memory a model keeps
        // across steps (the 2-D flock's neighbour search), for the next step.
        for (size_t i = 0; i < models.size(); ++i) *models[i] = *(*job_copies_)[i];
        warm_copies_ = true;
        queued_ = std::clamp(queued_ - 1, 0, speed_);
        done();
      } else {
        job_copies_.reset();
      }
    }
    if (!running_ || !model_ || queued_ <= 0) return;
    // The copies of the last step are the models still, unless anything but a step changed them
    // (the epoch moved) or a job was halted while stepping them.
    if (!warm_copies_ || job_epoch_ != epoch_ || !job_copies_ || job_copies_->size() != models.size()) {
      job_copies_ = std::make_shared<std::vector<std::unique_ptr<Model>>>();
      for (Model* m : models) job_copies_->push_back(std::make_unique<Model>(*m));
    }
    auto copies = job_copies_;
    warm_copies_ = false;  // being stepped
    job_epoch_ = epoch_;
    job_.start([copies, step](const std::atomic<bool>&) {
      for (std::unique_ptr<Model>& m : *copies) step(*m);
    });
  }

  /// work_in_background() with a remote stepper (Derived::kRemote names the models' bytes): takes the
  /// finished steps that are due, one due step waiting for one in flight, never more, and keeps it
  /// kRemoteAhead steps ahead while running. Anything but a step (the epoch moved) or another set of models
  /// sends the models again.
  template <class Done>
  void work_remotely(const std::vector<Model*>& models, Done done) {
    if (remote_epoch_ != epoch_ || remote_count_ != models.size()) remote_.stop();
    while (running_ && queued_ > 0) {
      std::optional<std::string> bytes = remote_.take();
      if (!bytes) break;
      std::vector<std::string_view> parts;
      bool whole = unpack_list(*bytes, parts) && parts.size() == models.size();
      std::vector<Model> next;
      for (size_t i = 0; whole && i < models.size(); ++i) {
        next.push_back(*models[i]);
        whole = Derived::kRemote.unpack(parts[i], next.back());
      }
      if (!whole) {  // not these models' next step: they step here from now on
        remote_.give_up();
        return;
      }
      for (size_t i = 0; i < models.size(); ++i) *models[i] = std::move(next[i]);
      queued_ = std::clamp(queued_ - 1, 0, speed_);
      done();
    }
    if (!running_ || !model_) return remote_.stop();
    if (!remote_.live() && queued_ > 0) {
      std::vector<std::string> parts;
      for (const Model* m : models) parts.push_back(Derived::kRemote.pack(*m));
      remote_.start(Derived::kRemote.kind, pack_list(parts), ahead());
      remote_epoch_ = epoch_;
      remote_count_ = models.size();
    }
    remote_.keep(ahead());
  }
  /// The steps a remote stepper keeps ready: more when the run is faster than real time (at most
  /// 64, so a Pause wastes little).
  int ahead() const { return std::min(kRemoteAhead * speed_, 64); }

  Texts texts_;
  Texts errors_;
  Texts applied_;
  std::array<bool, N> waiting_{};
  const FieldInfo* fields_;
  std::unique_ptr<Model> model_;
  bool running_ = false;
  std::optional<uint32_t> selection_;
  StepScheduler scheduler_;
  int queued_ = 0;
  /// How many times faster than real time the run goes (advance's speed; 1 is real time).
  int speed_ = 1;
  /// Moves whenever the model changes other than by a step (an edit, a marker, Pause): a step
  /// computed in the background from an older epoch is dropped, never shown.
  uint64_t epoch_ = 0;
  std::string notice_;
  std::vector<Sample> series_;
  bool background_ = false;
  bool long_steps_ = false;  // work() last saw a step estimated above kBackgroundAboveMs
  uint64_t job_epoch_ = 0;   // the epoch a background step began at
  std::shared_ptr<std::vector<std::unique_ptr<Model>>> job_copies_;  // what it steps (shared with it)
  bool warm_copies_ = false;  // job_copies_ equal the models after a whole step
  RemoteRun remote_;          // live: it steps copies of the models as they were at remote_epoch_
  uint64_t remote_epoch_ = 0;
  size_t remote_count_ = 0;  // how many models it steps
  BackgroundJob job_;

 private:
  const char* no_state_;
  const char* noun_;
};

}  // namespace bandada
