// Bandada — the WebGL2 front end's main loop: SDL2 window and GL context, ImGui, input
// routing, and the frame that feeds the controller's advance(elapsed). Nothing else moves time.
#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <cmath>
#include <cstdio>

#include "app/share_codec.h"
#include "app_state.h"
#include "browser.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"

namespace {

constexpr const char* kFieldsKey = "bandada.boids3d.fields";
constexpr const char* kSessionKey = "bandada.boids3d.session";
constexpr const char* kFeedbackFieldsKey = "bandada.feedback2d.fields";
constexpr const char* kModelKey = "bandada.model";
constexpr const char* kFlock2dFieldsKey = "bandada.flock2d.fields";

SDL_Window* g_window = nullptr;
double g_last_ms = 0;
bool g_ready = false;
bool g_dragging = false;
float g_press_x = 0, g_press_y = 0, g_last_x = 0, g_last_y = 0;
double g_press_ms = 0;  // when the left button went down (a long press adds an attractor)
bool g_press_shift = false;
bool g_moved = false;
// Steps per second over about one second.
double g_sps_t0 = 0;
uint64_t g_sps_steps0 = 0;

void load_fonts(float dpr) {
  ImGuiIO& io = ImGui::GetIO();
  static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x2000, 0x206F, 0x2190, 0x21FF,
                                   0x2200, 0x22FF, 0x2300, 0x23FF, 0x25A0, 0x25FF, 0};
  ImFontConfig cfg;
  cfg.OversampleH = 2;
  if (!io.Fonts->AddFontFromFileTTF("/fonts/DejaVuSans.ttf", 15.0f * dpr, &cfg, ranges))
    io.Fonts->AddFontDefault();
  io.FontGlobalScale = 1.0f / dpr;
}

void style() {
  ImGui::StyleColorsDark();
  ImGuiStyle& s = ImGui::GetStyle();
  s.WindowRounding = 0;
  s.FrameRounding = 3;
  s.WindowBorderSize = 0;
  s.ItemSpacing = ImVec2(8, 5);
  s.Colors[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.13f, 1.0f);
}

void handle_event(const SDL_Event& e) {
  ImGuiIO& io = ImGui::GetIO();
  web::App& a = web::app();
  switch (e.type) {
    case SDL_MOUSEBUTTONDOWN:
      // NOT A BUG: geometry, not io.WantCaptureMouse, which is last frame's answer and would
      // ignore a click that arrives in the same frame as the move off a panel.
      if (e.button.button == SDL_BUTTON_RIGHT && a.model == web::Model::flock2d &&
          a.view.contains(static_cast<float>(e.button.x), static_cast<float>(e.button.y)))
        web::flock2d_press(static_cast<float>(e.button.x), static_cast<float>(e.button.y), true, false, 0.0);
      if (e.button.button == SDL_BUTTON_LEFT && a.view.contains(static_cast<float>(e.button.x), static_cast<float>(e.button.y))) {
        g_press_ms = emscripten_get_now();
        g_press_shift = (SDL_GetModState() & KMOD_SHIFT) != 0;
        g_dragging = true;
        g_moved = false;
        g_press_x = g_last_x = static_cast<float>(e.button.x);
        g_press_y = g_last_y = static_cast<float>(e.button.y);
      }
      break;
    case SDL_MOUSEMOTION:
      if (g_dragging) {
        float x = static_cast<float>(e.motion.x), y = static_cast<float>(e.motion.y);
        if (std::fabs(x - g_press_x) + std::fabs(y - g_press_y) > 4) g_moved = true;
        if (g_moved && a.model == web::Model::boids3d) a.camera.orbit(x - g_last_x, y - g_last_y);
        g_last_x = x;
        g_last_y = y;
      }
      break;
    case SDL_MOUSEBUTTONUP:
      if (g_dragging && e.button.button == SDL_BUTTON_LEFT) {
        g_dragging = false;
        const float x = static_cast<float>(e.button.x), y = static_cast<float>(e.button.y);
        if (!g_moved && a.model == web::Model::flock2d)
          web::flock2d_press(x, y, false, g_press_shift, emscripten_get_now() - g_press_ms);
        else if (!g_moved && a.model == web::Model::feedback2d) web::feedback_pick(x, y);
        else if (!g_moved && web::view_pick(x, y)) a.scroll_table_to_selection = true;
      }
      break;
    case SDL_KEYDOWN:
      // Shortcuts from the events themselves: ImGui 1.86 samples keys once per frame and would
      // miss a tap that goes down and up within one frame.
      if (a.model != web::Model::boids3d) {
        if (!io.WantTextInput && !(e.key.keysym.mod & (KMOD_CTRL | KMOD_GUI))) {
          if (a.model == web::Model::feedback2d) web::feedback_shortcut_key(e.key.keysym.sym, e.key.repeat != 0);
          else web::flock2d_shortcut_key(e.key.keysym.sym, e.key.repeat != 0);
        }
      } else {
        web::view_shortcut_key(e.key.keysym.sym, e.key.keysym.mod, e.key.repeat != 0, io.WantTextInput);
      }
      break;
    case SDL_MULTIGESTURE:  // two-finger pinch on touch screens
      if (std::fabs(e.mgesture.dDist) > 0.0005f) a.camera.zoom(-e.mgesture.dDist * 2400.0f);
      break;
    default:
      break;
  }
}

void frame() {
  double now = emscripten_get_now();
  double elapsed = (now - g_last_ms) / 1000.0;
  g_last_ms = now;

  SDL_Event e;
  while (!web::app().html_view && SDL_PollEvent(&e)) {
    ImGui_ImplSDL2_ProcessEvent(&e);
    handle_event(e);
  }

  web::App& a = web::app();
  if (a.html_view) return;  // the HTML view's requestAnimationFrame loop drives the app now
  if (a.model == web::Model::feedback2d) a.fb.advance(elapsed, web::kFrameBudgetMs);
  else if (a.model == web::Model::flock2d) a.f2.advance(elapsed, web::kFrameBudgetMs);
  else a.ctl.advance(elapsed, web::kFrameBudgetMs);

  // Steps per second, for the status line.
  uint64_t steps = a.ctl.flock() ? a.ctl.flock()->steps() : 0;
  if (now - g_sps_t0 >= 1000.0 || steps < g_sps_steps0) {
    a.steps_per_second = steps >= g_sps_steps0 ? (steps - g_sps_steps0) * 1000.0 / (now - g_sps_t0) : 0.0;
    g_sps_t0 = now;
    g_sps_steps0 = steps;
  }

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  web::draw_panels(io.DisplaySize.x, io.DisplaySize.y);
  if (a.model == web::Model::feedback2d) web::feedback_view_prepare();
  else if (a.model == web::Model::flock2d) web::flock2d_view_prepare();
  else web::view_prepare();

  int fb_w = 0, fb_h = 0;
  SDL_GL_GetDrawableSize(g_window, &fb_w, &fb_h);
  float scale = io.DisplaySize.x > 0 ? fb_w / io.DisplaySize.x : 1.0f;
  ImGui::Render();
  web::view_draw(fb_w, fb_h, scale);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  SDL_GL_SwapWindow(g_window);

  if (!g_ready) {
    g_ready = true;
    web::mark_ready();
  }
}

}  // namespace

namespace web {

void on_page_hidden() {
  app().ctl.pause_for_hidden_page();
  app().fb.pause_for_hidden_page();
  app().f2.pause_for_hidden_page();
}

void switch_model(Model m) {
  App& a = app();
  if (m == a.model) return;
  a.ctl.pause();  // the model left waits, paused, with its fields, state and selection
  a.fb.pause();
  a.f2.pause();
  a.model = m;
  a.share = ShareState::none;
  storage_set(false, kModelKey, m == Model::feedback2d ? "feedback2d" : m == Model::flock2d ? "flock2d" : "boids3d");
}

void save_flock2d_fields() {
  if (!storage_set(false, kFlock2dFieldsKey, app().f2.saved_fields()) && app().storage_notice.empty())
    app().storage_notice = "This browser refuses storage: your inputs will not survive a reload.";
}

void save_feedback_fields() {
  if (!storage_set(false, kFeedbackFieldsKey, app().fb.saved_fields()) && app().storage_notice.empty())
    app().storage_notice = "This browser refuses storage: your inputs will not survive a reload.";
}

void on_page_hide() {
  App& a = app();
  on_page_hidden();
  save_fields();
  save_feedback_fields();
  save_flock2d_fields();
  std::string record = a.ctl.session_record();
  if (record.empty()) storage_remove(true, kSessionKey);
  else storage_set(true, kSessionKey, record);
}

bool on_wheel(double x, double y, double dy, bool zoom_modifier) {
  App& a = app();
  ImGuiIO& io = ImGui::GetIO();
  bool over_view = a.view.contains(static_cast<float>(x), static_cast<float>(y));
  if (!over_view) {  // over a panel: ImGui scrolls it (ImGui 1.86: positive is up)
    io.MouseWheel -= static_cast<float>(dy / 100.0);
    return true;
  }
  if (zoom_modifier) {  // over the 2-D plane there is nothing to zoom, but no page zoom either
    if (a.model == Model::boids3d) a.camera.zoom(static_cast<float>(dy));
    return true;
  }
  return false;  // a plain wheel over the 3-D view scrolls the page
}

void save_fields() {
  App& a = app();
  if (!storage_set(false, kFieldsKey, a.ctl.saved_fields()) && a.storage_notice.empty())
    a.storage_notice = "This browser refuses storage: your inputs will not survive a reload.";
}

bool open_link_from_address_bar() {
  std::string hash = location_hash();
  if (hash.empty()) return false;
  // Drop the share string so a later reload shows the user's own edits, not the link.
  if (bandada::share_model(hash) == "flock2d") {
    app().f2.open_link(hash);
    save_flock2d_fields();
    switch_model(Model::flock2d);
  } else if (bandada::share_model(hash) == "feedback2d") {
    app().fb.open_link(hash);
    save_feedback_fields();
    switch_model(Model::feedback2d);
  } else {
    app().ctl.open_link(hash);
    save_fields();
    switch_model(Model::boids3d);
  }
  drop_location_hash();
  return true;
}

void load_startup_state() {
  App& a = app();
  std::optional<std::string> saved = storage_get(false, kFieldsKey);
  if (saved) a.ctl.load_saved_fields(*saved);
  if (std::optional<std::string> fb = storage_get(false, kFeedbackFieldsKey)) a.fb.load_saved_fields(*fb);
  if (std::optional<std::string> f2 = storage_get(false, kFlock2dFieldsKey)) a.f2.load_saved_fields(*f2);
  const std::string model = storage_get(false, kModelKey).value_or("");
  if (model == "feedback2d") a.model = Model::feedback2d;
  if (model == "flock2d") a.model = Model::flock2d;
  if (open_link_from_address_bar()) return;
  if (navigation_type() == "back_forward" && a.model == Model::boids3d) {
    if (std::optional<std::string> record = storage_get(true, kSessionKey)) a.ctl.restore_session(*record);
  }
}

}  // namespace web

int main() {
  if (web::html_view_requested()) {  // no WebGL2: the whole app in HTML + SVG, no SDL or GL
    web::install_page_hooks(false);
    web::load_startup_state();
    web::start_html_view("This browser offers no WebGL2, so the flock is shown in the accessible view (HTML + SVG).");
    web::mark_ready();
    return 0;
  }
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  if (SDL_Init(SDL_INIT_VIDEO) != 0) {
    web::fail_page(SDL_GetError());
    return 0;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);  // WebGL2, asked for explicitly
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
  SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, 1);
  SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, 4);
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  g_window = SDL_CreateWindow("Bandada", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED,
                              css_w > 0 ? static_cast<int>(css_w) : 1280, css_h > 0 ? static_cast<int>(css_h) : 720,
                              SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  SDL_GLContext gl = g_window ? SDL_GL_CreateContext(g_window) : nullptr;
  if (!gl) {
    web::install_page_hooks(false);
    web::load_startup_state();
    web::start_html_view("WebGL2 could not be started, so the flock is shown in the accessible view (HTML + SVG).");
    web::mark_ready();
    return 0;
  }
  web::app().has_gl = true;
  SDL_GL_MakeCurrent(g_window, gl);
  SDL_GL_SetSwapInterval(1);
  // SDL would swallow every wheel over the canvas; browser.cpp routes wheels instead.
  SDL_EventState(SDL_MOUSEWHEEL, SDL_IGNORE);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  style();
  load_fonts(static_cast<float>(web::device_pixel_ratio()));
  ImGui_ImplSDL2_InitForOpenGL(g_window, gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  if (!web::view_init()) {
    web::fail_page("The 3-D view's shaders did not compile.");
    return 0;
  }

  web::install_page_hooks(true);
  web::load_startup_state();
  g_last_ms = g_sps_t0 = emscripten_get_now();
  emscripten_set_main_loop(frame, 0, 0);
  return 0;
}
