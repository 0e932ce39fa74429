// Bandada — state files (see state_file.h).
#include "state_file.h"

#include <cstdio>
#include <cstdlib>

#include "app/registry.h"
#include "app/share_codec.h"
#include "common/number_text.h"
#include "run/run.h"

namespace bandada {
namespace {

const char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

}  // namespace

std::string base64(std::string_view in) {
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  for (size_t i = 0; i < in.size(); i += 3) {
    uint32_t v = static_cast<uint8_t>(in[i]) << 16;
    if (i + 1 < in.size()) v |= static_cast<uint8_t>(in[i + 1]) << 8;
    if (i + 2 < in.size()) v |= static_cast<uint8_t>(in[i + 2]);
    out += kBase64[(v >> 18) & 63];
    out += kBase64[(v >> 12) & 63];
    out += i + 1 < in.size() ? kBase64[(v >> 6) & 63] : '=';
    out += i + 2 < in.size() ? kBase64[v & 63] : '=';
  }
  return out;
}

namespace {

/// Strict: whole groups of four, padding only at the end; false for anything else.
bool unbase64(std::string_view in, std::string& out) {
  if (in.size() % 4) return false;
  int value[256];
  for (int& v : value) v = -1;
  for (int k = 0; k < 64; ++k) value[static_cast<uint8_t>(kBase64[k])] = k;
  out.clear();
  out.reserve(in.size() / 4 * 3);
  for (size_t i = 0; i < in.size(); i += 4) {
    const bool last = i + 4 == in.size();
    const int pad = last ? (in[i + 3] == '=') + (in[i + 2] == '=') : 0;
    if (pad == 1 && in[i + 2] == '=') return false;
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k) {
      const int d = k >= 4 - pad ? 0 : value[static_cast<uint8_t>(in[i + k])];
      if (d < 0) return false;
      v = v << 6 | static_cast<uint32_t>(d);
    }
    out += static_cast<char>(v >> 16);
    if (pad < 2) out += static_cast<char>((v >> 8) & 255);
    if (pad < 1) out += static_cast<char>(v & 255);
  }
  return true;
}

/// "key value" lines in order; false when line `at` does not start with `key `.
bool take_line(std::string_view& text, const char* key, std::string_view& value) {
  const size_t end = text.find('\n');
  if (end == std::string_view::npos) return false;
  const std::string_view line = text.substr(0, end);
  const std::string_view k(key);
  if (line.size() < k.size() + 1 || line.substr(0, k.size()) != k || line[k.size()] != ' ') return false;
  value = line.substr(k.size() + 1);
  text.remove_prefix(end + 1);
  return true;
}

}  // namespace

std::string state_checksum(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : bytes) {
    h ^= static_cast<uint8_t>(c);
    h *= 0x100000001b3ull;
  }
  char b[20];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(h));
  return b;
}

std::string write_state_file(const ModelSession& s) {
  const std::string bytes = s.state_bytes();
  if (bytes.empty()) return {};
  std::string out = "bandada-state " + std::to_string(kStateFormat) + "\n";
  out += "model " + std::string(s.info().id) + "\n";
  out += "steps " + std::to_string(s.steps()) + "\n";
  out += "fingerprint " + fingerprint_hex(s.fingerprint()) + "\n";
  out += "fields " + percent_encode(s.saved_text()) + "\n";
  out += "state " + std::to_string(bytes.size()) + " " + base64(bytes) + "\n";
  return out + "checksum " + state_checksum(out) + "\n";
}

std::string read_state_file(std::string_view text, StateFile& out) {
  std::string_view rest = text, v;
  if (!take_line(rest, "bandada-state", v))
    return "not a Bandada state file (it must start with 'bandada-state')";
  const IntegerParse format = parse_integer_text(v, 1000000);
  if (!format.ok) return "its format '" + shown(v) + "' is not a number";
  if (format.value > static_cast<uint64_t>(kStateFormat))
    return "it is format " + std::to_string(format.value) + ", newer than this build reads (" +
           std::to_string(kStateFormat) + "): open it with a newer Bandada";
  if (format.value != static_cast<uint64_t>(kStateFormat)) return "its format " + shown(v) + " is unknown";
  // The checksum first: a changed byte anywhere is named as such, not as whatever it broke.
  const size_t at = text.rfind("checksum ");
  if (at == std::string_view::npos || text.size() != at + 9 + 16 + 1 || text.back() != '\n')
    return "it is cut short or has something after its checksum line";
  if (text.substr(at + 9, 16) != state_checksum(text.substr(0, at)))
    return "its checksum does not match: the file was changed or damaged";
  rest = text.substr(0, at);
  take_line(rest, "bandada-state", v);
  if (!take_line(rest, "model", v)) return "its 'model' line is missing";
  out.model = std::string(v);
  if (!take_line(rest, "steps", v)) return "its 'steps' line is missing";
  const IntegerParse steps = parse_integer_text(v, ~uint64_t{0} >> 1);
  if (!steps.ok) return "its step count '" + shown(v) + "' is not a whole number";
  out.steps = steps.value;
  if (!take_line(rest, "fingerprint", v) || v.size() != 16)
    return "its 'fingerprint' line is missing or malformed";
  out.fingerprint = std::string(v);
  if (!take_line(rest, "fields", v)) return "its 'fields' line is missing";
  const std::optional<std::string> fields = percent_decode(v);
  if (!fields) return "its fields are not percent-encoded text";
  out.fields = *fields;
  if (!take_line(rest, "state", v)) return "its 'state' line is missing";
  const size_t space = v.find(' ');
  const IntegerParse size = parse_integer_text(v.substr(0, space), 1ull << 40);
  if (!size.ok || space == std::string_view::npos || !unbase64(v.substr(space + 1), out.bytes) ||
      out.bytes.size() != size.value)
    return "its state section is not the base64 of its stated length";
  if (!rest.empty()) return "it has lines this format does not have";
  return {};
}

std::unique_ptr<ModelSession> session_from_state(const StateFile& file, std::string& why) {
  std::unique_ptr<ModelSession> s = make_session(file.model);
  if (!s) {
    why = "it holds a model this build does not have: '" + shown(file.model) + "' (" + model_list() + ")";
    return nullptr;
  }
  if (!s->load_saved(file.fields)) {
    why = "its fields could not be read as " + file.model + "'s";
    return nullptr;
  }
  for (size_t f = 0; f < s->field_count(); ++f)
    if (!s->error(f).empty()) {
      why = "its field " + std::string(s->field(f).label) + " '" + shown(s->text(f)) + "': " + s->error(f);
      return nullptr;
    }
  if (!s->load_state_bytes(file.bytes)) {
    why = "its state section is not a whole " + file.model +
          " state of this format (cut, or a value out of range)";
    return nullptr;
  }
  if (s->steps() != file.steps || fingerprint_hex(s->fingerprint()) != file.fingerprint) {
    why = "its state does not give its own step count and fingerprint (" + std::to_string(file.steps) + ", " +
          file.fingerprint + ")";
    return nullptr;
  }
  return s;
}

}  // namespace bandada
