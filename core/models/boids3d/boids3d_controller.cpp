// Bandada — session controller (see controller.h).
#include "boids3d_controller.h"

#include <algorithm>
#include <cstdio>

#include "common/number_text.h"

namespace bandada {
namespace {

constexpr double kSliceAboveMs = 50.0;  // a step estimated above this is computed in slices
constexpr double kUnlimited = 1e299;
constexpr double kBackgroundPieceMs = 10.0;  // estimated work between two looks at halt()

}  // namespace

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

// ---- time ---------------------------------------------------------------------------------

double Boids3dController::estimate_step_ms(const Boids3dParams& p) {
  // Calibrated roughly against the wasm benchmark: per boid a fixed cost, one per candidate
  // tested and one per neighbour summed. Only used to decide on slicing and slice sizes.
  const double n = p.count;
  const double r = p.radius;
  double k = n * (4.18879020478639 * r * r * r / 592.704);
  k = std::min(k, n > 0 ? n - 1 : 0.0);
  double candidates = r > 2.8 ? n : std::min(n, 6.5 * k + 1.0);
  double ns_per_boid = 80.0 + 5.0 * candidates + 15.0 * k;
  return n * ns_per_boid * 1e-6;
}

void Boids3dController::advance(double elapsed_seconds, double budget_ms) {
  tick(elapsed_seconds);
  work(budget_ms);
}

void Boids3dController::compute_now(uint64_t n) {
  if (!flock_) return;
  halt_background();
  running_ = false;
  scheduler_.reset();
  queued_ = batch_ = n;
  work(kUnlimited);
}

void Boids3dController::tick(double elapsed_seconds) {
  if (running_ && flock_) {
    int due = scheduler_.add(elapsed_seconds);
    // Behind (a step still under way): the new time is dropped, never caught up later. While
    // running, the background computes the next steps before they fall due; a due step waits
    // for the one it computes (one waiting step, never more).
    if (due > 0 && job_.started()) {
      if (!job_initial_ && queued_ < 2) queued_ = batch_ = queued_ + 1;
      if (queued_ >= 2) *ahead_wanted_ = true;
    } else if (due > 0 && queued_ == 0 && (!flock_->step_in_progress() || flock_->steps_ready() > 0)) {
      queued_ = batch_ = static_cast<uint64_t>(due);
      busy_label_ = "Computing step";
    }
  }
}

void Boids3dController::work(double budget_ms) {
  if (!flock_) return;
  const size_t n = flock_->params().count;
  const double step_ms = estimate_step_ms(flock_->params());
  long_steps_ = step_ms > kBackgroundAboveMs;
  if (job_.started() || (background_ && budget_ms < kUnlimited && long_steps_)) {
    work_in_background();
    return;
  }
  if (remote_.failed()) {
    if (remote_.live()) halt_background();  // the worker is gone: this thread steps from the flock shown
  } else if (remote_.attached() && (remote_.live() || (budget_ms < kUnlimited && long_steps_))) {
    work_remote();
    return;
  }
  size_t budget = static_cast<size_t>(-1);
  if (budget_ms < kUnlimited && n > 0) {
    double per_boid_ms = step_ms / static_cast<double>(n);
    double b = budget_ms / per_boid_ms;
    budget = b < 1.0 ? 1 : (b > 1e15 ? static_cast<size_t>(-1) : static_cast<size_t>(b));
  }
  while (budget > 0) {
    if (flock_->step_in_progress()) {
      bool was_init = flock_->initializing();
      size_t take = std::min(flock_->step_remaining(), budget);
      bool done = flock_->advance_step(take);
      if (budget != static_cast<size_t>(-1)) {
        size_t cost = std::max<size_t>(take, 1);
        budget = cost >= budget ? 0 : budget - cost;
      }
      if (!done) break;
      if (!was_init && queued_ > 0) --queued_;
      on_step_done();
    } else if (queued_ > 0) {
      flock_->begin_step();
    } else {
      break;
    }
  }
  if (queued_ == 0) batch_ = 0;
}

void Boids3dController::work_in_background() {
  if (job_.started()) {
    if (!job_.done()) {  // the frame draws the current state meanwhile
      // A due step the job has finished becomes current while it computes the one after.
      while (queued_ > 0 && !job_initial_ && flock_->take_pending()) {
        --queued_;
        on_step_done();
      }
      if (queued_ == 0) batch_ = 0;
      *ahead_wanted_ = running_ || queued_ >= 2;
      return;
    }
    // Whatever replaces or steps the flock halts the job first, so a whole one is this flock's.
    if (!job_.collect()) return;
  }
  // The start becomes current as soon as it is whole; a whole step only once it is due.
  while (flock_->steps_ready() > 0 && (queued_ > 0 || flock_->initializing())) {
    const bool was_initial = flock_->initializing();
    flock_->commit_step();
    if (!was_initial) --queued_;
    on_step_done();
  }
  if (queued_ == 0) batch_ = 0;
  // Running, the step after the current one and the one after it are computed before they
  // fall due, and the job goes on as this thread takes them, so the step's threads never wait
  // for this thread. Pause drops them (cancel_step); a step becomes current only when due.
  const int wanted = flock_->initializing() ? 1
                     : running_             ? 2
                                            : static_cast<int>(std::min<uint64_t>(queued_, 2));
  if (flock_->steps_ready() >= wanted) return;
  Boids3d* f = flock_.get();
  job_initial_ = f->initializing();
  // Pieces of about 10 ms of one thread's work, shared out in blocks as threads come free, so
  // Pause and Reset wait a block at most (8192 boids a piece at most; 16 boids a block at least,
  // where everyone is everyone's neighbour).
  const double per_boid_ms = estimate_step_ms(f->params()) / std::max<double>(1, f->params().count);
  const size_t piece = static_cast<size_t>(std::clamp(kBackgroundPieceMs / per_boid_ms, 16.0, 8192.0));
  *ahead_wanted_ = wanted >= 2;
  // While the main thread has yet to collect this step, the next one too: when running, or when
  // it is due already.
  const size_t block = std::max<size_t>(16, piece / std::max(1u, f->threads()));
  job_.start([f, block, ahead = ahead_wanted_](const std::atomic<bool>& stop) {
    f->compute_until(stop, *ahead, block);
  });
}

void Boids3dController::work_remote() {
  // Each finished step that is due becomes current whole; the start, as soon as it is there.
  while (queued_ > 0 || flock_->initializing()) {
    std::optional<std::string> bytes = remote_.take();
    if (!bytes) break;
    std::unique_ptr<Boids3d> next = boids3d_unpack(*bytes);
    if (!next || next->params().count != flock_->params().count) {
      halt_background();  // not this flock's next step: it steps here from now on
      remote_.give_up();
      return;
    }
    const bool was_initial = flock_->initializing();
    next->set_threads(threads_);
    flock_ = std::move(next);
    if (!was_initial && queued_ > 0) --queued_;
    on_step_done();
  }
  if (queued_ == 0) batch_ = 0;
  // What the worker should have under way: the start; while running, the next steps, whether
  // due yet or not (a step becomes current only when due); else the steps queued (a replay).
  const int want = flock_->initializing() ? 1
                   : running_             ? kRemoteAhead
                                          : static_cast<int>(std::min<uint64_t>(queued_, kRemoteAhead));
  if (!remote_.live() && want > 0) {
    remote_.start("boids3d", boids3d_pack(*flock_), want);
  } else if (want > 0) {
    remote_.keep(want);
  } else if (remote_.live() && !running_) {
    halt_background();  // nothing more to compute: not busy
  }
}

void Boids3dController::record_series() {
  if (series_.size() >= kMaxSeries) {
    series_truncated_ = true;
    return;
  }
  series_.push_back({flock_->steps(), summary().mean_speed, summary().order});
}

void Boids3dController::on_step_done() {
  record_series();
  const uint64_t s = flock_->steps();
  if (link_check_.kind == LinkCheck::Kind::waiting && link_ && link_->run && s == link_check_.steps) {
    const SharedRun& run = *link_->run;
    uint64_t fp = fingerprint();
    if (fp == run.fingerprint) {
      link_check_.kind = LinkCheck::Kind::identical;
      link_check_.message = "Identical run: at step " + std::to_string(s) + " the fingerprint " +
                            fingerprint_hex(fp) + " matches the shared link.";
    } else {
      link_check_.kind = LinkCheck::Kind::differs;
      link_check_.message = "Differs: at step " + std::to_string(s) + " the fingerprint is " +
                            fingerprint_hex(fp) + ", the link says " + fingerprint_hex(run.fingerprint) + ".";
      if (run.engine_version != kBoids3dEngineVersion)
        link_check_.message += " The link was made with engine v" + std::to_string(run.engine_version) +
                               "; this page runs engine v" + std::to_string(kBoids3dEngineVersion) + ".";
    }
  }
  if (session_check_ && queued_ == 0 && s == session_check_->steps) {
    notice_ = fingerprint() == session_check_->fingerprint
                  ? "Flock restored at step " + std::to_string(s) + " (fingerprint matches), paused."
                  : "The restored flock differs from the one you left (fingerprint mismatch).";
    session_check_.reset();
  }
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

uint64_t Boids3dController::fingerprint() const { return summary().fingerprint; }

const Boids3dSummary& Boids3dController::summary() const {
  const Boids3d* f = flock();
  if (!f) {
    static const Boids3dSummary kNone;
    return kNone;
  }
  if (summary_of_ != f->state_id()) {
    summary_ = {mean_speed(f->state()), order_parameter(f->state()), state_fingerprint(f->state())};
    summary_of_ = f->state_id();
  }
  return summary_;
}

std::string Boids3dController::status_line() const {
  std::string s = status_name(status());
  const Boids3d* f = flock();
  if (!f) return s;
  s += " · t = " + format_fixed(f->time(), 2) + " s · step " + std::to_string(f->steps()) +
       " · N = " + std::to_string(f->size()) + " · mean speed " + format_fixed(summary().mean_speed, 4) +
       " · order " + format_fixed(summary().order, 4) + " · fingerprint " + fingerprint_hex(fingerprint());
  return s;
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
