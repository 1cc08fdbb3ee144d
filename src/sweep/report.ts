import { NotComputedError } from '../errors.js';
import type { Store } from '../store/store.js';
import { SweepStore, type SweepResultRow, type SweepRow, type SweepSort } from '../store/sweeps.js';
import { describeSpec } from './enumerate.js';

/** A ranked report of one sweep, in the shape `--json` prints. */
export interface SweepReport {
  readonly sweep: string;
  readonly description: string;
  readonly family: string;
  readonly status: string;
  readonly limit: number;
  /** Games in the enumeration. */
  readonly games: number;
  /** Games with a stored result. */
  readonly done: number;
  readonly proven: number;
  /** Stored but not proven: "not proven up to `computed`". */
  readonly notProven: number;
  /** Games without a result yet (an interrupted sweep). */
  readonly pending: number;
  readonly skipped: { readonly allZero: number; readonly trailingZeros: number };
  readonly longestPeriod: { readonly game: string; readonly period: number; readonly preperiod: number } | null;
  readonly sort: SweepSort;
  readonly top: number;
  readonly results: readonly ReportEntry[];
  /** Games not proven, in enumeration order (at most `top`). */
  readonly unsolved: readonly ReportEntry[];
}

export interface ReportEntry {
  readonly rank: number;
  readonly game: string;
  readonly proven: boolean;
  readonly preperiod: number | null;
  readonly period: number | null;
  readonly saltus: number | null;
  readonly maxValue: number;
  readonly computed: number;
  readonly criterion: string;
  readonly ms: number;
}

function entry(row: SweepResultRow, rank: number): ReportEntry {
  return {
    rank,
    game: row.game,
    proven: row.proven,
    preperiod: row.preperiod,
    period: row.period,
    saltus: row.saltus,
    maxValue: row.maxValue,
    computed: row.computed,
    criterion: row.criterion,
    ms: Math.round(row.elapsedMs * 1000) / 1000,
  };
}

/** The stored sweep named `name`, or exit 3 naming the sweeps that do exist. */
export function requireSweep(sweeps: SweepStore, name: string): SweepRow {
  const sweep = sweeps.find(name);
  if (sweep) return sweep;
  const names = sweeps.list().map((s) => s.name);
  const known =
    names.length > 0
      ? `stored sweeps: ${names.slice(0, 10).join(', ')}${names.length > 10 ? ', ...' : ''}`
      : 'no sweeps are stored yet';
  throw new NotComputedError(
    `no sweep named '${name}' (${known}); run one with: grundy sweep sub --size 3 --max 60 --name ${name}`,
  );
}

export function buildReport(store: Store, name: string, sort: SweepSort, top: number): SweepReport {
  const sweeps = new SweepStore(store);
  const sweep = requireSweep(sweeps, name);
  const counts = sweeps.counts(sweep);
  const ranked = sweeps.ranked(sweep, sort, top);
  const longest = sweeps.ranked(sweep, 'period', 1)[0];
  return {
    sweep: sweep.name,
    description: describeSpec(sweep.spec),
    family: sweep.family,
    status: sweep.status,
    limit: sweep.limit,
    games: sweep.games,
    done: counts.done,
    proven: counts.proven,
    notProven: counts.done - counts.proven,
    pending: Math.max(0, sweep.games - counts.done),
    skipped: sweep.skipped,
    longestPeriod:
      longest && longest.period !== null && longest.proven
        ? { game: longest.game, period: longest.period, preperiod: longest.preperiod ?? 0 }
        : null,
    sort,
    top,
    results: ranked.map((r, i) => entry(r, i + 1)),
    unsolved: sweeps.unproven(sweep, top).map((r, i) => entry(r, i + 1)),
  };
}

/** "period 1615 from 0 (proven)", "observed period 3 from 12, saltus 1", "not proven up to 4,096". */
export function describeResult(e: ReportEntry, fmtInt: (n: number) => string): string {
  if (e.period === null) return `no period found up to ${fmtInt(e.computed)}`;
  const saltus = e.saltus ? `, saltus ${e.saltus}` : '';
  if (e.proven) return `period ${fmtInt(e.period)} from ${fmtInt(e.preperiod ?? 0)}${saltus} (proven)`;
  return (
    `not proven up to ${fmtInt(e.computed)} (observed period ${fmtInt(e.period)} from ` +
    `${fmtInt(e.preperiod ?? 0)}${saltus})`
  );
}

const CSV_COLUMNS = [
  'rank',
  'game',
  'proven',
  'preperiod',
  'period',
  'saltus',
  'max_value',
  'computed',
  'criterion',
  'ms',
] as const;

/** RFC 4180: game keys such as sub:1,3,4 contain commas, so such fields are quoted. */
function csvCell(v: string | number | boolean | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function reportCsv(report: SweepReport): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of report.results) {
    lines.push(
      [e.rank, e.game, e.proven, e.preperiod, e.period, e.saltus, e.maxValue, e.computed, e.criterion, e.ms]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
