// Bandada — the accessible view: the whole app in HTML + an isometric SVG, for browsers
// without WebGL2, after a lost WebGL context, or by choice. It only writes DOM: every rule
// (fields, commands, the 250 ms cap, hidden pages, sharing) is the core/app controller's,
// reached through embind (web/bindings.cpp). Glyph elements are reused between frames.
(function () {
  'use strict';
  const PAGE = 50;           // table rows per page
  const GLYPH = 9;           // glyph length in pixels: it never shows speed
  const SIZE = 560;          // the SVG's drawing size
  const SCALE = SIZE / 14.8; // pixels per model unit: the cube's projection fits
  const NS = 'http://www.w3.org/2000/svg';
  let built = false, active = false, last = 0, lastKey = '', tablePage = 0, fields = [], statusWord = '';
  const el = {};

  function $(id) { return document.getElementById(id); }
  function state() { return JSON.parse(Module.appState()); }
  function view() { return JSON.parse(Module.viewJson()); }

  function build() {
    const root = $('html-view');
    fields = JSON.parse(Module.fieldsJson());
    const form = $('hv-fields');
    fields.forEach((f, i) => {
      const row = document.createElement('div');
      row.className = 'hv-field';
      const id = 'hv-f-' + f.key;
      row.innerHTML = `<label for="${id}">${f.label}</label>` +
        `<input id="${id}" type="text" inputmode="${f.integer ? 'numeric' : 'decimal'}" autocomplete="off" spellcheck="false" aria-describedby="${id}-help ${id}-err">` +
        `<small id="${id}-help">${f.help}</small><span class="hv-err" id="${id}-err" role="alert"></span>`;
      form.appendChild(row);
      row.querySelector('input').addEventListener('input', (e) => { Module.setField(i, e.target.value); render(true); });
    });
    form.addEventListener('submit', (e) => { e.preventDefault(); command('initialize'); });
    root.querySelectorAll('[data-cmd]').forEach((b) => b.addEventListener('click', () => command(b.dataset.cmd)));
    $('hv-share').addEventListener('click', share);
    $('hv-webgl').addEventListener('click', () => window.bandadaStopHtmlView());
    $('hv-prev').addEventListener('click', () => { tablePage = Math.max(0, tablePage - 1); render(true); });
    $('hv-next').addEventListener('click', () => { tablePage += 1; render(true); });
    $('hv-table').addEventListener('click', (e) => {
      const tr = e.target.closest('tr[data-index]');
      if (tr) { Module.selectBoid(Number(tr.dataset.index)); render(true); }
    });
    const svg = $('hv-svg');
    svg.setAttribute('viewBox', `0 0 ${SIZE} ${SIZE}`);
    svg.addEventListener('click', pick);
    svg.innerHTML = '<defs><marker id="hv-arrow" viewBox="0 0 6 6" refX="3" refY="3" markerWidth="3.2" markerHeight="3.2" ' +
                    'orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="#61bdff"/></marker></defs>';
    drawCube(svg);
    el.glyphs = document.createElementNS(NS, 'g');
    el.glyphs.setAttribute('class', 'hv-glyphs');
    svg.appendChild(el.glyphs);
    el.ring = document.createElementNS(NS, 'circle');
    el.ring.setAttribute('r', '8');
    el.ring.setAttribute('class', 'hv-ring');
    el.ring.setAttribute('visibility', 'hidden');
    svg.appendChild(el.ring);
    document.addEventListener('keydown', onKey);
    built = true;
  }

  function project(x, y, z) {  // only for the cube's corners; boids are projected in C++
    return [SIZE / 2 + (x - z) / Math.SQRT2 * SCALE, SIZE / 2 - (2 * y - x - z) / Math.sqrt(6) * SCALE];
  }

  function drawCube(svg) {
    const h = 4.2, g = document.createElementNS(NS, 'g');
    g.setAttribute('class', 'hv-cube');
    for (let e = 0; e < 12; ++e) {
      const axis = Math.floor(e / 4), k = e % 4, s1 = (k & 1) ? h : -h, s2 = (k & 2) ? h : -h;
      const p = axis === 0 ? [[-h, s1, s2], [h, s1, s2]] : axis === 1 ? [[s1, -h, s2], [s1, h, s2]] : [[s1, s2, -h], [s1, s2, h]];
      const a = project(...p[0]), b = project(...p[1]);
      const line = document.createElementNS(NS, 'line');
      line.setAttribute('x1', a[0]); line.setAttribute('y1', a[1]);
      line.setAttribute('x2', b[0]); line.setAttribute('y2', b[1]);
      g.appendChild(line);
    }
    svg.appendChild(g);
  }

  function command(name) {
    Module.command(name);
    render(true);
  }

  function share() {
    const url = location.origin + location.pathname + location.search + '#' + Module.shareString();
    const out = $('hv-share-url'), msg = $('hv-share-msg');
    out.value = url;
    const fallback = () => { msg.textContent = 'The clipboard was refused: copy the link below by hand.'; out.hidden = false; out.select(); };
    try {
      navigator.clipboard.writeText(url).then(() => { msg.textContent = 'Link copied.'; out.hidden = false; }, fallback);
    } catch (e) { fallback(); }
  }

  function pick(e) {
    const svg = $('hv-svg');
    const pt = svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    const g = Module.glyphs(SCALE, SIZE / 2, SIZE / 2);
    let best = -1, bestD = 12 * 12;
    for (let i = 0; i < g.length / 4; ++i) {
      const dx = g[i * 4] - p.x, dy = g[i * 4 + 1] - p.y, d = dx * dx + dy * dy;
      if (d < bestD) { bestD = d; best = i; }
    }
    if (best >= 0) {
      Module.selectBoid(best);
      tablePage = Math.floor(best / PAGE);
      render(true);
    }
  }

  function onKey(e) {
    if (!active) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;  // never while typing
    const cmd = e.ctrlKey || e.metaKey;
    if (cmd && (e.key === 'z' || e.key === 'Z')) { e.preventDefault(); command('undo'); return; }
    if (cmd || e.altKey) return;
    if (e.key === ' ') { e.preventDefault(); command(state().status === 'running' ? 'pause' : 'run'); }
    else if (e.key === 's' || e.key === 'S') command('step');
    else if (e.key === 'i' || e.key === 'I') command('initialize');
    else if (e.key === 'Escape') command('clear_selection');
  }

  function renderFields(s) {
    fields.forEach((f, i) => {
      const input = $('hv-f-' + f.key);
      if (document.activeElement !== input && input.value !== s.texts[i]) input.value = s.texts[i];
      input.setAttribute('aria-invalid', s.errors[i] ? 'true' : 'false');
      $('hv-f-' + f.key + '-err').textContent = s.errors[i] ? f.label + ': ' + s.errors[i] : '';
    });
  }

  function renderButtons(s, v) {
    const why = {initialize: v.why_not.initialize, run: v.why_not.run, step: v.why_not.step,
                 pause: s.status === 'running' ? '' : 'Not running.', reset: s.status === 'no flock' ? 'No flock to remove.' : '',
                 undo: s.can_undo ? '' : 'Nothing to undo.', restore_previous_inputs: s.has_previous_inputs ? '' : 'No previous inputs.',
                 replay_link: s.link.kind === 'waiting' && s.steps < 1e18 ? '' : 'No shared run to replay.'};
    document.querySelectorAll('#html-view [data-cmd]').forEach((b) => {
      const w = why[b.dataset.cmd] || '';
      b.disabled = w !== '';
      b.title = w;
    });
    $('hv-webgl').hidden = !v.has_gl;
  }

  function renderSvg(s) {
    const g = Module.glyphs(SCALE, SIZE / 2, SIZE / 2);
    const n = g.length / 4, kids = el.glyphs.children;
    while (kids.length < n) {
      const line = document.createElementNS(NS, 'line');
      line.setAttribute('class', 'hv-glyph');
      el.glyphs.appendChild(line);
    }
    for (let i = 0; i < kids.length; ++i) {
      const line = kids[i];
      if (i >= n) { line.setAttribute('visibility', 'hidden'); continue; }
      const x = g[i * 4], y = g[i * 4 + 1], ux = g[i * 4 + 2], uy = g[i * 4 + 3];
      line.setAttribute('visibility', 'visible');
      line.setAttribute('x1', (x - ux * GLYPH * 0.5).toFixed(2));
      line.setAttribute('y1', (y - uy * GLYPH * 0.5).toFixed(2));
      line.setAttribute('x2', (x + ux * GLYPH * 0.5).toFixed(2));
      line.setAttribute('y2', (y + uy * GLYPH * 0.5).toFixed(2));
      line.setAttribute('data-index', i);
      line.classList.toggle('hv-point', ux === 0 && uy === 0);
    }
    if (s.selection !== null && s.selection < n) {
      el.ring.setAttribute('cx', g[s.selection * 4]);
      el.ring.setAttribute('cy', g[s.selection * 4 + 1]);
      el.ring.setAttribute('visibility', 'visible');
    } else {
      el.ring.setAttribute('visibility', 'hidden');
    }
  }

  function renderTable(s) {
    const pages = Math.max(1, Math.ceil(s.n / PAGE));
    tablePage = Math.min(tablePage, pages - 1);
    const rows = JSON.parse(Module.tableRows(tablePage * PAGE, PAGE));
    const body = $('hv-table').tBodies[0];
    body.replaceChildren(...rows.map((r) => {
      const tr = document.createElement('tr');
      tr.dataset.index = r[0];
      if (r[0] === s.selection) { tr.className = 'hv-selected'; tr.setAttribute('aria-selected', 'true'); }
      tr.innerHTML = '<th scope="row">' + r[0] + '</th>' + r.slice(1).map((v, k) => '<td>' + (k === 4 ? v : Number(v).toFixed(4)) + '</td>').join('');
      return tr;
    }));
    $('hv-page').textContent = s.n ? `rows ${tablePage * PAGE} – ${Math.min(s.n, (tablePage + 1) * PAGE) - 1} of ${s.n}` : 'no flock';
    $('hv-prev').disabled = tablePage === 0;
    $('hv-next').disabled = tablePage >= pages - 1;
  }

  function render(force) {
    const s = state(), v = view();
    renderFields(s);
    renderButtons(s, v);
    // The live region announces changes of state, not every number of every frame.
    const word = s.status + (s.link.message ? ' · ' + s.link.message : '') + (s.notice ? ' · ' + s.notice : '');
    if (word !== statusWord) { $('hv-status').textContent = word; statusWord = word; }
    $('hv-numbers').textContent = v.status_line;
    $('hv-progress').hidden = v.progress < 0;
    if (v.progress >= 0) { $('hv-progress').value = v.progress; $('hv-progress').textContent = v.busy_label; }
    $('hv-storage').textContent = s.storage_notice;
    const key = s.steps + '/' + s.fingerprint + '/' + s.selection + '/' + s.status + '/' + tablePage;
    if (force || key !== lastKey) {
      lastKey = key;
      renderSvg(s);
      renderTable(s);
    }
  }

  function frame(now) {
    if (!active) return;
    Module.advance(Math.max(0, (now - last) / 1000));
    last = now;
    render(false);
    requestAnimationFrame(frame);
  }

  window.bandadaStartHtmlView = function (reason) {
    if (!built) build();
    Module.setHtmlView(true);
    active = true;
    document.body.classList.add('html-mode');
    $('html-view').hidden = false;
    $('hv-reason').textContent = reason || 'Accessible view: the same flock and fields as the 3-D view.';
    last = performance.now();
    render(true);
    requestAnimationFrame(frame);
  };

  window.bandadaStopHtmlView = function () {
    active = false;
    Module.setHtmlView(false);
    document.body.classList.remove('html-mode');
    $('html-view').hidden = true;
  };
})();
