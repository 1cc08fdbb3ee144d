import type { Spec } from 'vega';
import { graphValueCounts } from '../api/graph.js';
import type { GrundyStore } from '../api/store.js';
import type { PlotLook } from './spec.js';

/** One bar of a game graph's histogram: a finite value, or the infinite values (wins and draws). */
export interface GraphBar {
  /** '0', '1', ... or '∞'. */
  readonly label: string;
  /** P (value 0), N (any other value, or infinite with 0 in K), D (a draw). */
  readonly outcome: 'P' | 'N' | 'D';
  readonly count: number;
}

/** A game graph's plot: how many vertices take each value, the infinite ones as one bar of their own. */
export interface GraphPlotData {
  readonly kind: 'graph';
  readonly game: string;
  readonly vertices: number;
  readonly bars: readonly GraphBar[];
  readonly outcomes: { readonly P: number; readonly N: number; readonly D: number };
}

/** The infinite values' bar: a loopy graph's draws (and infinite wins) are no value on the integer axis. */
export const INFINITE_LABEL = '∞';

export function graphPlotData(store: GrundyStore, spec: string): GraphPlotData {
  const table = store.graph(spec);
  const counts = graphValueCounts(table);
  const bars: GraphBar[] = counts.finite.map((count, v) => ({ label: String(v), outcome: v === 0 ? 'P' : 'N', count }));
  const { N, D } = counts.infinite;
  if (N > 0) bars.push({ label: INFINITE_LABEL, outcome: 'N', count: N });
  if (D > 0) bars.push({ label: INFINITE_LABEL, outcome: 'D', count: D });
  const finiteN = counts.finite.reduce((a, c, v) => a + (v > 0 ? c : 0), 0);
  return {
    kind: 'graph',
    game: table.key,
    vertices: table.source.vertices,
    bars,
    outcomes: { P: counts.finite[0] ?? 0, N: finiteN + N, D },
  };
}

const OUTCOME_COLOURS = ['#1f5fa8', '#7fa7d9', '#d1495b'];

/**
 * A bar chart of the vertices' values: one bar a finite value, then one bar for the infinite
 * values (stacked: infinite wins, draws), coloured by outcome; integer ticks on the count axis.
 */
export function graphSpec(d: GraphPlotData, look: PlotLook = {}): Spec {
  const labels = [...new Set(d.bars.map((b) => b.label))];
  const o = d.outcomes;
  return {
    $schema: 'https://vega.github.io/schema/vega/v6.json',
    width: look.width ?? Math.min(900, Math.max(240, labels.length * 36)),
    height: look.height ?? 300,
    padding: 8,
    background: 'white',
    title: {
      text: `${d.game}: values of its ${d.vertices} vertices`,
      subtitle: `P ${o.P}, N ${o.N}, D ${o.D} (draws: the ${INFINITE_LABEL} bar)`,
      anchor: 'start',
    },
    data: [
      {
        name: 'bars',
        values: d.bars.map((b) => ({ ...b })),
        transform: [{ type: 'stack', groupby: ['label'], field: 'count', sort: { field: 'outcome' } }],
      },
    ],
    scales: [
      { name: 'x', type: 'band', domain: labels, range: 'width', padding: 0.15 },
      { name: 'y', type: 'linear', domain: { data: 'bars', field: 'y1' }, range: 'height', nice: true, zero: true },
      { name: 'outcome', type: 'ordinal', domain: ['P', 'N', 'D'], range: OUTCOME_COLOURS },
    ],
    axes: [
      { orient: 'bottom', scale: 'x', title: 'value' },
      { orient: 'left', scale: 'y', title: 'vertices', tickMinStep: 1, format: 'd' },
    ],
    legends: [{ fill: 'outcome', title: 'outcome', orient: 'top-right' }],
    marks: [
      {
        type: 'rect',
        name: 'barMarks',
        from: { data: 'bars' },
        encode: {
          enter: {
            x: { scale: 'x', field: 'label' },
            width: { scale: 'x', band: 1 },
            y: { scale: 'y', field: 'y1' },
            y2: { scale: 'y', field: 'y0' },
            fill: { scale: 'outcome', field: 'outcome' },
            tooltip: { signal: "datum.label + ' (' + datum.outcome + '): ' + datum.count" },
          },
        },
      },
    ],
  };
}
