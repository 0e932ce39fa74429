// Bandada — trajectories in the PeTrack text format (the pedestrian data archive's, which PedPy's
// load_trajectory reads), written as PedPy reads it, and read by PedPy's rules so that any file it
// opens opens here:
//
//   # framerate: 25 fps        a '#' line with "framerate": its first number is the frame rate
//   # id frame x/m y/m z/m     a '#' line with "x/cm" or "in cm": centimetres ("x/m", "in m": metres)
//   1 0 2.5 1.25 0             rows: id frame x y, then anything (z), split by spaces or tabs
//
// Anything after '#' is a comment, blank lines are skipped. Ids and frames are whole numbers, and
// one person appears at most once a frame. Without a frame rate, 25 fps is assumed; without a
// unit, metres (PedPy asks for both; a viewer says what it assumed).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bandada {

struct Trajectories {
  struct Row {
    uint64_t id;
    double x, y;  ///< metres
  };
  double fps = 25;
  std::vector<std::string> assumed;       ///< what the file did not say ("25 fps", "metres")
  std::vector<uint64_t> frames;           ///< the frames that have rows, ascending
  std::vector<size_t> first;              ///< frames.size() + 1 offsets into rows: frame k's rows
  std::vector<Row> rows;                  ///< by frame, then id
  uint64_t people = 0;                    ///< distinct ids
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;  ///< the rows' extent
  /// Seconds from the first frame to the last.
  double duration() const {
    return frames.empty() ? 0 : static_cast<double>(frames.back() - frames.front()) / fps;
  }
  /// The index into frames of the last frame at or before `t` seconds from the first (0 before it).
  size_t frame_at(double t) const;
};

/// The header of a PeTrack text file written at `fps` frames a second, in metres.
std::string petrack_header(double fps);
/// One frame's rows, `id frame x y 0`, for the first n people: person i's id is ids[i] + 1 (files
/// number people from 1), numbers with 17 significant digits.
std::string petrack_rows(uint64_t frame, size_t n, const std::vector<uint32_t>& ids,
                         const std::vector<double>& x, const std::vector<double>& y);

/// Reads a PeTrack text file into `out`: "" or why not ("line 7: …"). At most kTrajectoryRows rows.
std::string read_petrack(std::string_view text, Trajectories& out);
inline constexpr size_t kTrajectoryRows = 20000000;

}  // namespace bandada
