// Bandada — doctest main for the unit tests (native, and under Node for wasm).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
