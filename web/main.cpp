// Bandada — the WebGL2 front end's main loop: SDL2 window and GL context, ImGui, input
// routing, and the frame that feeds the controller's advance(elapsed). Nothing else moves time.
#include <GLES3/gl3.h>
#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app_state.h"
#include "browser.h"
#include "experiments.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "imgui_internal.h"  // ClosePopupToLevel, OpenPopupStack: Escape closes a combo
#include "models/all_models.h"
#include "optimize.h"
#include "sweep.h"

namespace {

SDL_Window* g_window = nullptr;  // the one window; the app itself lives in web::App
std::vector<SDL_Event> g_later;  // events held for the next frame (events_this_frame)
/// The modifiers as of the last key event handled, in order. NOT A BUG: not SDL_GetModState(),
/// which is the state now, after every event still queued: a chord that ends within a frame
/// (Ctrl+A, a Shift+click) would be read without its modifier.
SDL_Keymod g_mods = KMOD_NONE;

/// ImGui's SDL2 backend (1.86) reads the modifiers from SDL_GetModState(): set them from the
/// event it has just handled instead.
void modifiers_from(const SDL_Event& e) {
  if (e.type != SDL_KEYDOWN && e.type != SDL_KEYUP) return;
  g_mods = static_cast<SDL_Keymod>(e.key.keysym.mod);
  ImGuiIO& io = ImGui::GetIO();
  io.KeyShift = (g_mods & KMOD_SHIFT) != 0;
  io.KeyCtrl = (g_mods & KMOD_CTRL) != 0;
  io.KeyAlt = (g_mods & KMOD_ALT) != 0;
  io.KeySuper = (g_mods & KMOD_GUI) != 0;
}

/// ImGui 1.86 reads a key as held or not once per frame, so a key pressed and released between
/// two frames (a quick tap while frames are slow) never reaches a field: Enter, Backspace lost.
/// The release of a key pressed in this frame waits for the next frame, with every event after it
/// (order kept). Returns this frame's events; `later` gets the rest, to be read first next frame.
std::vector<SDL_Event> events_this_frame(std::vector<SDL_Event>& later) {
  std::vector<SDL_Event> events;
  events.swap(later);
  SDL_Event e;
  while (SDL_PollEvent(&e)) events.push_back(e);
  std::vector<SDL_Scancode> pressed;
  for (size_t i = 0; i < events.size(); ++i) {
    const SDL_Event& ev = events[i];
    if (ev.type == SDL_KEYDOWN) pressed.push_back(ev.key.keysym.scancode);
    if (ev.type == SDL_KEYUP) {
      for (SDL_Scancode s : pressed) {
        if (s != ev.key.keysym.scancode) continue;
        later.assign(events.begin() + static_cast<std::ptrdiff_t>(i), events.end());
        events.resize(i);
        return events;
      }
    }
  }
  return events;
}

/// Moves the first pointer event (a button, motion, the wheel, a finger) and every event after it
/// from `events` to the front of `later`, for the next frame.
void hold_pointer_events(std::vector<SDL_Event>& events, std::vector<SDL_Event>& later) {
  for (size_t i = 0; i < events.size(); ++i) {
    const Uint32 t = events[i].type;
    const bool pointer = t == SDL_MOUSEBUTTONDOWN || t == SDL_MOUSEBUTTONUP || t == SDL_MOUSEMOTION ||
                         t == SDL_MOUSEWHEEL || t == SDL_FINGERDOWN || t == SDL_FINGERUP ||
                         t == SDL_FINGERMOTION;
    if (!pointer) continue;
    later.insert(later.begin(), events.begin() + static_cast<std::ptrdiff_t>(i), events.end());
    events.resize(i);
    return;
  }
}

/// Touch first where the device is touch: a larger font and frames at least 44 CSS px tall.
void load_fonts(float dpr, bool coarse) {
  ImGuiIO& io = ImGui::GetIO();
  // The glyph ranges of the atlas; web/web.cmake cuts the embedded font to the same list.
  static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x2000, 0x206F, 0x2190, 0x21FF,
                                   0x2200, 0x22FF, 0x2300, 0x23FF, 0x25A0, 0x25FF, 0};
  ImFontConfig cfg;
  cfg.OversampleH = 2;
  if (!io.Fonts->AddFontFromFileTTF("/fonts/DejaVuSans.ttf", (coarse ? 18.0f : 15.0f) * dpr, &cfg, ranges))
    io.Fonts->AddFontDefault();
  io.FontGlobalScale = 1.0f / dpr;
}

void style(bool coarse) {
  ImGui::StyleColorsDark();
  ImGuiStyle& s = ImGui::GetStyle();
  s.WindowRounding = 0;
  s.FrameRounding = 3;
  s.WindowBorderSize = 0;
  s.ItemSpacing = ImVec2(8, 5);
  if (coarse) {  // fingers: every frame (buttons, fields, tabs, boxes) at least 44 CSS px tall
    s.FramePadding = ImVec2(12, 13);
    s.ItemSpacing = ImVec2(10, 8);
    s.ScrollbarSize = 20;
    s.GrabMinSize = 28;
  }
  s.Colors[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.13f, 1.0f);
}

/// The fixed windows' backgrounds: a scissored clear each, in the style's window colour.
void clear_panels(int fb_height, float css_to_fb) {
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, bg.w);
  glEnable(GL_SCISSOR_TEST);
  for (const web::Rect& r : web::app().panels) {
    const GLint x = static_cast<GLint>(std::floor(r.x * css_to_fb));
    const GLint y = static_cast<GLint>(std::floor(fb_height - (r.y + r.h) * css_to_fb));
    glScissor(x, y, static_cast<GLsizei>(std::ceil((r.x + r.w) * css_to_fb)) - x,
              static_cast<GLsizei>(std::ceil(fb_height - r.y * css_to_fb)) - y);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  glDisable(GL_SCISSOR_TEST);
}

/// The keymap's name of an SDL key: a lower-case letter, "space", "escape"; "mod+" with Ctrl/⌘.
std::string key_name(const SDL_Keysym& k) {
  std::string name;
  if (k.sym >= SDLK_a && k.sym <= SDLK_z)
    name = std::string(1, static_cast<char>(k.sym));
  else if (k.sym == SDLK_SPACE)
    name = "space";
  else if (k.sym == SDLK_ESCAPE)
    name = "escape";
  else
    return {};
  return (k.mod & (KMOD_CTRL | KMOD_GUI)) ? "mod+" + name : name;
}

/// The session's current tool draws by dragging (circle, wall).
bool drag_tool() {
  const auto& tools = web::app().session().tools();
  const int t = web::app().session().tool();
  return t >= 0 && static_cast<size_t>(t) < tools.size() && tools[t].drag;
}

/// A press on the plane in CSS px: by the session's tool, or its second meanings.
void press_plane(float x, float y, bool right, bool shift, double held_ms) {
  double mx = 0, my = 0, px_per_unit = 1;
  if (!web::view2d_to_model(x, y, mx, my, px_per_unit)) return;
  web::app().session().press(mx, my, right || held_ms >= 500.0, shift, 15.0 / px_per_unit);
  web::persist();
}

void handle_event(const SDL_Event& e) {
  ImGuiIO& io = ImGui::GetIO();
  web::App& a = web::app();
  web::Press& p = a.press;
  const bool cube = a.draw.space == bandada::Space::cube;
  switch (e.type) {
    case SDL_MOUSEBUTTONDOWN: {
      // NOT A BUG: geometry, not io.WantCaptureMouse, which is last frame's answer and would
      // ignore a click that arrives in the same frame as the move off a panel.
      const float x = static_cast<float>(e.button.x), y = static_cast<float>(e.button.y);
      a.left_text = std::none_of(a.shown_layout.text_rects.begin(), a.shown_layout.text_rects.end(),
                                 [&](const web::Rect& r) { return r.contains(x, y); });
      if (!a.view.contains(x, y)) break;
      if (e.button.button == SDL_BUTTON_RIGHT && !cube) press_plane(x, y, true, false, 0.0);
      if (e.button.button == SDL_BUTTON_LEFT)
        p = {true, false, (g_mods & KMOD_SHIFT) != 0, x, y, x, y, emscripten_get_now()};
      break;
    }
    case SDL_MOUSEMOTION:
      if (p.down) {
        const float x = static_cast<float>(e.motion.x), y = static_cast<float>(e.motion.y);
        if (std::fabs(x - p.x0) + std::fabs(y - p.y0) > 4) p.moved = true;
        if (p.moved && cube) a.camera.orbit(x - p.last_x, y - p.last_y);
        p.last_x = x;
        p.last_y = y;
      }
      break;
    case SDL_MOUSEBUTTONUP:
      if (p.down && e.button.button == SDL_BUTTON_LEFT) {
        p.down = false;
        const float x = static_cast<float>(e.button.x), y = static_cast<float>(e.button.y);
        if (!cube && drag_tool()) {  // circle, wall: from the press to the release
          double x0, y0, x1, y1, s;
          if (web::view2d_to_model(p.x0, p.y0, x0, y0, s) && web::view2d_to_model(x, y, x1, y1, s)) {
            if (p.moved)
              a.session().drag(x0, y0, x1, y1);
            else
              press_plane(x, y, false, p.shift, 0.0);
            web::persist();
          }
          break;
        }
        if (p.moved) break;
        if (!cube)
          press_plane(x, y, false, p.shift, emscripten_get_now() - p.t0_ms);
        else if (web::view3d_pick(x, y))
          a.scroll_table_to_selection = true;
      }
      break;
    case SDL_KEYDOWN: {
      // Shortcuts from the events themselves: ImGui 1.86 samples keys once per frame and would
      // miss a tap that goes down and up within one frame. Never while a field has the keyboard.
      if (io.WantTextInput && !a.left_text) break;
      const std::string key = key_name(e.key.keysym);
      if (key.empty()) break;
      if (e.key.repeat && (key == "space" || key == "i" || key.rfind("mod+", 0) == 0)) break;
      if (key == "escape" && ImGui::GetCurrentContext()->OpenPopupStack.Size > 0) {  // a combo's list
        a.close_popups = true;
        break;
      }
      web::key_command(key);
      break;
    }
    case SDL_FINGERDOWN: {  // a one-finger drag over a panel scrolls it
      const ImVec2 d = io.DisplaySize;
      a.touch_scroll = !a.view.contains(e.tfinger.x * d.x, e.tfinger.y * d.y);
      break;
    }
    case SDL_FINGERMOTION:
      if (a.touch_scroll && SDL_GetNumTouchFingers(e.tfinger.touchId) == 1) {
        // ImGui 1.86 scrolls 5 lines a wheel notch: the content follows the finger.
        io.MouseWheel += e.tfinger.dy * io.DisplaySize.y / (5.0f * ImGui::GetFontSize());
      }
      break;
    case SDL_FINGERUP:
      a.touch_scroll = false;
      break;
    default:
      break;
  }
}

/// The model's draw data for this frame, and the frame plan told what it drew.
void draw_model(const web::App::Shown& shown, double now) {
  web::App& a = web::app();
  ++a.drawn_frames;
  a.shown = shown;
  a.session().draw(a.draw);
  a.plan.update(a.draw.count, a.draw.space == bandada::Space::cube, now);
}

/// This frame's input, handed to ImGui and the app (some held for the next frame); whether any came.
bool take_input(double now) {
  web::App& a = web::app();
  bool input = false;
  if (!ImGui::GetIO().WantTextInput) a.left_text = false;  // ImGui has caught up
  // The frame before moved a widget (a row came or went): it was drawn, and a pointer event that
  // arrived since waits for the next frame (with everything after it, order kept), so a click
  // lands on the layout the screen shows, not on one that is still settling (ImGui lays a change
  // out over two frames, a scrollbar's for one). Keys and text go on: typing that moves the
  // layout (a field's message comes or goes) must not lose a character. Once only: input never
  // waits two frames running.
  const bool hold = a.layout_moved && !a.held_input;
  a.held_input = hold;
  if (!a.html_view) {
    std::vector<SDL_Event> events = events_this_frame(g_later);
    if (hold) hold_pointer_events(events, g_later);
    for (SDL_Event& e : events) {
      // After a press outside every text input, what is typed is no longer the field's: ImGui
      // would still give it the characters until it lets go (S ran Step and typed "s" too).
      if (!(e.type == SDL_TEXTINPUT && a.left_text)) ImGui_ImplSDL2_ProcessEvent(&e);
      modifiers_from(e);
      handle_event(e);
      input = true;
      // A hand's input (not the window's own events: shown, resized, focused) keeps every frame
      // drawn for a second after it: hover, tooltips, a drag.
      if (e.type == SDL_MOUSEMOTION || e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP ||
          e.type == SDL_MOUSEWHEEL || e.type == SDL_KEYDOWN || e.type == SDL_KEYUP ||
          e.type == SDL_TEXTINPUT || e.type == SDL_TEXTEDITING || e.type == SDL_FINGERDOWN ||
          e.type == SDL_FINGERUP || e.type == SDL_FINGERMOTION)
        a.input_ms = now;
      if (a.html_view) break;
    }
  }
  return input;
}

/// The frame on screen: the view's overlays, ImGui's lists, the cube, the swap, then a picture or a
/// clip's frame from what was drawn.
void draw_frame() {
  web::App& a = web::app();
  const ImGuiIO& io = ImGui::GetIO();
  if (a.draw.space == bandada::Space::cube)
    web::view3d_overlays();
  else
    web::view2d_draw();
  web::view_hint();

  int fb_w = 0, fb_h = 0;
  SDL_GL_GetDrawableSize(g_window, &fb_w, &fb_h);
  const float scale = io.DisplaySize.x > 0 ? fb_w / io.DisplaySize.x : 1.0f;
  ImGui::Render();
  web::view3d_draw(fb_w, fb_h, scale);
  clear_panels(fb_h, scale);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  SDL_GL_SwapWindow(g_window);
  web::page_after_frame(scale);  // a picture or a clip's frame, from what was just drawn
}

void frame() {
  web::App& a = web::app();
  const double now = emscripten_get_now();
  const double elapsed = (now - a.last_frame_ms) / 1000.0;
  a.last_frame_ms = now;

  const bool input = take_input(now);
  if (a.html_view) return;  // the HTML view's requestAnimationFrame loop drives the app now
  a.plan.measure(now);
  web::advance_current(elapsed);

  // Steps per second, for the status line.
  const uint64_t steps = a.session().steps();
  if (now - a.sps_t0 >= 1000.0 || steps < a.sps_steps0) {
    a.steps_per_second = steps >= a.sps_steps0 ? (steps - a.sps_steps0) * 1000.0 / (now - a.sps_t0) : 0.0;
    a.sps_t0 = now;
    a.sps_steps0 = steps;
  }

  // A frame that does not draw still runs the panels (input, commands), then draws nothing.
  // A quiet page (paused, no input for a second, no field being typed in, no sweep,
  // optimisation, card or clip under way) draws only when something changes, and once a
  // second: drawing the same frame again is most of a paused page's work on a software
  // renderer, and it held the page's thread in long tasks while nothing moved.
  const web::App::Shown now_shown{a.current, a.session().steps(), a.session().revision()};
  const bool quiet = a.session().status() != bandada::RunStatus::running && now - a.input_ms >= 1000.0 &&
                     !ImGui::GetIO().WantTextInput && !a.recording && !web::page_experiments().busy() &&
                     web::page_sweep().status() != web::PageSweep::Status::running &&
                     web::page_optimize().status() != web::PageOptimize::Status::running;
  bool draw =
      a.plan.due(now, a.session().long_steps(), input || !(now_shown == a.shown) || a.picture_wanted, quiet);
  ++a.frames;
  if (draw) draw_model(now_shown, now);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  if (a.close_popups) {  // Escape closes an open combo's list (ImGui 1.86 does only with keyboard nav)
    if (ImGui::GetCurrentContext()->OpenPopupStack.Size > 0) ImGui::ClosePopupToLevel(0, false);
    a.close_popups = false;
  }
  ImGuiIO& io = ImGui::GetIO();
  web::draw_panels(io.DisplaySize.x, io.DisplaySize.y);
  // Whenever the panels lay out otherwise than the frame on screen, this frame is drawn: the
  // screen, the test hooks and the next click then agree on where every widget is.
  const uint64_t layout = web::layout_signature();
  a.layout_moved = layout != a.last_signature;
  a.last_signature = layout;
  if (!draw && layout != a.shown_layout.signature) {
    draw = true;
    a.plan.force(now);
    draw_model(now_shown, now);
  }
  if (!draw) {
    ImGui::EndFrame();
    return;
  }
  web::show_layout(layout);
  draw_frame();

  if (!a.ready) {
    a.ready = true;
    web::mark_ready();
  }
}

}  // namespace

namespace web {

void on_pinch(float factor, float x, float y) {
  App& a = app();
  if (!(factor > 0) || !a.view.contains(x, y)) return;
  a.press.moved = true;  // two fingers: not a tap, not a long press
  if (a.draw.space == bandada::Space::cube)
    a.camera.zoom(-std::log(factor) / 0.0015f);
  else
    view2d_zoom(factor, x, y);
}

bool on_wheel(double x, double y, double dy, bool zoom_modifier) {
  App& a = app();
  ImGuiIO& io = ImGui::GetIO();
  if (!a.view.contains(static_cast<float>(x), static_cast<float>(y))) {  // over a panel: ImGui scrolls it
    io.MouseWheel -= static_cast<float>(dy / 100.0);                     // ImGui 1.86: positive is up
    return true;
  }
  if (zoom_modifier) {  // Ctrl/⌘ + wheel, or a trackpad pinch: zoom the view, never the page
    if (a.draw.space == bandada::Space::cube)
      a.camera.zoom(static_cast<float>(dy));
    else
      view2d_zoom(std::exp(static_cast<float>(-dy) * 0.0015f), static_cast<float>(x), static_cast<float>(y));
    return true;
  }
  return false;  // a plain wheel over the view scrolls the page
}

}  // namespace web

/// Without WebGL2 the whole app runs in HTML + SVG, no SDL or GL; `why` is said on the page.
int start_without_webgl(const char* why) {
  web::install_page_hooks(false);
  web::load_startup_state();
  web::start_html_view(why);
  web::mark_ready();
  return 0;
}

int main() {
  bandada::add_all_models();
  if (web::html_view_requested())
    return start_without_webgl(
        "This browser offers no WebGL2, so the model is shown in the accessible view "
        "(HTML + SVG).");
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
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  // 4× multisampling, except where drawing is slow: WebGL on the CPU pays a third of every frame
  // for it. A renderer that names itself software (SwiftShader, llvmpipe) is slow; any other is
  // measured (a probe frame of the page's size), since some engines mask the name (WebKit says
  // "Apple GPU"). The probe's frames, read back, held a software page's start for a quarter of a
  // second under Lighthouse's throttling, so a named one is not probed.
  web::App& app = web::app();
  const bool named_software = web::software_webgl();
  app.probe_ms = named_software ? 0 : web::probe_frame_ms(static_cast<int>(css_w), static_cast<int>(css_h));
  const bool software = named_software || app.probe_ms > web::DrawPlan::kSlowProbeMs;
  SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, software ? 0 : 1);
  SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, software ? 0 : 4);
  app.plan.software = software;
  if (software) app.plan.start_glyphs = web::DrawPlan::kSoftwareStartGlyphs;
  g_window =
      SDL_CreateWindow("Bandada", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED,
                       css_w > 0 ? static_cast<int>(css_w) : 1280, css_h > 0 ? static_cast<int>(css_h) : 720,
                       SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  SDL_GLContext gl = g_window ? SDL_GL_CreateContext(g_window) : nullptr;
  if (!gl)
    return start_without_webgl(
        "WebGL2 could not be started, so the model is shown in the accessible view "
        "(HTML + SVG).");
  web::app().has_gl = true;
  SDL_GL_MakeCurrent(g_window, gl);
  SDL_GL_SetSwapInterval(1);
  // SDL would swallow every wheel over the canvas; browser.cpp routes wheels instead.
  SDL_EventState(SDL_MOUSEWHEEL, SDL_IGNORE);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  const bool coarse = web::coarse_pointer();
  web::app().coarse = coarse;
  style(coarse);
  load_fonts(static_cast<float>(web::device_pixel_ratio()), coarse);
  ImGui_ImplSDL2_InitForOpenGL(g_window, gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  if (!web::view3d_init()) {
    web::fail_page("The 3-D view's shaders did not compile.");
    return 0;
  }

  web::install_page_hooks(true);
  web::load_startup_state();
  web::app().last_frame_ms = web::app().sps_t0 = emscripten_get_now();
  emscripten_set_main_loop(frame, 0, 0);
  return 0;
}
