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
    $('hv-model').addEventListener('change', (e) => { Module.command('model:' + e.target.value); render(true); });
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

  function share() { shareLink(Module.shareString(), $('hv-share-url'), $('hv-share-msg')); }

  function shareLink(shareString, out, msg) {
    const url = location.origin + location.pathname + location.search + '#' + shareString;
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
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;  // never while typing
    const model = state().model;
    if (model === 'feedback2d') { feedbackKey(e); return; }
    if (model === 'flock2d') { flock2dKey(e); return; }
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

  // ---- the 2-D feedback engine ------------------------------------------------------------
  const FB_PHASES = ['', '1 · local rule', '2 · cohesion', '3 · result R', '4 · counter-rule'];
  const fb = {built: false, page: 0, lastKey: '', fields: [], status: ''};

  function buildFeedback() {
    const root = $('hv-fb');
    fb.fields = JSON.parse(Module.feedbackFieldsJson());
    root.innerHTML =
      '<div class="hv-grid"><div><form id="fb-fields" aria-label="Feedback engine parameters (they act live)"></form>' +
      '<div class="hv-field"><label for="fb-op">operation</label><select id="fb-op">' +
      ['flock', 'probabilistic', 'sum', 'gravity'].map((o) => `<option value="${o}">${o}</option>`).join('') + '</select></div>' +
      '<p><label><input type="checkbox" id="fb-nc"> no contradiction (F points follow R)</label></p><div>' +
      [['initialize', 'Initialize'], ['run', 'Run'], ['pause', 'Pause'], ['step', 'Step'], ['reset', 'Reset'], ['phase', 'Advance one phase']]
        .map(([c, l]) => `<button type="button" data-fb="${c}">${l}</button>`).join('') +
      '</div><p id="fb-next"></p><p id="fb-status" role="status" aria-live="polite"></p><p id="fb-numbers"></p>' +
      '<button id="fb-share" type="button">Copy share link</button> <span id="fb-share-msg" role="status"></span>' +
      '<input id="fb-share-url" readonly hidden aria-label="Share link">' +
      '<p style="font-size:14px;color:#98a2b3">White arrows are V, red are F; the yellow cross is R\'s centre with D as a circle and ' +
      'its heading as a line. Keys (not while typing): Space run/pause · S step · P one phase · I initialize · Esc stop following.</p></div>' +
      '<div><svg id="fb-svg" viewBox="-10 -10 1020 720" role="img" aria-label="The 1000 × 700 plane: one arrow per point along its velocity"></svg>' +
      '<div><button id="fb-prev" type="button">◀ previous</button> <span id="fb-page"></span> <button id="fb-next-page" type="button">next ▶</button></div>' +
      '<table id="fb-table" class="hv-table" aria-label="Points"><thead><tr><th scope="col">#</th><th>class</th><th>|v|</th><th>k</th>' +
      '<th>mA</th><th>mS</th><th>mG</th></tr></thead><tbody></tbody></table></div></div>';
    const form = $('fb-fields');
    fb.fields.forEach((f, i) => {
      const row = document.createElement('div');
      row.className = 'hv-field';
      const id = 'fb-f-' + f.key;
      row.innerHTML = `<label for="${id}">${f.label}</label><input id="${id}" type="text" inputmode="${f.integer ? 'numeric' : 'decimal'}" ` +
        `autocomplete="off" spellcheck="false" aria-describedby="${id}-help ${id}-err"><small id="${id}-help">${f.help}</small>` +
        `<span class="hv-err" id="${id}-err" role="alert"></span>`;
      form.appendChild(row);
      row.querySelector('input').addEventListener('input', (e) => { Module.setFeedbackField(i, e.target.value); render(true); });
    });
    form.addEventListener('submit', (e) => { e.preventDefault(); command('fb:initialize'); });
    $('fb-op').addEventListener('change', (e) => { Module.setFeedbackOperation(e.target.value); render(true); });
    $('fb-nc').addEventListener('change', (e) => { Module.setFeedbackNoContradiction(e.target.checked); render(true); });
    root.querySelectorAll('[data-fb]').forEach((b) => b.addEventListener('click', () => command('fb:' + b.dataset.fb)));
    $('fb-share').addEventListener('click', () => shareLink(Module.feedbackShareString(), $('fb-share-url'), $('fb-share-msg')));
    $('fb-prev').addEventListener('click', () => { fb.page = Math.max(0, fb.page - 1); render(true); });
    $('fb-next-page').addEventListener('click', () => { fb.page += 1; render(true); });
    $('fb-table').addEventListener('click', (e) => {
      const tr = e.target.closest('tr[data-index]');
      if (tr) { Module.followPoint(Number(tr.dataset.index)); render(true); }
    });
    const svg = $('fb-svg');
    svg.innerHTML = '<defs>' + [['v', '#f0f0f0'], ['f', '#ff5046']].map(([k, c]) =>
      `<marker id="fb-arrow-${k}" viewBox="0 0 6 6" refX="3" refY="3" markerWidth="3" markerHeight="3" orient="auto">` +
      `<path d="M0,0 L6,3 L0,6 z" fill="${c}"/></marker>`).join('') + '</defs>' +
      '<rect class="fb-plane" x="0" y="0" width="1000" height="700"/><g id="fb-glyphs"></g>' +
      '<circle id="fb-d" class="fb-d"/><path id="fb-cross" class="fb-r"/><line id="fb-heading" class="fb-r"/>' +
      '<circle id="fb-ring" class="hv-ring" r="14" visibility="hidden"/>';
    svg.addEventListener('click', (e) => {
      const pt = svg.createSVGPoint();
      pt.x = e.clientX; pt.y = e.clientY;
      const p = pt.matrixTransform(svg.getScreenCTM().inverse());
      const g = Module.feedbackGlyphs();
      let best = -1, bestD = 20 * 20;
      for (let i = 0; i < g.length / 5; ++i) {
        const dx = g[i * 5] - p.x, dy = 700 - g[i * 5 + 1] - p.y, d = dx * dx + dy * dy;
        if (d < bestD) { bestD = d; best = i; }
      }
      if (best >= 0) { Module.followPoint(best); fb.page = Math.floor(best / PAGE); render(true); }
    });
    fb.built = true;
  }

  function feedbackKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === ' ') { e.preventDefault(); command(state().fb.status === 'running' ? 'fb:pause' : 'fb:run'); }
    else if (e.key === 's' || e.key === 'S') command('fb:step');
    else if (e.key === 'p' || e.key === 'P') command('fb:phase');
    else if (e.key === 'i' || e.key === 'I') command('fb:initialize');
    else if (e.key === 'Escape') command('fb:clear_selection');
  }

  function flock2dKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === ' ') { e.preventDefault(); command(state().f2.status === 'running' ? 'f2:pause' : 'f2:run'); }
    else if (e.key === 's' || e.key === 'S') command('f2:step');
    else if (e.key === 'i' || e.key === 'I') command('f2:initialize');
  }

  function renderFeedback(s, force) {
    if (!fb.built) buildFeedback();
    const v = JSON.parse(Module.feedbackViewJson()), f = s.fb;
    fb.fields.forEach((fi, i) => {
      const input = $('fb-f-' + fi.key);
      if (document.activeElement !== input && input.value !== f.texts[i]) input.value = f.texts[i];
      input.setAttribute('aria-invalid', f.errors[i] ? 'true' : 'false');
      $('fb-f-' + fi.key + '-err').textContent = f.errors[i] ? fi.label + ': ' + f.errors[i] : '';
    });
    if (document.activeElement !== $('fb-op')) $('fb-op').value = f.operation;
    $('fb-nc').checked = v.no_contradiction;
    const why = {initialize: v.why_not.initialize, run: v.why_not.run, step: v.why_not.step,
                 pause: f.status === 'running' ? '' : 'Not running.', reset: f.status === 'no flock' ? 'Nothing to remove.' : '',
                 phase: v.why_not.step || (f.status === 'running' ? 'Pause first: single phases are for a paused system.' : '')};
    document.querySelectorAll('#hv-fb [data-fb]').forEach((b) => { const w = why[b.dataset.fb] || ''; b.disabled = w !== ''; b.title = w; });
    $('fb-next').textContent = f.n ? 'next: ' + FB_PHASES[f.next_phase] + '   (local rule → cohesion → result R ↺ counter-rule)' : '';
    const word = (f.status === 'no flock' ? 'no system' : f.status) + (f.regime ? ' · regime: ' + f.regime : '') + (v.notice ? ' · ' + v.notice : '');
    if (word !== fb.status) { $('fb-status').textContent = word; fb.status = word; }
    $('fb-numbers').textContent = v.status_line || '';
    const key = f.cycles + '/' + f.next_phase + '/' + f.followed + '/' + f.n + '/' + fb.page + '/' + f.status;
    if (!force && key === fb.lastKey) return;
    fb.lastKey = key;
    const g = Module.feedbackGlyphs(), n = g.length / 5, group = $('fb-glyphs'), kids = group.children;
    while (kids.length < n) {
      const line = document.createElementNS(NS, 'line');
      group.appendChild(line);
    }
    for (let i = 0; i < kids.length; ++i) {
      const line = kids[i];
      if (i >= n) { line.setAttribute('visibility', 'hidden'); continue; }
      const x = g[i * 5], y = 700 - g[i * 5 + 1], ux = g[i * 5 + 2], uy = -g[i * 5 + 3];
      line.setAttribute('visibility', 'visible');
      line.setAttribute('x1', (x - ux * 7).toFixed(2)); line.setAttribute('y1', (y - uy * 7).toFixed(2));
      line.setAttribute('x2', (x + ux * 7).toFixed(2)); line.setAttribute('y2', (y + uy * 7).toFixed(2));
      line.setAttribute('class', 'fb-glyph ' + (g[i * 5 + 4] ? 'fb-v' : 'fb-f') + (ux === 0 && uy === 0 ? ' hv-point' : ''));
      line.setAttribute('data-index', i);
    }
    const show = (id, on) => $(id).setAttribute('visibility', on ? 'visible' : 'hidden');
    if (v.R) {
      const [cx, cy, D, hx, hy] = v.R, y = 700 - cy;
      $('fb-d').setAttribute('cx', cx); $('fb-d').setAttribute('cy', y); $('fb-d').setAttribute('r', D);
      $('fb-cross').setAttribute('d', `M${cx - 14},${y} H${cx + 14} M${cx},${y - 14} V${y + 14}`);
      $('fb-heading').setAttribute('x1', cx); $('fb-heading').setAttribute('y1', y);
      $('fb-heading').setAttribute('x2', cx + hx * 60); $('fb-heading').setAttribute('y2', y - hy * 60);
    }
    ['fb-d', 'fb-cross', 'fb-heading'].forEach((id) => show(id, !!v.R));
    if (f.followed !== null && f.followed < n) {
      $('fb-ring').setAttribute('cx', g[f.followed * 5]);
      $('fb-ring').setAttribute('cy', 700 - g[f.followed * 5 + 1]);
      show('fb-ring', true);
    } else {
      show('fb-ring', false);
    }
    const pages = Math.max(1, Math.ceil(f.n / PAGE));
    fb.page = Math.min(fb.page, pages - 1);
    const rows = JSON.parse(Module.feedbackRows(fb.page * PAGE, PAGE));
    $('fb-table').tBodies[0].replaceChildren(...rows.map((r) => {
      const tr = document.createElement('tr');
      tr.dataset.index = r[0];
      if (r[0] === f.followed) { tr.className = 'hv-selected'; tr.setAttribute('aria-selected', 'true'); }
      tr.innerHTML = '<th scope="row">' + r[0] + '</th><td>' + r[1] + '</td>' +
        r.slice(2).map((x, k) => '<td>' + (k === 1 ? x : Number(x).toFixed(3)) + '</td>').join('');
      return tr;
    }));
    $('fb-page').textContent = f.n ? `rows ${fb.page * PAGE} – ${Math.min(f.n, (fb.page + 1) * PAGE) - 1} of ${f.n}` : 'no system';
    $('fb-prev').disabled = fb.page === 0;
    $('fb-next-page').disabled = fb.page >= pages - 1;
  }

  // ---- the 2-D flock with predators and attractors -------------------------------------------
  const f2 = {built: false, lastKey: '', status: ''};

  function buildFlock2d() {
    const v = JSON.parse(Module.flock2dViewJson());
    const root = $('hv-f2');
    root.innerHTML =
      '<div class="hv-grid"><div><div class="hv-field"><label for="f2-preset">preset</label><select id="f2-preset">' +
      '<option value="-1">custom</option>' + v.presets.map((p, k) => `<option value="${k}">${p[0]}</option>`).join('') +
      '</select><small id="f2-note"></small></div><form id="f2-fields" aria-label="2-D flock parameters (they act live)"></form>' +
      '<div class="hv-field"><label for="f2-law">force law</label><select id="f2-law"><option value="steering">steering</option>' +
      '<option value="raw">raw forces</option></select></div><div class="hv-field"><label for="f2-int">integrator</label>' +
      '<select id="f2-int"><option value="euler">Euler</option><option value="rk4">RK4</option></select></div><div>' +
      [['initialize', 'Initialize'], ['run', 'Run'], ['pause', 'Pause'], ['step', 'Step'], ['reset', 'Reset']]
        .map(([c, l]) => `<button type="button" data-f2="${c}">${l}</button>`).join('') +
      '</div><div class="hv-field"><label for="f2-tool">click adds</label><select id="f2-tool"><option value="predator">a predator</option>' +
      '<option value="select">nothing: select a boid</option><option value="leader">nothing: mark the leader</option></select></div>' +
      '<p><button type="button" id="f2-clear">Clear markers</button></p>' +
      '<p id="f2-status" role="status" aria-live="polite"></p><p id="f2-numbers"></p>' +
      '<button id="f2-share" type="button">Copy share link</button> <span id="f2-share-msg" role="status"></span>' +
      '<input id="f2-share-url" readonly hidden aria-label="Share link">' +
      '<p style="font-size:14px;color:#98a2b3">Click the plane to add a predator (or select, by the menu above); right click or hold ' +
      '500 ms for an attractor; Shift+click removes the nearest marker. Keys: Space run/pause · S step · I initialize.</p></div>' +
      '<div><svg id="f2-svg" viewBox="-10 -10 920 620" role="img" aria-label="The 900 × 600 torus: one arrow per boid, ' +
      'red dots are predators, green rings attractors"></svg></div></div>';
    const form = $('f2-fields');
    v.fields.forEach(([key, label, help, integer], i) => {
      const row = document.createElement('div');
      row.className = 'hv-field';
      const id = 'f2-f-' + key;
      row.innerHTML = `<label for="${id}">${label}</label><input id="${id}" type="text" inputmode="${integer ? 'numeric' : 'decimal'}" ` +
        `autocomplete="off" spellcheck="false" aria-describedby="${id}-help ${id}-err"><small id="${id}-help">${help}</small>` +
        `<span class="hv-err" id="${id}-err" role="alert"></span>`;
      form.appendChild(row);
      row.querySelector('input').addEventListener('input', (e) => { Module.setFlock2dField(i, e.target.value); render(true); });
    });
    form.addEventListener('submit', (e) => { e.preventDefault(); command('f2:initialize'); });
    $('f2-preset').addEventListener('change', (e) => { if (e.target.value !== '-1') Module.flock2dSetting('preset', e.target.value); render(true); });
    $('f2-law').addEventListener('change', (e) => { Module.flock2dSetting('law', e.target.value); render(true); });
    $('f2-int').addEventListener('change', (e) => { Module.flock2dSetting('integrator', e.target.value); render(true); });
    $('f2-tool').addEventListener('change', (e) => { Module.flock2dSetting('tool', e.target.value); render(true); });
    $('f2-clear').addEventListener('click', () => { Module.flock2dSetting('clear_markers', ''); render(true); });
    root.querySelectorAll('[data-f2]').forEach((b) => b.addEventListener('click', () => command('f2:' + b.dataset.f2)));
    $('f2-share').addEventListener('click', () => shareLink(Module.flock2dShareString(), $('f2-share-url'), $('f2-share-msg')));
    const svg = $('f2-svg');
    svg.innerHTML = '<defs><marker id="f2-arrow" viewBox="0 0 6 6" refX="3" refY="3" markerWidth="3" markerHeight="3" orient="auto">' +
      '<path d="M0,0 L6,3 L0,6 z" fill="#8ccdff"/></marker></defs><rect class="fb-plane" x="0" y="0" width="900" height="600"/>' +
      '<g id="f2-glyphs"></g><g id="f2-markers"></g><circle id="f2-r" class="f2-circle"/><circle id="f2-ring" class="hv-ring" r="12" visibility="hidden"/>';
    const plane = (e) => {
      const pt = svg.createSVGPoint();
      pt.x = e.clientX; pt.y = e.clientY;
      return pt.matrixTransform(svg.getScreenCTM().inverse());
    };
    let down = 0;
    svg.addEventListener('pointerdown', (e) => { if (e.button === 0) down = performance.now(); });
    svg.addEventListener('pointerup', (e) => {
      if (e.button !== 0) return;
      const p = plane(e);
      Module.flock2dPress(p.x, p.y, false, e.shiftKey, performance.now() - down);
      render(true);
    });
    svg.addEventListener('contextmenu', (e) => {
      e.preventDefault();
      const p = plane(e);
      Module.flock2dPress(p.x, p.y, true, false, 0);
      render(true);
    });
    f2.built = true;
  }

  function renderFlock2d(s, force) {
    if (!f2.built) buildFlock2d();
    const v = JSON.parse(Module.flock2dViewJson()), f = s.f2;
    v.fields.forEach(([key, label], i) => {
      const input = $('f2-f-' + key);
      if (document.activeElement !== input && input.value !== f.texts[i]) input.value = f.texts[i];
      input.setAttribute('aria-invalid', v.errors[i] ? 'true' : 'false');
      $('f2-f-' + key + '-err').textContent = v.errors[i] ? label + ': ' + v.errors[i] : '';
    });
    if (document.activeElement !== $('f2-preset')) $('f2-preset').value = String(f.preset);
    $('f2-note').textContent = f.preset >= 0 ? v.presets[f.preset][1] : 'Custom fields: they act live, from the next step.';
    $('f2-law').value = v.law;
    $('f2-int').value = v.integrator;
    $('f2-tool').value = ['predator', 'select', 'leader'][v.tool];
    const why = {initialize: v.why_not.initialize, run: v.why_not.run, step: v.why_not.step,
                 pause: f.status === 'running' ? '' : 'Not running.', reset: f.status === 'no flock' ? 'No flock to remove.' : ''};
    document.querySelectorAll('#hv-f2 [data-f2]').forEach((b) => { const w = why[b.dataset.f2] || ''; b.disabled = w !== ''; b.title = w; });
    const word = f.status + (v.notice ? ' · ' + v.notice : '');
    if (word !== f2.status) { $('f2-status').textContent = word; f2.status = word; }
    $('f2-numbers').textContent = v.status_line || '';
    const key = f.steps + '/' + f.n + '/' + f.selection + '/' + v.predators.length + '/' + v.attractors.length + '/' + f.status;
    if (!force && key === f2.lastKey) return;
    f2.lastKey = key;
    const g = Module.flock2dGlyphs(), n = g.length / 4, group = $('f2-glyphs'), kids = group.children;
    while (kids.length < n) group.appendChild(document.createElementNS(NS, 'line'));
    for (let i = 0; i < kids.length; ++i) {
      const line = kids[i];
      if (i >= n) { line.setAttribute('visibility', 'hidden'); continue; }
      const x = g[i * 4], y = g[i * 4 + 1], ux = g[i * 4 + 2], uy = g[i * 4 + 3];
      line.setAttribute('visibility', 'visible');
      line.setAttribute('x1', (x - ux * 5).toFixed(2)); line.setAttribute('y1', (y - uy * 5).toFixed(2));
      line.setAttribute('x2', (x + ux * 5).toFixed(2)); line.setAttribute('y2', (y + uy * 5).toFixed(2));
      line.setAttribute('class', 'f2-glyph' + (ux === 0 && uy === 0 ? ' hv-point' : ''));
    }
    $('f2-markers').innerHTML = v.predators.map(([x, y]) => `<circle class="f2-pred" cx="${x}" cy="${y}" r="7"/>`).join('') +
      v.attractors.map(([x, y]) => `<circle class="f2-attr" cx="${x}" cy="${y}" r="8"/>`).join('');
    const sel = f.selection;
    if (sel !== null && sel < n) {
      for (const id of ['f2-ring', 'f2-r']) { $(id).setAttribute('cx', g[sel * 4]); $(id).setAttribute('cy', g[sel * 4 + 1]); $(id).setAttribute('visibility', 'visible'); }
      $('f2-r').setAttribute('r', v.radius);
    } else {
      for (const id of ['f2-ring', 'f2-r']) $(id).setAttribute('visibility', 'hidden');
    }
  }

  function render(force) {
    const st = state();
    const feedback = st.model === 'feedback2d', flock2d = st.model === 'flock2d';
    $('hv-model').value = st.model;
    $('hv-3d').hidden = feedback || flock2d;
    $('hv-fb').hidden = !feedback;
    $('hv-f2').hidden = !flock2d;
    if (feedback) { renderFeedback(st, force); return; }
    if (flock2d) { renderFlock2d(st, force); return; }
    const s = st, v = view();
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
    Module.advance(Math.max(0, (now - last) / 1000));  // advances whichever model is shown
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
