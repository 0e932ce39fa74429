// Bandada — the crowd's bundled scenarios: the scenario files in core/models/crowd/scenarios/,
// embedded in every build (the CLI, the page, its workers), so a card, a link or --bundled NAME
// opens the same bytes everywhere. Each is read by the same reader as a file the user opens.
#pragma once

#include <string_view>
#include <vector>

namespace bandada {

struct BundledScenario {
  const char* name;  ///< the file's name without ".json": rimea-01, nist-door-flow, …
  const char* text;  ///< the file, as committed
};

/// Every bundled scenario, by name (generated at configure time by scenarios/embed.cmake).
const std::vector<BundledScenario>& crowd_bundled_scenarios();

/// The bundled scenario called `name`, or null.
inline const BundledScenario* crowd_bundled_scenario(std::string_view name) {
  for (const BundledScenario& s : crowd_bundled_scenarios())
    if (name == s.name) return &s;
  return nullptr;
}

}  // namespace bandada
