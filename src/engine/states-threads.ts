import { GrundyError } from '../errors.js';
import type { StatesRules } from '../rules/types.js';
import { currentStateBuffer, readCurrentState } from '../states/current.js';
import { MODULE_LABEL, shortState } from '../states/expand.js';
import type { Expanded, ExpandOutcome, ExpandTask, StatesThreads } from '../states/protocol.js';
import { Heartbeat, LOADING } from '../kernels/heartbeat.js';
import type { EnginePool } from './tasks.js';
import { formatMs, StalledTaskError, WorkerDeathError } from './task-errors.js';

/** The pool's threads as a states module's explorer uses them (states/explore.ts). */
export function statesThreads(pool: EnginePool): StatesThreads {
  return {
    threads: pool.threads,
    expand: (rules, states, budget) => expand(pool, rules, states, budget),
  };
}

/**
 * One expansion task on the pool, under the --module-timeout of custom modules: the heartbeat
 * says which state the worker is at, so a stall or a dead thread is reported by its state.
 */
async function expand(
  pool: EnginePool,
  rules: StatesRules,
  states: readonly string[] | null,
  budget = 0,
): Promise<Expanded> {
  const heartbeat = new Heartbeat();
  const current = currentStateBuffer();
  const task: ExpandTask = {
    kind: 'expand',
    path: rules.path,
    states,
    budget,
    heartbeat: heartbeat.buffer,
    current,
  };
  const code = `${MODULE_LABEL} ${rules.path}`;
  const at = (position: number): string =>
    position === LOADING || states === null ? 'the starts' : `moves(${shortState(readCurrentState(current))})`;
  const limit = formatMs(pool.moduleTimeoutMs);
  let out: ExpandOutcome;
  try {
    out = await pool.runOn('states', task, undefined, `${code}`, {
      heartbeat,
      timeoutMs: pool.moduleTimeoutMs,
      name: code,
      describe: (position) =>
        position === LOADING
          ? `${code} did not finish loading within the --module-timeout of ${limit}`
          : `${code}: ${at(position)} ran longer than the --module-timeout of ${limit} and was stopped`,
    });
  } catch (err) {
    if (err instanceof StalledTaskError) throw err;
    if (err instanceof WorkerDeathError) {
      // The pool's message speaks of options(n); here the position is a state.
      const reason = err.message.match(/; then (.*)\)$/)?.[1] ?? err.message;
      throw new GrundyError(
        `${code}: ${at(err.position)} killed its worker thread twice, the second on a fresh one (${reason})`,
        5,
      );
    }
    throw err;
  }
  if (out.kind === 'error') throw new GrundyError(out.message, out.exitCode);
  return { ...out, requested: states ?? [] };
}
