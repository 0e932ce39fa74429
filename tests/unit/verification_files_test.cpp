// Bandada — the crowd's committed verification output (docs/verification/NAME.csv and
// docs/verification/csm/NAME.csv, docs/verification/avm/NAME.csv) judged again by today's cards: each file's
// header is the card's, its rows are the card's points seed by seed, and its verdict line is what the card's
// rule says of those rows today. The docs test reruns only the short cards; this catches, in a second, a card
// whose wording, measures or rule changed while the long cards' files stayed as they were.
#include <doctest/doctest.h>

#include <cmath>
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

/// Checks one committed file against card e, and gives its rows as the card tabulates them (when
/// `table` is not null); false when the file is missing.
bool check_file(const Experiment& e, const std::string& path, ExperimentTable* table = nullptr) {
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
  if (table) *table = tabulate(e, seeds, values);
  return true;
}

const std::string kDocs = std::string(kBandadaFixtures) + "/../../docs/";

}  // namespace

TEST_CASE(
    "every crowd card's committed output, with each operational model, is what the card says of its rows") {
  const std::string dir = std::string(kBandadaFixtures) + "/../../docs/verification/";
  size_t cards = 0, avm_cards = 0;
  for (const Experiment& e : experiments()) {
    if (e.model != "crowd") continue;
    ++cards;
    CHECK_MESSAGE(check_file(e, dir + e.name + ".csv"), "no " << dir << e.name << ".csv");
    CHECK_MESSAGE(check_file(e, dir + "csm/" + e.name + ".csv"), "no " << dir << "csm/" << e.name << ".csv");
    // The anticipation velocity model's: every card's but two of the longest, which wait for a
    // --run (the table says "not run yet" for them).
    const std::string avm = dir + "avm/" + e.name + ".csv";
    if (std::ifstream(avm).good()) {
      CHECK_MESSAGE(check_file(e, avm), avm);
      ++avm_cards;
    }
  }
  CHECK(cards >= 16);
  CHECK(avm_cards + 2 >= cards);  // at most RiMEA 8b and 9 not run yet with it
}

TEST_CASE(
    "a card's own plot: the fundamental diagram beside Weidmann's curve, the N-t curve beside the "
    "experiment's") {
  const Experiment* fd = find_experiment("rimea-04");
  const Experiment* nt = find_experiment("wuppertal-2018");
  REQUIRE(fd);
  REQUIRE(nt);
  REQUIRE(static_cast<bool>(fd->plot));
  REQUIRE(static_cast<bool>(nt->plot));
  SUBCASE("before a run, the references alone") {
    const ExperimentPlot p = fd->plot(ExperimentTable{});
    REQUIRE(p.series.size() == 2);
    CHECK(p.series[0].x.empty());
    CHECK(p.series[1].reference);
    CHECK(p.series[1].name == "Weidmann (1993)");
  }
  SUBCASE(
      "RiMEA 4: each point at its measured density and speed, Weidmann's curve falling to 0 at 5.4 P/m²") {
    ExperimentTable t;
    REQUIRE(check_file(*fd, kDocs + "verification/csm/rimea-04.csv", &t));
    const ExperimentPlot p = fd->plot(t);
    REQUIRE(p.series[0].x.size() == fd->points.size());
    for (size_t q = 0; q < fd->points.size(); ++q) {
      double rho = 0, v = 0;
      for (const char* k : {"1", "2", "3"}) {
        rho += t.mean(q, std::string("area") + k + "_density") / 3;
        v += t.mean(q, std::string("area") + k + "_speed") / 3;
      }
      CHECK(p.series[0].x[q] == doctest::Approx(rho));
      CHECK(p.series[0].y[q] == doctest::Approx(v));
    }
    const PlotSeries& w = p.series[1];
    REQUIRE(w.x.size() == 70);
    CHECK(w.x[9] == doctest::Approx(1.0));
    CHECK(w.y[9] == doctest::Approx(1.0589).epsilon(1e-3));  // Weidmann at 1 P/m²
    CHECK(w.y[0] == doctest::Approx(1.34));
    CHECK(w.y[54] == 0.0);  // 5.5 P/m²: past rho_max
    for (size_t i = 1; i < w.y.size(); ++i) CHECK(w.y[i] <= w.y[i - 1]);
  }
  SUBCASE("Wuppertal 2018: the experiment's every passage as committed, the model's N-t from first to last") {
    ExperimentTable t;
    REQUIRE(check_file(*nt, kDocs + "verification/wuppertal-2018.csv", &t));
    const ExperimentPlot p = nt->plot(t);
    std::ifstream in(kDocs + "validation/wuppertal-2018-040_c_56_h-.csv");
    std::vector<double> passages;
    for (std::string line; std::getline(in, line);)
      if (line.rfind("passage,", 0) == 0) passages.push_back(std::stod(split(line)[2]));
    REQUIRE(passages.size() == 75);
    REQUIRE(p.series[1].x.size() == 75);
    for (size_t k = 0; k < 75; ++k) {
      CHECK(p.series[1].x[k] == doctest::Approx(passages[k] - passages[0]));
      CHECK(p.series[1].y[k] == static_cast<double>(k + 1));
    }
    const PlotSeries& m = p.series[0];
    REQUIRE(m.x.size() == 11);  // first, nine deciles, last
    CHECK(m.x[0] == 0.0);
    CHECK(m.y[0] == 1.0);
    CHECK(m.y.back() == std::round(t.mean(0, "line1_count")));
    CHECK(m.x.back() == doctest::Approx(t.mean(0, "line1_last") - t.mean(0, "line1_first")));
    for (size_t i = 1; i < m.x.size(); ++i) {
      CHECK(m.x[i] >= m.x[i - 1]);
      CHECK(m.y[i] >= m.y[i - 1]);
    }
  }
}
