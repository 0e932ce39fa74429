// Bandada — share strings for every model (see share_codec.h).
#include "share_codec.h"

#include <cstdio>

#include "common/number_text.h"

namespace bandada {
namespace {

bool unreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == ',' ||
         c == '_' || c == '~' || c == '-';
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::optional<uint64_t> parse_hex64(std::string_view s) {
  if (s.empty() || s.size() > 16) return std::nullopt;
  uint64_t v = 0;
  for (char c : s) {
    int h = hex_value(c);
    if (h < 0) return std::nullopt;
    v = (v << 4) | static_cast<uint64_t>(h);
  }
  return v;
}

std::string percent_encode(std::string_view raw, std::string_view also) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : raw) {
    if (unreserved(c) && also.find(static_cast<char>(c)) == std::string_view::npos) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::optional<std::string> percent_decode(std::string_view enc) {
  std::string out;
  for (size_t i = 0; i < enc.size(); ++i) {
    if (enc[i] != '%') {
      out += enc[i];
      continue;
    }
    if (i + 2 >= enc.size()) return std::nullopt;
    int hi = hex_value(enc[i + 1]), lo = hex_value(enc[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return out;
}

std::string fingerprint_hex(uint64_t fp) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fp));
  return buf;
}

std::vector<std::pair<std::string_view, std::string_view>> split_share(std::string_view text,
                                                                       std::vector<std::string>& warnings) {
  if (!text.empty() && (text[0] == '#' || text[0] == '?')) text.remove_prefix(1);
  std::vector<std::pair<std::string_view, std::string_view>> pairs;
  while (!text.empty()) {
    size_t amp = text.find('&');
    std::string_view part = text.substr(0, amp);
    text = amp == std::string_view::npos ? std::string_view() : text.substr(amp + 1);
    if (part.empty()) continue;
    size_t eq = part.find('=');
    if (eq == std::string_view::npos) continue;
    std::string_view key = part.substr(0, eq);
    bool seen = false;
    for (auto& p : pairs) seen = seen || p.first == key;
    if (seen) {
      warnings.push_back("'" + std::string(key.substr(0, 16)) + "' appears twice; the first value counts");
      continue;
    }
    pairs.emplace_back(key, part.substr(eq + 1));
  }
  return pairs;
}

std::string_view share_model(std::string_view text) {
  if (text.size() > kMaxShareLength) return {};
  std::vector<std::string> ignored;
  for (auto& [k, v] : split_share(text, ignored))
    if (k == "m") return v;
  return {};  // the first format had no m=: its links are the first model's (the 3-D flock)
}

std::optional<std::string_view> ModelLink::get(std::string_view key) const {
  for (auto& p : pairs)
    if (p.first == key) return p.second;
  return std::nullopt;
}

ModelLink read_model_link(std::string_view share, std::string_view model, const FieldInfo* fields,
                          size_t count, std::string* texts) {
  ModelLink link;
  if (share.size() > kMaxShareLength) {
    link.error = "The shared configuration is too long (over 64 KiB) and was not read.";
    return link;
  }
  link.pairs = split_share(share, link.warnings);
  if (link.get("m").value_or("") != model) {
    link.error = "This link is for another model.";
    return link;
  }
  if (auto v = link.get("v")) {
    IntegerParse vp = parse_integer_text(*v, 1000000);
    if (!vp.ok || vp.value == 0) {
      link.error = "The shared configuration has an unreadable format version.";
      return link;
    }
    if (vp.value > 1) {
      link.error = "This link was made by a newer Bandada (format " + std::to_string(vp.value) +
                   "); this page reads format 1. Your fields were left as they were.";
      return link;
    }
  }
  for (size_t i = 0; i < count; ++i) {
    auto raw = link.get(fields[i].key);
    if (!raw) {
      if (fields[i].quiet_text) texts[i] = fields[i].quiet_text;  // as it was before the field was
      continue;
    }
    auto decoded = percent_decode(*raw);
    if (decoded && decoded->size() <= kMaxStoredFieldLength)
      texts[i] = *decoded;
    else
      link.warnings.push_back(std::string(fields[i].label) + ": malformed value ignored; default used");
  }
  link.ok = true;
  return link;
}

std::string write_model_link(std::string_view model, const FieldInfo* fields, size_t count,
                             const std::string* texts) {
  std::string s = "m=" + std::string(model) + "&v=1";
  for (size_t i = 0; i < count; ++i)
    if (!fields[i].quiet_text || texts[i] != fields[i].quiet_text)
      s += std::string("&") + fields[i].key + "=" + percent_encode(texts[i]);
  return s;
}

}  // namespace bandada
