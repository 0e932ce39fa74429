// Bandada — reading the PeTrack text format (see petrack.h).
#include "petrack.h"

#include <algorithm>
#include <cmath>

#include "number_text.h"

namespace bandada {
namespace {

/// The parts of a line split by spaces and tabs (at most 5 are needed: the rest is ignored).
size_t split_fields(std::string_view line, std::string_view* out, size_t max) {
  size_t n = 0, i = 0;
  while (i < line.size() && n < max) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    const size_t from = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
    if (i > from) out[n++] = line.substr(from, i - from);
  }
  return n;
}

bool whole(std::string_view s, uint64_t& v) {
  if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string_view::npos) return false;
  v = 0;
  for (char c : s) v = v * 10 + static_cast<uint64_t>(c - '0');
  return true;
}

/// A coordinate: the number grammar's, with '.' only (a comma would be a second column to PedPy).
bool coordinate(std::string_view s, double scale, double& v) {
  if (s.find(',') != std::string_view::npos || s.size() > kMaxFieldTextLength) return false;
  const RealParse p = parse_real_text(s);
  v = p.value / scale;
  return p.ok && std::fabs(v) <= 1e6;
}

/// A header line's meaning: its frame rate (the first token that is a number), its unit.
std::string read_comment(std::string_view c, size_t line, double& fps, bool& has_fps, double& scale,
                         bool& has_unit) {
  if (c.find("framerate") != std::string_view::npos) {
    std::string_view parts[16];
    const size_t n = split_fields(c, parts, 16);
    bool found = false;
    for (size_t k = 0; k < n && !found; ++k) {
      const RealParse p = parse_real_text(parts[k]);
      if (p.ok && parts[k].find(',') == std::string_view::npos) {
        found = true;
        if (!(p.value > 0 && p.value <= 10000))
          return "line " + std::to_string(line) + ": the framerate is a positive number of frames a second";
        fps = p.value;
      }
    }
    has_fps = has_fps || found;
  }
  if (c.find("x/cm") != std::string_view::npos || c.find("in cm") != std::string_view::npos) {
    scale = 100;
    has_unit = true;
  } else if (c.find("x/m") != std::string_view::npos || c.find("in m") != std::string_view::npos) {
    scale = 1;
    has_unit = true;
  }
  return {};
}

}  // namespace

size_t Trajectories::frame_at(double t) const {
  if (frames.empty() || !(t > 0)) return 0;
  const double f = std::floor(t * fps + 1e-9);
  const double room = static_cast<double>(UINT64_MAX - frames.front()) - 4096;
  const uint64_t want = f >= room ? UINT64_MAX : frames.front() + static_cast<uint64_t>(f);
  const auto it = std::upper_bound(frames.begin(), frames.end(), want);
  return static_cast<size_t>(it - frames.begin()) - 1;
}

std::string read_petrack(std::string_view text, Trajectories& out) {
  struct Read {
    uint64_t frame, id;
    double x, y;
    size_t line;
  };
  std::vector<Read> rows;
  double fps = 25, scale = 1;
  bool has_fps = false, has_unit = false;
  size_t line = 0;
  std::vector<std::pair<std::string_view, size_t>> data;  // the rows' text, read once the unit is known
  for (size_t from = 0; from < text.size();) {
    size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(from, end - from);
    from = end + 1;
    ++line;
    const size_t hash = l.find('#');
    if (hash != std::string_view::npos) {
      const std::string why = read_comment(l.substr(hash), line, fps, has_fps, scale, has_unit);
      if (!why.empty()) return why;
      l = l.substr(0, hash);
    }
    if (l.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    if (data.size() >= kTrajectoryRows)
      return "line " + std::to_string(line) + ": more than " + std::to_string(kTrajectoryRows) + " rows";
    data.emplace_back(l, line);
  }
  if (data.empty()) return "no rows: a PeTrack file has rows 'id frame x y z'";
  rows.reserve(data.size());
  for (const auto& [l, at] : data) {
    std::string_view f[4];
    Read r{0, 0, 0, 0, at};
    const std::string where = "line " + std::to_string(at) + ": ";
    if (split_fields(l, f, 4) < 4) return where + "a row is 'id frame x y' (then z), split by spaces";
    if (!whole(f[0], r.id)) return where + "the id is a whole number";
    if (!whole(f[1], r.frame)) return where + "the frame is a whole number";
    if (!coordinate(f[2], scale, r.x) || !coordinate(f[3], scale, r.y))
      return where + "x and y are numbers like 2.5, within 1 000 km";
    rows.push_back(r);
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Read& a, const Read& b) {
    return a.frame != b.frame ? a.frame < b.frame : a.id < b.id;
  });
  Trajectories t;
  t.fps = fps;
  if (!has_fps) t.assumed.push_back("25 fps");
  if (!has_unit) t.assumed.push_back("metres");
  t.rows.reserve(rows.size());
  std::vector<uint64_t> ids;
  ids.reserve(rows.size());
  t.x0 = t.x1 = rows[0].x;
  t.y0 = t.y1 = rows[0].y;
  for (size_t k = 0; k < rows.size(); ++k) {
    const Read& r = rows[k];
    if (k > 0 && r.frame == rows[k - 1].frame && r.id == rows[k - 1].id)
      return "line " + std::to_string(std::max(r.line, rows[k - 1].line)) + ": person " +
             std::to_string(r.id) + " appears twice in frame " + std::to_string(r.frame);
    if (k == 0 || r.frame != rows[k - 1].frame) {
      t.frames.push_back(r.frame);
      t.first.push_back(k);
    }
    t.rows.push_back({r.id, r.x, r.y});
    ids.push_back(r.id);
    t.x0 = std::min(t.x0, r.x);
    t.x1 = std::max(t.x1, r.x);
    t.y0 = std::min(t.y0, r.y);
    t.y1 = std::max(t.y1, r.y);
  }
  t.first.push_back(rows.size());
  std::sort(ids.begin(), ids.end());
  t.people = static_cast<uint64_t>(std::unique(ids.begin(), ids.end()) - ids.begin());
  out = std::move(t);
  return {};
}

std::string petrack_header(double fps) {
  return "# framerate: " + format_double(fps) + " fps\n# id frame x/m y/m z/m\n";
}

std::string petrack_rows(uint64_t frame, size_t n, const std::vector<uint32_t>& ids,
                         const std::vector<double>& x, const std::vector<double>& y) {
  std::string out;
  const std::string f = " " + std::to_string(frame) + " ";
  for (size_t i = 0; i < n; ++i)
    out += std::to_string(ids[i] + 1) + f + format_double(x[i]) + " " + format_double(y[i]) + " 0\n";
  return out;
}

}  // namespace bandada
