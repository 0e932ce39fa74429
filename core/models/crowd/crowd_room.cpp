// Bandada — the crowd's rooms (crowd.h): the preset layouts, a room built from a preset and the
// command line's edits, a scenario file's room, and the tools' edits of a running crowd's room.
#include <algorithm>
#include <cmath>
#include <utility>

#include "crowd.h"
#include "crowd_scenario.h"

namespace bandada {
namespace {

CrowdLayout room(const char* name, double w, double h) {
  return {name, w, h, {}, {}, {}, 0.5, 0.5, w - 0.5, h - 0.5};
}

}  // namespace

const std::vector<CrowdLayout>& crowd_layouts() {
  static const std::vector<CrowdLayout> all = [] {
    std::vector<CrowdLayout> v;
    // The paper's set-up: a 15 × 15 m room, one 1 m exit in the middle of the right wall.
    CrowdLayout a = room("Room 15 × 15 m, one 1 m exit", 15, 15);
    a.walls = {{0, 0, 15, 0}, {15, 0, 15, 7}, {15, 8, 15, 15}, {15, 15, 0, 15}, {0, 15, 0, 0}};
    a.exits = {{15, 7, 15, 8}};
    v.push_back(a);
    CrowdLayout b = room("Two exits (left and right)", 15, 15);
    b.walls = {{0, 0, 15, 0}, {15, 0, 15, 7}, {15, 8, 15, 15}, {15, 15, 0, 15}, {0, 15, 0, 8}, {0, 7, 0, 0}};
    b.exits = {{15, 7, 15, 8}, {0, 8, 0, 7}};
    v.push_back(b);
    CrowdLayout c = a;
    c.name = "A column in front of the exit";
    c.columns = {{13.6, 7.5, 0.4}};
    v.push_back(c);
    // A 20 × 10 m hall: people start in its left half; a wall across its middle leaves a 1.2 m
    // gap; a 2 m exit at the far end.
    CrowdLayout d = room("Corridor bottleneck (a 1.2 m gap)", 20, 10);
    d.walls = {{0, 0, 20, 0}, {20, 0, 20, 4},   {20, 6, 20, 10},  {20, 10, 0, 10},
               {0, 10, 0, 0}, {10, 0, 10, 4.4}, {10, 5.6, 10, 10}};
    d.exits = {{20, 4, 20, 6}};
    d.sx1 = 9.5;
    v.push_back(d);
    // For scale: a 140 × 100 m hall with eight exits, two in each wall (20 000 people fit).
    CrowdLayout h = room("Hall 140 × 100 m, eight exits", 140, 100);
    h.walls = {{0, 0, 34, 0},      {36, 0, 104, 0},     {106, 0, 140, 0},     {140, 0, 140, 29},
               {140, 31, 140, 69}, {140, 71, 140, 100}, {140, 100, 106, 100}, {104, 100, 36, 100},
               {34, 100, 0, 100},  {0, 100, 0, 71},     {0, 69, 0, 31},       {0, 29, 0, 0}};
    h.exits = {{34, 0, 36, 0},       {104, 0, 106, 0},   {140, 29, 140, 31}, {140, 69, 140, 71},
               {106, 100, 104, 100}, {36, 100, 34, 100}, {0, 71, 0, 69},     {0, 31, 0, 29}};
    v.push_back(h);
    return v;
  }();
  return all;
}

const char* crowd_preset_word(uint32_t k) {
  static const char* const kWords[] = {"room", "two-exits", "column", "corridor", "hall"};
  return k < 5 ? kWords[k] : "";
}

namespace {

void cut_into_wall(CrowdLayout& L, size_t at, double a, double b);

/// A second exit `width` wide centred `s` m along the outer walls, anticlockwise from the corner
/// (0, 0) (past the walls' whole length it goes round again). It stays on the side it falls on,
/// at least 0.1 m from its corners; where that meets an exit or a break in the wall, it moves
/// along the side, 5 cm at a time (on a tie, away from the side's start first), to the nearest
/// place where one wall holds it whole. A side too short for it gets none.
void add_second_exit(CrowdLayout& L, double s, double width) {
  const double W = L.width, H = L.height, around = 2 * (W + H);
  s -= around * std::floor(s / around);
  // The side: its start, its direction and its length.
  double x0 = 0, y0 = 0, dx = 1, dy = 0, len = W;
  if (s >= W && s < W + H) {
    x0 = W, dx = 0, dy = 1, len = H, s -= W;
  } else if (s >= W + H && s < 2 * W + H) {
    x0 = W, y0 = H, dx = -1, dy = 0, len = W, s -= W + H;
  } else if (s >= 2 * W + H) {
    y0 = H, dx = 0, dy = -1, len = H, s -= 2 * W + H;
  }
  const double lo = width / 2 + 0.1, hi = len - width / 2 - 0.1;
  if (lo > hi) return;
  const double c = std::fmin(hi, std::fmax(lo, s));
  for (int k = 0; k <= static_cast<int>(len / 0.05) * 2 + 2; ++k) {
    const double at = c + (k % 2 ? 1 : -1) * 0.05 * ((k + 1) / 2);
    if (at < lo || at > hi) continue;
    const double ax = x0 + dx * (at - width / 2), ay = y0 + dy * (at - width / 2);
    const double bx = x0 + dx * (at + width / 2), by = y0 + dy * (at + width / 2);
    for (size_t w = 0; w < L.walls.size(); ++w) {
      const CrowdSegment& g = L.walls[w];
      if (distance_to(g, ax, ay) > 1e-9 || distance_to(g, bx, by) > 1e-9) continue;
      const double gx = g.x2 - g.x1, gy = g.y2 - g.y1, g2 = gx * gx + gy * gy;
      double a = ((ax - g.x1) * gx + (ay - g.y1) * gy) / g2, b = ((bx - g.x1) * gx + (by - g.y1) * gy) / g2;
      if (a > b) std::swap(a, b);
      cut_into_wall(L, w, a, b);
      return;
    }
  }
}

/// The preset with every exit `width` wide about its centre; the walls ending at its ends follow.
CrowdLayout preset_room(const CrowdParams& p) {
  const std::vector<CrowdLayout>& all = crowd_layouts();
  CrowdLayout L = all[std::min<size_t>(p.layout, all.size() - 1)];
  for (CrowdSegment& e : L.exits) {
    const double cx = (e.x1 + e.x2) / 2, cy = (e.y1 + e.y2) / 2, dx = e.x2 - e.x1, dy = e.y2 - e.y1;
    const double len = std::sqrt(dx * dx + dy * dy), k = p.exit_width / (2 * len);
    const CrowdSegment wide{cx - k * dx, cy - k * dy, cx + k * dx, cy + k * dy};
    for (CrowdSegment& w : L.walls) {
      auto move = [](double& x, double& y, double ox, double oy, double nx, double ny) {
        if (x == ox && y == oy) {
          x = nx;
          y = ny;
        }
      };
      move(w.x1, w.y1, e.x1, e.y1, wide.x1, wide.y1);
      move(w.x2, w.y2, e.x1, e.y1, wide.x1, wide.y1);
      move(w.x1, w.y1, e.x2, e.y2, wide.x2, wide.y2);
      move(w.x2, w.y2, e.x2, e.y2, wide.x2, wide.y2);
    }
    e = wide;
  }
  if (p.exit2 > 0) add_second_exit(L, p.exit2, p.exit_width);
  return L;
}

/// Cuts an exit into wall `at` of L between the fractions a < b of its length (from its first
/// end): the exit, and the wall's pieces on either side (none shorter than 5 cm).
void cut_into_wall(CrowdLayout& L, size_t at, double a, double b) {
  const CrowdSegment w = L.walls[at];
  const double dx = w.x2 - w.x1, dy = w.y2 - w.y1, len = std::sqrt(dx * dx + dy * dy);
  L.walls.erase(L.walls.begin() + static_cast<long>(at));
  if (a * len >= 0.05) L.walls.push_back({w.x1, w.y1, w.x1 + a * dx, w.y1 + a * dy});
  if ((1 - b) * len >= 0.05) L.walls.push_back({w.x1 + b * dx, w.y1 + b * dy, w.x2, w.y2});
  L.exits.push_back({w.x1 + a * dx, w.y1 + a * dy, w.x1 + b * dx, w.y1 + b * dy});
}

bool inside_room(const CrowdLayout& L, double x, double y) {
  return x >= 0 && x <= L.width && y >= 0 && y <= L.height;
}

/// The wall from a to b less its pieces that lie in or along an exit area: there the area is an
/// opening (a doorway's far side, or an exit strip against the room's edge), not a wall that
/// pushes people back from it. The rest in pieces, in order along the wall.
void open_at_exits(const CrowdPoint& a, const CrowdPoint& b, const std::vector<CrowdExitArea>& exits,
                   std::vector<CrowdSegment>& walls) {
  const CrowdSegment w{a.x, a.y, b.x, b.y};
  std::vector<double> t = {0.0, 1.0};
  for (const CrowdExitArea& e : exits) cuts_along(w, e.area, t);
  std::sort(t.begin(), t.end());
  double from = -1;  // the start of the piece being kept (-1: none)
  for (size_t k = 0; k + 1 < t.size(); ++k) {
    if (!(t[k + 1] > t[k])) continue;
    const double m = 0.5 * (t[k] + t[k + 1]), mx = w.x1 + m * (w.x2 - w.x1), my = w.y1 + m * (w.y2 - w.y1);
    bool open = false;
    for (size_t j = 0; j < exits.size() && !open; ++j) open = in_or_on(exits[j].area, mx, my);
    if (!open && from < 0) from = t[k];
    if (open && from >= 0) {
      walls.push_back({w.x1 + from * (w.x2 - w.x1), w.y1 + from * (w.y2 - w.y1), w.x1 + t[k] * (w.x2 - w.x1),
                       w.y1 + t[k] * (w.y2 - w.y1)});
      from = -1;
    }
  }
  if (from == 0.0)
    walls.push_back(w);  // whole, its ends exactly the ring's
  else if (from > 0)
    walls.push_back({w.x1 + from * (w.x2 - w.x1), w.y1 + from * (w.y2 - w.y1), w.x2, w.y2});
}

}  // namespace

std::string CrowdRoomError::cli_words() const {
  if (what == Edit::none) return {};
  static const char* const names[] = {"", "wall", "exit", "obstacle", "start-area"};
  const std::string option = std::string("--") + names[static_cast<int>(what)];
  return what == Edit::start_area ? option + ": " + reason
                                  : option + " number " + std::to_string(index + 1) + ": " + reason;
}

CrowdRoomError crowd_room(const CrowdParams& p, const CrowdRoomEdits& edits, CrowdLayout& out) {
  using Edit = CrowdRoomError::Edit;
  CrowdLayout L = preset_room(p);
  const std::string size =
      std::to_string(static_cast<int>(L.width)) + " × " + std::to_string(static_cast<int>(L.height)) + " m";
  for (size_t k = 0; k < edits.walls.size(); ++k) {
    const CrowdSegment& w = edits.walls[k];
    const double len = std::sqrt((w.x2 - w.x1) * (w.x2 - w.x1) + (w.y2 - w.y1) * (w.y2 - w.y1));
    if (!inside_room(L, w.x1, w.y1) || !inside_room(L, w.x2, w.y2))
      return {Edit::wall, k, "both ends inside the room (" + size + ")"};
    if (!(len >= 0.1 && len <= 1000.0)) return {Edit::wall, k, "0.1 … 1000 m long"};
    L.walls.push_back(w);
  }
  for (size_t k = 0; k < edits.exits.size(); ++k) {
    // An exit lies along a wall: both its ends within 1 cm of the same wall, 0.4 m wide at least.
    const CrowdSegment& e = edits.exits[k];
    const double len = std::sqrt((e.x2 - e.x1) * (e.x2 - e.x1) + (e.y2 - e.y1) * (e.y2 - e.y1));
    if (!(len >= 0.4)) return {Edit::exit, k, "at least 0.4 m wide"};
    size_t at = L.walls.size();
    for (size_t w = 0; w < L.walls.size() && at == L.walls.size(); ++w)
      if (distance_to(L.walls[w], e.x1, e.y1) <= 0.01 && distance_to(L.walls[w], e.x2, e.y2) <= 0.01) at = w;
    if (at == L.walls.size()) return {Edit::exit, k, "not along a wall (both ends within 1 cm of one wall)"};
    const CrowdSegment w = L.walls[at];
    const double dx = w.x2 - w.x1, dy = w.y2 - w.y1, len2 = dx * dx + dy * dy;
    double a = ((e.x1 - w.x1) * dx + (e.y1 - w.y1) * dy) / len2,
           b = ((e.x2 - w.x1) * dx + (e.y2 - w.y1) * dy) / len2;
    if (a > b) std::swap(a, b);
    cut_into_wall(L, at, std::max(0.0, a), std::min(1.0, b));
  }
  for (size_t k = 0; k < edits.columns.size(); ++k) {
    const CrowdColumn& c = edits.columns[k];
    if (!inside_room(L, c.x, c.y)) return {Edit::obstacle, k, "its centre inside the room (" + size + ")"};
    if (!(c.r >= kCrowdColumnMin && c.r <= kCrowdColumnMax)) return {Edit::obstacle, k, "radius 0.1 … 10 m"};
    L.columns.push_back(c);
  }
  if (edits.has_start) {  // a rectangle inside the room, at least 0.5 m each way
    const double x0 = std::min(edits.sx0, edits.sx1), x1 = std::max(edits.sx0, edits.sx1),
                 y0 = std::min(edits.sy0, edits.sy1), y1 = std::max(edits.sy0, edits.sy1);
    if (!inside_room(L, x0, y0) || !inside_room(L, x1, y1) || !(x1 - x0 >= 0.5 && y1 - y0 >= 0.5))
      return {Edit::start_area, 0, "a rectangle at least 0.5 m each way inside the room (" + size + ")"};
    L.sx0 = x0, L.sy0 = y0, L.sx1 = x1, L.sy1 = y1;
  }
  out = std::move(L);
  return {};
}

Crowd::Crowd(const CrowdParams& p) : Crowd(p, preset_room(p)) {}

CrowdLayout crowd_scenario_room(const CrowdScenario& s) {
  CrowdLayout L;
  L.name = "Scenario";
  double ax = INFINITY, ay = INFINITY, bx = -INFINITY, by = -INFINITY;
  for (const CrowdPolygon& poly : s.walkable)
    for (const CrowdRing& ring : poly)
      for (size_t k = 0; k < ring.size(); ++k) {
        const CrowdPoint &a = ring[k], &b = ring[(k + 1) % ring.size()];
        if (s.periodic == 0 || a.x != b.x) open_at_exits(a, b, s.exits, L.walls);  // no end walls
        ax = std::min(ax, a.x), ay = std::min(ay, a.y), bx = std::max(bx, a.x), by = std::max(by, a.y);
      }
  L.x0 = ax;
  L.y0 = ay;
  L.width = bx - ax;
  L.height = by - ay;
  L.sx0 = ax;
  L.sy0 = ay;
  L.sx1 = bx;
  L.sy1 = by;
  L.walkable = s.walkable;
  L.exit_areas = s.exits;
  L.zones = s.zones;
  L.checkpoints = s.checkpoints;
  L.columns = s.columns;
  L.periodic = s.periodic;
  return L;
}

bool Crowd::add_wall(double x1, double y1, double x2, double y2) {
  const double len = std::sqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1));
  if (!(len >= 0.1 && len <= 100.0)) return false;
  for (double v : {x1, x2})
    if (!(v - layout_.x0 >= 0 && v - layout_.x0 <= layout_.width)) return false;
  for (double v : {y1, y2})
    if (!(v - layout_.y0 >= 0 && v - layout_.y0 <= layout_.height)) return false;
  layout_.walls.push_back({x1, y1, x2, y2});
  build_navigation();
  return true;
}

bool Crowd::cut_exit(double x, double y, double width) {
  if (!(width >= 0.4 && width <= 10.0)) return false;
  size_t best = layout_.walls.size();
  double bd = 1.0;
  for (size_t k = 0; k < layout_.walls.size(); ++k) {
    const double d = distance_to(layout_.walls[k], x, y);
    if (d <= bd) {
      bd = d;
      best = k;
    }
  }
  if (best == layout_.walls.size()) return false;
  const CrowdSegment w = layout_.walls[best];
  const double dx = w.x2 - w.x1, dy = w.y2 - w.y1, len = std::sqrt(dx * dx + dy * dy);
  if (len < width) return false;
  double qx, qy;
  nearest_on(w, x, y, qx, qy);
  double t = ((qx - w.x1) * dx + (qy - w.y1) * dy) / (len * len);
  const double half = 0.5 * width / len;
  t = std::min(1.0 - half, std::max(half, t));
  cut_into_wall(layout_, best, t - half, t + half);
  build_navigation();
  return true;
}

bool Crowd::add_column(double x, double y, double r) {
  if (!(r >= kCrowdColumnMin && r <= kCrowdToolColumnMax) ||
      !(x - layout_.x0 >= 0 && x - layout_.x0 <= layout_.width && y - layout_.y0 >= 0 &&
        y - layout_.y0 <= layout_.height))
    return false;
  for (size_t j = 0; j < people_.x.size(); ++j)
    if (std::sqrt((x - people_.x[j]) * (x - people_.x[j]) + (y - people_.y[j]) * (y - people_.y[j])) <
        r + people_.r[j])
      return false;
  layout_.columns.push_back({x, y, r});
  build_navigation();
  return true;
}

bool Crowd::remove_nearest(double x, double y) {
  // The nearest thing within 1 m: a person (to their rim), a column, an exit, a wall.
  double best = 1.0;
  int kind = -1;
  size_t at = 0;
  auto consider = [&](double d, int k, size_t i) {
    if (d < best) {
      best = d;
      kind = k;
      at = i;
    }
  };
  for (size_t i = 0; i < people_.x.size(); ++i)
    consider(std::max(0.0, std::sqrt((x - people_.x[i]) * (x - people_.x[i]) +
                                     (y - people_.y[i]) * (y - people_.y[i])) -
                               people_.r[i]),
             0, i);
  for (size_t i = 0; i < layout_.columns.size(); ++i) {
    const CrowdColumn& c = layout_.columns[i];
    consider(std::max(0.0, std::sqrt((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)) - c.r), 1, i);
  }
  for (size_t i = 0; i < layout_.exits.size(); ++i) consider(distance_to(layout_.exits[i], x, y), 2, i);
  for (size_t i = 0; i < layout_.walls.size(); ++i) consider(distance_to(layout_.walls[i], x, y), 3, i);
  if (kind < 0) return false;
  if (kind == 0) {
    people_.erase(at);  // their place on their journey goes with them
    return true;
  }
  if (kind == 1) layout_.columns.erase(layout_.columns.begin() + static_cast<long>(at));
  if (kind == 2) {  // an exit closes: it becomes wall again
    layout_.walls.push_back(layout_.exits[at]);
    layout_.exits.erase(layout_.exits.begin() + static_cast<long>(at));
  }
  if (kind == 3) layout_.walls.erase(layout_.walls.begin() + static_cast<long>(at));
  build_navigation();
  return true;
}

}  // namespace bandada
