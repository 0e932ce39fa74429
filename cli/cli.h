// Bandada — the CLI's whole program as a function, so a test build can register a test-only
// model before running it (tests/cli_test_model.sh).
#pragma once

namespace bandada {

/// Parses the command line, runs the model and prints its state; returns the exit code.
int cli_main(int argc, char** argv);

}  // namespace bandada
