// Bandada — benchmarks of the 3-D flock step (figures, not pass/fail). The same source runs
// natively and under Node (wasm); scripts/bench.sh runs both and prints the wasm/native ratio.
// Per scenario: ns per boid-step (median and best of 5 runs of at least 0.5 s), mean neighbour
// count k, candidates per boid, ns per candidate and per neighbour, rebuild vs steering split;
// then threads: this machine's own 1 -> 2 thread speed-up for a compute-bound and a memory-bound
// loop, and ms per step at 1 and 2 threads (3-D at N = 100 000, 2-D flock at N = 20 000);
// then the crowd in the 140 × 100 m hall at 2 000 and 20 000 people, with each operational model
// (the social force model, then the collision-free speed model): ms per 0.04 s frame step.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "common/parallel.h"
#include "models/boids3d/boids3d.h"
#include "models/crowd/crowd.h"
#include "models/crowd/crowd_scenario.h"
#include "models/flock2d/flock2d.h"

using namespace bandada;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

size_t peak_memory_bytes() {
#if defined(__wasm__)
  return __builtin_wasm_memory_size(0) * 65536ull;  // linear memory only grows: its size is the peak
#else
  FILE* f = std::fopen("/proc/self/status", "r");
  if (!f) return 0;
  char line[256];
  size_t kb = 0;
  while (std::fgets(line, sizeof line, f))
    if (std::strncmp(line, "VmHWM:", 6) == 0) kb = std::strtoull(line + 6, nullptr, 10);
  std::fclose(f);
  return kb * 1024;
#endif
}

/// The median of 5 runs of ms per step, each run stepping for at least min_s seconds.
template <class Step>
double median_ms_per_step(Step step, double min_s) {
  std::vector<double> runs;
  for (int run = 0; run < 5; ++run) {
    auto t0 = Clock::now();
    int steps = 0;
    do {
      step();
      ++steps;
    } while (seconds_since(t0) < min_s);
    runs.push_back(seconds_since(t0) * 1e3 / steps);
  }
  std::sort(runs.begin(), runs.end());
  return runs[2];
}

struct Figures {
  double median_ns, best_ns, k, candidates, rebuild_share;
};

Figures measure(const Boids3dParams& p, NeighbourSearch search, double min_seconds, unsigned threads = 1) {
  Boids3d flock(p, search);
  flock.set_threads(threads);
  // The start fills the inner ±3.36 of the cube; let the gas spread over the whole cube so the
  // neighbour count is the uniform one (k ≈ 7.07e-3·N·r³).
  for (int t = 0; t < 150; ++t) flock.step();
  std::vector<double> runs;
  double k_sum = 0, cand_sum = 0, rebuild_s = 0, total_s = 0;
  uint64_t samples = 0;
  for (int run = 0; run < 5; ++run) {
    uint64_t steps = 0;
    auto t0 = Clock::now();
    double elapsed = 0;
    do {
      auto s0 = Clock::now();
      flock.begin_step();
      double b = seconds_since(s0);
      flock.advance_step(static_cast<size_t>(-1));
      double all = seconds_since(s0);
      rebuild_s += b;
      total_s += all;
      ++steps;
      elapsed = seconds_since(t0);
    } while (elapsed < min_seconds);
    runs.push_back(elapsed * 1e9 / (static_cast<double>(steps) * std::max<uint32_t>(p.count, 1)));
    uint64_t ks = 0;
    for (uint32_t k : flock.components().neighbors) ks += k;
    k_sum += p.count ? static_cast<double>(ks) / p.count : 0.0;
    ++samples;
  }
  // Candidates per boid: one instrumented grid pass over the final state.
  if (search == NeighbourSearch::grid) {
    NeighbourGrid grid;
    grid.build(flock.state(), p.radius);
    Boids3dComponents c;
    c.resize(flock.size());
    grid.components(0, flock.size());
    grid.gather(0, flock.size(), c);
    cand_sum = p.count ? static_cast<double>(grid.candidates_tested()) / p.count : 0.0;
  } else {
    cand_sum = p.count ? p.count - 1.0 : 0.0;
  }
  std::sort(runs.begin(), runs.end());
  return {runs[2], runs[0], k_sum / samples, cand_sum, total_s > 0 ? rebuild_s / total_s : 0};
}

Boids3dParams scenario(uint32_t n, double radius) {
  Boids3dParams p;
  p.count = n;
  p.radius = radius;
  // Zero weights: a uniform ballistic gas keeps k at its target while the kernel does exactly
  // the same work (the weights only scale components it computes anyway).
  p.separation = 0.0;
  p.alignment = 0.0;
  p.cohesion = 0.0;
  p.max_speed = 2;
  p.seed = 1;
  return p;
}

void report(const char* name, const Boids3dParams& p, const Figures& f) {
  std::printf(
      "%-34s N=%-6u r=%-6.3f  %8.1f ns/boid-step (best %8.1f)  k=%6.1f  cand=%7.1f  "
      "%5.2f ns/cand  %6.2f ns/nbr  rebuild %4.1f%%\n",
      name, p.count, p.radius, f.median_ns, f.best_ns, f.k, f.candidates,
      f.candidates > 0 ? f.median_ns / f.candidates : 0.0, f.k > 0 ? f.median_ns / f.k : 0.0,
      100.0 * f.rebuild_share);
  std::fflush(stdout);
}

/// One crowd benchmark line: the crowd on t threads, under way (25 frames: everyone walking),
/// then a frame's median time, as real time and per person and internal step.
void crowd_row(const char* what, Crowd& crowd, unsigned t, uint32_t model, double dt, double min_s) {
  crowd.set_threads(t);
  for (int s = 0; s < 25; ++s) crowd.step();
  const double ms_step = median_ms_per_step([&] { crowd.step(); }, min_s);
  std::printf(
      "%s, N=%u, %u thread%s, %s: %7.1f ms/step (0.04 s of model time)  %5.2f x real time  %6.0f "
      "ns/person-substep\n",
      what, crowd.placed(), t, t > 1 ? "s" : " ", crowd_model_word(model), ms_step, 40.0 / ms_step,
      ms_step * 1e6 / (static_cast<double>(crowd.size()) * std::ceil(kCrowdFrame / dt)));
}

/// This machine's own 1 -> 2 thread speed-up for two loops of known kind, to read the step's
/// beside: one that only computes (eight independent chains of multiply-adds in registers: two
/// cores give 2x, two threads sharing a core's arithmetic less), and one that only streams memory
/// (a sum over 128 MiB, beyond the caches: bounded by the memory's bandwidth, not the cores).
void machine_scaling(double min_s) {
  const size_t blocks = size_t{1} << 14;  // (parallel_for splits only loops of 256 items or more)
  std::vector<double> out(blocks);
  auto compute = [&](unsigned t) {
    return median_ms_per_step(
        [&] {
          parallel_for(blocks, t, [&](size_t a, size_t b, unsigned) {
            for (size_t k = a; k < b; ++k) {
              double c[8];
              for (int l = 0; l < 8; ++l) c[l] = 1.0 + 1e-3 * static_cast<double>(k + l);
              for (int it = 0; it < 400; ++it)
                for (int l = 0; l < 8; ++l) c[l] = c[l] * 0.999999 + 1e-7;
              out[k] = c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6] + c[7];
            }
          });
        },
        min_s);
  };
  std::vector<double> big(size_t{16} << 20, 1.0);  // 128 MiB
  auto stream = [&](unsigned t) {
    return median_ms_per_step(
        [&] {
          parallel_for(blocks, t, [&](size_t a, size_t b, unsigned) {
            const size_t per = big.size() / blocks;
            for (size_t k = a; k < b; ++k) {
              double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
              for (size_t q = k * per; q < (k + 1) * per; q += 4) {
                s0 += big[q];
                s1 += big[q + 1];
                s2 += big[q + 2];
                s3 += big[q + 3];
              }
              out[k] = s0 + s1 + s2 + s3;
            }
          });
        },
        min_s);
  };
  const double c1 = compute(1), c2 = compute(2), m1 = stream(1), m2 = stream(2);
  const double gib = static_cast<double>(big.size() * sizeof(double)) / (1u << 30);
  std::printf("machine, compute-bound loop, 1 -> 2 threads: %.2fx (%.1f -> %.1f ms)\n", c1 / c2, c1, c2);
  std::printf("machine, memory stream of 128 MiB, 1 -> 2 threads: %.2fx (%.1f -> %.1f GiB/s)\n", m1 / m2,
              gib / (m1 * 1e-3), gib / (m2 * 1e-3));
}

}  // namespace

namespace {

/// The 3-D flock: the grid at k ~ 20 neighbours over N, at the default radius, against brute force.
void boids3d_figures(double min_s) {
  auto radius_for_k20 = [](double n) { return std::cbrt(20.0 / (7.07e-3 * n)); };
  double per_boid[3];
  int i = 0;
  for (uint32_t n : {1000u, 10000u, 100000u}) {
    Boids3dParams p = scenario(n, radius_for_k20(n));
    Figures f = measure(p, NeighbourSearch::grid, min_s);
    report("grid, k~20", p, f);
    per_boid[i++] = f.median_ns;
  }
  std::printf("flatness: ns/boid-step at N=100000 / N=1000 = %.2f\n", per_boid[2] / per_boid[0]);
  Boids3dParams d = scenario(10000, check_params(boids3d_default_texts()).params.radius);
  report("grid, default radius", d, measure(d, NeighbourSearch::grid, min_s));
  for (uint32_t n : {1000u, 10000u}) {
    Boids3dParams p = scenario(n, radius_for_k20(n));
    Figures g = measure(p, NeighbourSearch::grid, min_s);
    Figures b = measure(p, NeighbourSearch::brute_force, min_s);
    report("brute force, k~20", p, b);
    std::printf("grid speed-up over brute force at N=%u: %.1fx\n", n, b.median_ns / g.median_ns);
  }
  std::printf("peak memory (after N=100000 runs): %.1f MiB\n", peak_memory_bytes() / 1048576.0);
}

/// Threads: the same bits, less time (each figure the median of 5 runs).
void thread_figures(double min_s) {
  // Threads: the same bits, less time. Each figure the median of 5 runs.
  std::printf("threads available: %u\n", hardware_threads());
  if (hardware_threads() > 1) {
    machine_scaling(min_s);
    Boids3dParams big = scenario(100000, 0.305);
    double ms[2];
    for (unsigned t : {1u, 2u}) {
      Figures f = measure(big, NeighbourSearch::grid, min_s, t);
      ms[t - 1] = f.median_ns * 100000 / 1e6;
      std::printf(
          "3-D, N=100000, r=0.305, %u thread%s: %7.1f ms/step  %6.1f ns/boid-step  %5.2f ns/nbr (k=%.1f)\n",
          t, t > 1 ? "s" : " ", ms[t - 1], f.median_ns, f.median_ns / f.k, f.k);
    }
    std::printf("3-D speed-up 1 -> 2 threads: %.2fx\n", ms[0] / ms[1]);
    Flock2dParams fp;
    fp.n = 20000;
    fp.r = 25;
    fp.separation_radius = 12.5;
    for (unsigned t : {1u, 2u}) {
      Flock2d flock(fp);
      flock.set_threads(t);
      for (int s = 0; s < 5; ++s) flock.step();
      ms[t - 1] = median_ms_per_step([&] { flock.step(); }, min_s);
      std::printf("2-D flock, N=20000, r=25, %u thread%s: %7.1f ms/step\n", t, t > 1 ? "s" : " ", ms[t - 1]);
    }
    std::printf("2-D flock speed-up 1 -> 2 threads: %.2fx\n", ms[0] / ms[1]);
  }
}

/// The crowd: each operational model in the hall, and the hall as a scenario file gives it.
void crowd_figures(double min_s, bool quick) {
  static_cast<void>(quick);  // (used by the wasm build only)
  // The crowd: real time is one 0.04 s frame step in at most 40 ms of wall time.
  // Each operational model, at the same dt (the crowd's field, 0.002 s by default).
  for (uint32_t n : {2000u, 20000u}) {
#ifdef __EMSCRIPTEN__
    if (quick && n > 2000) break;  // (a short run keeps 20 000 people to the native build)
#endif
    for (uint32_t model : {kCrowdSocialForce, kCrowdCollisionFree, kCrowdAnticipation}) {
      CrowdParams cp;
      cp.n = n;
      cp.layout = 4;  // the hall
      cp.model = model;
      for (unsigned t = 1; t <= std::min(2u, hardware_threads()); ++t) {
        Crowd crowd(cp);
        crowd_row("crowd, hall", crowd, t, model, cp.dt, min_s);
      }
    }
  }
  // The hall as a scenario file would give it (issue 64: the same cost per person as the preset,
  // within 10 %): the 140 × 100 m floor, its eight 2 m exits as areas 0.5 m deep at the walls, and
  // 20 000 people over the same start region, radius 0.3 m (the preset's mean), natively.
#ifndef __EMSCRIPTEN__
  for (uint32_t model : {kCrowdSocialForce, kCrowdCollisionFree}) {
    CrowdScenario sc;
    sc.walkable = {{{{0, 0}, {140, 0}, {140, 100}, {0, 100}}}};
    auto door = [](double x0, double y0, double x1, double y1) {
      return CrowdExitArea{"", {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, 0.0};
    };
    sc.exits = {door(34, 0, 36, 0.5),     door(104, 0, 106, 0.5),    door(139.5, 29, 140, 31),
                door(139.5, 69, 140, 71), door(104, 99.5, 106, 100), door(34, 99.5, 36, 100),
                door(0, 69, 0.5, 71),     door(0, 29, 0.5, 31)};
    CrowdStartArea start;
    start.id = "hall";
    start.area = {{0.5, 0.5}, {139.5, 0.5}, {139.5, 99.5}, {0.5, 99.5}};
    start.number = 20000;
    start.radius.mean = 0.3;
    start.v0.mean = CrowdParams{}.v0;
    sc.starts = {start};
    sc.model = model;
    CrowdParams cp;
    cp.model = model;
    Crowd crowd(cp, sc, 0.0);
    crowd_row("crowd, hall as a scenario", crowd, std::min(2u, hardware_threads()), model, cp.dt, min_s);
  }
#endif
}

/// A scenario's navigation field: its build time and memory on two large floors.
void navigation_figures(double min_s) {
  // A scenario's navigation field: a 200 × 100 m floor with 99 pillars (400 wall segments), and
  // the largest floor, 500 × 500 m: the field's build time (with the room) and its memory.
  for (double side : {200.0, 500.0}) {
    CrowdScenario sc;
    const double w = side, h = side == 200.0 ? 100.0 : 500.0;
    CrowdPolygon floor = {{{0, 0}, {w, 0}, {w, h}, {0, h}}};
    for (int i = 0; i < 11 && side == 200.0; ++i)
      for (int j = 0; j < 9; ++j) {
        const double x = 15.0 + 16.0 * i, y = 8.0 + 10.0 * j;
        floor.push_back({{x, y}, {x, y + 2}, {x + 2, y + 2}, {x + 2, y}});
      }
    sc.walkable = {floor};
    sc.exits = {{"exit", {{w - 0.5, h / 2 - 1}, {w, h / 2 - 1}, {w, h / 2 + 1}, {w - 0.5, h / 2 + 1}}}};
    CrowdStartArea start;
    start.id = "start";
    start.area = {{1, 1}, {3, 1}, {3, 3}, {1, 3}};
    start.number = 1;
    start.radius.mean = 0.2;
    start.v0.mean = 1.2;
    sc.starts = {start};
    size_t walls = 0;
    for (const CrowdRing& r : floor) walls += r.size();
    CrowdParams cp;
    const double ms = median_ms_per_step([&] { Crowd crowd(cp, sc, 0.0); }, min_s);
    const double cell = w * h / 0.01 <= 4e6 ? 0.1 : std::sqrt(w * h / 4e6);
    const double cells = std::ceil(w / cell) * std::ceil(h / cell);
    std::printf(
        "crowd scenario, %.0f x %.0f m, %zu walls: navigation field built in %7.1f ms, %.2f M cells of %.3f "
        "m (%.0f MB)\n",
        w, h, walls, ms, cells / 1e6, cell, cells * 9 / 1e6);
  }
}

}  // namespace

int main(int argc, char** argv) {
  double min_s = 0.5;
  bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  if (quick) min_s = 0.05;
#if defined(__wasm__)
  std::printf("target: wasm\n");
#else
  std::printf("target: native\n");
#endif
  boids3d_figures(min_s);
  thread_figures(min_s);
  crowd_figures(min_s, quick);
  navigation_figures(min_s);
  return 0;
}
