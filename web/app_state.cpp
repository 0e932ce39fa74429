// Bandada — the one App of the page.
#include "app_state.h"

namespace web {

App& app() {
  static App instance;
  return instance;
}

}  // namespace web
