// Bandada — ImGui widgets the panel uses: a button that says why it is disabled, a raw-text field
// row, and the share-link row (copy, confirmation, selectable fallback when the clipboard is refused).
#pragma once

#include <string>

#include "app/model_session.h"
#include "common/field_table.h"

namespace web {

/// The panel's hint line: what the hovered or touched widget does, or why it cannot act. Widgets
/// call set_hint(); the panel draws hint_line() once, below its body, and calls end_hints() at the
/// end of a frame. hint_height() is the line's height at the current width (the room to leave).
void set_hint(const std::string& text);
float hint_height();
void hint_line();
void end_hints();

/// A button disabled with the reason `why_not` (enabled when it is empty); the reason, or the
/// tip, goes to the hint line while it is hovered or touched. Its rect is noted under its label.
bool reason_button(const char* label, const std::string& why_not, const char* tip = nullptr);

struct FieldEvent {
  bool changed = false;    ///< the text changed (the new text is in `edited`)
  bool committed = false;  ///< Enter or leaving the field after an edit
};

/// A labelled one-line field that keeps the raw text as typed, red with its message when invalid,
/// the field's help on hover.
/// Its rect is noted as prefix + key for the tests.
FieldEvent text_field_row(const bandada::FieldInfo& fi, const std::string& text, const std::string& error,
                          const char* rect_prefix, float label_width, std::string& edited,
                          float field_width = -1);

/// Starts a table row with its index in column 0, selectable across the row; true when clicked.
/// The row's rect is noted for the tests.
bool index_row(int index, bool selected);

/// "Copy share link" for the session's share string (built only on the click), then its
/// confirmation or the link to copy by hand.
void share_link_row(const bandada::ModelSession& s, const char* tip);

/// "#rrggbb" as an ImGui colour (a dark grey for anything else).
unsigned hex_colour(const std::string& hex);
/// A short raw-text input of `width` px (a range end, a count), its rect noted under `id`.
bool text_input(const char* id, std::string& text, float width);
/// A combo of the session's fields, its rect noted under `id`.
void field_combo(const char* id, const bandada::ModelSession& s, size_t& field, float width);

}  // namespace web
