// Bandada — the one palette (see palette.h).
#include "palette.h"

#include <cstdio>

#include "app/model_session.h"

namespace bandada {

Rgba palette_colour(uint8_t c) {
  if (c >= kRamp) {  // blue → red
    const float t = static_cast<float>(c - kRamp) / 15.0f;
    return {static_cast<uint8_t>(60 + 195 * t), static_cast<uint8_t>(120 + 60 * (1 - t)),
            static_cast<uint8_t>(255 * (1 - t)), 255};
  }
  static const Rgba kTable[] = {
      {140, 205, 255, 255},  // kBoid
      {240, 240, 240, 255},  // kWhite
      {255, 80, 70, 255},    // kRed
      {120, 255, 140, 255},  // kGreen
      {255, 220, 60, 255},   // kYellow
      {255, 80, 220, 255},   // kSelected: apart from the red, the ramp's fast end and the leader
      {60, 70, 90, 255},     // kFrame
      {200, 130, 255, 255},  // kLeader
      {255, 220, 90, 90},    // kFaint
      {120, 132, 155, 255},  // kObstacle
      {0, 200, 190, 255},    // kZone
  };
  return c < sizeof kTable / sizeof kTable[0] ? kTable[c] : kTable[0];
}

std::string palette_hex(uint8_t c) {
  const Rgba k = palette_colour(c);
  char b[8];
  std::snprintf(b, sizeof b, "#%02x%02x%02x", k.r, k.g, k.b);
  return b;
}

}  // namespace bandada
