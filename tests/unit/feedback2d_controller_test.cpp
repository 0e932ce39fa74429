// Bandada — the feedback engine's session controller: live fields, phase stepping, time,
// following a point, and its share string and saved text.
#include "models/feedback2d/feedback2d_controller.h"

#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <thread>

#include "app/share_codec.h"
#include "worker_in_process.h"

using namespace bandada;

TEST_CASE("fields are live: a valid edit applies without rebuilding; n and the seed rebuild on commit") {
  Feedback2dController c;
  REQUIRE(c.initialize().ok);
  c.step();
  const Feedback2d* before = c.model();
  c.edit(Feedback2dField::alpha, "2,5");
  CHECK(c.model() == before);
  CHECK(c.model()->params().alpha == 2.5);
  CHECK(c.model()->cycles() == 1);
  c.edit(Feedback2dField::sigma, "9");  // invalid: shown, not applied
  CHECK_FALSE(c.error(Feedback2dField::sigma).empty());
  CHECK(c.model()->params().sigma == 1.0);
  c.edit(Feedback2dField::sigma, "1");
  c.edit(Feedback2dField::n, "50");
  CHECK(c.model()->size() == 200);  // typed, not yet committed
  c.commit(static_cast<size_t>(Feedback2dField::n));
  CHECK(c.model()->size() == 50);
  CHECK(c.model()->cycles() == 0);
  c.set_operation(Feedback2dOperation::gravity);
  CHECK(c.model()->params().operation == Feedback2dOperation::gravity);
}

TEST_CASE("Advance one phase walks 1, 2, 3, 4 while paused; Step finishes the cycle") {
  Feedback2dController c;
  c.edit(Feedback2dField::n, "40");
  REQUIRE(c.initialize().ok);
  CHECK(c.model()->next_phase() == Feedback2dPhase::local_rule);
  CHECK(c.advance_phase().ok);
  CHECK(c.model()->next_phase() == Feedback2dPhase::cohesion);
  CHECK(c.advance_phase().ok);
  CHECK(c.model()->next_phase() == Feedback2dPhase::result);
  CHECK(c.step().ok);  // phases 3 and 4
  CHECK(c.model()->next_phase() == Feedback2dPhase::local_rule);
  CHECK(c.model()->cycles() == 1);
  c.run();
  CHECK_FALSE(c.advance_phase().ok);
}

TEST_CASE("a heavy cycle runs at most what the frame budget allows, and at least one") {
  Feedback2dController c;
  c.edit(Feedback2dField::n, "2000");
  c.set_operation(Feedback2dOperation::gravity);
  c.initialize();
  c.run();
  c.advance(0.25, 12.0);
  CHECK(c.model()->cycles() == 1);
}

TEST_CASE("following a point: an index or none, refused out of range") {
  Feedback2dController c;
  CHECK_FALSE(c.follow(0).ok);
  c.edit(Feedback2dField::n, "10");
  c.initialize();
  CHECK(c.follow(9).ok);
  CHECK_FALSE(c.follow(10).ok);
  CHECK(c.followed() == 9u);
  c.initialize();
  CHECK_FALSE(c.followed().has_value());
}

TEST_CASE("the feedback share string names its model and round-trips raw text, operation and switch") {
  Feedback2dController a;
  a.edit(Feedback2dField::r, "1.");
  a.edit(Feedback2dField::turn, "");
  a.set_operation(Feedback2dOperation::probabilistic);
  a.set_no_contradiction(true);
  std::string s = a.share_string();
  CHECK(s.rfind("m=feedback2d&", 0) == 0);
  CHECK(share_model(s) == "feedback2d");
  CHECK(share_model("v=1&n=3").empty());  // the first format: the first model's link
  Feedback2dController b;
  CHECK(b.load_saved_fields(s));
  CHECK(b.texts() == a.texts());
  CHECK(b.operation() == Feedback2dOperation::probabilistic);
  CHECK(b.no_contradiction());
  CHECK_FALSE(b.open_link("m=feedback2d&v=7&n=3").ok);
  CHECK_FALSE(b.open_link("v=1&n=3").ok);  // a 3-D link is not read as this model
  CHECK(b.texts() == a.texts());
  Feedback2dController d;
  CHECK(d.open_link("m=feedback2d&n=%zz&op=swirl").ok);
  CHECK(d.texts()[0] == feedback2d_default_texts()[0]);
  CHECK(d.operation() == Feedback2dOperation::flock);
}

TEST_CASE(
    "off the main thread: a cycle starts in one call and shows in a later one, dropped by an edit "
    "meanwhile") {
  if (!BackgroundJob::available()) return;  // a build without threads cycles in place (above)
  auto make = [](bool background) {
    auto c = std::make_unique<Feedback2dController>();
    c->set_background(background);
    c->edit(Feedback2dField::n, "2000");
    REQUIRE(c->initialize().ok);
    c->set_operation(Feedback2dOperation::gravity);  // n² pairs: about 50 ms a cycle
    REQUIRE(Feedback2dController::estimate_cycle_ms(c->model()->params()) > kBackgroundAboveMs);
    return c;
  };
  auto bg = make(true);
  const Feedback2d* model = bg->model();
  REQUIRE(bg->run().ok);
  bg->advance(0.04, 10.0);
  CHECK(bg->model()->cycles() == 0);  // computing elsewhere; the frame shows the start
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  bg->advance(0.0, 10.0);
  CHECK(bg->model()->cycles() == 1);
  // An edit while a cycle computes: that cycle is dropped, the next starts from the edited model.
  bg->advance(0.04, 10.0);
  bg->edit(Feedback2dField::alpha, "2");
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  bg->advance(0.0, 10.0);
  CHECK(bg->model()->cycles() == 1);
  for (int k = 0; k < 100000 && bg->model()->cycles() < 3; ++k) {
    bg->advance(0.04, 10.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  bg->pause();
  CHECK(bg->model() == model);
  auto fg = make(false);
  fg->compute(1);
  fg->edit(Feedback2dField::alpha, "2");
  fg->compute(bg->model()->cycles() - 1);
  CHECK(fg->model()->fingerprint() == bg->model()->fingerprint());
}

TEST_CASE("the feedback engine as bytes, mid-cycle: read back it runs to the same bits") {
  Feedback2dParams p;
  p.n = 300;
  Feedback2d f(p);
  f.cycle();
  f.advance_phase();
  f.advance_phase();  // now between phases 2 and 3
  const std::string bytes = feedback2d_pack(f);
  Feedback2d g(Feedback2dParams{});
  REQUIRE(feedback2d_unpack(bytes, g));
  CHECK(g.fingerprint() == f.fingerprint());
  CHECK(g.next_phase() == f.next_phase());
  for (int k = 0; k < 3; ++k) {
    f.cycle();
    g.cycle();
  }
  CHECK(g.fingerprint() == f.fingerprint());
  CHECK(g.delta_history() == f.delta_history());
  const uint64_t before = g.fingerprint();
  CHECK_FALSE(feedback2d_unpack(bytes.substr(1), g));
  std::string far = bytes;  // found by fuzzing: a radius out of range sent the grid past its cells
  const double r = 1e9;
  std::memcpy(&far[8], &r, sizeof r);  // after the magic and n
  CHECK_FALSE(feedback2d_unpack(far, g));
  CHECK(g.fingerprint() == before);
}

TEST_CASE("without threads, a worker computes the long cycles; the same bits; Pause keeps what is shown") {
  auto make = [](RemoteStepper* remote) {
    auto c = std::make_unique<Feedback2dController>();
    c->set_remote(remote);
    c->edit(Feedback2dField::n, "2000");
    REQUIRE(c->initialize().ok);
    REQUIRE(Feedback2dController::estimate_cycle_ms(c->model()->params()) > kBackgroundAboveMs);
    return c;
  };
  WorkerInProcess worker;
  auto c = make(&worker);
  REQUIRE(c->run().ok);
  c->advance(0.04, 10.0);
  CHECK(c->model()->cycles() == 0);
  REQUIRE(worker.compute());
  REQUIRE(worker.compute());
  c->advance(0.0, 10.0);
  c->advance(0.04, 10.0);
  CHECK(c->model()->cycles() == 2);
  REQUIRE(worker.compute());
  const uint64_t fp = c->model()->fingerprint();
  c->pause();
  c->advance(0.04, 10.0);
  CHECK(c->model()->cycles() == 2);
  CHECK(c->model()->fingerprint() == fp);
  auto here = make(nullptr);
  here->compute(2);
  CHECK(here->model()->fingerprint() == c->model()->fingerprint());
  CHECK(here->series().size() == c->series().size());
}
