// Bandada — the feedback engine as bytes (feedback2d_pack / feedback2d_unpack): how a page
// without threads hands its long cycles to a Web Worker running the same build.
#include "common/bytes.h"
#include "feedback2d.h"
#include "feedback2d_params.h"

namespace bandada {
namespace {

constexpr uint32_t kMagic = 0x46423201;  // "FB2", layout 1
constexpr uint64_t kMaxHistory = uint64_t{1} << 28;

void put_result(ByteWriter& w, const Feedback2dResult& r) {
  for (double v : {r.cx, r.cy, r.vx, r.vy, r.D, r.order, r.hx, r.hy, r.coherence, r.delta}) w.put(v);
}
void get_result(ByteReader& r, Feedback2dResult& out) {
  for (double* v :
       {&out.cx, &out.cy, &out.vx, &out.vy, &out.D, &out.order, &out.hx, &out.hy, &out.coherence, &out.delta})
    r.get(*v);
}

}  // namespace

std::string feedback2d_pack(const Feedback2d& f) {
  const Feedback2dParams& p = f.params_;
  ByteWriter w;
  w.put(kMagic);
  w.put(p.n);
  for (double v : {p.r, p.alpha, p.sigma, p.lambda, p.turn, p.feedback}) w.put(v);
  w.put(static_cast<uint8_t>(p.operation));
  w.put(static_cast<uint8_t>(p.no_contradiction));
  w.put(p.seed);
  w.put(f.rng_.state);
  for (const std::vector<double>* v : {&f.px_, &f.py_, &f.vx_, &f.vy_, &f.mA_, &f.mS_, &f.mG_, &f.dphi_})
    w.put(*v);
  w.put(f.neighbors_);
  w.put(f.is_v_);
  put_result(w, f.R_);
  put_result(w, f.R_prev_);
  w.put(static_cast<uint8_t>(f.has_prev_));
  w.put(f.delta_history_);
  w.put(static_cast<int32_t>(f.next_phase_));
  w.put(f.cycles_);
  return w.take();
}

bool feedback2d_unpack(std::string_view bytes, Feedback2d& f) {
  ByteReader r(bytes);
  uint32_t magic = 0, rng = 0;
  Feedback2dParams p;
  uint8_t operation = 0, no_contradiction = 0, has_prev = 0;
  int32_t phase = 0;
  uint64_t cycles = 0;
  if (!r.get(magic) || magic != kMagic || !r.get(p.n)) return false;
  for (double* v : {&p.r, &p.alpha, &p.sigma, &p.lambda, &p.turn, &p.feedback}) r.get(*v);
  r.get(operation);
  r.get(no_contradiction);
  r.get(p.seed);
  r.get(rng);
  std::vector<double> x, y, vx, vy, mA, mS, mG, dphi, history;
  std::vector<uint32_t> neighbors;
  std::vector<uint8_t> is_v;
  for (std::vector<double>* v : {&x, &y, &vx, &vy, &mA, &mS, &mG, &dphi})
    if (!r.get(*v, p.n) || v->size() != p.n) return false;
  if (!r.get(neighbors, p.n) || neighbors.size() != p.n || !r.get(is_v, p.n) || is_v.size() != p.n)
    return false;
  Feedback2dResult R, R_prev;
  get_result(r, R);
  get_result(r, R_prev);
  r.get(has_prev);
  r.get(history, kMaxHistory);
  r.get(phase);
  r.get(cycles);
  if (!r.finished() || operation > 3 || no_contradiction > 1 || has_prev > 1 || phase < 1 || phase > 4)
    return false;
  // Params in their fields' ranges and a finite state: what this engine can have.
  const FieldInfo* fields = feedback2d_fields();
  auto in = [fields](Feedback2dField k, double v) { return in_field_range(fields[static_cast<int>(k)], v); };
  if (!in(Feedback2dField::n, p.n) || !in(Feedback2dField::r, p.r) || !in(Feedback2dField::alpha, p.alpha) ||
      !in(Feedback2dField::sigma, p.sigma) || !in(Feedback2dField::lambda, p.lambda) ||
      !in(Feedback2dField::turn, p.turn) || !in(Feedback2dField::feedback, p.feedback))
    return false;
  for (const std::vector<double>* v : {&x, &y, &vx, &vy, &mA, &mS, &mG, &dphi, &history})
    for (double d : *v)
      if (!(d - d == 0.0) || d > 1e9 || d < -1e9) return false;  // finite, and not absurdly far
  for (uint32_t k : neighbors)
    if (k >= p.n) return false;
  for (uint8_t v : is_v)
    if (v > 1) return false;
  p.operation = static_cast<Feedback2dOperation>(operation);
  p.no_contradiction = no_contradiction != 0;
  Feedback2d g(p, x, y, vx, vy);  // then every part of the state as it was sent
  g.rng_.state = rng;
  g.px_ = std::move(x);
  g.py_ = std::move(y);
  g.vx_ = std::move(vx);
  g.vy_ = std::move(vy);
  g.mA_ = std::move(mA);
  g.mS_ = std::move(mS);
  g.mG_ = std::move(mG);
  g.dphi_ = std::move(dphi);
  g.neighbors_ = std::move(neighbors);
  g.is_v_ = std::move(is_v);
  g.R_ = R;
  g.R_prev_ = R_prev;
  g.has_prev_ = has_prev != 0;
  g.delta_history_ = std::move(history);
  g.next_phase_ = static_cast<Feedback2dPhase>(phase);
  g.cycles_ = cycles;
  f = std::move(g);
  return true;
}

}  // namespace bandada
