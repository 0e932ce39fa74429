// Bandada — where the unit tests find tests/fixtures/. The path is defined in a file CMake
// generates (CMakeLists.txt), the one test source that names the clone's folder.
#pragma once

/// The absolute path of tests/fixtures, without a trailing slash.
extern const char* const kBandadaFixtures;
