// Bandada — the web front end's state: one session per registered model, plus what only the
// views need (camera, layout, input, share feedback). One App per page; web/ files share it
// through app(). Nothing here names a model: the registry and the sessions say it all.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/model_session.h"
#include "app/remote_step.h"
#include "common/petrack.h"

namespace web {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(float px, float py) const { return px >= x && py >= y && px < x + w && py < y + h; }
};

struct OrbitCamera {
  float yaw = 0.65f;       ///< radians around +y
  float pitch = 0.42f;     ///< radians above the xz plane
  float distance = 23.0f;  ///< model units from the cube's centre
  void orbit(float dx_px, float dy_px);
  void zoom(float wheel_delta);  ///< positive delta (wheel down) moves away
};

enum class ShareState { none, waiting, copied, refused };

/// The plane's zoom: 1 fits the whole plane; above it, (cx, cy) in plane units (y as on screen)
/// sits at the view's centre.
struct PlaneZoom {
  float zoom = 1, cx = 0, cy = 0;
};

/// A press on the view in progress (mouse or one finger).
struct Press {
  bool down = false, moved = false, shift = false;
  float x0 = 0, y0 = 0, last_x = 0, last_y = 0;
  double t0_ms = 0;
};

/// How a view draws this many glyphs: cones up to kConeLimit, points above it, and a subset
/// (every stride-th, highlighted ones always) while frames are slow. Chosen from N and the
/// measured frame time, and said on screen; the table, picking and exports always use every glyph.
/// And when a frame draws: every frame, except while the model runs long steps (off this thread
/// or in slices on it) on a software renderer, whose drawing takes the cores the step needs, or
/// while a drawn frame costs over kPaceAboveMs, staying on down to 3/4 of it. Then a frame draws
/// only when something changed (a step, an edit, input, another model) and once a second, and
/// on a software renderer the subset grows to start_glyphs at most (the frame time measured
/// here misses the renderer's own threads). A state that becomes current is drawn in that
/// frame, so what the screen shows is what Pause keeps.
struct DrawPlan {
  static constexpr size_t kConeLimit = 20000;
  static constexpr double kPaceAboveMs = 40;
  /// Glyphs a new size starts from: what a GPU draws well within a frame; on a software renderer
  /// (set at start-up) what it draws within ~50 ms, so the first frames after Run hold the page
  /// no longer than the later ones.
  size_t start_glyphs = kConeLimit / 4;
  static constexpr size_t kSoftwareStartGlyphs = 1600;
  bool software = false;  ///< the renderer is slow (set at start-up with start_glyphs)
  /// A probe frame slower than this (ms, 4× multisampled, the page's size) means a renderer
  /// that draws on the CPU: GPUs draw it in well under a millisecond.
  static constexpr double kSlowProbeMs = 3.0;
  bool cones = true;
  size_t stride = 1;
  double frame_ms = 16;   ///< what a drawn frame costs, to the next frame (exponential mean)
  double changed_ms = 0;  ///< when the stride last changed
  size_t last_count = 0;
  bool drew = false;    ///< the last frame drew
  double drawn_at = 0;  ///< when the last drawn frame began
  bool paced = false;   ///< frames draw only when something changed
  std::string note;     ///< what the screen says; empty when everything is drawn as usual
  /// At a frame's start: the cost of the frame before, when it drew.
  void measure(double now_ms);
  /// Whether this frame draws (long_steps: the current model runs steps longer than a frame's share;
  /// changed: anything on screen would differ from the last drawn frame; quiet: nothing moves on
  /// the page, so it draws only on a change and once a second, as a paced frame does).
  bool due(double now_ms, bool long_steps, bool changed, bool quiet);
  /// This frame draws after all: its panels moved a widget (a row came or went).
  void force(double now_ms) {
    drew = true;
    drawn_at = now_ms;
  }
  /// Before drawing this many glyphs: cones or points, the stride, the note.
  void update(size_t count, bool cube, double now_ms);
};

struct App {
  std::vector<std::unique_ptr<bandada::ModelSession>> sessions;  ///< one per registered model
  /// Without threads, each session's Web Worker for long steps (browser.h's step_worker).
  std::vector<std::unique_ptr<bandada::RemoteStepper>> step_workers;
  std::vector<uint64_t> saved_revision;  ///< per session: the revision last written to storage
  size_t current = 0;                    ///< the model on screen; the others wait, paused
  bandada::DrawData draw;                ///< this frame's draw data of the current session
  OrbitCamera camera;
  PlaneZoom plane_zoom;
  Rect view;                 ///< the model's view, CSS pixels
  std::vector<Rect> panels;  ///< this frame's fixed windows: cleared, not filled
  /// What this frame's panels laid out: named widgets and visible table rows. The test hooks,
  /// touch typing and the canvas's gesture handlers read the copies of the frame on screen
  /// (shown_layout), which a frame's layout becomes when it is drawn.
  std::vector<std::pair<std::string, Rect>> ui;
  std::vector<std::pair<uint32_t, Rect>> rows;
  std::vector<std::string> disabled;  ///< buttons drawn disabled (they say why on hover)
  std::vector<std::string> clipped;   ///< combos whose text is cut (note_combo)
  struct Layout {
    std::vector<std::pair<std::string, Rect>> ui;
    std::vector<std::string> disabled, clipped;
    std::vector<std::pair<uint32_t, Rect>> rows;
    std::vector<Rect> text_rects;
    uint64_t signature = 0;  ///< where the widgets lie (names, x, y, heights; not text widths)
  } shown_layout;
  uint64_t last_signature = 0;  ///< the layout signature of the frame before, drawn or not
  bool layout_moved = false;    ///< the last frame laid out otherwise than the one before it
  bool held_input = false;      ///< the last frame held its pointer events: the one before had moved
  bool scroll_table_to_selection = false;
  bool stacked = false;           ///< the narrow layout: the view over a tabbed panel
  float panel_scroll = 0;         ///< how far a panel is scrolled (test hook)
  std::string table_group = "S";  ///< the column group the table shows ("all" for every one)
  bool drop_text_focus = false;   ///< a link filled the fields: end any edit in progress
  std::vector<Rect> text_rects;   ///< every text input laid out this frame (note_text_rect)
  /// A press landed outside every text input: a field being typed in lets go. ImGui says so
  /// (io.WantTextInput) only two frames later, and shortcuts pressed meanwhile must still act.
  bool left_text = false;
  /// Escape was pressed with a popup open (a combo's list): the next frame closes the popups, and
  /// the key does nothing else (its shortcut waits for a key press with no popup open).
  bool close_popups = false;
  bool hint_fits = true;  ///< the hint line's box holds its whole text (a test hook)
  double probe_ms = 0;    ///< the renderer's probe frame at start-up (browser.h), ms
  std::string share_url;
  ShareState share = ShareState::none;
  std::string state_message;     ///< what the last Save state / Open state did ("" before any)
  bool state_message_ok = true;  ///< … and whether it worked
  int state_events = 0;          ///< how many times a state was saved or opened (a test hook)
  /// Per session: the name of the file it opened ("" for none), for the share row's note.
  std::vector<std::string> opened_file;
  /// Trajectories opened to watch (a PeTrack file: ours, or an experiment's) over the plane,
  /// at `t` seconds from their first frame: the run's time while `follow` holds, else the slider's.
  struct Playback {
    std::shared_ptr<const bandada::Trajectories> data;  ///< null: none open
    std::string name;
    double t = 0;
    bool follow = true;    ///< t is the run's time (the model's step × its frame)
    bool playing = false;  ///< t moves at wall time on its own
  } playback;
  /// Per session: its writes_file option's text as the run goes (Save trajectories), or null.
  std::vector<std::unique_ptr<bandada::KeptText>> recordings;
  std::string storage_notice;  ///< set once when the browser refuses storage
  double steps_per_second = 0;
  double sps_t0 = 0;
  uint64_t sps_steps0 = 0;
  Press press;
  bool touch_scroll = false;  ///< a finger went down over a panel: its drag scrolls
  DrawPlan plan;
  /// What the last drawn frame showed: the model, its step and its revision.
  struct Shown {
    size_t session = static_cast<size_t>(-1);
    uint64_t steps = 0, revision = 0;
    bool operator==(const Shown& o) const {
      return session == o.session && steps == o.steps && revision == o.revision;
    }
  } shown;
  uint64_t frames = 0, drawn_frames = 0;  ///< frames run, and those that drew (test hooks)
  double last_frame_ms = 0;
  double input_ms = -1e9;  ///< when the last input event came (a quiet page draws only on change)
  bool ready = false;
  // A picture and a clip of the view (web/browser.h): taken after a frame is drawn, from its pixels.
  bool picture_wanted = false;  ///< Save picture was pressed: the next frame draws and is saved
  bool recording = false;       ///< Record clip: every drawn frame goes to the clip
  double clip_t0_ms = 0;        ///< when the clip started
  uint64_t clip_step0 = 0;      ///< the step it started at
  std::string clip_note;        ///< why there is no clip, or how the last one ended
  static constexpr double kClipMaxSeconds = 60;
  bool html_view = false;    ///< the HTML + SVG view drives the app (JavaScript calls advance)
  bool has_gl = false;       ///< a WebGL2 context exists, so the WebGL view can come back
  bool coarse = false;       ///< a touch device: larger targets
  unsigned threads = 1;      ///< threads a step uses (the threaded build on an isolated page: every core)
  std::string threads_note;  ///< "threads: 4", or "threads: 1 — " and why (host, browser)
  bool pause_live_for_sweep = true;
  bool sweep_tab = false;  ///< the desktop's Sweep tab is open (its window grows)  ///< a sweep pauses the
                           ///< live run (else it keeps running)

  bandada::ModelSession& session() { return *sessions[current]; }
};

/// One frame of work for either view (milliseconds of estimated compute).
constexpr double kFrameBudgetMs = 12.0;
/// What Save trajectories keeps of a run at most (the recording stops there and says so).
constexpr size_t kRecordingBudget = 200u * 1000u * 1000u;

App& app();

// Events from the page (browser.cpp calls these).
void on_page_hidden();
void on_page_hide();
bool on_wheel(double x, double y, double dy, bool zoom_modifier);

/// The one place inputs reach localStorage: every session whose revision moved is saved.
void persist();
/// Runs the Sweep tab's definition on the current model (pausing the live run first if the user
/// asked for that); false with the reason in the sweep's error().
bool start_page_sweep(double now_ms);
/// Starts the Optimise tab's optimisation (pausing the live run first when asked, as a sweep does).
bool start_page_optimize(double now_ms);
/// Save picture: the next drawn frame's view, as a PNG with a caption (model, step, fingerprint).
void page_save_picture();
/// Record clip / Stop clip: the view's drawn frames as a video (WebM, or MP4 where that is all the
/// browser records), at most kClipMaxSeconds; the file is named after the model and its steps.
void page_toggle_clip();
/// Called after every drawn frame: saves the picture asked for, feeds the clip, stops it at its limit.
void page_after_frame(float framebuffer_scale);
/// The current session's whole state as a state file (run/state_file.h); "" when it has none.
std::string page_save_state();
/// The file name Save state offers: bandada-<model>-step<N>.state.
std::string page_state_file_name();
/// Opens a state file: switches to its model and continues from it, paused; or says why not and
/// changes nothing. Either way the panel's state line says what happened. True when it opened.
bool page_open_state(const std::string& text);
/// The option through which a model opens files in the page (CliOption::page_accept), or null.
const bandada::CliOption* page_file_option(const bandada::ModelSession& s);
/// Opens files picked or dropped together (name, text): one state file continues a state (as
/// page_open_state); otherwise they are a model's file (a scenario, or its config.json and
/// geometry.wkt) for the current model, or else the first that opens files. A file that does not
/// open changes nothing, and the panel's state line says why. True when it opened.
bool page_open_files(const std::vector<std::pair<std::string, std::string>>& files);
/// Opens a PeTrack trajectory file to watch over the plane (App::playback), or says why not and
/// changes nothing. True when it opened.
bool page_open_trajectories(const std::string& name, const std::string& text);
/// Moves the playback's time on by a frame's wall time (Play), or to the run's (follow).
void advance_playback(double elapsed_seconds);
/// The current session's share string, with the sweep's definition (`&sweep=…`) once it has one.
std::string page_share_string();
/// The page's address with the share string as its fragment: what Copy share link copies.
std::string page_share_url();
/// Opens the share string in the address bar's fragment, if any: fills the fields (the old
/// text stays one click away), saves them and drops the fragment. False when there is none.
bool open_link_from_address_bar();
/// Reads the startup inputs: a shared link, else saved text, else defaults; and the state
/// kept for a back/forward navigation.
void load_startup_state();
/// Shows another model; the one left pauses and keeps its fields, state and selection.
void switch_model(size_t index);
/// One frame of time and work for the current session (both views call it).
void advance_current(double elapsed_seconds);
/// Runs a command of the current session by id ("model:<id>" switches model).
bandada::CommandResult run_command(const std::string& id);
/// The command bound to a key ("space", "escape", a letter, "mod+z"); false when none.
bool key_command(const std::string& key);

/// Remembers a widget's rect under a name for the tests (call right after the widget).
void note_rect(const char* name);
/// note_rect for a closed combo, and whether its text fits beside its arrow: the names of those
/// whose text is cut are the layout's `clipped` (a test reads them).
void note_combo(const char* name, const std::string& preview);
/// The width a combo needs to show `text` whole beside its arrow.
float combo_width(const std::string& text);
/// Where this frame's widgets lie, as one number: their names, x, y and heights, and the fixed
/// windows (text widths, which change with every readout, are left out).
uint64_t layout_signature();
/// This frame is drawn: its layout (whose layout_signature() is `signature`) becomes the one on
/// screen.
void show_layout(uint64_t signature);
/// The last item is a text input: a press outside every such rect ends typing at once.
void note_text_rect();

// panel.cpp
void draw_panels(float width, float height);
/// Whether a busy model's progress is known: not while it runs (its steps, computed off the
/// page's thread, report none), and the bar then shows none.
bool progress_known(const bandada::ModelSession& s);
/// The busy bar's label ("Computing step 40%", or without a figure when unknown); "" when idle.
std::string progress_label(const bandada::ModelSession& s);
// sweep_panel.cpp: the Sweep tab
void sweep_contents(bandada::ModelSession& s);
void optimize_contents(bandada::ModelSession& s);
/// The Experiments tab (web/experiments_panel.cpp).
void experiments_contents(bandada::ModelSession& s);
// view3d.cpp (a cube) and view2d.cpp (a plane)
bool view3d_init();
void view3d_overlays();
void view3d_draw(int fb_width, int fb_height, float css_to_fb);
bool view3d_pick(float x, float y);
void view2d_draw();
/// Over a view with nothing built yet (no Initialize since the page or the model opened): a line at
/// its top saying how to start, named "view-hint" in the frame on screen.
void view_hint();
/// Zooms the plane by `factor` about the CSS px point (x, y) (a pinch); 1 … 20 times.
void view2d_zoom(float factor, float x, float y);
/// A two-finger pinch over the view: the cube's camera or the plane zooms; a press in progress
/// is no longer a tap.
void on_pinch(float factor, float x, float y);
/// CSS px in the view → model coordinates of the plane; false outside the view.
bool view2d_to_model(float x, float y, double& mx, double& my, double& px_per_unit);

}  // namespace web
