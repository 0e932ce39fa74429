// Bandada — crowd evacuation with the social force model (docs/models/crowd.md): people as discs
// in a bounded room of walls, exits and columns, in metres and seconds, driven toward the exits
// and kept apart by the social force, body compression and sliding friction of Helbing, Farkas
// and Vicsek (2000). A frame step is 0.04 s of model time, made of several internal steps. Person
// i is the i-th placed; every sum runs in ascending index, so the bits do not depend on threads.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/lcg.h"
#include "crowd_room.h"

namespace bandada {

inline constexpr double kCrowdMass = 80.0;    ///< m, kg
inline constexpr double kCrowdReach = 2.0;    ///< social force only within 2 m, centre to centre or surface
inline constexpr double kCrowdFrame = 0.04;   ///< s of model time per frame step
inline constexpr double kCrowdNavCell = 0.1;  ///< m, the navigation field's grid
inline constexpr double kCrowdBodyMin =
    0.1;  ///< m, the smallest radius anyone has (a spread's draws are clipped to it)
/// m: a segment exit is, for the step, the thin area this far either side of it (one kind of exit).
inline constexpr double kCrowdDoorDepth = 0.005;
inline constexpr uint32_t kCrowdMaxPeople = 20000;
/// A column's radius, m: any column of a room (the command line's, a state file's) …
inline constexpr double kCrowdColumnMin = 0.1, kCrowdColumnMax = 10.0;
/// … and one placed with the page's tool.
inline constexpr double kCrowdToolColumnMax = 3.0;
/// A person's speed is capped here, m/s: far above anyone's desired speed, it only keeps a crowd
/// pressed hard at a coarse dt finite (contact and friction are stiff; docs/models/crowd.md, "Time").
inline constexpr double kCrowdMaxSpeed = 20.0;

/// An operational model's word in links, on the command line and in saved scenarios: sfm, csm.
inline const char* crowd_model_word(uint32_t k) {
  return kCrowdModelNames[k < kCrowdModelCount ? k : 0].word;
}
/// The collision-free speed model's neighbours: within 3 m, centre to centre (JuPedSim's cut-off).
inline constexpr double kCrowdCsmCutoff = 3.0;

struct CrowdParams {
  uint32_t n = 200;         ///< people placed at Initialize, 1 … 20 000
  double exit_width = 1.0;  ///< m, every exit of the room, 0.4 … 5 (each keeps its centre)
  /// m along a preset room's outer walls, anticlockwise from its bottom-left corner: the centre of
  /// a second exit, exit_width wide (0: none; crowd_room.cpp says where it goes).
  double exit2 = 0.0;
  double v0 = 1.0;           ///< desired speed, m/s, more than 0 … 10
  double herding = 0.0;      ///< p: 0 individual … 1 follow the neighbours' mean direction
  double herd_radius = 4.0;  ///< R, m: whose directions herding averages
  double dt = 0.002;  ///< internal step, s, 0.0002 … 0.005 (a frame is ceil(0.04/dt) of them, evenly)
  uint32_t seed = 1;
  uint32_t layout = 0;  ///< a preset room (crowd_layouts())
  // The social force model's constants (Helbing, Farkas and Vicsek 2000), live: the social force
  // A·exp((r_i + r_j − d_ij)/B) between people and A_w·exp((r_i − d_iw)/B_w) from walls and
  // columns, body compression k and sliding friction κ where bodies touch, the relaxation time τ.
  // A state file carries them only where one differs from these, their first values.
  double sfm_a = 2000.0;       ///< A, N
  double sfm_b = 0.08;         ///< B, m
  double sfm_tau = 0.5;        ///< τ, s
  double sfm_k = 1.2e5;        ///< k, kg/s²
  double sfm_kappa = 2.4e5;    ///< κ, kg/(m·s)
  double sfm_wall_a = 2000.0;  ///< A_w, N
  double sfm_wall_b = 0.08;    ///< B_w, m
  /// ξ, N: each component of a random force, a standard normal draw × ξ, drawn for each person
  /// once a frame (0.04 s) from the seed, the frame and the person's number; 0: none.
  double sfm_noise = 0.0;
  /// The operational model: kCrowdSocialForce, kCrowdCollisionFree (Tordeux, Chraibi and
  /// Seyfried 2016, as JuPedSim computes it: crowd_csm.cpp) or kCrowdAnticipation, live.
  uint32_t model = 0;
  // The collision-free speed model's constants, live (JuPedSim's defaults): the repulsion
  // a·exp((r_i + r_j − d_ij)/D) from people and a_w·exp((r_i − d_iw)/D_w) from walls and
  // columns that bends the direction, and the time gap T that sets the speed from the gap ahead.
  double csm_a = 8.0;        ///< a, dimensionless
  double csm_d = 0.1;        ///< D, m
  double csm_wall_a = 5.0;   ///< a_w, dimensionless
  double csm_wall_d = 0.02;  ///< D_w, m
  double csm_t = 1.0;        ///< T, s
  /// η: ours, not JuPedSim's: η·(g_x, g_y) added to the direction's sum, g the fluctuation's
  /// normal draws (new every frame); 0: JuPedSim's model exactly.
  double csm_noise = 0.0;
  // The anticipation velocity model's constants, live (JuPedSim's defaults, Xu, Chraibi and
  // Seyfried 2021, as JuPedSim computes it: crowd_avm.cpp). Its neighbours push sideways,
  // strength·(1 + (1 − d_i·e_j)/2)·exp(−R/range), R the gap less what the anticipation time closes;
  // the direction turns toward that over the reaction time; the speed is the spacing ahead over the
  // time gap; within the wall buffer the direction slides along the wall and is pushed out.
  double avm_a = 8.0;        ///< strength of the neighbours' repulsion, dimensionless
  double avm_d = 0.1;        ///< its range, m
  double avm_buffer = 0.1;   ///< the wall buffer distance, m (beyond the radius)
  double avm_ta = 1.0;       ///< anticipation time t_a, s
  double avm_tr = 0.3;       ///< reaction time, s
  double avm_t = 1.06;       ///< time gap T, s
  double avm_pushout = 0.3;  ///< the push out of a wall within the buffer, dimensionless
  /// The first two models' constants, in this order (the state file's one list; the fields sfm_a …
  /// csm_noise).
  template <class F>
  void each_model_constant(F&& f) {
    for (double* v : {&sfm_a, &sfm_b, &sfm_tau, &sfm_k, &sfm_kappa, &sfm_wall_a, &sfm_wall_b, &sfm_noise,
                      &csm_a, &csm_d, &csm_wall_a, &csm_wall_d, &csm_t, &csm_noise})
      f(*v);
  }
  /// The anticipation velocity model's constants, in this order (a state file's part of their own,
  /// after the journeys; the fields avm_a … avm_pushout).
  template <class F>
  void each_avm_constant(F&& f) {
    for (double* v : {&avm_a, &avm_d, &avm_buffer, &avm_ta, &avm_tr, &avm_t, &avm_pushout}) f(*v);
  }
};

/// The room people are placed in: preset p.layout with every exit p.exit_width wide about its
/// centre, then `edits`; `out` set when every edit fits.
CrowdRoomError crowd_room(const CrowdParams& p, const CrowdRoomEdits& edits, CrowdLayout& out);

/// A standard normal draw: Box–Muller, two uniforms, the cosine branch (the project's own log and cos).
double crowd_normal_draw(Lcg& rng);

/// The people in the room, in index order: one list per member, every list always as long as the
/// others. What a person does not have is a default: the field's desired speed (NaN), route 0 (every
/// exit), no checkpoint (stage 0 of a route without any, aiming where they stand, not waiting).
/// Every change goes through append, erase and compact, which walk the one member list (members).
struct CrowdPeople {
  /// One person, as append takes them.
  struct Person {
    double x = 0, y = 0, vx = 0, vy = 0, r = 0, pressure = 0;
    uint32_t id = 0;
    double v0 = NAN;  ///< their own desired speed, m/s; NaN: the field's (params().v0, live)
    uint32_t route = 0, stage = 0;
    double tx = 0, ty = 0, until = -1;
    double ox = 0, oy = 0;
  };
  std::vector<double> x, y, vx, vy, r;
  std::vector<double> pressure;  ///< from the last internal step, N/m (Crowd::pressure)
  std::vector<uint32_t> id;      ///< their number as placed
  std::vector<double> v0;        ///< own desired speed; NaN: the field's
  std::vector<uint32_t> route;   ///< an index into the crowd's routes
  std::vector<uint32_t> stage;   ///< the stage of their route's checkpoints they head for
  std::vector<double> tx, ty;    ///< the point of their checkpoint they walk to
  std::vector<double> until;     ///< when their waiting at a checkpoint ends, s; −1: not waiting
  /// The anticipation velocity model's orientation: the unit direction it last gave them ((0, 0)
  /// before it has), which it turns over the reaction time. The other models leave it.
  std::vector<double> ox, oy;

  /// Calls f(list, field) for every member: the list, and the Person field it holds. The one list
  /// of members: append, erase and compact walk it, so a member added here is kept by all three.
  template <class F>
  static void members(F&& f) {
    f(&CrowdPeople::x, &Person::x);
    f(&CrowdPeople::y, &Person::y);
    f(&CrowdPeople::vx, &Person::vx);
    f(&CrowdPeople::vy, &Person::vy);
    f(&CrowdPeople::r, &Person::r);
    f(&CrowdPeople::pressure, &Person::pressure);
    f(&CrowdPeople::id, &Person::id);
    f(&CrowdPeople::v0, &Person::v0);
    f(&CrowdPeople::route, &Person::route);
    f(&CrowdPeople::stage, &Person::stage);
    f(&CrowdPeople::tx, &Person::tx);
    f(&CrowdPeople::ty, &Person::ty);
    f(&CrowdPeople::until, &Person::until);
    f(&CrowdPeople::ox, &Person::ox);
    f(&CrowdPeople::oy, &Person::oy);
  }
  size_t size() const { return x.size(); }
  void append(const Person& p) {
    members([&](auto list, auto field) { (this->*list).push_back(p.*field); });
  }
  void erase(size_t i) {
    members([&](auto list, auto) { (this->*list).erase((this->*list).begin() + static_cast<long>(i)); });
  }
  /// Keeps those whose gone[i] is 0, in their order.
  void compact(const std::vector<char>& gone) {
    members([&](auto list, auto) {
      auto& v = this->*list;
      size_t w = 0;
      for (size_t i = 0; i < v.size(); ++i)
        if (!gone[i]) v[w++] = v[i];
      v.resize(w);
    });
  }
};

class Crowd;
class CrowdFreeSpace;
struct CrowdScenario;
std::string crowd_pack(const Crowd& c);
/// Reads what crowd_pack wrote into c (keeping its thread count); false, c untouched, for bytes
/// that are not a whole crowd of this build.
bool crowd_unpack(std::string_view bytes, Crowd& c);

class Crowd {
 public:
  /// The room of p.layout, and p.n people placed at random in its start area without overlap
  /// (fewer when they do not fit: placed() says how many).
  explicit Crowd(const CrowdParams& p);
  /// p.n people placed at random in `room`'s start area, as above (the room as given: see crowd_room).
  Crowd(const CrowdParams& p, CrowdLayout room);
  /// A scenario: its room, and each start area's people placed in file order, each with the radius
  /// and desired speed drawn from its spreads (radius first, then speed; a normal draw takes two
  /// uniforms, Box–Muller), then tried at uniform points of the area's bounding box until one is
  /// inside it, clear of the room and of everyone (2 000 tries). short_start() names an area
  /// that could not place its number. With `v0_mean` > 0, it replaces every area's mean speed.
  Crowd(const CrowdParams& p, const CrowdScenario& s, double v0_mean);
  /// The room `layout` with the given people (centres and radii, at rest), for hand-made cases.
  Crowd(const CrowdParams& p, CrowdLayout layout, std::vector<double> x, std::vector<double> y,
        std::vector<double> r);

  /// Live: v0, herding, R and dt apply from the next step (n, seed and layout need a new crowd).
  void set_live_params(const CrowdParams& p);
  const CrowdParams& params() const { return params_; }
  void set_threads(unsigned t) { threads_ = t < 1 ? 1 : t; }

  /// One frame step: 0.04 s of model time in ceil(0.04/dt) internal steps.
  void step();
  uint64_t steps() const { return steps_; }
  double time() const { return static_cast<double>(steps_) * kCrowdFrame; }

  // ---- people in the room (index order) ----
  size_t size() const { return people_.x.size(); }
  const std::vector<double>& x() const { return people_.x; }
  /// A difference of x as the room sees it: in a corridor without ends, the shorter way round
  /// the seam (only + and −, so the bits are the same everywhere).
  double sep_x(double d) const {
    if (layout_.periodic == 0) return d;
    const double L = layout_.width;
    return d > L / 2 ? d - L : d < -L / 2 ? d + L : d;
  }
  const std::vector<double>& y() const { return people_.y; }
  const std::vector<double>& vx() const { return people_.vx; }
  const std::vector<double>& vy() const { return people_.vy; }
  const std::vector<double>& radius() const { return people_.r; }
  const std::vector<uint32_t>& ids() const { return people_.id; }  ///< each person's number as placed
  /// Per person, from the last internal step: the normal forces of others and walls on it over its
  /// circumference, N/m.
  const std::vector<double>& pressure() const { return people_.pressure; }

  /// The unit direction person i wants to go now: to the nearest point of an exit when nothing is
  /// in the way, else down the navigation field; (0, 0) when the field does not reach them.
  void heading(size_t i, double& ex, double& ey) const { desired(i, ex, ey); }
  /// Each person's own desired speed (a scenario's draws); NaN: the field's, params().v0, live.
  const std::vector<double>& own_speeds() const { return people_.v0; }
  /// By person number (as placed): when they start to walk, s (a scenario's premovement draws);
  /// empty: everyone at once.
  const std::vector<double>& start_times() const { return start_; }
  /// How many inside are still waiting for their premovement time.
  size_t waiting() const;
  /// The start area that could not place its number ("" : every one did).
  const std::string& short_start() const { return short_start_; }
  /// The first start area (file order) with people placed where no exit of its journey can be
  /// reached by a body of their radius, walls, holes or a narrow passage cutting them off ("" : none),
  /// and how many of its people are.
  const std::string& unreached_start() const { return unreached_start_; }
  uint32_t unreached_people() const { return unreached_people_; }

  // ---- journeys through checkpoints (a scenario's; without checkpoints everyone at stage 0) ----
  /// By index: the stage each heads for, an index into their route's checkpoints (route_stops);
  /// that route's length once they head for its exits.
  const std::vector<uint32_t>& stages() const { return people_.stage; }
  /// By index: the point of their checkpoint they walk to.
  const std::vector<double>& target_x() const { return people_.tx; }
  const std::vector<double>& target_y() const { return people_.ty; }
  /// By index: when their waiting at the checkpoint ends, s; −1 when not waiting.
  const std::vector<double>& wait_until() const { return people_.until; }
  /// Person i's checkpoints in order (indices into layout().checkpoints).
  const std::vector<uint32_t>& route_stops(size_t i) const { return stops_[people_.route[i]]; }
  /// The checkpoint person i heads for, or −1 when they head for an exit.
  int32_t checkpoint_of(size_t i) const {
    if (layout_.checkpoints.empty()) return -1;
    const std::vector<uint32_t>& s = route_stops(i);
    return people_.stage[i] < s.size() ? static_cast<int32_t>(s[people_.stage[i]]) : -1;
  }
  /// How many stand waiting at a checkpoint now.
  size_t waiting_at_checkpoints() const;

  // ---- arrivals (flow spawning) ----
  /// Someone who has yet to arrive: when, their radius and speed (drawn at the start, in file
  /// order, as the people placed then), their start area and route.
  struct Arrival {
    double at, r, v0;
    uint32_t area, route;
  };
  /// Who has yet to be placed, in order of their times (file order on a tie).
  const std::vector<Arrival>& arrivals() const { return arrivals_; }
  /// How many of those placed by flow spawning found no room at their time, their waits summed
  /// and the longest, s.
  uint32_t arrivals_waited() const { return spawn_waited_; }
  double arrivals_wait_total() const { return spawn_wait_total_; }
  double arrivals_wait_max() const { return spawn_wait_max_; }
  /// Everyone the run has: placed so far and still to arrive.
  uint32_t expected() const { return placed_ + static_cast<uint32_t>(arrivals_.size()); }
  /// How many the scenario's start areas bring by flow spawning (0: none do).
  uint32_t arrivals_total() const { return arrivals_total_; }

  // ---- who left ----
  uint32_t placed() const { return placed_; }
  /// By person number (as placed): the exit they left by, an index into layout().exit_areas, or
  /// kExitSegment + k for segment exit k as it was then; kStillInside while inside.
  const std::vector<int32_t>& exit_of() const { return exit_of_; }
  static constexpr int32_t kStillInside = -1, kExitSegment = 1 << 20;
  /// The times people left, in the order they left (a time within the internal step they crossed).
  const std::vector<double>& exit_times() const { return exit_times_; }
  size_t evacuated() const { return exit_times_.size(); }
  /// When the last person left; NaN while anyone is inside (or nobody was placed).
  double evacuation_time() const;
  /// People who left in the last second of model time, per second.
  double outflow() const;
  double mean_speed() const;
  double max_pressure() const;
  /// When 90 % of those placed had left (the ceil(0.9·N)-th exit time); NaN before.
  double evacuation_time_90() const;
  /// Clogging pauses: gaps of 1 s or more between one person leaving and the next.
  size_t clogging_pauses() const;
  /// Every exit's width, summed, m.
  double exit_width_total() const;

  // ---- the room ----
  const CrowdLayout& layout() const { return layout_; }
  /// Edits (tools): each recomputes the navigation field. false with nothing changed when refused.
  bool add_wall(double x1, double y1, double x2, double y2);
  /// Cuts an exit `width` wide into the wall nearest (x, y), centred at its nearest point.
  bool cut_exit(double x, double y, double width);
  bool add_column(double x, double y, double r);
  /// Places up to `count` more people within `spread` of (x, y), without overlap; how many.
  size_t add_people(double x, double y, double spread, size_t count);
  /// Removes the person, column, exit or wall nearest (x, y) within 1 m; false when none.
  bool remove_nearest(double x, double y);

  uint64_t fingerprint() const;

 private:
  friend std::string crowd_pack(const Crowd& c);
  friend bool crowd_unpack(std::string_view bytes, Crowd& c);
  template <class Record>
  friend bool crowd_scenario_back(const Record& r, Crowd& out);
  template <class Record>
  friend bool journeys_back(const Record& r, Crowd& out);
  template <class Record>
  friend bool journeys_out(const Crowd& c, Record& r);
  /// One step of h as three phases: forces (forces_on, herd), move and collide
  /// (move_and_collide), exits (remove_exited).
  void internal_step(double h);
  void herd(size_t i, const std::vector<uint32_t>& near, double& ex, double& ey) const;
  void fluctuation(uint32_t id, double& gx, double& gy) const;
  /// A thread's working lists for one person's neighbours (csm_velocity, forces_on): the surfaces
  /// near, the neighbours seen.
  struct NeighbourBuffers {
    std::vector<const CrowdSegment*> walls;
    std::vector<double> wall_qx, wall_qy;  ///< each wall's point nearest the person (surfaces_near)
    std::vector<const CrowdColumn*> columns;
    /// the neighbours seen, in ascending index (room for every candidate: each is written before
    /// it is kept), with δ, |δ| (its square at first) and r_i + r_j
    std::vector<uint32_t> seen;
    std::vector<double> dx, dy, d, reach;
  };
  /// An operational model as the step runs it (JuPedSim's OperationalModel): how far it looks for
  /// neighbours (centre to centre), its computation for person i from the state before the step
  /// (into scratch ax, ay, in parallel, each person's own), and whether that is the person's new
  /// velocity (else an acceleration, integrated semi-implicitly). By id, as kCrowdModelNames.
  struct OperationalModel {
    double reach;
    void (Crowd::*compute)(size_t i, const std::vector<uint32_t>& near, NeighbourBuffers& buf);
    bool gives_velocity;
    /// What it keeps of its own per person after everyone's computation (null: nothing), in
    /// parallel, each person's own: the anticipation velocity model's orientation.
    void (Crowd::*keep)(size_t i);
    /// Whether a person in the band the navigation field leaves along walls, with no reached cell
    /// next to them, is given a way (desired): a model whose walls do not push anyone off them (the
    /// other two's do, and their bits stay as they were).
    bool aims_in_band;
  };
  static const OperationalModel kOperationalModels[kCrowdModelCount];
  /// The collision-free speed model: person i's velocity for this step (scratch ax, ay).
  void csm_velocity(size_t i, const std::vector<uint32_t>& near, NeighbourBuffers& buf);
  /// The anticipation velocity model: person i's velocity for this step (scratch ax, ay) and their
  /// new orientation (scratch ox, oy), which avm_keep then takes.
  void avm_velocity(size_t i, const std::vector<uint32_t>& near, NeighbourBuffers& buf);
  void avm_keep(size_t i);
  /// Its sideways repulsion on person i (desired direction (ex, ey)) from the first m of buf.
  void avm_repulsion(size_t i, size_t m, const NeighbourBuffers& buf, double ex, double ey, double& rx,
                     double& ry) const;
  /// Its walls: (dx, dy) of person i slid along the surfaces in buf within the wall buffer.
  void avm_slide(size_t i, const NeighbourBuffers& buf, double& dx, double& dy) const;
  /// The anticipation velocity model's draws: a number from the seed, the model time's bits, person
  /// `id`, `other` (a neighbour's number, or 0) and the purpose, the same for any order and thread.
  uint64_t avm_draw(uint32_t id, uint32_t other, uint32_t purpose) const;
  /// The surfaces within the cut-off of person i into buf (walls, columns), as the speed models see
  /// them: they hide neighbours (unhidden), and the anticipation velocity model slides along them.
  void surfaces_near(size_t i, NeighbourBuffers& buf) const;
  void forces_on(size_t i, const std::vector<uint32_t>& near, NeighbourBuffers& buf);
  /// Person i's neighbours whose squared distance is below cut2 (and, if `apart`, not 0), in
  /// ascending index, into buf: δ (from i to j if `toward`, else from j to i), |δ|, r_i + r_j.
  /// How many.
  size_t within(size_t i, const std::vector<uint32_t>& near, double cut2, bool toward, bool apart,
                NeighbourBuffers& buf) const;
  /// The first m of buf less those behind a surface in buf (the collision-free speed model's
  /// sight); how many are left.
  size_t unhidden(size_t i, size_t m, NeighbourBuffers& buf) const;
  /// The collision-free speed model's repulsions from the first m of buf, onto (sx, sy).
  void csm_repulsion(size_t m, const NeighbourBuffers& buf, double& sx, double& sy) const;
  /// The social force model's forces from the first m of buf onto (fx, fy), and their normal parts.
  void sfm_pairs(size_t i, size_t m, const NeighbourBuffers& buf, double social, double& fx, double& fy,
                 double& normal) const;
  double move_and_collide(size_t i, double h);
  void remove_exited(double h);
  /// The unit direction a person of radius r at (x, y) wants to go: to the nearest point of an
  /// exit (less r at each end) when nothing is in the way, else down the navigation field.
  void desired(size_t i, double& ex, double& ey) const;
  /// desired's way down person i's navigation field, from (ex, ey) = (0, 0).
  void down_field(size_t i, double& ex, double& ey) const;
  /// Person i's desired speed: their own (or params().v0), times the speed zones' factor where
  /// their centre is (crowd_zone_factor).
  double desired_speed(size_t i) const;
  /// Person i's exits: indices into doors_, the exit areas their route allows (every one for
  /// route 0) and every segment exit.
  const std::vector<uint32_t>& route_of(size_t i) const { return route_doors_[people_.route[i]]; }
  /// An exit as a person's exit_of() names it: an exit area's index, or kExitSegment + k.
  int32_t exit_id(uint32_t door) const {
    const auto areas = static_cast<uint32_t>(layout_.exit_areas.size());
    return door < areas ? static_cast<int32_t>(door) : kExitSegment + static_cast<int32_t>(door - areas);
  }
  void build_navigation();
  /// doors_ and route_doors_ from the layout and routes_ (build_navigation calls it).
  void build_doors();
  /// A scenario's premovement times (start_), when any start area asks for them.
  void premovement_draws(const CrowdScenario& s);
  /// Whether person i is still waiting for their premovement time (never without premovement).
  bool waits(size_t i) const { return people_.id[i] < start_.size() && t_ < start_[people_.id[i]]; }
  /// Everyone placed so far at rest, numbered in placement order, inside.
  void at_rest();
  /// Appends a person at rest at (x, y), numbered by their index, aiming where they stand: their
  /// own desired speed (NaN: the field's) and route.
  void place(double x, double y, double r, double v0, uint32_t route);
  /// Whether the room is a scenario's (a walkable area or exit areas): its people have their own
  /// speeds and routes, which the bytes and the fingerprint carry.
  bool scenario() const { return !layout_.walkable.empty() || !layout_.exit_areas.empty(); }
  /// What every route's field is computed on: each cell's block level (1: within 0.3 m of a wall
  /// or column, 2: within a cell) and distance to the nearest surface up to 0.3 m (`clear`), and,
  /// built when a third pass first needs it, which steps between cells cross a wall (crossings).
  struct NavGround {
    std::vector<char> blocked;
    std::vector<double> clear;
    std::vector<uint8_t> cut;
  };
  /// The shortest-path distance to the route's exits (and every segment exit) on the grid, from
  /// the open cells, then, where that leaves ground unreached, through cells blocked only at 2
  /// (each step's length weighted by its cell's nearness to a surface), then, where ground a body
  /// fits on is still unreached, through any step that crosses no wall (navigation_field says when).
  std::shared_ptr<const std::vector<double>> navigation_field(const std::vector<uint32_t>& route,
                                                              NavGround& ground) const;
  /// One Dijkstra pass of navigation_field over the cells blocked below `level` (3: none, the
  /// steps that cross a wall refused instead), from the exits and from the cells `fixed` (whose
  /// distances it keeps; empty: none), each step's length weighted by its cell's nearness to a
  /// surface from level 2.
  void navigation_pass(const std::vector<uint32_t>& route, const NavGround& ground, char level,
                       const std::vector<char>& fixed, std::vector<double>& nav) const;
  /// Whether a walkable cell at least kCrowdBodyMin from every surface is unreached with no
  /// reached cell within 0.3 m of it (the band the first pass leaves along a wall).
  bool stranded(const std::vector<double>& nav, const std::vector<double>& clear) const;
  /// Per cell, bit k: its step to the neighbour in direction k crosses or touches a wall, or
  /// passes within a column.
  std::vector<uint8_t> crossings() const;
  bool blocked_path(double x0, double y0, double x1, double y1) const;
  // Whether a disc of radius r at (x, y) is clear of everyone and of the room (free_spot), or of
  // the room alone: inside it, clear of its walls and columns (free_of_room).
  bool free_spot(double x, double y, double r) const;
  bool free_of_room(double x, double y, double r) const;

  CrowdParams params_;
  CrowdLayout layout_;
  Lcg rng_;
  CrowdPeople people_;
  std::vector<std::vector<uint32_t>> routes_{{}};  // each the exit areas it allows; route 0 every one
  // One kind of exit for the step (rebuilt with the navigation field): every exit as an area, the
  // layout's exit areas first, then each segment exit as a thin one; and each route's doors.
  std::vector<CrowdExitArea> doors_;
  std::vector<CrowdBox> door_boxes_;  // each door's box (quick answers that are the same answers)
  std::vector<std::vector<uint32_t>> route_doors_;
  std::vector<int32_t> exit_of_;  // by person number
  std::vector<double> start_;     // by person number: premovement times (else empty)
  std::string short_start_, unreached_start_;
  uint32_t unreached_people_ = 0;
  std::vector<double> exit_times_;
  uint32_t placed_ = 0;
  uint64_t steps_ = 0;
  double t_ = 0;  // model time, s
  unsigned threads_ = 1;
  // The navigation field: shortest-path distance to an exit on a 0.1 m grid (infinite where
  // blocked or unreachable), rebuilt whenever the room changes.
  // One field per route; its cell is 0.1 m, coarser on a floor too large for 4 million cells.
  int nav_w_ = 0, nav_h_ = 0;
  double nav_cell_ = kCrowdNavCell;
  std::vector<std::shared_ptr<const std::vector<double>>>
      navs_;  // shared by copies (a step off the page's thread)
  // Working memory of internal_step, kept between steps so that a step allocates nothing. A copy
  // of the crowd (a step off the page's thread takes one) starts without it: nothing in it is
  // state, and the lists are rebuilt when they do not match the people.
  struct Scratch {
    Scratch() = default;
    Scratch(const Scratch&) {}
    Scratch& operator=(const Scratch&) { return *this; }
    std::vector<uint32_t> start, order, home, fill;
    std::vector<double> ax, ay, out_at;
    std::vector<double> ox, oy;          // the anticipation velocity model's new orientations
    double h = 0;                        // the internal step's length, s
    std::vector<int32_t> out_by;         // the exit each leaver left by (move_and_collide)
    std::vector<NeighbourBuffers> near;  // one per thread
    std::vector<std::pair<double, uint32_t>> left;
    std::vector<char> gone;
    // The neighbour lists and what they were built from (neighbour_lists).
    std::vector<std::vector<uint32_t>> lists;
    std::vector<double> built_x, built_y;
    std::vector<uint32_t> built_ids;
    double built_look = -1;
  } scratch_;
  /// Each person's neighbour list for this internal step: everyone within `look` (and some
  /// more), in ascending index.
  const std::vector<std::vector<uint32_t>>& neighbour_lists(double look);
  /// Whether person i can reach their first stage (their checkpoint, or an exit of their route): a
  /// path exists for a body of their radius, on the walls and columns themselves (CrowdFreeSpace,
  /// one per radius, kept in `grounds` beside its radius in `radii`).
  bool reaches_exit(size_t i, std::vector<std::unique_ptr<CrowdFreeSpace>>& grounds,
                    std::vector<double>& radii) const;
  /// Whether a body of radius r at (x, y) can walk straight to the area's nearest point, at least r
  /// from every wall and column all the way: then it reaches the area (reaches_exit's quick answer;
  /// when it is no, the free ground decides).
  bool walks_straight_to(const CrowdRing& area, double x, double y, double r) const;
  /// Whether the straight walk of a body of radius r from (x, y) to (qx, qy), in the room's box,
  /// keeps at least r from every wall and column.
  bool clear_walk(double x, double y, double qx, double qy, double r) const;

  // Journeys through checkpoints: per route its checkpoints in order (route 0: none); per person
  // (by index) the stage, the point aimed at and the end of their waiting; per checkpoint, then
  // per exit area, when someone last passed a throttled one (−1e300: nobody yet).
  std::vector<std::vector<uint32_t>> stops_{{}};
  std::vector<double> passed_;
  /// After a scenario's placement (`placed_in`: how many each start area placed): who cannot
  /// reach their first stage, the premovement times, the age tables' speeds.
  void after_placement(const CrowdScenario& s, const std::vector<size_t>& placed_in);
  /// After placement: arrivals in order, the throttles, everyone at their first stage.
  void start_journeys();
  /// Person i's point inside checkpoint `c`, drawn for their number and stage.
  void aim_at_checkpoint(size_t i, uint32_t c);
  /// After the moves, in index order: who reached their checkpoint's point, who ends waiting.
  void checkpoint_stages(double now);
  /// Person i on to the next stage of their journey.
  void next_stage(size_t i);
  /// The field person i walks down: their route's, or their checkpoint's.
  const std::vector<double>& field_of(size_t i) const;
  /// Flow spawning: the start areas' rings, the generator of places, and those who waited.
  std::vector<CrowdRing> spawn_areas_;
  std::vector<Arrival> arrivals_;
  Lcg spawn_rng_{0};
  uint32_t spawn_waited_ = 0, arrivals_total_ = 0;
  double spawn_wait_total_ = 0, spawn_wait_max_ = 0;
  /// Places whoever is due by `now` and fits (start areas in order; within one, in turn).
  void spawn_arrivals(double now);
};

}  // namespace bandada
