// Bandada — the session controller of the PSO model: live fields (the update's constants, the
// speed limit) act from the next step; D, P and the seed rebuild on Enter or leaving the field.
// The landscape is a choice that rebuilds; topology, update and boundary act from the next step
// (a topology that does not fit P is refused with its reason). See docs/models/pso.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "app/live_controller.h"
#include "models/pso/pso.h"
#include "models/pso/pso_params.h"

namespace bandada {

struct PsoSample {
  uint64_t step;
  double log_error, diversity, improved;
};

class PsoController : public LiveController<PsoController, Pso, PsoSample, kPsoFieldCount> {
 public:
  PsoController();

  static constexpr RemoteCodec<Pso> kRemote = {"pso", pso_pack, pso_unpack};
  static Pso blank_model() {
    PsoParams p;
    p.particles = 2;
    p.landscape = PsoLandscape::sphere;
    return Pso(p);
  }

  void edit(PsoField f, std::string_view text) { edit_text(static_cast<size_t>(f), text); }
  void revalidate();
  void apply_live();
  /// Settings picked from lists: 0 landscape, 1 topology, 2 update, 3 boundary.
  int chosen(size_t k) const { return choice_[k]; }
  void choose(size_t k, int index);
  /// Why the chosen topology cannot have the typed P ("" when it can).
  std::string topology_problem() const;
  void set_threads(unsigned t) {
    threads_ = t;
    if (model_) model_->set_threads(t);
  }

  CommandResult initialize();
  CommandResult step();
  void work(double budget_ms);
  CommandResult compute(uint64_t n);

  std::string share_string() const;
  CommandResult open_link(std::string_view share);

 private:
  PsoParams current_params() const;
  void record();

  int choice_[4] = {static_cast<int>(PsoLandscape::rastrigin), 0, 0, 0};
  unsigned threads_ = 1;
};

}  // namespace bandada
