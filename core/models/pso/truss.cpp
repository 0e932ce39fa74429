// Bandada — a small planar truss (see truss.h).
#include "truss.h"

#include <cmath>

namespace bandada {

TrussResult solve_truss(const std::vector<TrussNode>& nodes, const std::vector<TrussMember>& members,
                        const std::vector<double>& areas, double E) {
  TrussResult r;
  const size_t n = nodes.size();
  std::vector<long> dof(2 * n, -1);  // each node's x and y: its free index, or −1 when pinned
  size_t free = 0;
  for (size_t i = 0; i < n; ++i)
    if (!nodes[i].pinned) {
      dof[2 * i] = static_cast<long>(free++);
      dof[2 * i + 1] = static_cast<long>(free++);
    }
  std::vector<double> K(free * free, 0.0), f(free, 0.0);
  for (size_t i = 0; i < n; ++i)
    if (!nodes[i].pinned) {
      f[static_cast<size_t>(dof[2 * i])] = nodes[i].fx;
      f[static_cast<size_t>(dof[2 * i + 1])] = nodes[i].fy;
    }
  r.length.resize(members.size());
  for (size_t m = 0; m < members.size(); ++m) {
    const TrussNode &a = nodes[members[m].a], &b = nodes[members[m].b];
    const double dx = b.x - a.x, dy = b.y - a.y, L = std::sqrt(dx * dx + dy * dy);
    r.length[m] = L;
    const double c = dx / L, s = dy / L, k = E * areas[m] / L;
    const double e[4] = {-c, -s, c, s};  // the member's axis over (ax, ay, bx, by)
    const long d[4] = {dof[2 * members[m].a], dof[2 * members[m].a + 1], dof[2 * members[m].b],
                       dof[2 * members[m].b + 1]};
    for (int p = 0; p < 4; ++p)
      for (int q = 0; q < 4; ++q)
        if (d[p] >= 0 && d[q] >= 0)
          K[static_cast<size_t>(d[p]) * free + static_cast<size_t>(d[q])] += k * e[p] * e[q];
  }
  // K = L·Lᵀ, then L·y = f and Lᵀ·u = y.
  for (size_t j = 0; j < free; ++j) {
    double sum = K[j * free + j];
    for (size_t k = 0; k < j; ++k) sum -= K[j * free + k] * K[j * free + k];
    if (!(sum > 1e-12 * (K[j * free + j] > 0 ? K[j * free + j] : 1.0))) return r;  // a mechanism
    const double Ljj = std::sqrt(sum);
    K[j * free + j] = Ljj;
    for (size_t i = j + 1; i < free; ++i) {
      double t = K[i * free + j];
      for (size_t k = 0; k < j; ++k) t -= K[i * free + k] * K[j * free + k];
      K[i * free + j] = t / Ljj;
    }
  }
  std::vector<double> u(free);
  for (size_t i = 0; i < free; ++i) {
    double t = f[i];
    for (size_t k = 0; k < i; ++k) t -= K[i * free + k] * u[k];
    u[i] = t / K[i * free + i];
  }
  for (size_t ii = free; ii-- > 0;) {
    double t = u[ii];
    for (size_t k = ii + 1; k < free; ++k) t -= K[k * free + ii] * u[k];
    u[ii] = t / K[ii * free + ii];
  }
  r.ux.assign(n, 0.0);
  r.uy.assign(n, 0.0);
  for (size_t i = 0; i < n; ++i)
    if (!nodes[i].pinned) {
      r.ux[i] = u[static_cast<size_t>(dof[2 * i])];
      r.uy[i] = u[static_cast<size_t>(dof[2 * i + 1])];
    }
  r.stress.resize(members.size());
  r.force.resize(members.size());
  for (size_t m = 0; m < members.size(); ++m) {
    const size_t a = members[m].a, b = members[m].b;
    const double c = (nodes[b].x - nodes[a].x) / r.length[m], s = (nodes[b].y - nodes[a].y) / r.length[m];
    const double stretch = (r.ux[b] - r.ux[a]) * c + (r.uy[b] - r.uy[a]) * s;
    r.stress[m] = E * stretch / r.length[m];
    r.force[m] = r.stress[m] * areas[m];
  }
  r.ok = true;
  return r;
}

}  // namespace bandada
