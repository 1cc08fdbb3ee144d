/**
 * The web view: one page, no build step. Vega (served from the vega package at /vega.js) draws
 * the plot the server lays out; zooming or panning asks /api/plot for the visible range only,
 * reduced to min/max per pixel column, so a table of 10^8 values never travels whole.
 */
export function pageHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>grundy-engine</title>
<style>
body { font-family: system-ui, sans-serif; margin: 16px; color: #222; }
table { border-collapse: collapse; } td, th { padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; }
tr.game { cursor: pointer; } tr.game:hover, tr.selected { background: #eef3fb; }
section { margin: 18px 0; } input { font: inherit; padding: 3px 6px; width: 28em; }
button { font: inherit; } .error { color: #b00020; }
.answer { font-family: ui-monospace, monospace; white-space: pre-wrap; }
#plot { border: 1px solid #ddd; display: inline-block; cursor: grab; user-select: none; }
</style></head>
<body>
<h1>grundy-engine</h1>
<p id="store"></p>
<section><h2>Stored tables</h2>
<table><thead><tr><th>game</th><th>values</th><th>max value</th><th>period</th></tr></thead>
<tbody id="games"></tbody></table>
</section>
<section><h2>Plot <span id="plot-game"></span></h2>
<div><button id="zoom-in">zoom in</button> <button id="zoom-out">zoom out</button>
<button id="reset">whole table</button>
<span id="range"></span> <span style="color:#777">(wheel zooms, drag pans)</span></div>
<div id="plot"></div><div id="plot-error" class="error"></div>
</section>
<section><h2>Query</h2>
<form id="query-form"><input id="query-n" placeholder="n, e.g. 1e30 or 0..20"> <button>g(n)</button></form>
<div id="query-answer" class="answer"></div>
</section>
<section><h2>Evaluate a position</h2>
<form id="eval-form"><input id="eval-position" placeholder="kayles@10 + nim@5"> <button>evaluate</button></form>
<div id="eval-answer" class="answer"></div>
</section>
<script src="/vega.js"></script>
<script>
const state = { game: null, kind: 'heap', computed: 0, lo: 0, hi: 0, view: null, seq: 0 };
const $ = (id) => document.getElementById(id);
async function api(path) {
  const res = await fetch(path);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}
function periodText(p) {
  if (!p) return 'none found';
  const saltus = p.saltus ? ', saltus ' + p.saltus : '';
  return 'preperiod ' + p.preperiod + ', period ' + p.period + saltus + (p.proven ? ' (proven)' : ' (observed)');
}
async function loadGames() {
  const list = await api('/api/games');
  $('store').textContent = 'store ' + list.store + (list.exists ? '' : ' (not created yet)');
  const body = $('games');
  body.textContent = '';
  for (const g of list.games) {
    const tr = document.createElement('tr');
    tr.className = 'game';
    tr.dataset.key = g.key;
    const period = g.kind === 'heap' ? periodText(g.periodicity) : g.kind === 'board' ? '2-D game' : 'game graph';
    for (const text of [g.key, g.computed.toLocaleString('en-US'), String(g.maxValue), period]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    tr.onclick = () => select(g);
    body.appendChild(tr);
  }
  if (list.games.length > 0 && !state.game) select(list.games[0]);
}
function select(g) {
  state.game = g.key;
  state.kind = g.kind;
  state.computed = g.computed;
  state.lo = 0;
  state.hi = g.computed;
  for (const tr of document.querySelectorAll('tr.game')) tr.classList.toggle('selected', tr.dataset.key === g.key);
  $('plot-game').textContent = g.key;
  $('query-n').placeholder = g.kind === 'board' ? 'a cell x,y, e.g. 3,5' : 'n, e.g. 1e30 or 0..20';
  draw();
}
async function draw() {
  const seq = ++state.seq;
  const width = Math.max(300, Math.min(1400, window.innerWidth - 120));
  // A board is one heat map (the server picks its side); zoom and pan move along heap sizes only.
  const range = state.kind === 'board' ? {} : { lo: String(state.lo), hi: String(state.hi), buckets: String(width) };
  const q = new URLSearchParams({ game: state.game, ...range, width: String(width) });
  try {
    const { data, spec } = await api('/api/plot?' + q);
    if (seq !== state.seq) return;
    state.view?.finalize();
    state.view = new vega.View(vega.parse(spec), { renderer: 'svg', container: '#plot', hover: false });
    await state.view.runAsync();
    if (data.kind === 'board') {
      $('plot').dataset.cells = String(data.cells.length);
      $('range').textContent = 'g(x, y) for x, y < ' + data.side;
    } else {
      $('plot').dataset.points = String(data.points.length);
      $('plot').dataset.buckets = String(data.buckets.length);
      $('range').textContent = 'n in [' + data.lo + ', ' + data.hi + ')';
    }
    $('plot-error').textContent = '';
  } catch (err) {
    $('plot-error').textContent = err.message;
  }
}
function setRange(lo, hi) {
  if (state.kind === 'board') return;
  const span = Math.max(10, Math.round(hi - lo));
  lo = Math.max(0, Math.min(Math.round(lo), state.computed - span));
  state.lo = lo;
  state.hi = Math.min(state.computed, lo + span);
  draw();
}
function zoom(factor, centre) {
  const span = state.hi - state.lo;
  const c = centre ?? (state.lo + state.hi) / 2;
  setRange(c - (c - state.lo) * factor, c + (state.hi - c) * factor);
  void span;
}
function nAt(clientX) {
  const scale = state.view?.scale('x');
  if (!scale) return undefined;
  const box = $('plot').querySelector('svg')?.getBoundingClientRect();
  const origin = state.view.origin();
  return box ? scale.invert(clientX - box.left - origin[0]) : undefined;
}
$('zoom-in').onclick = () => zoom(0.5);
$('zoom-out').onclick = () => zoom(2);
$('reset').onclick = () => setRange(0, state.computed);
$('plot').addEventListener('wheel', (ev) => {
  ev.preventDefault();
  zoom(ev.deltaY < 0 ? 0.7 : 1 / 0.7, nAt(ev.clientX));
}, { passive: false });
let drag = null;
$('plot').addEventListener('mousedown', (ev) => { drag = { x: ev.clientX, lo: state.lo, hi: state.hi }; });
window.addEventListener('mouseup', (ev) => {
  if (!drag) return;
  const width = state.view ? state.view.width() : 900;
  const dn = ((ev.clientX - drag.x) / width) * (drag.hi - drag.lo);
  if (Math.abs(ev.clientX - drag.x) > 3) setRange(drag.lo - dn, drag.hi - dn);
  drag = null;
});
$('query-form').onsubmit = async (ev) => {
  ev.preventDefault();
  const out = $('query-answer');
  out.className = 'answer';
  try {
    const r = await api('/api/query?' + new URLSearchParams({ game: state.game ?? '', n: $('query-n').value.trim() }));
    const from = (v) => (v.source === 'certificate' ? '  (from the proven period)' : '');
    const at = (v) => (v.x !== undefined ? v.x + ', ' + v.y : v.n);
    const value = (v) => (v.value === null ? '? (' + v.outcome + '-position)' : v.value);
    out.textContent = r.values.map((v) => 'g(' + at(v) + ') = ' + value(v) + from(v)).join('\\n');
  } catch (err) {
    out.className = 'answer error';
    out.textContent = err.message;
  }
};
const cell = (xy) => '(' + xy[0] + ', ' + xy[1] + ')';
$('eval-form').onsubmit = async (ev) => {
  ev.preventDefault();
  const out = $('eval-answer');
  out.className = 'answer';
  try {
    const r = await api('/api/eval?' + new URLSearchParams({ position: $('eval-position').value }));
    const lines = [r.position];
    for (const c of r.components) {
      const where = c.cells ? 'cells ' + c.cells.map(cell).join(', ') : 'heaps ' + c.heaps.join(', ');
      lines.push('  ' + c.game + '  ' + where + '  ->  g ' + c.values.join(', '));
    }
    const pLine = 'nim-sum 0: P-position (every move loses)';
    lines.push(r.outcome === 'P' ? pLine : 'nim-sum ' + r.nimSum + ': N-position (the next player wins)');
    for (const m of r.moves) {
      const from = Array.isArray(m.from) ? 'cell ' + cell(m.from) : 'heap ' + m.from;
      lines.push('winning move: component ' + m.component + ' (' + m.game + '), ' + from + ': ' + m.move);
    }
    out.textContent = lines.join('\\n');
  } catch (err) {
    out.className = 'answer error';
    out.textContent = err.message;
  }
};
loadGames().catch((err) => { $('store').textContent = err.message; $('store').className = 'error'; });
</script>
</body></html>
`;
}
