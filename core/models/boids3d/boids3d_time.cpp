// Bandada — the 3-D flock's time: the scheduler's due steps computed whole, in slices within a
// frame's budget, on a background thread two steps ahead, or in another instance (a page's
// step worker); every step becomes current only when whole. Part of Boids3dController.
#include <algorithm>
#include <cstdio>

#include "boids3d_controller.h"

namespace bandada {

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

void Boids3dController::advance(double elapsed_seconds, double budget_ms, int) {
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

}  // namespace bandada
