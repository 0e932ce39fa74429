// Bandada — what every live model's controller promises (LiveController: the feedback engine and
// the 2-D flock), tested once over both with doctest's TEST_CASE_TEMPLATE.
#include <doctest/doctest.h>

#include "models/feedback2d/feedback2d_controller.h"
#include "models/flock2d/flock2d_controller.h"

using namespace bandada;

namespace {

/// A small model of each kind, and its step count (the feedback engine counts cycles).
template <class C>
struct Live;
template <>
struct Live<Feedback2dController> {
  static void make_small(Feedback2dController& c) { c.edit(Feedback2dField::n, "30"); }
  static uint64_t steps(const Feedback2dController& c) { return c.model()->cycles(); }
};
template <>
struct Live<Flock2dController> {
  static void make_small(Flock2dController& c) { c.edit(Flock2dField::count, "40"); }
  static uint64_t steps(const Flock2dController& c) { return c.model()->steps(); }
};

}  // namespace

TEST_CASE_TEMPLATE(
    "a live model runs one step per 0.04 s, at most 250 ms a frame, and a hidden page pauses it", C,
    Feedback2dController, Flock2dController) {
  C c;
  Live<C>::make_small(c);
  c.initialize();
  c.advance(1.0);
  CHECK(Live<C>::steps(c) == 0);  // paused after Initialize
  c.run();
  c.advance(0.12);
  CHECK(Live<C>::steps(c) == 3);
  c.advance(5.0);
  CHECK(Live<C>::steps(c) == 9);  // a long frame runs 250 ms of steps, never catches up
  c.pause_for_hidden_page();
  c.advance(0.25);
  CHECK(Live<C>::steps(c) == 9);
  CHECK(c.status() == RunStatus::paused);
  CHECK(c.series().size() == 10);  // the start and each step
}
