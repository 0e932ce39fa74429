// Bandada — the test-only ring model (see ring_session.cpp): its registry entry.
#pragma once

#include "app/registry.h"

namespace bandada {

ModelEntry ring_model();

}  // namespace bandada
