// Bandada — WKT polygons by hand (crowd_scenario.h): a small grammar, read with the project's own
// number grammar so that every coordinate has the same bits natively and in wasm. Boost.Geometry
// checks what is read (crowd_scenario.cpp); nothing here allocates beyond the result.
#include <cctype>
#include <string>

#include "common/number_text.h"
#include "crowd_scenario.h"

namespace bandada {
namespace {

/// Reads WKT from left to right, keeping the first error.
struct WktReader {
  std::string_view s;
  size_t at = 0;
  std::string error;

  void skip_space() {
    while (at < s.size() && std::isspace(static_cast<unsigned char>(s[at]))) ++at;
  }
  bool fail(const std::string& why) {
    if (error.empty()) error = why + " (at character " + std::to_string(at + 1) + ")";
    return false;
  }
  bool expect(char c) {
    skip_space();
    if (at < s.size() && s[at] == c) {
      ++at;
      return true;
    }
    return fail(std::string("'") + c + "' expected");
  }
  bool peek(char c) {
    skip_space();
    return at < s.size() && s[at] == c;
  }
  /// A word (POLYGON), upper-cased.
  std::string word() {
    skip_space();
    std::string w;
    while (at < s.size() && std::isalpha(static_cast<unsigned char>(s[at])))
      w += static_cast<char>(std::toupper(static_cast<unsigned char>(s[at++])));
    return w;
  }
  bool number(double& v) {
    skip_space();
    const size_t from = at;
    while (at < s.size() && (std::isdigit(static_cast<unsigned char>(s[at])) || s[at] == '.' ||
                             s[at] == '-' || s[at] == '+' || s[at] == 'e' || s[at] == 'E'))
      ++at;
    const RealParse p = parse_real_text(s.substr(from, at - from));
    if (from == at || !p.ok) {
      at = from;
      return fail("a number expected");
    }
    v = p.value;
    return true;
  }
  /// (x y, x y, …): a ring, closed or not, of at least three distinct points.
  bool ring(CrowdRing& out) {
    if (!expect('(')) return false;
    do {
      CrowdPoint p{};
      if (!number(p.x) || !number(p.y)) return false;
      if (!peek(',') && !peek(')')) return fail("two coordinates a point (x y), then ',' or ')'");
      if (out.size() >= 100000) return fail("more than 100 000 points in a ring");
      out.push_back(p);
    } while (peek(',') && expect(','));
    if (!expect(')')) return false;
    if (out.size() > 1 && out.front().x == out.back().x && out.front().y == out.back().y) out.pop_back();
    if (out.size() < 3) return fail("a ring needs at least three points");
    return true;
  }
  /// ((ring), (hole), …)
  bool polygon(CrowdPolygon& out) {
    if (!expect('(')) return false;
    do {
      out.emplace_back();
      if (!ring(out.back())) return false;
    } while (peek(',') && expect(','));
    return expect(')');
  }
};

}  // namespace

std::string read_wkt_polygons(std::string_view wkt, std::vector<CrowdPolygon>& out) {
  out.clear();
  WktReader r{wkt, 0, {}};
  const std::string kind = r.word();
  if (kind == "POLYGON") {
    out.emplace_back();
    r.polygon(out.back());
  } else if (kind == "MULTIPOLYGON") {
    if (r.expect('(')) {
      do {
        out.emplace_back();
        if (!r.polygon(out.back())) break;
      } while (r.peek(',') && r.expect(','));
      r.expect(')');
    }
  } else {
    return "a POLYGON or MULTIPOLYGON in WKT, for example POLYGON ((0 0, 10 0, 10 5, 0 5, 0 0))";
  }
  if (r.error.empty()) {
    r.skip_space();
    if (r.at != wkt.size()) r.fail("nothing after the last ')'");
  }
  if (!r.error.empty()) out.clear();
  return r.error;
}

}  // namespace bandada
