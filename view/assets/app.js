// rubeola view: the page's script. It reads the data block written by
// `rubeola view` (view/payload.go documents its shape), draws the map on a
// canvas and the time series with uPlot, and exposes a read-only state
// object, window.rubeolaView, for the browser test.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);

  // state is what the page shows; the test reads a copy through
  // window.rubeolaView.state().
  const state = {
    ready: false, error: '', kind: '', patches: 0, patchesDrawn: 0, aggregation: '',
    period: 0, periods: 0, date: '', measure: '', hover: null, selected: null,
    frames: 0, lastFrameMs: 0, maxFrameMs: 0, loadMs: 0, playing: false, charts: 0, boundaryLines: 0,
  };
  let view = null; // the decoded map and its geometry, once ready
  // probe is a 1-pixel canvas timeFrame reads back (willReadFrequently: no
  // readback warning).
  const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const flush = () => {
    probe.drawImage($('map'), 0, 0, 1, 1);
    probe.getImageData(0, 0, 1, 1);
  };

  Object.defineProperty(window, 'rubeolaView', {
    value: Object.freeze({
      state: () => JSON.parse(JSON.stringify(state)),
      // patchPoint returns patch i's centre in viewport CSS pixels.
      patchPoint: (i) => {
        if (!view || i < 0 || i >= view.n) return null;
        const b = $('map').getBoundingClientRect();
        return { x: b.left + view.px[i], y: b.top + view.py[i], r: view.pr[i] };
      },
      // timeFrame draws the current frame again and returns its time in ms:
      // the script's drawing calls, and with flushed the time until the
      // canvas has rasterised them too (a 1-pixel copy read back forces it).
      timeFrame: (flushed) => {
        if (!view) return -1;
        const t0 = performance.now();
        drawFrame();
        if (flushed) flush();
        return performance.now() - t0;
      },
      // flush waits until the map canvas has rasterised what was drawn.
      flush: () => flush(),
    }),
  });

  // ---- data ----
  const fmt = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
  const fmt3 = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 3 });

  function bytesOf(b64) {
    const s = atob(b64);
    const u = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) u[i] = s.charCodeAt(i);
    return u;
  }

  // decodeArray turns an encoded array ({type, len, gzip, b64}) into a
  // Float32Array; gzip is undone by the browser's DecompressionStream.
  async function decodeArray(a, what) {
    if (!a) return null;
    let u = bytesOf(a.b64);
    if (a.gzip) {
      const stream = new Blob([u]).stream().pipeThrough(new DecompressionStream('gzip'));
      u = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    if (a.type !== 'f32' || u.byteLength !== a.len * 4) {
      throw new Error(`${what}: expected ${a.len} float32 values, got ${u.byteLength} bytes of ${a.type}`);
    }
    return new Float32Array(u.buffer, u.byteOffset, a.len);
  }

  const dayOf = (d) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10)) / 1000;

  // ---- colours ----
  // Viridis (matplotlib's, CC0) sampled at nine stops, interpolated to 256.
  const stops = [[68, 1, 84], [71, 45, 123], [59, 82, 139], [44, 114, 142], [33, 145, 140],
    [40, 174, 128], [94, 201, 98], [173, 220, 48], [253, 231, 37]];
  const lut = [];
  for (let k = 0; k < 256; k++) {
    const f = (k / 255) * (stops.length - 1);
    const j = Math.min(stops.length - 2, Math.floor(f));
    const w = f - j;
    const c = stops[j].map((v, m) => Math.round(v + (stops[j + 1][m] - v) * w));
    lut.push(`rgb(${c[0]},${c[1]},${c[2]})`);
  }
  const noData = '#d0d0d0';
  // smallRadius (CSS px): circles smaller than this are drawn batched by colour, without outline.
  const smallRadius = 3;

  function drawLegend() {
    const c = $('legend');
    const ctx = c.getContext('2d');
    for (let k = 0; k < 256; k++) { ctx.fillStyle = lut[k]; ctx.fillRect(k, 0, 1, c.height); }
  }

  // ---- measures ----
  // Each measure gives a patch's value at a period (NaN: no value) and a
  // colour scale: lo…hi, square-root when skewed.
  function makeMeasures(m) {
    const n = m.n, st = m.states;
    const N = (i, t) => {
      let s = 0;
      for (const c of m.compartments) s += st[c][t * n + i];
      return s;
    };
    const list = [];
    if (m.cases) {
      list.push({ key: 'incidence', short: 'incidence per 100 000', label: `Incidence (${m.casesLabel} per 100 000 per ${m.period})`, sqrt: true,
        value: (i, t) => (m.pop[i] > 0 ? (m.cases[t * n + i] / m.pop[i]) * 1e5 : NaN), fmt: fmt3 });
    }
    if (st.I) {
      list.push({ key: 'prevalence', short: 'prevalence', label: 'Prevalence (I / N)', sqrt: true, pct: true,
        value: (i, t) => { const s = N(i, t); return s > 0 ? st.I[t * n + i] / s : NaN; } });
    }
    if (st.S) {
      list.push({ key: 'susceptible', short: 'susceptible share', label: 'Susceptible share (S / N)', sqrt: false, pct: true,
        value: (i, t) => { const s = N(i, t); return s > 0 ? st.S[t * n + i] / s : NaN; } });
    }
    if (m.cases) {
      const cum = new Float32Array(m.cases.length);
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let t = 0; t < m.periods; t++) { s += m.cases[t * n + i]; cum[t * n + i] = s; }
      }
      list.push({ key: 'attack', short: 'cumulative attack rate', label: `Cumulative attack rate (${m.casesLabel} so far / population)`, sqrt: false,
        pct: true, value: (i, t) => (m.pop[i] > 0 ? cum[t * n + i] / m.pop[i] : NaN) });
    }
    for (const ms of list) scaleOf(ms, m);
    return list;
  }

  // scaleOf sets a measure's colour range from the 1st and 99th percentiles
  // of up to 200 000 of its values spread over patches and periods.
  function scaleOf(ms, m) {
    const total = m.n * m.periods;
    const step = Math.max(1, Math.floor(total / 200000));
    const vals = [];
    for (let k = 0; k < total; k += step) {
      const v = ms.value(k % m.n, Math.floor(k / m.n));
      if (Number.isFinite(v)) vals.push(v);
    }
    vals.sort((a, b) => a - b);
    const q = (p) => (vals.length ? vals[Math.min(vals.length - 1, Math.floor(p * vals.length))] : 0);
    ms.lo = ms.sqrt ? 0 : q(0.01);
    ms.hi = q(0.99);
    if (!(ms.hi > ms.lo)) ms.hi = ms.lo + (ms.lo === 0 ? 1 : Math.abs(ms.lo));
    const f = ms.sqrt ? Math.sqrt : (x) => x;
    const flo = f(ms.lo), span = f(ms.hi) - flo;
    ms.index = (v) => {
      if (!Number.isFinite(v)) return -1;
      const x = (f(Math.max(v, 0)) - flo) / span;
      return Math.max(0, Math.min(255, Math.round(x * 255)));
    };
    ms.show = (v) => (!Number.isFinite(v) ? '–' : ms.pct ? `${fmt3.format(v * 100)} %` : fmt3.format(v));
  }

  // ---- map ----
  function layout() {
    const canvas = $('map');
    const w = canvas.clientWidth, h = canvas.clientHeight, dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    const m = view.m;
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    const grow = (x, y) => {
      if (!Number.isFinite(x) || !Number.isFinite(y)) return;
      if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y;
    };
    for (let i = 0; i < m.n; i++) grow(m.x[i], m.y[i]);
    if (view.boundaries) for (let j = 0; j < view.boundaries.length; j += 2) grow(view.boundaries[j], view.boundaries[j + 1]);
    const rmax = Math.max(6, Math.min(36, 0.06 * Math.min(w, h)));
    const pad = rmax + 6; // the largest circle stays inside
    const sx = (x1 - x0) || 1, sy = (y1 - y0) || 1;
    const s = Math.min((w - 2 * pad) / sx, (h - 2 * pad) / sy);
    const ox = (w - s * sx) / 2, oy = (h - s * sy) / 2;
    view.toX = (x) => ox + (x - x0) * s;
    view.toY = (y) => oy + (y1 - y) * s;
    let pmax = 0;
    for (let i = 0; i < m.n; i++) pmax = Math.max(pmax, m.pop[i]);
    for (let i = 0; i < m.n; i++) {
      view.px[i] = view.toX(m.x[i]);
      view.py[i] = view.toY(m.y[i]);
      view.pr[i] = Math.max(1.2, rmax * Math.sqrt(Math.max(m.pop[i], 0) / (pmax || 1))); // area ∝ population
    }
    drawBackground(w, h, dpr);
  }

  // drawBackground draws the admin boundaries once into an offscreen canvas.
  function drawBackground(w, h, dpr) {
    const bg = document.createElement('canvas');
    bg.width = Math.round(w * dpr);
    bg.height = Math.round(h * dpr);
    const ctx = bg.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    const b = view.boundaries, starts = view.boundaryStarts;
    if (b) {
      ctx.strokeStyle = '#9aa3b0';
      ctx.lineWidth = 0.6;
      ctx.beginPath();
      for (let p = 0; p < starts.length; p++) {
        const from = starts[p], to = p + 1 < starts.length ? starts[p + 1] : b.length / 2;
        for (let j = from; j < to; j++) {
          const x = view.toX(b[2 * j]), y = view.toY(b[2 * j + 1]);
          if (j === from) ctx.moveTo(x, y); else ctx.lineTo(x, y);
        }
      }
      ctx.stroke();
    }
    view.bg = bg;
  }

  // drawFrame draws the patches at the current period in the chosen
  // measure's colours, largest first, and returns the time it took in ms.
  function drawFrame() {
    const t0 = performance.now();
    const canvas = $('map');
    const ctx = canvas.getContext('2d');
    const dpr = canvas.width / (canvas.clientWidth || 1);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(view.bg, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const ms = view.measure, t = state.period, order = view.order;
    ctx.lineWidth = 0.5;
    ctx.strokeStyle = 'rgba(40,40,40,0.55)';
    // Large circles one by one, largest first, outlined; the small ones
    // (after them in that order) batched into one path per colour, which
    // keeps a frame of 954 towns to a few hundred fills.
    let drawn = 0, k = 0;
    for (; k < order.length && view.pr[order[k]] >= smallRadius; k++) {
      const i = order[k];
      const c = ms.index(ms.value(i, t));
      ctx.fillStyle = c < 0 ? noData : lut[c];
      ctx.beginPath();
      ctx.arc(view.px[i], view.py[i], view.pr[i], 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      drawn++;
    }
    const buckets = new Map();
    for (; k < order.length; k++) {
      const i = order[k];
      const c = ms.index(ms.value(i, t));
      let path = buckets.get(c);
      if (!path) { path = new Path2D(); buckets.set(c, path); }
      path.moveTo(view.px[i] + view.pr[i], view.py[i]);
      path.arc(view.px[i], view.py[i], view.pr[i], 0, 2 * Math.PI);
      drawn++;
    }
    for (const [c, path] of buckets) {
      ctx.fillStyle = c < 0 ? noData : lut[c];
      ctx.fill(path);
    }
    for (const [i, colour] of [[state.selected, '#000'], [state.hover ? state.hover.index : null, '#c0392b']]) {
      if (i === null || i === undefined) continue;
      ctx.lineWidth = 2;
      ctx.strokeStyle = colour;
      ctx.beginPath();
      ctx.arc(view.px[i], view.py[i], view.pr[i] + 2, 0, 2 * Math.PI);
      ctx.stroke();
    }
    const ms1 = performance.now() - t0;
    state.patchesDrawn = drawn;
    state.frames++;
    state.lastFrameMs = ms1;
    state.maxFrameMs = Math.max(state.maxFrameMs, ms1);
    return ms1;
  }

  // hit returns the patch under (x, y) in canvas CSS pixels: the topmost
  // (smallest) circle containing it, else the nearest centre within 4 px.
  function hit(x, y) {
    const order = view.order;
    let best = -1, bestD = 16;
    for (let k = order.length - 1; k >= 0; k--) {
      const i = order[k];
      const dx = x - view.px[i], dy = y - view.py[i], d = dx * dx + dy * dy;
      if (d <= view.pr[i] * view.pr[i]) return i;
      if (d < bestD) { bestD = d; best = i; }
    }
    return best;
  }

  function cardHTML(i) {
    const m = view.m, t = state.period, n = m.n;
    const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
    let N = 0;
    const rows = m.compartments.map((c) => { const v = m.states[c][t * n + i]; N += v; return [c, fmt.format(v)]; });
    const lines = [['population', fmt.format(N)], ...rows];
    if (m.cases) lines.push([`${m.casesLabel} this ${m.period}`, fmt.format(m.cases[t * n + i])]);
    lines.push([view.measure.short, view.measure.show(view.measure.value(i, t))]);
    return `<div class="id">${esc(m.ids[i])}</div><div>${esc(state.date)}</div><table>` +
      lines.map(([a, b]) => `<tr><td>${esc(a)}</td><td class="n">${esc(b)}</td></tr>`).join('') + '</table>';
  }

  let hoverAt = { x: 0, y: 0 }; // where the mouse last showed a card

  function showCard(i, x, y) {
    const card = $('card');
    hoverAt = { x, y };
    if (i < 0) {
      card.hidden = true;
      state.hover = null;
      return;
    }
    card.innerHTML = cardHTML(i);
    card.hidden = false;
    const wrap = $('map-wrap');
    const left = x + 14 + card.offsetWidth > wrap.clientWidth ? x - 14 - card.offsetWidth : x + 14;
    card.style.left = `${Math.max(0, left)}px`;
    card.style.top = `${Math.max(0, Math.min(y + 10, wrap.clientHeight - card.offsetHeight))}px`;
    state.hover = { index: i, id: view.m.ids[i], text: card.innerText };
  }

  // ---- time ----
  function setPeriod(t) {
    const d = view ? view.m.dates : data.dates;
    t = Math.max(0, Math.min(d.length - 1, t | 0));
    state.period = t;
    state.date = d[t];
    $('slider').value = String(t);
    const word = view ? view.m.period : data.period;
    $('date').textContent = word.includes(' ') ? `${d[t]} (period ${t + 1} of ${d.length}, ${word} each)` : `${d[t]} (${word} ${t + 1} of ${d.length})`;
    if (view) {
      drawFrame();
      if (state.hover) showCard(state.hover.index, hoverAt.x, hoverAt.y);
    }
    for (const u of charts) u.redraw(false);
  }

  let timer = null;
  function play(on) {
    state.playing = on;
    $('play').innerHTML = on ? '&#10074;&#10074; Pause' : '&#9654; Play';
    if (timer) { clearInterval(timer); timer = null; }
    if (!on) return;
    const step = Math.max(1, Math.round(view.m.periods / 400));
    timer = setInterval(() => {
      const next = state.period + step;
      if (next >= view.m.periods) { play(false); return; }
      setPeriod(next);
    }, 60);
  }

  // ---- charts ----
  const charts = [];
  const palette = { S: '#1f77b4', E: '#ff7f0e', I: '#d62728', R: '#2ca02c' };
  const colourOf = (name, k) => palette[name] || ['#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#17becf'][k % 5];

  // periodMarker draws a vertical line at the current period on a chart
  // whose x values are the map's periods.
  const periodMarker = () => ({
    hooks: {
      draw: (u) => {
        if (!state.date) return;
        const x = u.valToPos(dayOf(state.date), 'x', true);
        const ctx = u.ctx;
        ctx.save();
        ctx.strokeStyle = '#c0392b';
        ctx.lineWidth = 1.5 * (window.devicePixelRatio || 1);
        ctx.beginPath();
        ctx.moveTo(x, u.bbox.top);
        ctx.lineTo(x, u.bbox.top + u.bbox.height);
        ctx.stroke();
        ctx.restore();
      },
    },
  });

  // periodAt is the last period starting on or before day (unix seconds).
  function periodAt(day) {
    const d = data.dates;
    let lo = 0, hi = d.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (dayOf(d[mid]) <= day) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumSignificantDigits: 3 });
  const yAxis = { values: (u, vals) => vals.map((v) => (v === null ? '' : compact.format(v))), size: 56 };

  const chartWidth = () => Math.max(360, Math.min(760, $('series-panel').clientWidth - 8));
  const utc = (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC');

  function makeChart(parent, title, xs, series, data2, opts = {}) {
    const el = document.createElement('div');
    el.className = 'chart';
    parent.appendChild(el);
    const u = new uPlot({
      title, width: chartWidth(), height: opts.height || 220, tzDate: utc,
      scales: opts.scales || { x: { time: opts.time !== false } },
      axes: opts.axes || [{}, yAxis], bands: opts.bands, series: [{ label: opts.xLabel || 'date' }, ...series],
      plugins: opts.marker ? [periodMarker()] : [],
    }, [xs, ...data2], el);
    if (opts.marker) {
      u.over.addEventListener('click', () => { if (u.cursor.left >= 0 && data.dates.length) setPeriod(periodAt(u.posToVal(u.cursor.left, 'x'))); });
    }
    charts.push(u);
    state.charts = charts.length;
    return u;
  }

  function clearCharts() {
    while (charts.length) charts.pop().destroy();
    $('charts').innerHTML = '';
  }

  // seriesCharts draws the totals (or the selected patch's series): cases
  // with the ensemble bands, and the compartments.
  function seriesCharts() {
    clearCharts();
    const xs = data.dates.map(dayOf);
    const sel = state.selected;
    const per = data.period;
    let comps, casesLine;
    if (sel === null) {
      $('series-title').textContent = view ? `All ${view.m.unit || 'patches'}` : 'All patches';
      $('clear').hidden = true;
      comps = data.totals ? data.totals.compartments.map((c) => [c, data.totals.states[c]]) : [];
      casesLine = data.totals ? data.totals.cases : null;
    } else {
      const m = view.m, n = m.n;
      $('series-title').textContent = `${m.unit === 'grid cells' ? 'Grid cell' : 'Patch'} ${m.ids[sel]}`;
      $('clear').hidden = false;
      const col = (a) => Array.from({ length: m.periods }, (_, t) => a[t * n + sel]);
      comps = m.compartments.map((c) => [c, col(m.states[c])]);
      casesLine = m.cases ? col(m.cases) : null;
    }
    const casesLabel = view ? view.m.casesLabel : 'cases';
    if (sel === null && data.ensemble) {
      // An ensemble: each all-patch series as its median with 50 % and 90 % bands.
      for (const band of data.ensemble) {
        const bx = band.dates.map(dayOf);
        const name = band.name === 'cases' ? `${casesLabel} per ${band.period}` : `${band.name} (${band.what})`;
        makeChart($('charts'), `${name}: median, 50 % and 90 % bands of ${band.replicates} replicates`, bx,
          [{ label: 'q95', stroke: 'rgba(31,119,180,0.25)', points: { show: false } }, { label: 'q05', stroke: 'rgba(31,119,180,0.25)', points: { show: false } },
            { label: 'q75', stroke: 'rgba(31,119,180,0.45)', points: { show: false } }, { label: 'q25', stroke: 'rgba(31,119,180,0.45)', points: { show: false } },
            { label: 'median', stroke: '#1f77b4', width: 1.5 }],
          [band.q95, band.q05, band.q75, band.q25, band.q50],
          { marker: true, height: 190, bands: [{ series: [1, 2], fill: 'rgba(31,119,180,0.12)' }, { series: [3, 4], fill: 'rgba(31,119,180,0.25)' }] });
      }
      return;
    }
    if (casesLine) {
      makeChart($('charts'), `${casesLabel} per ${per}`, xs, [{ label: casesLabel, stroke: '#d62728', width: 1 }], [casesLine], { marker: true });
    }
    if (comps.length) {
      // S on its own scale: beside R (tens of millions against a few
      // million) its seasonal dips drew as a flat line.
      const named = (group) => `people in ${group.map(([c]) => c).join(', ')}`;
      const susceptible = comps.filter(([c]) => c === 'S');
      const small = comps.filter(([c]) => c === 'E' || c === 'I');
      const large = comps.filter(([c]) => !(c === 'S' || c === 'E' || c === 'I'));
      for (const [group, title] of [[susceptible, 'susceptible people (S)'], [large, named(large)], [small, named(small)]]) {
        if (!group.length) continue;
        makeChart($('charts'), title, xs, group.map(([c], k) => ({ label: c, stroke: colourOf(c, k), width: 1.2 })),
          group.map(([, v]) => v), { marker: true, height: 200 });
      }
    }
  }

  // ---- fit ----
  function fitCharts() {
    const f = data.fit;
    $('fit-panel').hidden = false;
    const sel = $('fit-place');
    f.places.forEach((p, k) => sel.add(new Option(p, String(k))));
    const xs = f.dates.map(dayOf);
    let u = null;
    const draw = () => {
      if (u) { charts.splice(charts.indexOf(u), 1); u.destroy(); }
      const k = +sel.value;
      $('fit-chart').innerHTML = '';
      u = makeChart($('fit-chart'), `${f.places[k]}: reports (black) against simulated median, 80 % and 95 % bands`, xs,
        [{ label: 'q975', stroke: 'rgba(31,119,180,0.2)', points: { show: false } }, { label: 'q025', stroke: 'rgba(31,119,180,0.2)', points: { show: false } },
          { label: 'q90', stroke: 'rgba(31,119,180,0.4)', points: { show: false } }, { label: 'q10', stroke: 'rgba(31,119,180,0.4)', points: { show: false } },
          { label: 'median', stroke: '#1f77b4', width: 1.2 },
          { label: 'report', stroke: '#000', width: 0, points: { show: true, size: 3, fill: '#000' } }],
        [f.q975[k], f.q025[k], f.q90[k], f.q10[k], f.q50[k], f.report[k]],
        { bands: [{ series: [1, 2], fill: 'rgba(31,119,180,0.12)' }, { series: [3, 4], fill: 'rgba(31,119,180,0.25)' }], height: 260 });
    };
    sel.addEventListener('change', draw);
    draw();
    if (f.trace) {
      $('trace-title').hidden = false;
      for (const s of f.trace.series) {
        makeChart($('trace-charts'), s.name, f.trace.iteration, [{ label: s.name, stroke: s.name === 'loglik' ? '#000' : '#1f77b4', width: 1.2 }],
          [s.values], { time: false, xLabel: 'iteration', height: 160, scales: { x: { time: false } } });
      }
      for (const u2 of charts.slice(-f.trace.series.length)) u2.setSize({ width: 250, height: 160 });
    }
  }

  // ---- start ----
  let data = null;

  async function start() {
    data = JSON.parse($('rubeola-data').textContent);
    state.kind = data.kind;
    document.title = data.title;
    $('title').textContent = data.title;
    $('subtitle').textContent = data.subtitle || '';
    $('notes').textContent = (data.notes || []).join(' ');
    drawLegend();
    if (data.map) {
      const a = data.map;
      const m = {
        n: a.n, ids: a.ids, compartments: a.compartments, period: data.period, periods: data.dates.length,
        dates: data.dates, casesLabel: a.casesLabel || 'cases', unit: a.unit,
        x: await decodeArray(a.x, 'x'), y: await decodeArray(a.y, 'y'), pop: await decodeArray(a.pop, 'pop'),
        cases: await decodeArray(a.cases, 'cases'), states: {},
      };
      for (const c of a.compartments) m.states[c] = await decodeArray(a.states[c], c);
      view = { m, n: m.n, px: new Float32Array(m.n), py: new Float32Array(m.n), pr: new Float32Array(m.n) };
      if (data.boundaries) {
        view.boundaries = await decodeArray(data.boundaries.xy, 'boundaries');
        view.boundaryStarts = data.boundaries.starts;
        state.boundaryLines = view.boundaryStarts.length;
      }
      view.order = Array.from({ length: m.n }, (_, i) => i).sort((i, j) => m.pop[j] - m.pop[i]);
      view.measures = makeMeasures(m);
      if (!view.measures.length) throw new Error('the data has neither cases nor S or I to colour the map by');
      const sel = $('measure');
      for (const ms of view.measures) sel.add(new Option(ms.label, ms.key));
      view.measure = view.measures[0];
      state.measure = view.measure.key;
      state.patches = m.n;
      state.aggregation = a.aggregation || '';
      $('map-note').textContent = [a.aggregation, a.projection ? `Projection: ${a.projection}.` : ''].filter(Boolean).join(' ');
      $('map-panel').hidden = false;
      $('slider').max = String(m.periods - 1);
      layout();
      const setLegend = () => {
        const ms = view.measure;
        $('legend-lo').textContent = ms.show(ms.lo);
        $('legend-hi').textContent = ms.show(ms.hi);
        $('legend-title').textContent = `${ms.label}${ms.sqrt ? ', square-root scale' : ''}; circle area ∝ population; grey: no people`;
      };
      setLegend();
      sel.addEventListener('change', () => {
        view.measure = view.measures.find((ms) => ms.key === sel.value);
        state.measure = view.measure.key;
        setLegend();
        setPeriod(state.period);
      });
      $('slider').addEventListener('input', () => setPeriod(+$('slider').value));
      $('play').addEventListener('click', () => play(!state.playing));
      document.addEventListener('keydown', (e) => { if (e.code === 'Space' && e.target === document.body) { e.preventDefault(); play(!state.playing); } });
      const canvas = $('map');
      canvas.addEventListener('mousemove', (e) => {
        const r = canvas.getBoundingClientRect();
        const x = e.clientX - r.left, y = e.clientY - r.top;
        const i = hit(x, y);
        const before = state.hover ? state.hover.index : -1;
        showCard(i, x, y);
        if (i !== before) drawFrame();
      });
      canvas.addEventListener('mouseleave', () => { showCard(-1); drawFrame(); });
      canvas.addEventListener('click', (e) => {
        const r = canvas.getBoundingClientRect();
        const i = hit(e.clientX - r.left, e.clientY - r.top);
        state.selected = i < 0 ? null : i;
        seriesCharts();
        drawFrame();
      });
      $('clear').addEventListener('click', () => { state.selected = null; seriesCharts(); drawFrame(); });
      window.addEventListener('resize', () => { layout(); drawFrame(); });
    }
    if (data.dates && data.dates.length) {
      state.periods = data.dates.length;
      seriesCharts();
      setPeriod(0);
    }
    if (data.fit) fitCharts();
    state.loadMs = performance.now();
    state.ready = true;
  }

  start().catch((e) => {
    state.error = String(e && e.message ? e.message : e);
    $('notes').textContent = `This page could not show the data: ${state.error}`;
    console.error(e);
  });
})();
