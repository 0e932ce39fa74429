// Bandada — what the three real models' sessions share: each wraps a controller of the same
// shape (texts, messages, the run/pause/step rules, share and saved text), so the forwarding is
// written once here and a session adds only what its model has of its own.
#pragma once

#include <string>
#include <string_view>

#include "app/model_session.h"

namespace bandada {

template <class Controller, class Field>
class ControllerSession : public ModelSession {
 public:
  explicit ControllerSession(const ModelDescription& description) : ModelSession(description) {}

  FieldText field_text(size_t i) const override { return {c_.texts()[i], c_.error(static_cast<Field>(i))}; }
  RunStatus status() const override { return c_.status(); }
  void advance(double elapsed, double budget_ms) override { c_.advance(elapsed, budget_ms); }
  Report report() const override { return {{}, c_.notice(), {}}; }
  size_t series_length() const override { return c_.series().size(); }
  uint64_t series_step(size_t i) const override { return c_.series()[i].step; }
  std::optional<uint32_t> selection() const override { return c_.selection(); }
  CommandResult select(int64_t index) override { return c_.select(index); }

 protected:
  /// The reasons of the commands every model has; "" for the others.
  std::string standard_why_not(std::string_view id) const {
    if (id == "initialize") return c_.why_not_initialize();
    if (id == "run") return c_.why_not_run();
    if (id == "pause") return c_.status() == RunStatus::running ? "" : "Not running.";
    if (id == "step") return c_.why_not_step();
    if (id == "reset") return c_.status() == RunStatus::none ? "Nothing to remove yet." : "";
    if (id == "clear_selection") return selection() ? "" : "Nothing selected.";
    return {};
  }
  /// Runs a command every model has; false in `handled` for the others.
  CommandResult standard_command(std::string_view id, bool& handled) {
    handled = true;
    if (id == "initialize") return c_.initialize();
    if (id == "run") return c_.run();
    if (id == "step") return c_.step();
    if (id == "pause")
      c_.pause();
    else if (id == "reset")
      c_.reset();
    else if (id == "clear_selection")
      c_.clear_selection();
    else
      handled = false;
    return {};
  }
  void do_edit(size_t i, std::string_view text, Input how) override {
    if (how == Input::typed) c_.edit(static_cast<Field>(i), text);
  }
  using Kept = ModelSession::Kept;
  std::string kept(Kept form) const override {
    if (form == Kept::link) return c_.share_string();
    if (form == Kept::saved_text) return c_.saved_fields();
    if (form == Kept::state) return c_.state_bytes();
    return {};
  }
  CommandResult restore(Kept form, std::string_view text) override {
    if (form == Kept::link) return c_.open_link(text);
    if (form == Kept::saved_text) return {c_.load_saved_fields(text), "Not this model's saved fields."};
    if (form == Kept::state) return {c_.load_state_bytes(text), "Not a state of this model."};
    return {false, "Nothing to restore."};
  }

  Controller c_;
};

/// The sessions of LiveController models (app/live_controller.h): their steps computed, placed
/// (threads, a background thread, a remote worker) and measured the same way (each says how it
/// counts its steps).
template <class Controller, class Field>
class LiveSession : public ControllerSession<Controller, Field> {
 public:
  using ControllerSession<Controller, Field>::ControllerSession;
  CommandResult compute(uint64_t n) override { return this->c_.compute(n); }
  void place_steps(const ModelSession::StepPlace& p) override {
    this->c_.set_threads(p.threads);
    this->c_.set_background(p.background);
    this->c_.set_remote(p.remote);
  }
  bool long_steps() const override { return this->c_.long_steps(); }
  size_t size() const override { return this->c_.model() ? this->c_.model()->size() : 0; }
  uint64_t fingerprint() const override { return this->c_.model() ? this->c_.model()->fingerprint() : 0; }

 protected:
  using Input = ModelSession::Input;
  /// Enter or leaving a field applies it where it is marked on_commit (a count, the seed).
  void do_edit(size_t i, std::string_view text, Input how) override {
    if (how == Input::typed)
      ControllerSession<Controller, Field>::do_edit(i, text, how);
    else
      this->c_.commit(i);
  }
};

}  // namespace bandada
