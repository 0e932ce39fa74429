// Bandada — the 2-D flock's neighbour search: each boid's neighbours within r on the torus, from a
// grid of cells, merged in ascending index order (the order the rules' sums need), on the step's
// threads. Part of Flock2d; the brute force is the model's literal reference.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/parallel.h"
#include "flock2d.h"

namespace bandada {
namespace {

constexpr double kW = kFlockWidth, kH = kFlockHeight;

/// Whether two arrays hold the same doubles, bit for bit (the lists were built from them).
bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

/// The largest d² whose root is below radius: sqrt(d²) < radius ⇔ d² ≤ it, so no root per pair.
double largest_square_within(double radius) {
  double within = radius * radius;
  while (within > 0 && std::sqrt(within) >= radius) within = std::nextafter(within, 0.0);
  while (std::sqrt(std::nextafter(within, INFINITY)) < radius) within = std::nextafter(within, INFINITY);
  return within;
}

/// Merges the ascending pieces of l from `base` (piece p is bounds[p] … bounds[p + 1]) into one
/// ascending run in place: pairs of neighbouring pieces, back and forth through `spare`, until one
/// is left.
void merge_pieces(std::vector<uint32_t>& l, size_t base, size_t* bounds, int pieces,
                  std::vector<uint32_t>& spare) {
  spare.resize(l.size() - base);
  uint32_t *from = l.data() + base, *to = spare.data();
  while (pieces > 1) {
    int merged = 0;
    for (int r = 0; r < pieces; r += 2) {
      const int end = std::min(r + 2, pieces);
      std::merge(from + bounds[r], from + bounds[r + 1], from + bounds[r + 1], from + bounds[end],
                 to + bounds[r]);
      bounds[++merged] = bounds[end];
    }
    pieces = merged;
    std::swap(from, to);
  }
  if (from != l.data() + base) std::copy(from, from + (l.size() - base), l.data() + base);
}

}  // namespace

const Flock2d::NeighbourLists& Flock2d::neighbour_lists(const std::vector<double>& x,
                                                        const std::vector<double>& y, double radius) const {
  const size_t n = x.size();
  NeighbourLists& out = scratch_.lists;
  if (radius == scratch_.lists_r && same_bits(x, scratch_.lists_x) && same_bits(y, scratch_.lists_y))
    return out;
  scratch_.lists_r = -1;  // the radius is set once the lists are whole
  scratch_.lists_x = x;
  scratch_.lists_y = y;
  out.items.resize(std::max(1u, threads_));
  for (auto& l : out.items) l.clear();  // keeps each array's capacity from the step before
  out.at.resize(n);
  out.count.resize(n);
  out.array.resize(n);
  const double within = largest_square_within(radius);
  const double near = within * (1.0 + 1e-9) + 1e-9;  // within, and far more than any rounding
  auto close = [&](size_t i, size_t j) {
    const double rx = minimal_image(x[j] - x[i], kW), ry = minimal_image(y[j] - y[i], kH);
    return rx * rx + ry * ry <= within;
  };
  const int gx = std::min(300, static_cast<int>(kW / radius)),
            gy = std::min(300, static_cast<int>(kH / radius));
  if (brute_ || gx < 3 || gy < 3) {
    std::vector<uint32_t>& l = out.items[0];
    for (size_t i = 0; i < n; ++i) {
      out.at[i] = static_cast<uint32_t>(l.size());
      out.array[i] = 0;
      for (size_t j = 0; j < n; ++j)
        if (j != i && close(i, j)) l.push_back(static_cast<uint32_t>(j));
      out.count[i] = static_cast<uint32_t>(l.size() - out.at[i]);
    }
    scratch_.lists_r = radius;
    return out;
  }
  // A periodic grid of cells at least `radius` wide (binning on wrapped positions: the RK4 stages
  // do not wrap); the 3 × 3 stencil sees each cell once since there are at least 3 per axis.
  std::vector<uint32_t> start(static_cast<size_t>(gx) * gy + 1, 0), cell(n), order(n);
  std::vector<double>& wx = scratch_.wrapped_x;
  std::vector<double>& wy = scratch_.wrapped_y;
  wx.resize(n);
  wy.resize(n);
  // Where every coordinate is moderate, a candidate is first tested on wrapped positions with its
  // cell's shift (no floor, no division): that differs from the spec's minimal image by a few
  // ulps at most, so with a margin it never drops a neighbour, and the spec's own test decides
  // every candidate it keeps.
  bool prefilter = true;
  for (size_t i = 0; i < n; ++i) {
    wx[i] = wrap_torus(x[i], kW);
    wy[i] = wrap_torus(y[i], kH);
    prefilter = prefilter && std::fabs(x[i]) <= 1e6 && std::fabs(y[i]) <= 1e6;
    int cx = static_cast<int>(wx[i] / (kW / gx)), cy = static_cast<int>(wy[i] / (kH / gy));
    cx = std::min(cx, gx - 1);
    cy = std::min(cy, gy - 1);
    cell[i] = static_cast<uint32_t>(cy * gx + cx);
    ++start[cell[i] + 1];
  }
  for (size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  std::vector<uint32_t> fill(start.begin(), start.end() - 1);
  for (size_t i = 0; i < n; ++i) order[fill[cell[i]]++] = static_cast<uint32_t>(i);
  std::vector<std::vector<uint32_t>>& merge = scratch_.merge;
  if (merge.size() < out.items.size()) merge.resize(out.items.size());
  parallel_for(n, threads_, [&](size_t first, size_t last, unsigned slot) {  // each boid its own run
    // This thread's arrays are moved here while it works: their headers sit side by side with the
    // other threads', and writing them there (every push_back) would bounce that cache line.
    std::vector<uint32_t> l = std::move(out.items[slot]), spare = std::move(merge[slot]);
    for (size_t i = first; i < last; ++i) {
      // Each cell lists its boids in ascending index: the run is up to 9 ascending pieces, merged.
      const size_t base = l.size();
      size_t bounds[10] = {0};
      int pieces = 0;
      const int cx = static_cast<int>(cell[i] % gx), cy = static_cast<int>(cell[i] / gx);
      const double wxi = wx[i], wyi = wy[i];
      for (int dy = -1; dy <= 1; ++dy) {
        const int ry = cy + dy;
        const double shy = ry < 0 ? -kH : (ry >= gy ? kH : 0.0);
        for (int dx = -1; dx <= 1; ++dx) {
          const int rx = cx + dx;
          const double shx = rx < 0 ? -kW : (rx >= gx ? kW : 0.0);
          const int c = ((ry + gy) % gy) * gx + (rx + gx) % gx;
          for (uint32_t k = start[c]; k < start[c + 1]; ++k) {
            const uint32_t j = order[k];
            const double ex = (wx[j] + shx) - wxi, ey = (wy[j] + shy) - wyi;
            if ((!prefilter || ex * ex + ey * ey <= near) && j != i && close(i, j)) l.push_back(j);
          }
          if (l.size() - base > bounds[pieces]) bounds[++pieces] = l.size() - base;
        }
      }
      if (pieces > 1) merge_pieces(l, base, bounds, pieces, spare);
      out.at[i] = static_cast<uint32_t>(base);
      out.count[i] = static_cast<uint32_t>(l.size() - base);
      out.array[i] = slot;
    }
    out.items[slot] = std::move(l);
    merge[slot] = std::move(spare);
  });
  scratch_.lists_r = radius;
  return out;
}

}  // namespace bandada
