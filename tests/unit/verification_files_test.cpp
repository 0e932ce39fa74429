// Bandada — the crowd's committed verification output (docs/verification/NAME.csv and
// docs/verification/csm/NAME.csv) judged again by today's cards: each file's header is the card's,
// its rows are the card's points seed by seed, and its verdict line is what the card's rule says of
// those rows today. The docs test reruns only the short cards; this catches, in a second, a card
// whose wording, measures or rule changed while the long cards' files stayed as they were.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fixtures_dir.h"
#include "run/experiment.h"

using namespace bandada;

namespace {

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::string cell;
  std::istringstream in(line);
  while (std::getline(in, cell, ',')) out.push_back(cell);
  if (!line.empty() && line.back() == ',') out.push_back("");
  return out;
}

/// Checks one committed file against card e; false when the file is missing.
bool check_file(const Experiment& e, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE_MESSAGE(lines.size() >= 3, path);
  CHECK_MESSAGE(lines.front() + "\n" == experiment_header(e), path);
  const std::vector<std::string> rows(lines.begin() + 1, lines.end() - 1);
  REQUIRE_MESSAGE(rows.size() % e.points.size() == 0, path);
  const size_t seeds = rows.size() / e.points.size();
  CHECK_MESSAGE(seeds == e.seeds, path);
  std::vector<std::vector<std::string>> values;
  for (size_t r = 0; r < rows.size(); ++r) {
    const std::vector<std::string> cells = split(rows[r]);
    const size_t p = r / seeds, labels = e.axes.size();
    REQUIRE_MESSAGE(cells.size() == labels + 1 + e.measures.size(), path << " row " << r + 1);
    for (size_t a = 0; a < labels; ++a)
      CHECK_MESSAGE(cells[a] == e.points[p].labels[a], path << " row " << r + 1);
    CHECK_MESSAGE(cells[labels] == std::to_string(r % seeds + 1), path << " row " << r + 1);
    values.emplace_back(cells.begin() + static_cast<long>(labels) + 1, cells.end());
  }
  CHECK_MESSAGE(lines.back() == verdict_line(e, e.judge(tabulate(e, seeds, values))), path);
  return true;
}

}  // namespace

TEST_CASE(
    "every crowd card's committed output, with each operational model, is what the card says of its rows") {
  const std::string dir = std::string(kBandadaFixtures) + "/../../docs/verification/";
  size_t cards = 0;
  for (const Experiment& e : experiments()) {
    if (e.model != "crowd") continue;
    ++cards;
    CHECK_MESSAGE(check_file(e, dir + e.name + ".csv"), "no " << dir << e.name << ".csv");
    CHECK_MESSAGE(check_file(e, dir + "csm/" + e.name + ".csv"), "no " << dir << "csm/" << e.name << ".csv");
  }
  CHECK(cards >= 16);
}
