// Bandada — browser glue (see browser.h). All EM_JS of the WebGL front end lives here.
#include "browser.h"

#include <emscripten.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <utility>

#include "app_state.h"

namespace {

// EM_JS bodies are JavaScript: clang-format would break them.
// clang-format off
EM_JS(char*, js_storage_get, (int session, const char* key), {
  try {
    const store = session ? window.sessionStorage : window.localStorage;
    const v = store.getItem(UTF8ToString(key));
    if (v === null) return 0;
    const n = lengthBytesUTF8(v) + 1;
    const p = _malloc(n);
    stringToUTF8(v, p, n);
    return p;
  } catch (e) {
    return 0;
  }
});

EM_JS(int, js_storage_set, (int session, const char* key, const char* value), {
  try {
    const store = session ? window.sessionStorage : window.localStorage;
    store.setItem(UTF8ToString(key), UTF8ToString(value));
    return 1;
  } catch (e) {
    return 0;
  }
});

EM_JS(void, js_storage_remove, (int session, const char* key), {
  try {
    (session ? window.sessionStorage : window.localStorage).removeItem(UTF8ToString(key));
  } catch (e) {
  }
});

EM_JS(char*, js_location_hash, (), {
  const h = window.location.hash.replace(/^#/, "");
  const n = lengthBytesUTF8(h) + 1;
  const p = _malloc(n);
  stringToUTF8(h, p, n);
  return p;
});

EM_JS(void, js_drop_location_hash, (), {
  try {
    history.replaceState(history.state, "", window.location.pathname + window.location.search);
  } catch (e) {
  }
});

EM_JS(char*, js_page_url, (), {
  const u = window.location.origin + window.location.pathname + window.location.search;
  const n = lengthBytesUTF8(u) + 1;
  const p = _malloc(n);
  stringToUTF8(u, p, n);
  return p;
});

EM_JS(char*, js_navigation_type, (), {
  let t = 'navigate';
  try {
    const e = performance.getEntriesByType('navigation');
    if (e.length) t = e[0].type;
  } catch (err) {
  }
  const n = lengthBytesUTF8(t) + 1;
  const p = _malloc(n);
  stringToUTF8(t, p, n);
  return p;
});

EM_JS(void, js_clipboard_write, (const char* text), { Module.bandadaCopy(UTF8ToString(text), false); });

EM_JS(int, js_clipboard_answer, (), {
  return window.bandadaClipboard === undefined ? -1 : window.bandadaClipboard;
});

EM_JS(void, js_pick_state_file, (), { Module.bandadaPickState(); });

// Pictures and clips read the WebGL canvas right after a frame is drawn (its drawing buffer is
// whole until the browser composites it), so the page needs no preserveDrawingBuffer.
EM_JS(void, js_save_picture, (int x, int y, int w, int h, const char* caption, const char* name), {
  const strip = Math.round(20 * (window.devicePixelRatio || 1));
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h + strip;
  const g = c.getContext('2d');
  g.drawImage(Module.canvas, x, y, w, h, 0, 0, w, h);
  g.fillStyle = '#15181e';
  g.fillRect(0, h, w, strip);
  g.fillStyle = '#c8ccd4';
  g.font = Math.round(strip * 0.6) + 'px sans-serif';
  g.textBaseline = 'middle';
  g.fillText(UTF8ToString(caption), Math.round(strip * 0.3), h + strip / 2);
  const file = UTF8ToString(name);
  c.toBlob((blob) => {
    window.bandadaLastPicture = {blob, width: w, height: h, strip};
    Module.bandadaSaveBlob(blob, file);
  }, 'image/png');
});

EM_JS(char*, js_clip_start, (int w, int h), {
  const why = (text) => stringToNewUTF8(text);
  if (typeof MediaRecorder === 'undefined' || !HTMLCanvasElement.prototype.captureStream)
    return why('This browser cannot record the view (it has no MediaRecorder for a canvas).');
  const types = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'];
  const type = types.find((t) => MediaRecorder.isTypeSupported(t));
  if (!type) return why('This browser records no video format Bandada can save (WebM or MP4).');
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  const clip = {canvas: c, g: c.getContext('2d'), chunks: [], type, frames: 0};
  try {
    clip.recorder = new MediaRecorder(c.captureStream(30), {mimeType: type});
  } catch (e) {
    return why('The browser refused to record: ' + e.message);
  }
  clip.recorder.ondataavailable = (e) => { if (e.data.size) clip.chunks.push(e.data); };
  clip.recorder.start(250);
  Module.bandadaClip = clip;
  return 0;
});

EM_JS(void, js_clip_frame, (int x, int y, int w, int h), {
  const clip = Module.bandadaClip;
  if (!clip) return;
  clip.g.drawImage(Module.canvas, x, y, w, h, 0, 0, clip.canvas.width, clip.canvas.height);
  ++clip.frames;
});

EM_JS(void, js_clip_stop, (const char* name), {
  const clip = Module.bandadaClip;
  if (!clip) return;
  Module.bandadaClip = null;
  const file = UTF8ToString(name) + (clip.type.startsWith('video/mp4') ? '.mp4' : '.webm');
  clip.recorder.onstop = () => {
    const blob = new Blob(clip.chunks, {type: clip.type.split(';')[0]});
    window.bandadaLastClip = {blob, type: clip.type, frames: clip.frames, name: file};
    Module.bandadaSaveBlob(blob, file);
  };
  clip.recorder.stop();
});

EM_JS(void, js_download, (const char* name, const char* mime, const char* text), {
  const blob = new Blob([UTF8ToString(text)], {type: UTF8ToString(mime)});
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = UTF8ToString(name);
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
});

EM_JS(void, js_install_page_hooks, (int with_canvas), {
  // Writes the clipboard; window.bandadaClipboard says how it went (-1 waiting, 1 done, 0 refused).
  // WebKit (and Safari) allow a write only in a gesture's own handler or what it schedules, not
  // in the animation-frame loop where the panel sees a click: so the canvas's click handler
  // writes the link when the click lands on the panel's button (`gesture`), and the panel's own
  // write of the same text just after finds it done.
  Module.bandadaCopy = (text, gesture) => {
    const g = Module.bandadaGestureCopy;
    if (!gesture && g && g.text === text && performance.now() - g.at < 5000) {
      Module.bandadaGestureCopy = null;
      return;
    }
    if (gesture) Module.bandadaGestureCopy = {text, at: performance.now()};
    window.bandadaClipboard = -1;
    try {
      navigator.clipboard.writeText(text).then(() => { window.bandadaClipboard = 1; },
                                               () => { window.bandadaClipboard = 0; });
    } catch (e) {
      window.bandadaClipboard = 0;
    }
  };
  // A file for the user: a blob downloaded under `name`.
  Module.bandadaSaveBlob = (blob, name) => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  };
  // Files: a picker (Open state, a model's Open scenario) and files dropped anywhere on the page
  // all go to Module.openFiles, which tells a state file from a model's file (page_open_files).
  // Like the clipboard, WebKit opens a picker only inside the gesture's own
  // handler: the canvas's click handler opens it when the click lands on the button
  // (`gesture`), and the panel's own call just after finds it done.
  const openFiles = (files) => {
    const list = [...(files || [])];
    if (!list.length) return Promise.resolve(false);
    return Promise.all(list.map((f) => f.text().then((text) => [f.name, text], () => [f.name, '']))).then((read) => {
      for (const pair of read) Module.addOpenedFile(pair[0], pair[1]);
      return Module.openFiles();
    });
  };
  Module.bandadaOpenFiles = openFiles;  // the accessible view's own picker too
  Module.bandadaPickState = (gesture) => {
    const last = Module.bandadaGesturePick || 0;
    if (!gesture && performance.now() - last < 5000) {
      Module.bandadaGesturePick = 0;
      return;
    }
    if (gesture) Module.bandadaGesturePick = performance.now();
    const input = document.createElement('input');
    Object.assign(input, {type: 'file', multiple: true,
                          accept: '.state,text/plain,.txt,.json,.wkt,application/json'});
    input.addEventListener('change', () => openFiles(input.files));
    input.click();
  };
  document.addEventListener('dragover', (e) => {
    if (e.dataTransfer && [...e.dataTransfer.types].includes('Files')) e.preventDefault();
  });
  document.addEventListener('drop', (e) => {
    if (!e.dataTransfer || !e.dataTransfer.files.length) return;
    e.preventDefault();
    openFiles(e.dataTransfer.files);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') Module._bandada_on_hidden();
  });
  window.addEventListener('pagehide', () => Module._bandada_on_pagehide());
  // A share link pasted into an open tab changes only the fragment: no reload, so read it here.
  window.addEventListener('hashchange', () => Module._bandada_on_hashchange());
  if (!with_canvas) return;
  // Wheel over the canvas: over the panels ImGui scrolls; over the 3-D view a plain wheel
  // scrolls the page and Ctrl/Cmd + wheel (or a trackpad pinch) zooms. SDL's own wheel
  // handler would swallow every wheel, so it is switched off in main.cpp.
  const canvas = Module.canvas;
  canvas.addEventListener('wheel', (e) => {
    const r = canvas.getBoundingClientRect();
    let dy = e.deltaY;
    if (e.deltaMode === 1) dy *= 16;
    if (e.deltaMode === 2) dy *= r.height;
    const consumed = Module._bandada_on_wheel(e.clientX - r.left, e.clientY - r.top, dy,
                                              (e.ctrlKey || e.metaKey) ? 1 : 0);
    if (consumed) e.preventDefault();
  }, {passive: false});
  // A click on the canvas gives it the keyboard (SDL listens on #canvas only).
  canvas.addEventListener('mousedown', () => canvas.focus());
  // A click or tap on the panel's "Copy share link": the link is written here, inside the gesture.
  const copyAt = (x, y) => {
    const r = canvas.getBoundingClientRect(), cx = x - r.left, cy = y - r.top;
    const widgets = JSON.parse(Module.uiRects()).widgets;
    const on = (w) => w && cx >= w[0] && cy >= w[1] && cx <= w[0] + w[2] && cy <= w[1] + w[3];
    if (on(widgets['Copy share link'])) Module.bandadaCopy(Module.shareUrl(), true);
    if (Object.keys(widgets).some((n) => n.startsWith('Open ') && on(widgets[n])))
      Module.bandadaPickState(true);  // and the picker (Open state, Open scenario), likewise
  };
  canvas.addEventListener('click', (e) => copyAt(e.clientX, e.clientY));
  // The view's switches in the page header: always in sight, whatever the panel's length. The
  // test hook lists them with the panel's widgets, in the canvas's coordinates (above it: y < 0).
  const bar = document.getElementById('view-bar');
  if (bar) {
    const act = (id, what) => document.getElementById(id).addEventListener('click', () => {
      what();
      canvas.focus();  // the keys go back to the app (SDL listens on the canvas)
    });
    act('vb-picture', () => Module.viewAction('picture'));
    act('vb-clip', () => Module.viewAction('clip'));
    act('vb-accessible', () => window.bandadaStartHtmlView(''));
    bar.hidden = false;
    // The models in the header, by their titles (before any " (…)"): one click from the first screen.
    const models = document.getElementById('model-bar');
    if (models) {
      const list = JSON.parse(Module.describe()).models;
      for (const m of list) {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.model = m[0];
        b.textContent = m[1].split(' (')[0];
        b.addEventListener('click', () => {
          Module.command('model:' + m[0]);
          canvas.focus();
        });
        models.appendChild(b);
      }
      models.hidden = false;
    }
    const panelRects = Module.uiRects;
    const named = [['Save picture', 'vb-picture'], ['Record clip', 'vb-clip'], ['Accessible view', 'vb-accessible'],
                   ['clip-mark', 'vb-rec']];
    Module.uiRects = () => {
      const ui = JSON.parse(panelRects());
      if (document.body.classList.contains('html-mode')) return JSON.stringify(ui);
      const c = canvas.getBoundingClientRect();
      for (const pair of named) {  // NOT A BUG: no destructuring here, which this emcc's EM_JS drops
        const el = document.getElementById(pair[1]);
        const r = el.getBoundingClientRect();
        if (!el.hidden && r.width > 0) ui.widgets[pair[0]] = [r.left - c.left, r.top - c.top, r.width, r.height];
      }
      return JSON.stringify(ui);
    };
  }
  canvas.addEventListener('touchend', (e) => {
    if (e.changedTouches.length === 1) copyAt(e.changedTouches[0].clientX, e.changedTouches[0].clientY);
  }, {passive: true});
  // Two fingers: a pinch zooms the view under them (SDL 2.26 would only report a gesture).
  let pinch = 0;
  const spread = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
  canvas.addEventListener('touchstart', (e) => { if (e.touches.length === 2) pinch = spread(e.touches); }, {passive: true});
  canvas.addEventListener('touchmove', (e) => {
    if (e.touches.length !== 2 || !pinch) return;
    const d = spread(e.touches), r = canvas.getBoundingClientRect();
    const x = (e.touches[0].clientX + e.touches[1].clientX) / 2 - r.left;
    const y = (e.touches[0].clientY + e.touches[1].clientY) / 2 - r.top;
    if (d > 0) Module._bandada_on_pinch(d / pinch, x, y);
    pinch = d;
  }, {passive: true});
  canvas.addEventListener('touchend', (e) => { if (e.touches.length < 2) pinch = 0; }, {passive: true});
  // Touch typing: SDL 2.26 raises no on-screen keyboard, so a tap on a field of the panel puts a
  // real input over it (focused inside the tap, so the device keyboard opens). What is typed goes
  // to the field as typed; Enter or leaving it commits, like leaving the field.
  const edit = document.createElement('input');
  Object.assign(edit, {type: 'text', id: 'touch-edit', autocomplete: 'off', spellcheck: false, hidden: true});
  edit.setAttribute('aria-label', 'Field being edited');
  canvas.parentNode.appendChild(edit);
  let editing = -1, tap = null;
  canvas.addEventListener('touchstart', (e) => {
    tap = e.touches.length === 1 ? [e.touches[0].clientX, e.touches[0].clientY] : null;
  }, {passive: true});
  canvas.addEventListener('touchmove', (e) => {
    if (tap && Math.hypot(e.touches[0].clientX - tap[0], e.touches[0].clientY - tap[1]) > 10) tap = null;
  }, {passive: true});
  canvas.addEventListener('touchend', (e) => {
    if (!tap || e.changedTouches.length !== 1) return;
    const r = canvas.getBoundingClientRect(), t = e.changedTouches[0];
    const hit = JSON.parse(Module.fieldAt(t.clientX - r.left, t.clientY - r.top));
    if (!hit) return;
    const box = canvas.parentNode.getBoundingClientRect();
    Object.assign(edit.style, {left: (r.left - box.left + hit.rect[0]) + 'px', top: (r.top - box.top + hit.rect[1]) + 'px',
                               width: hit.rect[2] + 'px', height: hit.rect[3] + 'px'});
    edit.inputMode = hit.integer ? 'numeric' : 'decimal';
    edit.value = hit.text;
    editing = hit.index;
    edit.hidden = false;
    edit.focus();
    e.preventDefault();  // no emulated mousedown after the tap: it would give the canvas the focus back
  }, {passive: false});
  edit.addEventListener('input', () => { if (editing >= 0) Module.setField(editing, edit.value); });
  const done = () => {
    if (editing < 0) return;
    Module.commitField(editing);
    editing = -1;
    edit.hidden = true;
  };
  edit.addEventListener('change', done);
  edit.addEventListener('blur', done);
  edit.addEventListener('keydown', (e) => { if (e.key === 'Enter') edit.blur(); });
});

EM_JS(void, js_view_bar, (int recording, const char* mark, const char* note), {
  const clip = document.getElementById('vb-clip');
  if (!clip) return;
  clip.querySelector('.wide').textContent = recording ? 'Stop clip' : 'Record clip';
  clip.querySelector('.narrow').textContent = recording ? 'Stop' : 'Clip';
  clip.setAttribute('aria-label', recording ? 'Stop clip' : 'Record clip');
  clip.setAttribute('aria-pressed', recording ? 'true' : 'false');
  const m = document.getElementById('vb-rec'), text = UTF8ToString(mark);
  m.querySelector('.wide').textContent = text;
  m.querySelector('.narrow').textContent = text.replace(/ REC| of .*$/g, '');
  m.hidden = !recording;
  document.getElementById('vb-note').textContent = UTF8ToString(note);
});

EM_JS(int, js_html_view_requested, (), { return Module.bandadaHtmlView ? 1 : 0; });

EM_JS(int, js_coarse_pointer, (), { return window.matchMedia('(pointer: coarse)').matches ? 1 : 0; });
EM_JS(int, js_cross_origin_isolated, (), { return self.crossOriginIsolated ? 1 : 0; });
EM_JS(int, js_shared_memory, (), { return typeof SharedArrayBuffer === 'function' ? 1 : 0; });
// What a drawn frame costs this renderer, measured rather than read from its name (WebKit names
// every renderer "Apple GPU"): a throwaway 4× multisampled context the size of the page draws a
// frame of 4 000 small triangles over a cleared screen, read back so that the work is done; the
// median of three frames after one to warm up, in ms.
EM_JS(double, js_probe_frame_ms, (int width, int height), {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, width);
    canvas.height = Math.max(1, height);
    const gl = canvas.getContext('webgl2', {antialias: true});
    if (!gl) return 0;
    const shader = (type, text) => { const s = gl.createShader(type); gl.shaderSource(s, text); gl.compileShader(s); return s; };
    const program = gl.createProgram();
    gl.attachShader(program, shader(gl.VERTEX_SHADER, '#version 300 es\nin vec2 p; void main() { gl_Position = vec4(p, 0.0, 1.0); }'));
    gl.attachShader(program, shader(gl.FRAGMENT_SHADER, '#version 300 es\nprecision mediump float; out vec4 c; void main() { c = vec4(0.5, 0.7, 1.0, 1.0); }'));
    gl.linkProgram(program);
    gl.useProgram(program);
    const n = 4000, v = new Float32Array(n * 6);
    let seed = 1;
    const rand = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647 * 2 - 1; };
    for (let i = 0; i < n; ++i) {
      const x = rand(), y = rand();
      v.set([x, y, x + 0.02, y, x, y + 0.03], i * 6);
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
    gl.bufferData(gl.ARRAY_BUFFER, v, gl.STATIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    const pixel = new Uint8Array(4), times = [];
    for (let k = 0; k < 4; ++k) {
      const t0 = performance.now();
      gl.clearColor(0.05, 0.06, 0.08, 1);
      gl.clear(gl.COLOR_BUFFER_BIT);
      gl.drawArrays(gl.TRIANGLES, 0, n * 3);
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      if (k > 0) times.push(performance.now() - t0);
    }
    const lose = gl.getExtension('WEBGL_lose_context');
    if (lose) lose.loseContext();
    times.sort((a, b) => a - b);
    return times[1];
  } catch (e) {
    return 0;
  }
});

// A throwaway context names the renderer (WebGL2 contexts report the real one on RENDERER or
// through WEBGL_debug_renderer_info); software ones rasterize on the CPU.
EM_JS(int, js_software_webgl, (), {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return 0;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    const lose = gl.getExtension('WEBGL_lose_context');
    if (lose) lose.loseContext();
    return /swiftshader|llvmpipe|softpipe|software/i.test(name) ? 1 : 0;
  } catch (e) {
    return 0;
  }
});

EM_JS(void, js_start_html_view, (const char* reason), {
  if (window.bandadaStartHtmlView) window.bandadaStartHtmlView(UTF8ToString(reason));
});

EM_JS(void, js_fail_page, (const char* why), {
  if (window.bandadaFail) window.bandadaFail(UTF8ToString(why));
});

EM_JS(void, js_mark_ready, (), {
  window.bandadaReady = true;
  document.body.classList.add('app-ready');
});
// The step worker of session `id` (web/step_worker.js), made on first use: it gets a model's
// bytes and computes steps as they are asked for; each step comes back whole and waits in
// `ready` until taken. A stop or a new start moves `gen`, and whatever comes from before is dropped.
EM_JS(void, js_stepper_start, (int id, const char* kind, const char* bytes, int size, int steps), {
  const all = Module.bandadaSteppers || (Module.bandadaSteppers = {});
  let s = all[id];
  if (!s) {
    s = all[id] = {gen: 0, ready: [], failed: false, worker: null, received: 0};
    try {
      s.worker = new Worker('step_worker.js');
      s.worker.onmessage = (e) => {
        const m = e.data;
        if (m.gen !== s.gen) return;
        if (m.error) {
          s.failed = true;
          console.warn('Bandada: the step worker stopped: ' + m.error);
        } else {
          s.ready.push(new Uint8Array(m.bytes));
          s.received++;
        }
      };
      s.worker.onerror = (e) => {
        s.failed = true;
        console.warn('Bandada: the step worker failed: ' + (e.message || 'unknown error'));
      };
    } catch (e) {
      s.failed = true;
      return;
    }
  }
  s.gen++;
  s.ready = [];
  const model = HEAPU8.slice(bytes, bytes + size);
  s.worker.postMessage({gen: s.gen, kind: UTF8ToString(kind), model: model.buffer, steps}, [model.buffer]);
});
EM_JS(void, js_stepper_more, (int id, int steps), {
  const s = Module.bandadaSteppers[id];
  s.worker.postMessage({gen: s.gen, steps});
});
EM_JS(void, js_stepper_stop, (int id), {
  const s = Module.bandadaSteppers && Module.bandadaSteppers[id];
  if (!s || !s.worker) return;
  s.gen++;
  s.ready = [];
  s.worker.postMessage({gen: s.gen});
});
EM_JS(int, js_stepper_size, (int id), {
  const s = Module.bandadaSteppers && Module.bandadaSteppers[id];
  return s && s.ready.length ? s.ready[0].length : -1;
});
EM_JS(void, js_stepper_take, (int id, char* to), {
  const s = Module.bandadaSteppers[id];
  const bytes = s.ready.shift();
  HEAPU8.set(bytes, to);
  s.worker.postMessage({spare: bytes.buffer}, [bytes.buffer]);  // for the worker's next step
});
EM_JS(int, js_stepper_failed, (int id), {
  const s = Module.bandadaSteppers && Module.bandadaSteppers[id];
  return s && s.failed ? 1 : 0;
});
EM_JS(void, js_imgui_assert, (const char* message), {
  console.error(UTF8ToString(message));
});
// clang-format on

}  // namespace

void bandada_imgui_assert(const char* expr, const char* file, int line) {
  static std::set<std::pair<const char*, int>> told;  // once per place: a frame loop repeats it
  if (!told.insert({file, line}).second) return;
  const char* base = std::strrchr(file, '/');
  const std::string message = std::string("ImGui assert failed: ") + expr + " (" + (base ? base + 1 : file) +
                              ":" + std::to_string(line) + ")";
  js_imgui_assert(message.c_str());
}

namespace web {

std::optional<std::string> storage_get(bool session, const std::string& key) {
  char* p = js_storage_get(session, key.c_str());
  if (!p) return std::nullopt;
  std::string s(p);
  std::free(p);
  return s;
}

bool storage_set(bool session, const std::string& key, const std::string& value) {
  return js_storage_set(session, key.c_str(), value.c_str()) != 0;
}

void storage_remove(bool session, const std::string& key) { js_storage_remove(session, key.c_str()); }

static std::string take(char* p) {
  std::string s(p ? p : "");
  std::free(p);
  return s;
}

std::string location_hash() { return take(js_location_hash()); }
void drop_location_hash() { js_drop_location_hash(); }
std::string page_url() { return take(js_page_url()); }
std::string navigation_type() { return take(js_navigation_type()); }
void clipboard_write(const std::string& text) { js_clipboard_write(text.c_str()); }
int clipboard_answer() { return js_clipboard_answer(); }
void pick_state_file() { js_pick_state_file(); }
void save_canvas_picture(int x, int y, int w, int h, const std::string& caption, const std::string& name) {
  js_save_picture(x, y, w, h, caption.c_str(), name.c_str());
}
std::string clip_start(int w, int h) {
  char* why = js_clip_start(w, h);
  if (!why) return {};
  std::string out(why);
  std::free(why);
  return out;
}
void clip_frame(int x, int y, int w, int h) { js_clip_frame(x, y, w, h); }
void clip_stop(const std::string& name) { js_clip_stop(name.c_str()); }
void download(const std::string& filename, const std::string& mime, const std::string& text) {
  js_download(filename.c_str(), mime.c_str(), text.c_str());
}
void install_page_hooks(bool canvas) { js_install_page_hooks(canvas ? 1 : 0); }
void view_bar(bool recording, double seconds, double max_seconds, const std::string& note) {
  char mark[64] = "";
  if (recording && seconds >= 0) {
    const int t = static_cast<int>(seconds), m = static_cast<int>(max_seconds);
    std::snprintf(mark, sizeof mark, "\u25CF REC %d:%02d of %d:%02d", t / 60, t % 60, m / 60, m % 60);
  } else if (recording) {
    std::snprintf(mark, sizeof mark, "\u25CF REC");
  }
  static std::string last = "-";
  const std::string now = std::string(recording ? "1" : "0") + mark + "\n" + note;
  if (now == last) return;
  last = now;
  js_view_bar(recording ? 1 : 0, mark, note.c_str());
}

bool html_view_requested() { return js_html_view_requested() != 0; }
void start_html_view(const char* reason) { js_start_html_view(reason); }
void mark_ready() { js_mark_ready(); }
void fail_page(const char* why) { js_fail_page(why); }
double device_pixel_ratio() { return emscripten_get_device_pixel_ratio(); }
bool coarse_pointer() { return js_coarse_pointer() != 0; }
bool cross_origin_isolated() { return js_cross_origin_isolated() != 0; }
bool shared_memory() { return js_shared_memory() != 0; }
bool software_webgl() { return js_software_webgl() != 0; }
double probe_frame_ms(int width, int height) { return js_probe_frame_ms(width, height); }

namespace {

class WorkerStepper final : public bandada::RemoteStepper {
 public:
  explicit WorkerStepper(int id) : id_(id) {}
  void start(std::string_view kind, std::string model, int steps) override {
    const std::string k(kind);
    js_stepper_start(id_, k.c_str(), model.data(), static_cast<int>(model.size()), steps);
  }
  void more(int steps) override { js_stepper_more(id_, steps); }
  void stop() override { js_stepper_stop(id_); }
  std::optional<std::string> take() override {
    const int size = js_stepper_size(id_);
    if (size < 0) return std::nullopt;
    std::string bytes(static_cast<size_t>(size), '\0');
    js_stepper_take(id_, bytes.data());
    return bytes;
  }
  bool failed() const override { return js_stepper_failed(id_) != 0; }

 private:
  int id_;
};

}  // namespace

std::unique_ptr<bandada::RemoteStepper> step_worker(int id) { return std::make_unique<WorkerStepper>(id); }

}  // namespace web

// ---- events from the page into the app ------------------------------------------------------

extern "C" {

EMSCRIPTEN_KEEPALIVE void bandada_on_hidden() { web::on_page_hidden(); }
EMSCRIPTEN_KEEPALIVE void bandada_on_pagehide() { web::on_page_hide(); }
EMSCRIPTEN_KEEPALIVE void bandada_on_hashchange() { web::open_link_from_address_bar(); }
EMSCRIPTEN_KEEPALIVE void bandada_on_pinch(double factor, double x, double y) {
  web::on_pinch(static_cast<float>(factor), static_cast<float>(x), static_cast<float>(y));
}
EMSCRIPTEN_KEEPALIVE int bandada_on_wheel(double x, double y, double dy, int zoom_modifier) {
  return web::on_wheel(x, y, dy, zoom_modifier != 0) ? 1 : 0;
}
}
