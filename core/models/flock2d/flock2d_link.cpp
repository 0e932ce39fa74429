// Bandada — the 2-D flock's share string (m=flock2d): every field's raw text, the choices, and
// the markers, obstacles and leader, so that a link or the saved text brings back the flock's
// whole set-up (docs/models/flock2d.md, "Share keys"). Part of Flock2dController.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "app/share_codec.h"
#include "common/number_text.h"
#include "flock2d_controller.h"

namespace bandada {

namespace {

// The shortest text that reads back as the same double: two decimals for a placed marker,
// 17 digits for one that came exactly from an old link.
std::string coordinate_text(double v) {
  char b[48];
  std::snprintf(b, sizeof b, "%.2f", v);
  std::string s = b;
  if (std::strtod(b, nullptr) != v) return format_double(v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string points_text(const std::vector<std::pair<double, double>>& pts) {
  std::string s;
  for (size_t i = 0; i < pts.size(); ++i)
    s += (i ? "_" : "") + coordinate_text(pts[i].first) + "~" + coordinate_text(pts[i].second);
  return s;
}

bool parse_points(std::string_view s, std::vector<std::pair<double, double>>& out, size_t& dropped) {
  out.clear();
  dropped = 0;
  while (!s.empty()) {
    const size_t end = s.find('_');
    std::string_view one = s.substr(0, end);
    const size_t sep = one.find('~');
    if (sep == std::string_view::npos) return false;
    RealParse x = parse_real_text(one.substr(0, sep)), y = parse_real_text(one.substr(sep + 1));
    if (!x.ok || !y.ok) return false;
    if (out.size() < static_cast<size_t>(kMaxMarkers))
      out.emplace_back(x.value, y.value);
    else
      ++dropped;
    s = end == std::string_view::npos ? std::string_view() : s.substr(end + 1);
  }
  return true;
}

}  // namespace

std::string Flock2dController::share_string() const {
  std::string s = write_model_link("flock2d", flock2d_fields(), kFlock2dFieldCount, texts_.data());
  s += std::string("&law=") + (law_ == ForceLaw::raw ? "raw" : "steering");
  s += std::string("&int=") + (integrator_ == Integrator::rk4 ? "rk4" : "euler");
  if (leader_ >= 0) s += "&leader=" + std::to_string(leader_);
  if (start_ == Start::orbits) s += "&start=orbits";
  if (compare_) s += "&cmp=on";
  std::vector<std::pair<double, double>> pr = pending_predators_, at = pending_attractors_;
  if (model_) {
    pr.clear();
    at.clear();
    for (const Marker& m : model_->predators()) pr.emplace_back(m.x, m.y);
    for (const Marker& m : model_->attractors()) at.emplace_back(m.x, m.y);
  }
  if (!pr.empty()) s += "&pred=" + points_text(pr);
  if (!at.empty()) s += "&attr=" + points_text(at);
  if (!circles_.empty()) {
    s += "&obst=";
    for (size_t k = 0; k < circles_.size(); ++k)
      s += (k ? "_" : "") + coordinate_text(circles_[k].x) + "~" + coordinate_text(circles_[k].y) + "~" +
           coordinate_text(circles_[k].r);
  }
  if (!walls_.empty()) {
    s += "&wall=";
    for (size_t k = 0; k < walls_.size(); ++k)
      s += (k ? "_" : "") + coordinate_text(walls_[k].x1) + "~" + coordinate_text(walls_[k].y1) + "~" +
           coordinate_text(walls_[k].x2) + "~" + coordinate_text(walls_[k].y2);
  }
  return s;
}

CommandResult Flock2dController::open_link(std::string_view share) {
  Flock2dFieldTexts texts = flock2d_default_texts();
  ModelLink link = read_model_link(share, "flock2d", flock2d_fields(), kFlock2dFieldCount, texts.data());
  if (!link.ok) return {false, link.error};
  auto find = [&](std::string_view key) { return link.get(key); };
  std::vector<std::string>& warnings = link.warnings;
  texts_ = texts;
  preset_ = -1;
  for (int k = 0; k < static_cast<int>(flock2d_presets().size()); ++k) {
    bool same = true;
    for (int i = 0; i < kFlock2dFieldCount; ++i)
      if (i != static_cast<int>(Flock2dField::count) && i != static_cast<int>(Flock2dField::seed))
        same = same && flock2d_presets()[k].texts[i] == texts_[i];
    if (same) preset_ = k;
  }
  revalidate();
  law_ = find("law").value_or("steering") == "raw" ? ForceLaw::raw : ForceLaw::steering;
  integrator_ = find("int").value_or("euler") == "rk4" ? Integrator::rk4 : Integrator::euler;
  start_ = find("start").value_or("random") == "orbits" ? Start::orbits : Start::random;
  compare_ = find("cmp").value_or("off") == "on";
  compare_refusal_.clear();
  if (compare_ && check_flock2d(texts_).params.n > kCompareMax) {
    compare_ = false;
    warnings.push_back("compare integrators ignored: it runs at most " + std::to_string(kCompareMax) +
                       " boids");
  }
  leader_ = -1;
  if (auto l = find("leader")) {
    IntegerParse lp = parse_integer_text(*l, 19999);
    if (lp.ok) leader_ = static_cast<int64_t>(lp.value);
  }
  pending_predators_.clear();
  pending_attractors_.clear();
  for (auto [key, list, word] : {std::tuple{"pred", &pending_predators_, "predators"},
                                 std::tuple{"attr", &pending_attractors_, "attractors"}}) {
    size_t dropped = 0;
    if (auto text = find(key); text && !parse_points(*text, *list, dropped)) {
      list->clear();
      warnings.push_back(std::string("malformed ") + word + " ignored");
    }
    if (dropped)
      warnings.push_back(std::to_string(dropped) + " " + word + " beyond the first " +
                         std::to_string(kMaxMarkers) + " ignored");
  }
  circles_.clear();
  walls_.clear();
  for (auto [key, arity, word] :
       {std::tuple{"obst", size_t{3}, "circles"}, std::tuple{"wall", size_t{4}, "walls"}}) {
    auto text = find(key);
    if (!text) continue;
    std::vector<double> v;
    bool ok = true;
    std::string_view rest = *text;
    while (ok && !rest.empty()) {
      const size_t end = rest.find('_');
      std::string_view one = rest.substr(0, end);
      v.clear();
      while (ok) {
        const size_t sep = one.find('~');
        RealParse x = parse_real_text(one.substr(0, sep));
        ok = x.ok;
        v.push_back(x.value);
        if (sep == std::string_view::npos) break;
        one = one.substr(sep + 1);
      }
      ok = ok && v.size() == arity &&
           (arity == 3 ? add_circle(v[0], v[1], v[2]).ok : add_wall(v[0], v[1], v[2], v[3]).ok);
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    }
    if (!ok) warnings.push_back(std::string("malformed or out-of-range ") + word + " ignored from there on");
  }
  model_.reset();  // a link describes a flock to build: Initialize places its markers
  twin_.reset();
  running_ = false;
  series_.clear();
  notice_ = "Opened a shared configuration of the 2-D flock.";
  for (const std::string& w : warnings) notice_ += " (" + w + ")";
  return {true, notice_, warnings};
}

}  // namespace bandada
