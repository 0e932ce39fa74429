// Bandada — a crowd scenario file (docs/models/crowd.md, "Scenario files"): JuPedSim Web's
// scenario JSON, its walkable area in WKT, read into plain data the crowd is built from. What
// the file asks for and the crowd cannot do is refused by its JSON path; what does not carry over
// (another model's parameters) is listed in `notes`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/lcg.h"
#include "crowd_room.h"

namespace bandada {

/// How a distribution's radii or desired speeds spread: every person the mean, or a normal draw
/// about it with `std`, clipped as the anchor clips (radius 0.1 … 1 m, speed 0.1 … 5 m/s).
struct CrowdSpread {
  double mean = 0, std = 0;
  bool gaussian = false;
};

/// When a distribution's people start to walk (RiMEA test 5): each draws a premovement time and
/// stands until then (the drive toward their desired speed is off; they are still pushed). The
/// anchor's four distributions and its parameter names: uniform on [a, b]; gamma of shape a and
/// scale b; lognormal, e^(a + b·z); Weibull of scale a and shape b. Drawn from a generator of
/// their own, seeded with `seed` when given, else with the run's seed + the area's index + 1000.
struct CrowdPremovement {
  enum Kind { none, uniform, gamma, lognormal, weibull } kind = none;
  double a = 0, b = 0;
  uint32_t seed = 0;
  bool has_seed = false;
};
/// The longest premovement time, s: a draw beyond it is clipped to it.
inline constexpr double kCrowdPremovementMax = 1e6;

/// A row of an age table (RiMEA 7; the scenario's "bandada".age_tables): the people of the area
/// whose age falls in [from, to) years draw their desired speed uniformly from [v_min, v_max] m/s.
/// Ages are drawn uniformly from the first row's `from` to the last row's `to`; the rows follow
/// each other without gap or overlap.
struct CrowdAgeRow {
  double from = 0, to = 0, v_min = 0, v_max = 0;
};

struct CrowdStartArea {
  std::string id;
  CrowdRing area;  ///< where their centres are placed
  uint32_t number = 0;
  CrowdSpread radius, v0;
  CrowdPremovement premovement;
  std::vector<CrowdAgeRow> ages;  ///< an age table for the desired speeds; empty: the v0 spread
  /// "bandada".lattice names it: its people stand on a triangular lattice spread over the area (as
  /// dense as RiMEA 4 asks, where random places jam), not at random places.
  bool lattice = false;
  std::vector<uint32_t>
      exits;  ///< the exits their journey ends at (indices into exits); every exit when none
  /// The checkpoints their journey passes, in order (indices into checkpoints), before its exits.
  std::vector<uint32_t> checkpoints;
  /// Flow spawning (JuPedSim Web's use_flow_spawning): the area's people arrive over
  /// [flow_start, flow_end) s, person k at flow_start + k·(flow_end − flow_start)/number, each
  /// placed when there is room (crowd.h, arrivals).
  bool flow = false;
  double flow_start = 0, flow_end = 0;
};

/// One of a model's constants as a scenario file gives it: its name in the file (JuPedSim's),
/// the crowd field's option it sets, and its range (as that field's).
struct CrowdModelKey {
  const char* json;
  const char* option;
  uint32_t model;
  double min, max;
  bool min_exclusive;
  const char* what;
};
/// The keys of config.simulation_settings.simulationParams read as a model's constants.
inline constexpr size_t kCrowdModelKeyCount = 21;
extern const CrowdModelKey kCrowdModelKeys[kCrowdModelKeyCount];

struct CrowdScenario {
  std::vector<CrowdPolygon> walkable;  ///< the walkable area: its polygons, holes included
  std::vector<CrowdExitArea> exits;
  std::vector<CrowdZone> zones;              ///< in file order
  std::vector<CrowdCheckpoint> checkpoints;  ///< in file order
  std::vector<CrowdStartArea> starts;        ///< in file order: people are placed in this order
  uint32_t seed = 1;
  bool has_seed = false;
  double max_time = 0;  ///< s; 0: none given
  /// The "bandada" object, what the anchor's format lacks: measurement lines and areas, round
  /// columns, and age tables (on the start areas, `ages`).
  std::vector<CrowdSegment> lines;
  std::vector<CrowdRing> areas;
  std::vector<CrowdColumn> columns;
  /// "bandada".periodic: a corridor without ends along x (RiMEA 4 and 16): +1 people walk east,
  /// −1 west, and who leaves one end comes in at the other; 0 none. The walkable area is then one
  /// rectangle, with no exits, columns or measurement lines.
  int periodic = 0;
  /// The operational model: the file's model_type (SocialForceModel, CollisionFreeSpeedModel),
  /// else the social force model for a file Bandada saved (it has the "bandada" object), else the
  /// web tool's default, the collision-free speed model.
  uint32_t model = kCrowdSocialForce;
  /// That model's constants the file gives, by the crowd field's option ("csm-t"), in key order.
  std::vector<std::pair<std::string, double>> constants;
  /// The bundled scenario's name (crowd_bundled.h) when it is one: a link carries it by name.
  std::string bundled;
  /// What the file holds that the crowd does not use (another model's type and parameters, and
  /// keys that ask for nothing), for stderr and the page: said once, never dropped silently.
  std::vector<std::string> notes;
};

/// Reads a scenario: `json` the scenario file; `wkt` the walkable area when it comes as a file of
/// its own (the anchor's folder form: config.json and geometry.wkt), else "" and the JSON's
/// walkable_area_wkt. "" and `out` set, or why not, starting with the JSON path of what is wrong
/// ("distributions.jps-distributions_0.parameters.number: a whole number from 1").
std::string read_crowd_scenario(std::string_view json, std::string_view wkt, CrowdScenario& out);

/// The scenario as JuPedSim Web's JSON (the anchor opens it), what only Bandada reads in its
/// "bandada" object; read_crowd_scenario gives back the same scenario, bit for bit.
std::string write_crowd_scenario(const CrowdScenario& s);

/// A WKT POLYGON or MULTIPOLYGON, read by the project's own number grammar (so the bits are the
/// same everywhere); "" or why not.
std::string read_wkt_polygons(std::string_view wkt, std::vector<CrowdPolygon>& out);

/// How much of `ring` (m²) lies outside the walkable area `walkable` (the tools' boxes: a checkpoint
/// or zone drawn partly off the floor is said to be).
double crowd_area_outside(const CrowdRing& ring, const std::vector<CrowdPolygon>& walkable);

/// A scenario's room: its walkable area's rings as walls, its extent the area's bounding box, its
/// exits as areas.
CrowdLayout crowd_scenario_room(const CrowdScenario& s);

/// A premovement time drawn from `p` with `rng`, clipped to [0, kCrowdPremovementMax]: only
/// + − × ÷, sqrt and the project's own exp, log and cos, so the bits are the same everywhere.
/// Uniform takes one draw, lognormal two (Box–Muller), Weibull one, gamma three per try
/// (Marsaglia and Tsang: a normal and a uniform; a shape below 1 one more, for the power).
double crowd_premovement_draw(const CrowdPremovement& p, Lcg& rng);

/// One person's draw from their start area's age table: the row their age fell in, and their
/// desired speed, m/s.
struct CrowdAgeDraw {
  size_t row;
  double v0;
};
/// The age table's draws for the `a.number` people of start area k, in placement order (a
/// uniform age over the table, then a uniform speed in its row's range), from a generator of their
/// own seeded with `seed` + k + 2000, so the placement's draws are those of the same file without
/// the table. Empty when the area has no table.
std::vector<CrowdAgeDraw> crowd_age_draws(const CrowdStartArea& a, size_t k, uint32_t seed);

}  // namespace bandada
