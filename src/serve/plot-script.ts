/**
 * The script of a game page's plot (no build step: plain browser JavaScript). Vega draws the spec
 * /api/plot lays out; a heap game's plot zooms (buttons, wheel) and pans (drag), asking only for
 * the visible range, reduced to min/max per pixel column, and keeps that range in the URL
 * (?lo=&hi=) so a permalink reopens the same view.
 */
export const PLOT_SCRIPT = `
(() => {
  const box = document.getElementById('plot');
  const state = { game: box.dataset.game, kind: box.dataset.kind, computed: Number(box.dataset.computed),
    lo: Number(box.dataset.lo), hi: Number(box.dataset.hi), view: null, seq: 0 };
  const $ = (id) => document.getElementById(id);
  async function api(path) {
    const res = await fetch(path);
    const body = await res.json();
    if (!res.ok) throw new Error(body.error || res.statusText);
    return body;
  }
  async function draw() {
    const seq = ++state.seq;
    const width = Math.max(300, Math.min(900, window.innerWidth - 560));
    const range = state.kind === 'heap' ? { lo: String(state.lo), hi: String(state.hi), buckets: String(width) } : {};
    const q = new URLSearchParams({ game: state.game, ...range, width: String(width) });
    try {
      const { data, spec } = await api('/api/plot?' + q);
      if (seq !== state.seq) return;
      state.view?.finalize();
      state.view = new vega.View(vega.parse(spec), { renderer: 'svg', container: '#plot', hover: true });
      await state.view.runAsync();
      if (data.kind === 'board') {
        box.dataset.cells = String(data.cells.length);
        $('range').textContent = 'g(x, y) for x, y < ' + data.side;
      } else if (data.kind === 'graph') {
        box.dataset.bars = String(data.bars.length);
        $('range').textContent = data.vertices + ' vertices';
      } else {
        box.dataset.points = String(data.points.length);
        box.dataset.buckets = String(data.buckets.length);
        box.dataset.rare = String(data.rare.length);
        $('range').textContent = 'n in [' + data.lo + ', ' + data.hi + ')';
      }
      box.dataset.drawn = String(seq);
      $('plot-error').textContent = '';
    } catch (err) {
      $('plot-error').textContent = err.message;
    }
  }
  function setRange(lo, hi) {
    const span = Math.max(10, Math.round(hi - lo));
    state.lo = Math.max(0, Math.min(Math.round(lo), state.computed - span));
    state.hi = Math.min(state.computed, state.lo + span);
    // The range goes wherever the page's state goes: its URL, the pager's links, the query form.
    const keep = (url) => {
      url.searchParams.set('lo', String(state.lo));
      url.searchParams.set('hi', String(state.hi));
      return url;
    };
    history.replaceState(null, '', keep(new URL(location.href)));
    for (const a of document.querySelectorAll('.pager a')) a.href = keep(new URL(a.href)).toString();
    for (const name of ['lo', 'hi']) {
      const input = document.querySelector('#query-form input[name=' + name + ']');
      if (input) input.value = String(state[name]);
    }
    draw();
  }
  function zoom(factor, centre) {
    const c = centre ?? (state.lo + state.hi) / 2;
    setRange(c - (c - state.lo) * factor, c + (state.hi - c) * factor);
  }
  function nAt(clientX) {
    const scale = state.view?.scale('x');
    const svg = box.querySelector('svg')?.getBoundingClientRect();
    return scale && svg ? scale.invert(clientX - svg.left - state.view.origin()[0]) : undefined;
  }
  if (state.kind === 'heap') {
    $('zoom-in').onclick = () => zoom(0.5);
    $('zoom-out').onclick = () => zoom(2);
    $('reset').onclick = () => setRange(0, state.computed);
    box.addEventListener('wheel', (ev) => {
      ev.preventDefault();
      zoom(ev.deltaY < 0 ? 0.7 : 1 / 0.7, nAt(ev.clientX));
    }, { passive: false });
    let drag = null;
    box.addEventListener('mousedown', (ev) => { drag = { x: ev.clientX, lo: state.lo, hi: state.hi }; });
    window.addEventListener('mouseup', (ev) => {
      if (!drag) return;
      const width = state.view ? state.view.width() : 900;
      const dn = ((ev.clientX - drag.x) / width) * (drag.hi - drag.lo);
      if (Math.abs(ev.clientX - drag.x) > 3) setRange(drag.lo - dn, drag.hi - dn);
      drag = null;
    });
  }
  draw();
})();
`;
