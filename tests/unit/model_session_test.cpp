// Bandada — the model seam, for every registered model (the three real ones and the test-only
// ring, registered by one line in tests/unit/main.cpp): fields, links, saved text, commands, time and
// stepping, draw data, exports. A new model gets all of these checks by registering.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "app/palette.h"
#include "app/registry.h"
#include "models/ring/ring_session.h"

using namespace bandada;

namespace {

bool built(const ModelSession& s) {
  return s.status() == RunStatus::paused || s.status() == RunStatus::running;
}

}  // namespace

TEST_CASE("the registry lists each model once, the test model only in the test build") {
  REQUIRE(make_session(ring_model().id) != nullptr);
  std::set<std::string> ids;
  for (const ModelEntry& e : models()) {
    CHECK(ids.insert(e.id).second);
    std::unique_ptr<ModelSession> s = e.make();
    CHECK(std::string(s->info().id) == e.id);
  }
  CHECK(ids.count("boids3d") == 1);
  CHECK(ids.count("feedback2d") == 1);
  CHECK(ids.count("flock2d") == 1);
  CHECK(ids.count("ring") == 1);
  CHECK(std::string(models()[0].id) == "boids3d");
  CHECK(make_session("flock9") == nullptr);
}

TEST_CASE(
    "every model: defaults are valid, every keystroke moves the revision, bad text is refused with a "
    "reason") {
  for (const ModelEntry& e : models()) {
    SUBCASE(e.id) {  // a failure names its model
      std::unique_ptr<ModelSession> s = e.make();
      REQUIRE(s->field_count() > 0);
      for (size_t i = 0; i < s->field_count(); ++i) CHECK(s->error(i).empty());
      CHECK(fix_first(*s).empty());
      const uint64_t r0 = s->revision();
      s->edit(0, "x");
      CHECK(s->revision() == r0 + 1);
      s->edit(0, "x");  // the same text again is still a keystroke
      CHECK(s->revision() == r0 + 2);
      CHECK(s->text(0) == "x");
      CHECK_FALSE(s->error(0).empty());
      CHECK(s->why_not("initialize").find("Fix first") == 0);
      CHECK_FALSE(s->command("initialize").ok);
      CHECK_FALSE(s->command("no-such-command").ok);
    }
  }
}

TEST_CASE("every model: saved text and share links bring back every field exactly") {
  for (const ModelEntry& e : models()) {
    SUBCASE(e.id) {  // a failure names its model
      std::unique_ptr<ModelSession> a = e.make();
      a->edit(0, " 1,");  // raw text as typed: kept even though invalid
      for (size_t k = 0; k < a->choices().size(); ++k)
        a->choose(k, static_cast<int>(a->choices()[k].values.size()) - 1);
      std::unique_ptr<ModelSession> b = e.make();
      REQUIRE(b->load_saved(a->saved_text()));
      std::unique_ptr<ModelSession> c = e.make();
      REQUIRE(c->open_link(a->share_string()).ok);
      for (size_t i = 0; i < a->field_count(); ++i) {
        CHECK(b->text(i) == a->text(i));
        CHECK(c->text(i) == a->text(i));
      }
      for (size_t k = 1; k < a->choices().size(); ++k) {  // presets (k = 0 where present) follow the fields
        CHECK(b->chosen(k) == a->chosen(k));
        CHECK(c->chosen(k) == a->chosen(k));
      }
      CHECK_FALSE(c->open_link("m=" + std::string(e.id) + "&v=99").ok);
    }
  }
}

TEST_CASE(
    "every model: Initialize, Step, compute and real time advance it; the same inputs give the same bits") {
  for (const ModelEntry& e : models()) {
    SUBCASE(e.id) {  // a failure names its model
      std::unique_ptr<ModelSession> s = e.make(), t = e.make();
      s->edit(0, "20");
      t->edit(0, "20");
      CHECK(s->why_not("run") != "");
      REQUIRE(s->command("initialize").ok);
      REQUIRE(t->command("initialize").ok);
      CHECK(s->status() == RunStatus::paused);
      CHECK(s->steps() == 0);
      REQUIRE(s->command("step").ok);
      CHECK(s->steps() == 1);
      REQUIRE(s->compute(2).ok);
      CHECK(s->steps() == 3);
      REQUIRE(t->compute(3).ok);
      CHECK(t->fingerprint() == s->fingerprint());
      CHECK(s->series_length() >= 3);
      // Whole steps at 25/s of wall time; Pause drops the partial step.
      REQUIRE(s->command("run_pause").ok);
      CHECK(s->status() == RunStatus::running);
      s->advance(0.12);
      CHECK(s->steps() == 6);
      s->advance(0.03);
      s->command("pause");
      s->command("run");
      s->advance(0.03);
      CHECK(s->steps() == 6);
      s->advance(10.0);  // a long gap counts 250 ms at most
      CHECK(s->steps() == 12);
      s->pause_for_hidden_page();
      CHECK(s->status() == RunStatus::paused);
      s->advance(1.0);
      CHECK(s->steps() == 12);
      CHECK_FALSE(s->export_json().empty());
      CHECK_FALSE(s->export_csv().empty());
      {  // the series CSV is a table a spreadsheet reads: each row as many columns as the header
        const std::string csv = s->series_csv();
        REQUIRE(csv.find('\n') != std::string::npos);
        size_t header = std::string::npos, at = 0;
        while (at < csv.size()) {
          const size_t end = csv.find('\n', at);
          const size_t cols = static_cast<size_t>(std::count(csv.begin() + static_cast<long>(at),
                                                             csv.begin() + static_cast<long>(end), ',')) +
                              1;
          if (header == std::string::npos) header = cols;
          CHECK(cols == header);
          at = end + 1;
        }
        // the step, its time (where a step has one), then one column a series
        CHECK(header == (s->info().step_seconds > 0 ? 2 : 1) + s->series_info().size());
      }
      CHECK_FALSE(s->readouts().empty());
      REQUIRE(s->command("reset").ok);
      CHECK_FALSE(built(*s));
    }
  }
}

TEST_CASE(
    "every model: draw data is contiguous, one entry per glyph, and marks the selection and its neighbours") {
  for (const ModelEntry& e : models()) {
    SUBCASE(e.id) {  // a failure names its model
      std::unique_ptr<ModelSession> s = e.make();
      s->edit(0, "30");
      REQUIRE(s->command("initialize").ok);
      s->compute(1);
      DrawData d;
      s->draw(d);
      REQUIRE(d.count == s->size());
      CHECK(d.pos.size() == d.count * 3);
      CHECK(d.dir.size() == d.count * 3);
      CHECK(d.colour.size() == d.count);
      CHECK(d.highlight.size() == d.count);
      CHECK(d.width > 0);
      REQUIRE(s->select(2).ok);
      CHECK_FALSE(s->select(100000).ok);
      s->draw(d);
      CHECK(d.highlight[2] == 1);
      for (uint32_t j : d.neighbours) CHECK(d.highlight[j] == 2);
      size_t marked = 0;
      for (uint8_t h : d.highlight) marked += h == 2;
      CHECK(marked == d.neighbours.size());
      REQUIRE(s->command("clear_selection").ok);
      CHECK_FALSE(s->selection().has_value());
    }
  }
}

TEST_CASE("every model: keys are unique, and Space toggles run and pause") {
  for (const ModelEntry& e : models()) {
    SUBCASE(e.id) {  // a failure names its model
      std::unique_ptr<ModelSession> s = e.make();
      std::set<std::string> keys;
      for (const Command& c : s->commands())
        if (c.key) CHECK(keys.insert(c.key).second);
      CHECK(keys.count("space") == 1);
      REQUIRE(s->command("initialize").ok);
      s->command("run_pause");
      CHECK(s->status() == RunStatus::running);
      s->command("run_pause");
      CHECK(s->status() == RunStatus::paused);
    }
  }
}

TEST_CASE(
    "every model: saved text brings back any typed text byte for byte (long, tabs, control characters)") {
  const std::string long_text(300, '7'), odd = "1\t2\x01 \xE2\x8C\x98%&=#";
  for (const ModelEntry& e : models()) {
    SUBCASE(e.id) {  // a failure names its model
      std::unique_ptr<ModelSession> a = e.make();
      a->edit(0, long_text);
      a->edit(1, odd);
      CHECK_FALSE(a->error(0).empty());  // the limit shows while typing, as a message
      std::unique_ptr<ModelSession> b = e.make();
      REQUIRE(b->load_saved(a->saved_text()));
      CHECK(b->text(0) == long_text);
      CHECK(b->text(1) == odd);
      std::unique_ptr<ModelSession> c = e.make();
      REQUIRE(c->open_link(a->share_string()).ok);
      CHECK(c->text(1) == odd);
    }
  }
}

TEST_CASE("2-D models: typing a count or seed changes nothing until Enter or leaving the field") {
  for (const char* id : {"flock2d", "feedback2d"}) {
    CAPTURE(id);
    std::unique_ptr<ModelSession> s = make_session(id);
    s->edit(0, "40");
    REQUIRE(s->command("initialize").ok);
    REQUIRE(s->compute(3).ok);
    const uint64_t fp = s->fingerprint();
    s->edit(0, "1e9");  // invalid: the state is left alone, the field says why
    CHECK(s->size() == 40);
    CHECK_FALSE(s->error(0).empty());
    s->edit(0, "");
    for (const char* typed : {"3", "30", "300"}) {
      s->edit(0, typed);
      CHECK(s->size() == 40);
      CHECK(s->fingerprint() == fp);
    }
    if (s->choices().size() > 1) s->choose(s->choices().size() - 1, 1);  // a live setting meanwhile
    CHECK(s->size() == 40);
    s->commit(0);
    CHECK(s->size() == 300);
    CHECK(s->steps() == (std::string(id) == "flock2d" ? 3u : 0u));  // the flock grows; n rebuilds the engine
  }
}

TEST_CASE("every model: a NaN or -inf frame budget still runs the due step, never undefined behaviour") {
  for (const ModelEntry& e : models()) {
    SUBCASE(e.id) {  // a failure names its model
      std::unique_ptr<ModelSession> s = e.make();
      s->edit(0, "20");
      REQUIRE(s->command("initialize").ok);
      REQUIRE(s->command("run").ok);
      s->advance(0.12, std::nan(""));
      CHECK(s->steps() >= 1);
      const uint64_t after = s->steps();
      s->advance(0.12, -INFINITY);  // the 3-D flock slices it (one boid per call at least): finish it
      s->advance(0.0, 1e300);
      CHECK(s->steps() >= after + 1);
    }
  }
}

TEST_CASE("the 2-D flock's leader is drawn and listed in the leader's colour, not the attractor's") {
  std::unique_ptr<ModelSession> s = make_session("flock2d");
  s->edit(0, "20");
  REQUIRE(s->command("initialize").ok);
  REQUIRE(s->select(3).ok);
  REQUIRE(s->command("make_leader").ok);
  DrawData d;
  s->draw(d);
  size_t rings = 0;
  for (const Overlay& o : d.overlays)
    if (o.kind == Overlay::Kind::ring && o.x == d.pos[3 * 3] && o.y == d.pos[3 * 3 + 1] &&
        o.colour != kSelected) {
      CHECK(o.colour == kLeader);
      ++rings;
    }
  CHECK(rings == 2);
  bool listed = false;
  for (const auto& [colour, word] : s->legend())
    if (std::string(word) == "leader") listed = colour == kLeader;
  CHECK(listed);
}

TEST_CASE("the 2-D flock's energy plot names each curve by the integrator that drew it") {
  std::unique_ptr<ModelSession> s = make_session("flock2d");
  const int integrator = s->choice_index("int");
  REQUIRE(integrator >= 0);
  size_t energy = 0, twin = 0;
  for (size_t k = 0; k < s->series_info().size(); ++k) {
    if (std::string(s->series_info()[k].title) == "energy (kinetic + attractor)") energy = k;
    if (std::string(s->series_info()[k].title) == "twin energy") twin = k;
  }
  REQUIRE(twin > 0);
  s->choose(static_cast<size_t>(integrator), 0);  // Euler: the flock's curve is Euler's, its twin RK4's
  CHECK(s->curve_label(energy) == "Euler");
  CHECK(s->curve_label(twin) == "RK4");
  s->choose(static_cast<size_t>(integrator), 1);
  CHECK(s->curve_label(energy) == "RK4");
  CHECK(s->curve_label(twin) == "Euler");
  CHECK(s->curve_label(0).empty());  // order: one curve, its title alone
  CHECK(s->curve_label(99).empty());
}

TEST_CASE("every model: a press or a drag with no state is refused with a message, never a crash") {
  for (const ModelEntry& e : models()) {
    SUBCASE(e.id) {  // a failure names its model
      std::unique_ptr<ModelSession> s = e.make();
      const CommandResult p = s->press(1, 1, false, false, 1);
      CHECK_FALSE(p.ok);
      CHECK_FALSE(p.message.empty());
      const CommandResult d = s->drag(1, 1, 5, 5);
      CHECK_FALSE(d.ok);
      CHECK_FALSE(d.message.empty());
    }
  }
}

TEST_CASE("the 2-D flock's trails: drawn behind each boid while the switch is on, gone when it is off") {
  std::unique_ptr<ModelSession> s = make_session("flock2d");
  s->edit(0, "30");
  REQUIRE(s->command("initialize").ok);
  size_t trails = 0;
  for (size_t k = 0; k < s->display_options().size(); ++k)
    if (std::string(s->display_options()[k].id) == "trails") trails = k;
  auto faint_segments = [&] {
    DrawData d;
    s->draw(d);
    size_t n = 0;
    for (const Overlay& o : d.overlays) n += o.kind == Overlay::Kind::segment && o.colour == kFaint;
    return n;
  };
  CHECK(faint_segments() == 0);
  s->set_display(trails, true);
  for (int step = 0; step < 5; ++step) {
    faint_segments();  // a frame per step: each extends the trails by one point
    REQUIRE(s->compute(1).ok);
  }
  const size_t on = faint_segments();
  CHECK(on >= 30 * 3);  // most of the 30 boids have a trail of 5 pieces (none across a seam)
  CHECK(on <= 30 * 5);
  s->set_display(trails, false);
  CHECK(faint_segments() == 0);
}

TEST_CASE(
    "every model: the draw data's version names what is drawn: the same frame, the same version; a step "
    "or a selection, a new one") {
  for (const ModelEntry& e : models()) {
    SUBCASE(e.id) {
      std::unique_ptr<ModelSession> s = e.make();
      s->edit(0, "20");
      REQUIRE(s->command("initialize").ok);
      DrawData a, b, c, d;
      s->draw(a);
      s->draw(b);
      CHECK(a.version != 0);
      CHECK(a.version == b.version);
      REQUIRE(s->compute(1).ok);
      s->draw(c);
      CHECK(c.version != a.version);
      if (s->select(1).ok) {
        s->draw(d);
        CHECK(d.version != c.version);
      }
    }
  }
}

TEST_CASE("a swarm's iterations have no time: its series has no time column, a flock's has (issue 85)") {
  std::unique_ptr<ModelSession> pso = make_session("pso");
  REQUIRE(pso);
  CHECK(pso->info().step_seconds == 0.0);
  REQUIRE(pso->command("initialize").ok);
  REQUIRE(pso->command("step").ok);
  const std::string swarm = pso->series_csv();
  CHECK(swarm.rfind("step,", 0) == 0);
  CHECK(swarm.find(",time") == std::string::npos);
  std::unique_ptr<ModelSession> flock = make_session("flock2d");
  REQUIRE(flock);
  CHECK(flock->info().step_seconds == 0.04);
  CHECK(flock->series_csv().rfind("step,time,", 0) == 0);
}

TEST_CASE("faster than real time: at speed 16 a run steps 16 times as often, the same steps as Step") {
  size_t speeding = 0;
  for (const ModelEntry& e : models()) {
    CAPTURE(e.id);
    std::unique_ptr<ModelSession> fast = make_session(e.id), by_step = make_session(e.id);
    if (!fast->speeds()) continue;
    ++speeding;
    for (ModelSession* s : {fast.get(), by_step.get()}) REQUIRE(s->command("initialize").ok);
    fast->set_speed(16);
    REQUIRE(fast->command("run").ok);
    for (int frame = 0; frame < 10; ++frame) fast->advance(0.02);  // 0.2 s of wall time
    REQUIRE(fast->command("pause").ok);
    CHECK(fast->steps() == 80u);  // 0.2 s × 16 = 3.2 s of model time: 80 steps of 0.04 s
    REQUIRE(by_step->compute(fast->steps()).ok);
    CHECK(fast->fingerprint() == by_step->fingerprint());
    CHECK(fast->series_length() == by_step->series_length());  // every step recorded, none skipped
  }
  CHECK(speeding >= 4);  // the crowd, the 2-D flock, the feedback engine and the swarm
  std::unique_ptr<ModelSession> s = make_session("crowd");
  s->set_speed(5000);
  CHECK(s->speed() == 1000);
  s->set_speed(-3);
  CHECK(s->speed() == 1);
}

TEST_CASE("every model: the colours its legend names are told apart (issue 85: one orange, four meanings)") {
  // Apart by at least 80 in RGB (the speed zones' orange and the ramp's fast end were 40 apart); the faint
  // marks are their own colour at low alpha, and are not counted.
  auto apart = [](uint8_t a, uint8_t b) {
    const Rgba p = palette_colour(a), q = palette_colour(b);
    const double dr = p.r - q.r, dg = p.g - q.g, db = p.b - q.b;
    return std::sqrt(dr * dr + dg * dg + db * db);
  };
  for (const ModelEntry& e : models()) {
    const std::unique_ptr<ModelSession> s = e.make();
    const auto& legend = s->legend();
    for (size_t i = 0; i < legend.size(); ++i)
      for (size_t j = i + 1; j < legend.size(); ++j) {
        if (legend[i].first == kFaint || legend[j].first == kFaint) continue;
        const std::string pair = e.id + std::string(": ") + legend[i].second + " / " + legend[j].second;
        CAPTURE(pair);
        CHECK(apart(legend[i].first, legend[j].first) >= 80.0);
      }
  }
}

TEST_CASE("every model: a run's state file is the same bytes however its steps were taken") {
  // A run at speed 16, Step after Step, one compute and computes in chunks (as checkpoints take
  // them): one state, series included (the 2-D flock's neighbour measures followed the frames'
  // batches, so a state saved in the page was not the CLI's).
  for (const ModelEntry& e : models()) {
    const std::string id = e.id;
    CAPTURE(id);
    std::unique_ptr<ModelSession> whole = make_session(e.id), chunks = make_session(e.id),
                                  steps = make_session(e.id), run = make_session(e.id);
    for (ModelSession* s : {whole.get(), chunks.get(), steps.get(), run.get()})
      REQUIRE(s->command("initialize").ok);
    uint64_t n = 23;
    if (run->speeds()) {
      run->set_speed(16);
      REQUIRE(run->command("run").ok);
      for (int frame = 0; frame < 7; ++frame) run->advance(0.02 + 0.001 * frame);  // uneven frames
      REQUIRE(run->command("pause").ok);
      n = run->steps();
      REQUIRE(n > 0);
    }
    REQUIRE(whole->compute(n).ok);
    for (uint64_t done = 0; done < n; done += 7) REQUIRE(chunks->compute(std::min<uint64_t>(7, n - done)).ok);
    for (uint64_t k = 0; k < n; ++k) REQUIRE(steps->command("step").ok);
    const std::string want = whole->state_bytes();
    CHECK(chunks->state_bytes() == want);
    CHECK(steps->state_bytes() == want);
    if (run->speeds()) CHECK(run->state_bytes() == want);
  }
}

TEST_CASE(
    "every model, every choice: a plot of its own never reads NaN; a measure a choice leaves undefined is "
    "hidden") {
  // (issue 85's "not defined" pressure was NaN in a plot the page always drew: the fuzzer's first
  // minute found it under the speed models)
  for (const ModelEntry& e : models()) {
    const std::unique_ptr<ModelSession> probe = e.make();
    for (size_t k = 0; k < probe->choices().size(); ++k)
      for (size_t v = 0; v < probe->choices()[k].values.size(); ++v) {
        const std::string what =
            std::string(e.id) + ": " + probe->choices()[k].key + " = " + probe->choices()[k].values[v];
        CAPTURE(what);
        std::unique_ptr<ModelSession> s = e.make();
        s->edit(0, "20");
        s->choose(k, static_cast<int>(v));
        if (!s->command("initialize").ok) continue;  // a choice this field set refuses (said elsewhere)
        REQUIRE(s->compute(2).ok);
        REQUIRE(s->series_length() > 0);
        for (size_t q = 0; q < s->series_info().size(); ++q) {
          const SeriesInfo& info = s->series_info()[q];
          CAPTURE(info.title);
          if (info.pair < 0 && !info.optional)
            CHECK_FALSE(std::isnan(s->series_value(q, s->series_length() - 1)));
        }
      }
  }
}
