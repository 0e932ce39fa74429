// Bandada — what every model session shares (see model_session.h).
#include "model_session.h"

#include <cmath>
#include <cstdio>

#include "common/number_text.h"

namespace bandada {

const char* status_name(RunStatus s) {
  static const char* const kNames[] = {"no flock", "paused", "running", "parameters changed"};  // enum order
  return kNames[static_cast<int>(s)];
}

void ModelSession::edit(size_t i, std::string_view text) {
  if (i >= field_count()) return;
  bump();
  do_edit(i, text, Input::typed);
}

std::string ModelSession::choice_shown(size_t choice) const {
  if (choice >= choices().size()) return {};
  const ChoiceNow now = choice_now(choice);
  const std::vector<std::string>& names = choices()[choice].names;
  if (now.index >= 0 && static_cast<size_t>(now.index) < names.size())
    return names[static_cast<size_t>(now.index)];
  return now.instead.empty() ? "custom" : now.instead;
}

void ModelSession::choose(size_t choice, int index) {
  if (choice >= choices().size() || index < 0 || index >= static_cast<int>(choices()[choice].values.size()))
    return;
  bump();
  do_choose(choice, index);
}

int ModelSession::choice_index(std::string_view key) const {
  for (size_t k = 0; k < choices().size(); ++k)
    if (key == choices()[k].key) return static_cast<int>(k);
  return -1;
}

CommandResult ModelSession::command(std::string_view id) {
  const Command* known = nullptr;
  for (const Command& c : commands())
    if (id == c.id) known = &c;
  if (!known) return {false, "No such command: " + std::string(id) + "."};
  if (id == "run_pause") return command(status() == RunStatus::running ? "pause" : "run");
  std::string why = why_not(id);
  if (!why.empty()) return {false, why};
  if (known->changes_fields) bump();
  return do_command(id);
}

CommandResult ModelSession::open_link(std::string_view share) {
  CommandResult r = restore(Kept::link, share);
  if (r.ok) bump();
  return r;
}

std::string ModelSession::status_line() const {
  std::string s = status_name(status());
  if (status() == RunStatus::none || status() == RunStatus::stale) return s;
  for (const Readout& r : readouts()) s += " · " + (r.label.empty() ? r.value : r.label + " " + r.value);
  return s;
}

CommandResult ModelSession::pointer(const Pointer& p) {
  if (p.drag) return {false, "This tool does not drag."};
  DrawData d;
  draw(d);
  const int64_t i = nearest_glyph(d, p.x, p.y, p.pick);
  if (i < 0) return {false, "Nothing there."};
  return select(i);
}

std::string ModelSession::curve_label(size_t k) const {
  if (k >= series_info().size()) return {};
  const SeriesInfo& s = series_info()[k];
  const int c = s.curve_choice ? choice_index(s.curve_choice) : -1;
  if (c < 0) return {};
  const int at = chosen(static_cast<size_t>(c));
  return at >= 0 && static_cast<size_t>(at) < s.curve_labels.size() ? s.curve_labels[at] : "";
}

void ModelSession::set_display(size_t k, bool on) {
  if (k >= display_.size()) return;
  const int group = display_options()[k].group;
  if (on && group > 0)
    for (size_t j = 0; j < display_.size(); ++j)
      if (display_options()[j].group == group) display_[j] = false;
  display_[k] = on;
}

std::string ModelSession::exported(Export form) const {
  if (form == Export::test_hooks) return "{}";
  if (form != Export::csv || status() == RunStatus::none || status() == RunStatus::stale) return {};
  const std::vector<Column>& cols = columns();
  std::string out;
  for (size_t c = 0; c < cols.size(); ++c)
    out += (c ? "," : "") + std::string(c == 0 ? "index" : cols[c].title);
  out += "\n";
  std::vector<double> v(cols.size());
  for (size_t i = 0; i < size(); ++i) {
    row(i, v.data());
    for (size_t c = 0; c < cols.size(); ++c) {
      if (c) out += ",";
      if (cols[c].names)
        out += cols[c].names[static_cast<int>(v[c])];
      else if (cols[c].decimals < 0)
        out += std::to_string(static_cast<uint64_t>(v[c]));
      else if (!std::isnan(v[c]))  // not a number (not measured): an empty cell
        out += format_double(v[c]);
    }
    out += "\n";
  }
  return out;
}

std::string ModelSession::series_csv() const {
  const double dt = info().step_seconds;  // 0: steps without time (no time column)
  std::string out = std::string(info().step_word) + (dt > 0 ? ",time" : "");
  for (const SeriesInfo& s : series_info()) {
    out += ",";
    for (const char* c = s.title; *c; ++c)  // one word a column: no separator inside it
      if (*c != ',') out += (*c == ' ' || *c == '-') ? '_' : *c;
  }
  out += "\n";
  for (size_t i = 0; i < series_length(); ++i) {
    const uint64_t step = series_step(i);
    out += std::to_string(step);
    if (dt > 0) out += "," + format_double(static_cast<double>(step) * dt);
    for (size_t k = 0; k < series_info().size(); ++k) {
      const double v = series_value(k, i);
      out += "," + (std::isnan(v) ? std::string() : format_double(v));  // empty: not measured then
    }
    out += "\n";
  }
  return out;
}

std::string ModelSession::cli_option(std::string_view name, std::string_view) {
  return "unknown option --" + std::string(name);
}

std::vector<Command> standard_commands(const char* initialize_tip, const char* step_tip) {
  return {
      {"initialize", "Initialize", "i", initialize_tip},
      {"run", "Run", nullptr,
       "Run (Space): 25 steps a second, or faster at the speed beside it where there is one"},
      {"pause", "Pause", nullptr, "Pause; the partial step time is dropped (Space)"},
      {"run_pause", nullptr, "space", "Run or pause"},
      {"step", "Step", "s", step_tip},
      {"reset", "Reset", nullptr, "Remove the state; the inputs stay as typed"},
      {"clear_selection", nullptr, "escape", "Clear the selection"},
  };
}

std::string fix_first(const ModelSession& s) {
  std::string out;
  for (size_t i = 0; i < s.field_count(); ++i) {
    if (s.error(i).empty()) continue;
    out += (out.empty() ? "Fix first: " : "; ") + std::string(s.field(i).label) + " (" + s.error(i) + ")";
  }
  return out;
}

void DrawData::set_plane_glyph(size_t i, double x, double y, double vx, double vy) {
  const double sp = std::sqrt(vx * vx + vy * vy);
  pos[i * 3] = static_cast<float>(x);
  pos[i * 3 + 1] = static_cast<float>(y);
  pos[i * 3 + 2] = 0;
  dir[i * 3] = static_cast<float>(sp > 0 ? vx / sp : 0.0);
  dir[i * 3 + 1] = static_cast<float>(sp > 0 ? vy / sp : 0.0);
  dir[i * 3 + 2] = 0;
}

int64_t nearest_glyph(const DrawData& d, double x, double y, double pick) {
  double best = pick;
  int64_t at = -1;
  for (size_t i = 0; i < d.count; ++i) {
    const double dx = d.pos[i * 3] - x, dy = d.pos[i * 3 + 1] - y, dist = std::sqrt(dx * dx + dy * dy);
    if (dist < best) {
      best = dist;
      at = static_cast<int64_t>(i);
    }
  }
  return at;
}

std::string format_cell(const Column& c, double v) {
  if (c.names) return c.names[static_cast<int>(v)];
  if (std::isnan(v)) return "—";  // not a number (not measured): never "nan" on screen
  char b[64];
  if (c.decimals < 0)
    std::snprintf(b, sizeof b, "%.0f", v);
  else
    std::snprintf(b, sizeof b, "%.*f", c.decimals, v);
  return b;
}

std::string json_quote(std::string_view s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += static_cast<char>(c);
    } else if (c < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      o += b;
    } else {
      o += static_cast<char>(c);
    }
  }
  return o + "\"";
}

}  // namespace bandada
