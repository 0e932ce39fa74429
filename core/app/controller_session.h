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
  void advance(double elapsed, double budget_ms) override { c_.advance(elapsed, budget_ms, this->speed()); }
  Report report() const override { return {{}, c_.notice(), {}}; }
  size_t series_length() const override { return c_.series().size(); }
  uint64_t series_step(size_t i) const override { return c_.series()[i].step; }
  std::optional<uint32_t> selection() const override { return c_.selection(); }
  CommandResult select(int64_t index) override { return c_.select(index); }
  /// Threads, a background thread and a remote worker, in one call (the controller's place()).
  void place_steps(const ModelSession::StepPlace& p) override { c_.place(p); }
  bool long_steps() const override { return c_.long_steps(); }

 protected:
  /// The commands every model has, in one table: each with why it cannot act now ("" when it can)
  /// and what it does.
  struct Standard {
    std::string_view id;
    std::string (*why_not)(const Controller&);
    CommandResult (*act)(Controller&);
  };
  static constexpr Standard kStandard[] = {
      {"initialize", [](const Controller& c) { return c.why_not_initialize(); },
       [](Controller& c) { return c.initialize(); }},
      {"run", [](const Controller& c) { return c.why_not_run(); }, [](Controller& c) { return c.run(); }},
      {"pause",
       [](const Controller& c) {
         return std::string(c.status() == RunStatus::running ? "" : "Not running.");
       },
       [](Controller& c) {
         c.pause();
         return CommandResult{};
       }},
      {"step", [](const Controller& c) { return c.why_not_step(); }, [](Controller& c) { return c.step(); }},
      {"reset",
       [](const Controller& c) {
         return std::string(c.status() == RunStatus::none ? "Nothing to remove yet." : "");
       },
       [](Controller& c) {
         c.reset();
         return CommandResult{};
       }},
      {"clear_selection",
       [](const Controller& c) { return std::string(c.selection() ? "" : "Nothing selected."); },
       [](Controller& c) {
         c.clear_selection();
         return CommandResult{};
       }},
  };
  /// The reasons of the commands every model has; "" for the others.
  std::string standard_why_not(std::string_view id) const {
    for (const Standard& k : kStandard)
      if (k.id == id) return k.why_not(c_);
    return {};
  }
  /// Runs a command every model has; false in `handled` for the others.
  CommandResult standard_command(std::string_view id, bool& handled) {
    for (const Standard& k : kStandard)
      if (k.id == id) {
        handled = true;
        return k.act(c_);
      }
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
