// Bandada — the WebGL front end's state: the controller plus what only this view needs
// (camera, layout, share feedback). One App per page; web/ files share it through app().
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "models/boids3d/boids3d_controller.h"
#include "models/feedback2d/feedback2d_controller.h"
#include "models/flock2d/flock2d_controller.h"

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

enum class Model { boids3d, feedback2d, flock2d };

/// What a left click on the 2-D flock's plane does.
enum class Flock2dTool { predator, select, leader };

struct Flock2dDisplay {
  Flock2dTool tool = Flock2dTool::predator;
  bool vectors = false, trails = false, grid = false, markers = true, circles = true;
  int colour = 0;  ///< 0 plain, 1 by speed, 2 by neighbour count
};

struct App {
  Model model = Model::boids3d;         ///< the model on screen; the other one waits, paused
  bandada::Boids3dController ctl;
  bandada::Feedback2dController fb;
  bandada::Flock2dController f2;
  Flock2dDisplay f2d;
  OrbitCamera camera;
  Rect view;                                       ///< the 3-D view, CSS pixels
  std::vector<std::pair<std::string, Rect>> ui;    ///< named widgets (test hooks)
  std::vector<std::pair<uint32_t, Rect>> rows;     ///< visible table rows (test hooks)
  bool scroll_table_to_selection = false;
  std::string share_url;
  ShareState share = ShareState::none;
  std::string storage_notice;  ///< set once when the browser refuses storage
  double steps_per_second = 0;
  std::vector<uint32_t> selected_neighbours;  ///< of the selected boid, for highlighting
  bool html_view = false;  ///< the HTML + SVG view drives the app (JavaScript calls advance)
  bool has_gl = false;     ///< a WebGL2 context exists, so the 3-D view can come back
};

/// One frame of work for the HTML view (the same advance the WebGL frame calls).
constexpr double kFrameBudgetMs = 12.0;

App& app();

// Events from the page (browser.cpp calls these).
void on_page_hidden();
void on_page_hide();
bool on_wheel(double x, double y, double dy, bool zoom_modifier);

/// Saves the field text to localStorage; a refusal is noted once, quietly.
void save_fields();
/// Opens the share string in the address bar's fragment, if any: fills the fields (the old
/// text stays one click away), saves them and drops the fragment. False when there is none.
bool open_link_from_address_bar();
/// Reads the startup inputs: a shared link, else saved text, else defaults; and the flock
/// kept for a back/forward navigation.
void load_startup_state();

/// Remembers a widget's rect under a name for the tests (call right after the widget).
void note_rect(const char* name);

/// Shows the other model; the one left pauses and keeps its fields, state and selection.
void switch_model(Model m);
void save_feedback_fields();

// panel_flock2d.cpp: the 2-D flock's panels, plane view and mouse/touch interaction
void save_flock2d_fields();
void draw_flock2d_panels(float left, float width, float height);
void flock2d_view_prepare();
/// A finished press on the plane (CSS px): left click by tool, Shift+click removes the nearest
/// marker, a press held 500 ms or a right click adds an attractor.
void flock2d_press(float x, float y, bool right, bool shift, double held_ms);
/// The same in plane units (the SVG view): boids within pick_radius can be selected.
void flock2d_press_plane(double px, double py, bool right, bool shift, double held_ms, double pick_radius);
void flock2d_shortcut_key(int sym, bool repeat);

// panel_feedback.cpp: the feedback engine's panels, 2-D view and picking
void draw_feedback_panels(float left, float width, float height);
void feedback_view_prepare();
bool feedback_pick(float x, float y);
/// Space run/pause · S step (one cycle) · P advance one phase · I initialize · Esc stop following.
void feedback_shortcut_key(int sym, bool repeat);
/// The model selector at the top of the left panel.
void model_selector();

// panel.cpp / view3d.cpp
void draw_panels(float width, float height);
bool view_init();
/// Sets this frame's camera and adds the overlays (cube, ring, radius) to ImGui's background
/// list; call after draw_panels and before ImGui::Render.
void view_prepare();
void view_draw(int fb_width, int fb_height, float css_to_fb);
/// Selects the boid drawn nearest the point (CSS px), within a few pixels; false if none.
bool view_pick(float x, float y);
/// Space run/pause · S step · I initialize · Ctrl/⌘+Z undo · Esc clear selection.
void view_shortcut_key(int sym, int mod, bool repeat, bool typing);

}  // namespace web
