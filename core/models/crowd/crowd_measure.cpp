// Bandada — lines, areas and trajectories of a crowd (see crowd_measure.h).
#include "crowd_measure.h"

#include <algorithm>
#include <cmath>

#include "common/bytes.h"
#include "common/number_text.h"
#include "crowd_scenario.h"

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
    outside_ = 0;
    home_x_.clear(), home_y_.clear(), moved_.clear();
    if (!m.start_times().empty()) {
      home_x_ = m.x(), home_y_ = m.y();  // at frame 0 person i is person number i
      moved_.assign(m.placed(), 0);
    }
  }
  for (size_t i = 0; i < m.size() && !moved_.empty(); ++i) {
    const uint32_t id = m.ids()[i];
    const double dx = m.x()[i] - home_x_[id], dy = m.y()[i] - home_y_[id];
    if (moved_[id] == 0 && dx * dx + dy * dy >= 0.01) moved_[id] = f + 1;
  }
  if (!m.layout().walkable.empty())
    for (size_t i = 0; i < m.size(); ++i)
      outside_ += !inside_polygons(m.layout().walkable, m.x()[i], m.y()[i]);
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

namespace {
constexpr uint32_t kMeasuresMagic = 0x4d435242;   // "BRCM": without the count outside
constexpr uint32_t kMeasuresMagic2 = 0x3243524d;  // "MRC2": with it, and the first moves
constexpr uint64_t kManyRows = 100000000;

bool finite_all(const std::vector<double>& v) {
  return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
}
}  // namespace

std::string CrowdMeasures::bytes() const {
  if (empty() && outside_ == 0 && moved_.empty()) return {};
  std::vector<double> ends, t, points, density, speed;
  std::vector<uint32_t> person, shape;
  std::vector<int32_t> dir;
  std::vector<uint64_t> passages, frames;
  for (const CrowdLine& l : lines) {
    ends.insert(ends.end(), {l.at.x1, l.at.y1, l.at.x2, l.at.y2});
    passages.push_back(l.passages.size());
    for (const CrowdPassage& p : l.passages)
      t.push_back(p.t), person.push_back(p.person), dir.push_back(p.dir);
  }
  for (const CrowdArea& a : areas) {
    shape.push_back(static_cast<uint32_t>(a.ring.size()));
    for (const CrowdPoint& q : a.ring) points.insert(points.end(), {q.x, q.y});
    frames.push_back(a.density.size());
    density.insert(density.end(), a.density.begin(), a.density.end());
    speed.insert(speed.end(), a.speed.begin(), a.speed.end());
  }
  ByteWriter w;
  w.put(kMeasuresMagic2);
  w.put(outside_);
  w.put(home_x_), w.put(home_y_), w.put(moved_);
  w.put(ends), w.put(passages), w.put(t), w.put(person), w.put(dir);
  w.put(shape), w.put(points), w.put(frames), w.put(density), w.put(speed);
  w.put(px_), w.put(py_), w.put(seen_);
  return w.take();
}

bool CrowdMeasures::read_bytes(std::string_view b, const Crowd& m) {
  ByteReader r(b);
  uint32_t magic = 0;
  std::vector<double> ends, t, points, density, speed, px, py;
  std::vector<uint32_t> person, shape;
  std::vector<int32_t> dir;
  std::vector<uint64_t> passages, frames, seen;
  uint64_t outside = 0;
  r.get(magic);
  std::vector<double> home_x, home_y;
  std::vector<uint64_t> moved;
  if (magic == kMeasuresMagic2)
    r.get(outside), r.get(home_x, kCrowdMaxPeople), r.get(home_y, kCrowdMaxPeople),
        r.get(moved, kCrowdMaxPeople);
  r.get(ends, 4000), r.get(passages, 1000), r.get(t, kManyRows), r.get(person, kManyRows),
      r.get(dir, kManyRows);
  r.get(shape, 1000), r.get(points, 2000000), r.get(frames, 1000), r.get(density, kManyRows),
      r.get(speed, kManyRows);
  r.get(px, kCrowdMaxPeople), r.get(py, kCrowdMaxPeople), r.get(seen, kCrowdMaxPeople);
  const uint64_t f = m.steps();
  if (!r.finished() || (magic != kMeasuresMagic && magic != kMeasuresMagic2) ||
      ends.size() != 4 * passages.size() || !finite_all(ends) || t.size() != person.size() ||
      t.size() != dir.size() || !finite_all(t) || shape.size() != frames.size() || !finite_all(points) ||
      density.size() != speed.size() || px.size() != py.size() || px.size() != seen.size() ||
      px.size() > m.placed() || !finite_all(px) || !finite_all(py))
    return false;
  CrowdMeasures out;
  size_t at = 0, pt = 0, row = 0;
  for (size_t k = 0; k < passages.size(); ++k) {
    CrowdLine l{{ends[4 * k], ends[4 * k + 1], ends[4 * k + 2], ends[4 * k + 3]}, {}};
    if (passages[k] > t.size() - at) return false;
    for (uint64_t q = 0; q < passages[k]; ++q, ++at) {
      if (!(t[at] >= 0 && t[at] <= kCrowdFrame * static_cast<double>(f)) || person[at] >= m.placed() ||
          (dir[at] != 1 && dir[at] != -1))
        return false;
      l.passages.push_back({t[at], person[at], dir[at]});
    }
    out.lines.push_back(std::move(l));
  }
  for (size_t k = 0; k < shape.size(); ++k) {
    if (shape[k] < 3 || shape[k] > (points.size() - pt) / 2 || frames[k] > f + 1 ||
        frames[k] > density.size() - row)
      return false;
    CrowdRing ring;
    for (uint32_t q = 0; q < shape[k]; ++q, pt += 2) ring.push_back({points[pt], points[pt + 1]});
    CrowdArea a = measure_area_of(ring);
    if (!(a.area > 0)) return false;
    a.density.assign(density.begin() + static_cast<long>(row),
                     density.begin() + static_cast<long>(row + frames[k]));
    a.speed.assign(speed.begin() + static_cast<long>(row),
                   speed.begin() + static_cast<long>(row + frames[k]));
    row += frames[k];
    out.areas.push_back(std::move(a));
  }
  if (at != t.size() || pt != points.size() || row != density.size() ||
      std::any_of(seen.begin(), seen.end(), [f](uint64_t s) { return s > f + 1; }))
    return false;
  out.px_ = std::move(px), out.py_ = std::move(py), out.seen_ = std::move(seen);
  if (home_x.size() != home_y.size() || home_x.size() != moved.size() ||
      (!moved.empty() && moved.size() != m.placed()) || !finite_all(home_x) || !finite_all(home_y) ||
      std::any_of(moved.begin(), moved.end(), [f](uint64_t s) { return s > f + 1; }))
    return false;
  out.outside_ = outside;
  out.home_x_ = std::move(home_x), out.home_y_ = std::move(home_y), out.moved_ = std::move(moved);
  *this = std::move(out);
  return true;
}

std::vector<double> CrowdMeasures::first_moves() const {
  std::vector<double> t(moved_.size(), NAN);
  for (size_t k = 0; k < moved_.size(); ++k)
    if (moved_[k]) t[k] = kCrowdFrame * static_cast<double>(moved_[k] - 1);
  return t;
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

namespace {

/// With premovement: moved_early, how many stood 0.1 m off their place before their time (only a
/// push can do it); start_lag_max, the longest from someone's time to their first 0.1 m, s;
/// not_started, how many have not moved since their time came.
void premovement_measures(std::vector<ModelSession::Measure>& all, const Crowd& m,
                          const std::vector<double>& moved) {
  size_t early = 0, waiting = 0;
  double lag = NAN;
  for (size_t k = 0; k < moved.size() && k < m.start_times().size(); ++k) {
    const double start = m.start_times()[k];
    if (std::isnan(moved[k])) {
      waiting += start < m.time();
      continue;
    }
    early += moved[k] < start;
    lag = std::isnan(lag) || moved[k] - start > lag ? moved[k] - start : lag;
  }
  all.push_back({"moved_early", std::to_string(early)});
  all.push_back({"start_lag_max", format_double(lag)});
  all.push_back({"not_started", std::to_string(waiting)});
}

/// Each age-table row's people: how many, and their desired speeds' least, greatest and mean.
void age_measures(std::vector<ModelSession::Measure>& all, const CrowdScenario& s, const CrowdParams& p) {
  size_t n = 0;
  for (size_t k = 0; k < s.starts.size(); ++k) {
    CrowdStartArea a = s.starts[k];
    if (s.starts.size() == 1) a.number = p.n;  // --count sets a one-area file's number
    const std::vector<CrowdAgeDraw> draws = crowd_age_draws(a, k, p.seed);
    for (size_t row = 0; row < s.starts[k].ages.size(); ++row) {
      size_t count = 0;
      double lo = NAN, hi = NAN, sum = 0;
      for (const CrowdAgeDraw& d : draws) {
        if (d.row != row) continue;
        lo = count ? std::min(lo, d.v0) : d.v0;
        hi = count ? std::max(hi, d.v0) : d.v0;
        sum += d.v0;
        ++count;
      }
      const std::string name = "age" + std::to_string(++n);
      all.push_back({name + "_count", std::to_string(count)});
      all.push_back({name + "_v0_min", format_double(lo)});
      all.push_back({name + "_v0_max", format_double(hi)});
      all.push_back({name + "_v0_mean", format_double(count ? sum / static_cast<double>(count) : NAN)});
    }
  }
}

}  // namespace

void crowd_measured(std::vector<ModelSession::Measure>& all, const Crowd& m, const CrowdMeasures& ms,
                    const CrowdScenario* s) {
  for (size_t k = 0; k < ms.lines.size(); ++k) {
    const std::string n = "line" + std::to_string(k + 1);
    const CrowdLine& l = ms.lines[k];
    all.push_back({n + "_count", std::to_string(l.passages.size())});
    all.push_back({n + "_flow", format_double(l.flow())});
    all.push_back({n + "_specific_flow", format_double(l.flow() / l.length())});
    const size_t c = l.passages.size();  // the N-t curve's first, middle and last passage, s
    all.push_back({n + "_first", format_double(c ? l.passages.front().t : NAN)});
    all.push_back({n + "_median", format_double(c ? l.passages[(c - 1) / 2].t : NAN)});
    all.push_back({n + "_last", format_double(c ? l.passages.back().t : NAN)});
    for (size_t q = 10; q <= 90; q += 10)  // the N-t curve's deciles: passage (q·(n − 1))/100
      all.push_back({n + "_t" + std::to_string(q), format_double(c ? l.passages[q * (c - 1) / 100].t : NAN)});
  }
  for (size_t k = 0; k < ms.areas.size(); ++k) {
    const CrowdArea& a = ms.areas[k];
    double d = 0, v = 0, peak = NAN;
    size_t with = 0, frames = 0;
    const size_t frames_kept = a.density.size();
    for (size_t f = 0; f < frames_kept; ++f) {
      // frame f is step steps() − (frames_kept − 1 − f), at 0.04 s a frame
      if (kCrowdFrame * static_cast<double>(m.steps() + f + 1 - frames_kept) < ms.from - 1e-9) continue;
      if (!std::isnan(a.density[f])) {  // NaN: before it was drawn
        d += a.density[f], ++frames;
        peak = std::isnan(peak) ? a.density[f] : std::max(peak, a.density[f]);
      }
      if (!std::isnan(a.speed[f])) v += a.speed[f], ++with;
    }
    const std::string n = "area" + std::to_string(k + 1);
    all.push_back({n + "_density", format_double(frames ? d / static_cast<double>(frames) : NAN)});
    all.push_back({n + "_speed", format_double(with ? v / static_cast<double>(with) : NAN)});
    all.push_back({n + "_density_max", format_double(peak)});
  }
  if (!m.layout().walkable.empty()) all.push_back({"outside_walkable", std::to_string(ms.outside())});
  if (!m.start_times().empty()) premovement_measures(all, m, ms.first_moves());
  if (s) age_measures(all, *s, m.params());
  const size_t exits = m.layout().exit_areas.size();
  std::vector<size_t> count(exits, 0);
  for (int32_t e : m.exit_of())
    if (e >= 0 && static_cast<size_t>(e) < exits) ++count[static_cast<size_t>(e)];
  for (size_t k = 0; k < exits; ++k)
    all.push_back({"exit" + std::to_string(k + 1) + "_count", std::to_string(count[k])});
}

}  // namespace bandada
