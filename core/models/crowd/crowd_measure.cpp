// Bandada — lines, areas and trajectories of a crowd (see crowd_measure.h).
#include "crowd_measure.h"

#include <algorithm>
#include <cmath>

#include "common/number_text.h"

namespace bandada {

double CrowdLine::length() const {
  return std::sqrt((at.x2 - at.x1) * (at.x2 - at.x1) + (at.y2 - at.y1) * (at.y2 - at.y1));
}

double CrowdLine::flow() const {
  const size_t n = passages.size(), i0 = static_cast<size_t>(std::floor(0.1 * static_cast<double>(n))),
               i1 = static_cast<size_t>(std::floor(0.9 * static_cast<double>(n)));
  if (n < 2 || i1 <= i0 || i1 >= n) return NAN;
  const double dt = passages[i1].t - passages[i0].t;
  return dt > 0 ? static_cast<double>(i1 - i0) / dt : NAN;
}

void measure_area(CrowdArea& area, const Crowd& m) {
  size_t inside = 0;
  double speed = 0;
  for (size_t i = 0; i < m.size(); ++i) {
    if (!inside_ring(area.ring, m.x()[i], m.y()[i])) continue;
    ++inside;
    speed += std::sqrt(m.vx()[i] * m.vx()[i] + m.vy()[i] * m.vy()[i]);
  }
  area.density.push_back(static_cast<double>(inside) / area.area);
  area.speed.push_back(inside ? speed / static_cast<double>(inside) : NAN);
}

void CrowdMeasures::frame(const Crowd& m) {
  const uint64_t f = m.steps();
  if (f == 0) {  // a new crowd: everything starts afresh
    for (CrowdLine& line : lines) line.passages.clear();
    for (CrowdArea& area : areas) area.density.clear(), area.speed.clear();
    seen_.assign(m.placed(), 0);
  }
  if (px_.size() < m.placed()) {
    px_.resize(m.placed(), 0);
    py_.resize(m.placed(), 0);
    seen_.resize(m.placed(), 0);
  }
  const double t0 = kCrowdFrame * static_cast<double>(f == 0 ? 0 : f - 1);
  for (CrowdLine& line : lines) {
    const CrowdSegment& s = line.at;
    const double sx = s.x2 - s.x1, sy = s.y2 - s.y1;
    const size_t first = line.passages.size();
    for (size_t i = 0; f > 0 && i < m.size(); ++i) {
      const uint32_t id = m.ids()[i];
      if (seen_[id] != f) continue;  // not inside at the frame before
      const double x0 = px_[id], y0 = py_[id], rx = m.x()[i] - x0, ry = m.y()[i] - y0;
      const double den = rx * sy - ry * sx;
      if (den == 0.0) continue;
      const double qx = s.x1 - x0, qy = s.y1 - y0;
      const double a = (qx * sy - qy * sx) / den, b = (qx * ry - qy * rx) / den;
      if (a < 0.0 || a >= 1.0 || b < 0.0 || b > 1.0)
        continue;  // a crossing at the frame's end counts next frame
      const double cross = sx * ry - sy * rx;
      line.passages.push_back({t0 + a * kCrowdFrame, id, cross > 0 ? 1 : -1});
    }
    std::sort(line.passages.begin() + static_cast<long>(first), line.passages.end(),
              [](const CrowdPassage& p, const CrowdPassage& q) {
                return p.t < q.t || (p.t == q.t && p.person < q.person);
              });
  }
  for (CrowdArea& area : areas) measure_area(area, m);
  for (size_t i = 0; i < m.size(); ++i) {
    const uint32_t id = m.ids()[i];
    px_[id] = m.x()[i];
    py_[id] = m.y()[i];
    seen_[id] = f + 1;
  }
}

std::string read_measure_line(std::string_view text, CrowdLine& out) {
  std::vector<double> v;
  if (!parse_real_list(text, ';', v) || v.size() != 4)
    return "give X1;Y1;X2;Y2, numbers in metres separated by ';'";
  out = CrowdLine{{v[0], v[1], v[2], v[3]}, {}};
  if (!(out.length() >= 0.1)) return "a line at least 0.1 m long";
  return {};
}

CrowdArea measure_area_of(const CrowdRing& ring) {
  CrowdArea out;
  out.ring = ring;
  double twice = 0;  // the shoelace formula
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &a = ring[k], &b = ring[(k + 1) % ring.size()];
    twice += a.x * b.y - b.x * a.y;
  }
  out.area = std::fabs(twice) / 2;
  return out;
}

std::string read_measure_area(std::string_view wkt, CrowdArea& out) {
  std::vector<CrowdPolygon> polygons;
  const std::string why = read_wkt_polygons(wkt, polygons);
  if (!why.empty()) return why;
  if (polygons.size() != 1 || polygons[0].size() != 1) return "one POLYGON without holes";
  out = measure_area_of(polygons[0][0]);
  if (!(out.area >= 0.01)) return "an area of at least 0.01 m²";
  return {};
}

std::string trajectory_header(uint32_t every) {
  return "# framerate: " + format_double(25.0 / every) + " fps\n# id frame x/m y/m z/m\n";
}

std::string trajectory_rows(const Crowd& m, uint64_t frame) {
  std::string out;
  const std::string f = " " + std::to_string(frame) + " ";
  for (size_t i = 0; i < m.size(); ++i)
    out +=
        std::to_string(m.ids()[i] + 1) + f + format_double(m.x()[i]) + " " + format_double(m.y()[i]) + " 0\n";
  return out;
}

}  // namespace bandada
