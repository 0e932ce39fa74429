// Bandada — the view of a plane (DrawData with Space::plane): glyphs as triangles or arrows
// and the overlays, drawn with ImGui's background list, the plane fitted into the view.
#include <cmath>
#include <cstdio>

#include "app_state.h"
#include "imgui.h"
#include "palette.h"

namespace web {
namespace {

// The plane fitted into the view; y flipped when the model's y grows upwards.
struct PlaneMap {
  float ox = 0, oy = 0, s = 1;
  bool y_up = false;
  double height = 0;
  ImVec2 at(double x, double y) const {
    const double yy = y_up ? height - y : y;
    return ImVec2(ox + static_cast<float>(x) * s, oy + static_cast<float>(yy) * s);
  }
};

PlaneMap plane_map(const bandada::DrawData& d) {
  const Rect& v = app().view;
  PlaneMap m;
  const float w = static_cast<float>(d.width), h = static_cast<float>(d.height);
  if (w <= 0 || h <= 0) return m;
  // Fitted, then zoomed by the user's pinch about a centre in screen-oriented plane units.
  const PlaneZoom& z = app().plane_zoom;
  m.s = std::fmin((v.w - 24) / w, (v.h - 24) / h) * z.zoom;
  const float cx = z.zoom > 1 ? z.cx : w * 0.5f, cy = z.zoom > 1 ? z.cy : h * 0.5f;
  m.ox = v.x + v.w * 0.5f - cx * m.s;
  m.oy = v.y + v.h * 0.5f - cy * m.s;
  m.y_up = d.y_up;
  m.height = d.height;
  return m;
}

}  // namespace

void view2d_zoom(float factor, float x, float y) {
  App& a = app();
  const bandada::DrawData& d = a.draw;
  if (d.space != bandada::Space::plane || d.width <= 0 || !(factor > 0)) return;
  const PlaneMap before = plane_map(d);
  PlaneZoom& z = a.plane_zoom;
  const float w = static_cast<float>(d.width), h = static_cast<float>(d.height);
  if (z.zoom <= 1) {
    z.cx = w * 0.5f;
    z.cy = h * 0.5f;
  }
  // The plane point under (x, y) stays there.
  const float px = (x - before.ox) / before.s, py = (y - before.oy) / before.s;
  z.zoom = std::fmin(20.0f, std::fmax(1.0f, z.zoom * factor));
  const float s = plane_map(d).s;  // the new scale
  const Rect& v = a.view;
  z.cx = px - (x - (v.x + v.w * 0.5f)) / s;
  z.cy = py - (y - (v.y + v.h * 0.5f)) / s;
}

bool view2d_to_model(float x, float y, double& mx, double& my, double& px_per_unit) {
  const bandada::DrawData& d = app().draw;
  if (d.space != bandada::Space::plane || !app().view.contains(x, y)) return false;
  const PlaneMap m = plane_map(d);
  mx = (x - m.ox) / m.s;
  my = (y - m.oy) / m.s;
  if (d.y_up) my = d.height - my;
  px_per_unit = m.s;
  return true;
}

namespace {

/// The overlays drawn over the glyphs: rings, discs, circles, crosses, arrows.
void draw_marks(ImDrawList* dl, const PlaneMap& pm, float flip) {
  const bandada::DrawData& d = app().draw;
  for (const bandada::Overlay& o : d.overlays) {
    const ImVec2 c = pm.at(o.x, o.y);
    const ImU32 col = imgui_colour(o.colour);
    switch (o.kind) {
      case bandada::Overlay::Kind::ring:
        dl->AddCircle(c, o.size, col, 24, o.width);
        break;
      case bandada::Overlay::Kind::disc:
        dl->AddCircleFilled(c, o.size, col);
        break;
      case bandada::Overlay::Kind::circle:
        dl->AddCircle(c, o.size * pm.s, col, 64, 1.0f);
        break;
      case bandada::Overlay::Kind::cross:
        dl->AddLine(ImVec2(c.x - o.size, c.y), ImVec2(c.x + o.size, c.y), col, o.width);
        dl->AddLine(ImVec2(c.x, c.y - o.size), ImVec2(c.x, c.y + o.size), col, o.width);
        break;
      case bandada::Overlay::Kind::arrow_px:
        dl->AddLine(c, ImVec2(c.x + o.x2 * o.size, c.y + o.y2 * o.size * flip), col, o.width);
        break;
      case bandada::Overlay::Kind::solid:
        break;  // drawn under the glyphs
      case bandada::Overlay::Kind::segment:
        break;
    }
  }
}

/// The legend, bottom left: one swatch and word per colour the plane draws now (and the
/// trajectories' rings).
void draw_legend(ImDrawList* dl) {
  App& a = app();
  const bandada::DrawData& d = a.draw;
  const Rect& v = a.view;
  float ly = v.y + v.h - 10;
  const auto legend = a.session().legend();
  if (a.playback.data && d.space == bandada::Space::plane) {  // the rings, below the colours
    ly -= ImGui::GetTextLineHeight() + 2;
    dl->AddCircle(ImVec2(v.x + 16, ly + ImGui::GetTextLineHeight() * 0.5f), 5.0f,
                  IM_COL32(205, 165, 255, 235), 16, 1.5f);
    char line[160];
    std::snprintf(line, sizeof line, "%s at t = %.2f s", a.playback.name.c_str(), a.playback.t);
    dl->AddText(ImVec2(v.x + 26, ly), IM_COL32(200, 205, 215, 255), line);
  }
  // Only what this frame draws: a colour no glyph or overlay has is left out (the truss's members
  // on Rastrigin); any shade of the ramp stands for the ramp's entries.
  auto drawn = [&d](uint8_t c) {
    auto same = [c](uint8_t k) { return c >= bandada::kRamp ? k >= bandada::kRamp : k == c; };
    for (size_t i = 0; i < d.count && i < d.colour.size(); ++i)
      if (same(d.colour[i])) return true;
    for (const bandada::Overlay& o : d.overlays)
      if (same(o.colour)) return true;
    return false;
  };
  for (auto it = legend.rbegin(); it != legend.rend(); ++it) {
    if (!drawn(it->first)) continue;
    ly -= ImGui::GetTextLineHeight() + 2;
    // Named in the frame on screen (its layout is shown before the view is drawn), for the tests.
    a.shown_layout.ui.emplace_back(std::string("legend:") + it->second,
                                   Rect{v.x + 10, ly, 12, ImGui::GetTextLineHeight()});
    dl->AddCircleFilled(ImVec2(v.x + 16, ly + ImGui::GetTextLineHeight() * 0.5f), 5.0f,
                        imgui_colour(it->first));
    dl->AddText(ImVec2(v.x + 26, ly), IM_COL32(200, 205, 215, 255), it->second);
  }
}

}  // namespace

void view2d_draw() {
  App& a = app();
  const bandada::DrawData& d = a.draw;
  const Rect& v = a.view;
  if (v.w < 30 || v.h < 30) return;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  dl->PushClipRect(ImVec2(v.x, v.y), ImVec2(v.x + v.w, v.y + v.h));
  const PlaneMap pm = plane_map(d);
  dl->AddRect(pm.at(0, d.y_up ? d.height : 0), pm.at(d.width, d.y_up ? 0 : d.height),
              IM_COL32(110, 120, 140, 200));
  const float flip = d.y_up ? -1.0f : 1.0f;
  // A scalar field (a landscape) first, under everything: dark navy where it is low, pale slate
  // where it is high.
  if (!d.field.empty() && d.field.size() == size_t{d.field_nx} * d.field_ny) {
    const double cw = d.width / d.field_nx, ch = d.height / d.field_ny;
    for (uint32_t j = 0; j < d.field_ny; ++j)
      for (uint32_t i = 0; i < d.field_nx; ++i) {
        const int t = d.field[size_t{j} * d.field_nx + i];
        const ImVec2 a = pm.at(i * cw, j * ch), b = pm.at((i + 1) * cw, (j + 1) * ch);
        dl->AddRectFilled(ImVec2(std::fmin(a.x, b.x), std::fmin(a.y, b.y)),
                          ImVec2(std::fmax(a.x, b.x), std::fmax(a.y, b.y)),
                          IM_COL32(16 + t * 60 / 255, 24 + t * 74 / 255, 48 + t * 86 / 255, 255));
      }
  }
  for (const bandada::Overlay& o : d.overlays) {  // obstacles, grids, trails, vectors: under the glyphs
    if (o.kind == bandada::Overlay::Kind::solid)
      dl->AddCircleFilled(pm.at(o.x, o.y), o.size * pm.s, imgui_colour(o.colour));  // segments by size
    if (o.kind == bandada::Overlay::Kind::segment)
      dl->AddLine(pm.at(o.x, o.y), pm.at(o.x2, o.y2), imgui_colour(o.colour), o.width);
  }
  const size_t stride = a.plan.stride;
  for (size_t i = 0; i < d.count; ++i) {
    if (i % stride != 0 && d.highlight[i] == 0) continue;  // a subset while frames are slow
    const ImVec2 p = pm.at(d.pos[i * 3], d.pos[i * 3 + 1]);
    const ImU32 col = imgui_colour(d.colour[i]);
    const float ux = d.dir[i * 3], uy = d.dir[i * 3 + 1] * flip;
    if (ux == 0.0f && uy == 0.0f) {
      dl->AddCircleFilled(p, 2.0f, col);
      continue;
    }
    if (d.shape == bandada::GlyphShape::arrow) {
      const float len = 7.0f;
      const ImVec2 tip(p.x + ux * len, p.y + uy * len), tail(p.x - ux * len * 0.6f, p.y - uy * len * 0.6f);
      dl->AddLine(tail, tip, col, 1.3f);
      dl->AddTriangleFilled(tip, ImVec2(tip.x - ux * 4 - uy * 2.5f, tip.y - uy * 4 + ux * 2.5f),
                            ImVec2(tip.x - ux * 4 + uy * 2.5f, tip.y - uy * 4 - ux * 2.5f), col);
    } else {
      dl->AddTriangleFilled(ImVec2(p.x + ux * 6, p.y + uy * 6),
                            ImVec2(p.x - ux * 3 - uy * 2.6f, p.y - uy * 3 + ux * 2.6f),
                            ImVec2(p.x - ux * 3 + uy * 2.6f, p.y - uy * 3 - ux * 2.6f), col);
    }
    if (d.highlight[i] == 2) dl->AddCircle(p, 4.0f, imgui_colour(bandada::kYellow));
  }
  draw_marks(dl, pm, flip);
  // Trajectories opened to watch: each person of the frame shown as a ring (0.2 m, at least 2 px).
  if (const bandada::Trajectories* t = a.playback.data.get(); t && d.space == bandada::Space::plane) {
    const size_t k = t->frame_at(a.playback.t);
    const float r = std::fmax(2.0f, 0.2f * pm.s);
    for (size_t i = t->first[k]; i < t->first[k + 1]; ++i)
      dl->AddCircle(pm.at(t->rows[i].x - d.x0, t->rows[i].y - d.y0), r, IM_COL32(205, 165, 255, 235), 16,
                    1.5f);
  }
  draw_legend(dl);
  dl->PopClipRect();
}

void view_hint() {
  App& a = app();
  const Rect& v = a.view;
  if (a.session().status() != bandada::RunStatus::none || v.w < 120 || v.h < 60) return;
  const std::string text = std::string("Nothing here yet: Initialize (I) builds the ") +
                           a.session().info().title +
                           " from the parameters on the left, and Run (Space) sets it going.";
  const float wrap = std::fmin(v.w - 40, 520.0f);
  const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
  const ImVec2 at(v.x + (v.w - size.x) * 0.5f, v.y + 24);
  ImDrawList* dl = ImGui::GetBackgroundDrawList();  // over the model, under any open list
  dl->AddRectFilled(ImVec2(at.x - 10, at.y - 7), ImVec2(at.x + size.x + 10, at.y + size.y + 7),
                    IM_COL32(24, 30, 42, 235), 6.0f);
  dl->AddText(nullptr, 0.0f, at, IM_COL32(220, 225, 235, 255), text.c_str(), nullptr, wrap);
  a.shown_layout.ui.emplace_back("view-hint", Rect{at.x - 10, at.y - 7, size.x + 20, size.y + 14});
}

}  // namespace web
