// Bandada — the colours of the draw data's classes (Colour in model_session.h), one table for
// every view: the WebGL page's ImGui lists and overlays, and the accessible view's CSS, which
// takes them from describe() rather than keeping a copy of its own.
#pragma once

#include <cstdint>
#include <string>

namespace bandada {

struct Rgba {
  uint8_t r, g, b, a;
};

/// The colour of class c: the fixed classes, or kRamp + k (k = 0 … 15) from blue to red.
Rgba palette_colour(uint8_t c);
/// The same as "#rrggbb" (its alpha is palette_colour(c).a).
std::string palette_hex(uint8_t c);

}  // namespace bandada
