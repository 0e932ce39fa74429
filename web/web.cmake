# Bandada — the WebGL2 web app (included from CMakeLists.txt for the wasm build only).
# ImGui comes from Debian's imgui source package and SDL2 from our cached wasm build of
# Debian's libsdl2 source package, both fetched into .deps/ by scripts/setup.sh.
set(BANDADA_IMGUI_DIR "${BANDADA_DEPS}/imgui")
set(BANDADA_SDL2_DIR "${BANDADA_DEPS}/sdl2-wasm")
set(BANDADA_FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" CACHE FILEPATH "Font embedded in the app (Greek letters, ⌘)")

add_library(bandada_imgui STATIC
  ${BANDADA_IMGUI_DIR}/imgui.cpp
  ${BANDADA_IMGUI_DIR}/imgui_draw.cpp
  ${BANDADA_IMGUI_DIR}/imgui_tables.cpp
  ${BANDADA_IMGUI_DIR}/imgui_widgets.cpp
  ${BANDADA_IMGUI_DIR}/backends/imgui_impl_sdl.cpp
  ${BANDADA_IMGUI_DIR}/backends/imgui_impl_opengl3.cpp
)
target_include_directories(bandada_imgui SYSTEM PUBLIC ${BANDADA_IMGUI_DIR} ${BANDADA_IMGUI_DIR}/backends
                           ${BANDADA_SDL2_DIR}/include ${BANDADA_SDL2_DIR}/include/SDL2)
# WebGL2 / GLSL 300 es everywhere: imgui's backend would pick WebGL1 under emscripten otherwise.
target_compile_definitions(bandada_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3 IMGUI_DISABLE_OBSOLETE_FUNCTIONS)
target_compile_features(bandada_imgui PUBLIC cxx_std_17)

add_executable(bandada-web
  web/main.cpp
  web/app_state.cpp
  web/panel.cpp
  web/widgets.cpp
  web/view3d.cpp
  web/view2d.cpp
  web/browser.cpp
  web/bindings.cpp
  web/sweep.cpp
  web/sweep_panel.cpp
  cli/cli.cpp
  cli/sweep.cpp
)
target_link_libraries(bandada-web PRIVATE bandada_core bandada_imgui ${BANDADA_SDL2_DIR}/lib/libSDL2.a)
target_include_directories(bandada-web SYSTEM PRIVATE "${BANDADA_DEPS}/include")
bandada_target_defaults(bandada-web)
set_target_properties(bandada-web PROPERTIES OUTPUT_NAME "bandada" SUFFIX ".js"
                      RUNTIME_OUTPUT_DIRECTORY "${BANDADA_WEB_DIR}")
target_link_options(bandada-web PRIVATE
  -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sFULL_ES3=1 -sALLOW_MEMORY_GROWTH=1
  -sENVIRONMENT=web -sEXPORTED_FUNCTIONS=_main,_malloc,_free
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8 -lembind
  "SHELL:--embed-file ${BANDADA_FONT}@/fonts/DejaVuSans.ttf")
set_property(TARGET bandada-web APPEND PROPERTY LINK_DEPENDS "${BANDADA_FONT}")

# The sweep workers' module: the models and the CLI's row code, no page (web/sweep_worker.cpp).
add_executable(bandada-sweep web/sweep_worker.cpp cli/cli.cpp cli/sweep.cpp)
target_link_libraries(bandada-sweep PRIVATE bandada_core)
bandada_target_defaults(bandada-sweep)
set_target_properties(bandada-sweep PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${BANDADA_WEB_DIR}")
target_link_options(bandada-sweep PRIVATE -sENVIRONMENT=worker -sMODULARIZE=1 -sEXPORT_NAME=BandadaSweep
                    -sALLOW_MEMORY_GROWTH=1 -lembind)
add_dependencies(bandada-web bandada-sweep)

# The static folder: the page and its assets beside bandada.js / bandada.wasm.
set(BANDADA_PAGE_FILES "${BANDADA_WEB_DIR}/index.html" "${BANDADA_WEB_DIR}/html_view.js"
    "${BANDADA_WEB_DIR}/sweep_pool.js" "${BANDADA_WEB_DIR}/sweep_worker.js" "${BANDADA_WEB_DIR}/assets/favicon.svg")
add_custom_command(OUTPUT ${BANDADA_PAGE_FILES}
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/shell.html" "${BANDADA_WEB_DIR}/index.html"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/web/html_view.js" "${BANDADA_WEB_DIR}/html_view.js"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/web/sweep_pool.js" "${BANDADA_WEB_DIR}/sweep_pool.js"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/web/sweep_worker.js" "${BANDADA_WEB_DIR}/sweep_worker.js"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/assets/favicon.svg" "${BANDADA_WEB_DIR}/assets/favicon.svg"
  DEPENDS "${PROJECT_SOURCE_DIR}/shell.html" "${PROJECT_SOURCE_DIR}/web/html_view.js"
          "${PROJECT_SOURCE_DIR}/web/sweep_pool.js" "${PROJECT_SOURCE_DIR}/web/sweep_worker.js"
          "${PROJECT_SOURCE_DIR}/assets/favicon.svg")
add_custom_target(bandada-page ALL DEPENDS ${BANDADA_PAGE_FILES})
add_dependencies(bandada-web bandada-page)
