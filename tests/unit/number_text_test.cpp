// Bandada — tests of the field number grammar and the parameter ranges.
#include "common/number_text.h"

#include <doctest/doctest.h>

#include "models/boids3d/boids3d_params.h"

using namespace bandada;

TEST_CASE("real fields accept decimal points, decimal commas and exponents") {
  CHECK(parse_real_text("1.5").value == 1.5);
  CHECK(parse_real_text("1,5").value == 1.5);
  CHECK(parse_real_text(",5").value == 0.5);
  CHECK(parse_real_text(".5").value == 0.5);
  CHECK(parse_real_text("-2e-3").value == -0.002);
  CHECK(parse_real_text("+7E2").value == 700.0);
  CHECK(parse_real_text("  3  ").value == 3.0);
  CHECK(parse_real_text("0,04").value == 0.04);
}

TEST_CASE("real fields refuse everything outside the grammar, with a message") {
  for (const char* bad :
       {"",     " ",        "1.",    "-",     "+",    "1e",  "1e+", "abc", "0x10", "nan", "NaN",   "inf",
        "-inf", "Infinity", "1.2.3", "1,2,3", "1.5,", "--1", "1 2", "e5",  ".",    ",",   "1e5.5", "1_000"}) {
    CAPTURE(bad);
    RealParse p = parse_real_text(bad);
    CHECK_FALSE(p.ok);
    CHECK_FALSE(p.error.empty());
  }
}

TEST_CASE("an overflowing or over-long real is refused") {
  CHECK_FALSE(parse_real_text("1e400").ok);
  CHECK_FALSE(parse_real_text("-1e400").ok);
  CHECK_FALSE(parse_real_text(std::string(65, '1')).ok);
  CHECK(parse_real_text(std::string(64, '1')).ok);
}

TEST_CASE("integer fields take plain digits only") {
  CHECK(parse_integer_text("250", 1000).value == 250);
  CHECK(parse_integer_text("+7", 1000).value == 7);
  CHECK(parse_integer_text(" 007 ", 1000).value == 7);
  CHECK(parse_integer_text("4294967295", 4294967295ull).value == 4294967295ull);
  for (const char* bad : {"", "-1", "1.0", "1,0", "1e3", "0x10", "abc", "1 000", "4294967296"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_integer_text(bad, 4294967295ull).ok);
  }
  CHECK_FALSE(parse_integer_text("99999999999999999999999999", 4294967295ull).ok);
}

TEST_CASE("every field checks its range and says what is allowed") {
  const struct {
    Boids3dField field;
    const char* text;
    bool ok;
  } cases[] = {
      {Boids3dField::count, "100000", true},      {Boids3dField::count, "100001", false},
      {Boids3dField::count, "0", true},           {Boids3dField::radius, "0", false},
      {Boids3dField::radius, "1e-9", true},       {Boids3dField::radius, "10", true},
      {Boids3dField::radius, "10.000001", false}, {Boids3dField::separation, "-1000", true},
      {Boids3dField::alignment, "1000,5", false}, {Boids3dField::max_speed, "0", true},
      {Boids3dField::max_speed, "-0.1", false},   {Boids3dField::seed, "0", true},
      {Boids3dField::seed, "4294967295", true},
  };
  for (const auto& k : cases) {
    CAPTURE(k.text);
    CHECK(check_field(k.field, k.text).ok == k.ok);
  }
  FieldCheck c = check_field(Boids3dField::seed, "4294967296");
  CHECK_FALSE(c.ok);
  CHECK(c.error.find("4294967295") != std::string::npos);
  CHECK(check_field(Boids3dField::radius, "0").error.find("more than 0") != std::string::npos);
}

TEST_CASE("the default field texts are valid") {
  ParamsCheck pc = check_params(boids3d_default_texts(1));
  CHECK(pc.ok);
  CHECK(params_in_range(pc.params));
}

TEST_CASE("a whole number above a small maximum is refused (the maximum's own digit included)") {
  CHECK_FALSE(parse_integer_text("5", 0).ok);
  CHECK_FALSE(parse_integer_text("69", 2).ok);
  CHECK_FALSE(parse_integer_text("9", 8).ok);
  CHECK(parse_integer_text("8", 8).ok);
  CHECK(parse_integer_text("0", 0).ok);
  CHECK(parse_integer_text("18446744073709551615", 18446744073709551615ull).ok);
  CHECK_FALSE(parse_integer_text("18446744073709551616", 18446744073709551615ull).ok);
}

TEST_CASE("a count that is not a whole number says the range it wants") {
  const FieldInfo count = {"n", "count N", "", true, 1, 20000, false};
  for (const char* bad : {"-5", "1e9", "1.5", "abc", ""}) {
    CAPTURE(bad);
    CHECK(check_field_text(count, bad).error.find("from 1 to 20000") != std::string::npos);
  }
}

TEST_CASE("a negative whole number is out of range, not 'not a whole number' (issue 85)") {
  const FieldInfo count = {"n", "count N", "", true, 1, 20000, false};
  for (const char* low : {"-5", "-0", " -20000 ", "-99999999999999999999999"}) {
    CAPTURE(low);
    CHECK(check_field_text(count, low).error == "must be from 1 to 20000");
  }
  // Still not whole numbers, and said so: a minus sign alone, or one before a fraction.
  CHECK(check_field_text(count, "-").error.find("not a whole number") != std::string::npos);
  CHECK(check_field_text(count, "-1.5").error.find("not a whole number") != std::string::npos);
  CHECK_FALSE(parse_integer_text("-5", 100).ok);
}
