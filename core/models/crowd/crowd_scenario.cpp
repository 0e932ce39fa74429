// Bandada — JuPedSim Web's scenario JSON read into a CrowdScenario (crowd_scenario.h): nlohmann's
// JSON in the file's own key order, the WKT by our own reader (crowd_wkt.cpp), and Boost.Geometry
// for what a polygon must be (simple, of some area, inside the walkable area). Every refusal names
// its JSON path. docs/models/crowd.md lists what is read, refused and ignored.
#include "crowd_scenario.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "common/number_text.h"
#include "crowd_boost.h"

namespace bandada {
namespace {

namespace bg = boost::geometry;
using BgPoint = crowd_bg::Point;
using BgPolygon = crowd_bg::Polygon;
using BgMulti = crowd_bg::Multi;
using Json = nlohmann::ordered_json;

constexpr double kMaxExtent = 500.0;  // m: a floor at most 500 × 500 m

/// Where a parse error is, without exceptions: nlohmann's SAX interface reports it to us.
struct SyntaxCheck {
  std::string error;
  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(Json::number_integer_t) { return true; }
  bool number_unsigned(Json::number_unsigned_t) { return true; }
  bool number_float(Json::number_float_t, const std::string&) { return true; }
  bool string(std::string&) { return true; }
  bool binary(Json::binary_t&) { return true; }
  bool start_object(std::size_t) { return true; }
  bool key(std::string&) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return true; }
  bool end_array() { return true; }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) {
    error = "not JSON: a syntax error at byte " + std::to_string(position);
    return false;
  }
};

BgPolygon to_bg(const CrowdPolygon& p) {
  BgPolygon out;
  for (size_t r = 0; r < p.size(); ++r) {
    auto& ring = r == 0 ? out.outer() : (out.inners().emplace_back(), out.inners().back());
    for (const CrowdPoint& q : p[r]) ring.push_back(BgPoint(q.x, q.y));
    ring.push_back(BgPoint(p[r][0].x, p[r][0].y));
  }
  bg::correct(out);  // either winding, as WKT allows
  return out;
}

constexpr double kMaxCoordinate = 1e6;  // m: beyond this Boost's robust rescaling overflows (and throws)

/// "" when every point lies within ±1 000 km of the origin, else why not.
std::string coordinate_problem(const CrowdPolygon& p) {
  for (const CrowdRing& r : p)
    for (const CrowdPoint& q : r)
      if (!(std::fabs(q.x) <= kMaxCoordinate && std::fabs(q.y) <= kMaxCoordinate))
        return "coordinates within ±1 000 000 m";
  return {};
}

/// Boost.Geometry's validity check, told why in our words and with our numbers. (Its own
/// message policy writes through a string stream, and the stream's locale machinery was about
/// 70 KB of the page's wasm, used for nothing else.) The policy is the one is_valid(g, string&)
/// uses: duplicate consecutive points are allowed, spikes are not.
class ValidityReason {
 public:
  std::string why;

  template <bg::validity_failure_type F>
  bool apply() {
    return failed(F);
  }
  template <bg::validity_failure_type F, class Data>
  bool apply(const Data& data) {
    if constexpr (F == bg::failure_self_intersections) return failed(F, boost::begin(data)->point);
    return failed(F);
  }
  template <bg::validity_failure_type F, class Data1, class Data2>
  bool apply(const Data1&, const Data2& point) {
    if constexpr (F == bg::failure_spikes) return failed(F, point);
    return failed(F);
  }

 private:
  bool failed(bg::validity_failure_type f) {
    switch (f) {
      case bg::no_failure:
      case bg::failure_duplicate_points:  // allowed, as the string policy allows them
        why.clear();
        return true;
      case bg::failure_few_points:
        why = "a ring with fewer than three corners";
        break;
      case bg::failure_wrong_topological_dimension:
        why = "a ring without area";
        break;
      case bg::failure_not_closed:
        why = "a ring that is not closed";
        break;
      case bg::failure_spikes:
        why = "an edge that turns back on itself";
        break;
      case bg::failure_self_intersections:
        why = "edges that cross or touch";
        break;
      case bg::failure_wrong_orientation:
        why = "a ring that crosses itself or has no area";
        break;
      case bg::failure_interior_rings_outside:
        why = "a hole outside its polygon";
        break;
      case bg::failure_nested_interior_rings:
        why = "a hole inside another hole";
        break;
      case bg::failure_disconnected_interior:
        why = "holes that cut the inside apart";
        break;
      case bg::failure_intersecting_interiors:
        why = "polygons whose insides meet";
        break;
      case bg::failure_invalid_coordinate:
        why = "a coordinate that is not a number";
        break;
      default:
        why = "not valid";
        break;
    }
    return false;
  }
  template <class Point>
  bool failed(bg::validity_failure_type f, const Point& p) {
    failed(f);
    why += " at (" + format_shortest(bg::get<0>(p)) + ", " + format_shortest(bg::get<1>(p)) + ")";
    return false;
  }
};

/// "" when `g` is valid in the OGC sense (simple rings, holes inside, parts apart), else why not.
template <class Geometry>
std::string validity_problem(const Geometry& g) {
  ValidityReason reason;
  return bg::is_valid(g, reason, bg::default_strategy()) ? std::string() : reason.why;
}

/// "" when the polygon is simple and has area, else why not.
std::string polygon_problem(const BgPolygon& p) {
  const std::string why = validity_problem(p);
  if (!why.empty()) return "not a simple polygon (" + why + ")";
  if (!(bg::area(p) > 0)) return "a polygon without area";
  return {};
}

/// Reads the scenario's JSON, keeping the first error and its path.
/// The anchor's premovement distributions: their names, presets and the parameters' ranges.
struct PremovementKind {
  const char* name;
  CrowdPremovement::Kind kind;
  double a, b;  // the anchor's preset
  double a_lo, a_hi, b_lo, b_hi;
  const char *a_what, *b_what;
};
const PremovementKind kPremovementKinds[] = {
    {"gamma", CrowdPremovement::gamma, 1.291, 103.901, 0.01, 1000, 0.001, 1e5, "a shape 0.01 … 1000",
     "a scale 0.001 … 100 000 s"},
    {"lognormal", CrowdPremovement::lognormal, 4.586, 0.967, -20, 20, 0, 10, "μ of ln t, −20 … 20",
     "σ of ln t, 0 … 10"},
    {"weibull", CrowdPremovement::weibull, 139.285, 1.195, 0.001, 1e5, 0.05, 100, "a scale 0.001 … 100 000 s",
     "a shape 0.05 … 100"},
    {"uniform", CrowdPremovement::uniform, 0, 60, 0, 1e5, 0, 1e5, "the earliest time, 0 … 100 000 s",
     "the latest time, from premovement_param_a to 100 000 s"},
};

/// The models we run, as a sentence: "A and B", "A, B and C".
std::string model_types_we_run() {
  std::string s;
  for (uint32_t k = 0; k < kCrowdModelCount; ++k)
    s += (k == 0 ? "" : k + 1 == kCrowdModelCount ? " and " : ", ") + std::string(kCrowdModelNames[k].json);
  return s;
}

}  // namespace

const CrowdModelKey kCrowdModelKeys[kCrowdModelKeyCount] = {
    {"agent_strength", "sfm-a", kCrowdSocialForce, 0, 100000, false, "a strength in N, 0 … 100 000"},
    {"agent_range", "sfm-b", kCrowdSocialForce, 0, 1, true, "a range in m, more than 0 and at most 1"},
    {"relaxation_time", "sfm-tau", kCrowdSocialForce, 0, 5, true, "a time in s, more than 0 and at most 5"},
    {"sfm_body_force", "sfm-k", kCrowdSocialForce, 0, 1e6, false, "kg/s², 0 … 1 000 000"},
    {"sfm_friction", "sfm-kappa", kCrowdSocialForce, 0, 1e6, false, "kg/(m·s), 0 … 1 000 000"},
    {"sfm_obstacle_scale", "sfm-wall-a", kCrowdSocialForce, 0, 100000, false, "a strength in N, 0 … 100 000"},
    {"strength_neighbor_repulsion", "csm-a", kCrowdCollisionFree, 0, 100, false, "a strength 0 … 100"},
    {"range_neighbor_repulsion", "csm-d", kCrowdCollisionFree, 0, 1, true,
     "a range in m, more than 0 and at most 1"},
    {"strength_geometry_repulsion", "csm-wall-a", kCrowdCollisionFree, 0, 100, false, "a strength 0 … 100"},
    {"range_geometry_repulsion", "csm-wall-d", kCrowdCollisionFree, 0, 1, true,
     "a range in m, more than 0 and at most 1"},
    {"time_gap", "csm-t", kCrowdCollisionFree, 0.1, 10, false, "a time gap in s, 0.1 … 10"},
    {"T", "csm-t", kCrowdCollisionFree, 0.1, 10, false, "a time gap in s, 0.1 … 10"},
    // The anticipation velocity model: JuPedSim Web's backend reads T as the anticipation time and
    // s0 as the reaction time (and fixes the time gap at 1.06 s); JuPedSim's own names follow.
    {"T", "avm-ta", kCrowdAnticipation, 0, 5, false, "an anticipation time in s, 0 … 5"},
    {"s0", "avm-tr", kCrowdAnticipation, 0, 1, true, "a reaction time in s, more than 0 and at most 1"},
    {"anticipation_time", "avm-ta", kCrowdAnticipation, 0, 5, false, "an anticipation time in s, 0 … 5"},
    {"reaction_time", "avm-tr", kCrowdAnticipation, 0, 1, true,
     "a reaction time in s, more than 0 and at most 1"},
    {"time_gap", "avm-t", kCrowdAnticipation, 0, 10, true, "a time gap in s, more than 0 and at most 10"},
    {"strength_neighbor_repulsion", "avm-a", kCrowdAnticipation, 0, 20, false, "a strength 0 … 20"},
    {"range_neighbor_repulsion", "avm-d", kCrowdAnticipation, 0, 5, true,
     "a range in m, more than 0 and at most 5"},
    {"wall_buffer_distance", "avm-buffer", kCrowdAnticipation, 0, 1, false, "a distance in m, 0 … 1"},
    {"pushout_strength", "avm-pushout", kCrowdAnticipation, 0, 10, false, "a strength 0 … 10"},
};

namespace {

struct Reader {
  CrowdScenario& out;
  std::string error;
  BgMulti walkable;
  std::string model_type;  // the file's model_type, and where it said so
  std::string model_type_path;

  bool fail(const std::string& path, const std::string& why) {
    if (error.empty()) error = path + ": " + why;
    return false;
  }
  bool number(const Json& j, const std::string& path, double& v, double lo, double hi, const char* what) {
    if (!j.is_number() || !(j.get<double>() >= lo && j.get<double>() <= hi)) return fail(path, what);
    v = j.get<double>();
    return true;
  }
  /// A number more than 0 and at most `most`, read into [lo, hi] as the web tool clips it; a value
  /// clipped is said in the notes.
  bool clipped(const Json& j, const std::string& path, double& v, double lo, double hi, double most,
               const char* unit) {
    const std::string what = "a number more than 0 and at most " + format_shortest(most) + " " + unit +
                             " (read into " + format_shortest(lo) + " … " + format_shortest(hi) + ")";
    if (!j.is_number() || !(j.get<double>() > 0 && j.get<double>() <= most)) return fail(path, what);
    v = std::min(hi, std::max(lo, j.get<double>()));
    if (v != j.get<double>())
      out.notes.push_back(path + ": " + format_shortest(j.get<double>()) + " " + unit + " read as " +
                          format_shortest(v) + " " + unit + ", as the web tool clips it");
    return true;
  }
  bool whole(const Json& j, const std::string& path, uint64_t& v, uint64_t lo, uint64_t hi,
             const char* what) {
    const bool integral = j.is_number_unsigned() || (j.is_number_integer() && j.get<int64_t>() >= 0);
    if (!integral || j.get<uint64_t>() < lo || j.get<uint64_t>() > hi) return fail(path, what);
    v = j.get<uint64_t>();
    return true;
  }
  /// A flag that must be off (or absent): we do not do what it turns on.
  bool off(const Json& obj, const char* key, const std::string& path, const char* what) {
    if (!obj.contains(key)) return true;
    const Json& v = obj[key];
    if (v.is_boolean() && !v.get<bool>()) return true;
    return fail(path + "." + key, std::string("must be false: ") + what);
  }

  bool ring_of(const Json& j, const std::string& path, CrowdRing& ring) {
    if (!j.is_object() || !j.contains("coordinates")) return fail(path, "an object with \"coordinates\"");
    if (j.contains("type") && j["type"] != "polygon")
      return fail(path + ".type", "\"polygon\" (the only shape read)");
    const Json& c = j["coordinates"];
    if (!c.is_array()) return fail(path + ".coordinates", "a list of [x, y] points");
    for (size_t k = 0; k < c.size(); ++k) {
      const std::string at = path + ".coordinates[" + std::to_string(k) + "]";
      if (!c[k].is_array() || c[k].size() != 2 || !c[k][0].is_number() || !c[k][1].is_number())
        return fail(at, "a point [x, y] of two numbers");
      ring.push_back({c[k][0].get<double>(), c[k][1].get<double>()});
    }
    if (ring.size() > 1 && ring.front().x == ring.back().x && ring.front().y == ring.back().y)
      ring.pop_back();
    if (ring.size() < 3) return fail(path + ".coordinates", "a polygon of at least three points");
    std::string why = coordinate_problem({ring});
    if (why.empty()) why = polygon_problem(to_bg({ring}));
    if (!why.empty()) return fail(path + ".coordinates", why);
    return true;
  }

  bool walkable_area(std::string_view wkt, const std::string& path) {
    std::string why = read_wkt_polygons(wkt, out.walkable);
    if (!why.empty()) return fail(path, why);
    for (const CrowdPolygon& p : out.walkable) {
      why = coordinate_problem(p);
      if (!why.empty()) return fail(path, why);
      const BgPolygon b = to_bg(p);
      why = polygon_problem(b);
      if (!why.empty()) return fail(path, why);
      walkable.push_back(b);
    }
    why = validity_problem(walkable);
    if (!why.empty()) return fail(path, "polygons that overlap (" + why + ")");
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (const CrowdPolygon& p : out.walkable)
      for (const CrowdPoint& q : p[0]) {
        x0 = std::min(x0, q.x), y0 = std::min(y0, q.y), x1 = std::max(x1, q.x), y1 = std::max(y1, q.y);
      }
    const double w = x1 - x0, h = y1 - y0;
    if (!(w <= kMaxExtent && h <= kMaxExtent))
      return fail(path, "a floor of at most 500 × 500 m (this one is " + std::to_string(static_cast<int>(w)) +
                            " × " + std::to_string(static_cast<int>(h)) + " m)");
    return true;
  }

  bool exits(const Json& j, bool periodic) {
    if (periodic && (j.is_null() || (j.is_object() && j.empty()))) return true;
    if (periodic) return fail("exits", "none: a corridor without ends (bandada.periodic) has no exits");
    if (!j.is_object() || j.empty()) return fail("exits", "at least one exit, as an object keyed by id");
    for (const auto& [id, e] : j.items()) {
      const std::string path = "exits." + id;
      CrowdExitArea x{id, {}};
      if (!ring_of(e, path, x.area) || !throttle(e, path, x.throughput)) return false;
      // Their interiors meet (DE-9IM T********): relate shares covered_by's code, where an
      // intersection would add about 400 KB to the page's wasm.
      if (!bg::relate(walkable, to_bg({x.area}), bg::de9im::mask("T********")))
        return fail(path, "an exit that touches no walkable ground");
      out.exits.push_back(std::move(x));
    }
    return true;
  }

  /// enable_throughput_throttling and max_throughput (persons per second; 1 when absent, as the
  /// web tool reads it): `thr` the cap, 0 when throttling is off.
  bool throttle(const Json& e, const std::string& path, double& thr) {
    thr = 0;
    if (!e.contains("enable_throughput_throttling")) return true;
    const Json& on = e["enable_throughput_throttling"];
    if (!on.is_boolean()) return fail(path + ".enable_throughput_throttling", "true or false");
    if (!on.get<bool>()) return true;
    thr = 1.0;
    if (!e.contains("max_throughput")) {
      out.notes.push_back(path + ".max_throughput is not given: 1 person/s, as the web tool reads it");
      return true;
    }
    const Json& m = e["max_throughput"];
    if (!m.is_number() || !(m.get<double>() > 0 && m.get<double>() <= 1000))
      return fail(path + ".max_throughput",
                  "persons per second, more than 0 and at most 1000 (throttling is on)");
    thr = m.get<double>();
    return true;
  }

  /// A speed factor: more than 0; above 3 it counts as 3, as the web tool clips it (said in notes).
  bool speed_factor(const Json& z, const std::string& path, double& factor) {
    factor = 1.0;
    if (!z.contains("speed_factor")) return true;
    const Json& f = z["speed_factor"];
    if (!f.is_number() || !(f.get<double>() > 0 && f.get<double>() < 1e6))
      return fail(path + ".speed_factor", "a number more than 0 (the desired speed is multiplied by it)");
    factor = f.get<double>();
    if (factor > kCrowdZoneMaxFactor) {
      out.notes.push_back(path + ".speed_factor " + format_shortest(factor) + " counts as " +
                          format_shortest(kCrowdZoneMaxFactor) + ", as the web tool clips it");
      factor = kCrowdZoneMaxFactor;
    }
    return true;
  }

  /// "checkpoints": keyed by id, each a polygon with its waiting time (constant or gaussian), its
  /// throttling and its speed factor, one mode of the three as the web tool keeps them: a waiting
  /// time turns the others off, else throttling turns the factor off (the notes say what is unused).
  bool checkpoints(const Json& j) {
    if (j.is_null() || (j.is_object() && j.empty())) return true;
    if (!j.is_object()) return fail("checkpoints", "an object keyed by id");
    for (const auto& [id, c] : j.items()) {
      const std::string path = "checkpoints." + id;
      CrowdCheckpoint k{id, {}};
      if (!ring_of(c, path, k.area)) return false;
      if (c.contains("waiting_time") &&
          !number(c["waiting_time"], path + ".waiting_time", k.wait, 0, 1e6, "a time from 0 s"))
        return false;
      if (c.contains("waiting_time_distribution")) {
        const Json& d = c["waiting_time_distribution"];
        if (d != "constant" && d != "gaussian")
          return fail(path + ".waiting_time_distribution", "\"constant\" or \"gaussian\"");
        k.gaussian = d == "gaussian";
      }
      k.wait_std = k.gaussian ? 1.0 : 0.0;  // the web tool's default spread
      if (k.gaussian && c.contains("waiting_time_std") && !c["waiting_time_std"].is_null() &&
          !number(c["waiting_time_std"], path + ".waiting_time_std", k.wait_std, 0, 1e6,
                  "a spread from 0 s (a standard deviation)"))
        return false;
      if (!throttle(c, path, k.throughput) || !speed_factor(c, path, k.factor)) return false;
      if (k.wait > 0 && (k.throughput > 0 || k.factor != 1.0)) {
        out.notes.push_back(path +
                            ": a checkpoint with a waiting time neither throttles nor changes speed, as "
                            "in the web tool");
        k.throughput = 0;
        k.factor = 1.0;
      } else if (k.throughput > 0 && k.factor != 1.0) {
        out.notes.push_back(path + ": a throttled checkpoint does not change speed, as in the web tool");
        k.factor = 1.0;
      }
      if (!(k.wait > 0)) k.gaussian = false, k.wait_std = 0;
      for (const auto& [key, v] : c.items())
        if (key != "coordinates" && key != "type" && key != "speed_factor" && key != "waiting_time" &&
            key != "waiting_time_distribution" && key != "waiting_time_std" &&
            key != "enable_throughput_throttling" && key != "max_throughput")
          out.notes.push_back(path + "." + key + " is not read");
      if (!bg::relate(walkable, to_bg({k.area}), bg::de9im::mask("T********")))
        return fail(path, "a checkpoint that touches no walkable ground");
      out.checkpoints.push_back(std::move(k));
    }
    return true;
  }

  /// "zones": speed zones keyed by id, each a polygon with its speed_factor (1 when absent, as
  /// the web tool reads it); a factor above 3 counts as 3, as there, and the notes say so.
  bool zones(const Json& j) {
    if (j.is_null() || (j.is_object() && j.empty())) return true;
    if (!j.is_object()) return fail("zones", "an object keyed by id");
    for (const auto& [id, z] : j.items()) {
      const std::string path = "zones." + id;
      CrowdZone zone{id, {}, 1.0};
      if (!ring_of(z, path, zone.area) || !speed_factor(z, path, zone.factor)) return false;
      for (const auto& [k, v] : z.items())
        if (k != "coordinates" && k != "type" && k != "speed_factor")
          out.notes.push_back(path + "." + k + " is not read");
      if (!bg::relate(walkable, to_bg({zone.area}), bg::de9im::mask("T********")))
        return fail(path, "a zone that touches no walkable ground");
      out.zones.push_back(std::move(zone));
    }
    return true;
  }

  bool spread(const Json& params, const std::string& path, const char* dist_key, const char* alt_key,
              const char* std_key, const char* alt_std, CrowdSpread& s, double span) {
    const char* k = params.contains(dist_key) ? dist_key : alt_key;
    const std::string kind =
        params.contains(k) && params[k].is_string() ? params[k].get<std::string>() : "constant";
    if (params.contains(k) && !params[k].is_string())
      return fail(path + "." + k, "\"constant\" or \"gaussian\"");
    if (kind != "constant" && kind != "gaussian") return fail(path + "." + k, "\"constant\" or \"gaussian\"");
    s.gaussian = kind == "gaussian";
    const char* sk = params.contains(std_key) ? std_key : alt_std;
    if (s.gaussian && params.contains(sk) && !params[sk].is_null() &&
        !number(params[sk], path + "." + sk, s.std, 0.0, span, "a spread from 0 (a standard deviation)"))
      return false;
    if (s.gaussian && s.std == 0) s.gaussian = false;  // the anchor too: no spread, the mean
    return true;
  }

  /// use_premovement and, when it is true, the anchor's premovement_distribution (its default
  /// gamma), premovement_param_a and _b (both or neither: the anchor's preset for the
  /// distribution) and premovement_seed. Off, the other keys are ignored, as the anchor does.
  bool premovement(const Json& p, const std::string& pp, CrowdPremovement& pm) {
    if (!p.contains("use_premovement")) return true;
    if (!p["use_premovement"].is_boolean()) return fail(pp + ".use_premovement", "true or false");
    if (!p["use_premovement"].get<bool>()) return true;
    const std::string dk = pp + ".premovement_distribution";
    const Json& d = p.contains("premovement_distribution") ? p["premovement_distribution"] : Json("gamma");
    const PremovementKind* k = nullptr;
    for (const PremovementKind& c : kPremovementKinds)
      if (d.is_string() && d.get<std::string>() == c.name) k = &c;
    if (!k) return fail(dk, "\"gamma\", \"lognormal\", \"weibull\" or \"uniform\"");
    pm.kind = k->kind;
    pm.a = k->a;
    pm.b = k->b;
    const bool has_a = p.contains("premovement_param_a") && !p["premovement_param_a"].is_null(),
               has_b = p.contains("premovement_param_b") && !p["premovement_param_b"].is_null();
    if (has_a != has_b)
      return fail(pp + (has_a ? ".premovement_param_a" : ".premovement_param_b"),
                  "give premovement_param_a and premovement_param_b together, or neither (the "
                  "distribution's preset; the anchor ignores one alone)");
    if (has_a &&
        (!number(p["premovement_param_a"], pp + ".premovement_param_a", pm.a, k->a_lo, k->a_hi, k->a_what) ||
         !number(p["premovement_param_b"], pp + ".premovement_param_b", pm.b,
                 pm.kind == CrowdPremovement::uniform ? pm.a : k->b_lo, k->b_hi, k->b_what)))
      return false;
    if (p.contains("premovement_seed") && !p["premovement_seed"].is_null()) {
      uint64_t v = 0;
      if (!whole(p["premovement_seed"], pp + ".premovement_seed", v, 0, 4294967295u,
                 "a whole number from 0 to 4294967295"))
        return false;
      pm.seed = static_cast<uint32_t>(v);
      pm.has_seed = true;
    }
    return true;
  }

  /// use_flow_spawning, and when it is true flow_start_time and flow_end_time (the web tool's
  /// defaults 0 and 10 s): a window that ends after it starts.
  bool flow(const Json& p, const std::string& pp, CrowdStartArea& a) {
    if (!p.contains("use_flow_spawning")) return true;
    if (!p["use_flow_spawning"].is_boolean()) return fail(pp + ".use_flow_spawning", "true or false");
    if (!p["use_flow_spawning"].get<bool>()) return true;
    a.flow = true;
    a.flow_start = 0;
    a.flow_end = 10;
    if (p.contains("flow_start_time") &&
        !number(p["flow_start_time"], pp + ".flow_start_time", a.flow_start, 0, 1e6, "a time from 0 s"))
      return false;
    if (p.contains("flow_end_time") &&
        !number(p["flow_end_time"], pp + ".flow_end_time", a.flow_end, 0, 1e6, "a time from 0 s"))
      return false;
    if (!(a.flow_end > a.flow_start))
      return fail(pp + (p.contains("flow_end_time") ? ".flow_end_time" : ".flow_start_time"),
                  "a window that ends after it starts (flow_end_time above flow_start_time; " +
                      format_shortest(a.flow_start) + " … " + format_shortest(a.flow_end) + " s given)");
    return true;
  }

  bool start_area(const std::string& id, const Json& d) {
    const std::string path = "distributions." + id;
    CrowdStartArea a;
    a.id = id;
    if (!ring_of(d, path, a.area)) return false;
    if (!bg::covered_by(to_bg({a.area}), walkable))
      return fail(path + ".coordinates", "a start area inside the walkable area");
    const Json& p = d.contains("parameters") ? d["parameters"] : Json::object();
    const std::string pp = path + ".parameters";
    if (!p.is_object()) return fail(pp, "an object");
    uint64_t count = 0;
    if (!p.contains("number")) return fail(pp + ".number", "a whole number from 1 (how many people)");
    if (!whole(p["number"], pp + ".number", count, 1, 20000, "a whole number from 1 to 20 000")) return false;
    a.number = static_cast<uint32_t>(count);
    if (p.contains("distribution_mode") && p["distribution_mode"] != "by_number")
      return fail(pp + ".distribution_mode", "\"by_number\" (the only mode built)");
    if (!flow(p, pp, a) || !premovement(p, pp, a.premovement)) return false;
    if (a.flow && a.premovement.kind != CrowdPremovement::none)
      return fail(pp + ".use_premovement",
                  "false with flow spawning: who arrives over time walks at once (premovement is for "
                  "those there from the start)");
    a.radius.mean = 0.15;  // the anchor's defaults
    a.v0.mean = 1.2;
    // The web tool clips the means as it clips the draws (radius 0.1 … 1 m, speed 0.1 … 5 m/s):
    // its V&V suite's RiMEA 2 and 3 give a radius of 0.08 m, which it runs as 0.1. So do we, and say so.
    if (p.contains("radius") && !clipped(p["radius"], pp + ".radius", a.radius.mean, 0.1, 1.0, 10.0, "m"))
      return false;
    const char* v0_key = p.contains("v0") ? "v0" : "desired_speed";
    if (p.contains(v0_key) && !clipped(p[v0_key], pp + "." + v0_key, a.v0.mean, 0.1, 5.0, 20.0, "m/s"))
      return false;
    if (!spread(p, pp, "radius_distribution", "radius_distribution", "radius_std", "radius_std", a.radius,
                0.9) ||
        !spread(p, pp, "v0_distribution", "desired_speed_distribution", "v0_std", "desired_speed_std", a.v0,
                4.9))
      return false;
    out.starts.push_back(std::move(a));
    return true;
  }

  long exit_index(const std::string& id) const {
    for (size_t k = 0; k < out.exits.size(); ++k)
      if (out.exits[k].id == id) return static_cast<long>(k);
    return -1;
  }
  long start_index(const std::string& id) const {
    for (size_t k = 0; k < out.starts.size(); ++k)
      if (out.starts[k].id == id) return static_cast<long>(k);
    return -1;
  }

  long checkpoint_index(const std::string& id) const {
    for (size_t k = 0; k < out.checkpoints.size(); ++k)
      if (out.checkpoints[k].id == id) return static_cast<long>(k);
    return -1;
  }

  /// A start area's journey: its checkpoints in order, then the exits it may end at.
  struct Route {
    std::vector<uint32_t> stops, exits;
    bool operator!=(const Route& o) const { return stops != o.stops || exits != o.exits; }
  };
  struct Edge {
    std::string from, to, at;
  };

  /// Transitions [{from, to}] as edges, each end checked.
  bool transitions(const Json& t, const std::string& path, std::vector<Edge>& edges) {
    if (!t.is_array()) return fail(path, "a list of {\"from\", \"to\"}");
    for (size_t k = 0; k < t.size(); ++k) {
      const std::string at = path + "[" + std::to_string(k) + "]";
      if (!t[k].is_object() || !t[k].contains("from") || !t[k].contains("to") || !t[k]["from"].is_string() ||
          !t[k]["to"].is_string())
        return fail(at, "{\"from\": a distribution or checkpoint, \"to\": a checkpoint or exit}");
      const std::string from = t[k]["from"].get<std::string>(), to = t[k]["to"].get<std::string>();
      if (start_index(from) < 0 && checkpoint_index(from) < 0)
        return fail(at + ".from", "a distribution or a checkpoint of this file");
      if (exit_index(to) < 0 && checkpoint_index(to) < 0)
        return fail(at + ".to", "a checkpoint or an exit of this file");
      edges.push_back({from, to, at});
    }
    return true;
  }

  /// The route the transitions give from start area `d`: one next stage after each checkpoint (a
  /// choice between checkpoints is not built), ending at the exits the last stage leads to.
  bool follow(const std::vector<Edge>& edges, size_t d, Route& r, std::string& where) {
    std::string at = out.starts[d].id;
    std::vector<std::string> seen = {at};
    for (;;) {
      std::vector<const Edge*> next;
      for (const Edge& e : edges)
        if (e.from == at) next.push_back(&e);
      if (next.empty()) break;
      if (where.empty()) where = next[0]->at;
      const Edge* stop = nullptr;
      for (const Edge* e : next)
        if (checkpoint_index(e->to) >= 0) stop = e;
      if (!stop) {
        for (const Edge* e : next) r.exits.push_back(static_cast<uint32_t>(exit_index(e->to)));
        break;
      }
      if (next.size() > 1)
        return fail(stop->at,
                    "the one next stage after " + at +
                        ": a choice of routes after a stage is not built (give one journey per route)");
      if (std::find(seen.begin(), seen.end(), stop->to) != seen.end())
        return fail(stop->at + ".to", "a stage not passed before: " + stop->to + " comes round again");
      seen.push_back(stop->to);
      r.stops.push_back(static_cast<uint32_t>(checkpoint_index(stop->to)));
      at = stop->to;
    }
    if (!r.stops.empty() && r.exits.empty())
      return fail(where, "a route through checkpoints that ends at an exit (" + at + " leads nowhere)");
    return true;
  }

  /// Which polygons of the walkable area a ring's interior meets.
  std::vector<size_t> floors_of(const CrowdRing& ring) const {
    std::vector<size_t> f;
    const BgPolygon b = to_bg({ring});
    for (size_t k = 0; k < walkable.size(); ++k)
      if (bg::relate(walkable[k], b, bg::de9im::mask("T********"))) f.push_back(k);
    return f;
  }

  /// Each stage of every journey reachable from the one before: on a polygon of the walkable
  /// area the one before is on; and every checkpoint on some journey.
  bool stages_connect() {
    std::vector<char> used(out.checkpoints.size(), 0);
    for (const CrowdStartArea& a : out.starts) {
      if (a.checkpoints.empty()) continue;
      std::vector<size_t> before = floors_of(a.area);
      std::string from = a.id;
      auto meets = [](const std::vector<size_t>& x, const std::vector<size_t>& y) {
        for (size_t k : x)
          if (std::find(y.begin(), y.end(), k) != y.end()) return true;
        return false;
      };
      for (uint32_t c : a.checkpoints) {
        used[c] = 1;
        const std::vector<size_t> here = floors_of(out.checkpoints[c].area);
        if (!meets(before, here))
          return fail("checkpoints." + out.checkpoints[c].id,
                      "a stage reachable from the one before it on the journey of " + a.id + " (" + from +
                          " lies on another part of the walkable area)");
        before = here;
        from = out.checkpoints[c].id;
      }
      bool any = false;
      for (uint32_t e : a.exits) any = any || meets(before, floors_of(out.exits[e].area));
      if (!any)
        return fail("checkpoints." + from,
                    "a stage from which an exit of the journey of " + a.id +
                        " can be reached (they lie on another part of the walkable area)");
    }
    for (size_t c = 0; c < used.size(); ++c)
      if (!used[c])
        return fail("checkpoints." + out.checkpoints[c].id,
                    "a checkpoint on a journey (it is in no journey's stages or transitions)");
    return true;
  }

  bool journeys(const Json& root) {
    const size_t n = out.starts.size();
    std::vector<Route> by_stages(n), by_transitions(n);
    std::vector<std::string> stages_where(n), transitions_where(n);
    std::vector<Edge> edges;
    const Json& js = root.contains("journeys") ? root["journeys"] : Json::array();
    if (!js.is_array()) return fail("journeys", "a list of journeys");
    for (size_t k = 0; k < js.size(); ++k) {
      const std::string path = "journeys[" + std::to_string(k) + "]";
      const Json& j = js[k];
      if (!j.is_object()) return fail(path, "an object with \"stages\"");
      if (j.contains("stages")) {
        const Json& st = j["stages"];
        if (!st.is_array()) return fail(path + ".stages", "a list of ids");
        std::vector<long> starts;
        Route route;
        int phase = 0;  // distributions, then checkpoints, then exits
        for (size_t s = 0; s < st.size(); ++s) {
          const std::string at = path + ".stages[" + std::to_string(s) + "]";
          const std::string id = st[s].is_string() ? st[s].get<std::string>() : std::string();
          const long d = start_index(id), c = checkpoint_index(id), e = exit_index(id);
          if (d >= 0) {
            if (phase > 0) return fail(at, "a distribution before the journey's checkpoints and exits");
            starts.push_back(d);
          } else if (c >= 0) {
            if (phase > 1)
              return fail(at,
                          "a checkpoint before the journey's exits (its stages: distributions, "
                          "checkpoints in order, exits)");
            phase = 1;
            route.stops.push_back(static_cast<uint32_t>(c));
          } else if (e >= 0) {
            phase = 2;
            route.exits.push_back(static_cast<uint32_t>(e));
          } else {
            return fail(at, "a distribution, a checkpoint or an exit of this file");
          }
        }
        if (!route.stops.empty() && route.exits.empty())
          return fail(path + ".stages", "an exit at its end: a journey through checkpoints ends at an exit");
        for (long d : starts) {
          Route& r = by_stages[static_cast<size_t>(d)];
          if (!stages_where[static_cast<size_t>(d)].empty() && r.stops != route.stops)
            return fail(path + ".stages", "the checkpoints of " + out.starts[static_cast<size_t>(d)].id +
                                              "'s other journey (" + stages_where[static_cast<size_t>(d)] +
                                              "): give one route");
          r.stops = route.stops;
          r.exits.insert(r.exits.end(), route.exits.begin(), route.exits.end());
          stages_where[static_cast<size_t>(d)] = path + ".stages";
        }
      }
      if (j.contains("transitions") && !transitions(j["transitions"], path + ".transitions", edges))
        return false;
    }
    if (root.contains("transitions") && !transitions(root["transitions"], "transitions", edges)) return false;
    for (size_t d = 0; d < n; ++d) {
      if (!follow(edges, d, by_transitions[d], transitions_where[d])) return false;
      for (Route* r : {&by_stages[d], &by_transitions[d]}) {
        std::sort(r->exits.begin(), r->exits.end());
        r->exits.erase(std::unique(r->exits.begin(), r->exits.end()), r->exits.end());
      }
      const bool staged = !by_stages[d].exits.empty(), moved = !by_transitions[d].exits.empty();
      if (staged && moved && by_stages[d] != by_transitions[d])
        return fail(stages_where[d], "its route for " + out.starts[d].id + " disagrees with " +
                                         transitions_where[d] + "'s; give one route");
      const Route& r = staged ? by_stages[d] : by_transitions[d];
      out.starts[d].exits = r.exits;
      out.starts[d].checkpoints = r.stops;
    }
    return stages_connect();
  }

  bool settings(const Json& root) {
    if (root.contains("seed") && !(root["seed"].is_number_unsigned() ||
                                   (root["seed"].is_number_integer() && root["seed"].get<int64_t>() >= 0)))
      return fail("seed", "a whole number");
    if (root.contains("seed")) {
      out.seed = static_cast<uint32_t>(root["seed"].get<uint64_t>());
      out.has_seed = true;
    }
    if (!root.contains("config")) return true;
    const Json& c = root["config"];
    if (!c.is_object()) return fail("config", "an object");
    if (c.contains("ui_state")) out.notes.push_back("config.ui_state is the anchor's view: not used");
    if (!c.contains("simulation_settings")) return true;
    const Json& s = c["simulation_settings"];
    const std::string sp = "config.simulation_settings";
    if (!s.is_object()) return fail(sp, "an object");
    uint64_t v = 0;
    if (s.contains("baseSeed")) {
      if (!whole(s["baseSeed"], sp + ".baseSeed", v, 0, 4294967295u, "a whole number from 0 to 4294967295"))
        return false;
      out.seed = static_cast<uint32_t>(v);
      out.has_seed = true;
    }
    if (s.contains("numberOfSimulations") &&
        !whole(s["numberOfSimulations"], sp + ".numberOfSimulations", v, 1, 1,
               "1 (more runs are a sweep over seeds: bandada-cli sweep --seeds)"))
      return false;
    if (!s.contains("simulationParams")) return true;
    const Json& p = s["simulationParams"];
    if (!p.is_object()) return fail(sp + ".simulationParams", "an object");
    std::string others;
    for (const auto& [k, val] : p.items()) {
      const std::string at = sp + ".simulationParams." + k;
      const CrowdModelKey* key = nullptr;
      for (const CrowdModelKey& m : kCrowdModelKeys)
        if (k == m.json && m.model == out.model) key = &m;
      if (k == "max_simulation_time") {
        if (!number(val, at, out.max_time, 0.04, 1e6, "a time in seconds, 0.04 … 1 000 000")) return false;
      } else if (key) {
        double v = 0;
        if (!number(val, at, v, key->min, key->max, key->what) || (key->min_exclusive && !(v > key->min)))
          return fail(at, key->what);
        for (auto& [option, value] : out.constants)
          if (option == key->option) return fail(at, std::string("given twice (") + key->option + ")");
        out.constants.push_back({key->option, v});
      } else if (k != "model_type") {
        others += (others.empty() ? "" : ", ") + k;
      }
    }
    if (!others.empty())
      out.notes.push_back(std::string("parameters the ") + kCrowdModelNames[out.model].json +
                          " does not use (" + others + ")");
    return true;
  }

  /// config.simulation_settings.simulationParams when the path is objects all the way.
  static const Json* simulation_params(const Json& root) {
    const Json* j = &root;
    for (const char* k : {"config", "simulation_settings", "simulationParams"}) {
      if (!j->is_object() || !j->contains(k)) return nullptr;
      j = &(*j)[k];
    }
    return j->is_object() ? j : nullptr;
  }

  /// A model_type: one of ours, the same wherever the file names it.
  bool model_kind(const Json& j, const std::string& path) {
    const std::string word = j.is_string() ? j.get<std::string>() : j.dump();
    if (!model_type.empty() && word != model_type)
      return fail(path, "\"" + word + "\" disagrees with " + model_type_path + " (\"" + model_type + "\")");
    uint32_t k = 0;
    while (k < kCrowdModelCount && word != kCrowdModelNames[k].json) ++k;
    if (k == kCrowdModelCount || !j.is_string())
      return fail(path, "\"" + word + "\" is not built: Bandada runs " + model_types_we_run());
    model_type = word;
    model_type_path = path;
    out.model = k;
    return true;
  }

  /// A point [x, y] of two numbers within the coordinate limit.
  bool point(const Json& j, const std::string& path, CrowdPoint& p) {
    if (!j.is_array() || j.size() != 2 || !j[0].is_number() || !j[1].is_number())
      return fail(path, "a point [x, y] of two numbers");
    p = {j[0].get<double>(), j[1].get<double>()};
    if (!(std::fabs(p.x) <= kMaxCoordinate && std::fabs(p.y) <= kMaxCoordinate))
      return fail(path, "coordinates within ±1 000 000 m");
    return true;
  }

  /// One row of an age table: {"ages": [from, to], "speed": [v_min, v_max]}, following the row
  /// before it without gap or overlap.
  bool age_row(const Json& j, const std::string& at, const std::vector<CrowdAgeRow>& before,
               CrowdAgeRow& row) {
    if (!j.is_object() || j.size() != 2 || !j.contains("ages") || !j.contains("speed"))
      return fail(at, "a row {\"ages\": [from, to], \"speed\": [min, max]}");
    const Json &a = j["ages"], &v = j["speed"];
    if (!a.is_array() || a.size() != 2 ||
        !number(a[0], at + ".ages[0]", row.from, 0, 120, "an age 0 … 120 years") ||
        !number(a[1], at + ".ages[1]", row.to, 0, 120, "an age 0 … 120 years"))
      return a.is_array() && a.size() == 2 ? false : fail(at + ".ages", "[from, to], in years");
    if (!(row.to > row.from)) return fail(at + ".ages", "[from, to] with to above from");
    if (!v.is_array() || v.size() != 2 || !number(v[0], at + ".speed[0]", row.v_min, 0.1, 5, "0.1 … 5 m/s") ||
        !number(v[1], at + ".speed[1]", row.v_max, 0.1, 5, "0.1 … 5 m/s"))
      return v.is_array() && v.size() == 2 ? false : fail(at + ".speed", "[min, max], in m/s");
    if (!(row.v_max >= row.v_min)) return fail(at + ".speed", "[min, max] with max at least min");
    if (!before.empty() && row.from < before.back().to)
      return fail(at + ".ages", "ages that do not overlap the row before's (it ends at " +
                                    format_shortest(before.back().to) + ")");
    if (!before.empty() && row.from > before.back().to)
      return fail(at + ".ages", "ages that start where the row before's end (" +
                                    format_shortest(before.back().to) + "), leaving no gap");
    return true;
  }

  /// "age_tables": {distribution id: [row, …]}: that area's desired speeds by age (RiMEA 7).
  bool age_tables(const Json& t) {
    if (!t.is_object()) return fail("bandada.age_tables", "an object keyed by distribution id");
    for (const auto& [id, rows] : t.items()) {
      const std::string path = "bandada.age_tables." + id;
      const long s = start_index(id);
      if (s < 0) return fail(path, "a distribution of this file");
      if (out.starts[static_cast<size_t>(s)].flow)
        return fail(path, "a distribution placed at the start: age tables are not built for flow spawning");
      if (!rows.is_array() || rows.empty() || rows.size() > 20) return fail(path, "a list of 1 to 20 rows");
      std::vector<CrowdAgeRow>& ages = out.starts[static_cast<size_t>(s)].ages;
      for (size_t i = 0; i < rows.size(); ++i) {
        CrowdAgeRow row;
        if (!age_row(rows[i], path + "[" + std::to_string(i) + "]", ages, row)) return false;
        ages.push_back(row);
      }
    }
    return true;
  }

  /// A corridor without ends: one rectangle, its long walls along x running the whole length of
  /// the seam, and nothing the seam would cut (columns, measurement lines).
  bool corridor_without_ends() {
    const char* path = "bandada.periodic";
    bool box = out.walkable.size() == 1 && out.walkable[0].size() == 1 && out.walkable[0][0].size() == 4;
    double ax = INFINITY, ay = INFINITY, bx = -INFINITY, by = -INFINITY;
    for (size_t k = 0; box && k < 4; ++k) {
      const CrowdPoint &a = out.walkable[0][0][k], &b = out.walkable[0][0][(k + 1) % 4];
      box = a.x == b.x || a.y == b.y;
      ax = std::min(ax, a.x), ay = std::min(ay, a.y), bx = std::max(bx, a.x), by = std::max(by, a.y);
    }
    if (!box)
      return fail(path,
                  "a walkable area that is one rectangle along the axes, so that its walls run the "
                  "length of the seam");
    if (!(bx - ax >= 2)) return fail(path, "a corridor at least 2 m long");
    if (!out.columns.empty()) return fail(path, "no columns: a corridor without ends has none");
    if (!out.lines.empty())
      return fail(path, "no measurement lines: a corridor without ends measures with areas");
    for (const CrowdStartArea& a : out.starts) {
      if (!a.exits.empty()) return fail(path, "no journeys: a corridor without ends has no exits");
      if (a.flow)
        return fail(path, "no flow spawning: a corridor without ends keeps the people it starts with");
    }
    return true;
  }

  /// The "bandada" object: measurement lines [[x1, y1], [x2, y2]], measurement areas (WKT
  /// POLYGONs) and columns [x, y, r], each a list, and age tables.
  bool bandada_keys(const Json& b) {
    if (!b.is_object())
      return fail("bandada", "an object (lines, areas, columns, age_tables, periodic, lattice)");
    for (const auto& [k, v] : b.items()) {
      const std::string path = "bandada." + k;
      if (k == "age_tables") {
        if (!age_tables(v)) return false;
        continue;
      }
      if (k == "lattice") {
        if (!v.is_array()) return fail(path, "a list of distribution ids");
        for (size_t i = 0; i < v.size(); ++i) {
          const long s = v[i].is_string() ? start_index(v[i].get<std::string>()) : -1;
          if (s < 0) return fail(path + "[" + std::to_string(i) + "]", "a distribution of this file");
          if (out.starts[static_cast<size_t>(s)].flow)
            return fail(path + "[" + std::to_string(i) + "]",
                        "a distribution placed at the start: who arrives over time (flow spawning) is not "
                        "placed on a lattice");
          out.starts[static_cast<size_t>(s)].lattice = true;
        }
        continue;
      }
      if (k == "periodic") {
        if (v != "east" && v != "west")
          return fail(path, "\"east\" or \"west\": the way people walk along a corridor without ends");
        out.periodic = v == "east" ? 1 : -1;
        continue;
      }
      if (k != "lines" && k != "areas" && k != "columns")
        return fail(path,
                    "not a key this Bandada reads (lines, areas, columns, age_tables, periodic, lattice)");
      if (!v.is_array()) return fail(path, "a list");
      for (size_t i = 0; i < v.size(); ++i) {
        const std::string at = path + "[" + std::to_string(i) + "]";
        if (k == "lines") {
          CrowdPoint a{}, e{};
          if (!v[i].is_array() || v[i].size() != 2) return fail(at, "a line [[x1, y1], [x2, y2]]");
          if (!point(v[i][0], at + "[0]", a) || !point(v[i][1], at + "[1]", e)) return false;
          if (!(std::hypot(e.x - a.x, e.y - a.y) >= 0.1)) return fail(at, "a line at least 0.1 m long");
          out.lines.push_back({a.x, a.y, e.x, e.y});
        } else if (k == "areas") {
          std::vector<CrowdPolygon> p;
          std::string why =
              v[i].is_string() ? read_wkt_polygons(v[i].get<std::string>(), p) : "a WKT POLYGON";
          if (why.empty() && (p.size() != 1 || p[0].size() != 1)) why = "one POLYGON without holes";
          if (why.empty()) why = coordinate_problem(p[0]);
          if (why.empty()) why = polygon_problem(to_bg(p[0]));
          if (!why.empty()) return fail(at, why);
          out.areas.push_back(p[0][0]);
        } else {
          CrowdPoint c{};
          if (!v[i].is_array() || v[i].size() != 3 || !v[i][2].is_number())
            return fail(at, "a column [x, y, r] of three numbers");
          if (!point(Json::array({v[i][0], v[i][1]}), at, c)) return false;
          const double r = v[i][2].get<double>();
          if (!(r >= 0.1 && r <= 10)) return fail(at + "[2]", "a radius 0.1 … 10 m");
          if (!inside_polygons(out.walkable, c.x, c.y))
            return fail(at, "a column centred on walkable ground");
          out.columns.push_back({c.x, c.y, r});
        }
      }
    }
    return true;
  }

  bool read(const Json& root, std::string_view wkt) {
    if (!root.is_object()) return fail("(the file)", "a JSON object");
    for (const auto& [k, v] : root.items()) {
      static const char* known[] = {"walkable_area_wkt", "config", "exits",       "distributions", "journeys",
                                    "transitions",       "seed",   "checkpoints", "zones",         "bandada"};
      static const char* ignored[] = {"_description", "_expectations", "model_type", "project_version",
                                      "ui_state"};
      if (std::find(std::begin(known), std::end(known), k) != std::end(known)) continue;
      if (std::find(std::begin(ignored), std::end(ignored), k) == std::end(ignored))
        out.notes.push_back("key " + k + " is not read");
    }
    // The model first: the file's constants are read as the chosen model's.
    if (root.contains("model_type") && !model_kind(root["model_type"], "model_type")) return false;
    const Json* params = simulation_params(root);
    if (params && params->contains("model_type") &&
        !model_kind((*params)["model_type"], "config.simulation_settings.simulationParams.model_type"))
      return false;
    if (model_type.empty()) out.model = root.contains("bandada") ? kCrowdSocialForce : kCrowdCollisionFree;
    if (wkt.empty()) {
      if (!root.contains("walkable_area_wkt") || !root["walkable_area_wkt"].is_string())
        return fail("walkable_area_wkt", "the walkable area as a WKT POLYGON or MULTIPOLYGON");
      if (!walkable_area(root["walkable_area_wkt"].get<std::string>(), "walkable_area_wkt")) return false;
    } else if (!walkable_area(wkt, "geometry.wkt")) {
      return false;
    }
    const bool periodic =
        root.contains("bandada") && root["bandada"].is_object() && root["bandada"].contains("periodic");
    if (!exits(root.contains("exits") ? root["exits"] : Json(), periodic)) return false;
    if (!zones(root.contains("zones") ? root["zones"] : Json()) ||
        !checkpoints(root.contains("checkpoints") ? root["checkpoints"] : Json()))
      return false;
    const Json& d = root.contains("distributions") ? root["distributions"] : Json();
    if (!d.is_object() || d.empty())
      return fail("distributions", "at least one start area, as an object keyed by id");
    for (const auto& [id, v] : d.items())
      if (!start_area(id, v)) return false;
    if (!journeys(root) || !settings(root)) return false;
    if (root.contains("bandada") && !bandada_keys(root["bandada"])) return false;
    if (periodic && !corridor_without_ends()) return false;
    if (model_type.empty() && out.model == kCrowdCollisionFree)
      out.notes.insert(out.notes.begin(),
                       "no model_type: the web tool's default, the collision-free speed model, runs");
    return true;
  }
};

std::string wkt_ring(const CrowdRing& r) {
  std::string out = "(";
  for (size_t k = 0; k <= r.size(); ++k) {  // closed, as WKT writes a ring
    const CrowdPoint& q = r[k % r.size()];
    out += (k ? ", " : "") + format_shortest(q.x) + " " + format_shortest(q.y);
  }
  return out + ")";
}

std::string wkt_polygon(const CrowdPolygon& p) {
  std::string out = "(";
  for (size_t r = 0; r < p.size(); ++r) out += (r ? ", " : "") + wkt_ring(p[r]);
  return out + ")";
}

Json polygon_json(const CrowdRing& r) {
  Json c = Json::array();
  for (size_t k = 0; k <= r.size(); ++k) c.push_back({r[k % r.size()].x, r[k % r.size()].y});
  return Json{{"type", "polygon"}, {"coordinates", c}};
}

Json spread_json(const CrowdStartArea& a) {
  Json p{{"number", a.number},
         {"radius", a.radius.mean},
         {"v0", a.v0.mean},
         {"use_flow_spawning", a.flow},
         {"distribution_mode", "by_number"},
         {"radius_distribution", a.radius.gaussian ? "gaussian" : "constant"},
         {"v0_distribution", a.v0.gaussian ? "gaussian" : "constant"}};
  if (a.flow) {
    p["flow_start_time"] = a.flow_start;
    p["flow_end_time"] = a.flow_end;
  }
  if (a.radius.gaussian) p["radius_std"] = a.radius.std;
  if (a.v0.gaussian) p["v0_std"] = a.v0.std;
  const CrowdPremovement& pm = a.premovement;
  if (pm.kind != CrowdPremovement::none) {
    p["use_premovement"] = true;
    for (const PremovementKind& k : kPremovementKinds)
      if (k.kind == pm.kind) p["premovement_distribution"] = k.name;
    p["premovement_param_a"] = pm.a;
    p["premovement_param_b"] = pm.b;
    if (pm.has_seed) p["premovement_seed"] = pm.seed;
  }
  return p;
}

}  // namespace

std::string write_crowd_scenario(const CrowdScenario& s) {
  Json root = Json::object();
  root["_description"] = "Written by Bandada; Bandada's own keys are in \"bandada\".";
  std::string wkt;
  if (s.walkable.size() == 1) {
    wkt = "POLYGON " + wkt_polygon(s.walkable[0]);
  } else {
    wkt = "MULTIPOLYGON (";
    for (size_t k = 0; k < s.walkable.size(); ++k) wkt += (k ? ", " : "") + wkt_polygon(s.walkable[k]);
    wkt += ")";
  }
  root["walkable_area_wkt"] = wkt;
  Json sim = Json::object();
  if (s.max_time > 0) sim["max_simulation_time"] = s.max_time;
  sim["model_type"] = kCrowdModelNames[s.model].json;
  for (const auto& [option, value] : s.constants)
    for (const CrowdModelKey& k : kCrowdModelKeys)
      if (option == k.option && k.model == s.model && !sim.contains(k.json)) {
        sim[k.json] = value;
        break;
      }
  Json settings{{"simulationParams", sim}, {"numberOfSimulations", 1}};
  if (s.has_seed) settings["baseSeed"] = s.seed;
  root["config"] = Json{{"simulation_settings", settings}};
  root["exits"] = Json::object();
  for (const CrowdExitArea& e : s.exits) {
    Json x = polygon_json(e.area);
    x["enable_throughput_throttling"] = e.throughput > 0;
    if (e.throughput > 0) x["max_throughput"] = e.throughput;
    root["exits"][e.id] = x;
  }
  root["distributions"] = Json::object();
  Json journeys = Json::array();
  for (const CrowdStartArea& a : s.starts) {
    Json d = polygon_json(a.area);
    d["parameters"] = spread_json(a);
    root["distributions"][a.id] = d;
    if (a.exits.empty()) continue;
    Json stages = Json::array({a.id}), transitions = Json::array();
    const std::string id = "journey-" + a.id;
    std::string from = a.id;
    for (uint32_t c : a.checkpoints) {
      stages.push_back(s.checkpoints[c].id);
      transitions.push_back({{"from", from}, {"to", s.checkpoints[c].id}, {"journey_id", id}});
      from = s.checkpoints[c].id;
    }
    for (uint32_t e : a.exits) {
      stages.push_back(s.exits[e].id);
      transitions.push_back({{"from", from}, {"to", s.exits[e].id}, {"journey_id", id}});
    }
    journeys.push_back({{"id", id}, {"stages", stages}, {"transitions", transitions}});
  }
  root["checkpoints"] = Json::object();
  for (const CrowdCheckpoint& c : s.checkpoints) {
    Json x = polygon_json(c.area);
    x["waiting_time"] = c.wait;
    x["waiting_time_distribution"] = c.gaussian ? "gaussian" : "constant";
    if (c.gaussian) x["waiting_time_std"] = c.wait_std;
    x["enable_throughput_throttling"] = c.throughput > 0;
    if (c.throughput > 0) x["max_throughput"] = c.throughput;
    x["speed_factor"] = c.factor;
    root["checkpoints"][c.id] = x;
  }
  root["zones"] = Json::object();
  for (const CrowdZone& z : s.zones) {
    Json x = polygon_json(z.area);
    x["speed_factor"] = z.factor;
    root["zones"][z.id] = x;
  }
  root["journeys"] = journeys;
  Json ours = Json::object();
  if (!s.lines.empty()) {
    ours["lines"] = Json::array();
    for (const CrowdSegment& l : s.lines) ours["lines"].push_back({{l.x1, l.y1}, {l.x2, l.y2}});
  }
  if (!s.areas.empty()) {
    ours["areas"] = Json::array();
    for (const CrowdRing& r : s.areas) ours["areas"].push_back("POLYGON (" + wkt_ring(r) + ")");
  }
  if (!s.columns.empty()) {
    ours["columns"] = Json::array();
    for (const CrowdColumn& c : s.columns) ours["columns"].push_back({c.x, c.y, c.r});
  }
  for (const CrowdStartArea& a : s.starts) {
    if (a.ages.empty()) continue;
    Json rows = Json::array();
    for (const CrowdAgeRow& r : a.ages)
      rows.push_back({{"ages", {r.from, r.to}}, {"speed", {r.v_min, r.v_max}}});
    ours["age_tables"][a.id] = rows;
  }
  if (s.periodic != 0) ours["periodic"] = s.periodic > 0 ? "east" : "west";
  for (const CrowdStartArea& a : s.starts)
    if (a.lattice) ours["lattice"].push_back(a.id);
  if (!ours.empty()) root["bandada"] = ours;
  return root.dump(2) + "\n";
}

std::string read_crowd_scenario(std::string_view json, std::string_view wkt, CrowdScenario& out) {
  out = CrowdScenario();
  if (json.size() > (64u << 20)) return "(the file): at most 64 MB";
  SyntaxCheck check;
  if (!Json::sax_parse(json, &check, nlohmann::detail::input_format_t::json, false) || !check.error.empty())
    return check.error.empty() ? "not JSON" : check.error;
  const Json root = Json::parse(json, nullptr, false);
  if (root.is_discarded()) return "not JSON";
  CrowdScenario s;
  Reader r{s, {}, {}, {}, {}};
  if (!r.read(root, wkt)) return r.error;
  out = std::move(s);
  return {};
}

double crowd_area_outside(const CrowdRing& ring, const std::vector<CrowdPolygon>& walkable) {
  BgMulti floor, outside;
  for (const CrowdPolygon& p : walkable) floor.push_back(to_bg(p));
  bg::difference(to_bg({ring}), floor, outside);
  return bg::area(outside);
}

}  // namespace bandada
