// Bandada — where the crowd's people head (crowd.h): the navigation field (a Dijkstra over the
// room's cells from each route's exits, cached for a room built again), the straight way when it
// is clear, the desired direction, and the speed zones' factor on the desired speed.
#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>
#include <queue>
#include <utility>

#include "crowd.h"
#include "crowd_reach.h"

namespace bandada {
namespace {

/// The cells of a w × h grid of cell g from (x0, y0) whose centres lie within `reach` of the box
/// [ax, bx] × [ay, by], as index ranges.
struct CellRange {
  int i0, i1, j0, j1;
};
CellRange cells_near(double ax, double ay, double bx, double by, double reach, double x0, double y0, double g,
                     int w, int h) {
  auto lo = [&](double v, double o, int n) {
    return std::max(0, std::min(n, static_cast<int>(std::floor((v - reach - o) / g - 0.5))));
  };
  auto hi = [&](double v, double o, int n) {
    return std::max(-1, std::min(n - 1, static_cast<int>(std::ceil((v + reach - o) / g - 0.5))));
  };
  return {lo(std::min(ax, bx), x0, w), hi(std::max(ax, bx), x0, w), lo(std::min(ay, by), y0, h),
          hi(std::max(ay, by), y0, h)};
}

/// The last few rooms' navigation fields, by everything they are computed from: a room built
/// again (Initialize, a sweep's rows, the same preset) reuses its fields, which are the same
/// numbers. Four rooms at most (a 500 × 500 m floor's field is 32 MB).
struct NavigationCache {
  using Fields = std::vector<std::shared_ptr<const std::vector<double>>>;
  std::mutex lock;
  std::vector<std::pair<std::vector<double>, Fields>> rooms;  // most recent first
};
NavigationCache& navigation_cache() {
  static NavigationCache c;
  return c;
}

std::vector<double> navigation_key(const CrowdLayout& L, const std::vector<std::vector<uint32_t>>& routes,
                                   double g, int w, int h) {
  std::vector<double> k = {g, static_cast<double>(w), static_cast<double>(h), L.x0, L.y0};
  auto mark = [&k](size_t n) { k.push_back(static_cast<double>(n)); };
  mark(L.walls.size());
  for (const CrowdSegment& s : L.walls) k.insert(k.end(), {s.x1, s.y1, s.x2, s.y2});
  mark(L.exits.size());
  for (const CrowdSegment& s : L.exits) k.insert(k.end(), {s.x1, s.y1, s.x2, s.y2});
  mark(L.columns.size());
  for (const CrowdColumn& c : L.columns) k.insert(k.end(), {c.x, c.y, c.r});
  mark(L.exit_areas.size());
  for (const CrowdExitArea& a : L.exit_areas) {
    mark(a.area.size());
    for (const CrowdPoint& q : a.area) k.insert(k.end(), {q.x, q.y});
  }
  mark(routes.size());
  for (const std::vector<uint32_t>& r : routes) {
    mark(r.size());
    for (uint32_t a : r) mark(a);
  }
  if (!L.checkpoints.empty()) mark(L.checkpoints.size());  // (none: the key as it was)
  for (const CrowdCheckpoint& c : L.checkpoints) {
    mark(c.area.size());
    for (const CrowdPoint& q : c.area) k.insert(k.end(), {q.x, q.y});
  }
  return k;
}

/// An exit area as an aim from (x, y) for a body of radius r: its nearest point (nx, ny), each of
/// its edges less a body radius at each end (an area in a doorway has its corners at the jambs,
/// and a body aiming at one presses into the wall's end for good), and 0.5 m on into the area
/// beyond it (ax, ay); the distance to the aim. Only edges a body wide are aimed at when the area
/// has one (a thin area in a doorway, a segment exit among them: its ends lie at the jambs).
double aim_into(const CrowdRing& ring, double x, double y, double r, double& ax, double& ay, double& nx,
                double& ny) {
  double d = INFINITY;
  ax = x;
  ay = y;
  bool wide = false;  // an edge at least a body wide
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &p0 = ring[k], &p1 = ring[k + 1 < ring.size() ? k + 1 : 0];
    const double dx = p1.x - p0.x, dy = p1.y - p0.y;
    wide = wide || dx * dx + dy * dy >= 4 * r * r;
  }
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &p0 = ring[k], &p1 = ring[k + 1 < ring.size() ? k + 1 : 0];
    const double dx = p1.x - p0.x, dy = p1.y - p0.y;
    if (wide && dx * dx + dy * dy < 4 * r * r) continue;
    const double len = std::sqrt(dx * dx + dy * dy);
    const double cut = len > 0 ? std::min(r, 0.45 * len) / len : 0.0;
    double px, py;
    nearest_on({p0.x + cut * dx, p0.y + cut * dy, p1.x - cut * dx, p1.y - cut * dy}, x, y, px, py);
    const double dk = std::sqrt((px - x) * (px - x) + (py - y) * (py - y));
    if (dk < d) {
      d = dk;
      ax = px;
      ay = py;
    }
  }
  nx = ax;
  ny = ay;
  if (d > 0.0) {
    ax += 0.5 * (ax - x) / d;
    ay += 0.5 * (ay - y) / d;
    d += 0.5;
  }
  return d;
}

/// A bound below aim_into's distance for a ring from (x, y), from its box: the distance beyond the
/// box (less a margin far above the rounding in aim_into's own sums), then 0.5 m on as there. An
/// exit whose bound is beyond the best aim so far cannot be nearer, and need not be measured.
double aim_bound(const CrowdBox& box, double x, double y) {
  const double d = beyond_box(box, x, y);
  return d > 0.0 ? d + 0.5 : 0.0;
}

/// The eight neighbours of a cell, in the order the navigation passes take them: four sides, then
/// four diagonals.
constexpr int kNavDi[] = {1, -1, 0, 0, 1, 1, -1, -1}, kNavDj[] = {0, 0, 1, -1, 1, -1, 1, -1};

}  // namespace

void Crowd::build_doors() {
  doors_ = layout_.exit_areas;
  const auto areas = static_cast<uint32_t>(doors_.size());
  for (const CrowdSegment& e : layout_.exits) {
    // A segment exit is crossed, from either side: an area kCrowdDoorDepth either side of it.
    const double dx = e.x2 - e.x1, dy = e.y2 - e.y1, len = std::sqrt(dx * dx + dy * dy);
    const double nx = len > 0 ? -dy / len * kCrowdDoorDepth : 0.0,
                 ny = len > 0 ? dx / len * kCrowdDoorDepth : 0.0;
    doors_.push_back(
        {"",
         {{e.x1 - nx, e.y1 - ny}, {e.x2 - nx, e.y2 - ny}, {e.x2 + nx, e.y2 + ny}, {e.x1 + nx, e.y1 + ny}}});
  }
  route_doors_ = routes_;
  for (std::vector<uint32_t>& r : route_doors_)
    for (uint32_t d = areas; d < doors_.size(); ++d) r.push_back(d);
  // Then each checkpoint, as a door no route leaves by: its field is walked toward it.
  for (const CrowdCheckpoint& c : layout_.checkpoints) doors_.push_back({c.id, c.area});
  door_boxes_.clear();
  for (const CrowdExitArea& d : doors_) door_boxes_.push_back(box_of(d.area));
}

void Crowd::build_navigation() {
  // A floor too large for 4 million cells of 0.1 m gets coarser cells (a preset never does).
  const double area = layout_.width * layout_.height;
  nav_cell_ = area / (kCrowdNavCell * kCrowdNavCell) <= 4e6 ? kCrowdNavCell : std::sqrt(area / 4e6);
  const double g = nav_cell_, x0 = layout_.x0, y0 = layout_.y0;
  nav_w_ = std::max(1, static_cast<int>(std::ceil(layout_.width / g)));
  nav_h_ = std::max(1, static_cast<int>(std::ceil(layout_.height / g)));
  const size_t cells = static_cast<size_t>(nav_w_) * nav_h_;
  routes_[0].clear();
  for (uint32_t a = 0; a < layout_.exit_areas.size(); ++a) routes_[0].push_back(a);
  build_doors();
  const std::vector<double> key = navigation_key(layout_, routes_, g, nav_w_, nav_h_);
  NavigationCache& cache = navigation_cache();
  {
    std::lock_guard<std::mutex> hold(cache.lock);
    for (const auto& [k, fields] : cache.rooms)
      if (k == key) {
        navs_ = fields;
        return;
      }
  }
  // Blocked: within 0.3 m of a wall or a column's surface (1), and within one cell of it (2),
  // each marking only the cells near it. A cell's centre within a cell of a wall has the wall on
  // no other side: two open cells next to each other are never on the two sides of a wall.
  std::vector<char> blocked(cells, 0);
  std::vector<double> clear(cells, 0.3);  // the distance to the nearest surface, up to 0.3 m
  auto mark = [&](int i, int j, double d) {
    const size_t k = static_cast<size_t>(j) * nav_w_ + i;
    if (d < 0.3) blocked[k] = std::max(blocked[k], static_cast<char>(d < g ? 2 : 1));
    clear[k] = std::min(clear[k], d);
  };
  auto centre = [&](int i, int j, double& cx, double& cy) {
    cx = x0 + (i + 0.5) * g;
    cy = y0 + (j + 0.5) * g;
  };
  for (const CrowdSegment& w : layout_.walls) {
    const CellRange c = cells_near(w.x1, w.y1, w.x2, w.y2, 0.3, x0, y0, g, nav_w_, nav_h_);
    for (int j = c.j0; j <= c.j1; ++j)
      for (int i = c.i0; i <= c.i1; ++i) {
        double cx, cy;
        centre(i, j, cx, cy);
        mark(i, j, distance_to(w, cx, cy));
      }
  }
  for (const CrowdColumn& col : layout_.columns) {
    const CellRange c = cells_near(col.x - col.r, col.y - col.r, col.x + col.r, col.y + col.r, 0.3, x0, y0, g,
                                   nav_w_, nav_h_);
    for (int j = c.j0; j <= c.j1; ++j)
      for (int i = c.i0; i <= c.i1; ++i) {
        double cx, cy;
        centre(i, j, cx, cy);
        mark(i, j, std::sqrt((cx - col.x) * (cx - col.x) + (cy - col.y) * (cy - col.y)) - col.r);
      }
  }
  navs_.clear();
  NavGround ground{std::move(blocked), std::move(clear), {}};
  for (const std::vector<uint32_t>& route : route_doors_) navs_.push_back(navigation_field(route, ground));
  const auto first = static_cast<uint32_t>(doors_.size() - layout_.checkpoints.size());
  for (uint32_t c = first; c < doors_.size(); ++c) navs_.push_back(navigation_field({c}, ground));
  std::lock_guard<std::mutex> hold(cache.lock);
  cache.rooms.insert(cache.rooms.begin(), {key, navs_});
  if (cache.rooms.size() > 4) cache.rooms.pop_back();
}

std::shared_ptr<const std::vector<double>> Crowd::navigation_field(const std::vector<uint32_t>& route,
                                                                   NavGround& ground) const {
  const std::vector<char>& blocked = ground.blocked;
  auto field = std::make_shared<std::vector<double>>(blocked.size(), INFINITY);
  std::vector<double>& nav = *field;
  // First keeping 0.3 m off walls and columns. Where that leaves ground unreached (a passage
  // narrower than 0.6 m on the only way out: a narrow door or bottleneck), the ground not reached
  // is reached again keeping only a cell off them, each step nearer than 0.3 m to a surface
  // costing more the nearer it is (so the way keeps to the middle of a narrow passage); what the
  // first pass reached keeps its distance, so a room the first pass reaches whole has the field
  // it always had. Where even that leaves ground a body fits on unreached (a passage 0.2 to
  // 0.3 m wide, or a narrow one on a slant, whose cells all lie within a cell of a wall), a third
  // pass steps between any two cells whose step crosses no wall and enters no column.
  std::vector<char> fixed;
  navigation_pass(route, ground, 1, fixed, nav);
  bool whole = !stranded(nav, ground.clear);  // no ground a body fits on left far from the reached
  for (size_t k = 0; k < nav.size() && whole; ++k) {
    if (blocked[k] != 0 || std::isfinite(nav[k])) continue;
    const double cx = layout_.x0 + (static_cast<double>(k % nav_w_) + 0.5) * nav_cell_,
                 cy = layout_.y0 + (static_cast<double>(k / nav_w_) + 0.5) * nav_cell_;
    whole = !layout_.walkable.empty() && !inside_polygons(layout_.walkable, cx, cy);
  }
  for (char level = 2; level <= 3 && !whole; ++level) {
    fixed.resize(nav.size());
    for (size_t k = 0; k < nav.size(); ++k) fixed[k] = std::isfinite(nav[k]);
    if (level == 3 && ground.cut.empty()) ground.cut = crossings();
    navigation_pass(route, ground, level, fixed, nav);
    whole = !stranded(nav, ground.clear);
  }
  return field;  // shared by copies until the room changes
}

bool Crowd::stranded(const std::vector<double>& nav, const std::vector<double>& clear) const {
  const int reach = 3;  // cells: the band the first pass leaves along a wall is 0.3 m
  for (int j = 0; j < nav_h_; ++j)
    for (int i = 0; i < nav_w_; ++i) {
      const size_t k = static_cast<size_t>(j) * nav_w_ + i;
      if (std::isfinite(nav[k]) || !(clear[k] >= kCrowdBodyMin)) continue;
      bool near = false;
      for (int b = std::max(0, j - reach); b <= std::min(nav_h_ - 1, j + reach) && !near; ++b)
        for (int a = std::max(0, i - reach); a <= std::min(nav_w_ - 1, i + reach) && !near; ++a)
          near = std::isfinite(nav[static_cast<size_t>(b) * nav_w_ + a]);
      if (near) continue;
      const double cx = layout_.x0 + (i + 0.5) * nav_cell_, cy = layout_.y0 + (j + 0.5) * nav_cell_;
      if (layout_.walkable.empty() || inside_polygons(layout_.walkable, cx, cy)) return true;
    }
  return false;
}

std::vector<uint8_t> Crowd::crossings() const {
  const double g = nav_cell_, x0 = layout_.x0, y0 = layout_.y0;
  std::vector<uint8_t> cut(static_cast<size_t>(nav_w_) * nav_h_, 0);
  // Bit k of a cell: its step to the neighbour in direction k (navigation_pass's order) crosses or
  // touches a wall, or passes within a column's radius of its centre. A step that crosses a wall
  // has both ends within a step's length (g√2) of it: only the cells that near are tested.
  auto each_step = [&](const CellRange& c, auto hits) {
    for (int j = c.j0; j <= c.j1; ++j)
      for (int i = c.i0; i <= c.i1; ++i)
        for (int k = 0; k < 8; ++k) {
          const int ni = i + kNavDi[k], nj = j + kNavDj[k];
          if (ni < 0 || nj < 0 || ni >= nav_w_ || nj >= nav_h_) continue;
          if (hits(x0 + (i + 0.5) * g, y0 + (j + 0.5) * g, x0 + (ni + 0.5) * g, y0 + (nj + 0.5) * g))
            cut[static_cast<size_t>(j) * nav_w_ + i] |= static_cast<uint8_t>(1u << k);
        }
  };
  for (const CrowdSegment& w : layout_.walls)
    each_step(cells_near(w.x1, w.y1, w.x2, w.y2, 1.5 * g, x0, y0, g, nav_w_, nav_h_),
              [&](double ax, double ay, double bx, double by) {
                double t;
                return path_meets(ax, ay, bx, by, w, t);
              });
  for (const CrowdColumn& col : layout_.columns)
    each_step(cells_near(col.x - col.r, col.y - col.r, col.x + col.r, col.y + col.r, 1.5 * g, x0, y0, g,
                         nav_w_, nav_h_),
              [&](double ax, double ay, double bx, double by) {
                const CrowdSegment step{ax, ay, bx, by};
                return distance_to(step, col.x, col.y) < col.r;
              });
  return cut;
}

void Crowd::navigation_pass(const std::vector<uint32_t>& route, const NavGround& ground, char level,
                            const std::vector<char>& fixed, std::vector<double>& nav) const {
  const double g = nav_cell_, x0 = layout_.x0, y0 = layout_.y0;
  const std::vector<char>& blocked = ground.blocked;
  const bool third = level >= 3;  // no cell shut: a step is refused where it crosses a wall
  auto shut = [&](size_t k) { return !third && blocked[k] >= level; };
  using Item = std::pair<double, uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  // The cells reached before: where this pass starts from, unchanged.
  for (size_t k = 0; k < fixed.size(); ++k)
    if (fixed[k]) open.push({nav[k], static_cast<uint32_t>(k)});
  // The exits' cells: an open cell whose centre lies within 0.75 of a cell of an exit, at that
  // distance (a later exit's distance replaces an earlier's; the search below starts from each).
  // In the third pass, only those a cell clear of every surface or inside the exit (a cell within
  // a cell of a wall may lie behind it).
  const double near = 0.5 * g * 1.5;
  auto seed = [&](const CellRange& c, auto distance) {
    for (int j = c.j0; j <= c.j1; ++j)
      for (int i = c.i0; i <= c.i1; ++i) {
        const size_t k = static_cast<size_t>(j) * nav_w_ + i;
        if (shut(k) || (!fixed.empty() && fixed[k])) continue;
        const double d = distance(x0 + (i + 0.5) * g, y0 + (j + 0.5) * g);
        if (d <= near && (!third || blocked[k] < 2 || d == 0.0)) {
          nav[k] = d;
          open.push({d, static_cast<uint32_t>(k)});
        }
      }
  };
  for (uint32_t a : route) {
    const CrowdRing& ring = doors_[a].area;
    double ax = INFINITY, ay = INFINITY, bx = -INFINITY, by = -INFINITY;
    for (const CrowdPoint& q : ring) {
      ax = std::min(ax, q.x), ay = std::min(ay, q.y), bx = std::max(bx, q.x), by = std::max(by, q.y);
    }
    seed(cells_near(ax, ay, bx, by, near, x0, y0, g, nav_w_, nav_h_),
         [&](double cx, double cy) { return distance_to_area(ring, cx, cy); });
  }
  // Dijkstra over the 8 neighbours (a diagonal only where both sides are open; in the third pass,
  // a step only where it crosses no wall); ties by cell.
  const std::vector<double>* clear = level >= 2 ? &ground.clear : nullptr;
  while (!open.empty()) {
    const auto [d, c] = open.top();
    open.pop();
    if (d > nav[c]) continue;
    const int i = static_cast<int>(c % nav_w_), j = static_cast<int>(c / nav_w_);
    for (int k = 0; k < 8; ++k) {
      const int ni = i + kNavDi[k], nj = j + kNavDj[k];
      if (ni < 0 || nj < 0 || ni >= nav_w_ || nj >= nav_h_) continue;
      const size_t n = static_cast<size_t>(nj) * nav_w_ + ni;
      if (shut(n) || (!fixed.empty() && fixed[n])) continue;
      if (third ? (ground.cut[c] >> k & 1) != 0
                : k >= 4 && (shut(static_cast<size_t>(j) * nav_w_ + ni) ||
                             shut(static_cast<size_t>(nj) * nav_w_ + i)))
        continue;
      double step = k >= 4 ? g * 1.4142135623730951 : g;
      if (clear) step *= 1.0 + 4.0 * (0.3 - (*clear)[n]) / 0.3;  // 1 at 0.3 m from a surface, 5 at it
      const double nd = d + step;
      if (nd < nav[n]) {
        nav[n] = nd;
        open.push({nd, static_cast<uint32_t>(n)});
      }
    }
  }
}

bool Crowd::walks_straight_to(const CrowdRing& area, double x, double y, double r) const {
  // Two aims: the area's nearest point (on its edge; the centre itself inside it), and its
  // corners' mean when that lies inside it (for a thin strip against a wall, whose nearest point
  // may lie within r of a jamb).
  double qx = x, qy = y;
  if (!inside_ring(area, x, y)) {
    double best = INFINITY;
    for (size_t k = 0; k < area.size(); ++k) {
      const CrowdPoint &a = area[k], &b = area[k + 1 < area.size() ? k + 1 : 0];
      double px, py;
      nearest_on({a.x, a.y, b.x, b.y}, x, y, px, py);
      const double d = (px - x) * (px - x) + (py - y) * (py - y);
      if (d < best) best = d, qx = px, qy = py;
    }
  }
  if (clear_walk(x, y, qx, qy, r)) return true;
  double mx = 0, my = 0;
  for (const CrowdPoint& q : area) mx += q.x, my += q.y;
  mx /= static_cast<double>(area.size());
  my /= static_cast<double>(area.size());
  return inside_ring(area, mx, my) && clear_walk(x, y, mx, my, r);
}

bool Crowd::clear_walk(double x, double y, double qx, double qy, double r) const {
  if (!(qx >= layout_.x0 && qx <= layout_.x0 + layout_.width && qy >= layout_.y0 &&
        qy <= layout_.y0 + layout_.height))
    return false;
  const CrowdSegment path{x, y, qx, qy};
  for (const CrowdSegment& w : layout_.walls) {
    double t;
    if (path_meets(x, y, qx, qy, w, t)) return false;
    if (std::min({distance_to(w, x, y), distance_to(w, qx, qy), distance_to(path, w.x1, w.y1),
                  distance_to(path, w.x2, w.y2)}) < r)
      return false;
  }
  for (const CrowdColumn& c : layout_.columns)
    if (distance_to(path, c.x, c.y) < c.r + r) return false;
  return true;
}

bool Crowd::reaches_exit(size_t i, std::vector<std::unique_ptr<CrowdFreeSpace>>& grounds,
                         std::vector<double>& radii) const {
  if (layout_.periodic != 0) return true;  // a corridor without ends has no exits to reach
  // Their first stage: their checkpoint, or the exits of their route.
  const double x = people_.x[i], y = people_.y[i], r = people_.r[i];
  std::vector<const CrowdRing*> stage;
  if (const int32_t c = checkpoint_of(i); c >= 0)
    stage.push_back(&layout_.checkpoints[static_cast<size_t>(c)].area);
  else
    for (uint32_t d : route_of(i)) stage.push_back(&doors_[d].area);
  // First the sure and cheap answer: a straight walk to it, clear by their radius.
  for (const CrowdRing* area : stage)
    if (walks_straight_to(*area, x, y, r)) return true;
  // Then the ground a body of their radius can stand on, built once per radius: whether the part
  // they stand in meets it.
  size_t k = 0;
  while (k < radii.size() && radii[k] != r) ++k;
  if (k == radii.size()) {
    radii.push_back(r);
    grounds.push_back(std::make_unique<CrowdFreeSpace>(layout_.walls, layout_.columns, layout_.x0, layout_.y0,
                                                       layout_.x0 + layout_.width,
                                                       layout_.y0 + layout_.height, r));
  }
  const CrowdFreeSpace& ground = *grounds[k];
  const int part = ground.part_of(x, y);
  for (const CrowdRing* area : stage)
    if (part >= 0 && ground.meets(part, *area)) return true;
  return false;
}

bool Crowd::blocked_path(double x0, double y0, double x1, double y1) const {
  double t;
  for (const CrowdSegment& w : layout_.walls)
    if (path_meets(x0, y0, x1, y1, w, t)) return true;
  for (const CrowdColumn& c : layout_.columns) {
    // The path passes within the column's radius (plus a body) of its centre.
    const double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
    double u = len2 > 0 ? ((c.x - x0) * dx + (c.y - y0) * dy) / len2 : 0.0;
    u = std::min(1.0, std::max(0.0, u));
    const double px = x0 + u * dx - c.x, py = y0 + u * dy - c.y;
    if (std::sqrt(px * px + py * py) < c.r + 0.3) return true;
  }
  return false;
}

double crowd_zone_factor(const std::vector<CrowdZone>& zones, double x, double y) {
  double factor = 1.0;
  for (const CrowdZone& z : zones)  // the furthest from 1 counts; the first on a tie
    if (std::fabs(z.factor - 1.0) > std::fabs(factor - 1.0) && inside_ring(z.area, x, y)) factor = z.factor;
  return factor;
}

double Crowd::desired_speed(size_t i) const {
  const double own = people_.v0[i], v0 = std::isnan(own) ? params_.v0 : own;
  const int32_t c = checkpoint_of(i);
  if (c < 0)
    return layout_.zones.empty() ? v0 : v0 * crowd_zone_factor(layout_.zones, people_.x[i], people_.y[i]);
  // On the way to a checkpoint: its own factor inside it, before the zones' (the web tool's
  // order); and within 0.5 m of their point, slower the nearer (so one who waits stands on it).
  const CrowdCheckpoint& k = layout_.checkpoints[static_cast<size_t>(c)];
  const double f = k.factor != 1.0 && inside_ring(k.area, people_.x[i], people_.y[i]) ? k.factor
                   : layout_.zones.empty()                                            ? 1.0
                                           : crowd_zone_factor(layout_.zones, people_.x[i], people_.y[i]);
  const double dx = people_.tx[i] - people_.x[i], dy = people_.ty[i] - people_.y[i],
               d = std::sqrt(dx * dx + dy * dy);
  return v0 * f * std::min(1.0, d / 0.5);
}

void Crowd::desired(size_t i, double& ex, double& ey) const {
  const double x = people_.x[i], y = people_.y[i], r = people_.r[i];
  ex = ey = 0.0;
  if (layout_.periodic != 0) {  // a corridor without ends: along it, the way it declares
    ex = layout_.periodic;
    return;
  }
  // The aim (qx, qy), and the point the way there must be clear to (cx, cy): the exit's nearest
  // point (the aim may lie beyond a wall); on the way to a checkpoint, the person's point in it.
  double best = INFINITY, qx = 0, qy = 0, cx = 0, cy = 0;
  if (checkpoint_of(i) >= 0) {
    qx = cx = people_.tx[i];
    qy = cy = people_.ty[i];
    best = std::sqrt((qx - x) * (qx - x) + (qy - y) * (qy - y));
    if (best == 0.0) return;  // on it
  } else {
    // The nearest exit, the route's first on a tie: the exit nearest by its box measured first,
    // then only those whose bound is not beyond the best so far.
    const std::vector<uint32_t>& route = route_of(i);
    size_t best_k = route.size(), first = route.size();
    double low = INFINITY;
    for (size_t k = 0; k < route.size(); ++k) {
      const double b = aim_bound(door_boxes_[route[k]], x, y);
      if (first == route.size() || b < low) {
        first = k;
        low = b;
      }
    }
    auto consider = [&](size_t k) {
      double ax, ay, nx, ny;
      const double d = aim_into(doors_[route[k]].area, x, y, r, ax, ay, nx, ny);
      if (d < best || (d == best && best_k < route.size() && k < best_k)) {
        best = d;
        best_k = k;
        qx = ax;
        qy = ay;
        cx = nx;
        cy = ny;
      }
    };
    if (first < route.size()) consider(first);
    for (size_t k = 0; k < route.size(); ++k)
      if (k != first && !(aim_bound(door_boxes_[route[k]], x, y) > best)) consider(k);
  }
  if (best == INFINITY) return;  // no exit: nowhere to go
  if (best > 0.0 && !blocked_path(x, y, cx, cy)) {
    ex = (qx - x) / best;
    ey = (qy - y) / best;
    return;
  }
  down_field(i, ex, ey);
}

void Crowd::down_field(size_t i, double& ex, double& ey) const {
  // Down the navigation field: the bilinear gradient where the four cells around are reached,
  // else toward the lowest reached of the eight cells around.
  const double x = people_.x[i], y = people_.y[i];
  const double g = nav_cell_, rx = x - layout_.x0, ry = y - layout_.y0;
  const std::vector<double>& nav = field_of(i);
  const int i0 = static_cast<int>(std::floor(rx / g - 0.5)), j0 = static_cast<int>(std::floor(ry / g - 0.5));
  auto at = [&](int ci, int cj) {
    if (ci < 0 || cj < 0 || ci >= nav_w_ || cj >= nav_h_) return static_cast<double>(INFINITY);
    return nav[static_cast<size_t>(cj) * nav_w_ + ci];
  };
  const double d00 = at(i0, j0), d10 = at(i0 + 1, j0), d01 = at(i0, j0 + 1), d11 = at(i0 + 1, j0 + 1);
  if (std::isfinite(d00) && std::isfinite(d10) && std::isfinite(d01) && std::isfinite(d11)) {
    const double fx = rx / g - 0.5 - i0, fy = ry / g - 0.5 - j0;
    const double gx = ((d10 - d00) * (1 - fy) + (d11 - d01) * fy) / g;
    const double gy = ((d01 - d00) * (1 - fx) + (d11 - d10) * fx) / g;
    const double len = std::sqrt(gx * gx + gy * gy);
    if (len > 0.0) {
      ex = -gx / len;
      ey = -gy / len;
      return;
    }
  }
  // Toward the lowest reached of the eight cells around. Within the band the field leaves along a
  // wall (0.3 m) none of them may be reached: for a model whose walls do not push people off them
  // (OperationalModel::aims_in_band), then toward the lowest reached cell two, then three cells
  // away whose centre is in sight (no wall between).
  const int ci = static_cast<int>(std::floor(rx / g)), cj = static_cast<int>(std::floor(ry / g));
  const int reach = kOperationalModels[params_.model].aims_in_band ? 3 : 1;
  double low = INFINITY;
  for (int k = 1; k <= reach && low == INFINITY; ++k)
    for (int dj = -k; dj <= k; ++dj)
      for (int di = -k; di <= k; ++di) {
        if (k > 1 && std::max(std::abs(di), std::abs(dj)) != k) continue;  // ring k (k = 1: the block)
        const double d = at(ci + di, cj + dj);
        if (!(d < low)) continue;
        const double tx = (ci + di + 0.5) * g - rx, ty = (cj + dj + 0.5) * g - ry,
                     len = std::sqrt(tx * tx + ty * ty);
        if (len == 0.0) continue;
        bool seen = true;
        double t;
        for (size_t w = 0; k > 1 && seen && w < layout_.walls.size(); ++w)
          seen = !path_meets(x, y, x + tx, y + ty, layout_.walls[w], t);
        if (!seen) continue;
        low = d;
        ex = tx / len;
        ey = ty / len;
      }
}

}  // namespace bandada
