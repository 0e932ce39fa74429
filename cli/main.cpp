// Bandada — bandada-cli: see cli.cpp and `bandada-cli --help`.
#include "cli.h"
#include "models/all_models.h"

int main(int argc, char** argv) {
  bandada::add_all_models();
  return bandada::cli_main(argc, argv);
}
