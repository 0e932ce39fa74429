// Bandada — the worker's side of a remote step (see remote_step.h).
#include "remote_step.h"

#include "model/bytes.h"
#include "models/boids3d/boids3d.h"
#include "models/feedback2d/feedback2d.h"
#include "models/flock2d/flock2d.h"

namespace bandada {

std::string pack_list(const std::vector<std::string>& parts) {
  ByteWriter w;
  w.put(static_cast<uint32_t>(parts.size()));
  for (const std::string& p : parts) w.put_bytes(p);
  return w.take();
}

bool unpack_list(std::string_view bytes, std::vector<std::string_view>& parts) {
  ByteReader r(bytes);
  uint32_t n = 0;
  if (!r.get(n) || n > 16) return false;
  parts.assign(n, {});
  for (std::string_view& p : parts)
    if (!r.get_bytes(p)) return false;
  return r.finished();
}

RemoteModel::RemoteModel() = default;
RemoteModel::~RemoteModel() = default;

namespace {

/// Every part of `bytes` read by `unpack` into a model of its own: false when any is not one.
template <class Model, class Unpack>
bool load_list(std::string_view bytes, std::vector<Model>& models, const Model& blank, Unpack unpack) {
  std::vector<std::string_view> parts;
  if (!unpack_list(bytes, parts) || parts.empty()) return false;
  for (std::string_view p : parts) {
    models.push_back(blank);
    if (!unpack(p, models.back())) return false;
  }
  return true;
}

}  // namespace

std::string RemoteModel::load(std::string_view kind, std::string_view bytes) {
  boids3d_.reset();
  flock2d_.clear();
  feedback2d_.clear();
  bool ok = false;
  if (kind == "boids3d") {
    boids3d_ = boids3d_unpack(bytes);
    ok = boids3d_ != nullptr;
  } else if (kind == "flock2d") {
    Flock2dParams p;
    p.n = 1;
    ok = load_list(bytes, flock2d_, Flock2d(p), flock2d_unpack);
  } else if (kind == "feedback2d") {
    Feedback2dParams p;
    p.n = 2;
    ok = load_list(bytes, feedback2d_, Feedback2d(p), feedback2d_unpack);
  } else {
    return "no model called \"" + std::string(kind) + "\" steps in a worker";
  }
  if (ok) return "";
  boids3d_.reset();
  flock2d_.clear();
  feedback2d_.clear();
  return "the worker was handed a " + std::string(kind) + " it cannot read";
}

const std::string& RemoteModel::step() {
  out_.clear();
  std::vector<std::string> parts;
  if (boids3d_) {
    if (boids3d_->initializing())
      boids3d_->advance_step(static_cast<size_t>(-1));
    else
      boids3d_->step();
    out_ = boids3d_pack(*boids3d_);
  } else if (!flock2d_.empty()) {
    for (Flock2d& f : flock2d_) {  // as Flock2dController steps them off its thread
      f.step();
      f.mean_nearest_distance();
      parts.push_back(flock2d_pack(f));
    }
    out_ = pack_list(parts);
  } else if (!feedback2d_.empty()) {
    for (Feedback2d& f : feedback2d_) {
      f.cycle();
      parts.push_back(feedback2d_pack(f));
    }
    out_ = pack_list(parts);
  }
  return out_;
}

}  // namespace bandada
