// Bandada — browser glue: every browser fact enters and leaves through here (storage, URL,
// visibility, page lifecycle, clipboard, downloads). Storage that throws never breaks the app.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/remote_step.h"

namespace web {

/// localStorage / sessionStorage; nullopt when missing or when the browser refuses.
std::optional<std::string> storage_get(bool session, const std::string& key);
/// False when the browser refuses (SecurityError, QuotaExceededError, …).
bool storage_set(bool session, const std::string& key, const std::string& value);
void storage_remove(bool session, const std::string& key);

/// The address bar's fragment without '#'; "" when none.
std::string location_hash();
/// Drops the fragment from the address bar without a navigation (history.replaceState).
void drop_location_hash();
/// The page's own URL without fragment: where share links point.
std::string page_url();
/// "navigate", "reload", "back_forward" or "prerender".
std::string navigation_type();

/// Asks the clipboard to take the text; the answer comes back through clipboard_answer().
void clipboard_write(const std::string& text);
/// 1 copied, 0 refused, -1 still waiting.
int clipboard_answer();

/// The framebuffer's region (x, y, w, h in device pixels, y down) as a PNG download named `name`,
/// with `caption` on a strip below it.
void save_canvas_picture(int x, int y, int w, int h, const std::string& caption, const std::string& name);
/// Starts recording a w × h clip; "" or why the browser cannot.
std::string clip_start(int w, int h);
/// One drawn frame's region into the clip.
void clip_frame(int x, int y, int w, int h);
/// Ends the clip and downloads it as `name` plus the extension of what the browser recorded.
void clip_stop(const std::string& name);
/// Asks for a state file with the browser's file picker; what is picked goes to Module.openState.
void pick_state_file();
/// Offers the text as a file download.
void download(const std::string& filename, const std::string& mime, const std::string& text);

/// Installs visibilitychange / pagehide / hashchange listeners, and with a canvas its wheel policy.
void install_page_hooks(bool canvas);

/// The page asked for the HTML view before start-up (no WebGL2).
bool html_view_requested();
/// Hands the page to the HTML + SVG view (web/html_view.js), with a one-line reason.
void start_html_view(const char* reason);

/// The page header's view switches (shell.html: Save picture, Record clip, Accessible view): the
/// clip's button and mark say whether it records and for how long (`seconds` < 0: not yet), and
/// `note` why there is no clip. Sent to the page only when something changed.
void view_bar(bool recording, double seconds, double max_seconds, const std::string& note);

/// Tells the page (tests, shell) that the app has drawn its first frame.
void mark_ready();
/// Replaces the page's canvas area with a message (WebGL2 or the app could not start).
void fail_page(const char* why);

double device_pixel_ratio();
/// The primary pointer is coarse (a finger): CSS `(pointer: coarse)`.
bool coarse_pointer();
/// The page may share memory with workers (COOP/COEP headers): the threaded build can run.
bool cross_origin_isolated();
/// The browser offers SharedArrayBuffer (WebKitGTK, for one, does not even to an isolated page).
bool shared_memory();
/// What a drawn frame of width × height CSS px costs this renderer with 4× multisampling (a probe
/// in a throwaway context), in ms; 0 where it cannot be measured.
double probe_frame_ms(int width, int height);
/// A Web Worker with its own instance of the engine (web/step_worker.js), made on first use, that
/// computes the steps of session `id` where this build has no threads.
std::unique_ptr<bandada::RemoteStepper> step_worker(int id);
/// WebGL here is rasterized on the CPU (SwiftShader, llvmpipe): every pixel costs CPU time.
bool software_webgl();

}  // namespace web
