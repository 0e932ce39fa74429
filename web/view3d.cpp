// Bandada — the view of a cube (DrawData with Space::cube): one instanced draw of fixed-length
// cones along each glyph's heading, a points pass (one vertex a glyph, not instanced) for
// stationary glyphs or every glyph, and the overlays (periodic cube, rings, radii) drawn with
// ImGui's background list. Also picking.
#include <GLES3/gl3.h>
#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <vector>

#include "app_state.h"
#include "imgui.h"
#include "palette.h"

namespace web {
namespace {

const char* kVertexShader = R"(#version 300 es
layout(location = 0) in vec3 a_vertex;  // cone mesh along +z, unit length
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 i_pos;
layout(location = 3) in vec3 i_vel;
layout(location = 4) in float i_flag;   // 0 boid, 1 selected, 2 neighbour of the selected
uniform mat4 u_vp;
uniform float u_len;
uniform int u_points;
out vec3 v_color;
void main() {
  float speed = length(i_vel);
  vec3 base = i_flag > 1.5 ? vec3(1.0, 0.86, 0.25)
            : (i_flag > 0.5 ? vec3(1.0, 0.31, 0.86) : vec3(0.38, 0.74, 1.0));
  if (u_points >= 1) {  // 1: stationary boids as points (the others are cones); 2: every boid a point
    gl_PointSize = u_points == 2 && i_flag < 0.5 ? 3.0 : 4.0;
    gl_Position = speed > 0.0 && u_points == 1 ? vec4(2.0, 2.0, 2.0, 1.0) : u_vp * vec4(i_pos, 1.0);
    v_color = base;
    return;
  }
  if (speed == 0.0) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); v_color = base; return; }
  vec3 d = i_vel / speed;
  vec3 up = abs(d.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 t = normalize(cross(up, d));
  vec3 b = cross(d, t);
  vec3 p = i_pos + (t * a_vertex.x + b * a_vertex.y + d * a_vertex.z) * u_len;
  vec3 n = normalize(t * a_normal.x + b * a_normal.y + d * a_normal.z);
  float light = 0.6 + 0.4 * max(dot(n, normalize(vec3(0.4, 0.8, 0.5))), 0.0);
  v_color = base * light;
  gl_Position = u_vp * vec4(p, 1.0);
}
)";

const char* kFragmentShader = R"(#version 300 es
precision mediump float;
in vec3 v_color;
out vec4 o_color;
void main() { o_color = vec4(v_color, 1.0); }
)";

constexpr float kConeLength = 0.34f;  // model units; the length never shows speed
constexpr int kConeSides = 10;

// GL objects and what the instance buffer holds, so it is uploaded only when something changed.
struct Gl {
  GLuint program = 0, vao = 0, points_vao = 0, mesh = 0, instances = 0;
  GLint u_vp = -1, u_len = -1, u_points = -1;
  int mesh_vertices = 0;
  std::vector<float> upload;
  glm::mat4 view_proj{1.0f};
  Rect view_at_draw;
  uint64_t uploaded_version = ~0ull;
  size_t uploaded_stride = 0, uploaded = 0;
};
Gl g;

GLuint compile(GLenum type, const char* src) {
  GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  return ok ? s : 0;
}

void build_cone(std::vector<float>& v) {
  // Apex at z = +0.6, base circle (radius 0.28) at z = −0.4; position + normal per vertex.
  const float pi = 3.14159265f;
  auto push = [&v](glm::vec3 p, glm::vec3 n) { v.insert(v.end(), {p.x, p.y, p.z, n.x, n.y, n.z}); };
  for (int i = 0; i < kConeSides; ++i) {
    float a0 = 2 * pi * i / kConeSides, a1 = 2 * pi * (i + 1) / kConeSides;
    glm::vec3 p0(0.28f * std::cos(a0), 0.28f * std::sin(a0), -0.4f),
        p1(0.28f * std::cos(a1), 0.28f * std::sin(a1), -0.4f);
    glm::vec3 apex(0, 0, 0.6f);
    glm::vec3 n = glm::normalize(glm::cross(p1 - apex, p0 - apex));
    push(apex, n);
    push(p1, n);
    push(p0, n);
    push(glm::vec3(0, 0, -0.4f), glm::vec3(0, 0, -1));
    push(p0, glm::vec3(0, 0, -1));
    push(p1, glm::vec3(0, 0, -1));
  }
}

glm::mat4 view_projection(const OrbitCamera& c, float aspect) {
  glm::vec3 eye(c.distance * std::cos(c.pitch) * std::sin(c.yaw), c.distance * std::sin(c.pitch),
                c.distance * std::cos(c.pitch) * std::cos(c.yaw));
  // 40° across the narrower side, so the whole cube fits a tall view as well as a wide one.
  float fovy =
      aspect >= 1.0f ? glm::radians(40.0f) : 2.0f * std::atan(std::tan(glm::radians(20.0f)) / aspect);
  return glm::perspective(fovy, aspect, 0.05f, 200.0f) *
         glm::lookAt(eye, glm::vec3(0.0f), glm::vec3(0, 1, 0));
}

// World point to CSS pixels in the view; false when behind the camera.
bool to_screen(const glm::vec3& p, ImVec2& out) {
  glm::vec4 c = g.view_proj * glm::vec4(p, 1.0f);
  if (c.w <= 0.05f) return false;
  const Rect& v = g.view_at_draw;
  out = ImVec2(v.x + (c.x / c.w * 0.5f + 0.5f) * v.w, v.y + (0.5f - c.y / c.w * 0.5f) * v.h);
  return true;
}

/// Uploads every stride-th glyph, and every highlighted one; returns how many were uploaded.
size_t upload_instances(const bandada::DrawData& d, size_t stride) {
  if (g.uploaded_version == d.version && g.uploaded_stride == stride && d.version != 0) return g.uploaded;
  g.uploaded_version = d.version;
  g.uploaded_stride = stride;
  g.upload.clear();
  for (size_t i = 0; i < d.count; ++i) {
    if (i % stride != 0 && d.highlight[i] == 0) continue;
    for (int k = 0; k < 3; ++k) g.upload.push_back(d.pos[i * 3 + k]);
    for (int k = 0; k < 3; ++k) g.upload.push_back(d.dir[i * 3 + k]);
    g.upload.push_back(static_cast<float>(d.highlight[i]));
  }
  g.uploaded = g.upload.size() / 7;
  glBindBuffer(GL_ARRAY_BUFFER, g.instances);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(g.upload.size() * sizeof(float)), g.upload.data(),
               GL_STREAM_DRAW);
  return g.uploaded;
}

}  // namespace

void OrbitCamera::orbit(float dx_px, float dy_px) {
  yaw -= dx_px * 0.008f;
  pitch = std::clamp(pitch + dy_px * 0.008f, -1.5f, 1.5f);
}

void OrbitCamera::zoom(float wheel_delta) {
  distance = std::clamp(distance * std::exp(wheel_delta * 0.0015f), 2.0f, 80.0f);
}

bool view3d_init() {
  GLuint vs = compile(GL_VERTEX_SHADER, kVertexShader), fs = compile(GL_FRAGMENT_SHADER, kFragmentShader);
  if (!vs || !fs) return false;
  g.program = glCreateProgram();
  glAttachShader(g.program, vs);
  glAttachShader(g.program, fs);
  glLinkProgram(g.program);
  GLint ok = 0;
  glGetProgramiv(g.program, GL_LINK_STATUS, &ok);
  if (!ok) return false;
  g.u_vp = glGetUniformLocation(g.program, "u_vp");
  g.u_len = glGetUniformLocation(g.program, "u_len");
  g.u_points = glGetUniformLocation(g.program, "u_points");

  std::vector<float> mesh;
  build_cone(mesh);
  g.mesh_vertices = static_cast<int>(mesh.size() / 6);
  glGenVertexArrays(1, &g.vao);
  glBindVertexArray(g.vao);
  glGenBuffers(1, &g.mesh);
  glBindBuffer(GL_ARRAY_BUFFER, g.mesh);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.size() * sizeof(float)), mesh.data(),
               GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 24, reinterpret_cast<void*>(0));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 24, reinterpret_cast<void*>(12));
  glGenBuffers(1, &g.instances);
  // The glyph buffer's position, heading and flag (locations 2-4): once a glyph, per instance
  // for the cones, per vertex for the points.
  auto glyph_attributes = [](GLuint divisor) {
    glBindBuffer(GL_ARRAY_BUFFER, g.instances);
    for (int k = 0; k < 3; ++k) glEnableVertexAttribArray(2 + k);
    glVertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, 28, reinterpret_cast<void*>(0));
    glVertexAttribPointer(3, 3, GL_FLOAT, GL_FALSE, 28, reinterpret_cast<void*>(12));
    glVertexAttribPointer(4, 1, GL_FLOAT, GL_FALSE, 28, reinterpret_cast<void*>(24));
    for (int k = 0; k < 3; ++k) glVertexAttribDivisor(2 + k, divisor);
  };
  glyph_attributes(1);
  // Points as plain vertices: a software renderer (SwiftShader) pays a fixed cost per instance;
  // 1 600 points drawn as instances took it ~12 ms a frame, as vertices 0.5 ms.
  glGenVertexArrays(1, &g.points_vao);
  glBindVertexArray(g.points_vao);
  glyph_attributes(0);
  glBindVertexArray(0);
  return true;
}

void view3d_overlays() {
  App& a = app();
  g.view_at_draw = a.view;
  if (a.view.w < 2 || a.view.h < 2) return;
  g.view_proj = view_projection(a.camera, a.view.w / a.view.h);
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const Rect& v = a.view;
  dl->PushClipRect(ImVec2(v.x, v.y), ImVec2(v.x + v.w, v.y + v.h));
  // The periodic cube.
  const float h = static_cast<float>(a.draw.width * 0.5);
  for (int e = 0; e < 12; ++e) {
    const int axis = e / 4, k = e % 4;
    const float s1 = (k & 1) ? h : -h, s2 = (k & 2) ? h : -h;
    glm::vec3 p0 = axis == 0   ? glm::vec3(-h, s1, s2)
                   : axis == 1 ? glm::vec3(s1, -h, s2)
                               : glm::vec3(s1, s2, -h);
    glm::vec3 p1 = axis == 0 ? glm::vec3(h, s1, s2) : axis == 1 ? glm::vec3(s1, h, s2) : glm::vec3(s1, s2, h);
    ImVec2 a0, a1;
    if (to_screen(p0, a0) && to_screen(p1, a1)) dl->AddLine(a0, a1, IM_COL32(120, 130, 150, 160), 1.0f);
  }
  for (const bandada::Overlay& o : a.draw.overlays) {
    const glm::vec3 p(o.x, o.y, o.z);
    if (o.kind == bandada::Overlay::Kind::circle) {  // a radius: three great circles
      for (int plane = 0; plane < 3; ++plane) {
        ImVec2 pts[65];
        int m = 0;
        for (int k = 0; k <= 64; ++k) {
          const float t = 6.2831853f * k / 64;
          const glm::vec3 d = plane == 0   ? glm::vec3(std::cos(t), std::sin(t), 0)
                              : plane == 1 ? glm::vec3(std::cos(t), 0, std::sin(t))
                                           : glm::vec3(0, std::cos(t), std::sin(t));
          if (to_screen(p + o.size * d, pts[m])) ++m;
        }
        if (m > 1) dl->AddPolyline(pts, m, imgui_colour(o.colour), 0, 1.0f);
      }
    } else if (o.kind == bandada::Overlay::Kind::ring) {
      ImVec2 c;
      if (to_screen(p, c)) dl->AddCircle(c, o.size, imgui_colour(o.colour), 24, 2.0f);
    }
  }
  dl->PopClipRect();
}

void view3d_draw(int fb_width, int fb_height, float css_to_fb) {
  App& a = app();
  glViewport(0, 0, fb_width, fb_height);
  glClearColor(0.055f, 0.065f, 0.09f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  const Rect& v = g.view_at_draw;
  const bandada::DrawData& d = a.draw;
  if (v.w < 2 || v.h < 2 || d.space != bandada::Space::cube || d.count == 0) return;
  const DrawPlan& plan = a.plan;
  const GLsizei n = static_cast<GLsizei>(upload_instances(d, plan.stride));
  glViewport(static_cast<GLint>(v.x * css_to_fb), static_cast<GLint>(fb_height - (v.y + v.h) * css_to_fb),
             static_cast<GLsizei>(v.w * css_to_fb), static_cast<GLsizei>(v.h * css_to_fb));
  glEnable(GL_DEPTH_TEST);
  glUseProgram(g.program);
  glUniformMatrix4fv(g.u_vp, 1, GL_FALSE, glm::value_ptr(g.view_proj));
  glUniform1f(g.u_len, kConeLength);
  if (plan.cones) {
    glBindVertexArray(g.vao);
    glUniform1i(g.u_points, 0);
    glDrawArraysInstanced(GL_TRIANGLES, 0, g.mesh_vertices, n);
  }
  glBindVertexArray(g.points_vao);
  glUniform1i(g.u_points, plan.cones ? 1 : 2);
  glDrawArrays(GL_POINTS, 0, n);
  glBindVertexArray(0);
  glDisable(GL_DEPTH_TEST);
  glViewport(0, 0, fb_width, fb_height);
}

bool view3d_pick(float x, float y) {
  App& a = app();
  const bandada::DrawData& d = a.draw;
  float best = 14.0f * 14.0f;
  int64_t best_i = -1;
  float best_depth = 1e30f;
  for (size_t i = 0; i < d.count; ++i) {
    const glm::vec4 c = g.view_proj * glm::vec4(d.pos[i * 3], d.pos[i * 3 + 1], d.pos[i * 3 + 2], 1.0f);
    if (c.w <= 0.05f) continue;
    const Rect& v = g.view_at_draw;
    const float sx = v.x + (c.x / c.w * 0.5f + 0.5f) * v.w, sy = v.y + (0.5f - c.y / c.w * 0.5f) * v.h;
    const float d2 = (sx - x) * (sx - x) + (sy - y) * (sy - y);
    if (d2 < best - 1e-3f || (std::fabs(d2 - best) <= 1e-3f && c.w < best_depth)) {
      best = d2;
      best_i = static_cast<int64_t>(i);
      best_depth = c.w;
    }
  }
  return best_i >= 0 && a.session().select(best_i).ok;
}

}  // namespace web
