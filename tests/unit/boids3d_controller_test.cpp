// Bandada — the session controller: what a user does with a flock, driven by injected time.
#include "models/boids3d/boids3d_controller.h"

#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <thread>

#include "common/lcg.h"
#include "worker_in_process.h"

using namespace bandada;

namespace {

void small_flock(Boids3dController& c, const char* n = "50") {
  c.edit(Boids3dField::count, n);
  REQUIRE(c.initialize().ok);
}

/// The flock of p stepped one whole step at a time, the reference for the page's ways of stepping.
std::unique_ptr<Boids3d> stepped(const Boids3dParams& p, uint64_t steps) {
  auto f = std::make_unique<Boids3d>(p);
  for (uint64_t k = 0; k < steps; ++k) f->step();
  return f;
}

}  // namespace

TEST_CASE("a new controller shows the default fields, valid, and no flock") {
  Boids3dController c;
  CHECK(c.texts() == boids3d_default_texts());
  CHECK(c.fields_valid());
  CHECK(c.status() == RunStatus::none);
  CHECK(c.flock() == nullptr);
  CHECK_FALSE(c.run().ok);
  CHECK_FALSE(c.step().ok);
}

TEST_CASE("fields keep their raw text and carry a message when invalid") {
  Boids3dController c;
  c.edit(Boids3dField::radius, "1.");
  c.edit(Boids3dField::count, "");
  c.edit(Boids3dField::seed, "-");
  CHECK(c.text(Boids3dField::radius) == "1.");
  CHECK(c.text(Boids3dField::count) == "");
  CHECK_FALSE(c.error(Boids3dField::radius).empty());
  CHECK_FALSE(c.error(Boids3dField::count).empty());
  CHECK(c.error(Boids3dField::alignment).empty());
  CommandResult r = c.initialize();
  CHECK_FALSE(r.ok);
  CHECK(r.message.find("radius r") != std::string::npos);
  CHECK(r.message.find("count N") != std::string::npos);
  CHECK(r.message.find("seed") != std::string::npos);
  CHECK(c.status() == RunStatus::none);
}

TEST_CASE("Initialize builds the flock at time zero, paused, like the engine") {
  Boids3dController c;
  small_flock(c);
  REQUIRE(c.flock() != nullptr);
  CHECK(c.status() == RunStatus::paused);
  CHECK(c.flock()->steps() == 0);
  Boids3d direct(check_params(c.texts()).params);
  CHECK(state_fingerprint(c.flock()->state()) == state_fingerprint(direct.state()));
}

TEST_CASE("Run, Pause and Step follow the spec") {
  Boids3dController c;
  small_flock(c);
  SUBCASE("paused, time does not move the flock") {
    c.advance(1.0);
    CHECK(c.flock()->steps() == 0);
  }
  SUBCASE("running, 0.12 s is exactly three steps") {
    CHECK(c.run().ok);
    CHECK(c.status() == RunStatus::running);
    c.advance(0.12);
    CHECK(c.flock()->steps() == 3);
  }
  SUBCASE("Pause discards the partial step time") {
    c.run();
    c.advance(0.03);
    c.pause();
    c.run();
    c.advance(0.03);
    CHECK(c.flock()->steps() == 0);
  }
  SUBCASE("Step pauses, then advances exactly one step") {
    c.run();
    c.advance(0.03);
    CHECK(c.step().ok);
    CHECK(c.status() == RunStatus::paused);
    CHECK(c.flock()->steps() == 1);
    c.advance(0.03);
    CHECK(c.flock()->steps() == 1);
  }
  SUBCASE("a 5 s frame gap runs at most 6 steps") {
    c.run();
    c.advance(5.0);
    CHECK(c.flock()->steps() == 6);
  }
  SUBCASE("Reset removes the flock and keeps the inputs") {
    Boids3dFieldTexts before = c.texts();
    c.reset();
    CHECK(c.status() == RunStatus::none);
    CHECK(c.texts() == before);
  }
}

TEST_CASE("stepping through the scheduler gives the engine's own states") {
  Boids3dController c;
  small_flock(c, "120");
  Boids3d direct(check_params(c.texts()).params);
  c.run();
  double elapsed[] = {0.016, 0.017, 0.0, 0.1, 0.033, 0.25, 0.04, 0.2501};
  for (double e : elapsed) c.advance(e);
  while (direct.steps() < c.flock()->steps()) direct.step();
  CHECK(c.fingerprint() == state_fingerprint(direct.state()));
}

TEST_CASE("an edit discards the flock; Undo brings back the text and the flock") {
  Boids3dController c;
  small_flock(c);
  c.step();
  c.step();
  c.select(3);
  uint64_t fp = c.fingerprint();
  c.edit(Boids3dField::cohesion, "0.5");
  CHECK(c.status() == RunStatus::stale);
  CHECK(c.flock() == nullptr);
  CHECK_FALSE(c.run().ok);
  CHECK(c.why_not_run().find("Initialize") != std::string::npos);
  c.edit(Boids3dField::cohesion, "0.7");  // a second edit: Undo still goes back to before the first
  REQUIRE(c.can_undo());
  CHECK(c.undo().ok);
  CHECK(c.text(Boids3dField::cohesion) == boids3d_default_texts()[4]);
  REQUIRE(c.flock() != nullptr);
  CHECK(c.flock()->steps() == 2);
  CHECK(c.fingerprint() == fp);
  CHECK(c.selection() == 3u);
  CHECK(c.status() == RunStatus::paused);
}

TEST_CASE("the discarded flock is dropped at the next Initialize") {
  Boids3dController c;
  small_flock(c);
  c.edit(Boids3dField::count, "60");
  REQUIRE(c.initialize().ok);
  CHECK_FALSE(c.can_undo());
  CHECK_FALSE(c.undo().ok);
}

TEST_CASE("a hidden page pauses and does not resume by itself") {
  Boids3dController c;
  small_flock(c);
  c.select(4);
  c.run();
  c.advance(0.04);
  c.pause_for_hidden_page();
  CHECK(c.status() == RunStatus::paused);
  c.advance(0.25);
  CHECK(c.flock()->steps() == 1);
  CHECK(c.selection() == 4u);
}

TEST_CASE("selection: an index or none, kept through Run/Pause/Step, cleared by Initialize and Reset") {
  Boids3dController c;
  CHECK_FALSE(c.select(0).ok);
  small_flock(c);
  CHECK_FALSE(c.select(-1).ok);
  CHECK_FALSE(c.select(50).ok);
  CHECK(c.select(49).ok);
  c.run();
  c.advance(0.08);
  c.pause();
  c.step();
  CHECK(c.selection() == 49u);
  c.initialize();
  CHECK_FALSE(c.selection().has_value());
  c.select(1);
  c.reset();
  CHECK_FALSE(c.selection().has_value());
}

TEST_CASE("a long step is computed in slices within the frame budget, and Pause stops at once") {
  Boids3dController c;
  c.edit(Boids3dField::count, "6000");
  c.edit(Boids3dField::radius, "3");
  Boids3dParams p = check_params(c.texts()).params;
  REQUIRE(Boids3dController::estimate_step_ms(p) > 50.0);
  REQUIRE(c.initialize().ok);
  CHECK(c.busy());  // the start itself is sliced
  CHECK(c.flock() == nullptr);
  int frames = 0;
  while (c.busy() && frames < 10000) {
    c.advance(0.016, 10.0);
    ++frames;
  }
  CHECK(frames > 3);
  REQUIRE(c.flock() != nullptr);
  c.step();
  CHECK(c.busy());
  CHECK(c.flock()->steps() == 0);
  c.advance(0.016, 10.0);
  double progress = c.progress();
  CHECK(progress > 0.0);
  CHECK(progress < 1.0);
  c.pause();
  CHECK_FALSE(c.busy());
  CHECK(c.flock()->steps() == 0);
  c.step();
  while (c.busy()) c.advance(0.016, 10.0);
  CHECK(c.flock()->steps() == 1);
  Boids3d direct(p);
  direct.step();
  CHECK(c.fingerprint() == state_fingerprint(direct.state()));
}

TEST_CASE("a shared link fills the fields, keeps the old text one call away, and checks its run") {
  Boids3dController maker;
  small_flock(maker, "80");
  for (int i = 0; i < 7; ++i) maker.step();
  std::string link = maker.share_string();
  CHECK(link.find("steps=7") != std::string::npos);

  Boids3dController c;
  c.edit(Boids3dField::seed, "99");
  Boids3dFieldTexts mine = c.texts();
  CHECK(c.open_link(link).ok);
  CHECK(c.texts() == maker.texts());
  CHECK(c.has_previous_inputs());
  REQUIRE(c.initialize().ok);
  CHECK(c.link_check().kind == LinkCheck::Kind::waiting);
  CHECK(c.replay_link_run().ok);
  while (c.busy()) c.advance(0.0, 5.0);
  CHECK(c.flock()->steps() == 7);
  CHECK(c.link_check().kind == LinkCheck::Kind::identical);
  CHECK(c.restore_previous_inputs().ok);
  CHECK(c.texts() == mine);
}

TEST_CASE("a link whose fingerprint does not match says so, naming engine versions") {
  Boids3dController c;
  std::string link = "v=1&n=30&steps=2&fp=0000000000000001&ev=7";
  REQUIRE(c.open_link(link).ok);
  REQUIRE(c.initialize().ok);
  c.step();
  c.step();
  CHECK(c.link_check().kind == LinkCheck::Kind::differs);
  CHECK(c.link_check().message.find("engine v7") != std::string::npos);
}

TEST_CASE("a newer link is refused and the fields stay") {
  Boids3dController c;
  Boids3dFieldTexts before = c.texts();
  CHECK_FALSE(c.open_link("v=5&n=3").ok);
  CHECK(c.texts() == before);
  CHECK(c.notice().find("newer") != std::string::npos);
}

TEST_CASE("saved field text restores exactly; corrupt storage falls back to defaults") {
  Boids3dController a;
  a.edit(Boids3dField::count, "");
  a.edit(Boids3dField::radius, "1.");
  a.edit(Boids3dField::separation, "-");
  a.edit(Boids3dField::alignment, "1e");
  std::string saved = a.saved_fields();
  Boids3dController b;
  CHECK(b.load_saved_fields(saved));
  CHECK(b.texts() == a.texts());
  for (const char* junk : {"", "v=99", "{\"json\":true}", "\xff\xfe", "v=1&n=%"}) {
    Boids3dController d;
    d.load_saved_fields(junk);
    CHECK(d.texts().size() == kBoids3dFieldCount);
    CHECK(d.error(Boids3dField::radius).empty());
  }
  Boids3dController e;
  CHECK_FALSE(e.load_saved_fields(std::string(100000, 'x')));
  CHECK(e.texts() == boids3d_default_texts());
}

TEST_CASE("random raw field texts survive saving and loading") {
  Lcg rng(5);
  const char alphabet[] = "0123456789.,-+eE %&=#?abc";
  for (int t = 0; t < 200; ++t) {
    Boids3dController a;
    for (int f = 0; f < kBoids3dFieldCount; ++f) {
      std::string s;
      size_t len = static_cast<size_t>(rng.next() * 10);
      for (size_t i = 0; i < len; ++i) s += alphabet[static_cast<int>(rng.next() * (sizeof alphabet - 1))];
      a.edit(static_cast<Boids3dField>(f), s);
    }
    Boids3dController b;
    b.load_saved_fields(a.saved_fields());
    CHECK(b.texts() == a.texts());
  }
}

TEST_CASE("a session record rebuilds the paused flock by replay and checks its fingerprint") {
  Boids3dController a;
  small_flock(a, "90");
  a.run();
  for (int i = 0; i < 10; ++i) a.advance(0.05);
  a.pause();
  a.select(12);
  std::string record = a.session_record();
  REQUIRE_FALSE(record.empty());

  Boids3dController b;
  CHECK(b.restore_session(record).ok);
  while (b.busy()) b.advance(0.0, 2.0);
  REQUIRE(b.flock() != nullptr);
  CHECK(b.flock()->steps() == a.flock()->steps());
  CHECK(b.fingerprint() == a.fingerprint());
  CHECK(b.selection() == 12u);
  CHECK(b.status() == RunStatus::paused);
  CHECK(b.notice().find("fingerprint matches") != std::string::npos);
  CHECK_FALSE(b.restore_session("garbage").ok);
  CHECK_FALSE(b.restore_session("v=1&n=5&steps=1&fp=00&ev=99").ok);
}

TEST_CASE("the readouts are recorded after every step, from the start, and kept with Undo") {
  Boids3dController c;
  small_flock(c);
  REQUIRE(c.series().size() == 1);  // the start, t = 0
  CHECK(c.series()[0].step == 0);
  c.run();
  c.advance(0.25);  // six steps in one frame: six samples, not one
  REQUIRE(c.series().size() == 7);
  CHECK(c.series()[6].step == 6);
  CHECK(c.series()[6].mean_speed == mean_speed(c.flock()->state()));
  CHECK(c.series()[6].order == order_parameter(c.flock()->state()));
  c.edit(Boids3dField::seed, "2");
  CHECK(c.series().empty());
  c.undo();
  CHECK(c.series().size() == 7);
  c.reset();
  CHECK(c.series().empty());
}

TEST_CASE("a notice gives way to the user's next action") {
  Boids3dController c;
  c.open_link("v=1&n=20");
  CHECK_FALSE(c.notice().empty());
  c.edit(Boids3dField::seed, "4");
  CHECK(c.notice().empty());
  c.edit(Boids3dField::radius, "");
  c.initialize();
  CHECK(c.notice().find("Initialize refused") != std::string::npos);
  c.edit(Boids3dField::radius, "1");
  CHECK(c.notice().empty());
}

TEST_CASE("a garbage link is reported as such and leaves the typed fields alone") {
  Boids3dController c;
  c.edit(Boids3dField::count, "55");
  c.edit(Boids3dField::seed, "7");
  for (const char* junk : {"hello%20world", "%%%garbage", "<script>alert(1)</script>"}) {
    CAPTURE(junk);
    CommandResult r = c.open_link(junk);
    CHECK_FALSE(r.ok);
    CHECK(c.texts()[0] == "55");
    CHECK(c.texts()[6] == "7");
    CHECK(c.notice().find("no Bandada configuration") != std::string::npos);
    CHECK(c.notice().find("Opened") == std::string::npos);
  }
}

TEST_CASE("the share link carries the selected boid, and Initialize from that link selects it again") {
  Boids3dController c;
  c.edit(Boids3dField::count, "30");
  REQUIRE(c.initialize().ok);
  REQUIRE(c.select(7).ok);
  const std::string link = c.share_string();
  CHECK(link.find("sel=7") != std::string::npos);
  Boids3dController d;
  REQUIRE(d.open_link(link).ok);
  REQUIRE(d.initialize().ok);
  REQUIRE(d.selection().has_value());
  CHECK(*d.selection() == 7);
}

TEST_CASE(
    "off the main thread: the shown state stays until a step is whole; Pause, Reset and edits drop one in "
    "flight") {
  if (!BackgroundJob::available()) return;  // a build without threads steps in place (above)
  Boids3dController c;
  c.set_background(true);
  c.set_threads(2);  // the step's own threads, taken by the background thread
  c.edit(Boids3dField::count, "6000");
  c.edit(Boids3dField::radius, "3");
  const Boids3dParams p = check_params(c.texts()).params;
  auto frame = [&c](double elapsed) {
    c.advance(elapsed, 10.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  };
  REQUIRE(c.initialize().ok);
  for (int k = 0; k < 100000 && !c.flock(); ++k) frame(0.016);
  REQUIRE(c.flock() != nullptr);
  REQUIRE(c.run().ok);
  for (int k = 0; k < 100000 && c.flock()->steps() < 3; ++k) frame(0.04);
  for (int k = 0; k < 3; ++k) {  // the steps already due (two at most) become current
    std::this_thread::sleep_for(std::chrono::seconds(1));
    frame(0.0);
  }
  const uint64_t shown = c.flock()->steps();
  CHECK(shown >= 3);
  REQUIRE(Boids3dController::estimate_step_ms(p) > 50.0);
  // The next due step computes while this thread sleeps: one call with a 10 ms budget then
  // shows it whole, which a slice of 10 ms on this thread could not.
  frame(0.04);
  std::this_thread::sleep_for(std::chrono::seconds(2));
  c.advance(0.0, 10.0);
  CHECK(c.flock()->steps() == shown + 1);
  // A second step falling due while one computes is computed right after it, before this thread
  // collects the first: one call then shows both.
  const uint64_t before_pair = c.flock()->steps();
  frame(0.04);
  frame(0.04);
  std::this_thread::sleep_for(std::chrono::seconds(3));
  c.advance(0.0, 10.0);
  CHECK(c.flock()->steps() == before_pair + 2);
  {
    Boids3d direct(p);
    for (uint64_t k = 0; k < before_pair + 2; ++k) direct.step();
    CHECK(c.fingerprint() == state_fingerprint(direct.state()));
    CHECK(c.series().back().step == before_pair + 2);
    CHECK(c.series()[c.series().size() - 2].step == before_pair + 1);
  }
  // A step is due and starts; frames meanwhile show the last whole step.
  frame(0.04);
  CHECK(c.busy());
  const uint64_t at_click = c.flock()->steps();
  const uint64_t fp_at_click = c.fingerprint();
  c.pause();  // dropped in flight: time and fingerprint are those shown at the click
  CHECK_FALSE(c.busy());
  CHECK(c.flock()->steps() == at_click);
  CHECK(c.fingerprint() == fp_at_click);
  for (int k = 0; k < 20; ++k) frame(0.04);
  CHECK(c.flock()->steps() == at_click);
  REQUIRE(c.step().ok);  // exactly one, computed in the background too
  for (int k = 0; k < 100000 && c.busy(); ++k) frame(0.016);
  CHECK(c.flock()->steps() == at_click + 1);
  const std::unique_ptr<Boids3d> direct = stepped(p, at_click + 1);
  CHECK(c.fingerprint() == state_fingerprint(direct->state()));
  const std::vector<SeriesPoint>& series = c.series();
  REQUIRE(series.size() == at_click + 2);  // the start and every step, none twice
  CHECK(series.back().step == at_click + 1);
  CHECK(series.back().order == order_parameter(direct->state()));
  // An edit while a step computes discards the flock for Undo, which brings it back as shown.
  const uint64_t fp_before_edit = c.fingerprint();
  REQUIRE(c.run().ok);
  frame(0.04);
  const uint64_t before_edit = c.flock()->steps();
  c.edit(Boids3dField::alignment, "2");
  CHECK(c.status() == RunStatus::stale);
  REQUIRE(c.undo().ok);
  CHECK(c.flock()->steps() == before_edit);
  if (before_edit == at_click + 1) CHECK(c.fingerprint() == fp_before_edit);
  // Reset while a step computes removes the flock at once.
  REQUIRE(c.run().ok);
  frame(0.04);
  c.reset();
  CHECK(c.status() == RunStatus::none);
  CHECK_FALSE(c.busy());
}

TEST_CASE(
    "running off the main thread, the next step is computed before it falls due and shown the frame it "
    "does") {
  if (!BackgroundJob::available()) return;  // a build without threads steps in place
  Boids3dController c;
  c.set_background(true);
  c.set_threads(2);
  c.edit(Boids3dField::count, "6000");
  c.edit(Boids3dField::radius, "3");
  const Boids3dParams p = check_params(c.texts()).params;
  REQUIRE(Boids3dController::estimate_step_ms(p) > 50.0);
  auto frame = [&c](double elapsed) {
    c.advance(elapsed, 10.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  };
  REQUIRE(c.initialize().ok);
  for (int k = 0; k < 100000 && !c.flock(); ++k) frame(0.016);
  REQUIRE(c.run().ok);
  frame(0.0);
  CHECK(c.busy_label() == "Computing step");  // what it does from Run on, not "Initializing"
  for (int k = 0; k < 100000 && c.flock()->steps() < 2; ++k) frame(0.04);
  for (int k = 0; k < 3; ++k) {  // the steps already due (two at most) become current
    std::this_thread::sleep_for(std::chrono::seconds(1));
    frame(0.0);
  }
  // No time passes: whatever the background computes meanwhile, no step becomes current early.
  const uint64_t shown = c.flock()->steps();
  for (int k = 0; k < 300; ++k) frame(0.0);
  std::this_thread::sleep_for(std::chrono::seconds(2));
  frame(0.0);
  CHECK(c.flock()->steps() == shown);
  // The next step falls due: it was computed already, so this very frame shows it.
  c.advance(0.04, 10.0);
  CHECK(c.flock()->steps() == shown + 1);
  CHECK(c.series().back().step == shown + 1);
  // And the one after it, computed ahead as well.
  std::this_thread::sleep_for(std::chrono::seconds(2));
  frame(0.0);
  c.advance(0.04, 10.0);
  CHECK(c.flock()->steps() == shown + 2);
  // Frames go on while the job computes: each due step it finishes becomes current as it computes
  // the next (taken while it runs, not only when it ends), each step once, in order.
  const uint64_t before_run = c.flock()->steps();
  for (int k = 0; k < 100000 && c.flock()->steps() < before_run + 8; ++k) frame(0.04);
  REQUIRE(c.flock()->steps() >= before_run + 8);
  // Pause drops what was computed ahead: the state shown stays, and stepping on gives the same bits
  // as stepping one at a time.
  c.pause();
  const uint64_t paused_at = c.flock()->steps();
  for (int k = 0; k < 20; ++k) frame(0.04);
  CHECK(c.flock()->steps() == paused_at);
  REQUIRE(c.step().ok);
  for (int k = 0; k < 100000 && c.busy(); ++k) frame(0.016);
  REQUIRE(c.flock()->steps() == paused_at + 1);
  CHECK(c.fingerprint() == state_fingerprint(stepped(p, paused_at + 1)->state()));
  const std::vector<SeriesPoint>& series = c.series();
  REQUIRE(series.size() == paused_at + 2);  // the start and every step, none twice
  for (size_t k = 0; k < series.size(); ++k) CHECK(series[k].step == k);
}

TEST_CASE("a new flock's readouts are its own, even where it takes the memory of the one before") {
  Boids3dController c;
  c.edit(Boids3dField::count, "60");
  for (const char* seed : {"1", "2", "3", "4"}) {
    CAPTURE(seed);
    c.edit(Boids3dField::seed, seed);
    REQUIRE(c.initialize().ok);
    const Boids3d direct(check_params(c.texts()).params);
    CHECK(c.fingerprint() == state_fingerprint(direct.state()));
    CHECK(c.summary().order == order_parameter(direct.state()));
    CHECK(c.summary().mean_speed == mean_speed(direct.state()));
    c.reset();
  }
}

TEST_CASE("the flock as bytes: read back whole it steps to the same bits; cut or foreign bytes are refused") {
  Boids3dParams p;
  p.count = 300;
  p.radius = 1.5;
  p.separation = 0.5;
  p.alignment = 0.3;
  p.cohesion = 0.2;
  p.seed = 9;
  Boids3d f(p);
  for (int k = 0; k < 3; ++k) f.step();
  const std::string bytes = boids3d_pack(f);
  std::unique_ptr<Boids3d> g = boids3d_unpack(bytes);
  REQUIRE(g != nullptr);
  CHECK(g->steps() == 3);
  CHECK(state_fingerprint(g->state()) == state_fingerprint(f.state()));
  CHECK(g->components().cx == f.components().cx);
  CHECK(g->components().neighbors == f.components().neighbors);
  f.step();
  g->step();
  CHECK(state_fingerprint(g->state()) == state_fingerprint(f.state()));
  // A flock still computing its start travels as its start, and the other side computes it.
  Boids3d pending(p, NeighbourSearch::grid, false);
  std::unique_ptr<Boids3d> h = boids3d_unpack(boids3d_pack(pending));
  REQUIRE(h != nullptr);
  CHECK(h->initializing());
  h->advance_step(static_cast<size_t>(-1));
  CHECK(state_fingerprint(h->state()) == state_fingerprint(Boids3d(p).state()));
  CHECK(boids3d_unpack(bytes.substr(0, bytes.size() - 1)) == nullptr);
  CHECK(boids3d_unpack(bytes + "x") == nullptr);
  CHECK(boids3d_unpack("") == nullptr);
  std::string foreign = bytes;
  foreign[4] = static_cast<char>(foreign[4] + 1);  // a count the arrays do not have
  CHECK(boids3d_unpack(foreign) == nullptr);
  // Found by fuzzing (tests/fuzz/corpus/bytes): a start claiming a step count, a boid outside the
  // box (the next grid would index past its cells), and no boids at all.
  auto patched = [](std::string b, size_t at, double v) {
    std::memcpy(&b[at], &v, sizeof v);
    return b;
  };
  std::string start = boids3d_pack(pending);
  start[54] = 1;  // after magic, count, five weights, seed, search and the start flag: the steps
  CHECK(boids3d_unpack(start) == nullptr);
  CHECK(boids3d_unpack(patched(bytes, 70, 100.0)) == nullptr);  // x of boid 0, after its array's length
  CHECK(boids3d_unpack(patched(bytes, 70, 4.0)) != nullptr);
  Boids3dParams none = p;
  none.count = 0;
  std::unique_ptr<Boids3d> empty = boids3d_unpack(boids3d_pack(Boids3d(none)));
  REQUIRE(empty != nullptr);
  CHECK(empty->size() == 0);
  RemoteModel worker;
  CHECK(worker.load("boids3d", foreign) != "");
  CHECK(worker.step().empty());
  CHECK(worker.load("flock2d", bytes) != "");
}

TEST_CASE(
    "without threads, a worker computes the long steps: shown whole when due, the same bits, dropped at "
    "Pause") {
  Boids3dController c;
  WorkerInProcess worker;
  c.set_remote(&worker);
  c.edit(Boids3dField::count, "3000");
  c.edit(Boids3dField::radius, "3");
  const Boids3dParams p = check_params(c.texts()).params;
  REQUIRE(Boids3dController::estimate_step_ms(p) > 50.0);  // sliced: not even the start computes at once
  REQUIRE(c.initialize().ok);
  c.advance(0.0, 10.0);
  CHECK(c.flock() == nullptr);  // the start computes in the worker, not here
  CHECK(c.busy());
  REQUIRE(worker.compute());
  CHECK_FALSE(worker.compute());  // the start only: nothing runs yet
  c.advance(0.0, 10.0);
  REQUIRE(c.flock() != nullptr);
  CHECK(c.flock()->steps() == 0);
  CHECK_FALSE(c.busy());
  REQUIRE(c.run().ok);
  c.advance(0.0, 10.0);
  CHECK(worker.asked() == 2);  // two steps ahead while running
  REQUIRE(worker.compute());
  REQUIRE(worker.compute());
  CHECK_FALSE(worker.compute());
  c.advance(0.0, 10.0);
  CHECK(c.flock()->steps() == 0);  // computed, but not due yet
  c.advance(0.04, 10.0);
  CHECK(c.flock()->steps() == 1);
  c.advance(0.08, 10.0);  // two due at once: both shown, each recorded
  CHECK(c.flock()->steps() == 2);
  REQUIRE(c.series().size() == 3);
  CHECK(c.series()[1].step == 1);
  CHECK(c.series()[2].step == 2);
  Boids3d direct(p);
  direct.step();
  direct.step();
  CHECK(c.fingerprint() == state_fingerprint(direct.state()));
  CHECK(c.flock()->components().neighbors == direct.components().neighbors);
  // A step finished after the click is dropped: time and fingerprint are those shown at it.
  c.advance(0.04, 10.0);
  REQUIRE(worker.compute());
  const uint64_t fp = c.fingerprint();
  c.pause();
  c.advance(0.04, 10.0);
  CHECK(c.flock()->steps() == 2);
  CHECK(c.fingerprint() == fp);
  CHECK_FALSE(c.busy());
  // Step: exactly one, from the flock shown (sent again, the worker's copy being ahead).
  const int starts = worker.starts;
  REQUIRE(c.step().ok);
  c.advance(0.0, 10.0);
  CHECK(worker.starts == starts + 1);
  REQUIRE(worker.compute());
  CHECK_FALSE(worker.compute());
  c.advance(0.0, 10.0);
  CHECK(c.flock()->steps() == 3);
  direct.step();
  CHECK(c.fingerprint() == state_fingerprint(direct.state()));
  CHECK_FALSE(c.busy());
}

TEST_CASE("a worker that fails leaves the steps to this thread, from the flock shown") {
  class Broken final : public RemoteStepper {  // fails after it started, as a page learns it later
   public:
    void start(std::string_view, std::string, int) override { ++starts; }
    void more(int) override {}
    void stop() override {}
    std::optional<std::string> take() override { return std::nullopt; }
    bool failed() const override { return failed_; }
    bool failed_ = false;
    int starts = 0;
  } broken;
  Boids3dController c;
  c.set_remote(&broken);
  c.edit(Boids3dField::count, "3000");
  c.edit(Boids3dField::radius, "3");
  REQUIRE(c.initialize().ok);
  c.advance(0.0, 10.0);
  REQUIRE(broken.starts == 1);
  broken.failed_ = true;
  for (int k = 0; k < 1000 && c.busy(); ++k) c.advance(0.0, 10.0);
  REQUIRE(c.flock() != nullptr);
  REQUIRE(c.step().ok);
  for (int k = 0; k < 1000 && c.busy(); ++k) c.advance(0.0, 10.0);
  CHECK(c.flock()->steps() == 1);
  CHECK(broken.starts == 1);
}
