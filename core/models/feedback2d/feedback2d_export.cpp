// Bandada — the feedback engine written out: the CLI's JSON, also the web app's downloads.
// Every number has 17 significant digits, so it round-trips.
#include "feedback2d_export.h"

#include "app/share_codec.h"
#include "model/number_text.h"

namespace bandada {
namespace {

void put(std::string& out, double v) { out += format_double(v); }


}  // namespace

std::string feedback2d_json(const Feedback2d& m) {
  const Feedback2dResult& R = m.result();
  std::string out = "{\"model\":\"feedback2d\",\"cycles\":" + std::to_string(m.cycles()) +
                    ",\"next_phase\":" + std::to_string(static_cast<int>(m.next_phase())) + ",\"R\":{\"c\":[";
  put(out, R.cx);
  out += ',';
  put(out, R.cy);
  out += "],\"D\":";
  put(out, R.D);
  out += ",\"order\":";
  put(out, R.order);
  out += ",\"coherence\":";
  put(out, R.coherence);
  out += ",\"delta\":";
  put(out, R.delta);
  out += ",\"regime\":\"" + std::string(regime_name(m.regime())) + "\"},\"points\":[";
  for (size_t i = 0; i < m.size(); ++i) {
    if (i) out += ',';
    out += "{\"p\":[";
    put(out, m.px()[i]);
    out += ',';
    put(out, m.py()[i]);
    out += "],\"v\":[";
    put(out, m.vx()[i]);
    out += ',';
    put(out, m.vy()[i]);
    out += "],\"mA\":";
    put(out, m.mA()[i]);
    out += ",\"mS\":";
    put(out, m.mS()[i]);
    out += ",\"mG\":";
    put(out, m.mG()[i]);
    out += std::string(",\"class\":\"") + (m.is_v()[i] ? "V" : "F") + "\",\"neighbors\":" +
           std::to_string(m.neighbors()[i]) + "}";
  }
  out += "]}\n";
  return out;
}

}  // namespace bandada
