// Bandada — a state file: one model's whole state, saved and continued bit for bit
// (docs/state-files.md). Text a person can read the head of, self-describing and versioned:
//
//   bandada-state 1
//   model <the model's id>
//   steps 5000
//   fingerprint 0123456789abcdef
//   fields <the fields' raw texts and settings, percent-encoded>
//   state <byte count> <the model, any twin and the series as bytes, base64>
//   checksum <FNV-1a 64 of every byte above, 16 hex digits>
//
// The same file opens natively and in wasm. Any changed byte is refused (the checksum), and so
// is anything the model could not have: a value out of range, a cut or foreign section.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "app/model_session.h"

namespace bandada {

/// Bytes as base64 (RFC 4648, padded): a state file's state section, an optimiser's state line.
std::string base64(std::string_view in);

inline constexpr int kStateFormat = 1;

/// The session's state as a state file; "" when it has none (nothing initialized).
std::string write_state_file(const ModelSession& s);

/// What a state file says, checked whole (header, format, checksum, sections).
struct StateFile {
  std::string model, fingerprint, fields, bytes;
  uint64_t steps = 0;
};
/// Reads a state file; "" or why not, naming what is wrong.
std::string read_state_file(std::string_view text, StateFile& out);

/// A new session of the file's model holding the file's state (its fields, its model, its
/// series), with the fingerprint checked; null and `why` when the file cannot be continued.
std::unique_ptr<ModelSession> session_from_state(const StateFile& file, std::string& why);

/// FNV-1a 64 of the bytes as 16 hex digits (the checksum line's).
std::string state_checksum(std::string_view bytes);

}  // namespace bandada
