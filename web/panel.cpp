// Bandada — the ImGui panels of the WebGL front end, drawn from the model seam for whichever
// model is on screen: model, fields, choices, commands with reasons, tools and display options,
// readouts, link check, share, export, help (left); the table and the plots (right). Everything
// they do goes through the session; this file only draws it and forwards clicks.
#include <emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "app/registry.h"
#include "app/share_codec.h"
#include "app_state.h"
#include "browser.h"
#include "common/number_text.h"  // ClearActiveID: ImGui 1.86 has no public way to end an edit
#include "imgui.h"
#include "imgui_internal.h"
#include "optimize.h"
#include "palette.h"
#include "sweep.h"
#include "widgets.h"

namespace web {
namespace {

using bandada::RunStatus;

constexpr float kLeftWidth = 340.0f;
constexpr float kStackBelow = 1100.0f;  // CSS px: narrower screens stack the view over a tabbed panel

const ImVec4 kRed(1.0f, 0.45f, 0.42f, 1.0f);
const ImVec4 kYellow(1.0f, 0.82f, 0.35f, 1.0f);
const ImVec4 kGreen(0.45f, 0.9f, 0.55f, 1.0f);
const ImVec4 kDim(0.65f, 0.68f, 0.74f, 1.0f);
const ImVec4 kOrange(1.0f, 0.55f, 0.25f, 1.0f);
const ImVec4 kBlue(0.45f, 0.75f, 1.0f, 1.0f);
/// Where fields start after their labels: ten characters of the current font.
float label_width() { return ImGui::GetFontSize() * 10.0f; }

/// Fixed windows draw no background of their own: the frame clears their rectangles to it
/// (app().panels), which a software renderer does many times faster than it fills a quad.
constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                    ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoBackground;

void model_selector() {
  App& a = app();
  ImGui::SetNextItemWidth(-1);  // the whole row: model titles are long
  if (ImGui::BeginCombo("##model", a.session().info().title)) {
    for (size_t i = 0; i < a.sessions.size(); ++i) {
      if (ImGui::Selectable(a.sessions[i]->info().title, i == a.current)) switch_model(i);
      note_rect((std::string("model:") + a.sessions[i]->info().id).c_str());
    }
    ImGui::EndCombo();
  }
  note_combo("model", a.session().info().title);
  ImGui::Separator();
}

/// A slider under a live real-valued field, like NetLogo's: dragging writes its value as the
/// field's text (4 significant digits); typing moves the slider. The typed text stays as typed.
void slider_row(bandada::ModelSession& s, size_t i, bool beside) {
  const bandada::FieldInfo& f = s.field(i);
  const bandada::RealParse p = bandada::parse_real_text(s.text(i));
  float v = static_cast<float>(p.ok ? std::fmin(f.max, std::fmax(f.min, p.value)) : f.min);
  if (beside) ImGui::SameLine();  // beside the field's text (below its message when it has one)
  ImGui::SetNextItemWidth(-1);
  if (!p.ok) ImGui::BeginDisabled();
  const std::string id = std::string("##slider:") + f.key;
  if (ImGui::SliderFloat(id.c_str(), &v, static_cast<float>(f.min), static_cast<float>(f.max), "")) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", v);
    s.edit(i, text);
  }
  if (!p.ok) ImGui::EndDisabled();
  note_rect((std::string("slider:") + f.key).c_str());
}

void fields_section(bandada::ModelSession& s) {
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(kDim, "%s", s.info().fields_note);
  ImGui::PopTextWrapPos();
  const char* group = nullptr;  // the header the fields are under, and whether it is open
  bool open = true;
  auto same = [](const char* a, const char* b) { return a == b || (a && b && std::strcmp(a, b) == 0); };
  for (size_t i = 0; i < s.field_count(); ++i) {
    const char* g = s.field(i).group;
    if (!same(g, group)) {
      group = g;
      open = true;
      if (g) {  // a folded group, opened by itself while one of its fields is refused
        bool refused = false;
        for (size_t j = i; j < s.field_count() && same(s.field(j).group, g); ++j)
          refused = refused || !s.error(j).empty();
        if (refused) ImGui::SetNextItemOpen(true);
        open = ImGui::CollapsingHeader(g);
        note_rect((std::string("group:") + g).c_str());
      }
    }
    if (!open) continue;
    std::string edited;
    // A live real field shares its row with its slider: a short field, then the slider.
    const bool slider = s.info().sliders && !s.field(i).integer;
    const FieldEvent ev = text_field_row(s.field(i), s.text(i), s.error(i), "field:", label_width(), edited,
                                         slider ? ImGui::GetFontSize() * 4.5f : -1.0f);
    if (ev.changed) s.edit(i, edited);
    if (ev.committed) s.commit(i);
    if (slider) slider_row(s, i, s.error(i).empty());
  }
  for (size_t k = 0; k < s.choices().size(); ++k) {
    const bandada::Choice& c = s.choices()[k];
    const int at = s.chosen(k);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(c.label);
    // Beside its label when its text fits there, else on a row of its own (a room's long name).
    const std::string shown = s.choice_shown(k);
    if (ImGui::GetContentRegionAvail().x - label_width() >= combo_width(shown))
      ImGui::SameLine(label_width());
    ImGui::SetNextItemWidth(-1);
    const std::string id = std::string("##choice:") + c.key;
    if (ImGui::BeginCombo(id.c_str(), shown.c_str())) {
      for (size_t v = 0; v < c.names.size(); ++v) {
        if (ImGui::Selectable(c.names[v].c_str(), static_cast<int>(v) == at))
          s.choose(k, static_cast<int>(v));
        note_rect((std::string("choice:") + c.key + ":" + c.names[v]).c_str());
      }
      ImGui::EndCombo();
    }
    note_combo((std::string("choice:") + c.key).c_str(), shown);
  }
}

/// Lays widgets out in rows: the next one stays on this line when it fits.
class Flow {
 public:
  /// `stable`: the row's room as if the window had its scrollbar, so that placing this widget
  /// never adds or removes the scrollbar that would move it back (a row flipping every frame).
  void next(float width, bool stable = false) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float spacing = st.ItemSpacing.x;
    const float room = stable ? ImGui::GetWindowWidth() - st.WindowPadding.x * 2 - st.ScrollbarSize
                              : ImGui::GetContentRegionAvail().x;
    if (used_ > 0 && used_ + width <= room)
      ImGui::SameLine();
    else
      used_ = 0;
    used_ += width + spacing;
  }
  /// A button, radio or checkbox with this label: its frame plus the text.
  void next_labelled(const char* label, bool with_box) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float box = with_box ? ImGui::GetFrameHeight() + st.ItemInnerSpacing.x : st.FramePadding.x * 2;
    next(ImGui::CalcTextSize(label).x + box);
  }

 private:
  float used_ = 0;
};

void commands_section(bandada::ModelSession& s) {
  Flow flow;
  for (const bandada::Command& c : s.commands()) {
    if (!c.label) continue;
    const std::string why = s.why_not(c.id);
    if (c.only_when_available && !why.empty()) continue;
    flow.next_labelled(c.label, false);
    if (reason_button(c.label, why, c.tip)) run_command(c.id);
  }
  if (!s.speeds()) return;
  // How fast a run goes: real time, or faster (the same steps, more of them a frame, the view
  // drawn between); "max" is as many as a frame's budget holds, for a run to its end.
  static constexpr std::pair<int, const char*> kSpeeds[] = {
      {1, "x1"}, {4, "x4"}, {16, "x16"}, {1000, "max"}};  // short: it shares the run buttons' row
  const char* now = "x1";
  for (const auto& [k, name] : kSpeeds)
    if (k == s.speed()) now = name;
  const float w = std::max(combo_width("x16"), combo_width("max"));
  flow.next(w, true);
  ImGui::SetNextItemWidth(w);
  if (ImGui::BeginCombo("##speed", now)) {
    for (const auto& [k, name] : kSpeeds) {
      if (ImGui::Selectable(name, k == s.speed())) s.set_speed(k);
      note_rect((std::string("speed:") + name).c_str());
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    set_hint(
        "Speed of Run: x1 is real time (a step per 0.04 s), x4 and x16 are 4 and 16 times faster, max is as "
        "fast as this machine goes (the view drawn between steps); the steps are the same at every speed.");
  note_combo("speed", now);
}

/// The busy model's progress bar (under the panel's body, beside the hint line).
void progress_row(bandada::ModelSession& s) {
  if (!s.busy()) return;
  const float done = progress_known(s) ? static_cast<float>(s.progress().fraction) : 0.0f;
  ImGui::ProgressBar(done, ImVec2(-1, 0), progress_label(s).c_str());
}

/// What a click on the plane does, and what the view shows (under the fields).
void tools_section(bandada::ModelSession& s) {
  if (s.tools().size() > 1) {
    Flow tools;
    tools.next(ImGui::CalcTextSize("Click:").x);
    ImGui::TextUnformatted("Click:");
    for (size_t t = 0; t < s.tools().size(); ++t) {
      tools.next_labelled(s.tools()[t].label, true);
      if (ImGui::RadioButton(s.tools()[t].label, s.tool() == static_cast<int>(t)))
        s.set_tool(static_cast<int>(t));
      note_rect((std::string("tool:") + s.tools()[t].id).c_str());
    }
  }
  Flow displays;
  for (size_t k = 0; k < s.display_options().size(); ++k) {
    bool on = s.display(k);
    displays.next_labelled(s.display_options()[k].label, true);
    if (ImGui::Checkbox(s.display_options()[k].label, &on)) s.set_display(k, on);
  }
}

ImVec4 tone(int t) {
  switch (t) {
    case 1:
      return kGreen;
    case 2:
      return kYellow;
    case 3:
      return kRed;
    case 4:  // the selection: the palette's colour for it, as the views draw it
      return ImGui::ColorConvertU32ToFloat4(imgui_colour(bandada::kSelected));
    default:
      return ImVec4(0.92f, 0.93f, 0.95f, 1.0f);
  }
}

void status_section(bandada::ModelSession& s) {
  App& a = app();
  ImGui::Separator();
  const RunStatus st = s.status();
  ImGui::PushTextWrapPos(0);
  if (st == RunStatus::stale)
    ImGui::TextColored(kYellow, "Parameters changed — Initialize to apply");
  else if (st == RunStatus::none)
    ImGui::TextColored(kDim, "Nothing yet — Initialize to build it");
  else
    ImGui::TextColored(st == RunStatus::running ? kGreen : kDim, "%s · %.1f %ss/s",
                       st == RunStatus::running ? "Running" : "Paused", a.steps_per_second,
                       s.info().step_word);
  note_rect("status");
  ImGui::TextColored(kDim, "%s", a.threads_note.c_str());
  note_rect("threads");
  if (!a.plan.note.empty()) {  // what the view leaves out, or why it draws less often
    ImGui::TextColored(kDim, "%s", a.plan.note.c_str());
    note_rect("draw-note");
  }
  Flow flow;  // several short readouts to a line; a long one (a note) wraps on its own
  for (const bandada::Readout& r : s.readouts()) {
    const std::string text = r.label.empty() ? r.value : r.label + " " + r.value;
    const float w = ImGui::CalcTextSize(text.c_str()).x + ImGui::GetStyle().ItemSpacing.x;
    if (w < ImGui::GetContentRegionAvail().x) {
      flow.next(w);
      ImGui::TextColored(r.label.empty() ? kDim : tone(r.tone), "%s", text.c_str());
    } else {
      flow.next(1e9f);  // a line of its own
      ImGui::TextColored(r.label.empty() ? kDim : tone(r.tone), "%s", text.c_str());
      flow.next(1e9f);
    }
  }
  const bandada::ModelSession::Report report = s.report();
  const bandada::LinkCheck& lc = report.link;
  if (lc.kind != bandada::LinkCheck::Kind::none) {
    const ImVec4 col = lc.kind == bandada::LinkCheck::Kind::identical ? kGreen
                       : lc.kind == bandada::LinkCheck::Kind::differs ? kRed
                                                                      : kYellow;
    ImGui::TextColored(col, "%s", lc.message.c_str());
    note_rect("link-check");
  }
  if (!report.notice.empty()) ImGui::TextColored(kYellow, "%s", report.notice.c_str());
  if (!a.storage_notice.empty()) ImGui::TextColored(kDim, "%s", a.storage_notice.c_str());
  ImGui::PopTextWrapPos();
}

/// Share and keep: the link, and the whole state as a file (continued bit for bit when opened here,
/// or by the CLI with --state).
/// Trajectories opened to watch: what they hold, a time slider, Play, follow the run, Close.
void playback_row() {
  App& a = app();
  App::Playback& p = a.playback;
  if (!p.data) return;
  const bandada::Trajectories& t = *p.data;
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(kDim, "Watching %s: %llu people, %zu frames at %g fps, drawn as rings.", p.name.c_str(),
                     static_cast<unsigned long long>(t.people), t.frames.size(), t.fps);
  const bandada::DrawData& d = a.draw;
  if (d.space != bandada::Space::plane)
    ImGui::TextColored(kYellow, "They are drawn over a plane: choose the model they belong to.");
  else if (t.x1 < d.x0 || t.x0 > d.x0 + d.width || t.y1 < d.y0 || t.y0 > d.y0 + d.height)
    ImGui::TextColored(kYellow, "None of them stands in this room: open the scenario of their plan.");
  ImGui::PopTextWrapPos();
  const float duration = static_cast<float>(t.duration());
  float v = static_cast<float>(p.t);
  char label[64];
  std::snprintf(label, sizeof label, "t = %.2f s of %.2f", p.t, t.duration());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderFloat("##playback-time", &v, 0.0f, duration, label)) {
    p.t = v;
    p.follow = p.playing = false;
  }
  note_rect("playback-time");
  Flow row;
  const char* play = p.playing ? "Pause trajectories" : "Play trajectories";
  row.next_labelled(play, false);
  if (reason_button(play, "",
                    "Plays the file on its own, at its own pace (the run's time no longer leads)")) {
    if (!p.playing && p.t >= t.duration()) p.t = 0;
    p.playing = !p.playing;
    p.follow = false;
  }
  row.next_labelled("follow the run", true);
  if (ImGui::Checkbox("follow the run", &p.follow) && p.follow) p.playing = false;
  note_rect("follow the run");
  row.next_labelled("Close trajectories", false);
  if (reason_button("Close trajectories", "", "Stops drawing the file (the run is untouched)"))
    p = App::Playback();
}

void share_and_keep(bandada::ModelSession& s) {
  App& a = app();
  share_link_row(s, "A link with these fields and settings (and the run's step count and fingerprint)");
  if (a.current < a.opened_file.size() && !a.opened_file[a.current].empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kYellow, "A link cannot carry the room of %s: Save %s to pass it on.",
                       a.opened_file[a.current].c_str(),
                       page_file_option(s) ? page_file_option(s)->name : "it");
    ImGui::PopTextWrapPos();
    note_rect("file-link-note");
  }
  const bool none = s.status() == RunStatus::none || s.status() == RunStatus::stale;
  Flow keep;
  keep.next(ImGui::CalcTextSize("Keep").x);
  ImGui::TextColored(kDim, "Keep");
  keep.next_labelled("Save state", false);
  if (reason_button("Save state", none ? "Nothing to save: Initialize first." : "",
                    "The whole state as a file: open it here or with bandada-cli --state to continue")) {
    const std::string text = page_save_state();
    if (!text.empty()) download(page_state_file_name(), "text/plain", text);
  }
  keep.next_labelled("Open state", false);
  if (reason_button("Open state", "", "A saved state file (or drop one on the page): continue from it"))
    pick_state_file();
  if (const bandada::CliOption* o = page_file_option(s)) {  // the model's own file (a scenario)
    const std::string save = "Save " + std::string(o->name), open = "Open " + std::string(o->name);
    const size_t i = a.current;
    const std::string opened = i < a.opened_file.size() ? a.opened_file[i] : "";
    const std::string save_tip =
        "The room as it runs now (what you typed folded in), as a file this page, "
        "bandada-cli --" +
        std::string(o->name) + " and JuPedSim Web open";
    const std::string open_tip = "A " + std::string(o->name) + " file (" + o->page_accept +
                                 "; or drop it, or its config.json and geometry.wkt together, on the page)";
    keep.next_labelled(save.c_str(), false);
    if (reason_button(save.c_str(),
                      opened.empty() ? "Nothing to save: open a " + std::string(o->name) + " first." : "",
                      save_tip.c_str())) {
      const bool one_json = opened.size() > 5 && opened.compare(opened.size() - 5, 5, ".json") == 0 &&
                            opened.find(" and ") == std::string::npos;
      download(one_json ? opened : std::string(o->name) + ".json", "application/json", s.export_file());
    }
    keep.next_labelled(open.c_str(), false);
    if (reason_button(open.c_str(), "", open_tip.c_str())) pick_state_file();
  }
  const bandada::KeptText* rec = a.current < a.recordings.size() ? a.recordings[a.current].get() : nullptr;
  if (rec) {  // the file the model writes as the run goes (trajectories), kept since Initialize
    const bandada::CliOption* o = nullptr;
    for (const bandada::CliOption& c : s.cli_options())
      if (c.writes_file && !o) o = &c;
    const std::string save = "Save " + std::string(o->name);
    keep.next_labelled(save.c_str(), false);
    const std::string tip = "This run since Initialize (or since the state opened), as bandada-cli --" +
                            std::string(o->name) + " writes it";
    if (reason_button(save.c_str(), rec->text().empty() ? "Nothing recorded yet: Initialize first." : "",
                      tip.c_str()))
      download("bandada-" + std::string(s.info().id) + "-" + o->name + ".txt", "text/plain", rec->text());
    keep.next_labelled("Open trajectories", false);
    if (reason_button("Open trajectories", "",
                      "A PeTrack trajectory file (.txt: ours, or a published experiment's) to watch over the "
                      "room, with a time slider; or drop it on the page"))
      pick_state_file();
    if (rec->stopped()) {
      ImGui::PushTextWrapPos(0);
      ImGui::TextColored(kYellow,
                         "Recording stopped at its %zu MB budget: %s keeps the run until then; Initialize "
                         "starts a new one.",
                         rec->budget() / 1000000, save.c_str());
      ImGui::PopTextWrapPos();
      note_rect("recording-stopped");
    }
  }
  if (!a.state_message.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(a.state_message_ok ? kGreen : kRed, "%s", a.state_message.c_str());
    ImGui::PopTextWrapPos();
    note_rect("state-message");
  }
  playback_row();
}

void export_row(bandada::ModelSession& s) {
  const bool none = s.status() == RunStatus::none || s.status() == RunStatus::stale;
  const std::string why = none ? "Nothing to export." : "";
  const std::string id = s.info().id;
  Flow flow;  // the row wraps on a narrow screen
  flow.next(ImGui::CalcTextSize("Export").x);
  ImGui::TextColored(kDim, "Export");
  flow.next_labelled("Table CSV", false);
  if (reason_button("Table CSV", why, "One row per glyph, every number with 17 digits"))
    download("bandada-" + id + "-table.csv", "text/csv", s.export_csv());
  flow.next_labelled("Series CSV", false);
  if (reason_button("Series CSV", why, "Every plotted value after every step"))
    download("bandada-" + id + "-series.csv", "text/csv", s.series_csv());
  flow.next_labelled("State JSON", false);
  if (reason_button("State JSON", why, "The CLI's JSON of the current state"))
    download("bandada-" + id + "-state.json", "application/json", s.export_json());
}

void help_section(bandada::ModelSession& s) {
  App& a = app();
  ImGui::Separator();
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(kDim, "%s The page below explains the model.", s.info().help);
  ImGui::PopTextWrapPos();
  // Zoom (pinch, Ctrl/⌘ + wheel) always has a visible way back. The view's own switches (the
  // accessible view, a picture, a clip) are in the page's header, always in sight.
  if (ImGui::Button("Reset view")) {
    a.camera = OrbitCamera{};
    a.plane_zoom = PlaneZoom{};
  }
  note_rect("Reset view");
}

void table_contents(bandada::ModelSession& s) {
  App& a = app();
  a.rows.clear();
  const RunStatus st = s.status();
  if (st == RunStatus::none || st == RunStatus::stale || (s.busy() && s.size() == 0)) {
    ImGui::TextColored(kDim, st == RunStatus::stale ? "Parameters changed: nothing shown until Initialize."
                                                    : "Nothing yet.");
    return;  // the caller's window (or tab) ends it
  }
  if (*s.table_note()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kDim);
    ImGui::TextWrapped("%s", s.table_note());
    ImGui::PopStyleColor();
    note_rect("table-note");
  }
  // Column groups (S, A, C): one at a time beside the always-shown columns, or all of them.
  std::vector<std::string> groups;
  for (const bandada::Column& c : s.columns())
    if (c.group && std::find(groups.begin(), groups.end(), c.group) == groups.end())
      groups.push_back(c.group);
  if (!groups.empty()) {
    ImGui::TextUnformatted("Show:");
    for (size_t k = 0; k <= groups.size(); ++k) {
      const std::string name = k < groups.size() ? groups[k] : "all";
      ImGui::SameLine();
      if (ImGui::RadioButton(name.c_str(), a.table_group == name)) a.table_group = name;
      note_rect(("columns:" + name).c_str());
    }
  }
  std::vector<size_t> shown;
  for (size_t c = 0; c < s.columns().size(); ++c)
    if (!s.columns()[c].group || a.table_group == "all" || a.table_group == s.columns()[c].group)
      shown.push_back(c);
  const std::vector<bandada::Column>& cols = s.columns();
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable(("rows:" + a.table_group).c_str(), static_cast<int>(shown.size()), flags,
                        ImVec2(0, ImGui::GetContentRegionAvail().y))) {
    ImGui::TableSetupScrollFreeze(1, 1);
    for (size_t c : shown) ImGui::TableSetupColumn(cols[c].title);
    ImGui::TableHeadersRow();
    const float row_h = ImGui::GetTextLineHeightWithSpacing();
    if (a.scroll_table_to_selection && s.selection()) {
      ImGui::SetScrollY(*s.selection() * row_h - ImGui::GetWindowHeight() * 0.4f);
      a.scroll_table_to_selection = false;
    }
    std::vector<double> v(cols.size());
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(s.size()), row_h);
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        if (index_row(i, s.selection() && *s.selection() == static_cast<uint32_t>(i))) s.select(i);
        s.row(static_cast<size_t>(i), v.data());
        for (size_t k = 1; k < shown.size(); ++k) {
          ImGui::TableSetColumnIndex(static_cast<int>(k));
          ImGui::TextUnformatted(bandada::format_cell(cols[shown[k]], v[shown[k]]).c_str());
        }
      }
    }
    ImGui::EndTable();
  }
}

// Series k's values of the plotted span into `out`, widening [vmin, vmax] (`any`: they hold a
// value already); false when none of them was measured (all NaN).
bool plot_values(const bandada::ModelSession& s, size_t k, size_t from, std::vector<float>& out, float& vmin,
                 float& vmax, bool& any) {
  out.clear();
  bool measured = false;
  for (size_t i = from; i < s.series_length(); ++i) {
    const double v = s.series_value(k, i);
    out.push_back(static_cast<float>(v));
    if (std::isnan(v)) continue;
    vmin = any ? std::fmin(vmin, out.back()) : out.back();
    vmax = any ? std::fmax(vmax, out.back()) : out.back();
    any = measured = true;
  }
  return measured;
}

void plots_contents(bandada::ModelSession& s) {
  const std::vector<bandada::SeriesInfo>& info = s.series_info();
  const size_t n = s.series_length(), from = n > 1500 ? n - 1500 : 0;  // the last minute of model time
  const double dt = s.info().step_seconds;  // 0: steps without time (a swarm's iterations)
  if (dt > 0)
    ImGui::TextColored(kDim, "last %zu %ss (t = %s × %g s)", n - from, s.info().step_word, s.info().step_word,
                       dt);
  else
    ImGui::TextColored(kDim, "last %zu iterations (they have no time)", n - from);
  std::vector<size_t> shown;  // own plots: not a second curve, not an unmeasured optional one
  for (size_t k = 0; k < info.size(); ++k)
    if (info[k].pair < 0 && !(info[k].optional && (n == 0 || std::isnan(s.series_value(k, n - 1)))))
      shown.push_back(k);
  const float pw = ImGui::GetContentRegionAvail().x;  // NOT A BUG: PlotLines in 1.86 takes no -1 width
  bool paired = false;                                // a plot with two curves gets twice the height
  for (size_t k = 0; k < info.size(); ++k)
    paired = paired || (info[k].pair >= 0 && n && !std::isnan(s.series_value(k, n - 1)));
  // Each plot shares the room, but stays readable (its curve 40 px tall at least, under its
  // caption line): more plots than fit scroll.
  const float caption = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().ItemSpacing.y;
  const float ph = std::fmax(
      40.0f + caption,
      ImGui::GetContentRegionAvail().y / static_cast<float>(shown.size() + (paired ? 1 : 0)) - 6.0f);
  static std::vector<float> values, second;
  for (size_t k : shown) {
    float vmin = 0, vmax = 0;
    bool any = false;
    plot_values(s, k, from, values, vmin, vmax, any);
    int pair = -1;  // a second curve in this plot (the other integrator's), when measured
    for (size_t q = 0; q < info.size(); ++q)
      if (info[q].pair == static_cast<int>(k) && plot_values(s, q, from, second, vmin, vmax, any))
        pair = static_cast<int>(q);
    char title[160];
    if (n && pair >= 0)
      std::snprintf(title, sizeof title, "%s %.6g · %s %.6g", s.curve_label(k).c_str(),
                    s.series_value(k, n - 1), s.curve_label(static_cast<size_t>(pair)).c_str(),
                    s.series_value(static_cast<size_t>(pair), n - 1));
    else if (n)
      std::snprintf(title, sizeof title, "%s %.4g", info[k].title, s.series_value(k, n - 1));
    else
      std::snprintf(title, sizeof title, "%s", info[k].title);
    const float lo = std::isnan(info[k].lo) ? vmin : static_cast<float>(info[k].lo);
    float hi = std::isnan(info[k].hi) ? vmax : static_cast<float>(info[k].hi);
    if (!(hi > lo)) hi = lo + 1.0f;
    const float line = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().ItemSpacing.y;
    if (pair >= 0) {
      ImGui::TextColored(kBlue, "%s", info[k].title);
      ImGui::SameLine();
      ImGui::TextColored(kBlue, "— %s", s.curve_label(k).c_str());
      ImGui::SameLine();
      ImGui::TextColored(kOrange, "— %s", s.curve_label(static_cast<size_t>(pair)).c_str());
      ImGui::PushStyleColor(ImGuiCol_PlotLines, kBlue);
    }
    ImGui::PlotLines((std::string("##plot") + std::to_string(k)).c_str(), values.data(),
                     static_cast<int>(values.size()), 0, title, lo, hi,
                     ImVec2(pw, std::fmax(16.0f, pair >= 0 ? 2.0f * ph - 2.0f * line : ph - line)));
    if (pair >= 0) {  // the second curve over the first, on the same axes
      ImGui::PopStyleColor();
      note_rect("energy-plot");
      const ImVec2 pad = ImGui::GetStyle().FramePadding;
      const ImVec2 mn(ImGui::GetItemRectMin().x + pad.x, ImGui::GetItemRectMin().y + pad.y);
      const ImVec2 mx(ImGui::GetItemRectMax().x - pad.x, ImGui::GetItemRectMax().y - pad.y);
      ImDrawList* dl = ImGui::GetWindowDrawList();
      const size_t count = second.size();
      const ImU32 colour = ImGui::ColorConvertFloat4ToU32(kOrange);
      for (size_t i = 1; i < count; ++i) {
        if (std::isnan(second[i - 1]) || std::isnan(second[i])) continue;
        auto at = [&](size_t j) {
          const float t = count > 1 ? static_cast<float>(j) / static_cast<float>(count - 1) : 0.0f;
          const float v = std::fmin(1.0f, std::fmax(0.0f, (second[j] - lo) / (hi - lo)));
          return ImVec2(mn.x + t * (mx.x - mn.x), mx.y - v * (mx.y - mn.y));
        };
        dl->AddLine(at(i - 1), at(i), colour, 1.5f);
      }
    }
    // The axes in words: the plotted range, the data's min and max, and the span of time shown.
    if (n && dt > 0)
      ImGui::TextColored(kDim, "axis %.6g … %.6g · min %.6g · max %.6g · t %.2f … %.2f s", lo, hi, vmin, vmax,
                         static_cast<double>(s.series_step(from)) * dt,
                         static_cast<double>(s.series_step(n - 1)) * dt);
    else if (n)
      ImGui::TextColored(kDim, "axis %.6g … %.6g · min %.6g · max %.6g · iterations %llu … %llu", lo, hi,
                         vmin, vmax, static_cast<unsigned long long>(s.series_step(from)),
                         static_cast<unsigned long long>(s.series_step(n - 1)));
    else
      ImGui::TextColored(kDim, "no data yet");
  }
}

}  // namespace

bool progress_known(const bandada::ModelSession& s) {
  // While a model runs, its progress is the steps of a batch still due (0 or ½ as steps fall
  // due), not the step's own: only Step, a replay or Initialize have one to show.
  return s.status() != RunStatus::running;
}

std::string progress_label(const bandada::ModelSession& s) {
  if (!s.busy()) return "";
  const bandada::ModelSession::Progress p = s.progress();
  if (!progress_known(s)) return p.label;
  char label[96];
  std::snprintf(label, sizeof label, "%s %.0f%%", p.label.c_str(), 100.0 * p.fraction);
  return label;
}

float combo_width(const std::string& text) {
  return ImGui::CalcTextSize(text.c_str(), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2 +
         ImGui::GetFrameHeight();
}

void note_combo(const char* name, const std::string& preview) {
  note_rect(name);
  if (ImGui::GetItemRectSize().x + 0.5f < combo_width(preview)) app().clipped.emplace_back(name);
}

void note_rect(const char* name) {
  const ImVec2 mn = ImGui::GetItemRectMin(), mx = ImGui::GetItemRectMax();
  Rect r{mn.x, mn.y, mx.x - mn.x, mx.y - mn.y};
  // Only what is on screen: a widget scrolled wholly or partly out of its window is noted with no
  // size (reached by scrolling), never where the window shows something else.
  const ImRect clip = ImGui::GetCurrentWindow()->ClipRect;
  if (mn.y < clip.Min.y - 0.5f || mx.y > clip.Max.y + 0.5f) r.w = r.h = 0;
  for (auto& [n, rr] : app().ui)
    if (n == name) {
      rr = r;
      return;
    }
  app().ui.emplace_back(name, r);
}

uint64_t layout_signature() {
  const App& a = app();
  uint64_t h = 1469598103934665603ull;  // FNV-1a over names and quarter-pixel positions
  auto mix = [&h](const void* p, size_t n) {
    for (size_t i = 0; i < n; ++i) h = (h ^ static_cast<const unsigned char*>(p)[i]) * 1099511628211ull;
  };
  auto mix_px = [&](float v) {
    const int32_t q = static_cast<int32_t>(std::lround(v * 4.0f));
    mix(&q, sizeof q);
  };
  for (const auto& [name, r] : a.ui) {
    mix(name.data(), name.size() + 1);
    mix_px(r.x);
    mix_px(r.y);
    mix_px(r.h);
  }
  for (const Rect& r : a.panels) {
    mix_px(r.x);
    mix_px(r.y);
    mix_px(r.w);
    mix_px(r.h);
  }
  return h;
}

void show_layout(uint64_t signature) {
  App& a = app();
  a.shown_layout.ui = a.ui;
  a.shown_layout.disabled = a.disabled;
  a.shown_layout.clipped = a.clipped;
  a.shown_layout.rows = a.rows;
  a.shown_layout.text_rects = a.text_rects;
  a.shown_layout.signature = signature;
}

void note_text_rect() {
  const ImVec2 mn = ImGui::GetItemRectMin(), mx = ImGui::GetItemRectMax();
  app().text_rects.push_back(Rect{mn.x, mn.y, mx.x - mn.x, mx.y - mn.y});
}

namespace {

/// Shows that the current window scrolls: while more of it lies below what is shown, a fade and
/// "more below" over its bottom edge (noted as `name` for the tests).
void scroll_cue(const char* name) {
  const float max = ImGui::GetScrollMaxY();
  if (max <= 0.0f || ImGui::GetScrollY() >= max - 1.0f) return;
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  const float bar = ImGui::GetStyle().ScrollbarSize, line = ImGui::GetTextLineHeight();
  const ImVec2 lo(pos.x, pos.y + size.y - 1.8f * line), hi(pos.x + size.x - bar, pos.y + size.y);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRectFullScreen();
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  const ImU32 clear = ImGui::ColorConvertFloat4ToU32(ImVec4(bg.x, bg.y, bg.z, 0.0f));
  const ImU32 solid = ImGui::ColorConvertFloat4ToU32(ImVec4(bg.x, bg.y, bg.z, 0.92f));
  dl->AddRectFilledMultiColor(lo, hi, clear, clear, solid, solid);
  const char* text = "more below \u25BE scroll";
  const ImVec2 ts = ImGui::CalcTextSize(text);
  const ImVec2 at(hi.x - ts.x - 6.0f, hi.y - ts.y - 2.0f);
  dl->AddText(at, ImGui::ColorConvertFloat4ToU32(kBlue), text);
  dl->PopClipRect();
  app().ui.emplace_back(name, Rect{at.x, at.y, ts.x, ts.y});
}

void parameters_contents(bandada::ModelSession& s) {
  App& a = app();
  const bool stacked = a.stacked;
  // The body scrolls above the footer (the busy bar and the hint line), so nothing that changes
  // height moves a widget away from under the pointer. A desktop keeps the model and the run
  // controls fixed above it, always in reach, and its first screen holds share and keep, then the
  // fields. A phone's panel is too short to fix anything but the footer: its body starts with the
  // model and the run controls, then the fields.
  const float footer = hint_height() + (s.busy() ? ImGui::GetFrameHeightWithSpacing() : 0.0f) +
                       ImGui::GetStyle().ItemSpacing.y;
  if (!stacked) {
    model_selector();
    commands_section(s);
    ImGui::Separator();
  }
  ImGui::BeginChild("##body", ImVec2(0, -footer), false);
  if (stacked) {
    model_selector();
    commands_section(s);
  }
  if (!stacked) {
    share_and_keep(s);
    export_row(s);
  }
  fields_section(s);
  if (stacked) share_and_keep(s);
  tools_section(s);
  status_section(s);
  if (stacked) {
    ImGui::Separator();
    export_row(s);
  }
  help_section(s);
  a.panel_scroll = std::max(a.panel_scroll, ImGui::GetScrollY());
  scroll_cue("more-below");
  ImGui::EndChild();
  progress_row(s);
  hint_line();
}

/// Brings the Sweep tab forward once when a link opened a sweep.
/// The tab a link asks to bring forward (its `show`, cleared here): the Sweep or the Optimise tab.
ImGuiTabItemFlags link_tab_flags(bool& show) {
  if (!show) return 0;
  show = false;
  return ImGuiTabItemFlags_SetSelected;
}

/// A fixed window at (x, y) of w × h that shows when it scrolls (cue: the name of its "more below"
/// mark for the tests); its scroll position is noted for the tests.
template <class F>
void fixed_window(const char* title, const char* cue, float x, float y, float w, float h, F contents) {
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  app().panels.push_back(Rect{x, y, w, h});
  // A narrow screen's panel has no title bar: its tabs and the model's name say what it is, and
  // every line it saves goes to the fields.
  ImGui::Begin(title, nullptr, app().stacked ? kFixed | ImGuiWindowFlags_NoTitleBar : kFixed);
  contents();
  app().panel_scroll = std::max(app().panel_scroll, ImGui::GetScrollY());
  scroll_cue(cue);
  ImGui::End();
}

}  // namespace

void draw_panels(float width, float height) {
  App& a = app();
  if (a.drop_text_focus) {  // a link just filled the fields: a field being typed in must not write back
    ImGui::ClearActiveID();
    a.drop_text_focus = false;
  }
  bandada::ModelSession& s = a.session();
  a.panel_scroll = 0;
  a.disabled.clear();
  a.clipped.clear();
  a.ui.clear();  // only what is on screen this frame (widgets of other models and tabs are not)
  a.text_rects.clear();
  a.panels.clear();
  a.stacked = width < kStackBelow;
  const std::string title = std::string("Bandada · ") + s.info().title + "###panel";
  if (a.stacked) {
    // Narrow screens: the view first, full width, then the panel below it as tabs.
    const float view_h = std::min(std::max(height * 0.45f, 200.0f), width);
    a.view = Rect{0, 0, width, view_h};
    fixed_window(title.c_str(), "more-below:panel", 0, view_h, width, height - view_h, [&] {
      if (ImGui::BeginTabBar("##tabs")) {
        const char* tabs[] = {"Parameters", "Table", "Plots", "Sweep", "Optimise", "Experiments"};
        for (int t = 0; t < 6; ++t) {
          bool none = false;
          bool& show = t == 3 ? page_sweep().show : t == 4 ? page_optimize().show : none;
          const bool open = ImGui::BeginTabItem(tabs[t], nullptr, link_tab_flags(show));
          note_rect((std::string("tab:") + tabs[t]).c_str());
          if (!open) continue;
          if (t == 0) parameters_contents(s);
          if (t == 1) table_contents(s);
          if (t == 2) plots_contents(s);
          if (t == 3) sweep_contents(s);
          if (t == 4) optimize_contents(s);
          if (t == 5) experiments_contents(s);
          ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
      }
    });
  } else {
    const float left = kLeftWidth;
    const float right = std::min(560.0f, std::max(240.0f, width * 0.34f));
    a.view = Rect{left, 0, width - left - right, height};
    fixed_window(title.c_str(), "more-below:panel", 0, 0, left, height, [&] { parameters_contents(s); });
    const float split = a.sweep_tab ? 0.3f : 0.55f;  // the Sweep tab takes more room for its map
    fixed_window(s.table_title(), "more-below:table", width - right, 0, right, height * split,
                 [&] { table_contents(s); });
    fixed_window("Plots and sweeps", "more-below:plots", width - right, height * split, right,
                 height * (1 - split), [&] {
                   if (ImGui::BeginTabBar("##right-tabs")) {
                     // Every tab but the plots takes the room the sweep's map would (a.sweep_tab).
                     auto tab = [&](const char* name, bool tall, ImGuiTabItemFlags flags, auto contents) {
                       const bool open = ImGui::BeginTabItem(name, nullptr, flags);
                       note_rect((std::string("tab:") + name).c_str());
                       if (!open) return;
                       a.sweep_tab = tall;
                       contents(s);
                       ImGui::EndTabItem();
                     };
                     tab("Plots over time", false, 0, plots_contents);
                     tab("Sweep", true, link_tab_flags(page_sweep().show), sweep_contents);
                     tab("Optimise", true, link_tab_flags(page_optimize().show), optimize_contents);
                     tab("Experiments", true, 0, experiments_contents);
                     ImGui::EndTabBar();
                   }
                 });
  }
  end_hints();
  view_bar(a.recording,
           a.recording && a.clip_t0_ms >= 0 ? (emscripten_get_now() - a.clip_t0_ms) / 1000.0 : -1.0,
           App::kClipMaxSeconds, a.clip_note);
  persist();  // one place: whatever the panel changed reaches storage this frame
}

}  // namespace web
