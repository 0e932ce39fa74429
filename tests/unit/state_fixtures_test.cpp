// Bandada — state files of this format open forever: one frozen file a model
// (tests/fixtures/state/, written by bandada-cli --save-state when the format was current) is read,
// written back to the same bytes, and continued to the fingerprint it gave then. A change to a
// model's bytes (its member lists, their order or their types) fails here first.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "app/share_codec.h"
#include "run/state_file.h"
#include "unit/fixtures_dir.h"

using namespace bandada;

TEST_CASE("frozen state files: read, written back byte for byte, continued to their fingerprints") {
  // model, file, its fingerprint after 3 more steps (cycles for the feedback engine)
  const struct {
    const char* model;
    const char* continued;
  } files[] = {{"boids3d", "c314eefa8fcef6b3"},
               {"feedback2d", "1124d467c93066fd"},
               {"flock2d", "a61ea18733db2d3d"},
               {"crowd", "ef226a0e751c9edd"}};
  for (const auto& f : files) {
    SUBCASE(f.model) {
      std::ifstream in(std::string(kBandadaFixtures) + "/state/" + f.model + ".state", std::ios::binary);
      REQUIRE(in);
      std::stringstream text;
      text << in.rdbuf();
      StateFile file;
      REQUIRE(read_state_file(text.str(), file) == "");
      std::string why;
      std::unique_ptr<ModelSession> s = session_from_state(file, why);
      REQUIRE_MESSAGE(s, why);
      CHECK(write_state_file(*s) == text.str());
      REQUIRE(s->compute(3).ok);
      CHECK(fingerprint_hex(s->fingerprint()) == std::string(f.continued));
    }
  }
}
