// Bandada — ImGui's build configuration (IMGUI_USER_CONFIG, set in web/web.cmake). Its asserts
// stay on in every build of the page and report through the page's console instead of stopping
// it: a release build would compile them out, and a misuse (an End() too many) would go unseen.
// The browser tests fail on any report (tests/browser/helpers.mjs).
#pragma once

/// Reports a failed ImGui assert once per place (web/browser.cpp); the page goes on.
void bandada_imgui_assert(const char* expr, const char* file, int line);
#define IM_ASSERT(_EXPR) ((_EXPR) ? (void)0 : bandada_imgui_assert(#_EXPR, __FILE__, __LINE__))
