// Bandada — every released link of the 2-D models still opens to the same values (fixtures).
#include <doctest/doctest.h>

#include <fstream>
#include <functional>
#include <map>
#include <string>

#include "app/share_codec.h"
#include "models/feedback2d/feedback2d_controller.h"
#include "models/flock2d/flock2d_controller.h"
#include "unit/fixtures_dir.h"

using namespace bandada;

namespace {

std::map<std::string, std::string> decoded_pairs(const std::string& share) {
  std::vector<std::string> warnings;
  std::map<std::string, std::string> out;
  for (auto [k, v] : split_share(share, warnings))
    out[std::string(k)] = percent_decode(v).value_or("<undecodable>");
  return out;
}

/// Opens every link of a fixture file with `open` and compares what `reshare` gives back.
int check_fixtures(const char* file, const std::function<bool(const std::string&)>& open,
                   const std::function<std::string()>& reshare) {
  std::ifstream in(std::string(kBandadaFixtures) + "/" + file);
  REQUIRE(in.good());
  std::string line;
  int cases = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    REQUIRE(tab != std::string::npos);
    const std::string link = line.substr(0, tab), expected = line.substr(tab + 1);
    CAPTURE(link);
    REQUIRE(open(link));
    std::map<std::string, std::string> got = decoded_pairs(reshare());
    for (const auto& kv : decoded_pairs(expected)) {
      const std::string& key = kv.first;
      CAPTURE(key);
      CHECK(got[key] == kv.second);
    }
    if (expected.find("pred=") == std::string::npos) CHECK(got.count("pred") == 0);
    ++cases;
  }
  return cases;
}

}  // namespace

TEST_CASE("every released feedback-engine link still opens to its values (fixture file)") {
  Feedback2dController c;
  CHECK(check_fixtures(
            "links_feedback2d.tsv", [&](const std::string& l) { return c.open_link(l).ok; },
            [&] { return c.share_string(); }) >= 5);
}

TEST_CASE("every released 2-D flock link still opens to its values, markers and leader (fixture file)") {
  Flock2dController c;
  CHECK(check_fixtures(
            "links_flock2d.tsv", [&](const std::string& l) { return c.open_link(l).ok; },
            [&] { return c.share_string(); }) >= 5);
}
