// Bandada — ImGui widgets both models' panels use: a button that says why it is disabled, and
// the share-link row (copy, confirmation, selectable fallback when the clipboard is refused).
#pragma once

#include <string>

namespace web {

/// A button disabled with the reason `why_not` shown on hover (enabled when it is empty); the
/// tip shows on hover otherwise. Its rect is noted under its label for the tests.
bool reason_button(const char* label, const std::string& why_not, const char* tip = nullptr);

/// "Copy share link" for the given share string, then its confirmation or the link to copy by hand.
void share_link_row(const std::string& share_string, const char* tip);

}  // namespace web
