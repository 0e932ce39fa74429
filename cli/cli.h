// Bandada — the CLI's whole program as a function, so a test build can register a test-only
// model before running it (tests/cli_test_model.sh). A run's options are parsed here (run_args.h)
// into a RunSpec, which core checks and runs (run/run.h); the CLI prints what it gives.
#pragma once

#include <string>
#include <vector>

#include "run/run.h"

namespace bandada {

/// Parses the command line, runs the model and prints its state; returns the exit code.
/// `bandada-cli sweep …` runs a parameter sweep instead (cli/sweep.cpp).
int cli_main(int argc, char** argv);

/// `bandada-cli sweep …`: see `bandada-cli sweep --help`.
int sweep_main(const std::vector<std::string>& args);
/// `bandada-cli experiment …`: see `bandada-cli experiment --help`.
int experiment_main(const std::vector<std::string>& args);
/// `bandada-cli optimize …`: see `bandada-cli optimize --help`.
int optimize_main(const std::vector<std::string>& args);

}  // namespace bandada
