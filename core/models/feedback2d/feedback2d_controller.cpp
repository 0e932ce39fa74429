// Bandada — feedback engine session controller (see feedback2d_controller.h).
#include "feedback2d_controller.h"

#include <algorithm>

#include "app/share_codec.h"
#include "common/number_text.h"

namespace bandada {

Feedback2dController::Feedback2dController()
    : LiveController(feedback2d_fields(), feedback2d_default_texts(), "No system yet: Initialize first.",
                     "point") {
  revalidate();
}

void Feedback2dController::revalidate() {
  Feedback2dCheck c = check_feedback2d(texts_);
  errors_ = c.errors;
}

Feedback2dParams Feedback2dController::current_params_or_model() const {
  // Invalid fields leave the running system on its last valid values.
  if (live_fields_valid()) return current_params();
  Feedback2dParams p = model_->params();
  p.operation = operation_;
  p.no_contradiction = no_contradiction_;
  return p;
}

Feedback2dParams Feedback2dController::current_params() const {
  Feedback2dParams p = check_feedback2d(live_texts()).params;
  p.operation = operation_;
  p.no_contradiction = no_contradiction_;
  return p;
}

void Feedback2dController::apply_live() {
  if (!model_ || !live_fields_valid()) return;  // an invalid field waits; the system keeps its values
  const Feedback2dParams p = current_params();
  apply_live_params(p, p.n != model_->params().n || p.seed != model_->params().seed);
}

void Feedback2dController::set_operation(Feedback2dOperation op) {
  operation_ = op;
  ++epoch_;
  if (model_) model_->set_live_params(current_params_or_model());
}

void Feedback2dController::set_no_contradiction(bool on) {
  no_contradiction_ = on;
  ++epoch_;
  if (model_) model_->set_live_params(current_params_or_model());
}

CommandResult Feedback2dController::initialize() {
  CommandResult refused;
  if (!may_initialize(refused)) return refused;
  adopt(std::make_unique<Feedback2d>(current_params()));
  record();
  return {true, "Initialized."};
}

CommandResult Feedback2dController::step() {
  notice_.clear();
  std::string why = why_not_step();
  if (!why.empty()) return {false, why};
  pause();
  model_->cycle();
  record();
  return {true, {}};
}

CommandResult Feedback2dController::advance_phase() {
  std::string why = why_not_step();
  if (!why.empty()) return {false, why};
  if (running_) return {false, "Pause first: single phases are for a paused system."};
  model_->advance_phase();
  if (model_->next_phase() == Feedback2dPhase::local_rule) record();
  return {true, {}};
}

double Feedback2dController::estimate_cycle_ms(const Feedback2dParams& p) {
  const double n = p.n;
  if (p.operation == Feedback2dOperation::gravity) return n * n * 12e-6;
  double k = std::min(n - 1, n * 3.14159 * p.r * p.r / 700000.0);
  return n * (200.0 + 60.0 * k) * 1e-6;
}

void Feedback2dController::work(double budget_ms) {
  if (!model_) return;
  const double ms = estimate_cycle_ms(model_->params());
  if (in_background(ms))
    return work_in_background(
        {model_.get()}, [](Feedback2d& f) { f.cycle(); }, [this] { record(); });
  if (!running_ || queued_ <= 0) return;
  const int run = steps_within_budget(queued_, ms, budget_ms);
  queued_ = 0;
  for (int c = 0; c < run; ++c) {
    model_->cycle();
    record();
  }
}

CommandResult Feedback2dController::compute(uint64_t n) {
  if (!model_) return {false, why_not_step()};
  pause();
  for (uint64_t c = 0; c < n; ++c) {
    model_->cycle();
    record();
  }
  return {};
}

void Feedback2dController::record() {
  const Feedback2dResult& R = model_->result();
  if (series_.size() < 1000000) series_.push_back({model_->cycles(), R.D, R.order, R.coherence, R.delta});
}

std::string Feedback2dController::share_string() const {
  std::string s = write_model_link("feedback2d", feedback2d_fields(), kFeedback2dFieldCount, texts_.data());
  s += std::string("&op=") + operation_name(operation_) + "&nc=" + (no_contradiction_ ? "1" : "0");
  return s;
}

CommandResult Feedback2dController::open_link(std::string_view share) {
  Feedback2dFieldTexts texts = feedback2d_default_texts();
  ModelLink link =
      read_model_link(share, "feedback2d", feedback2d_fields(), kFeedback2dFieldCount, texts.data());
  if (!link.ok) return {false, link.error};
  auto find = [&](std::string_view key) { return link.get(key); };
  std::vector<std::string>& warnings = link.warnings;
  Feedback2dOperation op = Feedback2dOperation::flock;
  if (auto o = find("op"); o && !parse_operation(*o, op))
    warnings.push_back("unknown operation ignored; flock used");
  texts_ = texts;
  revalidate();
  operation_ = op;
  no_contradiction_ = find("nc").value_or("0") == "1";
  ++epoch_;
  if (model_) model_->set_live_params(current_params_or_model());
  notice_ = "Opened a shared configuration of the feedback engine.";
  for (const std::string& w : warnings) notice_ += " (" + w + ")";
  return {true, notice_, warnings};
}

}  // namespace bandada
