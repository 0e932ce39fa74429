// Bandada — the share string: round trips, old-version fixtures, hostile input.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "common/lcg.h"
#include "models/boids3d/boids3d_link.h"
#include "unit/fixtures_dir.h"

using namespace bandada;

namespace {

Boids3dFieldTexts some_texts() { return {"12", "0,5", "-1e-3", "", "1.", "-", "4294967295"}; }

}  // namespace

TEST_CASE("field texts round-trip exactly, including empty and incomplete numbers") {
  ShareData d;
  d.texts = some_texts();
  std::string s = encode_share(d);
  ShareParse p = parse_share(s);
  REQUIRE(p.ok);
  CHECK(p.data.texts == d.texts);
  CHECK(p.warnings.empty());
  CHECK_FALSE(p.data.run.has_value());
}

TEST_CASE("the share string is URL-safe") {
  ShareData d;
  d.texts = {"a b", "1+2", "x&y=z", "#%", "é", "?", "/"};
  std::string s = encode_share(d);
  for (char c : s) {
    bool safe =
        std::isalnum(static_cast<unsigned char>(c)) || std::string("-._~,%=&").find(c) != std::string::npos;
    CHECK(safe);
  }
  CHECK(parse_share(s).data.texts == d.texts);
}

TEST_CASE("random field texts round-trip") {
  Lcg rng(123);
  for (int t = 0; t < 300; ++t) {
    ShareData d;
    for (auto& text : d.texts) {
      size_t len = static_cast<size_t>(rng.next() * 20);
      for (size_t i = 0; i < len; ++i) text += static_cast<char>(32 + static_cast<int>(rng.next() * 95));
    }
    ShareParse p = parse_share(encode_share(d));
    REQUIRE(p.ok);
    CHECK(p.data.texts == d.texts);
  }
}

TEST_CASE("a run and a selection round-trip") {
  ShareData d;
  d.texts = boids3d_default_texts();
  d.run = SharedRun{250, 0x0123456789abcdefull, 1};
  d.selection = 17;
  ShareParse p = parse_share("#" + encode_share(d));
  REQUIRE(p.ok);
  REQUIRE(p.data.run.has_value());
  CHECK(p.data.run->steps == 250);
  CHECK(p.data.run->fingerprint == 0x0123456789abcdefull);
  CHECK(p.data.run->engine_version == 1);
  CHECK(p.data.selection == 17u);
}

TEST_CASE("parsing is lenient: unknown keys ignored, missing keys take the version's defaults") {
  ShareParse p = parse_share("v=1&n=50&zzz=1&future=thing");
  REQUIRE(p.ok);
  Boids3dFieldTexts expect = boids3d_default_texts(1);
  expect[0] = "50";
  CHECK(p.data.texts == expect);
  ShareParse bare = parse_share("n=7");  // no version: the first format
  REQUIRE(bare.ok);
  CHECK(bare.version == 1);
  CHECK(bare.data.texts[0] == "7");
}

TEST_CASE("a newer format is explained, not misread") {
  ShareParse p = parse_share("v=9&n=50");
  CHECK_FALSE(p.ok);
  CHECK(p.error.find("newer") != std::string::npos);
  CHECK_FALSE(parse_share("v=abc&n=50").ok);
  CHECK_FALSE(parse_share("v=1&m=flock2d").ok);
}

TEST_CASE("hostile input never crashes and never yields bad field text") {
  CHECK_FALSE(parse_share(std::string(5000, 'a')).ok);
  ShareParse amp = parse_share("&&&");  // no key of ours: refused, the fields stay (issue 12)
  CHECK_FALSE(amp.ok);
  ShareParse bad_escape = parse_share("v=1&n=%zz&r=%4");
  CHECK(bad_escape.ok);
  CHECK(bad_escape.data.texts[0] == boids3d_default_texts()[0]);
  CHECK(bad_escape.warnings.size() == 2);
  ShareParse dup = parse_share("v=1&n=5&n=6");
  CHECK(dup.data.texts[0] == "5");
  CHECK_FALSE(dup.warnings.empty());
  // What was typed comes back byte for byte (the field shows it invalid); only text beyond what
  // a field can hold is refused.
  ShareParse longv = parse_share("v=1&n=" + std::string(100, '1'));
  CHECK(longv.data.texts[0] == std::string(100, '1'));
  ShareParse nul = parse_share("v=1&n=1%002");
  CHECK(nul.data.texts[0] == std::string("1\0"
                                         "2",
                                         3));
  ShareParse huge = parse_share("v=1&n=" + std::string(1001, '1'));
  CHECK(huge.data.texts[0] == boids3d_default_texts()[0]);
  CHECK_FALSE(huge.warnings.empty());
  ShareParse uni = parse_share("v=1&r=%E2%8C%98");  // ⌘ is kept as text; the field shows it invalid
  CHECK(uni.data.texts[1] == "\xE2\x8C\x98");
  ShareParse noeq = parse_share("v=1&n&r=2");
  CHECK(noeq.data.texts[1] == "2");
  ShareParse badrun = parse_share("v=1&steps=abc&fp=xyz");
  CHECK(badrun.ok);
  CHECK_FALSE(badrun.data.run.has_value());
}

TEST_CASE("every share string ever released still parses to its fields (fixture file)") {
  std::ifstream in(std::string(kBandadaFixtures) + "/share_strings.tsv");
  REQUIRE(in.good());
  std::string line;
  int cases = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::stringstream ss(line);
    std::string col;
    while (std::getline(ss, col, '\t')) cols.push_back(col);
    while (cols.size() < 8) cols.push_back("");
    CAPTURE(line);
    ShareParse p = parse_share(cols[0]);
    REQUIRE(p.ok);
    for (int i = 0; i < kBoids3dFieldCount; ++i)
      CHECK(p.data.texts[i] == (cols[i + 1] == "<empty>" ? "" : cols[i + 1]));
    ++cases;
  }
  CHECK(cases >= 5);
}

TEST_CASE("a fragment with no key of ours is refused as such, and the fields stay as they were") {
  for (const char* junk : {"hello%20world", "#%%%garbage", "#<script>alert(1)</script>", "x=1&y=2", ""}) {
    CAPTURE(junk);
    ShareParse p = parse_share(junk);
    CHECK_FALSE(p.ok);
    CHECK(p.error.find("no Bandada configuration") != std::string::npos);
  }
  CHECK(parse_share("v=1").ok);
  CHECK(parse_share("n=7").ok);
}

TEST_CASE("a field added later: left out of links at its earlier value, read as that value when missing") {
  // "old" was always there; "late" came later, before which the model behaved as late = 0.
  const FieldInfo fields[] = {{"old", "old", "", false, 0, 10, false},
                              {"late", "late", "", false, 0, 10, false, nullptr, false, "0"}};
  std::string texts[] = {"3", "0"};
  CHECK(write_model_link("t", fields, 2, texts) == "m=t&v=1&old=3");
  texts[1] = "2.5";
  CHECK(write_model_link("t", fields, 2, texts) == "m=t&v=1&old=3&late=2.5");
  // A link from before the field: the field reads its earlier value, whatever the default now.
  std::string read[] = {"1", "7"};
  REQUIRE(read_model_link("m=t&v=1&old=4", "t", fields, 2, read).ok);
  CHECK(read[0] == "4");
  CHECK(read[1] == "0");
  REQUIRE(read_model_link("m=t&v=1&old=4&late=2.5", "t", fields, 2, read).ok);
  CHECK(read[1] == "2.5");
}
