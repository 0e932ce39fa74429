// Bandada — the palette (core/app/palette.h) as ImGui colours, for the plane's lists and the
// cube's overlays; the cube's glyphs are coloured in its shader.
#pragma once

#include <cstdint>

#include "app/palette.h"
#include "imgui.h"

namespace web {

inline ImU32 imgui_colour(uint8_t c) {
  const bandada::Rgba k = bandada::palette_colour(c);
  return IM_COL32(k.r, k.g, k.b, k.a);
}

}  // namespace web
