import type { BenchRun } from '../src/store/bench-runs.js';
import type { RunReport, ScalingRow, SessionReport } from './session.js';
import type { Workload } from './workload.js';
import { fmtInt } from '../src/numbers.js';

/** Text and JSON renderings of a bench session and of the history. Pure: strings and objects. */

export function fmtRate(perSecond: number): string {
  if (perSecond >= 1e9) return `${(perSecond / 1e9).toFixed(2)}G`;
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)}M`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)}k`;
  return perSecond.toFixed(0);
}

function fmtMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(2)} ms`;
}

const fmtRatio = (r: number | undefined): string => (r === undefined ? '-' : `x${r.toFixed(2)}`);
const pct = (f: number): string => `${(f * 100).toFixed(1)}%`;
const modeLabel = (mode: string, workers: number): string =>
  mode === 'plain' ? 'plain' : mode === 'anchor' ? `C anchor ${workers}t` : `${mode} ${workers}w`;

/** `align`: one letter per column, l or r (missing letters: r). */
export function table(header: readonly string[], rows: readonly (readonly string[])[], align = 'l'): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]): string =>
    r
      .map((c, i) => (align[i] === 'l' ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

export function sessionText(report: SessionReport): string {
  const m = report.machine;
  const out: string[] = [
    `grundy bench${report.quick ? ' --quick' : ''}: ${m.cpuModel}, ${m.cores} core${m.cores > 1 ? 's' : ''}, ` +
      `node ${m.nodeVersion}` +
      `${m.gitCommit ? `, commit ${m.gitCommit}` : ''}`,
    '',
    table(
      ['workload', 'run', 'N', 'states/s', 'median', 'spread', 'checksum', 'vs plain', 'vs previous', 'vs best'],
      report.runs.map((r: RunReport) => {
        const x = r.measurement;
        return [
          x.workload,
          modeLabel(x.mode, x.workers),
          fmtInt(x.size),
          fmtRate(x.statesPerSecond),
          fmtMs(x.medianMs),
          pct(x.spread),
          x.checksum,
          fmtRatio(r.vsPlain),
          fmtRatio(r.vsPrevious),
          fmtRatio(r.vsBest),
        ];
      }),
      'll',
    ),
  ];
  if (report.scaling.length > 0)
    out.push('', 'Scaling (states/s by worker count, measured in this run)', scalingText(report.scaling));
  out.push(
    '',
    'states/s = states / median run time; spread = (max - min) / median; vs previous / best: the same workload,',
    'run and size on this CPU model in earlier sessions (grundy bench --history WORKLOAD).',
  );
  return out.join('\n');
}

export function scalingText(rows: readonly ScalingRow[]): string {
  const counts = [...new Set(rows.flatMap((r) => r.byWorkers.map((w) => w.workers)))].sort((a, b) => a - b);
  const top = counts[counts.length - 1] ?? 1;
  const header = [
    'workload',
    'plain',
    ...counts.map((c) => `${c} worker${c > 1 ? 's' : ''}`),
    `speed-up ${top}/1`,
    `${top}w / plain`,
  ];
  const body = rows.map((r) => {
    const at = (c: number): number | undefined => r.byWorkers.find((w) => w.workers === c)?.statesPerSecond;
    const one = at(1);
    const last = at(top);
    return [
      r.workload,
      fmtRate(r.plain),
      ...counts.map((c) => {
        const v = at(c);
        return v === undefined ? '-' : fmtRate(v);
      }),
      last !== undefined && one ? fmtRatio(last / one) : '-',
      last !== undefined && r.plain > 0 ? fmtRatio(last / r.plain) : '-',
    ];
  });
  return table(header, body);
}

export function sessionJson(report: SessionReport): object {
  const brief = (b: BenchRun | undefined): object | null =>
    b ? { statesPerSecond: Math.round(b.statesPerSecond), recordedAt: b.recordedAt, gitCommit: b.gitCommit } : null;
  const round = (r: number | undefined): number | null => (r === undefined ? null : Math.round(r * 1000) / 1000);
  return {
    session: report.session,
    machine: report.machine,
    quick: report.quick,
    runs: report.runs.map((r) => ({
      workload: r.measurement.workload,
      suite: r.measurement.suite,
      mode: r.measurement.mode,
      workers: r.measurement.workers,
      size: r.measurement.size,
      states: r.measurement.states,
      iterations: r.measurement.iterations,
      statesPerSecond: Math.round(r.measurement.statesPerSecond),
      medianMs: Math.round(r.measurement.medianMs * 1000) / 1000,
      minMs: Math.round(r.measurement.minMs * 1000) / 1000,
      maxMs: Math.round(r.measurement.maxMs * 1000) / 1000,
      spread: Math.round(r.measurement.spread * 10000) / 10000,
      checksum: r.measurement.checksum,
      vsPlain: round(r.vsPlain),
      vsPrevious: round(r.vsPrevious),
      vsBest: round(r.vsBest),
      previous: brief(r.previous),
      best: brief(r.best),
    })),
    scaling: report.scaling.map((s) => {
      const one = s.byWorkers.find((w) => w.workers === 1)?.statesPerSecond;
      return {
        workload: s.workload,
        plain: Math.round(s.plain),
        workers: s.byWorkers.map((w) => ({
          workers: w.workers,
          statesPerSecond: Math.round(w.statesPerSecond),
          speedup: one ? round(w.statesPerSecond / one) : null,
          vsPlain: s.plain > 0 ? round(w.statesPerSecond / s.plain) : null,
        })),
      };
    }),
    warnings: report.warnings,
    failures: report.failures,
  };
}

export function historyJson(runs: readonly BenchRun[]): object {
  return { runs: runs.map(({ id, ...rest }) => ({ id, ...rest, statesPerSecond: Math.round(rest.statesPerSecond) })) };
}

const SHOWN_PER_GROUP = 10;

/**
 * The trend per configuration (workload, run, size, CPU model): the latest runs with their
 * ratio to the run before and a bar against the best, then the best run itself.
 */
export function historyText(runs: readonly BenchRun[], workload: string | undefined): string {
  if (runs.length === 0) {
    return workload
      ? `no recorded runs of ${workload}; run: grundy bench --workload ${workload}`
      : 'no benchmark runs recorded yet; run: grundy bench --quick';
  }
  const groups = new Map<string, BenchRun[]>();
  for (const r of runs) {
    const key =
      `${r.workload}  ${modeLabel(r.mode, r.workers)}  N = ` +
      `${fmtInt(r.size)}${r.quick ? ' (quick)' : ''}  on ${r.cpuModel}`;
    const list = groups.get(key) ?? [];
    list.push(r);
    groups.set(key, list);
  }
  const out: string[] = [];
  for (const [key, list] of groups) {
    const best = list.reduce((a, b) => (b.statesPerSecond > a.statesPerSecond ? b : a));
    const shown = list.slice(-SHOWN_PER_GROUP);
    const rows = shown.map((r) => {
      const i = list.indexOf(r);
      const before = i > 0 ? list[i - 1] : undefined;
      const filled = best.statesPerSecond > 0 ? Math.round((r.statesPerSecond / best.statesPerSecond) * 20) : 0;
      return [
        r.recordedAt.slice(0, 19).replace('T', ' '),
        r.gitCommit ?? '-',
        fmtRate(r.statesPerSecond),
        before ? fmtRatio(r.statesPerSecond / before.statesPerSecond) : '-',
        pct(r.spread),
        r.checksum,
        `${'#'.repeat(filled)}${'.'.repeat(20 - filled)}${r === best ? ' best' : ''}`,
      ];
    });
    out.push(key);
    if (list.length > shown.length) out.push(`  (${list.length - shown.length} older runs; --json lists them all)`);
    out.push(
      table(
        ['  recorded (UTC)', 'commit', 'states/s', 'vs prev', 'spread', 'checksum', 'vs best'],
        rows.map((r) => [`  ${r[0]}`, ...r.slice(1)]),
        'llrrrrl',
      ),
    );
    out.push(
      `  best: ${fmtRate(best.statesPerSecond)} states/s on ` +
        `${best.recordedAt.slice(0, 10)}${best.gitCommit ? ` (commit ${best.gitCommit})` : ''}`,
      '',
    );
  }
  return out.join('\n').trimEnd();
}

export function workloadsText(workloads: readonly Workload[]): string {
  return table(
    ['suite', 'workload', 'N (full)', 'N (quick)', 'runs', 'description'],
    workloads.map((w) => [
      w.suite,
      w.name,
      fmtInt(w.size.full),
      fmtInt(w.size.quick),
      w.pooled ? (w.scaling ? 'plain + pool 1..cores' : `plain + pool ${(w.workers ?? [1]).join(',')}w`) : 'plain',
      w.description,
    ]),
    'llrrll',
  );
}
