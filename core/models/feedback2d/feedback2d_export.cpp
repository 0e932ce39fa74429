// Bandada — the feedback engine written out: the CLI's JSON, also the web app's download.
// Every number has 17 significant digits, so it round-trips.
#include "feedback2d_export.h"

#include "common/json_out.h"

namespace bandada {

std::string feedback2d_json(const Feedback2d& m) {
  const Feedback2dResult& R = m.result();
  std::string out = "{\"model\":\"feedback2d\",\"cycles\":" + std::to_string(m.cycles()) +
                    ",\"next_phase\":" + std::to_string(static_cast<int>(m.next_phase())) + ",\"R\":{";
  json_numbers(out, "c", {R.cx, R.cy});
  json_number(out, "D", R.D);
  json_number(out, "order", R.order);
  json_number(out, "coherence", R.coherence);
  json_number(out, "delta", R.delta);
  out += ",\"regime\":\"" + std::string(regime_name(m.regime())) + "\"},\"points\":[";
  for (size_t i = 0; i < m.size(); ++i) {
    out += i ? ",{" : "{";
    json_numbers(out, "p", {m.px()[i], m.py()[i]});
    json_numbers(out, "v", {m.vx()[i], m.vy()[i]});
    json_number(out, "mA", m.mA()[i]);
    json_number(out, "mS", m.mS()[i]);
    json_number(out, "mG", m.mG()[i]);
    out += std::string(",\"class\":\"") + (m.is_v()[i] ? "V" : "F") +
           "\",\"neighbors\":" + std::to_string(m.neighbors()[i]) + "}";
  }
  out += "]}\n";
  return out;
}

}  // namespace bandada
