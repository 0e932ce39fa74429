// Bandada — the ring model with one field more (phase φ, added to each point's turn per step),
// built from the same source with BANDADA_RING_PLUS: the three places marked "a new field" in
// ring_session.cpp are all a new field needs. tests/unit/field_row_test.cpp finds it everywhere.
#define BANDADA_RING_PLUS 1
#include "ring_session.cpp"  // NOT A BUG: the same model compiled again, with one more row
