// Bandada — the feedback engine as bytes (feedback2d_pack / feedback2d_unpack): how a page
// without threads hands its long cycles to a Web Worker running the same build.
#include "common/bytes.h"
#include "feedback2d.h"
#include "feedback2d_params.h"

namespace bandada {
namespace {

constexpr uint32_t kMagic = 0x46423201;  // "FB2", layout 1
constexpr uint64_t kMaxHistory = uint64_t{1} << 28;

/// The engine's state as numbers and arrays of numbers, in the order of its bytes.
struct Feedback2dRecord {
  uint32_t magic = kMagic, rng = 0;
  Feedback2dParams p;
  uint8_t operation = 0, no_contradiction = 0, has_prev = 0;
  std::vector<double> x, y, vx, vy, mA, mS, mG, dphi, history;
  std::vector<uint32_t> neighbors;
  std::vector<uint8_t> is_v;
  Feedback2dResult R, R_prev;
  int32_t phase = 0;
  uint64_t cycles = 0;
};

/// The one list of the members, walked by the writer (pack) and the reader (unpack) alike.
template <class Io, class R>
void walk_members(Io& io, R& r) {
  io(r.magic);
  io(r.p.n);
  for (auto* v : {&r.p.r, &r.p.alpha, &r.p.sigma, &r.p.lambda, &r.p.turn, &r.p.feedback}) io(*v);
  io(r.operation);
  io(r.no_contradiction);
  io(r.p.seed);
  io(r.rng);
  for (auto* v : {&r.x, &r.y, &r.vx, &r.vy, &r.mA, &r.mS, &r.mG, &r.dphi}) io(*v, r.p.n);
  io(r.neighbors, r.p.n);
  io(r.is_v, r.p.n);
  for (auto* q : {&r.R, &r.R_prev})
    for (auto* v :
         {&q->cx, &q->cy, &q->vx, &q->vy, &q->D, &q->order, &q->hx, &q->hy, &q->coherence, &q->delta})
      io(*v);
  io(r.has_prev);
  io(r.history, kMaxHistory);
  io(r.phase);
  io(r.cycles);
}

/// Whether a record read is a state this engine can have: every array of n, params in their
/// fields' ranges, a finite state.
bool possible(const Feedback2dRecord& r) {
  const Feedback2dParams& p = r.p;
  for (const std::vector<double>* v : {&r.x, &r.y, &r.vx, &r.vy, &r.mA, &r.mS, &r.mG, &r.dphi})
    if (v->size() != p.n) return false;
  if (r.magic != kMagic || r.neighbors.size() != p.n || r.is_v.size() != p.n || r.operation > 3 ||
      r.no_contradiction > 1 || r.has_prev > 1 || r.phase < 1 || r.phase > 4)
    return false;
  const FieldInfo* fields = feedback2d_fields();
  auto in = [fields](Feedback2dField k, double v) { return in_field_range(fields[static_cast<int>(k)], v); };
  if (!in(Feedback2dField::n, p.n) || !in(Feedback2dField::r, p.r) || !in(Feedback2dField::alpha, p.alpha) ||
      !in(Feedback2dField::sigma, p.sigma) || !in(Feedback2dField::lambda, p.lambda) ||
      !in(Feedback2dField::turn, p.turn) || !in(Feedback2dField::feedback, p.feedback))
    return false;
  for (const std::vector<double>* v : {&r.x, &r.y, &r.vx, &r.vy, &r.mA, &r.mS, &r.mG, &r.dphi, &r.history})
    for (double d : *v)
      if (!(d - d == 0.0) || d > 1e9 || d < -1e9) return false;  // finite, and not absurdly far
  for (uint32_t k : r.neighbors)
    if (k >= p.n) return false;
  for (uint8_t v : r.is_v)
    if (v > 1) return false;
  return true;
}

}  // namespace

std::string feedback2d_pack(const Feedback2d& f) {
  Feedback2dRecord r;
  r.p = f.params_;
  r.operation = static_cast<uint8_t>(f.params_.operation);
  r.no_contradiction = static_cast<uint8_t>(f.params_.no_contradiction);
  r.rng = f.rng_.state;
  r.x = f.px_;
  r.y = f.py_;
  r.vx = f.vx_;
  r.vy = f.vy_;
  r.mA = f.mA_;
  r.mS = f.mS_;
  r.mG = f.mG_;
  r.dphi = f.dphi_;
  r.neighbors = f.neighbors_;
  r.is_v = f.is_v_;
  r.R = f.R_;
  r.R_prev = f.R_prev_;
  r.has_prev = static_cast<uint8_t>(f.has_prev_);
  r.history = f.delta_history_;
  r.phase = static_cast<int32_t>(f.next_phase_);
  r.cycles = f.cycles_;
  ByteWriter w;
  walk_members(w, r);
  return w.take();
}

bool feedback2d_unpack(std::string_view bytes, Feedback2d& f) {
  ByteReader in(bytes);
  Feedback2dRecord r;
  walk_members(in, r);
  if (!in.finished() || !possible(r)) return false;
  Feedback2dParams p = r.p;
  p.operation = static_cast<Feedback2dOperation>(r.operation);
  p.no_contradiction = r.no_contradiction != 0;
  Feedback2d g(p, r.x, r.y, r.vx, r.vy);  // then every part of the state as it was sent
  g.rng_.state = r.rng;
  g.px_ = std::move(r.x);
  g.py_ = std::move(r.y);
  g.vx_ = std::move(r.vx);
  g.vy_ = std::move(r.vy);
  g.mA_ = std::move(r.mA);
  g.mS_ = std::move(r.mS);
  g.mG_ = std::move(r.mG);
  g.dphi_ = std::move(r.dphi);
  g.neighbors_ = std::move(r.neighbors);
  g.is_v_ = std::move(r.is_v);
  g.R_ = r.R;
  g.R_prev_ = r.R_prev;
  g.has_prev_ = r.has_prev != 0;
  g.delta_history_ = std::move(r.history);
  g.next_phase_ = static_cast<Feedback2dPhase>(r.phase);
  g.cycles_ = r.cycles;
  f = std::move(g);
  return true;
}

}  // namespace bandada
