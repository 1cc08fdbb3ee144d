import { exported, importUserModule } from '../games/custom-module.js';
import { Heartbeat, LOADING } from '../kernels/heartbeat.js';
import { ComputeError, UsageError } from '../errors.js';
import { describe } from '../kernels/custom.js';
import { canonicalJson } from './canonical.js';
import { writeCurrentState } from './current.js';
import type { ExpandOutcome, ExpandTask } from './protocol.js';

/** A states module, loaded: its starts and moves(state). */
export interface StatesModule {
  readonly starts: readonly unknown[];
  readonly moves: (state: unknown) => unknown;
}

export const MODULE_LABEL = 'states module';

/**
 * `start` is one state; `starts` a list of them. A single export cannot be both: an array is a
 * state too ([3, 4]), so a list needs its own name.
 */
export async function loadStatesModule(path: string): Promise<StatesModule> {
  const mod = await importUserModule(path, MODULE_LABEL);
  const moves = exported(mod, 'moves');
  if (typeof moves !== 'function') {
    throw new UsageError(
      `${MODULE_LABEL} ${path} must export a function moves(state) returning the states one move away`,
    );
  }
  const start = exported(mod, 'start');
  const starts = exported(mod, 'starts');
  if ((start === undefined) === (starts === undefined)) {
    throw new UsageError(`${MODULE_LABEL} ${path} must export either start (one state) or starts (a list of states)`);
  }
  if (starts !== undefined && !Array.isArray(starts)) {
    throw new UsageError(`${MODULE_LABEL} ${path}: starts is ${describe(starts)}, not a list of states`);
  }
  return { starts: starts !== undefined ? (starts as unknown[]) : [start], moves: moves as (s: unknown) => unknown };
}

/** Modules loaded by this thread, by path (a task's module is imported once per worker). */
const loaded = new Map<string, Promise<StatesModule>>();

/** Worker side: the options of each state of the task, or the error naming the state. */
export async function expandStates(task: ExpandTask): Promise<ExpandOutcome> {
  const heartbeat = task.heartbeat ? new Heartbeat(task.heartbeat) : null;
  heartbeat?.beat(LOADING);
  let mod = loaded.get(task.path);
  if (!mod) {
    mod = loadStatesModule(task.path);
    loaded.set(task.path, mod);
    mod.catch(() => loaded.delete(task.path));
  }
  const m = await mod;
  if (task.states === null) {
    const options = m.starts.map((s, i) => canonicalOr(s, `${MODULE_LABEL} ${task.path}: start state ${i + 1}`));
    return { kind: 'expanded', extra: [], options, counts: Int32Array.of(options.length) };
  }
  const current = task.current;
  const note = current ? (text: string) => writeCurrentState(current, text) : null;
  return expand(m, task.path, task.states, task.budget, heartbeat, note);
}

/**
 * The options of each state, canonical, then of the new states they lead to, breadth first, up
 * to `budget` states expanded in all; a throw or a non-JSON answer is an error naming the state.
 */
export function expand(
  m: StatesModule,
  path: string,
  states: readonly string[],
  budget: number,
  heartbeat: Heartbeat | null,
  note: ((text: string) => void) | null,
): ExpandOutcome & { kind: 'expanded' } {
  const options: string[] = [];
  const order: string[] = [...states];
  const seen = budget > states.length ? new Set(states) : null;
  const counts: number[] = [];
  for (let i = 0; i < order.length; i++) {
    const text = order[i]!;
    heartbeat?.beat(i);
    note?.(text);
    const where = `${MODULE_LABEL} ${path}: moves(${shortState(text)})`;
    let produced: unknown;
    try {
      produced = m.moves(JSON.parse(text) as unknown);
    } catch (err) {
      throw new ComputeError(`${where} threw: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (produced === null || typeof produced !== 'object' || !(Symbol.iterator in produced)) {
      throw new ComputeError(`${where} returned ${describe(produced)}, not a list of states`);
    }
    const before = options.length;
    for (const option of produced as Iterable<unknown>) {
      const o = canonicalOr(option, `${where} gave`);
      options.push(o);
      if (seen && !seen.has(o) && order.length < budget) {
        seen.add(o);
        order.push(o);
      }
    }
    counts.push(options.length - before);
  }
  return { kind: 'expanded', extra: order.slice(states.length), options, counts: Int32Array.from(counts) };
}

function canonicalOr(state: unknown, where: string): string {
  const text = canonicalJson(state);
  if (text === null)
    throw new ComputeError(`${where} ${describe(state)}, not a JSON value (numbers, strings, arrays, objects)`);
  return text;
}

/** A state for a message: its canonical JSON, cut short when long. */
export function shortState(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}
