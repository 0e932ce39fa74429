// Bandada — the accessible view: the whole app in HTML + SVG, for browsers without WebGL2,
// after a lost WebGL context, or by choice. It only writes DOM, built from the model seam
// (Module.describe): every rule (fields, commands, the 250 ms cap, hidden pages, sharing) is
// the session's, reached through embind (web/bindings.cpp). Nothing here names a model.
// Glyph elements are reused between frames.
(function () {
  'use strict';
  const PAGE = 50;            // table rows per page
  const MAX_SVG_GLYPHS = 4000;  // SVG elements drawn at most (a subset above, said on screen)
  const SIZE = 560;           // the drawing size of a cube's projection
  const SCALE = SIZE / 14.8;  // pixels per model unit: the cube's projection fits
  const NS = 'http://www.w3.org/2000/svg';
  const OV = {ring: 0, disc: 1, cross: 2, circle: 3, segment: 4, arrow: 5, solid: 6};  // Overlay::Kind
  let active = false, last = 0, lastKey = '', tablePage = 0, statusWord = '', desc = null;
  let down = 0, fieldKey = '';  // fieldKey: the landscape's shades drawn last (renderField)

  function $(id) { return document.getElementById(id); }
  function state() { return JSON.parse(Module.appState()); }
  function svgEl(name, attrs) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  }
  function project(x, y, z) {  // only for the cube's corners; glyphs are projected in C++
    return [SIZE / 2 + (x - z) / Math.SQRT2 * SCALE, SIZE / 2 - (2 * y - x - z) / Math.sqrt(6) * SCALE];
  }
  function cube() { return desc.space === 'cube'; }
  function glyphs() { return Module.glyphs(SCALE, SIZE / 2, SIZE / 2); }
  function view() { return JSON.parse(Module.viewJson(SCALE, SIZE / 2, SIZE / 2)); }

  // ---- built once per model from its description --------------------------------------------
  function build() {
    desc = JSON.parse(Module.describe());
    desc.palette.forEach((hex, c) => document.documentElement.style.setProperty('--c' + c, hex));
    $('hv-model').replaceChildren(...desc.models.map(([id, title]) => {
      const o = document.createElement('option');
      o.value = id;
      o.textContent = title;
      return o;
    }));
    $('hv-model').value = desc.id;
    const form = $('hv-fields');
    form.setAttribute('aria-label', desc.fields_note);
    form.replaceChildren(...desc.fields.map((f, i) => {
      const row = document.createElement('div');
      row.className = 'hv-field';
      const id = 'hv-f-' + f.key;
      row.innerHTML = `<label for="${id}">${f.label}</label><input id="${id}" type="text" inputmode="${f.integer ? 'numeric' : 'decimal'}" ` +
        `maxlength="1000" autocomplete="off" spellcheck="false" aria-describedby="${id}-help ${id}-err"><small id="${id}-help">${f.help}</small>` +
        '<span class="hv-err" id="' + id + '-err" role="alert"></span>';
      const input = row.querySelector('input');
      input.addEventListener('input', (e) => { Module.setField(i, e.target.value); render(true); });
      if (f.slider) {  // a slider beside the typed field, like NetLogo's; the typed text stays as typed
        const range = document.createElement('input');
        Object.assign(range, {type: 'range', id: id + '-slider', min: f.min, max: f.max, step: (f.max - f.min) / 1000});
        range.setAttribute('aria-label', f.label + ' slider');
        range.addEventListener('input', () => {
          const text = String(Number(Number(range.value).toPrecision(4)));
          input.value = text;
          Module.setField(i, text);
          render(true);
        });
        row.insertBefore(range, row.querySelector('small'));
      }
      input.addEventListener('change', () => { Module.commitField(i); render(true); });  // Enter or leaving it
      return row;
    }));
    $('hv-choices').replaceChildren(...desc.choices.map((c) => {
      const row = document.createElement('div');
      row.className = 'hv-field hv-choice';
      row.innerHTML = `<label for="hv-c-${c.key}">${c.label}</label><select id="hv-c-${c.key}"><option value="-1" hidden>custom</option>` +
        c.names.map((n, k) => `<option value="${k}">${n}</option>`).join('') + '</select>';
      row.querySelector('select').addEventListener('change', (e) => { Module.choose(c.key, Number(e.target.value)); render(true); });
      return row;
    }));
    $('hv-commands').replaceChildren(...desc.commands.filter((c) => c.label).map((c) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.cmd = c.id;
      b.textContent = c.label;
      b.addEventListener('click', () => command(c.id));
      return b;
    }));
    const tools = $('hv-tools');
    tools.replaceChildren();
    if (desc.tools.length > 1) {
      tools.innerHTML = '<label for="hv-tool">click or tap on the plane</label> <select id="hv-tool">' +
        desc.tools.map((t, k) => `<option value="${k}">${t}</option>`).join('') + '</select>';
      $('hv-tool').addEventListener('change', (e) => { Module.setTool(Number(e.target.value)); render(true); });
      // The keyboard way to do what a click on the plane does.
      const form = document.createElement('form');
      form.id = 'hv-place';
      form.innerHTML = `<label for="hv-place-x">or at x</label> <input id="hv-place-x" type="text" inputmode="decimal" size="6"> ` +
        `<label for="hv-place-y">y</label> <input id="hv-place-y" type="text" inputmode="decimal" size="6"> ` +
        `<button type="submit">Place</button> <span id="hv-place-msg" role="status"></span>`;
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        const x = Number($('hv-place-x').value.replace(',', '.')), y = Number($('hv-place-y').value.replace(',', '.'));
        const ok = Number.isFinite(x) && Number.isFinite(y) && Module.pressModel(x, y, false);
        $('hv-place-msg').textContent = ok ? 'Done.' : `Nothing placed: give x from 0 to ${desc.width} and y from 0 to ${desc.height}.`;
        render(true);
      });
      tools.appendChild(form);
    }
    desc.displays.forEach((label, k) => {
      const l = document.createElement('label');
      l.innerHTML = `<input type="checkbox" data-display="${k}"> ${label} `;
      l.querySelector('input').addEventListener('change', (e) => { Module.setDisplay(k, e.target.checked); render(true); });
      tools.appendChild(l);
    });
    $('hv-help').textContent = desc.help;
    $('hv-legend').replaceChildren(...desc.legend.map(([colour, word]) => {
      const li = document.createElement('li');
      li.innerHTML = `<svg width="12" height="12" aria-hidden="true"><circle class="hv-swatch c${colour}" cx="6" cy="6" r="5"${colour >= 16 ? ` style="fill: var(--c${colour})"` : ''}/></svg> `;
      li.append(word);
      return li;
    }));
    $('hv-table').setAttribute('aria-label', desc.table_title);
    $('hv-table-note').textContent = desc.table_note;
    $('hv-table-note').hidden = !desc.table_note;
    $('hv-table').tHead.rows[0].innerHTML = desc.columns.map((c, k) => `<th scope="col">${k === 0 ? '#' : c}</th>`).join('');
    const svg = $('hv-svg');
    const w = cube() ? SIZE : desc.width, h = cube() ? SIZE : desc.height;
    svg.setAttribute('viewBox', cube() ? `0 0 ${SIZE} ${SIZE}` : `-10 -10 ${w + 20} ${h + 20}`);
    svg.setAttribute('aria-label', cube()
      ? 'Isometric view of the periodic cube: one glyph per boid along its projected velocity; a dot when it stands still or flies along the view axis. Overlap here does not mean a shared 3-D position.'
      : `The ${desc.width} × ${desc.height} plane: one arrow per glyph; markers and rings as in the WebGL view.`);
    // One arrowhead per palette colour, so that each glyph's head takes its line's colour.
    svg.innerHTML = '<defs>' + desc.palette.map((hex, c) =>
      `<marker id="hv-arrow-${c}" viewBox="0 0 6 6" refX="3" refY="3" markerWidth="3.2" markerHeight="3.2" ` +
      `orient="auto"><path d="M0,0 L6,3 L0,6 z" style="fill: var(--c${c})"/></marker>`).join('') + '</defs>';
    if (cube()) drawCube(svg);
    else svg.appendChild(svgEl('rect', {class: 'hv-frame', x: 0, y: 0, width: w, height: h}));
    if (!cube()) svg.appendChild(svgEl('image', {id: 'hv-field', x: 0, y: 0, width: w, height: h, preserveAspectRatio: 'none', visibility: 'hidden'}));
    fieldKey = '';
    svg.appendChild(svgEl('g', {id: 'hv-glyphs', class: 'hv-glyphs'}));
    svg.appendChild(svgEl('g', {id: 'hv-overlays'}));
    svg.appendChild(svgEl('circle', {class: 'hv-ring', r: 8, visibility: 'hidden'}));
    tablePage = 0;
    lastKey = '';
  }

  function drawCube(svg) {
    const h = 4.2, g = svgEl('g', {class: 'hv-cube'});
    for (let e = 0; e < 12; ++e) {
      const axis = Math.floor(e / 4), k = e % 4, s1 = (k & 1) ? h : -h, s2 = (k & 2) ? h : -h;
      const p = axis === 0 ? [[-h, s1, s2], [h, s1, s2]] : axis === 1 ? [[s1, -h, s2], [s1, h, s2]] : [[s1, s2, -h], [s1, s2, h]];
      const a = project(...p[0]), b = project(...p[1]);
      g.appendChild(svgEl('line', {x1: a[0], y1: a[1], x2: b[0], y2: b[1]}));
    }
    svg.appendChild(g);
  }

  function installOnce() {
    $('hv-share').addEventListener('click', () => shareLink(Module.shareLink(), $('hv-share-url'), $('hv-share-msg')));
    installSweep();
    installOptimize();
    installExperiments();
    $('hv-save-svg').addEventListener('click', () => {
      // The drawing as it is, with a caption line under it (model, step, fingerprint).
      const st = JSON.parse(Module.appState());
      const original = $('hv-svg'), svg = original.cloneNode(true);
      // The page's style sheet does not travel with the file: each element keeps its computed look.
      const from = [original, ...original.querySelectorAll('*')], to = [svg, ...svg.querySelectorAll('*')];
      from.forEach((el, k) => {
        const cs = getComputedStyle(el);
        for (const prop of ['stroke', 'stroke-width', 'fill', 'opacity', 'visibility'])
          to[k].setAttribute(prop, cs.getPropertyValue(prop));
        to[k].removeAttribute('class');
      });
      svg.insertBefore(svgEl('rect', {x: -1e4, y: -1e4, width: 2e4, height: 2e4, fill: getComputedStyle(document.body).backgroundColor}), svg.firstChild);
      const box = (svg.getAttribute('viewBox') || '0 0 600 600').split(/\s+/).map(Number);
      svg.setAttribute('viewBox', `${box[0]} ${box[1]} ${box[2]} ${box[3] + 24}`);
      svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
      const caption = svgEl('text', {x: box[0] + 6, y: box[1] + box[3] + 17, 'font-size': 12, fill: '#c8ccd4', 'font-family': 'sans-serif'});
      caption.textContent = `Bandada · ${desc.title} · step ${st.steps} · fingerprint ${st.fingerprint || 'none'}`;
      svg.appendChild(caption);
      Module.bandadaSaveBlob(new Blob([new XMLSerializer().serializeToString(svg)], {type: 'image/svg+xml'}),
                             `bandada-${st.model}-step${st.steps}.svg`);
    });
    $('hv-save-state').addEventListener('click', () => {
      const text = Module.saveState();
      if (text) {
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([text], {type: 'text/plain'}));
        a.download = Module.stateFileName();
        document.body.appendChild(a);
        a.click();
        setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
      }
      render(true);
    });
    $('hv-open-state').addEventListener('change', (e) => {
      Module.bandadaOpenFiles(e.target.files).then(() => { e.target.value = ''; build(); render(true); });
    });
    $('hv-save-file').addEventListener('click', () => {
      const text = Module.exportFile();
      if (text) Module.bandadaSaveBlob(new Blob([text], {type: 'application/json'}), 'scenario.json');
    });
    $('hv-save-trajectories').addEventListener('click', () => {
      const text = Module.recordedText();
      if (text) Module.bandadaSaveBlob(new Blob([text], {type: 'text/plain'}), `bandada-${JSON.parse(Module.appState()).model}-trajectories.txt`);
    });
    $('hv-webgl').addEventListener('click', () => window.bandadaStopHtmlView());
    $('hv-model').addEventListener('change', (e) => { Module.command('model:' + e.target.value); build(); render(true); });
    $('hv-fields').addEventListener('submit', (e) => { e.preventDefault(); command('initialize'); });
    $('hv-prev').addEventListener('click', () => { tablePage = Math.max(0, tablePage - 1); render(true); });
    $('hv-next').addEventListener('click', () => { tablePage += 1; render(true); });
    $('hv-table').addEventListener('click', (e) => {
      const tr = e.target.closest('tr[data-index]');
      if (tr) { Module.selectGlyph(Number(tr.dataset.index)); render(true); }
    });
    const svg = $('hv-svg');
    let from = null;  // where a drag tool's stroke began (SVG coordinates)
    svg.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      down = performance.now();
      from = svgPoint(e);
    });
    svg.addEventListener('pointerup', (e) => {
      if (e.button !== 0) return;
      const tool = JSON.parse(Module.viewJson(SCALE, SIZE / 2, SIZE / 2)).tool;
      const to = svgPoint(e);
      if (!cube() && desc.drag_tools[tool] && from && Math.hypot(to.x - from.x, to.y - from.y) > 3) {
        Module.drag(from.x, from.y, to.x, to.y);  // circle: centre to rim; wall: end to end
        render(true);
        return;
      }
      press(e, false, performance.now() - down);
    });
    svg.addEventListener('contextmenu', (e) => { e.preventDefault(); press(e, true, 0); });
    document.addEventListener('keydown', onKey);
  }

  // ---- the Experiments tab (web/experiments.h holds it; this only draws it) ---------------------
  let expKey = '';

  function installExperiments() {
    $('hv-exp-run-all').addEventListener('click', () => { Module.experimentCommand('run_all'); renderExperiments(true); });
    $('hv-exp-seeds').addEventListener('change', (e) => { Module.experimentCommand('seeds:' + e.target.value); renderExperiments(true); });
    $('hv-exp-cancel').addEventListener('click', () => { Module.experimentCommand('cancel'); renderExperiments(true); });
    $('hv-exp-undo').addEventListener('click', () => { Module.experimentCommand('undo_try'); build(); render(true); });
    $('hv-exp-cards').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-exp]');
      if (!b) return;
      const error = Module.experimentCommand(b.dataset.exp);
      $('hv-exp-status').textContent = error || (b.dataset.exp.startsWith('try:') ? 'Loaded into the live model, running.' : '');
      if (b.dataset.exp.startsWith('try:')) build();
      render(true);
    });
  }

  /// The first measure's mean ± spread per point as an SVG (log scale for timings), for sighted
  /// readers; the table beside it has every number.
  function experimentCurve(e) {
    const svg = svgEl('svg', {viewBox: '0 0 320 110', width: 320, height: 110, role: 'img', class: 'hv-exp-curve'});
    const two = e.axes.length === 2, pts = e.points.filter((p) => p.n > 0);
    if (!pts.length) return svg;
    const y = (v) => (two ? Math.log10(Math.max(v, 1e-3)) : v);
    const xs = [...new Set(e.points.map((p) => p.labels[0]))];
    const series = [...new Set(e.points.map((p) => (two ? p.labels[1] : '')))];
    let lo = Infinity, hi = -Infinity;
    for (const p of pts) { lo = Math.min(lo, y(p.mean[0] - p.sd[0])); hi = Math.max(hi, y(p.mean[0] + p.sd[0])); }
    if (hi - lo < 1e-9) hi = lo + 1;
    const px = (i) => 40 + 270 * (xs.length < 2 ? 0.5 : i / (xs.length - 1));
    const py = (v) => 104 - 98 * (y(v) - lo) / (hi - lo);
    const colours = ['#78beff', '#ffaa5a'];
    series.forEach((sname, si) => {
      const mine = pts.filter((p) => (two ? p.labels[1] : '') === sname);
      svg.appendChild(svgEl('polyline', {fill: 'none', stroke: colours[si % 2], 'stroke-width': 1.5,
        points: mine.map((p) => `${px(xs.indexOf(p.labels[0]))},${py(p.mean[0])}`).join(' ')}));
      for (const p of mine) {
        const x = px(xs.indexOf(p.labels[0]));
        svg.appendChild(svgEl('line', {x1: x, x2: x, y1: py(p.mean[0] - p.sd[0]), y2: py(p.mean[0] + p.sd[0]), stroke: colours[si % 2]}));
      }
    });
    svg.setAttribute('aria-label', `${e.measures[0]} per ${e.axes[0]}${two ? ' (log scale), one line per ' + e.axes[1] : ''}, mean and spread over seeds; the table lists the numbers.`);
    return svg;
  }

  /// A card's own plot (its model's points beside references: Weidmann's curve, an experiment's
  /// N-t curve) as an SVG, both axes from 0, with a legend naming each line's colour.
  function experimentPlot(plot) {
    const figure = document.createElement('figure');
    figure.className = 'hv-exp-plot';
    const svg = svgEl('svg', {viewBox: '0 0 320 130', width: 320, height: 130, role: 'img', class: 'hv-exp-curve'});
    let xhi = 0, yhi = 0;
    for (const s of plot.series) s.x.forEach((x, i) => { xhi = Math.max(xhi, x); yhi = Math.max(yhi, s.y[i] + (s.sd[i] || 0)); });
    const colours = ['#78beff', '#ffaa5a', '#96dc8c', '#d7a0e6'], names = ['blue', 'orange', 'green', 'violet'];
    if (xhi > 0 && yhi > 0) {
      const px = (x) => 30 + 284 * x / xhi, py = (y) => 124 - 118 * y / yhi;
      plot.series.forEach((s, si) => {
        const c = colours[si % 4];
        svg.appendChild(svgEl('polyline', {fill: 'none', stroke: c, 'stroke-width': s.reference ? 1 : 1.5,
          class: s.reference ? 'hv-exp-ref' : 'hv-exp-model', points: s.x.map((x, i) => `${px(x)},${py(s.y[i])}`).join(' ')}));
        if (!s.reference) s.x.forEach((x, i) => svg.appendChild(svgEl('line', {x1: px(x), x2: px(x), y1: py(s.y[i] - (s.sd[i] || 0)), y2: py(s.y[i] + (s.sd[i] || 0)), stroke: c})));
      });
      const label = (x, y, text) => { const t = svgEl('text', {x, y, 'font-size': 9, fill: '#aab0bb'}); t.textContent = text; svg.appendChild(t); };
      label(2, 10, String(+yhi.toPrecision(3)));
      label(2, 126, '0');
    }
    svg.setAttribute('aria-label', `${plot.y_label} against ${plot.x_label}: ${plot.series.map((s) => s.name).join(', ')}; the table lists the model's numbers.`);
    const caption = document.createElement('figcaption');
    caption.innerHTML = '<small></small>';
    caption.firstChild.textContent = `${plot.y_label} against ${plot.x_label} (0 to ${+xhi.toPrecision(3)}). ` +
      plot.series.map((s, si) => `${names[si % 4]}: ${s.name}`).join('; ') + '.';
    figure.append(svg, caption);
    return figure;
  }

  function renderExperiments(force) {
    const w = JSON.parse(Module.experimentsState());
    const key = JSON.stringify(w);
    if (!force && key === expKey) return;
    expKey = key;
    $('hv-exp-undo').hidden = !w.can_undo_try;
    $('hv-exp-cancel').disabled = !w.busy;
    $('hv-exp-seeds').value = String(w.seeds);
    $('hv-exp-cards').replaceChildren(...w.experiments.flatMap((e, k) => {
      const cards = [];
      if (k === 0 || w.experiments[k - 1].model !== e.model) {  // each model's cards under its title
        const h = document.createElement('h3');
        h.className = 'hv-exp-group';
        h.textContent = e.group + ' ';
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = 'Run these';
        b.dataset.exp = 'run_model:' + e.model;
        b.setAttribute('aria-label', `Run these: every card of ${e.group}`);
        h.append(b);
        cards.push(h);
      }
      cards.push(experimentCard(e, k));
      return cards;
    }));
  }

  function experimentCard(e, k) {
    {
      const card = document.createElement('article');
      card.className = 'hv-exp-card';
      card.dataset.name = e.name;
      const h = document.createElement('h3');
      h.textContent = `${e.heading}. ${e.claim_text}`;
      const credit = document.createElement('p');
      credit.innerHTML = '<small></small>';
      credit.firstChild.textContent = `(${e.credit}) Varies: ${e.varies}.`;
      card.append(h, credit);
      const buttons = document.createElement('p');
      const button = (label, id, disabled) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = label;
        b.dataset.exp = id;
        b.disabled = !!disabled;
        b.setAttribute('aria-label', `${label}: ${e.heading}`);
        return b;
      };
      if (e.kind === 'opens') {
        buttons.append(button('Open the comparison', 'try:' + k));
        card.append(buttons);
        return card;
      }
      const busy = e.status === 'running' || e.status === 'queued';
      buttons.append(button('Run', 'run:' + k, busy), ' ', button('Try it', 'try:' + k), ' ');
      const status = document.createElement('span');
      status.className = 'hv-exp-progress';
      status.textContent = e.status === 'running' ? `${e.finished} / ${e.rows} rows`
        : e.status === 'queued' ? 'waiting for the one running' : e.status === 'done' ? `${e.rows} rows (${e.seeds} ${e.seeds === 1 ? 'seed' : 'seeds'} a point) in ${e.seconds.toFixed(1)} s`
        : e.status === 'failed' ? 'failed: ' + e.error : e.status === 'cancelled' ? 'cancelled' : 'not run yet';
      buttons.append(status);
      card.append(buttons);
      if (e.plot) card.append(experimentPlot(e.plot));
      if (e.points.some((p) => p.n > 0)) {
        if (!e.plot) card.append(experimentCurve(e));
        const table = document.createElement('table');
        table.setAttribute('aria-label', `${e.heading}: mean ± spread over seeds per point`);
        const head = document.createElement('tr');
        for (const c of [...e.axes, 'seeds', ...e.measures]) { const th = document.createElement('th'); th.textContent = c; head.append(th); }
        table.append(head);
        for (const p of e.points) {
          const tr = document.createElement('tr');
          const cells = [...p.labels, String(p.n), ...p.mean.map((m, i) => (m === null ? '' : `${+m.toPrecision(4)} ± ${+(p.sd[i] || 0).toPrecision(2)}`))];
          for (const c of cells) { const td = document.createElement('td'); td.textContent = c; tr.append(td); }
          table.append(tr);
        }
        card.append(table);
      }
      if (e.verdict) {
        const v = document.createElement('p');
        v.className = 'hv-exp-verdict ' + (e.verdict.holds ? 'holds' : 'fails');
        v.textContent = (e.verdict.holds ? 'Holds: ' : 'Does not hold: ') + e.verdict.text;
        card.append(v);
      }
      const rule = document.createElement('p');
      rule.innerHTML = '<small></small>';
      rule.firstChild.textContent = 'Rule: ' + e.rule;
      card.append(rule);
      return card;
    }
  }

  // ---- the sweep (web/sweep.h holds it; this only draws it) ----------------------------------
  const SWEEP_TEXTS = ['x_from', 'x_to', 'x_count', 'y_from', 'y_to', 'y_count', 'seeds', 'steps'];
  let sweepKey = '';

  function installSweep() {
    for (const k of SWEEP_TEXTS) $('hv-sw-' + k).addEventListener('input', (e) => { Module.sweepSet(k, e.target.value); renderSweep(true); });
    for (const k of ['x', 'y', 'measure']) $('hv-sw-' + k).addEventListener('change', (e) => { Module.sweepSet(k, e.target.value); renderSweep(true); });
    for (const k of ['use_y', 'pause_live']) $('hv-sw-' + k).addEventListener('change', (e) => { Module.sweepSet(k, e.target.checked ? '1' : '0'); renderSweep(true); });
    $('hv-sweep-form').addEventListener('submit', (e) => { e.preventDefault(); Module.sweepCommand('start'); renderSweep(true); });
    $('hv-sw-cancel').addEventListener('click', () => { Module.sweepCommand('cancel'); renderSweep(true); });
    $('hv-sw-csv').addEventListener('click', () => {
      const blob = new Blob([Module.sweepCsv()], {type: 'text/csv'});
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = 'bandada-' + desc.id + '-sweep.csv';
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    });
    $('hv-sw-map').addEventListener('click', (e) => {
      const r = e.target.closest('[data-cell]');
      if (r) { Module.sweepCommand('load:' + r.dataset.cell); render(true); renderSweep(true); }
    });
    $('hv-sw-loaded').addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (!b) return;
      Module.sweepCommand(b.dataset.sweep);
      render(true);
      renderSweep(true);
    });
  }

  function options(select, names, chosen) {
    if (select.options.length !== names.length || [...select.options].some((o, k) => o.textContent !== names[k]))
      select.replaceChildren(...names.map((n, k) => { const o = document.createElement('option'); o.value = k; o.textContent = n; return o; }));
    if (document.activeElement !== select) select.value = String(chosen);
  }

  function renderSweep(force) {
    const w = JSON.parse(Module.sweepState());
    const key = JSON.stringify([w.status, w.finished, w.rows, w.why_not, w.loaded, w.can_undo, w.model, w.measure]);
    for (const k of SWEEP_TEXTS) {
      const input = $('hv-sw-' + k);
      if (document.activeElement !== input && input.value !== w[k]) input.value = w[k];
    }
    options($('hv-sw-x'), w.fields, w.x);
    options($('hv-sw-y'), w.fields, w.y);
    options($('hv-sw-measure'), w.measures, w.measure);
    $('hv-sw-use_y').checked = w.use_y;
    $('hv-sw-pause_live').checked = w.pause_live;
    for (const k of ['y', 'y_from', 'y_to', 'y_count']) $('hv-sw-' + k).disabled = !w.use_y;
    $('hv-sw-why').textContent = w.why_not;
    $('hv-sw-run').disabled = w.why_not !== '' || w.status === 'running';
    $('hv-sw-cancel').hidden = w.status !== 'running';
    $('hv-sw-progress').hidden = w.status !== 'running';
    $('hv-sw-progress').value = w.rows ? w.finished / w.rows : 0;
    const left = w.eta >= 0 ? `, about ${Math.round(w.eta)} s left` : '';
    $('hv-sw-status').textContent = w.status === 'running' ? `${w.finished} of ${w.rows} runs with ${w.workers} workers${left}`
      : w.status === 'done' ? `${w.rows} runs in ${w.elapsed.toFixed(1)} s with ${w.workers} workers.`
      : w.status === 'cancelled' ? `Cancelled after ${w.finished} of ${w.rows} runs.`
      : w.status === 'failed' ? 'Sweep failed: ' + w.error : w.error;
    $('hv-sw-csv').hidden = w.status !== 'done';
    $('hv-sw-cli').textContent = 'On the command line: ' + w.command_line;
    if (!force && key === sweepKey) return;
    sweepKey = key;
    drawSweepMap(w);
  }

  function cellText(m, c) {
    const v = m.categorical ? c.word : `${Number(c.mean.toPrecision(6))} ± ${Number(c.sd.toPrecision(3))}`;
    return `${m.x_key} ${c.x}${m.y_key ? ', ' + m.y_key + ' ' + c.y : ''}: ${c.finished ? v : 'not run yet'}`;
  }

  function drawSweepMap(w) {
    const m = w.map, svg = $('hv-sw-map'), nx = m.x_values.length, ny = Math.max(1, m.y_values.length);
    const show = w.rows > 0 && w.model === desc.id;
    svg.hidden = !show;
    $('hv-sw-table').hidden = !show;
    if (!show) { $('hv-sw-loaded').replaceChildren(); return; }
    const W = 480, H = m.y_key ? 320 : 80, L = 60, B = 40, R = 110, T = 22, cw = W / nx, ch = H / ny;
    const short = (v) => String(Number(Number(v).toPrecision(4)));  // the axes; the table has every digit
    svg.setAttribute('viewBox', `0 0 ${L + W + R} ${T + H + B}`);
    const kids = [];
    m.cells.forEach((c, k) => {
      const xi = Math.floor(k / ny), yi = k % ny;
      const r = svgEl('rect', {class: 'hv-cell', x: L + xi * cw, y: T + H - (yi + 1) * ch, width: cw, height: ch,
                               fill: c.finished ? c.colour : '#282c34', 'data-cell': xi + ',' + yi});
      const t = svgEl('title');
      t.textContent = cellText(m, c);
      r.appendChild(t);
      kids.push(r);
    });
    const label = (x, y, text, anchor) => { const t = svgEl('text', {x, y, 'text-anchor': anchor || 'middle'}); t.textContent = text; return t; };
    for (const xi of new Set([0, Math.floor(nx / 2), nx - 1])) kids.push(label(L + (xi + 0.5) * cw, T + H + 16, short(m.x_values[xi])));
    kids.push(label(L + W / 2, T + H + 34, m.x_key + ' →'));
    if (m.y_key) {
      for (const yi of new Set([0, Math.floor(ny / 2), ny - 1])) kids.push(label(L - 4, T + H - (yi + 0.5) * ch + 4, short(m.y_values[yi]), 'end'));
      kids.push(label(L, 14, m.y_key + ' ↑', 'end'));
    }
    if (m.categorical) {
      m.categories.forEach(([word, colour], k) => {
        kids.push(svgEl('rect', {x: L + W + 10, y: T + 3 + k * 18, width: 12, height: 12, fill: colour}));
        kids.push(label(L + W + 26, T + 13 + k * 18, word, 'start'));
      });
    } else {
      for (let k = 0; k < 16; ++k) kids.push(svgEl('rect', {x: L + W + 10, y: T + H - (k + 1) * H / 16, width: 14, height: H / 16 + 0.5,
                                                              fill: w.scale[k]}));
      kids.push(label(L + W + 28, T + 10, short(m.hi), 'start'));
      kids.push(label(L + W + 28, T + H, short(m.lo), 'start'));
    }
    svg.replaceChildren(...kids);
    svg.setAttribute('aria-label', `The sweep's map of ${m.measure}: ${nx} × ${ny} cells; the table below lists them.`);
    // The same cells as a data table.
    const t = $('hv-sw-table');
    t.tHead.rows[0].innerHTML = `<th scope="col">${m.x_key}</th>` + (m.y_key ? `<th scope="col">${m.y_key}</th>` : '') +
      `<th scope="col">${m.measure}</th>` + (m.categorical ? '' : '<th scope="col">sd</th>') + '<th scope="col">per seed</th><th scope="col"></th>';
    t.tBodies[0].replaceChildren(...m.cells.map((c, k) => {
      const tr = document.createElement('tr');
      const v = !c.finished ? ['–'] : m.categorical ? [c.word] : [Number(c.mean.toPrecision(6)), Number(c.sd.toPrecision(3))];
      if (!m.categorical && !c.finished) v.push('–');
      tr.innerHTML = `<th scope="row">${c.x}</th>` + (m.y_key ? `<td>${c.y}</td>` : '') + v.map((x) => `<td>${x}</td>`).join('') +
        `<td>${c.values.join(' ')}</td><td><button type="button" data-cell="${Math.floor(k / ny)},${k % ny}">Load</button></td>`;
      tr.querySelector('button').addEventListener('click', (e) => { Module.sweepCommand('load:' + e.target.dataset.cell); render(true); renderSweep(true); });
      return tr;
    }));
    const loaded = $('hv-sw-loaded');
    loaded.replaceChildren();
    if (w.loaded) {
      const c = m.cells[w.loaded[0] * ny + w.loaded[1]];
      loaded.append(`Loaded ${m.x_key} = ${c.x}${m.y_key ? ', ' + m.y_key + ' = ' + c.y : ''}. `);
      for (const seed of m.seeds) {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.sweep = 'seed:' + seed;
        b.textContent = 'Initialize with seed ' + seed;
        loaded.append(b, ' ');
      }
    }
    if (w.can_undo) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.sweep = 'undo';
      b.textContent = 'Undo: back to my fields';
      loaded.append(b);
    }
  }

  // ---- the optimiser (web/optimize.h holds it; this only draws it) ------------------------------
  const OPT_TEXTS = ['seeds', 'steps', 'swarm', 'iterations', 'swarm_seed'];
  let optimizeKey = '';

  function installOptimize() {
    for (const k of OPT_TEXTS) $('hv-op-' + k).addEventListener('input', (e) => { Module.optimizeSet(k, e.target.value); renderOptimize(true); });
    for (const k of ['measure', 'maximize']) $('hv-op-' + k).addEventListener('change', (e) => { Module.optimizeSet(k, e.target.value); renderOptimize(true); });
    $('hv-op-pause_live').addEventListener('change', (e) => { Module.optimizeSet('pause_live', e.target.checked ? '1' : '0'); renderOptimize(true); });
    $('hv-op-rows').addEventListener('input', (e) => {
      const t = e.target;
      if (t.dataset.key) { Module.optimizeSet(t.dataset.key, t.value); renderOptimize(true); }
    });
    $('hv-op-rows').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-remove]');
      if (!b) return;
      const w = JSON.parse(Module.optimizeState());
      // The rows after the one removed move up, then the last goes.
      for (let r = Number(b.dataset.remove); r + 1 < w.vary.length; ++r) {
        const next = w.vary[r + 1];
        Module.optimizeSet('field' + r, String(next.field));
        Module.optimizeSet('lo' + r, next.lo);
        Module.optimizeSet('hi' + r, next.hi);
      }
      Module.optimizeSet('fields', String(w.vary.length - 1));
      renderOptimize(true);
    });
    $('hv-op-add').addEventListener('click', () => {
      Module.optimizeSet('fields', String(JSON.parse(Module.optimizeState()).vary.length + 1));
      renderOptimize(true);
    });
    $('hv-optimize-form').addEventListener('submit', (e) => { e.preventDefault(); Module.optimizeCommand('start'); renderOptimize(true); });
    $('hv-op-cancel').addEventListener('click', () => { Module.optimizeCommand('cancel'); renderOptimize(true); });
    $('hv-op-use').addEventListener('click', () => { Module.optimizeCommand('use'); render(true); renderOptimize(true); });
    $('hv-op-undo').addEventListener('click', () => { Module.optimizeCommand('undo'); render(true); renderOptimize(true); });
    $('hv-op-log').addEventListener('click', () => {
      const blob = new Blob([Module.optimizeLog()], {type: 'text/csv'});
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = 'bandada-' + desc.id + '-optimize.csv';
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    });
  }

  /// The rows of the fields searched, rebuilt only when their number changes (typing keeps focus).
  function optimizeRows(w) {
    const box = $('hv-op-rows');
    if (box.children.length !== w.vary.length) {
      box.replaceChildren(...w.vary.map((v, r) => {
        const row = document.createElement('div');
        row.className = 'hv-op-row';
        row.innerHTML = `<label for="hv-op-field${r}">field ${r + 1}</label><select id="hv-op-field${r}" data-key="field${r}"></select>` +
          `<label for="hv-op-lo${r}">from</label><input id="hv-op-lo${r}" data-key="lo${r}" type="text" inputmode="decimal">` +
          `<label for="hv-op-hi${r}">to</label><input id="hv-op-hi${r}" data-key="hi${r}" type="text" inputmode="decimal">` +
          (w.vary.length > 1 ? `<button type="button" data-remove="${r}" aria-label="remove field ${r + 1}">remove</button>` : '');
        return row;
      }));
    }
    w.vary.forEach((v, r) => {
      options($('hv-op-field' + r), w.fields, v.field);
      for (const k of ['lo', 'hi']) {
        const input = $(`hv-op-${k}${r}`);
        if (document.activeElement !== input && input.value !== v[k]) input.value = v[k];
      }
    });
    $('hv-op-add').disabled = w.vary.length >= 6;
  }

  function renderOptimize(force) {
    const w = JSON.parse(Module.optimizeState());
    const key = JSON.stringify([w.status, w.finished, w.runs, w.why_not, w.can_undo, w.model, w.best.length]);
    for (const k of OPT_TEXTS) {
      const input = $('hv-op-' + k);
      if (document.activeElement !== input && input.value !== w[k]) input.value = w[k];
    }
    optimizeRows(w);
    options($('hv-op-measure'), w.measures, w.measure);
    if (document.activeElement !== $('hv-op-maximize')) $('hv-op-maximize').value = w.maximize ? '1' : '0';
    $('hv-op-pause_live').checked = w.pause_live;
    $('hv-op-why').textContent = w.why_not || (w.planned ? `${w.planned} runs: particles × seeds × (iterations + 1).` : '');
    $('hv-op-run').disabled = w.why_not !== '' || w.status === 'running';
    $('hv-op-cancel').hidden = w.status !== 'running';
    $('hv-op-progress').hidden = w.status !== 'running';
    $('hv-op-progress').value = w.runs ? w.finished / w.runs : 0;
    const left = w.eta >= 0 ? `, about ${Math.round(w.eta)} s left` : '';
    $('hv-op-status').textContent = w.status === 'running' ? `${w.finished} of ${w.runs} runs with ${w.workers} workers${left}`
      : w.status === 'done' ? `${w.runs} runs in ${w.elapsed.toFixed(1)} s with ${w.workers} workers.`
      : w.status === 'cancelled' ? `Cancelled after ${w.finished} of ${w.runs} runs.`
      : w.status === 'failed' ? 'Optimisation failed: ' + w.error : w.error;
    $('hv-op-log').hidden = w.status !== 'done';
    $('hv-op-cli').textContent = 'On the command line: ' + w.command_line;
    const mine = w.model === desc.id && w.best.length > 0;
    const last = mine ? w.best[w.best.length - 1] : null;
    $('hv-op-best').textContent = !mine ? ''
      : last === null ? `No run gave a value of ${w.objective} yet: there is no best.`
      : `Best ${w.objective} ${last} at ${w.keys.map((k, d) => k + ' ' + w.best_texts[d]).join(', ')}.` +
        (w.null_runs ? ` ${w.null_runs} runs had no ${w.objective}; each counts as the worst.` : '');
    $('hv-op-use').hidden = !(mine && last !== null);
    $('hv-op-undo').hidden = !w.can_undo;
    if (!force && key === optimizeKey) return;
    optimizeKey = key;
    drawOptimize(w, mine);
  }

  function drawOptimize(w, mine) {
    const svg = $('hv-op-plot'), table = $('hv-op-table'), swarm = $('hv-op-particles');
    svg.hidden = table.hidden = swarm.hidden = !mine;
    if (!mine) return;
    const vals = w.best.filter((v) => v !== null);
    const W = 480, H = 160, L = 60, B = 30, T = 10, n = Math.max(2, w.best.length);
    const lo = Math.min(...vals), hi = Math.max(...vals), span = hi > lo ? hi - lo : 1;
    const at = (i, v) => [L + W * i / (n - 1), T + H - H * (v - lo) / span];
    svg.setAttribute('viewBox', `0 0 ${L + W + 10} ${T + H + B}`);
    const kids = [svgEl('rect', {x: L, y: T, width: W, height: H, fill: 'none', stroke: '#5d6a80'})];
    const pts = w.best.map((v, i) => (v === null ? null : at(i, v))).filter((p) => p);
    if (pts.length) kids.push(svgEl('polyline', {points: pts.map((p) => p.join(',')).join(' '), fill: 'none', stroke: '#fde725', 'stroke-width': 2}));
    const label = (x, y, text, anchor) => { const t = svgEl('text', {x, y, 'text-anchor': anchor || 'middle'}); t.textContent = text; return t; };
    const short = (v) => String(Number(Number(v).toPrecision(4)));
    if (vals.length) { kids.push(label(L - 4, T + 10, short(hi), 'end')); kids.push(label(L - 4, T + H, short(lo), 'end')); }
    kids.push(label(L + W / 2, T + H + 20, `iteration → (${w.objective}, best so far)`));
    svg.replaceChildren(...kids);
    table.tHead.rows[0].innerHTML = `<th scope="col">iteration</th><th scope="col">best ${w.objective}</th>`;
    table.tBodies[0].replaceChildren(...w.best.map((v, i) => {
      const tr = document.createElement('tr');
      tr.innerHTML = `<th scope="row">${i}</th><td>${v === null ? '–' : v}</td>`;
      return tr;
    }));
    swarm.tHead.rows[0].innerHTML = '<th scope="col">particle</th>' + w.keys.map((k) => `<th scope="col">${k}</th>`).join('') +
      `<th scope="col">${w.objective}</th>`;
    swarm.tBodies[0].replaceChildren(...w.particles.map((q, i) => {
      const tr = document.createElement('tr');
      tr.innerHTML = `<th scope="row">${i}</th>` + q.x.map((x) => `<td>${x}</td>`).join('') +
        `<td>${q.objective === null ? '–' : q.objective}</td>`;
      return tr;
    }));
  }

  function command(name) {
    Module.command(name);
    render(true);
  }

  function shareLink(shareString, out, msg) {
    const url = location.origin + location.pathname + location.search + '#' + shareString;
    out.value = url;
    const fallback = () => { msg.textContent = 'The clipboard was refused: copy the link below by hand.'; out.hidden = false; out.select(); };
    try {
      navigator.clipboard.writeText(url).then(() => { msg.textContent = 'Link copied.'; out.hidden = false; }, fallback);
    } catch (e) { fallback(); }
  }

  function svgPoint(e) {
    const svg = $('hv-svg');
    const pt = svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }

  // A press on the drawing: on a plane the session's tool decides; on a cube it selects.
  function press(e, right, held) {
    const p = svgPoint(e);
    if (!cube()) {
      Module.press(p.x, p.y, right, e.shiftKey, held, 12);
      render(true);
      return;
    }
    const g = glyphs();
    let best = -1, bestD = 12 * 12;
    for (let i = 0; i < g.length / 6; ++i) {
      const dx = g[i * 6] - p.x, dy = g[i * 6 + 1] - p.y, d = dx * dx + dy * dy;
      if (d < bestD) { bestD = d; best = i; }
    }
    if (best >= 0) {
      Module.selectGlyph(best);
      tablePage = Math.floor(best / PAGE);
      render(true);
    }
  }

  // One keymap, the session's: each command names its key.
  function onKey(e) {
    if (!active) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;  // never while typing
    if (e.altKey) return;
    let key = e.key === ' ' ? 'space' : e.key === 'Escape' ? 'escape' : e.key.length === 1 ? e.key.toLowerCase() : '';
    if (!key) return;
    if (e.ctrlKey || e.metaKey) key = 'mod+' + key;
    const c = desc.commands.find((cmd) => cmd.key === key);
    if (!c) return;
    if (e.repeat && (key === 'space' || key === 'i' || key.startsWith('mod+'))) return;
    e.preventDefault();
    command(c.id);
  }

  // ---- every frame ------------------------------------------------------------------------------
  function renderForm(s, v) {
    desc.fields.forEach((f, i) => {
      const input = $('hv-f-' + f.key);
      if (document.activeElement !== input && input.value !== s.texts[i]) input.value = s.texts[i];
      input.setAttribute('aria-invalid', s.errors[i] ? 'true' : 'false');
      const range = $('hv-f-' + f.key + '-slider'), v = Number(s.texts[i].trim().replace(',', '.'));
      if (range && document.activeElement !== range && s.texts[i].trim() !== '' && Number.isFinite(v)) range.value = v;
      $('hv-f-' + f.key + '-err').textContent = s.errors[i] ? f.label + ': ' + s.errors[i] : '';
    });
    desc.choices.forEach((c) => {
      const sel = $('hv-c-' + c.key);
      if (sel.options[0].textContent !== s.shown[c.key] && s.chosen[c.key] < 0) sel.options[0].textContent = s.shown[c.key];
      if (document.activeElement !== sel) sel.value = String(s.chosen[c.key]);
    });
    desc.commands.filter((c) => c.label).forEach((c) => {
      const b = document.querySelector(`#hv-commands [data-cmd="${c.id}"]`), w = v.why_not[c.id] || '';
      b.disabled = w !== '';
      b.title = w || c.tip;
      b.hidden = c.only_when_available && w !== '';
    });
    if ($('hv-tool') && document.activeElement !== $('hv-tool')) $('hv-tool').value = String(v.tool);
    document.querySelectorAll('[data-display]').forEach((i) => { i.checked = v.displays[Number(i.dataset.display)]; });
    $('hv-webgl').hidden = !v.has_gl;
  }

  /// A scalar field under the glyphs (a landscape), as the WebGL view shades it: dark navy where
  /// it is low, pale slate where it is high; drawn again only when its shades change.
  function renderField() {
    const img = $('hv-field');
    if (!img) return;
    const f = Module.fieldShades();
    if (f.length < 3) { img.setAttribute('visibility', 'hidden'); fieldKey = ''; return; }
    const nx = f[0], ny = f[1];
    let sum = 0;
    for (let k = 2; k < f.length; ++k) sum = (sum * 31 + f[k]) >>> 0;
    const key = `${nx}x${ny}:${sum}`;
    if (key !== fieldKey) {
      fieldKey = key;
      const canvas = document.createElement('canvas');
      canvas.width = nx;
      canvas.height = ny;
      const ctx = canvas.getContext('2d'), data = ctx.createImageData(nx, ny);
      for (let k = 0; k < nx * ny; ++k) {
        const t = f[k + 2];
        data.data.set([16 + Math.floor(t * 60 / 255), 24 + Math.floor(t * 74 / 255), 48 + Math.floor(t * 86 / 255), 255], k * 4);
      }
      ctx.putImageData(data, 0, 0);
      img.setAttribute('href', canvas.toDataURL());
    }
    img.setAttribute('visibility', 'visible');
  }

  function renderSvg(s, v) {
    renderField();
    const g = glyphs(), total = g.length / 6, group = $('hv-glyphs'), kids = group.children;
    const half = cube() ? 4.5 : desc.width / 180;
    // An SVG element per glyph is slow past a few thousand: draw every stride-th and say so.
    const stride = Math.max(1, Math.ceil(total / MAX_SVG_GLYPHS)), n = Math.ceil(total / stride);
    $('hv-draw-note').textContent = stride > 1
      ? `The drawing shows 1 in ${stride} of ${total} glyphs; the table and the numbers use them all.` : '';
    while (kids.length < n) group.appendChild(svgEl('line'));
    for (let k = 0; k < kids.length; ++k) {
      const line = kids[k], i = k * stride;
      if (k >= n) { line.setAttribute('visibility', 'hidden'); continue; }
      const x = g[i * 6], y = g[i * 6 + 1], ux = g[i * 6 + 2], uy = g[i * 6 + 3];
      line.setAttribute('visibility', 'visible');
      line.setAttribute('x1', (x - ux * half).toFixed(2)); line.setAttribute('y1', (y - uy * half).toFixed(2));
      line.setAttribute('x2', (x + ux * half).toFixed(2)); line.setAttribute('y2', (y + uy * half).toFixed(2));
      line.setAttribute('data-index', i);
      line.setAttribute('class', 'hv-glyph c' + g[i * 6 + 4] + ' hl' + g[i * 6 + 5] + (ux === 0 && uy === 0 ? ' hv-point' : ''));
    }
    const ring = document.querySelector('#hv-svg .hv-ring');
    if (s.selection !== null && s.selection < n) {
      ring.setAttribute('cx', g[s.selection * 6]);
      ring.setAttribute('cy', g[s.selection * 6 + 1]);
      ring.setAttribute('visibility', 'visible');
    } else {
      ring.setAttribute('visibility', 'hidden');
    }
    $('hv-overlays').replaceChildren(...v.overlays.filter(([kind, colour]) => !(kind === OV.ring && colour === 5)).map(
      ([kind, colour, x, y, size, x2, y2, width]) => {
        const cls = 'hv-ov c' + colour;
        // A ramp colour (a truss member by its stress) is drawn in its own colour and width.
        if (kind === OV.segment && colour >= 16)
          return svgEl('line', {class: cls, x1: x, y1: y, x2, y2, style: `stroke: var(--c${colour}); stroke-width: ${width}`});
        if (kind === OV.segment) return svgEl('line', {class: cls + (colour === 9 ? ' hv-wall' : ''), x1: x, y1: y, x2, y2});
        if (kind === OV.solid) return svgEl('circle', {class: cls + ' hv-obstacle', cx: x, cy: y, r: size});
        if (kind === OV.arrow) return svgEl('line', {class: cls, x1: x, y1: y, x2: x + x2 * size * 1.5, y2: y + y2 * size * 1.5});
        if (kind === OV.cross) return svgEl('path', {class: cls, d: `M${x - 14},${y} H${x + 14} M${x},${y - 14} V${y + 14}`});
        const marker = (kind === OV.ring || kind === OV.disc) && (colour === 2 || colour === 3);
        return svgEl('circle', {class: cls + (kind === OV.disc ? ' disc' : '') + (marker ? ' hv-marker' : ''), cx: x, cy: y,
                                r: kind === OV.circle ? size : size * 1.2});
      }));
  }

  function renderTable(s) {
    const pages = Math.max(1, Math.ceil(s.n / PAGE));
    tablePage = Math.min(tablePage, pages - 1);
    const rows = JSON.parse(Module.tableRows(tablePage * PAGE, PAGE));
    $('hv-table').tBodies[0].replaceChildren(...rows.map((r) => {
      const tr = document.createElement('tr');
      tr.dataset.index = r[0];
      if (r[0] === s.selection) { tr.className = 'hv-selected'; tr.setAttribute('aria-selected', 'true'); }
      tr.innerHTML = '<th scope="row">' + r[0] + '</th>' + r.slice(1).map((x) => '<td>' + x + '</td>').join('');
      return tr;
    }));
    $('hv-page').textContent = s.n ? `rows ${tablePage * PAGE} – ${Math.min(s.n, (tablePage + 1) * PAGE) - 1} of ${s.n}` : 'nothing yet';
    $('hv-prev').disabled = tablePage === 0;
    $('hv-next').disabled = tablePage >= pages - 1;
  }

  function render(force) {
    const s = state();
    if (!desc || desc.id !== s.model) build();
    const v = view();
    renderForm(s, v);
    // The live region announces changes of state, not every number of every frame.
    const word = s.status + (s.link.message ? ' · ' + s.link.message : '') + (s.notice ? ' · ' + s.notice : '');
    if (word !== statusWord) { $('hv-status').textContent = word; statusWord = word; }
    $('hv-readouts').replaceChildren(...v.readouts.map(([label, value]) => {
      const li = document.createElement('li');
      li.textContent = label ? label + ' ' + value : value;
      return li;
    }));
    $('hv-progress').hidden = v.progress < 0;
    if (v.progress >= 0) {  // unknown progress (steps off the page's thread): an indeterminate bar
      if (v.progress_known) $('hv-progress').value = v.progress; else $('hv-progress').removeAttribute('value');
      $('hv-progress').textContent = v.progress_label;
    }
    $('hv-storage').textContent = s.storage_notice;
    if ($('hv-state-msg').textContent !== s.state_message) $('hv-state-msg').textContent = s.state_message;
    $('hv-save-file').hidden = !s.opened_file;
    $('hv-save-trajectories').hidden = !(s.recorded_bytes > 0);
    $('hv-threads').textContent = s.threads_note;
    renderSweep(force);
    renderOptimize(force);
    renderExperiments(force);
    const key = v.version + '/' + s.status + '/' + tablePage + '/' + s.n;
    if (force || key !== lastKey) {
      lastKey = key;
      renderSvg(s, v);
      renderTable(s);
    }
  }

  function frame(now) {
    if (!active) return;
    Module.advance(Math.max(0, (now - last) / 1000));  // advances the model on screen
    last = now;
    render(false);
    requestAnimationFrame(frame);
  }

  let installed = false;
  window.bandadaStartHtmlView = function (reason) {
    if (!installed) { installOnce(); installed = true; }
    Module.setHtmlView(true);
    active = true;
    desc = null;
    document.body.classList.add('html-mode');
    $('html-view').hidden = false;
    $('hv-reason').textContent = reason || 'Accessible view: the same model, fields and state as the WebGL view.';
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
