import { randomUUID } from 'node:crypto';
import { InterruptedError, UsageError } from '../src/errors.js';
import type { BenchRun, BenchRunStore } from '../src/store/bench-runs.js';
import { measureAnchor } from './anchors.js';
import type { Machine } from './machine.js';
import { measure, planFor, sizeOf, type Measurement, type PlanItem, type RunOptions } from './runner.js';
import { suiteNames, WORKLOADS } from './suites/index.js';
import type { Workload } from './workload.js';

export interface SessionOptions extends RunOptions {
  readonly suites?: readonly string[];
  readonly workloads?: readonly string[];
  /** The folder of the built C reference programs, for the opt-in comparison. */
  readonly anchorsDir?: string;
  /** The workloads to choose from (default: the registry, bench/suites/index.ts). */
  readonly registry?: readonly Workload[];
}

/** A measurement with what it is compared against. Ratios are this run's figure over theirs. */
export interface RunReport {
  readonly measurement: Measurement;
  readonly recorded: BenchRun | undefined;
  readonly previous: BenchRun | undefined;
  readonly best: BenchRun | undefined;
  readonly vsPrevious: number | undefined;
  readonly vsBest: number | undefined;
  /** Pool runs (and anchors): their throughput over the plain baseline measured in this run. */
  readonly vsPlain: number | undefined;
}

export interface ScalingRow {
  readonly workload: string;
  readonly plain: number;
  /** Throughput by worker count, 1..cores (or the --workers list). */
  readonly byWorkers: readonly { readonly workers: number; readonly statesPerSecond: number }[];
}

export interface SessionReport {
  readonly session: string;
  readonly machine: Machine;
  readonly quick: boolean;
  readonly runs: readonly RunReport[];
  readonly scaling: readonly ScalingRow[];
  /** Checksum changes against history, disagreements with the C anchors. */
  readonly warnings: readonly string[];
  /** Wrong values: a checksum that differs from an independent source or between modes. */
  readonly failures: readonly string[];
}

export interface SessionEvents {
  /** Before each configuration (for the progress line). */
  onStart?(label: string, index: number, total: number): void;
}

/** The workloads named by --suite and --workload (all of them when neither is given). */
export function selectWorkloads(
  suites: readonly string[] | undefined,
  names: readonly string[] | undefined,
  registry: readonly Workload[] = WORKLOADS,
): Workload[] {
  const known = registry === WORKLOADS ? suiteNames() : [...new Set(registry.map((w) => w.suite))];
  for (const s of suites ?? []) {
    if (!known.includes(s)) throw new UsageError(`unknown suite '${s}'; the suites are: ${known.join(', ')}`);
  }
  for (const n of names ?? []) {
    if (!registry.some((w) => w.name === n)) {
      throw new UsageError(`unknown workload '${n}'; see grundy bench --list for the workloads`);
    }
  }
  const chosen = registry.filter(
    (w) => (suites === undefined || suites.includes(w.suite)) && (names === undefined || names.includes(w.name)),
  );
  if (chosen.length === 0)
    throw new UsageError('no workload matches both --suite and --workload; see grundy bench --list');
  return chosen;
}

const ratio = (a: number, b: number | undefined): number | undefined => (b !== undefined && b > 0 ? a / b : undefined);

/**
 * Run the selected workloads: each one's plain baseline, its pool runs, and (opt-in) its C
 * anchor; compare every figure with the store's history and record it there.
 */
export async function runSession(
  options: SessionOptions,
  machine: Machine,
  history: BenchRunStore | null,
  events: SessionEvents = {},
): Promise<SessionReport> {
  const session = randomUUID();
  const workloads = selectWorkloads(options.suites, options.workloads, options.registry);
  // The C anchors run last, so each is compared with its workload's plain figure of this run.
  const plan: (PlanItem | { workload: Workload; mode: 'anchor' })[] = planFor(workloads, options);
  if (options.anchorsDir) {
    for (const workload of workloads) if (workload.anchor) plan.push({ workload, mode: 'anchor' });
  }
  const runs: RunReport[] = [];
  const warnings: string[] = [];
  const failures: string[] = [];
  const plainBy = new Map<string, Measurement>();
  const checkedHistory = new Set<string>();

  for (let i = 0; i < plan.length; i++) {
    if (options.signal?.aborted)
      throw new InterruptedError(`interrupted: ${runs.length} of ${plan.length} figures were measured and recorded`);
    const item = plan[i]!;
    const { workload } = item;
    const size = sizeOf(workload, options);
    events.onStart?.(`${workload.name} ${item.mode === 'pool' ? `pool ${item.workers}w` : item.mode}`, i, plan.length);
    const m =
      item.mode === 'anchor'
        ? await measureAnchor(workload, size, options.anchorsDir!, options.quick ? 1 : 3)
        : await measure(item, options);
    if (!m) continue;
    if (options.signal?.aborted)
      throw new InterruptedError(`interrupted: ${runs.length} of ${plan.length} figures were measured and recorded`);

    const where =
      `${m.workload} ` +
      `(${m.mode}${m.mode === 'plain' ? '' : `, ${m.workers} worker${m.workers > 1 ? 's' : ''}`}, N = ${m.size})`;
    const expected = workload.expected?.[m.size];
    if (m.mode === 'plain') plainBy.set(m.workload, m);
    const plain = plainBy.get(m.workload);
    if (m.mode === 'anchor') {
      if (plain && plain.checksum !== m.checksum) {
        warnings.push(`${where}: the C anchor's checksum ${m.checksum} differs from ours ${plain.checksum}`);
      }
    } else if (expected !== undefined && expected !== m.checksum) {
      failures.push(
        `${where}: checksum ${m.checksum}, expected ${expected} (values from an independent program): the ` +
          `kernel computes wrong values`,
      );
    } else if (m.mode === 'pool' && plain && plain.checksum !== m.checksum) {
      failures.push(`${where}: checksum ${m.checksum} differs from the plain kernel's ${plain.checksum}`);
    }

    const run: BenchRun = {
      session,
      recordedAt: new Date().toISOString(),
      gitCommit: machine.gitCommit,
      nodeVersion: machine.nodeVersion,
      cpuModel: machine.cpuModel,
      cores: machine.cores,
      suite: m.suite,
      workload: m.workload,
      mode: m.mode,
      workers: m.workers,
      size: m.size,
      iterations: m.iterations,
      statesPerSecond: m.statesPerSecond,
      medianMs: m.medianMs,
      spread: m.spread,
      checksum: m.checksum,
      quick: options.quick,
    };
    let previous: BenchRun | undefined;
    let best: BenchRun | undefined;
    let recorded: BenchRun | undefined;
    if (history) {
      ({ previous, best } = history.comparable(run));
      const key = `${m.workload}@${m.size}`;
      if (m.mode !== 'anchor' && !checkedHistory.has(key)) {
        checkedHistory.add(key);
        const last = history.lastChecksum(m.workload, m.size, session);
        if (last && last.checksum !== m.checksum) {
          warnings.push(
            `checksum of ${m.workload} at N = ${m.size} changed: ${m.checksum} now, ${last.checksum} on ` +
              `${last.recordedAt.slice(0, 19)}` +
              `${last.gitCommit ? ` (commit ${last.gitCommit})` : ''}: the values computed are not the same as before`,
          );
        }
      }
      recorded = history.record(run);
    }
    runs.push({
      measurement: m,
      recorded,
      previous,
      best,
      vsPrevious: ratio(m.statesPerSecond, previous?.statesPerSecond),
      vsBest: ratio(m.statesPerSecond, best?.statesPerSecond),
      vsPlain: m.mode === 'plain' ? undefined : ratio(m.statesPerSecond, plain?.statesPerSecond),
    });
  }

  const scaling: ScalingRow[] = [];
  for (const workload of workloads.filter((w) => w.scaling && w.pooled)) {
    const mine = runs.filter((r) => r.measurement.workload === workload.name);
    const plain = mine.find((r) => r.measurement.mode === 'plain');
    const pooled = mine.filter((r) => r.measurement.mode === 'pool');
    if (!plain || pooled.length === 0) continue;
    scaling.push({
      workload: workload.name,
      plain: plain.measurement.statesPerSecond,
      byWorkers: pooled.map((r) => ({
        workers: r.measurement.workers,
        statesPerSecond: r.measurement.statesPerSecond,
      })),
    });
  }
  return { session, machine, quick: options.quick, runs, scaling, warnings, failures };
}
