// Bandada — shared ImGui widgets (see widgets.h).
#include "widgets.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/share_codec.h"
#include "app_state.h"
#include "browser.h"
#include "imgui.h"

namespace web {

namespace {
std::string g_hint, g_hint_shown;  // what the hint line says this frame, and what it showed last frame
float g_hint_width = 0, g_hint_height = 0;  // the hint box: as tall as the longest hint at this width
}  // namespace

void set_hint(const std::string& text) { g_hint = text; }

float hint_height() {
  // A box of at least two lines that grows to the longest hint shown at this width and never
  // shrinks, so that it is never cut and the panel's body above it changes height at most once.
  const std::string& text = g_hint.empty() ? g_hint_shown : g_hint;
  const float width = ImGui::GetContentRegionAvail().x;
  if (width != g_hint_width) {
    g_hint_width = width;
    g_hint_height = ImGui::GetTextLineHeight() * 2 + ImGui::GetStyle().ItemSpacing.y;
  }
  const float need =
      ImGui::CalcTextSize(text.c_str(), nullptr, false, width).y + ImGui::GetStyle().ItemSpacing.y;
  g_hint_height = std::max(g_hint_height, need);
  return g_hint_height;
}

void hint_line() {
  // The hint of the widget under the pointer (or the finger) a frame ago: the widgets set it as
  // they are laid out, before or after the line, so it is shown one frame late, which no one can
  // see. The line sits under the panel's body, not among its widgets: a hint that needs another
  // line moves no widget away from under the pointer.
  const std::string& text = g_hint.empty() ? g_hint_shown : g_hint;
  const float h = hint_height();
  ImGui::BeginChild("##hint", ImVec2(g_hint_width, h), false,  // the width the text was measured at
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(ImVec4(0.65f, 0.68f, 0.74f, 1.0f), "%s", text.c_str());
  ImGui::PopTextWrapPos();
  app().hint_fits = ImGui::GetScrollMaxY() <= 0.0f;  // as drawn: the whole text inside the box
  ImGui::EndChild();
  note_rect("hint");
}

void end_hints() {
  g_hint_shown = g_hint;
  g_hint.clear();
}

bool reason_button(const char* label, const std::string& why_not, const char* tip) {
  const bool disabled = !why_not.empty();
  if (disabled) ImGui::BeginDisabled();
  const bool pressed = ImGui::Button(label);
  if (disabled) ImGui::EndDisabled();
  note_rect(label);
  if (disabled) app().disabled.emplace_back(label);
  // No hover-only tooltips (they covered the next buttons, and fingers cannot hover): the panel's
  // hint line says what the button does, or why it cannot act, while it is hovered or touched.
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) || ImGui::IsItemActive())
    set_hint(std::string(label) + ": " + (disabled ? why_not : tip ? tip : ""));
  return pressed && !disabled;
}

FieldEvent text_field_row(const bandada::FieldInfo& fi, const std::string& text, const std::string& error,
                          const char* rect_prefix, float label_width, std::string& edited,
                          float field_width) {
  // ImGui copies the buffer while the field is active; typing stops at what a link can carry.
  static char buf[bandada::kMaxStoredFieldLength + 1];
  std::snprintf(buf, sizeof buf, "%s", text.c_str());
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(fi.label);
  ImGui::SameLine(label_width);
  ImGui::SetNextItemWidth(field_width);
  const bool invalid = !error.empty();
  if (invalid) ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0.45f, 0.12f, 0.12f, 1.0f));
  FieldEvent ev;
  ev.changed = ImGui::InputText((std::string("##") + rect_prefix + fi.key).c_str(), buf, sizeof buf);
  ev.committed = ImGui::IsItemDeactivatedAfterEdit();  // Enter, Tab or a click elsewhere
  if (invalid) ImGui::PopStyleColor();
  note_rect((std::string(rect_prefix) + fi.key).c_str());
  note_text_rect();
  if (ImGui::IsItemHovered() || ImGui::IsItemActive()) set_hint(std::string(fi.label) + ": " + fi.help);
  if (invalid) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.42f, 1.0f), "%s: %s", fi.label, error.c_str());
    ImGui::PopTextWrapPos();
  }
  if (ev.changed) edited = buf;
  return ev;
}

bool index_row(int index, bool selected) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  char id[16];
  std::snprintf(id, sizeof id, "%d", index);
  const bool clicked = ImGui::Selectable(id, selected, ImGuiSelectableFlags_SpanAllColumns);
  const ImVec2 mn = ImGui::GetItemRectMin(), mx = ImGui::GetItemRectMax();
  app().rows.push_back({static_cast<uint32_t>(index), Rect{mn.x, mn.y, mx.x - mn.x, mx.y - mn.y}});
  return clicked;
}

void share_link_row(const bandada::ModelSession& s, const char* tip) {
  App& a = app();
  if (reason_button("Copy share link", "", tip)) {
    (void)s;
    a.share_url = page_share_url();
    a.share = ShareState::waiting;
    clipboard_write(a.share_url);
  }
  if (a.share == ShareState::waiting) {
    const int answer = clipboard_answer();
    if (answer >= 0) a.share = answer ? ShareState::copied : ShareState::refused;
  }
  if (a.share == ShareState::copied) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.45f, 0.9f, 0.55f, 1.0f), "Link copied");
  }
  if (a.share == ShareState::refused || a.share == ShareState::copied) {
    if (a.share == ShareState::refused)
      ImGui::TextColored(ImVec4(1.0f, 0.82f, 0.35f, 1.0f),
                         "The clipboard was refused; copy the link by hand:");
    static char buf[bandada::kMaxShareLength + 2048];  // the page URL plus the share string
    std::snprintf(buf, sizeof buf, "%s", a.share_url.c_str());
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##share-url", buf, sizeof buf,
                     ImGuiInputTextFlags_ReadOnly | ImGuiInputTextFlags_AutoSelectAll);
    note_text_rect();
    note_rect("share-url");
  }
}

unsigned hex_colour(const std::string& hex) {
  if (hex.size() != 7) return IM_COL32(40, 44, 52, 255);
  const unsigned long v = std::strtoul(hex.c_str() + 1, nullptr, 16);
  return IM_COL32((v >> 16) & 255, (v >> 8) & 255, v & 255, 255);
}

bool text_input(const char* id, std::string& text, float width) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s", text.c_str());
  ImGui::SetNextItemWidth(width);
  const bool changed = ImGui::InputText(id, buf, sizeof buf);
  if (changed) text = buf;
  note_rect(id);
  note_text_rect();
  return changed;
}

void field_combo(const char* id, const bandada::ModelSession& s, size_t& field, float width) {
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo(id, s.field(field).label)) {
    for (size_t i = 0; i < s.field_count(); ++i)
      if (ImGui::Selectable(s.field(i).label, i == field)) field = i;
    ImGui::EndCombo();
  }
  note_combo(id, s.field(field).label);
}

}  // namespace web
