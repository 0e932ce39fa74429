// Bandada — the 3-D periodic flock behind the model seam: Boids3dController seen as a
// ModelSession (fields applied at Initialize, edits discard with Undo, link run checks, sliced
// steps, back/forward restore). Registered in core/models/all_models.cpp.
#include <cmath>
#include <cstdio>

#include "app/controller_session.h"
#include "app/registry.h"
#include "app/remote_step.h"
#include "app/share_codec.h"
#include "boids3d_controller.h"
#include "boids3d_export.h"
#include "common/number_text.h"
#include "common/state_id.h"
#include "periodic.h"

namespace bandada {
namespace {

const ModelInfo kInfo = {
    "boids3d", "3-D periodic flock", "step", "Parameters (Initialize applies them)",
    "View: drag to orbit · pinch or Ctrl/⌘ + wheel to zoom · click a boid or a table row to select it. "
    "Keys: Space run/pause · S step · I initialize · Ctrl/⌘+Z undo edit · Esc clear selection (not while "
    "typing)."};

const ModelDescription& boids3d_description() {
  static const ModelDescription d = [] {
    ModelDescription m;
    m.info = kInfo;
    m.fields.assign(boids3d_fields(), boids3d_fields() + kBoids3dFieldCount);
    m.commands = standard_commands("Build the flock at t = 0, paused (I)",
                                   "Pause, then advance exactly one 0.04 s step (S)");
    m.commands.push_back({"undo", "Undo edit", "mod+z",
                          "Bring back the text before your edit and its flock (Ctrl/⌘+Z)", true, true});
    m.commands.push_back({"restore_previous_inputs", "Restore my previous inputs", nullptr,
                          "The fields as they were before the shared link filled them", true, true});
    m.commands.push_back({"replay", "Replay the shared run", nullptr,
                          "Step the flock to the shared step count and compare fingerprints", true});
    m.series = {{"mean speed", 0.0, NAN}, {"order", 0.0, 1.0}};
    m.table_title = "Boids: next step's unweighted components";
    m.columns = {{"#", -1},
                 {"x", 4},
                 {"y", 4},
                 {"z", 4},
                 {"|v|", 4},
                 {"k", -1},
                 {"Sx", 4, nullptr, "S"},
                 {"Sy", 4, nullptr, "S"},
                 {"Sz", 4, nullptr, "S"},
                 {"Ax", 4, nullptr, "A"},
                 {"Ay", 4, nullptr, "A"},
                 {"Az", 4, nullptr, "A"},
                 {"Cx", 4, nullptr, "C"},
                 {"Cy", 4, nullptr, "C"},
                 {"Cz", 4, nullptr, "C"}};
    m.cli_options = {{"brute-force", nullptr, "use the brute-force neighbour search (reference; same bits)"}};
    return m;
  }();
  return d;
}

class Boids3dSession final : public ControllerSession<Boids3dController, Boids3dField> {
 public:
  Boids3dSession() : ControllerSession(boids3d_description()) {}

  std::string why_not(std::string_view id) const override {
    if (id == "undo") return c_.can_undo() ? "" : "Nothing to undo.";
    if (id == "restore_previous_inputs")
      return c_.has_previous_inputs() ? "" : "No previous inputs to restore.";
    if (id == "replay")
      return c_.link_check().kind == LinkCheck::Kind::waiting && c_.flock() && !c_.busy()
                 ? ""
                 : "No shared run to replay.";
    return standard_why_not(id);
  }

  CommandResult compute(uint64_t n) override {
    if (c_.status() == RunStatus::none || c_.status() == RunStatus::stale)
      return {false, "Initialize first."};
    c_.compute_now(n);
    return {};
  }
  Report report() const override {  // asked every frame: no progress label unless busy
    Report r{{}, c_.notice(), c_.link_check()};
    if (c_.busy()) r.progress = {true, c_.progress(), c_.busy_label()};
    return r;
  }

  uint64_t steps() const override { return c_.flock() ? c_.flock()->steps() : 0; }
  size_t size() const override { return c_.flock() ? c_.flock()->size() : 0; }
  uint64_t fingerprint() const override { return c_.fingerprint(); }
  std::vector<Readout> readouts() const override {
    const Boids3d* f = c_.flock();
    if (!f) return {};
    std::vector<Readout> r = {
        {"t =", format_fixed(f->time(), 2) + " s"},
        {"step", std::to_string(f->steps())},
        {"N =", std::to_string(f->size())},
        {"mean speed", format_fixed(c_.summary().mean_speed, 4)},
        {"order", format_fixed(c_.summary().order, 4)},
        {"fingerprint", fingerprint_hex(c_.fingerprint())},
    };
    if (c_.selection())
      r.push_back({"selected boid",
                   "#" + std::to_string(*c_.selection()) + ": " +
                       std::to_string(f->components().neighbors[*c_.selection()]) + " neighbours",
                   4});
    return r;
  }
  std::vector<Measure> measures() const override {
    const Boids3d* f = c_.flock();
    if (!f) return {};
    const Groups g = boids3d_groups(f->state(), f->params().radius);
    return {{"mean_speed", format_double(c_.summary().mean_speed)},
            {"order", format_double(c_.summary().order)},
            {"groups", std::to_string(g.count)},
            {"largest_group_share", format_double(g.largest_share())}};
  }

  double series_value(size_t k, size_t i) const override {
    return k == 0 ? c_.series()[i].mean_speed : c_.series()[i].order;
  }

  void row(size_t i, double* out) const override {
    const Boids3dState& s = c_.flock()->state();
    const Boids3dComponents& k = c_.flock()->components();
    const double sp = std::sqrt(s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i] + s.vz[i] * s.vz[i]);
    const double v[] = {static_cast<double>(i),
                        s.x[i],
                        s.y[i],
                        s.z[i],
                        sp,
                        static_cast<double>(k.neighbors[i]),
                        k.sx[i],
                        k.sy[i],
                        k.sz[i],
                        k.ax[i],
                        k.ay[i],
                        k.az[i],
                        k.cx[i],
                        k.cy[i],
                        k.cz[i]};
    for (size_t c = 0; c < 15; ++c) out[c] = v[c];
  }

  void draw(DrawData& d) const override {
    const Boids3d* f = c_.flock();
    d.space = Space::cube;
    d.width = d.height = kBox;
    const size_t n = f ? f->size() : 0;
    d.reset(n);
    if (!f) return;
    const Boids3dState& s = f->state();
    for (size_t i = 0; i < n; ++i) {
      const double sp = std::sqrt(s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i] + s.vz[i] * s.vz[i]);
      const double inv = sp > 0 ? 1.0 / sp : 0.0;
      float* p = &d.pos[i * 3];
      float* u = &d.dir[i * 3];
      p[0] = static_cast<float>(s.x[i]);
      p[1] = static_cast<float>(s.y[i]);
      p[2] = static_cast<float>(s.z[i]);
      u[0] = static_cast<float>(s.vx[i] * inv);
      u[1] = static_cast<float>(s.vy[i] * inv);
      u[2] = static_cast<float>(s.vz[i] * inv);
    }
    const int64_t sel = c_.selection() ? static_cast<int64_t>(*c_.selection()) : -1;
    if (sel >= 0 && static_cast<size_t>(sel) < n) {
      const uint32_t i = static_cast<uint32_t>(sel);
      const double r = f->params().radius;
      for (uint32_t j = 0; j < n; ++j) {
        if (j == i) continue;
        const double dx = wrap_periodic(s.x[j] - s.x[i]), dy = wrap_periodic(s.y[j] - s.y[i]),
                     dz = wrap_periodic(s.z[j] - s.z[i]);
        if (std::sqrt(dx * dx + dy * dy + dz * dz) <= r) {
          d.neighbours.push_back(j);
          d.highlight[j] = 2;
        }
      }
      d.highlight[i] = 1;
      const float x = d.pos[i * 3], y = d.pos[i * 3 + 1], z = d.pos[i * 3 + 2];
      d.overlays.push_back({Overlay::Kind::circle, kFaint, x, y, z, static_cast<float>(r)});
      d.overlays.push_back({Overlay::Kind::ring, kSelected, x, y, z, 11.0f});
    }
    d.version = draw_version(f->state_id(), f->steps(), static_cast<uint64_t>(sel + 2));
  }

  std::string exported(Export form) const override {
    if (!c_.flock() || form == Export::test_hooks || form == Export::file)
      return ControllerSession::exported(form);
    return form == Export::json ? flock_json(*c_.flock()) : flock_csv(*c_.flock());
  }

  std::string cli_option(std::string_view name, std::string_view value) override {
    if (name != "brute-force") return ModelSession::cli_option(name, value);
    c_.set_search(NeighbourSearch::brute_force);
    return {};
  }

 protected:
  std::string kept(Kept form) const override {
    return form == Kept::session ? c_.session_record() : ControllerSession::kept(form);
  }
  CommandResult restore(Kept form, std::string_view text) override {
    return form == Kept::session ? c_.restore_session(text) : ControllerSession::restore(form, text);
  }

  CommandResult do_command(std::string_view id) override {
    bool handled = false;
    CommandResult r = standard_command(id, handled);
    if (id == "undo") return c_.undo();
    if (id == "restore_previous_inputs") return c_.restore_previous_inputs();
    if (id == "replay") return c_.replay_link_run();
    return r;
  }
};

class Boids3dWorker final : public WorkerModel {
 public:
  explicit Boids3dWorker(std::unique_ptr<Boids3d> f) : f_(std::move(f)) {}
  void step(std::string& out) override {
    if (f_->initializing())
      f_->advance_step(static_cast<size_t>(-1));  // the start's components
    else
      f_->step();
    out = boids3d_pack(*f_);
  }

 private:
  std::unique_ptr<Boids3d> f_;
};

/// The flock in a step worker (its registry entry's load_worker): null for bytes that are not one.
std::unique_ptr<WorkerModel> boids3d_worker(std::string_view bytes) {
  std::unique_ptr<Boids3d> f = boids3d_unpack(bytes);
  if (!f) return nullptr;
  return std::make_unique<Boids3dWorker>(std::move(f));
}

}  // namespace

ModelEntry boids3d_model() {
  return {kInfo.id, kInfo.title, [] { return std::unique_ptr<ModelSession>(new Boids3dSession); },
          boids3d_worker};
}

}  // namespace bandada
