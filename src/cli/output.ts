import type { ComputeProgress, StrategyFacts } from '../api/compute.js';
import type { Periodicity } from '../api/format.js';
import { fmtInt } from '../numbers.js';

export function fmtRate(perSecond: number): string {
  if (perSecond >= 1e9) return `${(perSecond / 1e9).toFixed(2)}G`;
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)}M`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)}k`;
  // Below 100, two significant digits: a slow sweep's 0.42 games/s is not "0 games/s".
  if (perSecond >= 100 || perSecond <= 0 || !Number.isFinite(perSecond)) return perSecond.toFixed(0);
  return String(Number(perSecond.toPrecision(2)));
}

/** 1234 bytes as "1.23 kB": SI units (powers of 1000), as ls --si and most file managers show sizes. */
export function fmtBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let u = -1;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return `${v.toFixed(v < 10 ? 2 : v < 100 ? 1 : 0)} ${units[u]}`;
}

/**
 * One rule for every duration: whole milliseconds below a second, seconds to 3 significant
 * digits below a minute (`1.23 s`, `59.9 s`), then whole minutes and seconds (`2 min 7 s`), then
 * hours and minutes (`3 h 12 min`).
 */
export function fmtDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '?';
  const v = Math.max(0, ms);
  if (Math.round(v) < 1000) return `${Math.round(v)} ms`;
  const s = Number((v / 1000).toPrecision(3));
  if (s < 60) return `${s.toPrecision(3)} s`;
  const total = Math.round(v / 1000);
  if (total < 3600) return `${Math.floor(total / 60)} min ${total % 60} s`;
  const minutes = Math.round(total / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * "period 12 from n = 71, proven by ..." or "no period found up to L"; for a table last computed
 * in a window (never read whole, docs/sparse.md), that its periodicity was not checked.
 */
export function fmtPeriodicity(p: Periodicity | null | undefined, computed: number, windowed = false): string {
  if (!p && windowed) return 'not checked: the table was kept in a window (--until-proven keeps it whole and checks)';
  if (!p) return `no period found up to ${fmtInt(computed)}`;
  const saltus = p.saltus !== 0 ? `, saltus ${p.saltus}` : '';
  const status = p.proven
    ? `proven (${p.criterion})`
    : `observed, not proven (checked on ${fmtInt(p.checkedTo)} values)`;
  return `preperiod ${fmtInt(p.preperiod)}, period ${fmtInt(p.period)}${saltus}: ${status}`;
}

/** JSON-safe numbers: exact integers beyond 2^53 travel as decimal strings. */
export function jsonInteger(v: bigint): number | string {
  return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function periodicityJson(p: Periodicity | null | undefined): object | null {
  if (!p) return null;
  return {
    preperiod: p.preperiod,
    period: p.period,
    saltus: p.saltus,
    proven: p.proven,
    criterion: p.criterion,
    checkedTo: p.checkedTo,
  };
}

/**
 * One field of a status line: its text, the separator before it, and its rank (0 is never
 * dropped; the highest rank goes first when the line is too wide).
 */
export interface LineField {
  readonly text: string;
  readonly sep: string;
  readonly rank: number;
}

/**
 * The fields that fit in `width` columns, in their order: whole fields are dropped, highest rank
 * first (the last of equal ranks first), never cut. Only a rank-0 field wider than the width
 * alone is cut, since nothing narrower is left to show.
 */
export function fitFields(fields: readonly LineField[], width: number): string {
  const kept = [...fields];
  const join = () => kept.map((f, i) => (i === 0 ? f.text : f.sep + f.text)).join('');
  let line = join();
  while (line.length > width) {
    let drop = -1;
    kept.forEach((f, i) => {
      if (f.rank > 0 && (drop < 0 || f.rank >= (kept[drop]?.rank ?? 0))) drop = i;
    });
    if (drop < 0) return line.slice(0, Math.max(0, width));
    kept.splice(drop, 1);
    line = join();
  }
  return line;
}

/** The columns a redrawn status line may use on `stream`: its width less one (80 when unknown). */
export function lineWidth(stream: NodeJS.WriteStream): number {
  return (stream.columns || 80) - 1;
}

/**
 * One progress line, fitted to `width` columns. With a real target (--to, or the default of a
 * plain compute): a bar, the percentage and the time left. Without one (--until-proven stops at
 * the proof, wherever that is): values done, the rate and the time so far, since a percentage
 * of the safety limit would mean nothing. A narrow terminal drops whole fields: the strategy's
 * facts first, then the bar, the rate, the period, the maximum, the count, and the time last.
 */
export function progressLine(p: ComputeProgress, bounded: boolean, width = Number.POSITIVE_INFINITY): string {
  return fitFields(progressFields(p, bounded), width);
}

function progressFields(p: ComputeProgress, bounded: boolean): LineField[] {
  const rate = (p.computed - p.startedFrom) / Math.max(0.001, p.elapsedMs / 1000);
  const tail: LineField[] = [{ text: `max ${p.maxValue}`, sep: '  ', rank: 4 }];
  if (p.periodicity) {
    const period = `period ${p.periodicity.period}${p.periodicity.proven ? ' (proven)' : '?'}`;
    tail.push({ text: period, sep: '  ', rank: 5 });
  }
  for (const [name, value] of Object.entries(p.facts ?? {}))
    tail.push({ text: `${name} ${value}`, sep: '  ', rank: 9 });
  const rateField = { text: `${fmtRate(rate)} states/s`, sep: '  ', rank: 6 };
  if (!bounded) {
    return [
      { text: p.game, sep: '', rank: 0 },
      { text: `${fmtInt(p.computed)} values`, sep: ' ', rank: 3 },
      rateField,
      { text: fmtDuration(p.elapsedMs), sep: '  ', rank: 2 },
      ...tail,
      { text: '(until proven)', sep: '  ', rank: 7 },
    ];
  }
  const frac = p.target > 0 ? Math.min(1, p.computed / p.target) : 1;
  const barWidth = 24;
  const filled = Math.round(frac * barWidth);
  const eta = rate > 0 ? ((p.target - p.computed) / rate) * 1000 : 0;
  return [
    { text: p.game, sep: '', rank: 0 },
    { text: `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}]`, sep: ' ', rank: 8 },
    { text: `${(frac * 100).toFixed(1)}%`, sep: ' ', rank: 1 },
    { text: `${fmtInt(p.computed)}/${fmtInt(p.target)}`, sep: ' ', rank: 3 },
    rateField,
    { text: `ETA ${fmtDuration(eta)}`, sep: '  ', rank: 2 },
    ...tail,
  ];
}

/** A strategy's facts as `name value` pairs, each after `sep` (sparse space: `mask 0x1ee  rare 1583`). */
export function factsText(facts: StrategyFacts | null, sep: string): string {
  return facts
    ? Object.entries(facts)
        .map(([name, value]) => `${sep}${name} ${value}`)
        .join('')
    : '';
}

/**
 * Progress on stderr: on a TTY a one-line bar redrawn at most ten times a second; elsewhere (a
 * log file, a background run) the same line once a minute, the first a minute in, so that a
 * short run writes nothing.
 */
export class ProgressBar {
  private lastDraw = 0;
  private drawn = false;
  private lastLog: number;

  /** bounded: the target is where the run ends (false for --until-proven without --to). */
  constructor(
    private readonly bounded = true,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly logMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {
    this.lastLog = now();
  }

  get enabled(): boolean {
    return this.stream.isTTY === true;
  }

  update(p: ComputeProgress): void {
    const now = this.now();
    if (!this.enabled) {
      if (now - this.lastLog < this.logMs) return;
      this.lastLog = now;
      this.stream.write(`${progressLine(p, this.bounded)}\n`);
      return;
    }
    if (now - this.lastDraw < 100) return;
    this.lastDraw = now;
    this.stream.write(`\r${progressLine(p, this.bounded, lineWidth(this.stream))}\x1b[K`);
    this.drawn = true;
  }

  done(): void {
    if (this.drawn) this.stream.write('\r\x1b[K');
    this.drawn = false;
  }
}
