// Bandada — periodic grid and brute-force neighbour search (see neighbour_grid.h).
//
// Why the grid gives the brute force's bits: for d = x_j − x_i ∈ (−8.4, 8.4) the spec's wrap is
// d, d − L or d + L, and the last two are exact (Sterbenz). The stencil reaches `reach` cells
// each way with reach·cell ≥ r, and needs 2·reach + 1 ≤ n cells per axis, so r < L/2: an
// accepted neighbour's image is the unique one within 4.2 and the cell's shift ±L is the same
// exact addition. With fewer cells (large r, or a grid capped by N) every boid is scanned once
// with the spec's wrap itself, so r ≥ 4.2 counts no neighbour twice.
#include "neighbour_grid.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/det_math.h"
#include "common/parallel.h"
#include "periodic.h"

namespace bandada {
namespace {

typedef int32_t I32x4 __attribute__((vector_size(16)));  // SSE2 natively, i32x4 in wasm
constexpr size_t kRankedAtMost = 48;                     // longer neighbour lists are sorted, not ranked

}  // namespace

DistanceLimits DistanceLimits::for_radius(double radius) {
  DistanceLimits lim;
  double t = radius * radius;
  while (t > 0 && std::sqrt(t) > radius) t = std::nextafter(t, 0.0);
  while (std::sqrt(std::nextafter(t, INFINITY)) <= radius) t = std::nextafter(t, INFINITY);
  lim.within = t;
  double s = 0.35 * radius;
  double u = s * s;
  while (u > 0 && std::sqrt(u) >= s) u = std::nextafter(u, 0.0);
  while (std::sqrt(std::nextafter(u, INFINITY)) < s) u = std::nextafter(u, INFINITY);
  lim.separation = u;
  return lim;
}

void NeighbourScratch::reserve(size_t n) {
  if (src.size() >= n + 1) return;
  src.resize(n + 1);
  id.resize(n + 1);
  for (auto* v : {&dx, &dy, &dz, &d2}) v->resize(n + 1);
  keys.resize(n + 1);
}

namespace {

// Ascending order of 8-byte keys whose high half is a boid index (insertion sort for the usual
// short lists).
void sort_keys(uint64_t* keys, size_t k) {
  if (k <= 64) {
    for (size_t a = 1; a < k; ++a) {
      uint64_t e = keys[a];
      size_t b = a;
      while (b > 0 && keys[b - 1] > e) {
        keys[b] = keys[b - 1];
        --b;
      }
      keys[b] = e;
    }
  } else if (!std::is_sorted(keys, keys + k)) {
    std::sort(keys, keys + k);
  }
}

// Writes each of the m words to its place in ascending order of its boid index (ids[a] for
// words[a], distinct): the number of lower ids, with no branch on the data. Four ids are
// compared with four others and their three rotations (16 comparisons as four vector compares);
// `ids` has room for m rounded up to 4, the lanes past m hold the largest id, never counted lower.
void rank_by_id(int32_t* ids, size_t m, const uint32_t* words, uint32_t* sorted) {
  for (size_t a = m; a % 4 != 0; ++a) ids[a] = INT32_MAX;
  for (size_t a = 0; a < m; a += 4) {
    I32x4 mine, rank = {0, 0, 0, 0};
    std::memcpy(&mine, ids + a, sizeof mine);
    for (size_t b = 0; b < m; b += 4) {
      I32x4 other;
      std::memcpy(&other, ids + b, sizeof other);
      rank -= other < mine;  // a true lane is −1
      rank -= __builtin_shufflevector(other, other, 1, 2, 3, 0) < mine;
      rank -= __builtin_shufflevector(other, other, 2, 3, 0, 1) < mine;
      rank -= __builtin_shufflevector(other, other, 3, 0, 1, 2) < mine;
    }
    const size_t lanes = m - a < 4 ? m - a : 4;
    for (size_t l = 0; l < lanes; ++l) sorted[rank[l]] = words[a + l];
  }
}

// The model's sums over k neighbours already in ascending index: neighbour(a, from, dx, dy,
// dz, d2) gives the a-th one's velocity slot and displacement. Every search ends here.
template <class Neighbour>
void accumulate(size_t k, const Neighbour& neighbour, const double* vx, const double* vy, const double* vz,
                double vix, double viy, double viz, const DistanceLimits& lim, ComponentSums& out) {
  double sx = 0, sy = 0, sz = 0, mvx = 0, mvy = 0, mvz = 0, cx = 0, cy = 0, cz = 0;
  for (size_t a = 0; a < k; ++a) {
    uint32_t from;
    double dx, dy, dz, d2;
    neighbour(a, from, dx, dy, dz, d2);
    mvx += vx[from];
    mvy += vy[from];
    mvz += vz[from];
    cx += dx;
    cy += dy;
    cz += dz;
    if (d2 > 0.0 && d2 <= lim.separation) {
      double d = std::sqrt(d2);
      sx -= dx / d;
      sy -= dy / d;
      sz -= dz / d;
    }
  }
  double ax = 0, ay = 0, az = 0;
  if (k > 0) {
    double kk = static_cast<double>(k);
    ax = mvx / kk - vix;
    ay = mvy / kk - viy;
    az = mvz / kk - viz;
    cx /= kk;
    cy /= kk;
    cz /= kk;
  }
  out = {sx, sy, sz, ax, ay, az, cx, cy, cz, static_cast<uint32_t>(k)};
}

void store(const ComponentSums& c, size_t i, Boids3dComponents& out) {
  out.sx[i] = c.sx;
  out.sy[i] = c.sy;
  out.sz[i] = c.sz;
  out.ax[i] = c.ax;
  out.ay[i] = c.ay;
  out.az[i] = c.az;
  out.cx[i] = c.cx;
  out.cy[i] = c.cy;
  out.cz[i] = c.cz;
  out.neighbors[i] = c.neighbors;
}

}  // namespace

void sum_components(NeighbourScratch& nb, const double* vx, const double* vy, const double* vz, double vix,
                    double viy, double viz, const DistanceLimits& lim, ComponentSums& out) {
  const size_t k = nb.count;
  uint64_t* keys = nb.keys.data();
  for (size_t a = 0; a < k; ++a) keys[a] = (static_cast<uint64_t>(nb.id[a]) << 32) | a;
  sort_keys(keys, k);
  accumulate(
      k,
      [&](size_t a, uint32_t& from, double& dx, double& dy, double& dz, double& d2) {
        const uint32_t slot = static_cast<uint32_t>(keys[a]);
        from = nb.src[slot];
        dx = nb.dx[slot];
        dy = nb.dy[slot];
        dz = nb.dz[slot];
        d2 = nb.d2[slot];
      },
      vx, vy, vz, vix, viy, viz, lim, out);
}

void brute_force_components(const Boids3dState& s, double radius, size_t begin, size_t end,
                            Boids3dComponents& out) {
  const DistanceLimits lim = DistanceLimits::for_radius(radius);
  const size_t n = s.size();
  NeighbourScratch nb;
  nb.reserve(n);
  for (size_t i = begin; i < end; ++i) {
    nb.count = 0;
    for (size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      double dx = wrap_periodic(s.x[j] - s.x[i]);
      double dy = wrap_periodic(s.y[j] - s.y[i]);
      double dz = wrap_periodic(s.z[j] - s.z[i]);
      double d2 = dx * dx + dy * dy + dz * dz;
      const uint32_t jj = static_cast<uint32_t>(j);
      nb.offer(std::sqrt(d2) <= radius, jj, jj, dx, dy, dz, d2);  // the spec's test, literally
    }
    ComponentSums sums;
    sum_components(nb, s.vx.data(), s.vy.data(), s.vz.data(), s.vx[i], s.vy[i], s.vz[i], lim, sums);
    store(sums, i, out);
  }
}

namespace {

int cell_coord(double x, int n) {
  // x ∈ [-4.2, 4.2); clamp guards rounding at the faces.
  int c = static_cast<int>((x + kHalfBox) * (static_cast<double>(n) / kBox));
  return c < 0 ? 0 : (c >= n ? n - 1 : c);
}

}  // namespace

void NeighbourGrid::build(const Boids3dState& s, double radius, unsigned threads) {
  const size_t count = s.size();
  src_ = &s;
  radius_ = radius;
  lim_ = DistanceLimits::for_radius(radius);
  // Cells about r/2 wide (a 5×5×5 stencil tests ~3.7 candidates per neighbour, against ~6.4
  // for cells of r), and not many more cells than boids. The margin is far above rounding.
  const double r_margin = radius * (1.0 + 1e-9);
  double per_axis = std::floor(kBox / (0.5 * r_margin));
  int n = per_axis < 1.0 ? 1 : (per_axis > 1024.0 ? 1024 : static_cast<int>(per_axis));
  const size_t max_cells = std::max<size_t>(27, 2 * count);
  while (n > 1 && static_cast<size_t>(n) * n * n > max_cells) --n;
  n_ = n;
  // Cells each way to reach r; with fewer than 2·reach + 1 cells per axis a cell would be seen
  // twice, so every boid is scanned instead (reach 0).
  reach_ = static_cast<int>(std::ceil(r_margin / (kBox / n)));
  if (2 * reach_ + 1 > n) reach_ = 0;
  const size_t cells = static_cast<size_t>(n) * n * n;
  start_.assign(cells + 1, 0);
  cell_.resize(count);
  id_.resize(count);
  xyz_.resize(3 * count);
  v_.resize(3 * count);
  place_.resize(count);
  sums_.resize(count);
  // Each boid's cell (on threads), the counts and each boid's place in index order (one pass:
  // this order is what makes every cell list ascending indices), then the copies (on threads).
  parallel_for(count, threads, [&](size_t a, size_t b, unsigned) {
    for (size_t i = a; i < b; ++i)
      place_[i] = static_cast<uint32_t>((cell_coord(s.z[i], n) * n + cell_coord(s.y[i], n)) * n +
                                        cell_coord(s.x[i], n));
  });
  for (size_t i = 0; i < count; ++i) ++start_[place_[i] + 1];
  for (size_t c = 0; c < cells; ++c) start_[c + 1] += start_[c];
  std::vector<uint32_t> fill(start_.begin(), start_.end() - 1);
  for (size_t i = 0; i < count; ++i) {
    const uint32_t c = place_[i];
    const uint32_t p = fill[c]++;
    cell_[p] = c;
    id_[p] = static_cast<uint32_t>(i);
    place_[i] = p;
  }
  parallel_for(count, threads, [&](size_t a, size_t b, unsigned) {
    for (size_t i = a; i < b; ++i) {
      const size_t p = place_[i];
      xyz_[3 * p] = s.x[i];
      xyz_[3 * p + 1] = s.y[i];
      xyz_[3 * p + 2] = s.z[i];
      v_[3 * p] = s.vx[i];
      v_[3 * p + 1] = s.vy[i];
      v_[3 * p + 2] = s.vz[i];
    }
  });
  ++build_;
}

void NeighbourGrid::scan_stencil(size_t p, Scan& scan, ComponentSums& out) const {
  // Pass 1, the hot loop: test every candidate of the stencil, writing one packed word each and
  // keeping it by advancing m (no branch on the distance test). Locals only, so the compiler
  // keeps everything in registers.
  const double* P = xyz_.data();
  const double* V = v_.data();
  const double xi = P[3 * p], yi = P[3 * p + 1], zi = P[3 * p + 2];
  const DetF64x2 xyi = {xi, yi};
  const double within = lim_.within;
  uint32_t* hits = scan.hits.data();
  size_t m = 0;
  const uint32_t ranges = static_cast<uint32_t>(scan.ranges);
  const Range* stencil = scan.at_edge ? scan.edge.data() : scan.inner.data();
  // The stencil's rows as one flat list of candidates (sorted index << 7 | row), so that the
  // test below is one loop: rows of ~3 boids each ended a loop of their own, a branch the
  // processor mispredicts about once a row. Each row writes 8 words whatever its length and
  // moves on by its length (the words past it are overwritten or never read).
  uint32_t* flat = scan.flat.data();
  size_t total = 0;
  for (uint32_t r = 0; r < ranges; ++r) {
    const uint32_t a = stencil[r].a, len = stencil[r].b - a;
    if (len <= 8) {
      for (uint32_t j = 0; j < 8; ++j) flat[total + j] = ((a + j) << 7) | r;
    } else {
      for (uint32_t j = 0; j < len; ++j) flat[total + j] = ((a + j) << 7) | r;
    }
    total += len;
  }
  for (size_t t = 0; t < total; ++t) {
    const uint32_t h = flat[t];
    const uint32_t q = h >> 7;
    const Range& g = stencil[h & 127u];
    DetF64x2 xy, shxy;
    std::memcpy(&xy, P + 3 * q, sizeof xy);
    std::memcpy(&shxy, &g.shx, sizeof shxy);
    const DetF64x2 dxy = (xy - xyi) + shxy;
    const DetF64x2 sq = dxy * dxy;  // dx·dx and dy·dy in two lanes, as the scalar code does
    const double dz = (P[3 * q + 2] - zi) + g.shz;
    double d2 = sq[0] + sq[1] + dz * dz;
    hits[m] = h;
    m += static_cast<size_t>((d2 <= within) & (q != p));
  }
  scan.candidates += total;
  // Pass 2, only for the neighbours, in ascending index: the same operations again give the
  // same δ, bit for bit.
  uint32_t* sorted = scan.sorted.data();
  if (m <= kRankedAtMost) {
    // Each neighbour's place is how many have a lower index: no branch on the data (the short
    // lists of an insertion sort mispredict once per element), and the counts vectorize.
    int32_t* ids = scan.ids.data();
    for (size_t k = 0; k < m; ++k) ids[k] = static_cast<int32_t>(id_[hits[k] >> 7]);
    rank_by_id(ids, m, hits, sorted);
  } else {
    uint64_t* keys = scan.scratch.keys.data();
    for (size_t k = 0; k < m; ++k) keys[k] = (static_cast<uint64_t>(id_[hits[k] >> 7]) << 32) | hits[k];
    sort_keys(keys, m);
    for (size_t k = 0; k < m; ++k) sorted[k] = static_cast<uint32_t>(keys[k]);
  }
  accumulate(
      m,
      [&](size_t a, uint32_t& slot, double& dx, double& dy, double& dz, double& d2) {
        const uint32_t hit = sorted[a];
        const Range& g = stencil[hit & 127u];
        const uint32_t q = hit >> 7;
        dx = (P[3 * q] - xi) + g.shx;
        dy = (P[3 * q + 1] - yi) + g.shy;
        dz = (P[3 * q + 2] - zi) + g.shz;
        d2 = dx * dx + dy * dy + dz * dz;
        slot = 3 * q;  // velocities are packed like positions: v_ + 0, 1, 2 at 3·q
      },
      V, V + 1, V + 2, V[3 * p], V[3 * p + 1], V[3 * p + 2], lim_, out);
}

namespace {

// A neighbour cell along one axis, wrapped into [0, n), and the shift that brings its boids
// next to the scanning boid.
inline void wrap_cell(int c, int n, int& out, double& shift) {
  out = c;
  shift = 0.0;
  if (c < 0) {
    out = c + n;
    shift = -kBox;
  }
  if (c >= n) {
    out = c - n;
    shift = kBox;
  }
}

}  // namespace

void NeighbourGrid::build_stencil(uint32_t cell, Scan& scan) const {
  // The same for every boid of a cell, so it is built once per cell. The (2·reach + 1)² rows
  // around a line of cells (the same y and z) are found once per line; a cell then reads each
  // row's x-adjacent cells as one contiguous range, or two where the row crosses the box's face
  // (the part past it comes from the other side with the box's shift). The order of the ranges
  // does not matter: the neighbours are summed in ascending index.
  const int n = n_, R = reach_;
  const int c = static_cast<int>(cell);
  const uint32_t line = static_cast<uint32_t>(c / n);
  const int cx = c % n, lo = cx - R, hi = cx + R + 1;  // cells [lo, hi) along x, before wrapping
  const bool inner = lo >= 0 && hi <= n;
  if (scan.stencil_line != line) {
    // Both layouts for this line, with the rows' shifts written once: one range a row for the
    // inner cells, two for the cells whose rows cross a face (x shifts written per cell).
    const int cy = static_cast<int>(line) % n, cz = static_cast<int>(line) / n;
    scan.rows.clear();
    scan.inner.clear();
    scan.edge.clear();
    for (int dz = -R; dz <= R; ++dz) {
      int zc;
      double shz;
      wrap_cell(cz + dz, n, zc, shz);
      for (int dy = -R; dy <= R; ++dy) {
        int yc;
        double shy;
        wrap_cell(cy + dy, n, yc, shy);
        scan.rows.push_back((static_cast<size_t>(zc) * n + yc) * n);
        scan.inner.push_back({0, 0, 0.0, shy, shz});
        scan.edge.push_back({0, 0, 0.0, shy, shz});
        scan.edge.push_back({0, 0, 0.0, shy, shz});
      }
    }
    scan.stencil_line = line;
  }
  scan.stencil_cell = cell;
  const uint32_t* start = start_.data();
  const size_t* rows = scan.rows.data();
  const size_t count = scan.rows.size();
  if (inner) {
    Range* st = scan.inner.data();
    for (size_t k = 0; k < count; ++k) {
      st[k].a = start[rows[k] + lo];
      st[k].b = start[rows[k] + hi];
    }
    scan.at_edge = false;
    scan.ranges = count;
    return;
  }
  const int a = lo < 0 ? 0 : lo, b = hi > n ? n : hi;            // inside the box
  const int wa = lo < 0 ? lo + n : 0, wb = lo < 0 ? n : hi - n;  // past the face, wrapped
  const double shx = lo < 0 ? -kBox : kBox;
  Range* st = scan.edge.data();
  for (size_t k = 0; k < count; ++k) {
    st[2 * k].a = start[rows[k] + a];
    st[2 * k].b = start[rows[k] + b];
    st[2 * k + 1].a = start[rows[k] + wa];
    st[2 * k + 1].b = start[rows[k] + wb];
    st[2 * k + 1].shx = shx;
  }
  scan.at_edge = true;
  scan.ranges = 2 * count;
}

void NeighbourGrid::gather(size_t begin, size_t end, Boids3dComponents& out) const {
  end = std::min(end, place_.size());
  for (size_t i = begin; i < end; ++i) store(sums_[place_[i]], i, out);
}

void NeighbourGrid::components(size_t begin, size_t end, Scan& scan) {
  end = std::min(end, id_.size());
  if (scan.built != build_) {  // a new grid: room for every candidate, and no stencil yet
    scan.built = build_;
    scan.candidates = 0;
    scan.stencil_cell = scan.stencil_line = UINT32_MAX;
    const size_t room = id_.size() + 1;
    if (reach_ == 0) {
      scan.scratch.reserve(id_.size());  // every boid a candidate, kept with its δ
    } else {
      if (scan.hits.size() < room) {
        scan.hits.resize(room);
        scan.sorted.resize(room);
        scan.flat.resize(room + 8);  // a row's 8 words may pass the last candidate
      }
      if (scan.scratch.keys.size() < room) scan.scratch.keys.resize(room);  // lists too long to rank
      scan.ids.resize(kRankedAtMost + 4);
    }
  }
  for (size_t p = begin; p < end; ++p) {
    if (reach_ > 0) {
      if (cell_[p] != scan.stencil_cell) build_stencil(cell_[p], scan);
      scan_stencil(p, scan, sums_[p]);
      continue;
    }
    // Too few cells per axis: every boid once, in index order, with the spec's wrap.
    NeighbourScratch& scratch = scan.scratch;
    scratch.count = 0;
    const Boids3dState& s = *src_;
    const double xi = xyz_[3 * p], yi = xyz_[3 * p + 1], zi = xyz_[3 * p + 2];
    const size_t count = s.size();
    const uint32_t self = id_[p];
    scan.candidates += count;
    for (size_t j = 0; j < count; ++j) {
      if (j == self) continue;
      double dx = wrap_periodic(s.x[j] - xi);
      double dy = wrap_periodic(s.y[j] - yi);
      double dz = wrap_periodic(s.z[j] - zi);
      double d2 = dx * dx + dy * dy + dz * dz;
      const uint32_t jj = static_cast<uint32_t>(j);
      scratch.offer(d2 <= lim_.within, jj, jj, dx, dy, dz, d2);
    }
    sum_components(scratch, s.vx.data(), s.vy.data(), s.vz.data(), v_[3 * p], v_[3 * p + 1], v_[3 * p + 2],
                   lim_, sums_[p]);
  }
}

}  // namespace bandada
