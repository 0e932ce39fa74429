// Bandada — the crowd model's live session (see app/live_controller.h): fields that apply from
// the next step (N, the seed and the room rebuild), the room as a choice, tools that edit it, the
// series of people left and outflow.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <string>

#include "app/live_controller.h"
#include "crowd.h"
#include "crowd_measure.h"
#include "crowd_params.h"
#include "crowd_scenario.h"

namespace bandada {

struct CrowdSample {
  uint64_t step;
  double left, outflow, mean_speed, max_pressure;  ///< people inside; left per s over the last second
};

/// What the page's zone and checkpoint tools draw: a zone at this factor of the desired speed (a
/// stair going up, as the web tool's own RiMEA 2 test has it) and a checkpoint with this wait, s.
/// Save scenario writes them, where a file's numbers can be changed.
inline constexpr double kCrowdToolZoneFactor = 0.5, kCrowdToolWait = 5.0;

/// The bundled scenario called `name`, read (null: no such one).
std::shared_ptr<CrowdScenario> open_bundled(std::string_view name);

class CrowdController : public LiveController<CrowdController, Crowd, CrowdSample, kCrowdFieldCount> {
 public:
  CrowdController();

  static constexpr RemoteCodec<Crowd> kRemote = {"crowd", crowd_pack, crowd_unpack};
  static Crowd blank_model() {
    CrowdParams p;
    p.n = 1;
    return Crowd(p);
  }

  /// A field typed (or given on the command line): in a scenario room, the speed, the seed and
  /// the count typed replace the file's.
  void edit(CrowdField f, std::string_view text) {
    given_[static_cast<size_t>(f)] = true;
    edit_text(static_cast<size_t>(f), text);
  }
  void apply_live();
  void revalidate();
  uint32_t layout() const { return layout_; }
  /// A preset room; with a scenario open, choosing any preset (the one chosen before too) leaves it.
  void set_layout(uint32_t k);
  /// The operational model (kCrowdSocialForce, kCrowdCollisionFree): live, like v0.
  uint32_t operational_model() const { return op_model_; }
  void set_operational_model(uint32_t k);

  /// The room edits applied at every Initialize: the command line's, and the start tool's.
  CrowdRoomEdits& room_edits() { return edits_; }
  const CrowdRoomEdits& room_edits() const { return edits_; }
  /// A scenario file's room and people, used at every Initialize in place of the preset (null:
  /// the preset). The file is the base: its measurement lines and areas replace the measures, the
  /// fields show its seed, count and speed where it has one, and a field typed after it replaces
  /// the file's value.
  void set_scenario(std::shared_ptr<const CrowdScenario> s);
  /// set_scenario for a file whose people all stand (else it changes nothing), and with a crowd
  /// on screen (the page) a new one in the file's room at once. "" or why not.
  std::string open_scenario(std::shared_ptr<const CrowdScenario> s);
  /// The scenario as it would run now: what was typed in place of the file's values, the columns
  /// placed since, and the measures (for Save scenario).
  CrowdScenario scenario_now() const;
  const CrowdScenario* scenario() const { return scenario_.get(); }
  /// The room shown before Initialize: the scenario's, else the preset's.
  const CrowdLayout& idle_room() const { return scenario_ ? scenario_room_ : crowd_layouts()[layout_]; }
  /// The lines and areas measured every frame (the command line's; the page's tools).
  CrowdMeasures& measures() { return measures_; }
  const CrowdMeasures& measures() const { return measures_; }
  /// Every `every`-th frame's trajectory rows go to `out` as the run goes; each new run (Initialize,
  /// a state opened) begins with an empty piece and the header.
  void write_trajectories(std::function<void(std::string_view)> out, uint32_t every) {
    trajectories_ = std::move(out);
    every_ = every;
    header_due_ = true;
  }
  void set_trajectory_every(uint32_t every) { every_ = every; }
  /// What a scenario file holds that does not carry over, said once.
  void set_notice(std::string n) { notice_ = std::move(n); }
  CommandResult initialize();
  CommandResult step();
  void work(double budget_ms);
  CommandResult compute(uint64_t n);
  static double estimate_step_ms(const Crowd& c);
  void set_threads(unsigned t) {
    threads_ = t;
    if (model_) model_->set_threads(t);
  }

  /// Tools: each edits the running room (refused without one).
  CommandResult add_wall(double x1, double y1, double x2, double y2);
  CommandResult cut_exit(double x, double y);
  CommandResult add_column(double x, double y, double r);
  CommandResult add_people(double x, double y);
  CommandResult remove_nearest(double x, double y);
  /// A measurement line or a rectangular area drawn with a tool: a line counts from the next
  /// frame, an area from this one (its earlier frames are NaN); saved with the scenario.
  CommandResult add_measure_line(const CrowdSegment& at);
  /// The start tool: the N people start in this rectangle in place of the preset's start area,
  /// and a new crowd stands there at once (a scenario's people start where its file says).
  CommandResult set_start_area(double x0, double y0, double x1, double y1);
  CommandResult add_measure_area(double x0, double y0, double x1, double y1);
  /// The zone tool (a scenario's room): a speed zone at kCrowdToolZoneFactor over the rectangle.
  /// The checkpoint tool: a waiting area of kCrowdToolWait s that every journey passes after its
  /// other checkpoints. Either edits the scenario as Save scenario writes it (what was typed, the
  /// columns, the measures kept), checks it as a file is checked, and a new crowd stands at once.
  /// A box partly off the walkable area is kept, and its result's message says how much lies off it.
  CommandResult add_zone(double x0, double y0, double x1, double y1);
  CommandResult add_checkpoint(double x0, double y0, double x1, double y1);

  /// A state file's crowd: its trajectories begin afresh at its frame (LiveController's hook).
  /// Its lines and areas, with what they measured (none: an old file's empty part).
  std::string extra_state_bytes() const { return measures_.bytes(); }
  /// A state file's crowd: its lines and areas go on measuring from its frame (a file without
  /// them measures nothing), and its trajectories begin afresh at its frame.
  bool adopt_extra_state(std::string_view extra, const Crowd& m) {
    CrowdMeasures read;
    if (!extra.empty() && !read.read_bytes(extra, m)) return false;
    measures_ = std::move(read);
    header_due_ = true;
    return true;
  }

  std::string share_string() const;
  CommandResult open_link(std::string_view share);

 private:
  CrowdParams current_params() const;
  /// Initialize in a scenario's room: the file's people, with what was typed in its place.
  CommandResult initialize_scenario();
  /// Why a distribution's people cannot start: some stand where no exit of their journey can be
  /// reached, or not all of them fit ("" when all stand and can leave).
  static std::string start_problem(const Crowd& c, const CrowdScenario& s);
  void record();
  CommandResult edited(bool ok, const char* refused);
  /// The scenario as it runs now, changed by `change`, written and read back as a file (refused
  /// with the reader's words), and opened: a new crowd in it.
  CommandResult edit_scenario(const std::function<void(CrowdScenario&)>& change);
  /// r's message, or, when r added `ring` and part of it lies off the walkable area, what says so
  /// (and the notice under the readouts too): `what` was added, how many m² lie off it, and `only`
  /// (who uses just its part on the floor).
  std::string off_floor(const CommandResult& r, const CrowdRing& ring, const char* what, const char* only);

  uint32_t layout_ = 0;
  uint32_t op_model_ = kCrowdSocialForce;
  bool op_given_ = false;  // the model chosen (the page, the command line), not taken from a file
  unsigned threads_ = 1;
  CrowdRoomEdits edits_;
  std::shared_ptr<const CrowdScenario> scenario_;
  CrowdLayout scenario_room_;  // the scenario's room, built once
  std::array<bool, kCrowdFieldCount> given_{};
  CrowdParams built_;  // the fields a scenario's crowd was built from
  CrowdMeasures measures_;
  std::function<void(std::string_view)> trajectories_;
  uint32_t every_ = 1;
  bool header_due_ = false;
};

}  // namespace bandada
