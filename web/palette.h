// Bandada — the colours of the draw data's classes, one table for both views (the plane's
// ImGui lists and the cube's overlays; the cube's glyphs are coloured in its shader).
#pragma once

#include <cstdint>

#include "app/model_session.h"
#include "imgui.h"

namespace web {

inline ImU32 palette_colour(uint8_t c) {
  if (c >= bandada::kRamp) {  // blue → red
    const float t = (c - bandada::kRamp) / 15.0f;
    return IM_COL32(static_cast<int>(60 + 195 * t), static_cast<int>(120 + 60 * (1 - t)),
                    static_cast<int>(255 * (1 - t)), 255);
  }
  static const ImU32 kTable[] = {
      IM_COL32(140, 205, 255, 255),  // kBoid
      IM_COL32(240, 240, 240, 255),  // kWhite
      IM_COL32(255, 80, 70, 255),    // kRed
      IM_COL32(120, 255, 140, 255),  // kGreen
      IM_COL32(255, 220, 60, 255),   // kYellow
      IM_COL32(255, 120, 40, 255),   // kOrange
      IM_COL32(60, 70, 90, 255),     // kFrame
      IM_COL32(200, 130, 255, 255),  // kLeader
      IM_COL32(255, 220, 90, 90),    // kFaint
      IM_COL32(120, 132, 155, 255),  // kObstacle
  };
  return c < sizeof kTable / sizeof kTable[0] ? kTable[c] : kTable[0];
}

}  // namespace web
