import { statement } from './handle.js';
import type { Store } from './store.js';

/** One recorded benchmark figure (a row of bench_runs). */
export interface BenchRun {
  readonly id?: number;
  /** Runs recorded by one invocation of `grundy bench` share a session. */
  readonly session: string;
  readonly recordedAt: string;
  readonly gitCommit: string | null;
  readonly nodeVersion: string;
  readonly cpuModel: string;
  readonly cores: number;
  readonly suite: string;
  readonly workload: string;
  readonly mode: string;
  readonly workers: number;
  readonly size: number;
  readonly iterations: number;
  readonly statesPerSecond: number;
  readonly medianMs: number;
  readonly spread: number;
  readonly checksum: string;
  readonly quick: boolean;
}

interface Row {
  id: number;
  session: string;
  recorded_at: string;
  git_commit: string | null;
  node_version: string;
  cpu_model: string;
  cores: number;
  suite: string;
  workload: string;
  mode: string;
  workers: number;
  size: number;
  iterations: number;
  states_per_second: number;
  median_ms: number;
  spread: number;
  checksum: string;
  quick: number;
}

function toRun(r: Row): BenchRun {
  return {
    id: r.id,
    session: r.session,
    recordedAt: r.recorded_at,
    gitCommit: r.git_commit,
    nodeVersion: r.node_version,
    cpuModel: r.cpu_model,
    cores: r.cores,
    suite: r.suite,
    workload: r.workload,
    mode: r.mode,
    workers: r.workers,
    size: r.size,
    iterations: r.iterations,
    statesPerSecond: r.states_per_second,
    medianMs: r.median_ms,
    spread: r.spread,
    checksum: r.checksum,
    quick: r.quick === 1,
  };
}

/**
 * Figures are comparable when the same configuration (workload, mode, workers, size, quick)
 * ran on the same CPU model; other sessions only, so a run is never compared with itself.
 */
const COMPARABLE =
  `workload = ? AND mode = ? AND workers = ? AND size = ? AND quick = ? AND cpu_model = ? ` + `AND session <> ?`;

/** The benchmark history in the store (migration "bench_runs"). Main thread only, like Store. */
export class BenchRunStore {
  constructor(private readonly store: Store) {}

  record(run: BenchRun): BenchRun {
    const info = statement(
      this.store,
      `INSERT INTO bench_runs (session, recorded_at, git_commit, node_version, cpu_model, cores,
          suite, workload, mode,
           workers, size, iterations, states_per_second, median_ms, spread, checksum, quick)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      run.session,
      run.recordedAt,
      run.gitCommit,
      run.nodeVersion,
      run.cpuModel,
      run.cores,
      run.suite,
      run.workload,
      run.mode,
      run.workers,
      run.size,
      run.iterations,
      run.statesPerSecond,
      run.medianMs,
      run.spread,
      run.checksum,
      run.quick ? 1 : 0,
    );
    return { ...run, id: Number(info.lastInsertRowid) };
  }

  /** The latest and the fastest earlier run of the same configuration on the same CPU model. */
  comparable(run: BenchRun): { previous: BenchRun | undefined; best: BenchRun | undefined } {
    const args = [run.workload, run.mode, run.workers, run.size, run.quick ? 1 : 0, run.cpuModel, run.session];
    const previous = statement(this.store, `SELECT * FROM bench_runs WHERE ${COMPARABLE} ORDER BY id DESC LIMIT 1`).get(
      ...args,
    ) as Row | undefined;
    const best = statement(
      this.store,
      `SELECT * FROM bench_runs WHERE ${COMPARABLE} ORDER BY states_per_second DESC, id LIMIT 1`,
    ).get(...args) as Row | undefined;
    return { previous: previous && toRun(previous), best: best && toRun(best) };
  }

  /**
   * The latest run of another session that computed the same workload at the same size (any
   * machine, any mode but the C anchors): its checksum must equal this one's.
   */
  lastChecksum(workload: string, size: number, session: string): BenchRun | undefined {
    const row = statement(
      this.store,
      `SELECT * FROM bench_runs WHERE workload = ? AND size = ? AND mode <> 'anchor' AND session <> ? ` +
        `ORDER BY id DESC LIMIT 1`,
    ).get(workload, size, session) as Row | undefined;
    return row && toRun(row);
  }

  /** Every recorded run, oldest first; of one workload when named. */
  list(workload?: string): BenchRun[] {
    const rows =
      workload === undefined
        ? (statement(this.store, 'SELECT * FROM bench_runs ORDER BY id').all() as Row[])
        : (statement(this.store, 'SELECT * FROM bench_runs WHERE workload = ? ORDER BY id').all(workload) as Row[]);
    return rows.map(toRun);
  }
}
