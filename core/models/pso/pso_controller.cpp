// Bandada — the PSO model's session controller (see pso_controller.h).
#include "pso_controller.h"

#include <cmath>

#include "app/share_codec.h"
#include "common/number_text.h"

namespace bandada {
namespace {

/// The lists' values as links and the CLI give them: landscape, topology, update, boundary.
std::string choice_value(size_t k, int index) {
  if (k == 0) return pso_landscape_info(static_cast<PsoLandscape>(index)).name;
  if (k == 1) return swarm_topology_name(static_cast<SwarmTopology>(index));
  if (k == 2) return swarm_update_name(static_cast<SwarmUpdate>(index));
  return swarm_boundary_name(static_cast<SwarmBoundary>(index));
}
constexpr int kChoiceSizes[4] = {kPsoLandscapes, 3, 2, 4};
constexpr const char* kChoiceKeys[4] = {"landscape", "topology", "update", "boundary"};

}  // namespace

PsoController::PsoController()
    : LiveController(pso_fields(), pso_default_texts(), "No swarm yet: Initialize first.", "particle") {
  revalidate();
}

void PsoController::revalidate() { errors_ = check_pso(texts_).errors; }

PsoParams PsoController::current_params() const {
  PsoParams p = check_pso(live_texts()).params;
  p.landscape = static_cast<PsoLandscape>(choice_[0]);
  p.swarm.topology = static_cast<SwarmTopology>(choice_[1]);
  p.swarm.update = static_cast<SwarmUpdate>(choice_[2]);
  p.swarm.boundary = static_cast<SwarmBoundary>(choice_[3]);
  return p;
}

std::string PsoController::topology_problem() const {
  const PsoCheck c = check_pso(live_texts());
  if (!c.ok) return {};
  return swarm_topology_fits(static_cast<SwarmTopology>(choice_[1]), c.params.particles);
}

void PsoController::apply_live() {
  if (!model_ || !live_fields_valid()) return;
  const PsoParams p = current_params();
  const PsoParams& m = model_->params();
  const bool rebuild = p.dims != m.dims || p.particles != m.particles || p.seed != m.seed;
  if (!topology_problem().empty()) {  // the swarm keeps its size and topology
    notice_ = topology_problem();
    return;
  }
  apply_live_params(p, rebuild);
}

void PsoController::choose(size_t k, int index) {
  if (k >= 4 || index < 0 || index >= kChoiceSizes[k]) return;
  notice_.clear();
  choice_[k] = index;
  ++epoch_;
  if (k == 1 && !topology_problem().empty()) {  // the running swarm keeps its topology
    notice_ = topology_problem();
    return;
  }
  if (!model_ || !live_fields_valid()) return;
  if (k == 0) {
    const bool was_running = running_;
    initialize();
    running_ = was_running;
  } else {
    model_->set_live_params(current_params());
  }
}

CommandResult PsoController::initialize() {
  CommandResult refused;
  if (!may_initialize(refused)) return refused;
  if (const std::string why = topology_problem(); !why.empty()) {
    notice_ = "Initialize refused. " + why;
    return {false, notice_};
  }
  auto m = std::make_unique<Pso>(current_params());
  m->set_threads(threads_);
  adopt(std::move(m));
  record();
  return {true, "Initialized."};
}

CommandResult PsoController::step() {
  notice_.clear();
  const std::string why = why_not_step();
  if (!why.empty()) return {false, why};
  pause();
  if (model_->diverged_at())
    return {false, "Diverged at step " + std::to_string(model_->diverged_at()) + "."};
  model_->step();
  record();
  return {};
}

void PsoController::work(double budget_ms) {
  if (!model_) return;
  const double ms = 1e-4 * model_->size() * (model_->dims() + 2) *
                    (model_->params().landscape == PsoLandscape::truss10 ? 40 : 1);
  if (in_background(ms))
    return work_in_background(
        {model_.get()}, [](Pso& m) { m.step(); }, [this] { record(); });
  if (!running_ || queued_ <= 0) return;
  const int run = steps_within_budget(queued_, ms, budget_ms);
  queued_ = 0;
  for (int c = 0; c < run && !model_->diverged_at(); ++c) {
    model_->step();
    record();
  }
  if (model_->diverged_at()) {
    running_ = false;
    notice_ = "Diverged at step " + std::to_string(model_->diverged_at()) +
              ": a speed passed 1e12 (constriction, a speed limit or a boundary keeps it bounded).";
  }
}

CommandResult PsoController::compute(uint64_t n) {
  if (!model_) return {false, why_not_step()};
  pause();
  for (uint64_t c = 0; c < n && !model_->diverged_at(); ++c) {
    model_->step();
    record();
  }
  return {};
}

void PsoController::record() {
  if (series_.size() < 1000000)
    series_.push_back({model_->steps(), model_->log10_error(), model_->diversity(), model_->improved()});
}

std::string PsoController::share_string() const {
  std::string s = write_model_link("pso", pso_fields(), kPsoFieldCount, texts_.data());
  for (size_t k = 0; k < 4; ++k) s += std::string("&") + kChoiceKeys[k] + "=" + choice_value(k, choice_[k]);
  return s;
}

CommandResult PsoController::open_link(std::string_view share) {
  PsoFieldTexts texts = pso_default_texts();
  ModelLink link = read_model_link(share, "pso", pso_fields(), kPsoFieldCount, texts.data());
  if (!link.ok) return {false, link.error};
  int chosen[4] = {static_cast<int>(PsoLandscape::rastrigin), 0, 0, 0};
  for (size_t k = 0; k < 4; ++k) {
    const auto v = link.get(kChoiceKeys[k]);
    if (!v) continue;
    int found = -1;
    for (int i = 0; i < kChoiceSizes[k]; ++i)
      if (*v == choice_value(k, i)) found = i;
    if (found < 0)
      link.warnings.push_back(std::string("unknown ") + kChoiceKeys[k] + " ignored; " +
                              choice_value(k, chosen[k]) + " used");
    else
      chosen[k] = found;
  }
  texts_ = texts;
  revalidate();
  for (size_t k = 0; k < 4; ++k) choice_[k] = chosen[k];
  ++epoch_;
  if (model_ && live_fields_valid() && topology_problem().empty()) model_->set_live_params(current_params());
  notice_ = "Opened a shared configuration of the swarm.";
  if (!topology_problem().empty()) notice_ += " " + topology_problem() + ".";
  for (const std::string& w : link.warnings) notice_ += " (" + w + ")";
  return {true, notice_, link.warnings};
}

}  // namespace bandada
