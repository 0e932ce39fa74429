// Bandada — shared ImGui widgets (see widgets.h).
#include "widgets.h"

#include <cstdio>

#include "app/share_codec.h"
#include "app_state.h"
#include "browser.h"
#include "imgui.h"

namespace web {

bool reason_button(const char* label, const std::string& why_not, const char* tip) {
  const bool disabled = !why_not.empty();
  if (disabled) ImGui::BeginDisabled();
  const bool pressed = ImGui::Button(label);
  if (disabled) ImGui::EndDisabled();
  note_rect(label);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    if (disabled)
      ImGui::SetTooltip("%s", why_not.c_str());
    else if (tip)
      ImGui::SetTooltip("%s", tip);
  }
  return pressed && !disabled;
}

FieldEvent text_field_row(const bandada::FieldInfo& fi, const std::string& text, const std::string& error,
                          const char* rect_prefix, float label_width, std::string& edited) {
  // ImGui copies the buffer while the field is active; typing stops at what a link can carry.
  static char buf[bandada::kMaxStoredFieldLength + 1];
  std::snprintf(buf, sizeof buf, "%s", text.c_str());
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(fi.label);
  ImGui::SameLine(label_width);
  ImGui::SetNextItemWidth(-1);
  const bool invalid = !error.empty();
  if (invalid) ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0.45f, 0.12f, 0.12f, 1.0f));
  FieldEvent ev;
  ev.changed = ImGui::InputText((std::string("##") + rect_prefix + fi.key).c_str(), buf, sizeof buf);
  ev.committed = ImGui::IsItemDeactivatedAfterEdit();  // Enter, Tab or a click elsewhere
  if (invalid) ImGui::PopStyleColor();
  note_rect((std::string(rect_prefix) + fi.key).c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", fi.help);
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

void share_link_row(const std::string& share_string, const char* tip) {
  App& a = app();
  if (reason_button("Copy share link", "", tip)) {
    a.share_url = page_url() + "#" + share_string;
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
    note_rect("share-url");
  }
}

}  // namespace web
