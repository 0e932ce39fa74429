// Bandada — periodic grid and brute-force neighbour search (see neighbour_grid.h).
//
// Why the grid gives the brute force's bits: for d = x_j − x_i ∈ (−8.4, 8.4) the spec's wrap is
// d, d − L or d + L, and the last two are exact (Sterbenz). With three or more cells per axis
// the cell size is at least r ≤ 2.8, so an accepted neighbour's image is the unique one within
// 4.2 and the cell's shift ±L is the same exact addition. With fewer cells (r > 2.8, or a grid
// capped by N) every boid is scanned once with the spec's wrap itself, so r ≥ 4.2 counts no
// neighbour twice.
#include "neighbour_grid.h"

#include <algorithm>
#include <cmath>

#include "periodic.h"

namespace bandada {

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

void sum_components(Neighbour* nb, size_t k, double vix, double viy, double viz,
                    const DistanceLimits& lim, uint32_t i, Boids3dComponents& out) {
  // Ascending index: insertion sort for the usual short lists, std::sort for dense ones.
  if (k <= 48) {
    for (size_t a = 1; a < k; ++a) {
      Neighbour e = nb[a];
      size_t b = a;
      while (b > 0 && nb[b - 1].id > e.id) {
        nb[b] = nb[b - 1];
        --b;
      }
      nb[b] = e;
    }
  } else if (!std::is_sorted(nb, nb + k, [](const Neighbour& a, const Neighbour& b) { return a.id < b.id; })) {
    std::sort(nb, nb + k, [](const Neighbour& a, const Neighbour& b) { return a.id < b.id; });
  }
  double sx = 0, sy = 0, sz = 0, mvx = 0, mvy = 0, mvz = 0, cx = 0, cy = 0, cz = 0;
  for (size_t a = 0; a < k; ++a) {
    const Neighbour& e = nb[a];
    mvx += e.vx;
    mvy += e.vy;
    mvz += e.vz;
    cx += e.dx;
    cy += e.dy;
    cz += e.dz;
    if (e.d2 > 0.0 && e.d2 <= lim.separation) {
      double d = std::sqrt(e.d2);
      sx -= e.dx / d;
      sy -= e.dy / d;
      sz -= e.dz / d;
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
  out.sx[i] = sx; out.sy[i] = sy; out.sz[i] = sz;
  out.ax[i] = ax; out.ay[i] = ay; out.az[i] = az;
  out.cx[i] = cx; out.cy[i] = cy; out.cz[i] = cz;
  out.neighbors[i] = static_cast<uint32_t>(k);
}

void brute_force_components(const Boids3dState& s, double radius, size_t begin, size_t end,
                            Boids3dComponents& out) {
  const DistanceLimits lim = DistanceLimits::for_radius(radius);
  const size_t n = s.size();
  std::vector<Neighbour> nb;
  nb.reserve(64);
  for (size_t i = begin; i < end; ++i) {
    nb.clear();
    for (size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      double dx = wrap_periodic(s.x[j] - s.x[i]);
      double dy = wrap_periodic(s.y[j] - s.y[i]);
      double dz = wrap_periodic(s.z[j] - s.z[i]);
      double d2 = dx * dx + dy * dy + dz * dz;
      if (std::sqrt(d2) <= radius)  // the spec's test, literally
        nb.push_back({static_cast<uint32_t>(j), dx, dy, dz, d2, s.vx[j], s.vy[j], s.vz[j]});
    }
    sum_components(nb.data(), nb.size(), s.vx[i], s.vy[i], s.vz[i], lim, static_cast<uint32_t>(i), out);
  }
}

namespace {

int cell_coord(double x, int n) {
  // x ∈ [-4.2, 4.2); clamp guards rounding at the faces.
  int c = static_cast<int>((x + kHalfBox) * (static_cast<double>(n) / kBox));
  return c < 0 ? 0 : (c >= n ? n - 1 : c);
}

}  // namespace

void NeighbourGrid::build(const Boids3dState& s, double radius) {
  const size_t count = s.size();
  src_ = &s;
  radius_ = radius;
  lim_ = DistanceLimits::for_radius(radius);
  // Cells at least r (plus a margin far above rounding) wide, and not many more than boids.
  double per_axis = std::floor(kBox / (radius * (1.0 + 1e-9)));
  int n = per_axis < 1.0 ? 1 : (per_axis > 1024.0 ? 1024 : static_cast<int>(per_axis));
  const size_t max_cells = std::max<size_t>(27, 2 * count);
  while (n > 1 && static_cast<size_t>(n) * n * n > max_cells) --n;
  n_ = n;
  const size_t cells = static_cast<size_t>(n) * n * n;
  start_.assign(cells + 1, 0);
  cell_.resize(count);
  id_.resize(count);
  x_.resize(count); y_.resize(count); z_.resize(count);
  vx_.resize(count); vy_.resize(count); vz_.resize(count);
  std::vector<uint32_t> cell_of(count);
  for (size_t i = 0; i < count; ++i) {
    uint32_t c = static_cast<uint32_t>((cell_coord(s.z[i], n) * n + cell_coord(s.y[i], n)) * n +
                                       cell_coord(s.x[i], n));
    cell_of[i] = c;
    ++start_[c + 1];
  }
  for (size_t c = 0; c < cells; ++c) start_[c + 1] += start_[c];
  std::vector<uint32_t> fill(start_.begin(), start_.end() - 1);
  for (size_t i = 0; i < count; ++i) {
    uint32_t p = fill[cell_of[i]]++;
    cell_[p] = cell_of[i];
    id_[p] = static_cast<uint32_t>(i);
    x_[p] = s.x[i]; y_[p] = s.y[i]; z_[p] = s.z[i];
    vx_[p] = s.vx[i]; vy_[p] = s.vy[i]; vz_[p] = s.vz[i];
  }
  candidates_ = 0;
  if (scratch_.capacity() < 256) scratch_.reserve(256);
}

void NeighbourGrid::scan(size_t p, size_t a, size_t b, double shx, double shy, double shz) {
  const double xi = x_[p], yi = y_[p], zi = z_[p];
  const double within = lim_.within;
  candidates_ += b - a;
  for (size_t q = a; q < b; ++q) {
    double dx = (x_[q] - xi) + shx;
    double dy = (y_[q] - yi) + shy;
    double dz = (z_[q] - zi) + shz;
    double d2 = dx * dx + dy * dy + dz * dz;
    if (d2 <= within && q != p)
      scratch_.push_back({id_[q], dx, dy, dz, d2, vx_[q], vy_[q], vz_[q]});
  }
}

void NeighbourGrid::components(size_t begin, size_t end, Boids3dComponents& out) {
  const int n = n_;
  end = std::min(end, id_.size());
  for (size_t p = begin; p < end; ++p) {
    scratch_.clear();
    if (n >= 3) {
      const int c = static_cast<int>(cell_[p]);
      const int cx = c % n, cy = (c / n) % n, cz = c / (n * n);
      for (int dz = -1; dz <= 1; ++dz) {
        int zc = cz + dz;
        double shz = 0.0;
        if (zc < 0) { zc += n; shz = -kBox; }
        if (zc >= n) { zc -= n; shz = kBox; }
        for (int dy = -1; dy <= 1; ++dy) {
          int yc = cy + dy;
          double shy = 0.0;
          if (yc < 0) { yc += n; shy = -kBox; }
          if (yc >= n) { yc -= n; shy = kBox; }
          const size_t row = (static_cast<size_t>(zc) * n + yc) * n;
          if (cx >= 1 && cx <= n - 2) {  // three x-adjacent cells are one contiguous range
            scan(p, start_[row + cx - 1], start_[row + cx + 2], 0.0, shy, shz);
          } else {
            for (int dx = -1; dx <= 1; ++dx) {
              int xc = cx + dx;
              double shx = 0.0;
              if (xc < 0) { xc += n; shx = -kBox; }
              if (xc >= n) { xc -= n; shx = kBox; }
              scan(p, start_[row + xc], start_[row + xc + 1], shx, shy, shz);
            }
          }
        }
      }
    } else {
      // Two cells or fewer per axis: every boid once, in index order (so no sort is needed),
      // with the spec's wrap per component.
      const Boids3dState& s = *src_;
      const double xi = x_[p], yi = y_[p], zi = z_[p];
      const size_t count = s.size();
      const uint32_t self = id_[p];
      candidates_ += count;
      for (size_t j = 0; j < count; ++j) {
        if (j == self) continue;
        double dx = wrap_periodic(s.x[j] - xi);
        double dy = wrap_periodic(s.y[j] - yi);
        double dz = wrap_periodic(s.z[j] - zi);
        double d2 = dx * dx + dy * dy + dz * dz;
        if (d2 <= lim_.within)
          scratch_.push_back({static_cast<uint32_t>(j), dx, dy, dz, d2, s.vx[j], s.vy[j], s.vz[j]});
      }
    }
    sum_components(scratch_.data(), scratch_.size(), vx_[p], vy_[p], vz_[p], lim_, id_[p], out);
  }
}

}  // namespace bandada
