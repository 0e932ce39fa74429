// Bandada — groups of a flock (see groups.h): union-find over the pairs a periodic cell grid
// proposes, each pair decided by the exact minimal-image distance.
#include "groups.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace bandada {
namespace {

struct Sets {
  std::vector<uint32_t> parent, size;
  explicit Sets(size_t n) : parent(n), size(n, 1) {
    for (size_t i = 0; i < n; ++i) parent[i] = static_cast<uint32_t>(i);
  }
  uint32_t find(uint32_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];  // path halving
    return i;
  }
  void join(uint32_t a, uint32_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    if (size[a] < size[b]) std::swap(a, b);
    parent[b] = a;
    size[a] += size[b];
  }
};

double image(double d, double period) { return d - period * std::floor(d / period + 0.5); }

}  // namespace

Groups periodic_groups(size_t dims, const double* const* coords, const double* period, size_t n, double r) {
  Groups out;
  out.boids = n;
  if (n == 0) return out;
  Sets sets(n);
  auto close = [&](size_t i, size_t j) {
    double d2 = 0;
    for (size_t a = 0; a < dims; ++a) {
      const double d = image(coords[a][j] - coords[a][i], period[a]);
      d2 += d * d;
    }
    return std::sqrt(d2) <= r;
  };
  // Cells at least r wide on every axis (so a joined pair lies in neighbouring cells), at most 256
  // a side; an axis with fewer than 3 cells makes its neighbouring cells repeat, so its offsets
  // are taken once each.
  size_t cells[3] = {1, 1, 1}, total = 1;
  for (size_t a = 0; a < dims; ++a) {
    const double g = r > 0 ? std::floor(period[a] / r) : 256.0;
    cells[a] =
        static_cast<size_t>(std::max(1.0, std::min(std::isnan(g) ? 1.0 : g, dims == 3 ? 64.0 : 256.0)));
    total *= cells[a];
  }
  std::vector<uint32_t> start(total + 1, 0), cell(n), order(n);
  std::vector<size_t> at(n * dims);
  for (size_t i = 0; i < n; ++i) {
    size_t c = 0;
    for (size_t a = dims; a-- > 0;) {
      const double w = coords[a][i] - period[a] * std::floor(coords[a][i] / period[a]);  // into [0, L]
      size_t k = std::isfinite(w) ? static_cast<size_t>(w / (period[a] / static_cast<double>(cells[a]))) : 0;
      k = std::min(k, cells[a] - 1);
      at[i * dims + a] = k;
      c = c * cells[a] + k;
    }
    cell[i] = static_cast<uint32_t>(c);
    ++start[c + 1];
  }
  for (size_t c = 1; c <= total; ++c) start[c] += start[c - 1];
  std::vector<uint32_t> fill(start.begin(), start.end() - 1);
  for (size_t i = 0; i < n; ++i) order[fill[cell[i]]++] = static_cast<uint32_t>(i);
  // The distinct offsets per axis: −1, 0, 1 modulo the cell count.
  std::vector<size_t> offsets[3];
  for (size_t a = 0; a < 3; ++a) {
    for (size_t o : {cells[a] - 1, size_t{0}, size_t{1}}) {
      const size_t m = cells[a] ? o % cells[a] : 0;
      if (std::find(offsets[a].begin(), offsets[a].end(), m) == offsets[a].end()) offsets[a].push_back(m);
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const size_t* home = &at[i * dims];
    const size_t home2 = dims == 3 ? home[2] : 0;  // a 2-D box has one cell on its third axis
    for (size_t o2 : offsets[2])
      for (size_t o1 : offsets[1])
        for (size_t o0 : offsets[0]) {
          size_t c = (home2 + o2) % cells[2];
          c = c * cells[1] + (home[1] + o1) % cells[1];
          c = c * cells[0] + (home[0] + o0) % cells[0];
          for (uint32_t k = start[c]; k < start[c + 1]; ++k) {
            const uint32_t j = order[k];
            if (j > i && sets.find(static_cast<uint32_t>(i)) != sets.find(j) && close(i, j))
              sets.join(static_cast<uint32_t>(i), j);
          }
        }
  }
  for (size_t i = 0; i < n; ++i)
    if (sets.find(static_cast<uint32_t>(i)) == i) {
      ++out.count;
      out.largest = std::max(out.largest, sets.size[i]);
    }
  return out;
}

}  // namespace bandada
