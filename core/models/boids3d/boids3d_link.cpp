// Bandada — the 3-D flock's share string (see boids3d_link.h).
#include "boids3d_link.h"

#include "common/number_text.h"

namespace bandada {

std::string encode_share(const ShareData& d) {
  std::string s = "v=" + std::to_string(kBoids3dFormatVersion);
  for (int i = 0; i < kBoids3dFieldCount; ++i) {
    s += '&';
    s += field_info(static_cast<Boids3dField>(i)).key;
    s += '=';
    s += percent_encode(d.texts[i]);
  }
  if (d.run) {
    s += "&steps=" + std::to_string(d.run->steps);
    s += "&fp=" + fingerprint_hex(d.run->fingerprint);
    s += "&ev=" + std::to_string(d.run->engine_version);
  }
  if (d.selection) s += "&sel=" + std::to_string(*d.selection);
  return s;
}

ShareParse parse_share(std::string_view text) {
  ShareParse r;
  if (text.size() > kMaxShareLength) {
    r.error = "The shared configuration is too long (over 64 KiB) and was not read.";
    return r;
  }
  std::vector<std::pair<std::string_view, std::string_view>> pairs = split_share(text, r.warnings);
  auto find = [&](std::string_view key) -> std::optional<std::string_view> {
    for (auto& p : pairs)
      if (p.first == key) return p.second;
    return std::nullopt;
  };

  // Version: missing means 1 (the first format); newer than ours is explained, not misread.
  int version = 1;
  if (auto v = find("v")) {
    IntegerParse vp = parse_integer_text(*v, 1000000);
    if (!vp.ok || vp.value == 0) {
      r.error = "The shared configuration has an unreadable format version.";
      return r;
    }
    if (vp.value > static_cast<uint64_t>(kBoids3dFormatVersion)) {
      r.error = "This link was made by a newer Bandada (format " + std::to_string(vp.value) +
                "); this page reads formats up to " + std::to_string(kBoids3dFormatVersion) +
                ". Your fields were left as they were.";
      return r;
    }
    version = static_cast<int>(vp.value);
  }
  static const char* const kKeys[] = {"v",   "m",    "n",     "r",  "sep", "ali", "coh",
                                      "max", "seed", "steps", "fp", "ev",  "sel"};
  bool ours = false;
  for (auto& p : pairs)
    for (const char* k : kKeys) ours = ours || p.first == k;
  if (!ours) {
    r.error =
        "This address holds no Bandada configuration (none of its keys is ours); your fields were left "
        "as they were.";
    return r;
  }
  if (auto m = find("m"); m && *m != "boids3d") {
    r.error = "This link is for another model and was not read.";
    return r;
  }
  r.version = version;
  r.data.texts = boids3d_default_texts(version);
  for (int i = 0; i < kBoids3dFieldCount; ++i) {
    const FieldInfo& fi = field_info(static_cast<Boids3dField>(i));
    auto raw = find(fi.key);
    if (!raw) continue;
    auto decoded = percent_decode(*raw);
    if (!decoded) {
      r.warnings.push_back(std::string(fi.label) + ": malformed value ignored; default used");
    } else if (decoded->size() > kMaxStoredFieldLength) {
      r.warnings.push_back(std::string(fi.label) + ": value over 1000 bytes ignored; default used");
    } else {
      r.data.texts[i] = *decoded;
    }
  }
  auto steps = find("steps");
  auto fp = find("fp");
  auto ev = find("ev");
  if (steps && fp) {
    IntegerParse sp = parse_integer_text(*steps, 1000000000ull);
    auto fpv = parse_hex64(*fp);
    IntegerParse evp = ev ? parse_integer_text(*ev, 1000000) : IntegerParse{true, 1, ""};
    if (sp.ok && fpv && evp.ok)
      r.data.run = SharedRun{sp.value, *fpv, static_cast<int>(evp.value)};
    else
      r.warnings.push_back("the run to verify (steps, fingerprint) is malformed and was ignored");
  }
  if (auto sel = find("sel")) {
    IntegerParse sp = parse_integer_text(*sel, 99999);
    if (sp.ok) r.data.selection = static_cast<uint32_t>(sp.value);
  }
  r.ok = true;
  return r;
}

}  // namespace bandada
