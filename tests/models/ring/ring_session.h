// Bandada — the test-only ring model (see ring_session.cpp): its registry entry.
#pragma once

#include "app/registry.h"

namespace bandada {

ModelEntry ring_model();
/// The ring with one field more (phase), built from the same source (ring_plus.cpp).
ModelEntry ring_plus_model();

}  // namespace bandada
