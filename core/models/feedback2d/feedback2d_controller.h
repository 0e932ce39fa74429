// Bandada — the session controller of the 2-D feedback engine. Unlike the 3-D model, fields act
// on the running system from the next phase; only n and the seed re-initialize. Same scheduler
// (one cycle per 0.04 s, at most 250 ms per frame), same number grammar, same share-string rules
// as the 3-D controller. See docs/models/feedback2d.md.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/live_controller.h"
#include "app/scheduler.h"
#include "models/feedback2d/feedback2d.h"
#include "models/feedback2d/feedback2d_params.h"

namespace bandada {

struct Feedback2dSample {
  uint64_t step;  ///< the cycle count
  double D, order, coherence, delta;
};

class Feedback2dController
    : public LiveController<Feedback2dController, Feedback2d, Feedback2dSample, kFeedback2dFieldCount> {
 public:
  Feedback2dController();

  /// How work() hands a step to a remote stepper (LiveController::set_remote).
  static constexpr RemoteCodec<Feedback2d> kRemote = {"feedback2d", feedback2d_pack, feedback2d_unpack};
  /// What a state file's model is read into (LiveController::load_state_bytes).
  static Feedback2d blank_model() {
    Feedback2dParams p;
    p.n = 2;
    return Feedback2d(p);
  }

  // ---- fields (live) ------------------------------------------------------------------
  /// A valid edit applies to the running system from the next phase; n and the seed wait for
  /// Enter or leaving the field (commit()), then rebuild it.
  void edit(Feedback2dField f, std::string_view text) { edit_text(static_cast<size_t>(f), text); }
  void revalidate();
  /// Applies the valid typed fields to the running system (commit() calls it).
  void apply_live();
  Feedback2dOperation operation() const { return operation_; }
  void set_operation(Feedback2dOperation op);
  bool no_contradiction() const { return no_contradiction_; }
  void set_no_contradiction(bool on);

  // ---- commands -----------------------------------------------------------------------
  CommandResult initialize();
  CommandResult step();           ///< pauses, then finishes the current cycle (a whole one from phase 1)
  CommandResult advance_phase();  ///< while paused: runs the next single phase

  /// The work half of advance(): the queued steps that fit budget_ms (at least one).
  void work(double budget_ms);
  /// Runs exactly n steps now, paused afterwards.
  CommandResult compute(uint64_t n);
  static double estimate_cycle_ms(const Feedback2dParams& p);

  // ---- readouts -----------------------------------------------------------------------
  CommandResult follow(int64_t index) { return select(index); }
  void clear_follow() { clear_selection(); }
  std::optional<uint32_t> followed() const { return selection(); }

  // ---- share and persistence ----------------------------------------------------------
  std::string share_string() const;
  CommandResult open_link(std::string_view share);

 private:
  Feedback2dParams current_params() const;  // from valid texts, operation and switch
  Feedback2dParams current_params_or_model() const;
  void record();

  Feedback2dOperation operation_ = Feedback2dOperation::flock;
  bool no_contradiction_ = false;
};

}  // namespace bandada
