// Bandada — the composition root: the one list of this build's models. Each program's main
// calls add_all_models() before it uses the registry (app/registry.h). Not static
// self-registration: a static library drops objects that nothing references.
#pragma once

namespace bandada {

/// Registers every model, in menu order (the first is the default). Calling it again adds nothing.
void add_all_models();

}  // namespace bandada
