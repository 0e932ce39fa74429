// Bandada — a model's numeric fields: share key, CLI name, label, help, grammar and range.
// Every model describes its inputs with one table of these; the views, the link codec, the
// saved text and the CLI are written once against it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bandada {

struct FieldInfo {
  const char* key;            ///< share-string key, never changes once released
  const char* label;          ///< shown next to the field
  const char* help;           ///< one line: meaning, units, range
  bool integer;               ///< integer grammar instead of real
  double min, max;            ///< valid range
  bool min_exclusive;         ///< true where the lower bound itself is invalid (radius)
  const char* cli = nullptr;  ///< CLI option name without dashes; nullptr: the share key
  bool on_commit = false;     ///< a live model applies it on Enter or leaving the field, not per keystroke
  /// A field added after links were released: its value before, as text. Links leave the field
  /// out while its text is this, and a link without it reads this (not the default, which may
  /// change), so older links and state files open as saved and are written back as they were.
  /// nullptr: always written.
  const char* quiet_text = nullptr;
  /// Fields that share a group sit under one header the page's panel folds, closed at first:
  /// constants most users leave alone (the crowd's force laws). nullptr: always shown.
  const char* group = nullptr;
  const char* option() const { return cli ? cli : key; }
};

struct FieldCheck {
  bool ok = false;
  double value = 0.0;
  std::string error;  ///< user-facing, e.g. "must be more than 0 and at most 10"
};

/// Checks every field of a table: errors[i] empty where valid, values[i] the parsed value.
/// True when all are valid.
bool check_field_table(const FieldInfo* fields, size_t count, const std::string* texts, std::string* errors,
                       double* values);

/// Validates a field's text by the number grammar and its range (any model's field table).
FieldCheck check_field_text(const FieldInfo& fi, std::string_view text);
/// v lies in the field's range (NaN never does).
bool in_field_range(const FieldInfo& fi, double v);

/// Where a field's value goes in a model's params struct: a real member or a whole-number one.
template <class P>
struct FieldTarget {
  double P::*real = nullptr;
  uint32_t P::*whole = nullptr;
};

/// Every field of a table checked, and the params filled when all are valid.
template <class P, size_t N>
struct TableCheck {
  bool ok = false;
  P params;  ///< filled when ok; settings that are not text fields keep their defaults
  std::array<std::string, N> errors;  ///< empty where the field is valid
};

/// Checks texts against a table and fills params by the targets (one per field, in order).
template <class P, size_t N>
TableCheck<P, N> check_table(const FieldInfo* fields, const FieldTarget<P>* targets,
                             const std::array<std::string, N>& texts, double* values = nullptr) {
  TableCheck<P, N> out;
  double v[N] = {};
  out.ok = check_field_table(fields, N, texts.data(), out.errors.data(), v);
  for (size_t i = 0; i < N; ++i) {
    if (values) values[i] = v[i];
    if (targets[i].real) out.params.*targets[i].real = v[i];
    if (targets[i].whole) out.params.*targets[i].whole = static_cast<uint32_t>(v[i]);
  }
  if (!out.ok) out.params = P{};
  return out;
}

/// True when every message is empty.
bool all_valid(const std::string* errors, size_t count);

/// "Fix first: label (message); …" for the fields with a message, "" when there is none.
std::string fix_first_text(const FieldInfo* fields, size_t count, const std::string* errors);

/// One field of a model, whole: what every front end shows and checks (info), its text in a new
/// session, and where its value goes in the model's params. A model's fields are one array of
/// rows, so a new field is one more row (and its use in the step): its CLI option, link key,
/// input, slider, sweep axis and JSON name follow from the row.
template <class P>
struct FieldRow {
  FieldInfo info;
  const char* initial;  ///< the text a new session starts with
  FieldTarget<P> target;
};

/// The rows' infos, in order (a model description's fields).
template <class P, size_t N>
std::vector<FieldInfo> row_infos(const FieldRow<P> (&rows)[N]) {
  std::vector<FieldInfo> out;
  for (const FieldRow<P>& r : rows) out.push_back(r.info);
  return out;
}

/// The rows' texts in a new session.
template <class P, size_t N>
std::array<std::string, N> row_initials(const FieldRow<P> (&rows)[N]) {
  std::array<std::string, N> out;
  for (size_t i = 0; i < N; ++i) out[i] = rows[i].initial;
  return out;
}

/// The same, made once and kept for the program's life (a model's table of infos and its initial
/// texts). One row array per params type: the tables are kept per type.
template <class P, size_t N>
const FieldInfo* kept_row_infos(const FieldRow<P> (&rows)[N]) {
  static const std::vector<FieldInfo> kInfos = row_infos(rows);
  return kInfos.data();
}
template <class P, size_t N>
const std::array<std::string, N>& kept_row_initials(const FieldRow<P> (&rows)[N]) {
  static const std::array<std::string, N> kTexts = row_initials(rows);
  return kTexts;
}

/// Checks texts against the rows and fills params by their targets (check_table over the rows).
template <class P, size_t N>
TableCheck<P, N> check_rows(const FieldRow<P> (&rows)[N], const std::array<std::string, N>& texts,
                            double* values = nullptr) {
  FieldInfo infos[N];
  FieldTarget<P> targets[N];
  for (size_t i = 0; i < N; ++i) {
    infos[i] = rows[i].info;
    targets[i] = rows[i].target;
  }
  return check_table(infos, targets, texts, values);
}

}  // namespace bandada
