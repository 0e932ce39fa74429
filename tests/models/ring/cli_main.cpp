// Bandada — bandada-cli built for the tests with the ring model registered (one line), so the
// CLI is proven to drive a model it has never heard of (tests/cli_test_model.sh).
#include "cli/cli.h"
#include "models/all_models.h"
#include "ring_session.h"

int main(int argc, char** argv) {
  bandada::add_all_models();
  bandada::add_model(bandada::ring_model());
  return bandada::cli_main(argc, argv);
}
