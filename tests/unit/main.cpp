// Bandada — doctest main for the unit tests (native, and under Node for wasm): this build's models
// and the test-only ring model, registered as any program's main registers its models.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "app/registry.h"
#include "models/all_models.h"
#include "models/ring/ring_session.h"

int main(int argc, char** argv) {
  bandada::add_all_models();
  bandada::add_model(bandada::ring_model());       // the one line that adds a model no front end knows
  bandada::add_model(bandada::ring_plus_model());  // the same with one field more (field_row_test.cpp)
  doctest::Context context(argc, argv);
  return context.run();
}
