// Bandada — the 2-D flock's session controller: live fields and presets, markers, time, and the
// share string with its markers.
#include "models/flock2d/flock2d_controller.h"

#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <thread>

#include "app/share_codec.h"
#include "worker_in_process.h"

using namespace bandada;

TEST_CASE("every preset's fields are valid, and differ from the defaults only where it says") {
  for (const Flock2dPreset& p : flock2d_presets()) {
    CAPTURE(p.name);
    Flock2dController c;
    for (int i = 0; i < kFlock2dFieldCount; ++i) c.edit(static_cast<Flock2dField>(i), p.texts[i]);
    for (int i = 0; i < kFlock2dFieldCount; ++i) CHECK(c.error(static_cast<Flock2dField>(i)).empty());
  }
  CHECK(flock2d_presets()[0].texts == flock2d_default_texts());  // Balanced is the defaults
  CHECK(flock2d_presets()[5].texts[static_cast<int>(Flock2dField::w_sep)] == "10");   // All max
  CHECK(flock2d_presets()[5].texts[static_cast<int>(Flock2dField::radius)] == "50");  // unchanged
}

TEST_CASE("presets set exactly their fields (not N or the seed); an edit shows custom") {
  Flock2dController c;
  c.edit(Flock2dField::count, "120");
  c.edit(Flock2dField::seed, "9");
  REQUIRE(c.initialize().ok);
  const Flock2d* before = c.model();
  for (int k = 0; k < static_cast<int>(flock2d_presets().size()); ++k) {
    if (flock2d_presets()[k].orbit) continue;  // a scenario (its own test)
    c.apply_preset(k);
    CHECK(c.preset() == k);
    for (int i = 0; i < kFlock2dFieldCount; ++i) {
      if (i == static_cast<int>(Flock2dField::count) || i == static_cast<int>(Flock2dField::seed)) continue;
      CHECK(c.texts()[i] == flock2d_presets()[k].texts[i]);
    }
    CHECK(c.texts()[0] == "120");
    CHECK(c.texts()[12] == "9");
  }
  CHECK(c.model() == before);      // live: the same flock
  CHECK(c.circles().size() == 6);  // Pillars, the last behaviour preset, brought its obstacles
  c.apply_preset(5);
  CHECK(c.model()->params().separation_weight == 10.0);  // All max applied
  CHECK(c.circles().size() == 6);                        // a preset without obstacles keeps them
  c.edit(Flock2dField::w_ali, "2");
  CHECK(c.preset() == -1);
}

TEST_CASE("fields are live: N grows and shrinks the running flock on commit; only the seed rebuilds") {
  Flock2dController c;
  c.edit(Flock2dField::count, "50");
  c.initialize();
  c.step();
  c.edit(Flock2dField::count, "80");
  CHECK(c.model()->size() == 50);  // typed, not yet committed
  c.commit(static_cast<size_t>(Flock2dField::count));
  CHECK(c.model()->size() == 80);
  CHECK(c.model()->steps() == 1);
  c.edit(Flock2dField::sep_radius, "200");  // above r: shown, not applied
  CHECK_FALSE(c.error(Flock2dField::sep_radius).empty());
  CHECK(c.model()->params().separation_radius == 25.0);
  c.edit(Flock2dField::sep_radius, "25");
  c.edit(Flock2dField::seed, "2");
  CHECK(c.model()->steps() == 1);
  c.commit(static_cast<size_t>(Flock2dField::seed));
  CHECK(c.model()->steps() == 0);
}

TEST_CASE("markers go into the flock, the nearest is removed, and they survive a rebuild") {
  Flock2dController c;
  CHECK_FALSE(c.add_predator(1, 1).ok);
  c.initialize();
  CHECK(c.add_predator(450, 300).ok);
  CHECK(c.add_attractor(100, 100).ok);
  CHECK(c.remove_nearest_marker(110, 90).ok);
  CHECK(c.model()->attractors().empty());
  c.edit(Flock2dField::seed, "5");
  CHECK(c.model()->predators().size() == 1);
  c.clear_markers();
  CHECK(c.model()->predators().empty());
}

TEST_CASE("the series records each step's energy as the model reads it") {
  Flock2dController c;
  c.edit(Flock2dField::count, "40");
  c.initialize();
  c.step();
  c.step();
  CHECK(c.series().size() == 3);
  CHECK(c.series().back().energy == c.model()->kinetic_energy());
}

TEST_CASE(
    "the flock2d share string carries raw text, settings and markers; old and foreign links are handled") {
  Flock2dController a;
  a.edit(Flock2dField::w_coh, "0,5");
  a.edit(Flock2dField::dt, "1.");
  a.set_law(ForceLaw::raw);
  a.set_integrator(Integrator::rk4);
  a.edit(Flock2dField::dt, "0.5");
  a.initialize();
  a.add_predator(450.5, 300);
  a.add_attractor(10, 20);
  CHECK(a.set_leader(3).ok);
  const std::string s = a.share_string();
  CHECK(share_model(s) == "flock2d");
  Flock2dController b;
  REQUIRE(b.open_link(s).ok);
  CHECK(b.texts() == a.texts());
  CHECK(b.law() == ForceLaw::raw);
  CHECK(b.integrator() == Integrator::rk4);
  CHECK(b.leader() == 3);
  REQUIRE(b.initialize().ok);
  REQUIRE(b.model()->predators().size() == 1);
  CHECK(b.model()->predators()[0].x == 450.5);
  CHECK(b.model()->attractors()[0].y == 20.0);
  CHECK_FALSE(b.open_link("m=flock2d&v=3").ok);
  CHECK_FALSE(b.open_link("v=1&n=5").ok);
  Flock2dController d;
  CHECK(d.open_link("m=flock2d&pred=1~2_x&count=%zz").ok);
  d.initialize();
  CHECK(d.model()->predators().empty());
  CHECK(d.texts()[0] == flock2d_default_texts()[0]);
}

TEST_CASE("hundreds of markers survive a reload: placed markers are quantised to 0.01, limits say so") {
  Flock2dController c;
  c.edit(Flock2dField::w_coh, "0,7");
  REQUIRE(c.initialize().ok);
  for (int k = 0; k < 300; ++k) {
    REQUIRE(c.add_predator(123.456789 + k, 456.789123 - k * 0.5).ok);
    REQUIRE(c.add_attractor(800.123456 - k, 10.987654 + k * 0.5).ok);
  }
  const Marker& m = c.model()->predators()[0];
  CHECK(m.x == 123.46);
  CHECK(m.y == 456.79);
  const std::string saved = c.saved_fields();
  CHECK(saved.size() < 12000);
  Flock2dController d;
  REQUIRE(d.load_saved_fields(saved));
  CHECK(d.texts()[5] == "0,7");
  REQUIRE(d.initialize().ok);
  REQUIRE(d.model()->predators().size() == 300);
  REQUIRE(d.model()->attractors().size() == 300);
  for (size_t k = 0; k < 300; ++k) {
    CHECK(d.model()->predators()[k].x == c.model()->predators()[k].x);
    CHECK(d.model()->attractors()[k].y == c.model()->attractors()[k].y);
  }
  CHECK(d.share_string() == c.share_string());
  for (int k = 300; k < kMaxMarkers; ++k) c.add_predator(1, 1);
  CommandResult over = c.add_predator(2, 2);
  CHECK_FALSE(over.ok);
  CHECK(over.message.find(std::to_string(kMaxMarkers)) != std::string::npos);
}

TEST_CASE("a link with more markers than a flock takes keeps the first ones and says how many it dropped") {
  std::string pts;
  for (int k = 0; k < kMaxMarkers + 7; ++k) pts += (k ? "_" : "") + std::to_string(k % 900) + "~1";
  Flock2dController c;
  CommandResult r = c.open_link("m=flock2d&v=1&count=40&pred=" + pts);
  REQUIRE(r.ok);
  CHECK(c.texts()[0] == "40");
  CHECK(r.message.find("7 predators beyond the first 500 ignored") != std::string::npos);
  REQUIRE(c.initialize().ok);
  CHECK(c.model()->predators().size() == static_cast<size_t>(kMaxMarkers));
}

TEST_CASE(
    "obstacles belong to the configuration: placed before Initialize, kept by a rebuild, carried by links") {
  Flock2dController c;
  REQUIRE(c.add_circle(100.123, 200.456, 40).ok);
  REQUIRE(c.add_wall(300, 100, 300, 350).ok);
  CHECK_FALSE(c.add_circle(10, 10, 200).ok);  // radius over 150
  CHECK_FALSE(c.add_wall(0, 0, 400, 0).ok);   // longer than 300
  CHECK(c.circles()[0].x == 100.12);          // quantised like markers
  REQUIRE(c.initialize().ok);
  CHECK(c.model()->circles().size() == 1);
  CHECK(c.model()->walls().size() == 1);
  c.edit(Flock2dField::seed, "5");
  c.commit(static_cast<size_t>(Flock2dField::seed));  // a rebuild keeps them
  CHECK(c.model()->walls().size() == 1);
  const std::string link = c.share_string();
  CHECK(link.find("&obst=100.12~200.46~40") != std::string::npos);
  CHECK(link.find("&wall=300~100~300~350") != std::string::npos);
  Flock2dController d;
  REQUIRE(d.open_link(link).ok);
  CHECK(d.share_string() == link);
  REQUIRE(d.initialize().ok);
  CHECK(d.model()->fingerprint() == c.model()->fingerprint());
  REQUIRE(d.remove_nearest(300, 200).ok);  // the wall is nearer than the circle
  CHECK(d.walls().empty());
  CHECK(d.circles().size() == 1);
  Flock2dController e;
  REQUIRE(e.open_link("m=flock2d&v=1&count=20&obst=1~2_bad&wall=9~9~9").ok);
  CHECK(e.circles().empty());
  CHECK(e.walls().empty());
}

TEST_CASE(
    "off the main thread: a step becomes current only when whole, and only if nothing changed meanwhile") {
  if (!BackgroundJob::available()) return;  // a build without threads steps in place (above)
  auto make = [](bool background) {
    auto c = std::make_unique<Flock2dController>();
    c->set_background(background);
    c->set_threads(2);
    c->edit(Flock2dField::count, "2000");
    c->edit(Flock2dField::radius, "50");
    REQUIRE(c->initialize().ok);
    REQUIRE(Flock2dController::estimate_step_ms(c->model()->params()) > kBackgroundAboveMs);
    return c;
  };
  auto bg = make(true);
  const Flock2d* flock = bg->model();
  REQUIRE(bg->run().ok);
  for (int k = 0; k < 100000 && bg->model()->steps() < 3; ++k) {
    bg->advance(0.04, 10.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  // Pause drops a step in flight; the next due step starts in one call and shows in a later one.
  bg->pause();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  bg->advance(0.0, 10.0);
  const uint64_t paused = bg->model()->steps();
  REQUIRE(bg->run().ok);
  bg->advance(0.04, 10.0);
  CHECK(bg->model()->steps() == paused);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  bg->advance(0.0, 10.0);
  CHECK(bg->model()->steps() == paused + 1);
  // A step is due and computes while a predator is placed: that step is dropped, the predator
  // stays, and the next steps start from the flock with it.
  bg->advance(0.04, 10.0);
  const uint64_t at_marker = bg->model()->steps();
  REQUIRE(bg->add_predator(300, 200).ok);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  bg->advance(0.0, 10.0);
  CHECK(bg->model()->steps() == at_marker);  // the step in flight began before the predator
  for (int k = 0; k < 100000 && bg->model()->steps() < at_marker + 3; ++k) {
    bg->advance(0.04, 10.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  bg->pause();
  CHECK(bg->model() == flock);  // the same flock throughout, stepped
  CHECK(bg->model()->predators().size() == 1);
  // The same actions on the page's thread give the same bits.
  auto fg = make(false);
  fg->compute(at_marker);
  REQUIRE(fg->add_predator(300, 200).ok);
  fg->compute(bg->model()->steps() - at_marker);
  CHECK(fg->model()->fingerprint() == bg->model()->fingerprint());
  CHECK(fg->series().size() == bg->series().size());
}

TEST_CASE(
    "the 2-D flock as bytes: markers, obstacles and the generator travel; read back it steps to the same "
    "bits") {
  Flock2dParams p;
  p.n = 400;
  p.integrator = Integrator::rk4;
  p.leader = 3;
  Flock2d f(p);
  f.add_predator(100, 100);
  f.add_attractor(450, 300);
  f.add_circle(600, 200, 40);
  f.add_wall(100, 500, 300, 550);
  for (int k = 0; k < 3; ++k) f.step();
  f.set_live_params([&] {
    Flock2dParams q = p;
    q.n = 450;  // grown from the generator: its state must travel too
    return q;
  }());
  const double nearest = f.mean_nearest_distance();
  const std::string bytes = flock2d_pack(f);
  Flock2d g(Flock2dParams{});
  REQUIRE(flock2d_unpack(bytes, g));
  CHECK(g.fingerprint() == f.fingerprint());
  CHECK(g.mean_nearest_distance() == nearest);
  CHECK(g.circles().size() == 1);
  CHECK(g.walls().size() == 1);
  CHECK(g.steps() == 3);
  for (int k = 0; k < 3; ++k) {
    f.step();
    g.step();
  }
  CHECK(g.fingerprint() == f.fingerprint());
  const uint64_t before = g.fingerprint();
  CHECK_FALSE(flock2d_unpack(bytes.substr(0, bytes.size() - 3), g));
  CHECK_FALSE(flock2d_unpack(bytes + "?", g));
  CHECK(g.fingerprint() == before);  // refused bytes leave the flock as it was
}

TEST_CASE(
    "without threads, a worker computes the long steps, the twin too; an edit sends the flock again; same "
    "bits") {
  auto make = [](RemoteStepper* remote) {
    auto c = std::make_unique<Flock2dController>();
    c->set_remote(remote);
    c->edit(Flock2dField::count, "2000");
    c->edit(Flock2dField::radius, "50");
    REQUIRE(c->initialize().ok);
    REQUIRE(c->set_compare(true).ok);
    REQUIRE(c->add_circle(450, 300, 50).ok);
    REQUIRE(Flock2dController::estimate_step_ms(c->model()->params()) > kBackgroundAboveMs);
    return c;
  };
  WorkerInProcess worker;
  auto c = make(&worker);
  REQUIRE(c->run().ok);
  c->advance(0.04, 10.0);
  CHECK(c->model()->steps() == 0);  // due, but computing in the worker
  CHECK(worker.asked() == 2);
  REQUIRE(worker.compute());
  REQUIRE(worker.compute());
  c->advance(0.0, 10.0);
  CHECK(c->model()->steps() == 1);
  CHECK(c->twin()->steps() == 1);
  c->advance(0.04, 10.0);
  CHECK(c->model()->steps() == 2);
  // A predator placed while steps compute: they are dropped, the flock goes again with it.
  REQUIRE(worker.compute());
  const int starts = worker.starts;
  REQUIRE(c->add_predator(300, 200).ok);
  c->advance(0.04, 10.0);
  CHECK(worker.starts == starts + 1);
  REQUIRE(worker.compute());
  c->advance(0.0, 10.0);
  CHECK(c->model()->steps() == 3);
  // Pause keeps what is shown.
  REQUIRE(worker.compute());
  const uint64_t fp = c->model()->fingerprint();
  c->pause();
  CHECK(worker.asked() == 0);  // the worker stops at once, not after the steps it was asked for
  c->advance(0.04, 10.0);
  CHECK(c->model()->steps() == 3);
  CHECK(c->model()->fingerprint() == fp);
  // The same actions on this thread give the same bits, twin and readouts too.
  auto here = make(nullptr);
  here->compute(2);
  REQUIRE(here->add_predator(300, 200).ok);
  here->compute(1);
  CHECK(here->model()->fingerprint() == c->model()->fingerprint());
  CHECK(here->twin()->fingerprint() == c->twin()->fingerprint());
  REQUIRE(here->series().size() == c->series().size());
  CHECK(here->series().back().nearest == c->series().back().nearest);
}
