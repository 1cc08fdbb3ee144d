import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compute, openStore } from '../src/index.js';
import { classTable, isRareHeap } from '../src/kernels/sparse-mask.js';
import { boardPlotData, MAX_RARE_POINTS, plotData } from '../src/plot/data.js';
import { graphPlotData, INFINITE_LABEL } from '../src/plot/graph.js';
import { renderSvg } from '../src/plot/render.js';
import { plotSpec } from '../src/plot/spec.js';
import { runCli } from './helpers/cli.js';

let dir: string;
let db: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'grundy-plot-'));
  db = join(dir, 'plot.db');
  // Dawson's chess runs in sparse space (a stored mask); Kayles gets its period proven.
  await compute('octal:0.137', { db, to: 3000, workers: 1 });
  await compute('kayles', { db, untilProven: true, workers: 1 });
  // No period is ever proven for an infinite subtraction set: plots stop at its table.
  await compute('sub:squares', { db, to: 100, workers: 1 });
  await compute('wythoff', { db, size: 16, workers: 1 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('plot data', () => {
  it('keeps every point of a small range, classed rare or common by the stored mask', () => {
    const store = openStore(db);
    try {
      const d = plotData(store, 'octal:0.137', { lo: 0, hi: 500, buckets: 1000 });
      const values = store.values('octal:0.137', 0, 500);
      const sparse = store.sparse('octal:0.137');
      expect(sparse).toBeDefined();
      const cls = classTable(sparse!.mask.bits);
      expect(d.points).toHaveLength(500);
      expect(d.buckets).toHaveLength(0);
      d.points.forEach((p, i) => {
        expect(p).toEqual({ n: i, v: values[i], rare: isRareHeap(cls, sparse!.mask, i, values[i]!) });
      });
      expect(d.points.some((p) => p.rare) && d.points.some((p) => !p.rare)).toBe(true);
    } finally {
      store.close();
    }
  });

  it('reduces a large range to per-column min and max of each class, covering every heap once', () => {
    const store = openStore(db);
    try {
      const d = plotData(store, 'octal:0.137', { lo: 7, hi: 2999, buckets: 100 });
      const values = store.values('octal:0.137', 7, 2999);
      const sparse = store.sparse('octal:0.137')!;
      const cls = classTable(sparse.mask.bits);
      expect(d.points).toHaveLength(0);
      for (const b of d.buckets) {
        const inBucket: number[] = [];
        for (let n = b.lo; n < b.hi; n++) {
          const v = values[n - 7]!;
          if (isRareHeap(cls, sparse.mask, n, v) === b.rare) inBucket.push(v);
        }
        expect([b.min, b.max]).toEqual([Math.min(...inBucket), Math.max(...inBucket)]);
      }
      const starts = [...new Set(d.buckets.map((b) => b.lo))];
      expect(starts[0]).toBe(7);
      expect(Math.max(...d.buckets.map((b) => b.hi))).toBe(2999);
      expect(starts.length).toBeLessThanOrEqual(100);
    } finally {
      store.close();
    }
  });

  it('marks the proven preperiod and period in the drawing', async () => {
    const store = openStore(db);
    try {
      const d = plotData(store, 'kayles');
      expect([d.preperiod, d.period, d.proven]).toEqual([71, 12, true]);
      const svg = await renderSvg(plotSpec(d));
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('period 12');
      expect(svg).toContain('preperiod 71, period 12 (proven)');
      expect(() => plotData(store, 'kayles', { lo: 50, hi: 10 })).toThrow(/empty or invalid/);
      expect(() => plotData(store, 'kayles', { buckets: 10 ** 6 })).toThrow(/buckets/);
    } finally {
      store.close();
    }
  });
});

/** The tick labels of a rendered plot's axes. */
function axisLabels(svg: string): string[] {
  const out: string[] = [];
  for (const group of svg.match(/role-axis-label[\s\S]*?<\/g>/g) ?? []) {
    for (const m of group.matchAll(/<text[^>]*>([^<]*)<\/text>/g)) out.push(m[1]!);
  }
  return out;
}

describe('plot look', () => {
  it('shades the preperiod and the first period, each labelled', async () => {
    const store = openStore(db);
    try {
      const spec = plotSpec(plotData(store, 'kayles', { lo: 0, hi: 120 }));
      const names = (spec.marks ?? []).map((m) => m.name);
      expect(names.slice(0, 4)).toEqual(['preperiodBand', undefined, 'periodBand', undefined]);
      const svg = await renderSvg(spec);
      expect(svg).toContain('>preperiod<');
      expect(svg).toContain('>period 12<');
      // Zoomed past the preperiod, only the period band would be in view: no preperiod band.
      const past = plotSpec(plotData(store, 'kayles', { lo: 100, hi: 120 }));
      expect((past.marks ?? []).map((m) => m.name)).not.toContain('preperiodBand');
    } finally {
      store.close();
    }
  });

  it('puts integer ticks on both axes, even over a few heaps and values', async () => {
    const store = openStore(db);
    try {
      for (const [lo, hi] of [
        [0, 3],
        [0, 7],
        [5, 9],
      ] as const) {
        const labels = axisLabels(await renderSvg(plotSpec(plotData(store, 'kayles', { lo, hi }))));
        expect(labels.length, `${lo}..${hi}`).toBeGreaterThan(2);
        for (const t of labels) expect(t, `${lo}..${hi}`).toMatch(/^\d+$/);
      }
    } finally {
      store.close();
    }
  });

  it('draws the rare heaps of 10^5 and more values as points over the min-max columns', async () => {
    const store = openStore(db);
    try {
      const sparse = store.sparse('octal:0.137')!;
      const cls = classTable(sparse.mask.bits);
      // Past the table from the proven period: 2 x 10^5 heaps in 900 columns.
      const d = plotData(store, 'octal:0.137', { lo: 0, hi: 200_000, buckets: 900 });
      expect(d.points).toHaveLength(0);
      expect(d.rare.length).toBeGreaterThan(0);
      expect(d.rare.length).toBeLessThanOrEqual(MAX_RARE_POINTS);
      const answers = store.answerer('octal:0.137');
      for (const p of d.rare.filter((_, i) => i % 97 === 0)) {
        const v = Number(answers.answer(BigInt(p.n)).value);
        expect([p.v, isRareHeap(cls, sparse.mask, p.n, v)]).toEqual([v, true]);
      }
      const spec = plotSpec(d);
      const rare = (spec.data ?? []).find((x) => x.name === 'rare') as { values: unknown[] };
      expect(rare.values).toHaveLength(d.rare.length);
      expect((spec.marks ?? []).at(-1)?.name).toBe('rareMarks');
      // Every point when they fit: no overlay then.
      expect(plotData(store, 'octal:0.137', { lo: 0, hi: 500, buckets: 1000 }).rare).toEqual([]);
    } finally {
      store.close();
    }
  });
});

describe('grundy plot', () => {
  it('writes SVG, PNG and HTML, and refuses other extensions with exit 2', async () => {
    const svg = join(dir, 'k.svg');
    const png = join(dir, 'd.png');
    const html = join(dir, 'k.html');
    expect((await runCli(['plot', 'kayles', '--to', '100', '--out', svg, '--db', db])).code).toBe(0);
    expect(readFileSync(svg, 'utf8')).toMatch(/^<svg[^>]*>/);
    const r = await runCli(['plot', 'octal:0.137', '--out', png, '--db', db, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ game: 'octal:0.137', format: 'png', rareCommon: true, period: 34 });
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
    expect((await runCli(['plot', 'kayles', '--out', html, '--db', db])).code).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain('vega.parse(');
    const bad = await runCli(['plot', 'kayles', '--out', join(dir, 'k.gif'), '--db', db]);
    expect([bad.code, bad.stderr.trim()]).toEqual([
      2,
      `grundy: --out ${join(dir, 'k.gif')}: name a .svg, .png or .html file`,
    ]);
    const beyond = await runCli(['plot', 'sub:squares', '--to', '1e6', '--out', svg, '--db', db]);
    expect(beyond.code).toBe(2);
    expect(beyond.stderr.trim()).toBe(
      'grundy: --to 1000000: only g(0..99) of sub:squares are stored and no period is proven: ' +
        'run grundy compute sub:squares --to 1000000',
    );
  });

  it('plots past the stored table from a proven period, as query and export answer', async () => {
    const store = openStore(db);
    let computed: number;
    try {
      computed = store.game('kayles').computed;
      const hi = computed + 300;
      const d = plotData(store, 'kayles', { lo: computed - 100, hi, buckets: 1000 });
      const expected = store.queryItems('kayles', [`${computed - 100}..${hi - 1}`])[0]!.answers;
      expect(d.points.map((p) => [p.n, p.v])).toEqual(expected.map((a) => [Number(a.n), Number(a.value)]));
      expect(expected.some((a) => a.source === 'certificate')).toBe(true);
      const far = plotData(store, 'kayles', { hi: 100_000, buckets: 50 });
      expect(far.hi).toBe(100_000);
      expect(Math.max(...far.buckets.map((b) => b.max))).toBe(d.maxValue);
      // Without a proof, the range stops at the table.
      expect(plotData(store, 'sub:squares', { hi: 500 }).hi).toBe(100);
    } finally {
      store.close();
    }
    const out = join(dir, 'far.svg');
    const r = await runCli(['plot', 'kayles', '--to', String(computed + 300), '--out', out, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`(g(${computed}..${computed + 299}) from the proven period)`);
    expect(readFileSync(out, 'utf8')).toMatch(/^<svg/);
  });

  it('draws a board as a heat map of g(x, y), one rect a cell', async () => {
    const store = openStore(db);
    try {
      const d = boardPlotData(store, 'wythoff', { side: 8 });
      expect([d.kind, d.size, d.side, d.cells.length]).toEqual(['board', 16, 8, 64]);
      const table = store.board('wythoff');
      for (const c of d.cells) expect(c.v).toBe(table.values[c.x * 16 + c.y]);
      expect(boardPlotData(store, 'wythoff').side).toBe(16);
      expect(() => plotData(store, 'wythoff')).toThrow(/wythoff is a two-dimensional game: its plot is a heat map/);
      expect(() => boardPlotData(store, 'wythoff', { side: 17 })).toThrow(
        expect.objectContaining({
          message: 'only g(x, y) for x, y < 16 of wythoff are stored',
          compute: { game: 'wythoff', size: 17 },
        }),
      );
    } finally {
      store.close();
    }
    const out = join(dir, 'w.svg');
    const r = await runCli(['plot', 'wythoff', '--out', out, '--db', db]);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, `${out}: wythoff, g(x, y) for x, y < 16 as a heat map\n`, '']);
    const svg = readFileSync(out, 'utf8');
    expect(svg).toContain('mark-rect');
    expect(svg).toContain('wythoff: g(x, y) for x, y &lt; 16');
    const json = await runCli(['plot', 'wythoff', '--to', '4', '--out', out, '--db', db, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ game: 'wythoff', kind: 'board', side: 4, cells: 16 });
  });

  it('draws a game graph as a histogram of its values, its draws as their own bar', async () => {
    // a -> b -> c: c and a are P, b is N; d <-> e loop, so d, e and f (whose one move is to d) draw;
    // g -> c is N (value 1).
    const graph = join(dir, 'g.txt');
    writeFileSync(graph, 'a b\nb c\nd e\ne d\nf d\ng c\n');
    const key = (await compute(`graph:${graph}`, { db, workers: 1 })).game;
    const store = openStore(db);
    try {
      const d = graphPlotData(store, key);
      expect(d.outcomes).toEqual({ P: 2, N: 2, D: 3 });
      expect(d.bars).toEqual([
        { label: '0', outcome: 'P', count: 2 },
        { label: '1', outcome: 'N', count: 2 },
        { label: INFINITE_LABEL, outcome: 'D', count: 3 },
      ]);
      expect(() => plotData(store, key)).toThrow(/is a game graph: its plot is a histogram/);
    } finally {
      store.close();
    }
    const out = join(dir, 'g.svg');
    const r = await runCli(['plot', key, '--out', out, '--db', db]);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      0,
      `${out}: ${key}, values of 7 vertices as a histogram (P 2, N 2, D 3)\n`,
      '',
    ]);
    const svg = readFileSync(out, 'utf8');
    expect(svg).toContain('mark-rect');
    expect(axisLabels(svg)).toContain(INFINITE_LABEL);
    expect(axisLabels(svg).every((t) => !t.includes('.'))).toBe(true);
    const ranged = await runCli(['plot', key, '--to', '5', '--out', out, '--db', db]);
    expect([ranged.code, ranged.stderr]).toEqual([
      2,
      'grundy: --from and --to are heap sizes; a game graph is plotted whole, as a histogram of its values\n',
    ]);
  });
});
