import type { Values } from '../kernels/values.js';
import type { Periodicity } from '../period/detect.js';

/** Per-game outcomes in columns, index i for game ords[i]. */
export interface BatchResults {
  readonly ords: Int32Array;
  /** 0: no period found; 1: observed; 2: proven. */
  readonly status: Uint8Array;
  readonly preperiod: Float64Array;
  readonly period: Float64Array;
  readonly saltus: Float64Array;
  readonly checkedTo: Float64Array;
  readonly maxValue: Float64Array;
  readonly computed: Float64Array;
  readonly elapsedMs: Float64Array;
  /** criteria[criterion[i]] is the criterion label of game i ('' when no period was found). */
  readonly criterion: Int32Array;
  readonly criteria: readonly string[];
  /** With keepTables: the values g(0..computed-1) of game i. */
  readonly values?: readonly Values[];
}

/** The outcome of one game, as a row. */
export interface GameResult {
  readonly ord: number;
  readonly periodicity: Periodicity | null;
  readonly maxValue: number;
  readonly computed: number;
  readonly elapsedMs: number;
  readonly values?: Values;
}

export function periodicityAt(b: BatchResults, i: number): Periodicity | null {
  const status = b.status[i]!;
  if (status === 0) return null;
  return {
    preperiod: b.preperiod[i]!,
    period: b.period[i]!,
    saltus: b.saltus[i]!,
    proven: status === 2,
    criterion: b.criteria[b.criterion[i]!]!,
    checkedTo: b.checkedTo[i]!,
  };
}

export function resultAt(b: BatchResults, i: number): GameResult {
  const values = b.values?.[i];
  return {
    ord: b.ords[i]!,
    periodicity: periodicityAt(b, i),
    maxValue: b.maxValue[i]!,
    computed: b.computed[i]!,
    elapsedMs: b.elapsedMs[i]!,
    ...(values ? { values } : {}),
  };
}
