# Bandada — the WebGL2 web app (included from CMakeLists.txt for the wasm build only).
# ImGui comes from Debian's imgui source package and SDL2 from our cached wasm build of
# Debian's libsdl2 source package, both fetched into .deps/ by scripts/setup.sh.
set(BANDADA_IMGUI_DIR "${BANDADA_DEPS}/imgui")
set(BANDADA_SDL2_DIR "${BANDADA_DEPS}/sdl2-wasm")
set(BANDADA_FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" CACHE FILEPATH "Font embedded in the app (Greek letters, ⌘)")
# The font is cut to the glyph ranges the app's atlas loads (web/main.cpp, the same list): the
# same letters drawn the same way (ImGui's rasterizer uses neither hinting nor kerning), at about a
# tenth of the bytes. Without pyftsubset (Debian's fonttools) the whole font is embedded.
find_program(BANDADA_PYFTSUBSET pyftsubset)
if(BANDADA_PYFTSUBSET)
  set(BANDADA_FONT_EMBED "${CMAKE_BINARY_DIR}/DejaVuSans-subset.ttf")
  add_custom_command(OUTPUT "${BANDADA_FONT_EMBED}"
    COMMAND "${BANDADA_PYFTSUBSET}" "${BANDADA_FONT}" "--output-file=${BANDADA_FONT_EMBED}"
            "--unicodes=U+0020-00FF,U+0370-03FF,U+2000-206F,U+2190-21FF,U+2200-22FF,U+2300-23FF,U+25A0-25FF"
            --no-hinting --layout-features= --name-IDs=
    DEPENDS "${BANDADA_FONT}" COMMENT "Cutting the embedded font to the app's glyph ranges")
else()
  message(WARNING "pyftsubset not found (Debian's fonttools): the whole font is embedded")
  set(BANDADA_FONT_EMBED "${BANDADA_FONT}")
endif()
add_custom_target(bandada-font DEPENDS "${BANDADA_FONT_EMBED}")

# The page, twice: single-threaded (any host) and threaded (-pthread, loaded only on a
# cross-origin-isolated page). A threaded link needs every object built with -pthread, SDL2 too.
set(BANDADA_IMGUI_SOURCES
  ${BANDADA_IMGUI_DIR}/imgui.cpp
  ${BANDADA_IMGUI_DIR}/imgui_draw.cpp
  ${BANDADA_IMGUI_DIR}/imgui_tables.cpp
  ${BANDADA_IMGUI_DIR}/imgui_widgets.cpp
  ${BANDADA_IMGUI_DIR}/backends/imgui_impl_sdl.cpp
  ${BANDADA_IMGUI_DIR}/backends/imgui_impl_opengl3.cpp
)
set(BANDADA_WEB_SOURCES
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
  web/optimize.cpp
  web/optimize_panel.cpp
  web/experiments.cpp
  web/experiments_panel.cpp
)

function(bandada_page target output core sdl_dir threaded)
  add_library(${target}_imgui STATIC ${BANDADA_IMGUI_SOURCES})
  target_include_directories(${target}_imgui SYSTEM PUBLIC ${BANDADA_IMGUI_DIR} ${BANDADA_IMGUI_DIR}/backends
                             ${sdl_dir}/include ${sdl_dir}/include/SDL2)
  # WebGL2 / GLSL 300 es everywhere: imgui's backend would pick WebGL1 under emscripten otherwise.
  target_compile_definitions(${target}_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3 IMGUI_DISABLE_OBSOLETE_FUNCTIONS
                             IMGUI_USER_CONFIG="imgui_config.h")
  # (found through web/ on the include path, not by the clone's absolute path: ccache hits in any clone)
  target_include_directories(${target}_imgui PUBLIC "${PROJECT_SOURCE_DIR}/web")
  target_compile_features(${target}_imgui PUBLIC cxx_std_17)
  # The UI is compiled for size (the kernel, in core, stays -O3): it runs once a frame, not per boid.
  target_compile_options(${target}_imgui PRIVATE -Oz)
  add_executable(${target} ${BANDADA_WEB_SOURCES})
  target_compile_options(${target} PRIVATE -Oz)
  # … but the views, which walk every glyph each drawn frame, stay fast.
  set_source_files_properties(web/view3d.cpp web/view2d.cpp PROPERTIES COMPILE_OPTIONS -O3)
  target_link_libraries(${target} PRIVATE ${core} ${target}_imgui ${sdl_dir}/lib/libSDL2.a)
  target_include_directories(${target} SYSTEM PRIVATE "${BANDADA_DEPS}/include")
  bandada_target_defaults(${target})
  set_target_properties(${target} PROPERTIES OUTPUT_NAME "${output}" SUFFIX ".js"
                        RUNTIME_OUTPUT_DIRECTORY "${BANDADA_WEB_DIR}")
  target_link_options(${target} PRIVATE
    -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sFULL_ES3=1 -sALLOW_MEMORY_GROWTH=1
    -sEXPORTED_FUNCTIONS=_main,_malloc,_free
    -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8 -lembind
    "SHELL:--embed-file ${BANDADA_FONT_EMBED}@/fonts/DejaVuSans.ttf")
  add_dependencies(${target} bandada-font)
  if(threaded)
    target_compile_options(${target}_imgui PRIVATE -pthread)
    target_compile_options(${target} PRIVATE -pthread)
    # Workers made before main, one per core up to 16 (app_state.cpp's kPagePool): a step's
    # threads are taken from them and kept, so the main thread never waits for a worker to start.
    target_link_options(${target} PRIVATE -pthread -sENVIRONMENT=web,worker
      "SHELL:-sPTHREAD_POOL_SIZE=Math.min(16,Math.max(1,(self.navigator&&navigator.hardwareConcurrency)||1))"
      -sPTHREAD_POOL_SIZE_STRICT=2)
  else()
    target_link_options(${target} PRIVATE -sENVIRONMENT=web)
  endif()
  if(BANDADA_PROFILE_FUNCS)  # function names in the wasm, for the browser's profiler (not shipped)
    target_link_options(${target} PRIVATE --profiling-funcs)
  endif()
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${BANDADA_FONT_EMBED}")
endfunction()

bandada_page(bandada-web bandada bandada_core "${BANDADA_SDL2_DIR}" OFF)
bandada_page(bandada-web-mt bandada-mt bandada_core_mt "${BANDADA_DEPS}/sdl2-wasm-mt" ON)
add_dependencies(bandada-web bandada-web-mt)

# The workers' module: the models and core's sweep rows (core/run), no page: sweep rows
# (web/sweep_worker.cpp) and, where the page has no threads, its long steps (web/step_worker.cpp).
add_executable(bandada-sweep web/sweep_worker.cpp web/step_worker.cpp)
target_link_libraries(bandada-sweep PRIVATE bandada_core)
bandada_target_defaults(bandada-sweep)
set_target_properties(bandada-sweep PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${BANDADA_WEB_DIR}")
target_link_options(bandada-sweep PRIVATE -sENVIRONMENT=worker -sMODULARIZE=1 -sEXPORT_NAME=BandadaSweep
                    -sALLOW_MEMORY_GROWTH=1 -lembind)
add_dependencies(bandada-web bandada-sweep)

# The static folder: the page and its assets beside bandada.js / bandada.wasm.
set(BANDADA_PAGE_FILES "${BANDADA_WEB_DIR}/index.html" "${BANDADA_WEB_DIR}/html_view.js"
    "${BANDADA_WEB_DIR}/sweep_pool.js" "${BANDADA_WEB_DIR}/sweep_worker.js"
    "${BANDADA_WEB_DIR}/step_worker.js" "${BANDADA_WEB_DIR}/_headers"
    "${BANDADA_WEB_DIR}/isolate.js" "${BANDADA_WEB_DIR}/assets/favicon.svg")
add_custom_command(OUTPUT ${BANDADA_PAGE_FILES}
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/shell.html" "${BANDADA_WEB_DIR}/index.html"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/web/html_view.js" "${BANDADA_WEB_DIR}/html_view.js"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/web/sweep_pool.js" "${BANDADA_WEB_DIR}/sweep_pool.js"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/web/sweep_worker.js" "${BANDADA_WEB_DIR}/sweep_worker.js"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/web/step_worker.js" "${BANDADA_WEB_DIR}/step_worker.js"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/web/_headers" "${BANDADA_WEB_DIR}/_headers"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/web/isolate.js" "${BANDADA_WEB_DIR}/isolate.js"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/assets/favicon.svg" "${BANDADA_WEB_DIR}/assets/favicon.svg"
  DEPENDS "${PROJECT_SOURCE_DIR}/shell.html" "${PROJECT_SOURCE_DIR}/web/html_view.js"
          "${PROJECT_SOURCE_DIR}/web/sweep_pool.js" "${PROJECT_SOURCE_DIR}/web/sweep_worker.js"
          "${PROJECT_SOURCE_DIR}/web/step_worker.js"
          "${PROJECT_SOURCE_DIR}/web/_headers" "${PROJECT_SOURCE_DIR}/web/isolate.js"
          "${PROJECT_SOURCE_DIR}/assets/favicon.svg")
add_custom_target(bandada-page ALL DEPENDS ${BANDADA_PAGE_FILES})
add_dependencies(bandada-web bandada-page)

# Precompressed copies (.br, .gz) of the page's files, for static hosts that serve them as they
# are (docs/hosting.md); scripts/serve.mjs serves them to browsers that accept them.
add_custom_command(OUTPUT "${CMAKE_BINARY_DIR}/precompressed.stamp"
  COMMAND node "${PROJECT_SOURCE_DIR}/scripts/precompress.mjs" "${BANDADA_WEB_DIR}"
  COMMAND ${CMAKE_COMMAND} -E touch "${CMAKE_BINARY_DIR}/precompressed.stamp"
  DEPENDS bandada-web bandada-web-mt bandada-sweep ${BANDADA_PAGE_FILES} "${PROJECT_SOURCE_DIR}/scripts/precompress.mjs"
  COMMENT "Precompressing the page's files (brotli and gzip)")
add_custom_target(bandada-precompressed ALL DEPENDS "${CMAKE_BINARY_DIR}/precompressed.stamp")
