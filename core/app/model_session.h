// Bandada — the model seam: everything a front end (ImGui/WebGL2 page, HTML/SVG view, CLI,
// tests) needs from a model, behind one interface. Each model implements it once in its own
// folder (core/models/<id>/<id>_session.cpp) and adds one line to core/models/all_models.cpp; the
// views and the CLI never name a model. See docs/adding-a-model.md.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/scheduler.h"
#include "common/field_table.h"

namespace bandada {

class RemoteStepper;  // app/remote_step.h

enum class RunStatus {
  none,     ///< nothing built: Initialize to build it
  paused,   ///< built, not running
  running,  ///< built, advanced by advance()
  stale,    ///< parameters changed since Initialize: the state was discarded (Undo brings it back)
};
const char* status_name(RunStatus s);

struct CommandResult {
  CommandResult() = default;
  CommandResult(bool ok_, std::string message_ = {}, std::vector<std::string> warnings_ = {})
      : ok(ok_), message(std::move(message_)), warnings(std::move(warnings_)) {}
  bool ok = true;
  std::string message;                ///< why it was refused, or what happened
  std::vector<std::string> warnings;  ///< values a link or option refused and replaced
};

/// A model's identity: the share key m=, the storage key and the CLI's --model.
struct ModelInfo {
  const char* id;           ///< "ring", say: never changes once released
  const char* title;        ///< "3-D periodic flock"
  const char* step_word;    ///< "step" or "cycle": the unit of time, and the CLI's --steps alias
  const char* fields_note;  ///< one line over the fields: when an edit applies
  const char* help;         ///< a few lines for the panel: what is on screen, what to click
  bool sliders = false;     ///< live fields: each real-valued field gets a slider beside its text
  /// Model time per step, s (the plots' and the series' time); 0: a step has no time (a swarm's
  /// iterations), and they are counted, not timed.
  double step_seconds = 0.04;
};

/// A choice as it stands: its chosen name's index, or -1 and what stands in its place (a room a
/// file brought, not one of the names).
struct ChoiceNow {
  ChoiceNow(int i) : index(i) {}  // NOLINT(google-explicit-constructor): sessions return the index
  explicit ChoiceNow(std::string text) : index(-1), instead(std::move(text)) {}
  int index;
  std::string instead;
};

/// A setting picked from a short list (operation, force law, integrator, preset).
struct Choice {
  const char* key;                  ///< share key and CLI option name
  const char* label;                ///< shown beside it
  std::vector<std::string> names;   ///< shown to the user
  std::vector<std::string> values;  ///< in links and on the command line
  const char* cli = nullptr;        ///< CLI option name when it differs from the key
  const char* option() const { return cli ? cli : key; }
};

/// A user command. The views make buttons of those with a label and bind their key.
struct Command {
  const char* id;     ///< "initialize", "run_pause", "step", …
  const char* label;  ///< button text; nullptr for key-only commands
  const char* key;    ///< shortcut: a lower-case letter, "space", "escape" or "mod+z"; nullptr for none
  const char* tip;    ///< what it does (help line)
  bool only_when_available = false;  ///< hide the button instead of disabling it
  bool changes_fields = false;       ///< it rewrites the fields' texts (Undo): the revision moves
};

/// A readout line: a label and its value, formatted for the screen.
struct Readout {
  std::string label, value;
  int tone = 0;  ///< 0 plain, 1 good, 2 warning, 3 bad, 4 selection
};

struct Column {
  const char* title;
  int decimals;                        ///< digits after the point; -1 for whole numbers
  const char* const* names = nullptr;  ///< when set, the value is an index into these words
  const char* group = nullptr;         ///< a group's columns can be shown one group at a time
};

struct SeriesInfo {
  const char* title;
  double lo, hi;          ///< plot range; NaN for "from the data"
  int pair = -1;          ///< ≥ 0: drawn as a second curve in that series' plot, not in a plot of its own
  bool optional = false;  ///< its plot is hidden while its latest value is NaN (not measured)
  /// Where a plot draws two curves, each curve's legend by a choice: the legend is
  /// curve_labels[chosen(choice curve_choice)] ("" for the title alone when unset).
  const char* curve_choice = nullptr;
  std::vector<const char*> curve_labels = {};
};

/// A tool for pressing on the plane (what a left click or a tap does).
struct Tool {
  const char* id;
  const char* label;
  bool drag = false;  ///< the tool draws by dragging (from the press to the release), not by tapping
};

/// A switch that changes only what is drawn (vectors, trails, …).
struct DisplayOption {
  const char* id;
  const char* label;
  int group = 0;           ///< > 0: turning it on turns off the others of its group (one colouring at a time)
  bool initially = false;  ///< on in a new session
};

enum class Space { plane, cube };
enum class GlyphShape { triangle, arrow };

/// Palette classes of glyphs and overlays; the views map them to colours.
enum Colour : uint8_t {
  kBoid = 0,
  kWhite,
  kRed,
  kGreen,
  kYellow,
  kSelected,  ///< the followed or selected one, wherever it is drawn
  kFrame,
  kLeader,
  kFaint,
  kObstacle,
  kZone,       ///< a region that changes how its walkers move
  kRamp = 16,  ///< kRamp + k, k = 0 … 15: a blue → red ramp (by speed, by neighbours)
};

struct Overlay {
  enum class Kind : uint8_t {
    ring,      ///< circle of `size` CSS px around (x, y, z)
    disc,      ///< filled circle of `size` px
    cross,     ///< plus sign of half-size `size` px
    circle,    ///< circle of radius `size` in model units (three great circles in a cube)
    segment,   ///< line from (x, y, z) to (x2, y2, z2), model units
    arrow_px,  ///< from (x, y, z) along unit (x2, y2) for `size` px (plane only)
    solid,     ///< filled circle of radius `size` in model units (an obstacle)
  } kind;
  uint8_t colour;
  float x, y, z, size;
  float x2 = 0, y2 = 0, z2 = 0;
  float width = 1.5f;  ///< line width in px
};

/// Everything the views draw, as contiguous arrays: cheap at 100 000 glyphs.
struct DrawData {
  Space space = Space::plane;
  GlyphShape shape = GlyphShape::triangle;
  double width = 0, height = 0;  ///< plane extent, or the cube's side
  bool y_up = false;             ///< plane only: model y grows upwards on screen
  double x0 = 0, y0 = 0;         ///< plane only: the model coordinates of its corner (a file's own)
  double time = 0;               ///< the model's time, s (trajectories played back beside it follow it)
  size_t count = 0;
  std::vector<float> pos;            ///< 3 per glyph (z = 0 on a plane)
  std::vector<float> dir;            ///< 3 per glyph: unit heading, or 0 for a point
  std::vector<uint8_t> colour;       ///< 1 per glyph
  std::vector<uint8_t> highlight;    ///< 1 per glyph: 0, 1 selected, 2 neighbour of the selection
  std::vector<uint32_t> neighbours;  ///< of the selection, ascending (computed once, here)
  std::vector<Overlay> overlays;
  /// A scalar field under everything on a plane (a landscape): field_nx × field_ny cells over the
  /// whole plane, row by row from the plane's corner (0, 0) along x, each a shade 0 (low) … 255
  /// (high); empty for none.
  uint32_t field_nx = 0, field_ny = 0;
  std::vector<uint8_t> field;
  uint64_t version = 0;  ///< changes whenever anything above changes (upload caching)

  /// n glyphs at the origin, plain colour, nothing highlighted, no overlays, no field (reusing
  /// capacity).
  void reset(size_t n) {
    count = n;
    pos.assign(n * 3, 0.0f);
    dir.assign(n * 3, 0.0f);
    colour.assign(n, kBoid);
    highlight.assign(n, 0);
    neighbours.clear();
    overlays.clear();
    field_nx = field_ny = 0;
    field.clear();
    version = 0;
  }
  /// Glyph i of a plane at (x, y), heading along (vx, vy): a point when that is zero.
  void set_plane_glyph(size_t i, double x, double y, double vx, double vy);
};

/// What a link check says (a link that names a run to verify).
struct LinkCheck {
  enum class Kind { none, waiting, identical, differs } kind = Kind::none;
  uint64_t steps = 0;  ///< the step count the link names
  std::string message;
};

/// Options a model adds to the CLI beyond its fields and choices (--brute-force, --predator X;Y).
struct CliOption {
  const char* name;  ///< without dashes
  const char* arg;   ///< placeholder of its value ("X;Y"); nullptr for a flag
  const char* help;
  bool uncounted = false;  ///< it runs something other than the model's steps (none to checkpoint)
  /// Its value names a file (or a folder) the front end reads: the model gets the file's text, or
  /// a folder's files as pack_list (name, text, …). Read once, so a sweep's rows share it.
  bool reads_file = false;
  /// Its value names a file the model writes as the run goes (trajectories): the front end opens
  /// it and attaches where the text goes (ModelSession::attach_output) before the option applies.
  bool writes_file = false;
  /// The page opens and saves this file too (Open scenario, Save scenario, a file dropped on the
  /// page): its picker's accept list (".json,.wkt"); nullptr: a CLI option only. The page gives
  /// the option the file's text; Save writes exported(Export::file).
  const char* page_accept = nullptr;
  /// Its value opens a base, as a file read does (a bundled scenario by name): it is applied
  /// before the fields and options beside it, which replace what it holds.
  bool base = false;
};

/// A writes_file option's text kept in memory (the page's Save trajectories), at most `budget`
/// bytes: whole pieces only, and past the budget it stops (stopped()) until a new run begins.
class KeptText {
 public:
  explicit KeptText(size_t budget) : budget_(budget) {}
  void add(std::string_view piece) {
    if (piece.empty()) {
      text_.clear();
      stopped_ = false;
    } else if (!stopped_ && text_.size() + piece.size() <= budget_) {
      text_.append(piece);
    } else {
      stopped_ = true;
    }
  }
  const std::string& text() const { return text_; }
  bool stopped() const { return stopped_; }
  size_t budget() const { return budget_; }

 private:
  size_t budget_;
  std::string text_;
  bool stopped_ = false;
};

/// What is constant about a model, as data: filled once by the model (a static it returns from
/// its description function), read by every front end through the session's accessors. A front
/// end builds its fields, buttons, keys, plots, table, tools, legend and CLI options from this.
struct ModelDescription {
  ModelInfo info;
  std::vector<FieldInfo> fields;  ///< the field table, in field order (row_infos of its rows)
  std::vector<Choice> choices;
  std::vector<Command> commands;  ///< standard_commands() first
  std::vector<SeriesInfo> series;
  const char* table_title = "";
  const char* table_note = "";  ///< a line above the table: what its marks mean ("—": …)
  /// Runs faster than real time when asked (set_speed): the page offers its speeds.
  bool speeds = false;
  std::vector<Column> columns;  ///< column 0 is the index
  std::vector<Tool> tools = {{"select", "select"}};
  std::vector<std::pair<uint8_t, const char*>> legend;  ///< what each colour on the plane means
  std::vector<DisplayOption> display_options;
  std::vector<CliOption> cli_options;  ///< beyond the fields and choices (--brute-force, --predator X;Y)
};

class ModelSession {
 public:
  explicit ModelSession(const ModelDescription& description) : d_(description) {
    for (const DisplayOption& o : d_.display_options) display_.push_back(o.initially);
  }
  virtual ~ModelSession() = default;
  const ModelDescription& description() const { return d_; }
  const ModelInfo& info() const { return d_.info; }

  // ---- fields: raw text as typed, a message per field ------------------------------------
  size_t field_count() const { return d_.fields.size(); }
  const FieldInfo& field(size_t i) const { return d_.fields[i]; }
  /// Field i's text as typed, and its message ("" when valid).
  struct FieldText {
    const std::string& text;
    const std::string& error;
  };
  virtual FieldText field_text(size_t i) const = 0;
  const std::string& text(size_t i) const { return field_text(i).text; }
  const std::string& error(size_t i) const { return field_text(i).error; }
  /// A keystroke in a field: the text is kept as typed and the revision moves.
  void edit(size_t i, std::string_view text);
  /// Enter or leaving field i. A live model applies a field marked on_commit (a count, the seed)
  /// only then, so typing "300" never runs a flock of 3 and then 30.
  void commit(size_t i) {
    if (i < field_count()) do_edit(i, text(i), Input::committed);
  }

  // ---- choices ---------------------------------------------------------------------------
  const std::vector<Choice>& choices() const { return d_.choices; }
  /// The index of the choice's chosen name; -1 when something else stands in its place.
  int chosen(size_t choice) const { return choice_now(choice).index; }
  /// What the choice's control shows: its chosen name, else what stands in its place, else "custom".
  std::string choice_shown(size_t choice) const;
  void choose(size_t choice, int index);
  /// A choice by key, or -1.
  int choice_index(std::string_view key) const;

  // ---- commands --------------------------------------------------------------------------
  const std::vector<Command>& commands() const { return d_.commands; }
  /// Why the command cannot act now; empty when it can.
  virtual std::string why_not(std::string_view id) const = 0;
  /// Runs a command by id (unknown ids are refused with a message).
  CommandResult command(std::string_view id);

  // ---- time: the scheduler says what is due, work() computes it ---------------------------
  virtual RunStatus status() const = 0;
  /// Wall time in (seconds): while running, whole steps due at 25/s (at most 250 ms a call) are
  /// queued, then queued work is computed within about budget_ms (at least one step when any is
  /// due); what does not fit waits for the next call.
  virtual void advance(double elapsed_seconds, double budget_ms = 1e300) = 0;
  /// How many times faster than real time a run goes (1 … 1000; 1 is real time), for a model
  /// whose description says it speeds: its steps are the same, only more of them a frame.
  void set_speed(int speed) { speed_ = std::clamp(speed, 1, StepScheduler::kMostSpeed); }
  int speed() const { return speed_; }
  bool speeds() const { return d_.speeds; }
  /// Runs exactly n steps now, whatever the state of the scheduler (CLI, sweeps, tests).
  virtual CommandResult compute(uint64_t n) = 0;
  /// Work under way that the page shows as a busy bar (a replay, a long Initialize).
  struct Progress {
    bool busy = false;
    double fraction = 0.0;  ///< of the work under way, 0 … 1
    std::string label;      ///< what it is ("Computing step")
  };
  Progress progress() const { return report().progress; }
  bool busy() const { return progress().busy; }
  /// visibilitychange → hidden: pauses, never resumes by itself.
  void pause_for_hidden_page() {
    if (status() == RunStatus::running) command("pause");
  }

  // ---- readouts --------------------------------------------------------------------------
  virtual uint64_t steps() const = 0;
  virtual size_t size() const = 0;  ///< glyphs (boids, points) in the current state
  virtual uint64_t fingerprint() const = 0;
  virtual std::vector<Readout> readouts() const = 0;
  /// One line for a status bar: the status, then the readouts.
  std::string status_line() const;
  /// What the status area shows beyond the readouts, asked together (busy() every frame).
  struct Report {
    Progress progress;
    std::string notice;  ///< what the last action did ("Opened a shared run.")
    LinkCheck link;      ///< what a link that names a run to verify found
  };
  virtual Report report() const { return {}; }
  std::string notice() const { return report().notice; }
  LinkCheck link_check() const { return report().link; }
  /// What a sweep can measure of the current state, named and computed exactly as the model's
  /// JSON export names and computes them (17 digits, or a word such as a regime).
  struct Measure {
    std::string name, value;
    bool numeric = true;
  };
  virtual std::vector<Measure> measures() const = 0;

  // ---- series (plots) and table ------------------------------------------------------------
  const std::vector<SeriesInfo>& series_info() const { return d_.series; }
  virtual size_t series_length() const = 0;
  virtual uint64_t series_step(size_t i) const = 0;
  virtual double series_value(size_t k, size_t i) const = 0;  ///< NaN: not measured at that step
  /// The legend of series k's curve where a plot draws two ("" for the title alone).
  std::string curve_label(size_t k) const;
  const char* table_title() const { return d_.table_title; }
  const char* table_note() const { return d_.table_note; }
  const std::vector<Column>& columns() const { return d_.columns; }
  /// Values of row i (one per column, column 0 is the index).
  virtual void row(size_t i, double* out) const = 0;

  // ---- selection and pressing --------------------------------------------------------------
  virtual std::optional<uint32_t> selection() const = 0;
  virtual CommandResult select(int64_t index) = 0;
  const std::vector<Tool>& tools() const { return d_.tools; }
  int tool() const { return tool_; }
  void set_tool(int t) {
    if (t >= 0 && static_cast<size_t>(t) < tools().size()) tool_ = t;
  }
  /// A press on the plane at model (x, y): by the tool, or `right` (right click, long press) /
  /// `remove` (Shift) for their second meanings. pick is the selection radius in model units.
  CommandResult press(double x, double y, bool right, bool remove, double pick) {
    return pointer({x, y, right, remove, pick});
  }
  /// A drag on the plane with a drag tool, from (x0, y0) to (x1, y1) in model units.
  CommandResult drag(double x0, double y0, double x1, double y1) {
    return pointer({x1, y1, false, false, 0, true, x0, y0});
  }
  /// What each colour on the plane means, for a small legend beside it.
  const std::vector<std::pair<uint8_t, const char*>>& legend() const { return d_.legend; }
  const std::vector<DisplayOption>& display_options() const { return d_.display_options; }
  bool display(size_t k) const { return k < display_.size() && display_[k]; }
  /// Turns display option k on or off (on turns off the others of its group).
  void set_display(size_t k, bool on);

  // ---- share, persistence: the forms a session is kept in (kept() and restore() below) ------
  /// The link's share string (fields and choices).
  std::string share_string() const { return kept(Kept::link); }
  /// Fills the fields from a link; CommandResult.ok false leaves everything as it was.
  CommandResult open_link(std::string_view share);
  /// The raw text of every field and choice, restored exactly by load_saved().
  std::string saved_text() const { return kept(Kept::saved_text); }
  bool load_saved(std::string_view saved) { return restore(Kept::saved_text, saved).ok; }
  /// A state file's section (run/state_file.h): everything beyond the fields' text that the run
  /// continues from, the model (and any twin) and the series, as bytes; "" with no state yet.
  std::string state_bytes() const { return kept(Kept::state); }
  /// Reads what state_bytes() wrote, paused; false, nothing changed, for bytes that are not such
  /// a state of this model (cut, foreign, or a value out of range).
  bool load_state_bytes(std::string_view bytes) { return restore(Kept::state, bytes).ok; }
  /// sessionStorage on pagehide (back/forward): the state to rebuild; "" when none.
  std::string session_record() const { return kept(Kept::session); }
  CommandResult restore_session(std::string_view record) { return restore(Kept::session, record); }
  /// Moves on every keystroke, choice, undo and link: saved text always matches the fields.
  uint64_t revision() const { return revision_; }

  // ---- draw data, exports ----------------------------------------------------------------
  /// Fills `out` (reusing its capacity) with what is on screen now.
  virtual void draw(DrawData& out) const = 0;
  /// The CLI's JSON of the current state ("" without one).
  std::string export_json() const { return exported(Export::json); }
  /// One row per glyph ("" without a state); the default writes the table's columns.
  std::string export_csv() const { return exported(Export::csv); }
  /// The file a page_accept option opens, as it would run now ("" when there is none to save).
  std::string export_file() const { return exported(Export::file); }
  /// step, time and every series, one row per recorded step.
  std::string series_csv() const;

  // ---- command line ------------------------------------------------------------------------
  const std::vector<CliOption>& cli_options() const { return d_.cli_options; }
  /// Applies a model's own CLI option; returns the error message, "" when taken.
  virtual std::string cli_option(std::string_view name, std::string_view value);
  /// Where a writes_file option's text goes, in pieces as the run goes (the CLI streams a file).
  /// An empty piece says a new run begins (Initialize, a state opened): a front end keeping the
  /// text in memory (KeptText, the page) starts afresh there.
  using Output = std::function<void(std::string_view)>;
  void attach_output(std::string_view option, Output out) {
    outputs_.emplace_back(std::string(option), std::move(out));
  }
  /// The output attached for option `name`; null when none.
  const Output* output(std::string_view name) const {
    for (const auto& [n, o] : outputs_)
      if (n == name) return &o;
    return nullptr;
  }
  /// Runs what the CLI asked for after Initialize: `n` steps by default (`given`: the user named
  /// a step count, which a model's own way of counting may conflict with).
  virtual CommandResult cli_run(uint64_t n, bool given) {
    (void)given;
    return compute(n);
  }

  /// Where a model's steps are computed; the same bits whatever is chosen.
  struct StepPlace {
    /// Threads a step may use; models without a parallel step ignore it.
    unsigned threads = 1;
    /// A page's long steps compute off its main thread, where the build has threads: its frames
    /// draw the current state meanwhile, and a step becomes current only when whole (Pause, Reset
    /// and edits drop one still computing). Models that cannot ignore it and step in place.
    bool background = false;
    /// Where the build has no threads: long steps go to another instance of it (a page's Web
    /// Worker) and come back whole, as with background. Models that cannot ignore it.
    RemoteStepper* remote = nullptr;
  };
  virtual void place_steps(const StepPlace&) {}
  /// While running, each step is long (estimated above kBackgroundAboveMs: computed off this
  /// thread, or in slices or whole on it): the page then skips drawing frames where nothing
  /// changed when drawing is slow, so that the drawing leaves the time to the step.
  virtual bool long_steps() const { return false; }

  /// Model-specific test hooks as a JSON object ("{}" when none).
  std::string extra_state_json() const { return exported(Export::test_hooks); }

 protected:
  /// The forms of persistence above, each written by kept() and read back by restore(): a
  /// refused restore (ok false) changes nothing. A model without a form keeps "" and refuses it.
  enum class Kept { link, saved_text, state, session };
  virtual std::string kept(Kept form) const = 0;
  virtual CommandResult restore(Kept form, std::string_view text) = 0;

  /// The exports above, each written here. The default writes the table as CSV, "{}" as test
  /// hooks and no JSON: a model writes its JSON and calls this for the forms it leaves.
  enum class Export { json, csv, test_hooks, file };
  virtual std::string exported(Export form) const;

  /// A press, or the end of a drag from (x0, y0), on the plane (press() and drag() above). The
  /// default selects the nearest glyph within pick and refuses drags.
  struct Pointer {
    double x, y;
    bool right = false, remove = false;
    double pick = 0;
    bool drag = false;
    double x0 = 0, y0 = 0;
  };
  virtual CommandResult pointer(const Pointer& p);

  /// A keystroke in field i (edit(), the revision moved), or Enter / leaving it (commit(), the
  /// text as it is).
  enum class Input { typed, committed };
  virtual void do_edit(size_t i, std::string_view text, Input how) = 0;
  virtual void do_choose(size_t, int) {}
  /// How choice k stands now (chosen() and choice_shown() read it); the first name by default.
  virtual ChoiceNow choice_now(size_t) const { return 0; }
  virtual CommandResult do_command(std::string_view id) = 0;
  void bump() { ++revision_; }

 private:
  const ModelDescription& d_;
  uint64_t revision_ = 0;
  int speed_ = 1;
  int tool_ = 0;
  std::vector<bool> display_;
  std::vector<std::pair<std::string, Output>> outputs_;
};

/// The commands every model offers, in button order (models add their own after these).
std::vector<Command> standard_commands(const char* initialize_tip, const char* step_tip);

/// "Fix first: label (message); …" for the invalid fields, "" when all are valid.
std::string fix_first(const ModelSession& s);

/// Nearest glyph to (x, y) on a plane within `pick` model units, or -1.
int64_t nearest_glyph(const DrawData& d, double x, double y, double pick);

/// A table cell as the views show it: the column's decimals, or its word; "—" for a value not
/// measured (NaN).
std::string format_cell(const Column& c, double v);

/// JSON string literal of any text (control characters escaped).
std::string json_quote(std::string_view s);

}  // namespace bandada
