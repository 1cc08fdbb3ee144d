import type { Spec } from 'vega';
import type { BoardPlotData, PlotData } from './data.js';

export interface PlotLook {
  readonly width?: number;
  readonly height?: number;
}

const COMMON = '#1f5fa8';
const RARE = '#d1495b';
const PLAIN = '#333333';

/**
 * A Vega spec of the value sequence: heap size against g(n) as dots (or, downsampled, one
 * vertical min-max rule per bucket, with the rare heaps as dots over them), rare and common
 * values in two colours when the game has a sparse-space mask, the preperiod shaded grey and
 * the first period yellow. Both axes count, so their ticks are integers.
 */
export function plotSpec(d: PlotData, look: PlotLook = {}): Spec {
  const width = look.width ?? 900;
  const height = look.height ?? 360;
  const colour = d.mask ? { scale: 'class', field: 'class' } : { value: PLAIN };
  const classOf = (rare: boolean | undefined): string => (rare === undefined ? 'all' : rare ? 'rare' : 'common');
  const points = d.points.map((p) => ({ n: p.n, v: p.v, class: classOf(p.rare) }));
  const buckets = d.buckets.map((b) => ({ x: (b.lo + b.hi - 1) / 2, min: b.min, max: b.max, class: classOf(b.rare) }));
  const rare = d.rare.map((p) => ({ n: p.n, v: p.v, class: 'rare' }));
  const marks: NonNullable<Spec['marks']> = [];
  const period = d.preperiod !== null && d.period !== null ? { from: d.preperiod, to: d.preperiod + d.period } : null;
  if (period && period.from > d.lo) {
    marks.push(...band('preperiodBand', 'preperiod', '#9aa0a6', '#555b61'));
  }
  if (period && period.to > d.lo && period.from < d.hi) {
    marks.push(...band('periodBand', 'period', '#f2c14e', '#7a5c00'));
  }
  marks.push({
    type: 'symbol',
    name: 'pointMarks',
    from: { data: 'points' },
    encode: {
      enter: {
        x: { scale: 'x', field: 'n' },
        y: { scale: 'y', field: 'v' },
        size: { value: d.points.length > 2000 ? 4 : 14 },
        fill: colour,
        strokeWidth: { value: 0 },
      },
    },
  });
  marks.push({
    type: 'rule',
    name: 'bucketMarks',
    from: { data: 'buckets' },
    encode: {
      enter: {
        x: { scale: 'x', field: 'x' },
        y: { scale: 'y', field: 'min' },
        y2: { scale: 'y', field: 'max', offset: -1 },
        stroke: colour,
        strokeWidth: { value: 1 },
      },
    },
  });
  marks.push({
    type: 'symbol',
    name: 'rareMarks',
    from: { data: 'rare' },
    encode: {
      enter: {
        x: { scale: 'x', field: 'n' },
        y: { scale: 'y', field: 'v' },
        size: { value: 12 },
        fill: { value: RARE },
        strokeWidth: { value: 0 },
      },
    },
  });
  const yMax = d.buckets.reduce(
    (m, b) => Math.max(m, b.max),
    d.points.reduce((m, p) => Math.max(m, p.v), 1),
  );
  const periodText = period
    ? `preperiod ${d.preperiod}, period ${d.period}${d.proven ? ' (proven)' : ' (observed)'}`
    : 'no period found';
  return {
    $schema: 'https://vega.github.io/schema/vega/v6.json',
    width,
    height,
    padding: 8,
    background: 'white',
    title: { text: `${d.game}: g(n) for n in [${d.lo}, ${d.hi})`, subtitle: periodText, anchor: 'start' },
    data: [
      { name: 'points', values: points },
      { name: 'buckets', values: buckets },
      { name: 'rare', values: rare },
      {
        name: 'period',
        values: period
          ? [{ from: Math.max(period.from, d.lo), to: Math.min(period.to, d.hi), label: `period ${d.period}` }]
          : [],
      },
      {
        name: 'preperiod',
        values:
          period && period.from > d.lo ? [{ from: d.lo, to: Math.min(period.from, d.hi), label: 'preperiod' }] : [],
      },
    ],
    scales: [
      {
        name: 'x',
        type: 'linear',
        domain: [d.lo, Math.max(d.lo + 1, d.hi - 1)],
        range: 'width',
        zero: false,
        nice: false,
      },
      { name: 'y', type: 'linear', domain: [0, yMax], range: 'height', nice: true, zero: true },
      { name: 'class', type: 'ordinal', domain: ['common', 'rare'], range: [COMMON, RARE] },
    ],
    axes: [
      // Plain integers while they fit (no '1.5k' for 1500); SI prefixes from 10^5 on.
      { orient: 'bottom', scale: 'x', title: 'heap size n', format: d.hi < 100_000 ? 'd' : '~s', tickMinStep: 1 },
      { orient: 'left', scale: 'y', title: 'g(n)', format: 'd', tickMinStep: 1 },
    ],
    ...(d.mask
      ? { legends: [{ fill: 'class', title: 'values', orient: 'top-right' as const, symbolType: 'circle' }] }
      : {}),
    marks,
  };
}

/** A shaded span of heap sizes (data `name`: from, to, label) with its label at the top. */
function band(mark: string, data: string, fill: string, text: string): NonNullable<Spec['marks']> {
  return [
    {
      type: 'rect',
      name: mark,
      from: { data },
      encode: {
        enter: {
          x: { scale: 'x', field: 'from' },
          x2: { scale: 'x', field: 'to' },
          y: { value: 0 },
          y2: { signal: 'height' },
          fill: { value: fill },
          fillOpacity: { value: 0.25 },
        },
      },
    },
    {
      type: 'text',
      from: { data },
      encode: {
        enter: {
          x: { scale: 'x', field: 'from' },
          y: { value: 12 },
          dx: { value: 4 },
          text: { field: 'label' },
          fontSize: { value: 11 },
          fill: { value: text },
        },
      },
    },
  ];
}

/**
 * A Vega spec of a board's heat map: one rect a cell, x across and y up from (0, 0) at the
 * bottom left, its colour g(x, y) (viridis, legend at the side); P-positions (g = 0) are the
 * darkest cells. Square, `look.width` by `look.height` at most (560 by default).
 */
export function boardSpec(d: BoardPlotData, look: PlotLook = {}): Spec {
  const side = Math.min(look.width ?? 560, look.height ?? 560);
  const ticks = d.side <= 16 ? 1 : Math.ceil(d.side / 16 / 8) * 8;
  const values = Array.from({ length: Math.ceil(d.side / ticks) }, (_, i) => i * ticks);
  return {
    $schema: 'https://vega.github.io/schema/vega/v6.json',
    width: side,
    height: side,
    padding: 8,
    background: 'white',
    title: {
      text: `${d.game}: g(x, y) for x, y < ${d.side}`,
      subtitle: `${d.size} x ${d.size} stored; g = 0 (the darkest) marks the P-positions`,
      anchor: 'start',
    },
    data: [{ name: 'cells', values: d.cells.map((c) => ({ ...c })) }],
    scales: [
      { name: 'x', type: 'band', domain: { data: 'cells', field: 'x', sort: true }, range: 'width' },
      { name: 'y', type: 'band', domain: { data: 'cells', field: 'y', sort: true }, range: 'height', reverse: true },
      { name: 'g', type: 'linear', domain: [0, Math.max(1, d.maxValue)], range: { scheme: 'viridis' }, zero: true },
    ],
    axes: [
      { orient: 'bottom', scale: 'x', title: 'x', values },
      { orient: 'left', scale: 'y', title: 'y', values },
    ],
    legends: [{ fill: 'g', title: 'g(x, y)', type: 'gradient' }],
    marks: [
      {
        type: 'rect',
        name: 'cellMarks',
        from: { data: 'cells' },
        encode: {
          enter: {
            x: { scale: 'x', field: 'x' },
            width: { scale: 'x', band: 1 },
            y: { scale: 'y', field: 'y' },
            height: { scale: 'y', band: 1 },
            fill: { scale: 'g', field: 'v' },
            tooltip: { signal: "'g(' + datum.x + ', ' + datum.y + ') = ' + datum.v" },
          },
        },
      },
    ],
  };
}
