// Bandada — fuzz target: what the crowd's measuring options read (core/models/crowd/crowd_measure.h):
// --measure-line X1;Y1;X2;Y2 and --measure-area WKT, and the WKT reader under them. Whatever the
// text, it is refused with a reason or read into a line of length and an area of area.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "models/crowd/crowd_measure.h"
#include "models/crowd/crowd_scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  bandada::CrowdLine line;
  if (bandada::read_measure_line(text, line).empty() && !(line.length() >= 0.1)) std::abort();
  bandada::CrowdArea area;
  if (bandada::read_measure_area(text, area).empty() && !(area.area >= 0.01 && std::isfinite(area.area)))
    std::abort();
  std::vector<bandada::CrowdPolygon> polygons;
  if (bandada::read_wkt_polygons(text, polygons).empty())
    for (const bandada::CrowdPolygon& p : polygons)
      for (const bandada::CrowdRing& r : p)
        if (r.size() < 3) std::abort();
  return 0;
}
