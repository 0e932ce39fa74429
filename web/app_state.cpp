// Bandada — the one App of the page: its sessions (one per registered model), persistence in
// one place, links, model switching, the keymap and the page's lifecycle events.
#include "app_state.h"

#include <emscripten.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "app/registry.h"
#include "app/remote_step.h"
#include "app/share_codec.h"
#include "browser.h"
#include "common/number_text.h"
#include "common/parallel.h"
#include "optimize.h"
#include "run/state_file.h"
#include "sweep.h"

namespace web {
namespace {

constexpr const char* kModelKey = "bandada.model";
constexpr unsigned kPagePool = 16;  // the threaded build's workers at most (web/web.cmake)

/// Why the page steps on one thread, said beside "threads: 1" (nothing more on a one-core device,
/// where the threaded build runs one thread).
std::string one_thread_reason() {
  if (!cross_origin_isolated()) return " — host is not cross-origin isolated";
  if (!shared_memory()) return " — this browser offers no SharedArrayBuffer";
  return "";
}

std::string key_of(const bandada::ModelSession& s, const char* what) {
  return std::string("bandada.") + s.info().id + "." + what;
}

/// Keeps a session's opened file for a reload, as it would run now (what was typed folded in);
/// a file left (a preset room chosen) is forgotten, so a reload does not open it again.
void keep_opened_file(size_t i) {
  App& a = app();
  if (i >= a.opened_file.size() || a.opened_file[i].empty()) return;
  const std::string text = a.sessions[i]->export_file();
  if (text.empty()) {
    a.opened_file[i].clear();
    storage_remove(false, key_of(*a.sessions[i], "file"));
    return;
  }
  storage_set(false, key_of(*a.sessions[i], "file"), a.opened_file[i] + "\n" + text);
}

}  // namespace

App& app() {
  static App instance = [] {
    App a;
    for (const bandada::ModelEntry& e : bandada::models()) a.sessions.push_back(e.make());
    a.saved_revision.assign(a.sessions.size(), 0);
    // The threaded build (loaded only on a cross-origin-isolated page) steps on every core, up
    // to its pool of workers; the other build on one. Either gives the same bits.
    a.threads = std::min(bandada::hardware_threads(), kPagePool);
    for (auto& s : a.sessions) {
      // Where the build has threads, long steps go off this thread; else to a Web Worker of their own.
      bandada::ModelSession::StepPlace place{a.threads, true, nullptr};
      if (!bandada::BackgroundJob::available()) {
        a.step_workers.push_back(step_worker(static_cast<int>(a.step_workers.size())));
        place.remote = a.step_workers.back().get();
      }
      s->place_steps(place);
      // A file the model writes as the run goes (trajectories) is kept in memory for Save.
      a.recordings.emplace_back();
      for (const bandada::CliOption& o : s->cli_options()) {
        if (!o.writes_file || a.recordings.back()) continue;
        auto kept = std::make_unique<bandada::KeptText>(kRecordingBudget);
        bandada::KeptText* to = kept.get();
        s->attach_output(o.name, [to](std::string_view piece) { to->add(piece); });
        a.recordings.back() = std::move(kept);
        s->cli_option(o.name, "");
      }
    }
    a.threads_note = "threads: " + std::to_string(a.threads);
    if (a.threads == 1) a.threads_note += one_thread_reason();
    return a;
  }();
  return instance;
}

void DrawPlan::measure(double now_ms) {
  const double frame = now_ms - drawn_at;
  if (drew && frame > 0 && frame < 5000)
    frame_ms = 0.7 * frame_ms + 0.3 * frame;  // a hidden tab's gap is no measure
}

bool DrawPlan::due(double now_ms, bool long_steps, bool changed, bool quiet) {
  // Hysteresis: once on, pacing stays on until frames cost well under the threshold.
  paced = long_steps && (software || frame_ms > (paced ? 0.75 : 1.0) * kPaceAboveMs);
  drew = !(paced || quiet) || changed || now_ms - drawn_at >= 1000.0;
  if (drew) drawn_at = now_ms;
  return drew;
}

void DrawPlan::update(size_t count, bool cube, double now_ms) {
  cones = cube && count <= kConeLimit;
  if (count != last_count) {  // a new size: start from what usually fits, then follow the frame time
    // A software renderer takes seconds over 100 000 points: start from a subset it draws
    // quickly; a fast renderer halves the stride back to 1 within seconds.
    size_t start = 1;
    while (count / start > start_glyphs) start *= 2;
    stride = start;
    last_count = count;
    changed_ms = now_ms;  // held until the frame time is this size's, not the size before's
  }
  if (count <= 2000) {
    stride = 1;
  } else if (now_ms - changed_ms >= 400) {
    // A frame should never hold the page for 100 ms: draw half as many above 70 ms, and twice as
    // many again only well below it (35 ms), since the frame's fixed part stays.
    if (frame_ms > 70 && count / stride > 1000) {
      stride *= 2;
      changed_ms = now_ms;
    } else if (frame_ms < 35 && stride > 1 && !(software && paced && count / (stride / 2) > start_glyphs)) {
      stride /= 2;
      changed_ms = now_ms;
    }
  }
  const std::string n = std::to_string(count);
  if (stride > 1)
    note = "Drawing 1 in " + std::to_string(stride) + " of " + n + (cube ? " boids as points" : " glyphs") +
           ": frames are slow here. The table, picking and exports use them all.";
  else if (cube && !cones)
    note = "Drawing " + n + " boids as points (cones up to " + std::to_string(kConeLimit) + ").";
  else
    note.clear();
  if (paced) {
    char b[160];
    std::snprintf(b, sizeof b,
                  "%sDrawn only when something changes: a frame takes %.0f ms to draw here, time the "
                  "step needs.",
                  note.empty() ? "" : " ", frame_ms);
    note += b;
  }
}

void persist() {
  App& a = app();
  for (size_t i = 0; i < a.sessions.size(); ++i) {
    if (a.sessions[i]->revision() == a.saved_revision[i]) continue;
    a.saved_revision[i] = a.sessions[i]->revision();
    if (!storage_set(false, key_of(*a.sessions[i], "fields"), a.sessions[i]->saved_text()) &&
        a.storage_notice.empty())
      a.storage_notice = "This browser refuses storage: your inputs will not survive a reload.";
    keep_opened_file(i);
  }
}

void switch_model(size_t index) {
  App& a = app();
  if (index >= a.sessions.size() || index == a.current) return;
  a.session().command("pause");  // the model left waits, paused, with its fields, state and selection
  a.current = index;
  a.share = ShareState::none;
  storage_set(false, kModelKey, a.session().info().id);
}

void page_save_picture() { app().picture_wanted = true; }

void page_toggle_clip() {
  App& a = app();
  if (a.recording) {
    a.recording = false;
    const bandada::ModelSession& s = a.session();
    clip_stop("bandada-" + std::string(s.info().id) + "-steps" + std::to_string(a.clip_step0) + "-" +
              std::to_string(s.steps()));
    a.clip_note =
        "Clip saved: steps " + std::to_string(a.clip_step0) + " to " + std::to_string(s.steps()) + ".";
    return;
  }
  a.clip_note.clear();
  a.recording = true;  // starts after the next drawn frame, at its size (page_after_frame)
  a.clip_t0_ms = -1;
}

void page_after_frame(float scale) {
  App& a = app();
  const int x = static_cast<int>(a.view.x * scale + 0.5f), y = static_cast<int>(a.view.y * scale + 0.5f);
  const int w = static_cast<int>(a.view.w * scale + 0.5f), h = static_cast<int>(a.view.h * scale + 0.5f);
  if (w <= 0 || h <= 0) return;
  const bandada::ModelSession& s = a.session();
  if (a.picture_wanted) {
    a.picture_wanted = false;
    const std::string fp =
        s.status() == bandada::RunStatus::none ? "none" : bandada::fingerprint_hex(s.fingerprint());
    save_canvas_picture(x, y, w, h,
                        "Bandada · " + std::string(s.info().title) + " · step " + std::to_string(s.steps()) +
                            " · fingerprint " + fp,
                        "bandada-" + std::string(s.info().id) + "-step" + std::to_string(s.steps()) + ".png");
  }
  if (!a.recording) return;
  const double now = emscripten_get_now();
  if (a.clip_t0_ms < 0) {
    const std::string why = clip_start(w & ~1, h & ~1);  // even sizes: what video encoders take
    if (!why.empty()) {
      a.recording = false;
      a.clip_note = why;
      return;
    }
    a.clip_t0_ms = now;
    a.clip_step0 = s.steps();
  }
  clip_frame(x, y, w, h);
  if (now - a.clip_t0_ms >= App::kClipMaxSeconds * 1000.0) {
    page_toggle_clip();
    a.clip_note +=
        " It stopped at the " + std::to_string(static_cast<int>(App::kClipMaxSeconds)) + " s limit.";
  }
}

std::string page_save_state() {
  App& a = app();
  const std::string text = bandada::write_state_file(a.session());
  a.state_message = text.empty() ? "Nothing to save: Initialize first."
                                 : "Saved step " + std::to_string(a.session().steps()) + ", fingerprint " +
                                       bandada::fingerprint_hex(a.session().fingerprint()) + ".";
  a.state_message_ok = !text.empty();
  ++a.state_events;
  return text;
}

std::string page_state_file_name() {
  const bandada::ModelSession& s = app().session();
  return "bandada-" + std::string(s.info().id) + "-step" + std::to_string(s.steps()) + ".state";
}

bool page_open_state(const std::string& text) {
  App& a = app();
  ++a.state_events;
  bandada::StateFile file;
  std::string why = bandada::read_state_file(text, file);
  std::unique_ptr<bandada::ModelSession> checked;
  if (why.empty()) checked = bandada::session_from_state(file, why);  // validated whole, off to the side
  size_t target = a.sessions.size();
  for (size_t i = 0; checked && i < a.sessions.size(); ++i)
    if (a.sessions[i]->info().id == file.model) target = i;
  if (checked && target == a.sessions.size()) why = "this page has no model called " + file.model;
  if (!why.empty()) {
    a.state_message = "Not opened (nothing changed): " + why + ".";
    a.state_message_ok = false;
    return false;
  }
  bandada::ModelSession& s = *a.sessions[target];
  s.command("pause");
  s.load_saved(file.fields);
  s.load_state_bytes(file.bytes);  // the same bytes the check above read: it cannot fail now
  const bool matches = bandada::fingerprint_hex(s.fingerprint()) == file.fingerprint;
  switch_model(target);
  a.drop_text_focus = true;
  a.state_message = "Continues from step " + std::to_string(s.steps()) + ", fingerprint " + file.fingerprint +
                    (matches ? " (matches)." : " — does NOT match the state read; please report this file.");
  a.state_message_ok = matches;
  persist();
  return matches;
}

const bandada::CliOption* page_file_option(const bandada::ModelSession& s) {
  for (const bandada::CliOption& o : s.cli_options())
    if (o.page_accept) return &o;
  return nullptr;
}

namespace {

bool ends_with(const std::string& s, const char* tail) {
  const size_t n = std::char_traits<char>::length(tail);
  return s.size() >= n && s.compare(s.size() - n, n, tail) == 0;
}

/// What a model's file holds, for the model: one file's text, or a scenario's two files packed
/// by role (the .wkt as geometry.wkt, the other as config.json).
std::string model_file_text(const std::vector<std::pair<std::string, std::string>>& files) {
  if (files.size() == 1) return files[0].second;
  std::vector<std::string> parts;
  for (const auto& [name, text] : files) {
    parts.push_back(ends_with(name, ".wkt") ? "geometry.wkt" : "config.json");
    parts.push_back(text);
  }
  return bandada::pack_list(parts);
}

/// A PeTrack file: not a state file by name or by its first word, and named .txt or beginning
/// with a '#' header or a row.
bool looks_like_trajectories(const std::string& name, const std::string& text) {
  const size_t lead = text.find_first_not_of(" \t\r\n");
  if (ends_with(name, ".state") ||
      (lead != std::string::npos && text.compare(lead, 13, "bandada-state") == 0))
    return false;
  const unsigned char c = lead == std::string::npos ? 0 : static_cast<unsigned char>(text[lead]);
  return ends_with(name, ".txt") || c == '#' || std::isdigit(c);
}

}  // namespace

bool page_open_trajectories(const std::string& name, const std::string& text) {
  App& a = app();
  ++a.state_events;
  auto t = std::make_shared<bandada::Trajectories>();
  const std::string why = bandada::read_petrack(text, *t);
  if (!why.empty()) {
    a.state_message = "Not opened (nothing changed): " + name + " as trajectories: " + why + ".";
    a.state_message_ok = false;
    return false;
  }
  std::string assumed;
  for (const std::string& w : t->assumed) assumed += (assumed.empty() ? "" : " and ") + w;
  a.state_message = "Opened " + name + ": " + std::to_string(t->people) + " people over " +
                    bandada::format_fixed(t->duration(), 2) + " s, drawn as rings over the plane" +
                    (assumed.empty() ? "" : " (assumed, as the file does not say: " + assumed + ")") + ".";
  a.state_message_ok = true;
  a.playback = App::Playback{std::move(t), name, 0, true, false};
  if (a.draw.space != bandada::Space::plane)  // drawn over a plane: the first model that records people
    for (size_t i = 0; i < a.recordings.size(); ++i)
      if (a.recordings[i]) {
        switch_model(i);
        break;
      }
  advance_playback(0);
  return true;
}

void advance_playback(double elapsed_seconds) {
  App::Playback& p = app().playback;
  if (!p.data) return;
  if (p.follow) p.t = app().draw.time;
  if (p.playing) p.t += elapsed_seconds;
  if (p.t >= p.data->duration()) {
    p.t = std::fmin(p.t, p.data->duration());
    p.playing = false;
  }
  p.t = std::fmax(0.0, p.t);
}

bool page_open_files(const std::vector<std::pair<std::string, std::string>>& files) {
  App& a = app();
  if (files.empty()) return false;
  const std::string& first = files[0].second;
  const size_t lead = first.find_first_not_of(" \t\r\n");
  const bool json_like = lead != std::string::npos && first[lead] == '{';
  const std::string& name = files[0].first;
  if (files.size() == 1 && looks_like_trajectories(name, first)) return page_open_trajectories(name, first);
  // One file not named or written as a model's file is a state file (its reader says why not).
  if (files.size() == 1 && !ends_with(name, ".json") && !ends_with(name, ".wkt") &&
      (ends_with(name, ".state") || !json_like))
    return page_open_state(first);
  ++a.state_events;
  size_t target = a.sessions.size();
  if (page_file_option(a.session())) target = a.current;
  for (size_t i = 0; target == a.sessions.size() && i < a.sessions.size(); ++i)
    if (page_file_option(*a.sessions[i])) target = i;
  std::string names;
  for (const auto& f : files) names += (names.empty() ? "" : " and ") + f.first;
  if (target == a.sessions.size()) {
    a.state_message = "Not opened (nothing changed): no model here opens " + names + ".";
    a.state_message_ok = false;
    return false;
  }
  bandada::ModelSession& s = *a.sessions[target];
  const bandada::CliOption& o = *page_file_option(s);
  s.command("pause");
  const std::string notice_before = s.notice();
  const std::string why = s.cli_option(o.name, model_file_text(files));
  if (!why.empty()) {
    const std::string prefix = "--" + std::string(o.name) + ": ";
    a.state_message = "Not opened (nothing changed): " + names + ": " +
                      (why.rfind(prefix, 0) == 0 ? why.substr(prefix.size()) : why) + ".";
    a.state_message_ok = false;
    return false;
  }
  const std::string said = s.notice() != notice_before ? s.notice() : "";  // what does not carry over
  if (s.status() == bandada::RunStatus::none) s.command("initialize");     // the file's room shows at once
  switch_model(target);
  a.drop_text_focus = true;
  if (a.opened_file.size() < a.sessions.size()) a.opened_file.resize(a.sessions.size());
  a.opened_file[target] = files.size() == 1 ? files[0].first : names;
  a.state_message = "Opened " + names + ": the room is the file's, paused at its start." +
                    (said.empty() ? "" : " " + said + ".");
  a.state_message_ok = true;
  keep_opened_file(target);
  persist();
  return true;
}

void advance_current(double elapsed_seconds) {
  app().session().advance(elapsed_seconds, kFrameBudgetMs);
  advance_playback(elapsed_seconds);
  persist();
}

bandada::CommandResult run_command(const std::string& id) {
  App& a = app();
  if (id.rfind("model:", 0) == 0) {
    for (size_t i = 0; i < a.sessions.size(); ++i)
      if (id.substr(6) == a.sessions[i]->info().id) {
        switch_model(i);
        return {};
      }
    return {false, "No such model."};
  }
  bandada::CommandResult r = a.session().command(id);
  persist();
  return r;
}

bool key_command(const std::string& key) {
  for (const bandada::Command& c : app().session().commands())
    if (c.key && key == c.key) {
      run_command(c.id);
      return true;
    }
  return false;
}

void on_page_hidden() {
  for (auto& s : app().sessions) s->pause_for_hidden_page();
}

void on_page_hide() {
  on_page_hidden();
  persist();
  for (auto& s : app().sessions) {
    const std::string record = s->session_record();
    if (record.empty())
      storage_remove(true, key_of(*s, "session"));
    else
      storage_set(true, key_of(*s, "session"), record);
  }
}

bool start_page_sweep(double now_ms) {
  App& a = app();
  bandada::ModelSession& s = a.session();
  if (a.pause_live_for_sweep) s.command("pause");
  return page_sweep().start(s, s.status() == bandada::RunStatus::running, now_ms);
}

bool start_page_optimize(double now_ms) {
  App& a = app();
  bandada::ModelSession& s = a.session();
  if (a.pause_live_for_sweep) s.command("pause");
  return page_optimize().start(s, s.status() == bandada::RunStatus::running, now_ms);
}

std::string page_share_url() { return page_url() + "#" + page_share_string(); }

std::string page_share_string() {
  bandada::ModelSession& s = app().session();
  std::string share = s.share_string();
  if (page_sweep().in_link && page_sweep().model() == s.info().id)
    share += "&sweep=" + page_sweep().link_text(s);
  if (page_optimize().in_link && page_optimize().model() == s.info().id)
    share += "&opt=" + page_optimize().link_text(s);
  return share;
}

bool open_link_from_address_bar() {
  App& a = app();
  std::string hash = location_hash();
  if (hash.empty()) return false;
  std::string sweep, opt, rest;  // the sweep's and the optimisation's definitions are the page's
  for (size_t from = 0; from <= hash.size();) {
    size_t end = hash.find('&', from);
    if (end == std::string::npos) end = hash.size();
    const std::string pair = hash.substr(from, end - from);
    if (pair.rfind("sweep=", 0) == 0)
      sweep = pair.substr(6);
    else if (pair.rfind("opt=", 0) == 0)
      opt = pair.substr(4);
    else
      rest += (rest.empty() ? "" : "&") + pair;
    from = end + 1;
  }
  hash = rest;
  const std::string_view model = bandada::share_model(hash);
  size_t target = 0;  // a link that names no known model is refused by the first model's reader
  for (size_t i = 0; i < a.sessions.size(); ++i)
    if (model == a.sessions[i]->info().id) target = i;
  a.sessions[target]->open_link(hash);
  a.drop_text_focus = true;
  switch_model(target);
  if (!sweep.empty()) {
    if (page_sweep().open_link_text(a.session(), sweep))
      page_sweep().in_link = true;
    else
      page_sweep().note_bad_link();
  }
  if (!opt.empty() && !page_optimize().open_link_text(a.session(), opt)) page_optimize().note_bad_link();
  persist();
  // Drop the share string so a later reload shows the user's own edits, not the link.
  drop_location_hash();
  return true;
}

void load_startup_state() {
  App& a = app();
  a.opened_file.assign(a.sessions.size(), "");
  for (size_t i = 0; i < a.sessions.size(); ++i) {
    bandada::ModelSession& s = *a.sessions[i];
    // A file opened before the reload comes back first (as it ran, what was typed folded in),
    // then the fields saved beside it.
    const std::optional<std::string> kept = storage_get(false, key_of(s, "file"));
    const size_t cut = kept ? kept->find('\n') : std::string::npos;
    const bandada::CliOption* o = page_file_option(s);
    if (o && cut != std::string::npos) {
      const std::string why = s.cli_option(o->name, kept->substr(cut + 1));
      if (why.empty())
        a.opened_file[i] = kept->substr(0, cut);
      else  // said, not dropped silently (the file itself is the user's, untouched)
        a.state_message = "The " + std::string(o->name) + " " + kept->substr(0, cut) +
                          " opened before this reload does not open now: " + why + ".";
      a.state_message_ok = why.empty();
    }
    if (std::optional<std::string> saved = storage_get(false, key_of(s, "fields"))) s.load_saved(*saved);
  }
  for (size_t i = 0; i < a.sessions.size(); ++i) a.saved_revision[i] = a.sessions[i]->revision();
  const std::string model = storage_get(false, kModelKey).value_or("");
  for (size_t i = 0; i < a.sessions.size(); ++i)
    if (model == a.sessions[i]->info().id) a.current = i;
  if (open_link_from_address_bar()) return;
  if (navigation_type() == "back_forward") {
    if (std::optional<std::string> record = storage_get(true, key_of(a.session(), "session")))
      a.session().restore_session(*record);
  }
}

}  // namespace web
