// Bandada — the session controller: everything a user does with a 3-D flock, written once for
// every front end (ImGui/WebGL2, HTML/SVG through embind, tests). Time comes in as a number;
// nothing here reads a clock or a browser API. See docs/models/boids3d.md, "Controls".
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/model_session.h"
#include "app/remote_step.h"
#include "app/scheduler.h"
#include "common/parallel.h"
#include "models/boids3d/boids3d.h"
#include "models/boids3d/boids3d_link.h"

namespace bandada {

/// One sample of the readouts, recorded after every step (for plots and the CSV export).
struct SeriesPoint {
  uint64_t step;
  double mean_speed;
  double order;
};

/// What the readouts, the status line and every step's series point say of one state (its
/// fingerprint is computed apart, when asked).
struct Boids3dSummary {
  double mean_speed = 0, order = 0;
};

class Boids3dController {
 public:
  Boids3dController();

  // ---- fields -------------------------------------------------------------------------
  const Boids3dFieldTexts& texts() const { return texts_; }
  const std::string& text(Boids3dField f) const { return texts_[static_cast<int>(f)]; }
  /// The field's validation message; empty when valid.
  const std::string& error(Boids3dField f) const { return errors_[static_cast<int>(f)]; }
  bool fields_valid() const;
  /// Sets a field's text as typed. A change pauses and discards the flock (kept for Undo).
  void edit(Boids3dField f, std::string_view text);
  /// Replaces every field's text (loading); discards a flock like an edit when anything changes.
  void set_texts(const Boids3dFieldTexts& texts);
  bool can_undo() const { return undo_.has_value(); }
  /// Brings back the text before the edit that discarded the flock, and that flock.
  CommandResult undo();

  // ---- commands -----------------------------------------------------------------------
  CommandResult initialize();
  CommandResult run();
  void pause();
  CommandResult step();
  void reset();
  /// visibilitychange → hidden: pauses, keeps flock and selection, never resumes by itself.
  void pause_for_hidden_page();
  /// Why each command cannot act now; empty when it can (for disabled buttons' tooltips).
  std::string why_not_initialize() const;
  std::string why_not_run() const;
  std::string why_not_step() const;

  // ---- time ---------------------------------------------------------------------------
  /// Feeds elapsed wall time. While running, whole due steps are queued (none while still
  /// behind). Queued work is done within budget_ms of estimated compute time; the rest waits
  /// for the next call, so a long step never freezes the page.
  /// The speed is not used: this flock runs in real time (its description offers no speeds).
  void advance(double elapsed_seconds, double budget_ms = 1e300, int speed = 1);
  /// The scheduler half of advance(): queues the due steps, computes nothing.
  void tick(double elapsed_seconds);
  /// The work half of advance(): computes queued work within budget_ms of estimated time.
  void work(double budget_ms);
  /// Runs exactly n steps now (the start first, if still pending), paused afterwards.
  void compute_now(uint64_t n);
  /// The neighbour search of the next Initialize (brute force is the reference).
  void set_search(NeighbourSearch s) { search_ = s; }
  /// Work waits (initializing, slicing a long step, replaying a restored or linked run).
  bool busy() const;
  /// 0 … 1 over the queued work; with busy_label() for the progress indicator.
  double progress() const;
  const std::string& busy_label() const { return busy_label_; }
  /// Estimated compute time of one step in ms for these params (slices above 50 ms).
  static double estimate_step_ms(const Boids3dParams& p);

  // ---- readouts -----------------------------------------------------------------------
  RunStatus status() const;
  /// Threads each step's components are computed on (the same bits for any count).
  void set_threads(unsigned threads) {
    halt_background();
    threads_ = threads;
    if (flock_) flock_->set_threads(threads);
  }
  /// A page's long steps are computed off its main thread (where the build has threads): the
  /// frames keep drawing the current state, and a step becomes current only when whole.
  void set_background(bool on) {
    halt_background();
    background_ = on && BackgroundJob::available();
  }
  /// Where the build has no threads: a page's long steps are computed by another instance of
  /// it (a Web Worker) and taken back whole, one by one, as with set_background. Null: none.
  void set_remote(RemoteStepper* remote) {
    halt_background();
    remote_.attach(remote);
  }
  /// The three above in one call (ModelSession::place_steps).
  void place(const ModelSession::StepPlace& p) {
    set_threads(p.threads);
    set_background(p.background);
    set_remote(p.remote);
  }
  /// Running, with steps estimated above kBackgroundAboveMs (as work() last saw them).
  bool long_steps() const { return running_ && long_steps_; }
  /// The flock to draw; null when none, or while its start is still being computed.
  const Boids3d* flock() const;
  uint64_t fingerprint() const;  ///< of the current flock state (cached); 0 without one
  /// The current state's mean speed, order and fingerprint, computed once per state (a page
  /// reads them every frame); zeros without a flock.
  const Boids3dSummary& summary() const;
  /// Readouts after every step since Initialize (time = step × 0.04 s). Capped at
  /// kMaxSeries points; later steps are then not recorded (series_truncated()).
  const std::vector<SeriesPoint>& series() const { return series_; }
  bool series_truncated() const { return series_truncated_; }
  static constexpr size_t kMaxSeries = 1000000;
  /// Last notable event worth showing (a refusal, a link read, a restore); cleared by the UI.
  const std::string& notice() const { return notice_; }
  void clear_notice() { notice_.clear(); }

  // ---- selection ----------------------------------------------------------------------
  CommandResult select(int64_t index);
  void clear_selection() { selection_.reset(); }
  std::optional<uint32_t> selection() const { return selection_; }

  // ---- share, persistence, session ----------------------------------------------------
  /// Field texts, plus steps/fingerprint/engine version when a flock exists.
  std::string share_string() const;
  /// Fills the fields from a shared link; the replaced text stays one call away.
  CommandResult open_link(std::string_view share);
  bool has_previous_inputs() const { return previous_inputs_.has_value(); }
  CommandResult restore_previous_inputs();
  const LinkCheck& link_check() const { return link_check_; }
  /// Steps the freshly initialized flock to the link's step count (sliced, with progress).
  CommandResult replay_link_run();
  /// localStorage: the raw text of every field, restored exactly.
  std::string saved_fields() const;
  /// Corrupt, oversized or missing data is ignored in favour of defaults; never throws.
  bool load_saved_fields(std::string_view saved);
  /// sessionStorage on pagehide: the flock's configuration, steps, selection, fingerprint.
  std::string session_record() const;
  /// Rebuilds the flock paused by replaying its steps, then checks the fingerprint.
  CommandResult restore_session(std::string_view record);
  /// A state file's section: the flock (pending start included) and the series, as bytes.
  std::string state_bytes() const;
  /// Adopts what state_bytes() wrote, paused; false, nothing changed, for bytes that are not.
  bool load_state_bytes(std::string_view bytes);

 private:
  static constexpr double kSliceAboveMs = 50.0;       // a step estimated above this is computed in slices
  static constexpr double kUnlimited = 1e299;         // a budget without limit
  static constexpr double kBackgroundPieceMs = 10.0;  // estimated work between two looks at halt()
  struct Stash {
    Boids3dFieldTexts texts;
    std::unique_ptr<Boids3d> flock;
    Boids3dFieldTexts flock_texts;
    std::optional<uint32_t> selection;
    std::vector<SeriesPoint> series;
  };
  void revalidate();
  /// A fresh flock from the current texts, paused, nothing selected, nothing queued.
  void adopt_new_flock(const Boids3dParams& params);
  void discard_flock_for_edit(const Boids3dFieldTexts& before);
  void on_step_done();
  void record_series();
  /// Stops a step computing off this thread and waits for it: before anything replaces, drops,
  /// steps or re-threads a flock. The pending step it leaves is dropped or resumed as usual.
  void halt_background() {
    job_.halt();
    remote_.stop();
  }
  /// work() with a background thread: collects a finished step, starts the next one.
  void work_in_background();
  /// work() with a remote stepper: takes the steps due that it finished, keeps it kRemoteAhead
  /// steps ahead while running.
  void work_remote();

  Boids3dFieldTexts texts_;
  std::array<std::string, kBoids3dFieldCount> errors_;
  std::unique_ptr<Boids3d> flock_;
  unsigned threads_ = 1;
  Boids3dFieldTexts flock_texts_;  // the texts the flock was built from
  bool running_ = false;
  bool stale_ = false;
  NeighbourSearch search_ = NeighbourSearch::grid;
  std::optional<Stash> undo_;
  std::optional<uint32_t> selection_;
  std::vector<SeriesPoint> series_;
  bool series_truncated_ = false;
  StepScheduler scheduler_;
  uint64_t queued_ = 0, batch_ = 0;  // steps still to compute, and the batch they belong to
  std::string busy_label_;
  std::string notice_;
  std::optional<Boids3dFieldTexts> previous_inputs_;
  std::optional<ShareData> link_;  // the last link opened, for its run check
  LinkCheck link_check_;
  std::optional<SharedRun> session_check_;  // fingerprint a session restore must reach
  mutable Boids3dSummary summary_;
  mutable uint64_t summary_of_ = 0;  // the Boids3d::state_id() summary_ is of (0: none)
  // The fingerprint, computed only when asked (a step does not need it: a pass over every
  // boid's six numbers that a threaded CLI run would otherwise pay serially each step).
  mutable uint64_t fingerprint_ = 0, fingerprint_of_ = 0;
  bool background_ = false;
  bool long_steps_ = false;   // work() last saw a step estimated above kBackgroundAboveMs
  bool job_initial_ = false;  // the background step computes the flock's start
  // A second step is due: the background step goes on to the one after it (Boids3d::compute_until).
  std::shared_ptr<std::atomic<bool>> ahead_wanted_ = std::make_shared<std::atomic<bool>>(false);
  RemoteRun remote_;   // live: it steps a copy of flock_ (nothing but its steps changed it since)
  BackgroundJob job_;  // last: destroyed (halted) before the flocks it computes
};

}  // namespace bandada
