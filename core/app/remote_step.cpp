// Bandada — the worker's side of a remote step (see remote_step.h).
#include "remote_step.h"

#include "app/registry.h"
#include "common/bytes.h"

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

std::string RemoteModel::load(std::string_view kind, std::string_view bytes) {
  model_.reset();
  const ModelEntry* entry = nullptr;
  for (const ModelEntry& e : models())
    if (kind == e.id) entry = &e;
  if (!entry || !entry->load_worker) return "no model called \"" + std::string(kind) + "\" steps in a worker";
  model_ = entry->load_worker(bytes);
  if (model_) return "";
  return "the worker was handed a " + std::string(kind) + " it cannot read";
}

const std::string& RemoteModel::step() {
  out_.clear();
  if (model_) model_->step(out_);
  return out_;
}

}  // namespace bandada
