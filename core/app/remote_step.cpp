// Bandada — the worker's side of a remote step (see remote_step.h).
#include "remote_step.h"

#include "models/boids3d/boids3d.h"

namespace bandada {

RemoteModel::RemoteModel() = default;
RemoteModel::~RemoteModel() = default;

std::string RemoteModel::load(std::string_view kind, std::string_view bytes) {
  boids3d_.reset();
  if (kind != "boids3d") return "no model called \"" + std::string(kind) + "\" steps in a worker";
  boids3d_ = boids3d_unpack(bytes);
  return boids3d_ ? "" : "the worker was handed a flock it cannot read";
}

const std::string& RemoteModel::step() {
  out_.clear();
  if (!boids3d_) return out_;
  if (boids3d_->initializing())
    boids3d_->advance_step(static_cast<size_t>(-1));
  else
    boids3d_->step();
  out_ = boids3d_pack(*boids3d_);
  return out_;
}

}  // namespace bandada
