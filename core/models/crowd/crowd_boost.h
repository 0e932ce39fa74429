// Bandada — Boost.Geometry as the crowd's scenario reader (crowd_scenario.cpp) and its reach
// (crowd_reach.cpp) use it: the headers, with what they say on this compiler said once here, and
// the plane's types in Boost's terms.
#pragma once

// Boost 1.74's math constants include a header it marks deprecated; its note is not ours to fix.
#ifndef BOOST_ALLOW_DEPRECATED_HEADERS
#define BOOST_ALLOW_DEPRECATED_HEADERS
#endif
// GCC 12 finds a box in Boost 1.74's relate "maybe uninitialized" where it is always set first (a
// known false positive): said here once, not at every build.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/geometry.hpp>
#include <boost/geometry/geometries/multi_linestring.hpp>
#include <boost/geometry/geometries/multi_polygon.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

namespace bandada::crowd_bg {

namespace bg = boost::geometry;
using Point = bg::model::d2::point_xy<double>;
using Line = bg::model::linestring<Point>;
using Lines = bg::model::multi_linestring<Line>;
using Polygon = bg::model::polygon<Point>;
using Multi = bg::model::multi_polygon<Polygon>;

}  // namespace bandada::crowd_bg
