// Bandada — session controller (see controller.h).
#include "boids3d_controller.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "common/bytes.h"
#include "common/number_text.h"

namespace bandada {

Boids3dController::Boids3dController() : texts_(boids3d_default_texts()) { revalidate(); }

// ---- fields -------------------------------------------------------------------------------

void Boids3dController::revalidate() {
  for (int i = 0; i < kBoids3dFieldCount; ++i) {
    FieldCheck c = check_field(static_cast<Boids3dField>(i), texts_[i]);
    errors_[i] = c.ok ? std::string() : c.error;
  }
}

bool Boids3dController::fields_valid() const { return all_valid(errors_.data(), errors_.size()); }

void Boids3dController::edit(Boids3dField f, std::string_view text) {
  notice_.clear();  // a notice gives way to the user's next action
  if (texts_[static_cast<int>(f)] == text) return;
  Boids3dFieldTexts before = texts_;
  texts_[static_cast<int>(f)] = std::string(text);
  revalidate();
  discard_flock_for_edit(before);
}

void Boids3dController::set_texts(const Boids3dFieldTexts& texts) {
  if (texts == texts_) return;
  Boids3dFieldTexts before = texts_;
  texts_ = texts;
  revalidate();
  discard_flock_for_edit(before);
}

void Boids3dController::discard_flock_for_edit(const Boids3dFieldTexts& before) {
  if (!flock_) return;
  halt_background();
  flock_->cancel_step();
  undo_ = Stash{before, std::move(flock_), flock_texts_, selection_, std::move(series_)};
  series_.clear();
  stale_ = true;
  running_ = false;
  scheduler_.reset();
  queued_ = batch_ = 0;
  selection_.reset();
  session_check_.reset();
  if (link_check_.kind == LinkCheck::Kind::waiting) link_check_ = LinkCheck{};
}

CommandResult Boids3dController::undo() {
  notice_.clear();  // a notice gives way to the user's next action
  if (!undo_) return {false, "Nothing to undo."};
  halt_background();
  texts_ = undo_->texts;
  revalidate();
  flock_ = std::move(undo_->flock);
  flock_texts_ = undo_->flock_texts;
  selection_ = undo_->selection;
  series_ = std::move(undo_->series);
  undo_.reset();
  stale_ = false;
  running_ = false;
  return {true, "Undone: the previous inputs and their flock are back."};
}

// ---- commands -----------------------------------------------------------------------------

std::string Boids3dController::why_not_initialize() const {
  return fix_first_text(boids3d_fields(), kBoids3dFieldCount, errors_.data());
}

std::string Boids3dController::why_not_run() const {
  if (!flock_)
    return stale_ ? "Parameters changed: Initialize to apply them." : "No flock yet: Initialize first.";
  if (running_) return "Already running.";
  return {};
}

std::string Boids3dController::why_not_step() const {
  if (!flock_)
    return stale_ ? "Parameters changed: Initialize to apply them." : "No flock yet: Initialize first.";
  return {};
}

void Boids3dController::adopt_new_flock(const Boids3dParams& params) {
  // The start's components are pending: work() computes them, sliced when they are long.
  halt_background();
  flock_ = std::make_unique<Boids3d>(params, search_, false);
  flock_->set_threads(threads_);
  flock_texts_ = texts_;
  running_ = stale_ = false;
  undo_.reset();
  selection_.reset();
  series_.clear();
  series_truncated_ = false;
  scheduler_.reset();
  queued_ = batch_ = 0;
  session_check_.reset();
}

std::string Boids3dController::state_bytes() const {
  if (!flock_) return {};
  static_assert(sizeof(SeriesPoint) == 24, "a series point is three 8-byte words natively and in wasm");
  ByteWriter w;
  w.put_bytes(boids3d_pack(*flock_));
  w.put_bytes(
      std::string_view(reinterpret_cast<const char*>(series_.data()), series_.size() * sizeof(SeriesPoint)));
  w.put(static_cast<uint8_t>(series_truncated_));
  return w.take();
}

bool Boids3dController::load_state_bytes(std::string_view bytes) {
  ByteReader r(bytes);
  std::string_view flock, series;
  uint8_t truncated = 0;
  if (!r.get_bytes(flock) || !r.get_bytes(series) || !r.get(truncated) || !r.finished() || truncated > 1 ||
      series.size() % sizeof(SeriesPoint) != 0)
    return false;
  std::unique_ptr<Boids3d> f = boids3d_unpack(flock);
  if (!f) return false;
  halt_background();
  flock_ = std::move(f);
  flock_->set_threads(threads_);
  flock_texts_ = texts_;
  running_ = stale_ = false;
  undo_.reset();
  selection_.reset();
  series_.resize(series.size() / sizeof(SeriesPoint));
  if (!series.empty()) std::memcpy(series_.data(), series.data(), series.size());
  series_truncated_ = truncated != 0;
  scheduler_.reset();
  queued_ = batch_ = 0;
  session_check_.reset();
  summary_of_ = fingerprint_of_ = 0;
  notice_.clear();
  return true;
}

CommandResult Boids3dController::initialize() {
  notice_.clear();  // a notice gives way to the user's next action
  ParamsCheck pc = check_params(texts_);
  if (!pc.ok) {
    notice_ = "Initialize refused. " + why_not_initialize();
    return {false, notice_};
  }
  adopt_new_flock(pc.params);
  link_check_ = LinkCheck{};
  if (link_ && link_->selection && link_->texts == texts_ && *link_->selection < pc.params.count)
    selection_ = link_->selection;  // the link's selected boid, as its sender saw it
  if (link_ && link_->run && link_->texts == texts_) {
    link_check_.kind = LinkCheck::Kind::waiting;
    link_check_.steps = link_->run->steps;
    link_check_.message = "The shared link names a run of " + std::to_string(link_->run->steps) +
                          " steps: replay to it to compare fingerprints.";
  }
  busy_label_ = "Initializing";
  if (estimate_step_ms(pc.params) <= kSliceAboveMs) work(kUnlimited);
  return {true, "Initialized: " + std::to_string(pc.params.count) + " boids at t = 0, paused."};
}

CommandResult Boids3dController::run() {
  notice_.clear();  // a notice gives way to the user's next action
  std::string why = why_not_run();
  if (!why.empty()) return {false, why};
  running_ = true;
  busy_label_ = "Computing step";  // the background may begin the next step before it is due
  return {true, "Running."};
}

void Boids3dController::pause() {
  halt_background();  // a step in flight is dropped: what is shown at the click stays
  running_ = false;
  scheduler_.reset();
  if (flock_) flock_->cancel_step();  // the start of a flock is never cancelled
  if (session_check_ && queued_ > 0) {
    notice_ = "Restore stopped at step " + std::to_string(flock_ ? flock_->steps() : 0) + ".";
    session_check_.reset();
  }
  queued_ = batch_ = 0;
}

CommandResult Boids3dController::step() {
  notice_.clear();  // a notice gives way to the user's next action
  std::string why = why_not_step();
  if (!why.empty()) return {false, why};
  halt_background();
  bool continuing = flock_->step_in_progress() && !flock_->initializing();
  running_ = false;
  scheduler_.reset();
  queued_ = batch_ = 1;  // a sliced step under way becomes this step
  busy_label_ = "Computing step";
  if (!continuing && estimate_step_ms(flock_->params()) <= kSliceAboveMs) work(kUnlimited);
  return {true, "Stepped."};
}

void Boids3dController::reset() {
  notice_.clear();  // a notice gives way to the user's next action
  halt_background();
  flock_.reset();
  series_.clear();
  series_truncated_ = false;
  running_ = stale_ = false;
  undo_.reset();
  selection_.reset();
  scheduler_.reset();
  queued_ = batch_ = 0;
  session_check_.reset();
  link_check_ = LinkCheck{};
}

void Boids3dController::pause_for_hidden_page() {
  if (running_) pause();
}

bool Boids3dController::busy() const {
  return flock_ && (job_.started() || remote_.live() || queued_ > 0 || flock_->step_in_progress());
}

double Boids3dController::progress() const {
  if (!flock_) return 0.0;
  if (job_.started() || remote_.live())  // the background step's own progress is its thread's to know
    return batch_ == 0 ? 0.0 : static_cast<double>(batch_ - queued_) / static_cast<double>(batch_);
  if (flock_->initializing()) return flock_->step_progress();
  if (batch_ == 0) return flock_->step_in_progress() ? flock_->step_progress() : 0.0;
  double partial = flock_->step_in_progress() ? flock_->step_progress() : 0.0;
  return (static_cast<double>(batch_ - queued_) + partial) / static_cast<double>(batch_);
}

// ---- readouts -----------------------------------------------------------------------------

RunStatus Boids3dController::status() const {
  if (flock_) return running_ ? RunStatus::running : RunStatus::paused;
  return stale_ ? RunStatus::stale : RunStatus::none;
}

const Boids3d* Boids3dController::flock() const {
  return flock_ && !flock_->initializing() ? flock_.get() : nullptr;
}

uint64_t Boids3dController::fingerprint() const {
  const Boids3d* f = flock();
  if (!f) return 0;
  if (fingerprint_of_ != f->state_id()) {
    fingerprint_ = state_fingerprint(f->state());
    fingerprint_of_ = f->state_id();
  }
  return fingerprint_;
}

const Boids3dSummary& Boids3dController::summary() const {
  const Boids3d* f = flock();
  if (!f) {
    static const Boids3dSummary kNone;
    return kNone;
  }
  if (summary_of_ != f->state_id()) {
    summary_ = {mean_speed(f->state()), order_parameter(f->state())};
    summary_of_ = f->state_id();
  }
  return summary_;
}

// ---- selection ----------------------------------------------------------------------------

CommandResult Boids3dController::select(int64_t index) {
  const Boids3d* f = flock();
  if (!f) return {false, "No flock to select from."};
  if (index < 0 || static_cast<uint64_t>(index) >= f->size())
    return {false,
            "No boid #" + std::to_string(index) + ": the flock has " + std::to_string(f->size()) + "."};
  selection_ = static_cast<uint32_t>(index);
  return {true, {}};
}

// ---- share, persistence, session ----------------------------------------------------------

std::string Boids3dController::share_string() const {
  ShareData d;
  d.texts = texts_;
  if (const Boids3d* f = flock()) d.run = SharedRun{f->steps(), fingerprint(), kBoids3dEngineVersion};
  d.selection = selection_;
  return encode_share(d);
}

CommandResult Boids3dController::open_link(std::string_view share) {
  ShareParse p = parse_share(share);
  if (!p.ok) {
    notice_ = p.error;
    return {false, p.error};
  }
  if (p.data.texts != texts_) previous_inputs_ = texts_;
  set_texts(p.data.texts);
  link_ = p.data;
  link_check_ = LinkCheck{};
  std::string msg = "Opened a shared configuration.";
  if (p.data.run)
    msg += " It names a run of " + std::to_string(p.data.run->steps) +
           " steps: Initialize, then replay to it to check the fingerprint.";
  for (const std::string& w : p.warnings) msg += " (" + w + ")";
  notice_ = msg;
  return {true, msg, p.warnings};
}

CommandResult Boids3dController::restore_previous_inputs() {
  if (!previous_inputs_) return {false, "No previous inputs to restore."};
  Boids3dFieldTexts prev = *previous_inputs_;
  previous_inputs_ = texts_;  // one more click swaps back to the link's fields
  set_texts(prev);
  return {true, "Your previous inputs are back."};
}

CommandResult Boids3dController::replay_link_run() {
  if (link_check_.kind != LinkCheck::Kind::waiting) return {false, "No shared run to replay."};
  const Boids3d* f = flock();
  if (!f) return {false, "Initialize first."};
  if (f->steps() >= link_check_.steps) return {false, "Already past the shared step count."};
  running_ = false;
  scheduler_.reset();
  queued_ = batch_ = link_check_.steps - f->steps();
  busy_label_ = "Replaying the shared run";
  return {true, {}};
}

std::string Boids3dController::saved_fields() const {
  ShareData d;
  d.texts = texts_;
  return encode_share(d);
}

bool Boids3dController::load_saved_fields(std::string_view saved) {
  ShareParse p = parse_share(saved);
  if (!p.ok) return false;
  set_texts(p.data.texts);
  return true;
}

std::string Boids3dController::session_record() const {
  const Boids3d* f = flock();
  if (!f) return {};
  ShareData d;
  d.texts = flock_texts_;
  d.run = SharedRun{f->steps(), fingerprint(), kBoids3dEngineVersion};
  d.selection = selection_;
  return encode_share(d);
}

CommandResult Boids3dController::restore_session(std::string_view record) {
  ShareParse p = parse_share(record);
  if (!p.ok || !p.data.run) return {false, "No flock to restore."};
  if (p.data.run->engine_version != kBoids3dEngineVersion)
    return {false, "The saved flock came from another engine version and cannot be replayed."};
  ParamsCheck pc = check_params(p.data.texts);
  if (!pc.ok) return {false, "The saved flock's parameters are invalid."};
  texts_ = p.data.texts;
  revalidate();
  adopt_new_flock(pc.params);
  if (p.data.selection && *p.data.selection < pc.params.count) selection_ = p.data.selection;
  queued_ = batch_ = p.data.run->steps;
  session_check_ = p.data.run;
  busy_label_ = "Restoring the flock";
  return {true, "Restoring the flock by replaying " + std::to_string(p.data.run->steps) + " steps."};
}

}  // namespace bandada
