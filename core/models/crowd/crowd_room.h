// Bandada — the crowd's room in the engine's own words (crowd.h): a preset's or a scenario's walls,
// exits (segments in walls, or areas), columns, speed zones and checkpoints, and the operational
// models' ids. The scenario reader (crowd_scenario.h) reads a file into these; the engine does not
// depend on the reader.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "crowd_geometry.h"

namespace bandada {

struct CrowdExitArea {
  std::string id;
  CrowdRing area;  ///< a person whose centre enters it has left
  /// Throttled (enable_throughput_throttling): at most one person leaves every 1/throughput s;
  /// who enters sooner stands at its edge until then. 0: not throttled.
  double throughput = 0;
};

/// A checkpoint (JuPedSim Web's "checkpoints", a stage of a journey between its start area and its
/// exit). Whoever heads for it walks to a point of their own inside it (drawn per person and
/// checkpoint); within their radius + 0.5 m of that point they have reached it, and then, by its
/// one mode (the web tool's, in this order): wait there `wait` s (constant) or a gaussian draw
/// (at least 0.1 s); or pass one at a time, at most `throughput` a second; or walk at `factor`
/// times their speed while inside it on their way to that point. Then on to the next stage.
struct CrowdCheckpoint {
  std::string id;
  CrowdRing area;
  double wait = 0;      ///< s: the mean waiting time (0: none)
  double wait_std = 0;  ///< s: a gaussian waiting time's spread
  bool gaussian = false;
  double throughput = 0;  ///< persons/s when throttled, 0: not (only without a waiting time)
  double factor = 1;      ///< the speed factor inside (only without waiting or throttling)
};

/// A speed zone (JuPedSim Web's "zones"): whoever's centre is inside walks toward `factor` times
/// their desired speed, in either operational model. The web tool's rules: a factor above 3 counts
/// as 3; where zones overlap, the one whose factor lies furthest from 1 counts (the first in file
/// order on a tie). A zone models a stair or a slow floor by its speed alone: it is not a stair.
struct CrowdZone {
  std::string id;
  CrowdRing area;
  double factor = 1;  ///< more than 0, at most kCrowdZoneMaxFactor
};
inline constexpr double kCrowdZoneMaxFactor = 3.0;
/// The factor of the zones at (x, y): 1 outside them all.
double crowd_zone_factor(const std::vector<CrowdZone>& zones, double x, double y);

/// The operational models (CrowdParams::model, CrowdScenario::model), in choice order.
inline constexpr uint32_t kCrowdSocialForce = 0, kCrowdCollisionFree = 1, kCrowdAnticipation = 2;
/// Each operational model's names, by its id: its word in links and on the command line, its
/// model_type in JuPedSim's scenario files, and its name on the page. A model is one row here and
/// one in the step's table (Crowd::kOperationalModels, crowd.cpp).
struct CrowdModelName {
  const char* word;
  const char* json;
  const char* label;
};
inline constexpr CrowdModelName kCrowdModelNames[] = {
    {"sfm", "SocialForceModel", "social force"},
    {"csm", "CollisionFreeSpeedModel", "collision-free speed"},
    {"avm", "AnticipationVelocityModel", "anticipation velocity"}};
inline constexpr uint32_t kCrowdModelCount = sizeof kCrowdModelNames / sizeof kCrowdModelNames[0];

/// A room: its extent (the view), walls, exits (segments in gaps of the walls), columns, and the
/// rectangle people start in. A scenario's room (crowd_scenario.h) adds where its extent starts,
/// its walkable area and its exits as areas; a preset has none of them.
struct CrowdLayout {
  std::string name;
  double width, height;
  std::vector<CrowdSegment> walls, exits;
  std::vector<CrowdColumn> columns;
  double sx0, sy0, sx1, sy1;
  double x0 = 0, y0 = 0;                    ///< the extent's lower-left corner, in the room's own coordinates
  std::vector<CrowdPolygon> walkable{};     ///< where people may stand; empty: the whole extent
  std::vector<CrowdExitArea> exit_areas{};  ///< a person whose centre enters one has left
  std::vector<CrowdZone> zones{};           ///< speed zones (CrowdZone), in file order
  std::vector<CrowdCheckpoint> checkpoints{};  ///< a journey's stages before its exits, in file order
  /// A corridor without ends along x (CrowdScenario::periodic): +1 people walk east, −1 west;
  /// x wraps over [x0, x0 + width), and people see each other across the seam. 0: walls all round.
  int periodic = 0;
};
/// The preset rooms, in choice order.
const std::vector<CrowdLayout>& crowd_layouts();
/// A preset's word in links and on the command line: room, two-exits, column, corridor, hall.
const char* crowd_preset_word(uint32_t k);

/// What the command line adds to a preset room before anyone is placed (--wall, --exit,
/// --obstacle): walls, exits cut into walls, columns, applied in that order.
struct CrowdRoomEdits {
  std::vector<CrowdSegment> walls, exits;
  std::vector<CrowdColumn> columns;
  /// Where the people start in place of the preset's start area (--start-area, the start tool).
  bool has_start = false;
  double sx0 = 0, sy0 = 0, sx1 = 0, sy1 = 0;
};
/// Why an edit of the room does not fit, as data: which kind, its place among them (from 0), and
/// the reason; `what` none when every edit fits. The session words it for its front end.
struct CrowdRoomError {
  enum class Edit { none, wall, exit, obstacle, start_area } what = Edit::none;
  size_t index = 0;
  std::string reason;
  bool ok() const { return what == Edit::none; }
  /// As the command line says it, naming the option and which of them: "--exit number 2: …".
  std::string cli_words() const;
};

}  // namespace bandada
