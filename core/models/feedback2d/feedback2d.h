// Bandada — the 2-D feedback engine (docs/models/feedback2d.md): local rule → cohesion →
// result R → counter-rule, four phases each callable alone. Plane 1000 × 700, not periodic.
// Points are in draw order; every sum over points or neighbours runs in ascending index.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/lcg.h"
#include "common/state_id.h"

namespace bandada {

enum class Feedback2dOperation { flock, probabilistic, sum, gravity };

const char* operation_name(Feedback2dOperation op);

struct Feedback2dParams {
  uint32_t n = 200;     ///< points, 2 … 2000 (re-initializes)
  double r = 60;        ///< local radius, 5 … 400 (strict: |p_j − p_i| < r)
  double alpha = 1;     ///< attraction weight α, 0 … 3
  double sigma = 1;     ///< separation weight σ, 0 … 3
  double lambda = 1;    ///< alignment weight λ, 0 … 3
  double turn = 0.2;    ///< random turn g, 0 … 1
  double feedback = 1;  ///< counter-rule strength f, 0 … 2
  Feedback2dOperation operation = Feedback2dOperation::flock;
  bool no_contradiction = false;
  uint32_t seed = 1;  ///< LCG seed (re-initializes)
};

/// The result R of the last cohesion/result phases.
struct Feedback2dResult {
  double cx = 0, cy = 0;  ///< centre c
  double vx = 0, vy = 0;  ///< mean velocity v̄
  double D = 0;           ///< dispersion sqrt(mean |p − c|²)
  double order = 0;       ///< |Σ v̂| / n
  double hx = 0, hy = 0;  ///< heading Ĥ (zero when Σ v̂ is zero)
  double coherence = 0;   ///< share of V points
  double delta = 0;       ///< ΔR against the result before (0 until there is one)
};

/// The four phases of a cycle, in order; the value is the phase's number in the spec.
enum class Feedback2dPhase : int { local_rule = 1, cohesion = 2, result = 3, counter_rule = 4 };
const char* phase_name(Feedback2dPhase p);  ///< "1 · local rule", …

enum class Feedback2dRegime { edge, chaos, fixed_point };
const char* regime_name(Feedback2dRegime r);

class Feedback2d;
/// The engine as bytes for another instance of this same build (a page's Web Worker): params,
/// generator, every point's state, the results, the phase and the cycle count.
std::string feedback2d_pack(const Feedback2d& f);
/// Reads what feedback2d_pack wrote into f; false, f untouched, for bytes that are not a whole
/// engine of this build.
bool feedback2d_unpack(std::string_view bytes, Feedback2d& f);

class Feedback2d {
 public:
  /// Draws the start (x, y, heading, speed per point) and runs phases 2 and 3 on it.
  explicit Feedback2d(const Feedback2dParams& p);
  /// Names this engine's state for the views' caches: new for every engine built (a copy keeps it).
  uint64_t state_id() const { return state_id_; }
  /// A given state instead of the drawn start (tests, hand-computed cases); phases 2 and 3 run
  /// on it as on a start. The generator is still seeded from p.seed for later phases.
  Feedback2d(const Feedback2dParams& p, std::vector<double> x, std::vector<double> y, std::vector<double> vx,
             std::vector<double> vy);

  /// Live parameters: everything but n and the seed applies from the next phase on.
  void set_live_params(const Feedback2dParams& p);
  const Feedback2dParams& params() const { return params_; }

  /// The phase the next advance_phase() runs: 1 local rule, 2 cohesion, 3 result, 4 counter-rule.
  Feedback2dPhase next_phase() const { return next_phase_; }
  void advance_phase();
  /// Runs phases up to the end of the current cycle (all four from phase 1).
  void cycle();
  uint64_t cycles() const { return cycles_; }

  size_t size() const { return px_.size(); }
  const std::vector<double>& px() const { return px_; }
  const std::vector<double>& py() const { return py_; }
  const std::vector<double>& vx() const { return vx_; }
  const std::vector<double>& vy() const { return vy_; }
  const std::vector<double>& mA() const { return mA_; }
  const std::vector<double>& mS() const { return mS_; }
  const std::vector<double>& mG() const { return mG_; }
  const std::vector<uint32_t>& neighbors() const { return neighbors_; }
  /// True for V (inside the group and with it), false for F.
  const std::vector<uint8_t>& is_v() const { return is_v_; }
  const Feedback2dResult& result() const { return R_; }
  const std::vector<double>& delta_history() const { return delta_history_; }
  Feedback2dRegime regime() const;
  /// Of n, every point's state (p, v, m_A, m_S, m_G, class), R and the next phase, in index order.
  uint64_t fingerprint() const;

 private:
  uint64_t state_id_ = new_state_id();
  friend std::string feedback2d_pack(const Feedback2d& f);
  friend bool feedback2d_unpack(std::string_view bytes, Feedback2d& f);
  void phase_local_rule();
  void operation_terms(size_t i, const std::vector<uint32_t>& near, const std::vector<uint8_t>* kept,
                       double G, double& cxi, double& cyi, double& axi, double& ayi) const;
  void separation(size_t i, const std::vector<uint32_t>& near, double sep_range, double& sx,
                  double& sy) const;
  void phase_cohesion();
  void phase_result(bool record_delta);
  void phase_counter_rule();
  void find_neighbours(std::vector<std::vector<uint32_t>>& out) const;
  void start_result();

  Feedback2dParams params_;
  Lcg rng_;
  std::vector<double> px_, py_, vx_, vy_, mA_, mS_, mG_, dphi_;
  std::vector<uint32_t> neighbors_;
  std::vector<uint8_t> is_v_;
  Feedback2dResult R_, R_prev_;
  bool has_prev_ = false;
  std::vector<double> delta_history_;
  Feedback2dPhase next_phase_ = Feedback2dPhase::local_rule;
  uint64_t cycles_ = 0;
};

/// The wall force on one axis: within 60 of a border, 0.1·(1 − dist/60) inward per border.
double feedback2d_wall(double coordinate, double extent);

}  // namespace bandada
