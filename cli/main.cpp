// Bandada — bandada-cli: see cli.cpp and `bandada-cli --help`.
#include "cli.h"

int main(int argc, char** argv) { return bandada::cli_main(argc, argv); }
