import type { ComputeProgress } from '../engine/compute-request.js';
import type { Periodicity } from '../period/detect.js';
import type { StrategyFacts } from '../engine/strategy.js';

export function fmtInt(n: number | bigint): string {
  return typeof n === 'bigint'
    ? n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : Math.round(n).toLocaleString('en-US');
}

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

export function fmtDuration(ms: number): string {
  if (ms < 1000) return `${ms.toFixed(0)} ms`;
  const s = ms / 1000;
  if (s < 120) return `${s.toFixed(2)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${(s - 60 * m).toFixed(0)} s`;
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
 * One progress line. With a real target (--to, or the default of a plain compute): a bar, the
 * percentage and the time left. Without one (--until-proven stops at the proof, wherever that
 * is): values done, the rate and the time so far, since a percentage of the safety limit would
 * mean nothing.
 */
export function progressLine(p: ComputeProgress, bounded: boolean): string {
  const rate = (p.computed - p.startedFrom) / Math.max(0.001, p.elapsedMs / 1000);
  const period =
    (p.periodicity ? `  period ${p.periodicity.period}${p.periodicity.proven ? ' (proven)' : '?'}` : '') +
    factsText(p.facts, '  ');
  if (!bounded) {
    return (
      `${p.game} ${fmtInt(p.computed)} values  ${fmtRate(rate)} states/s  ${fmtDuration(p.elapsedMs)}  ` +
      `max ${p.maxValue}${period}  (until proven)`
    );
  }
  const frac = p.target > 0 ? Math.min(1, p.computed / p.target) : 1;
  const width = 24;
  const filled = Math.round(frac * width);
  const eta = rate > 0 ? ((p.target - p.computed) / rate) * 1000 : 0;
  return (
    `${p.game} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(frac * 100).toFixed(1)}% ` +
    `${fmtInt(p.computed)}/${fmtInt(p.target)}  ${fmtRate(rate)} states/s  ETA ${fmtDuration(eta)}  max ` +
    `${p.maxValue}${period}`
  );
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
    this.stream.write(`\r${progressLine(p, this.bounded).slice(0, (this.stream.columns ?? 120) - 1)}\x1b[K`);
    this.drawn = true;
  }

  done(): void {
    if (this.drawn) this.stream.write('\r\x1b[K');
    this.drawn = false;
  }
}
