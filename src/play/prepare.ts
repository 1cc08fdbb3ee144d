import { computeGame } from '../engine/coordinator.js';
import { WorkerPool } from '../engine/pool.js';
import type { EnginePool, EngineTasks } from '../engine/tasks.js';
import { GrundyError, UsageError } from '../errors.js';
import { notComputed } from './not-computed.js';
import { plainValues, sharedValues, type Values } from '../kernels/values.js';
import type { Periodicity } from '../period/detect.js';
import { loadCode, parseRules, kindOf, proofCriterion, closedFormOf } from '../games/registry.js';
import { knownResult } from '../games/known.js';
import type { Rules } from '../rules/types.js';
import { Store } from '../store/store.js';
import type { ResolvedComponent } from './evaluate.js';
import { GameValues } from './game-values.js';
import type { PositionComponent } from './position.js';
import { boardComponentRules, resolveBoardComponent } from './board-values.js';

/** Heaps up to this size are computed on the fly when their table is missing (issue 4). */
export const ON_THE_FLY_LIMIT = 1_000_000;
const ON_THE_FLY_LIMIT_N = BigInt(ON_THE_FLY_LIMIT);

/** One game's values, ready for GameValues: the loaded prefix and its proven certificate. */
export interface PreparedGame {
  readonly rules: Rules;
  readonly table: Values;
  readonly cert: Periodicity | null;
  /** The spec that asked for the most, for the fix command of a heap beyond the table. */
  readonly spec: string;
}

export interface GameRequest {
  /** The spec as written (for messages and the fix command). */
  readonly spec: string;
  /** The largest heap the caller will ask about. */
  readonly maxHeap: bigint;
  /**
   * The largest heap worth computing on the fly (default: maxHeap when it is <= 1e6). A batch
   * passes its largest small heap, so lines with small heaps succeed while huge ones fail alone.
   */
  readonly computeTo?: bigint;
}

export interface PrepareOptions {
  readonly dbPath: string;
  readonly workers: number;
  /** Load into SharedArrayBuffers, for worker threads. */
  readonly shared?: boolean;
  /** Load every stored value (batch: any heap of a line may need the whole prefix for its moves). */
  readonly wholeTable?: boolean;
  /** False: never compute on the fly (a read-only caller such as grundy serve). Default true. */
  readonly computeMissing?: boolean;
  /** Told about each on-the-fly computation before it starts: at most `to` values, or fewer until proven. */
  readonly onCompute?: (key: string, to: number, untilProven?: boolean) => void;
}

/**
 * Resolve game specs and make sure their values are available: read from the store; compute a
 * missing table on the fly when the largest heap is <= 1e6 (and store it), only until its period
 * is proven where the family has a proof (for any heap, trying up to 1e6); otherwise a
 * NotComputedError naming the `grundy compute` command that fixes it. Specs that fail are
 * returned as errors, so a batch can report them per line.
 */
export async function prepareGames(
  requests: readonly GameRequest[],
  opts: PrepareOptions,
): Promise<Map<string, PreparedGame | GrundyError>> {
  const out = new Map<string, PreparedGame | GrundyError>();
  const byKey = new Map<string, { rules: Rules; spec: string; maxHeap: bigint; computeTo: bigint; specs: string[] }>();
  for (const req of requests) {
    let rules: Rules;
    try {
      rules = parseRules(req.spec);
    } catch (err) {
      if (err instanceof GrundyError) {
        out.set(req.spec, err);
        continue;
      }
      throw err;
    }
    if (kindOf(rules) !== 'heap') {
      // Heap-indexed evaluation (batches, counts) cannot carry infinite values or vertex names.
      const how = `evaluate its tokens one position at a time (grundy eval '${req.spec}@v')`;
      out.set(req.spec, new UsageError(`${rules.key} is a game graph: ${how}`));
      continue;
    }
    const computeTo = req.computeTo ?? (req.maxHeap <= BigInt(ON_THE_FLY_LIMIT) ? req.maxHeap : -1n);
    const entry = byKey.get(rules.key);
    if (entry) {
      entry.specs.push(req.spec);
      if (req.maxHeap > entry.maxHeap) {
        entry.maxHeap = req.maxHeap;
        entry.spec = req.spec;
      }
      if (computeTo > entry.computeTo) entry.computeTo = computeTo;
    } else {
      byKey.set(rules.key, { rules, spec: req.spec, maxHeap: req.maxHeap, computeTo, specs: [req.spec] });
    }
  }
  const alloc = (length: number, width: 8 | 16 | 32): Values =>
    opts.shared ? sharedValues(width, length) : plainValues(width, length);

  let store: Store | null = null;
  let pool: EnginePool | null = null;
  try {
    store = Store.openForRead(opts.dbPath);
    for (const { rules, spec, maxHeap, computeTo, specs } of byKey.values()) {
      let result: PreparedGame | GrundyError;
      if (closedFormOf(rules)) {
        result = { rules, table: alloc(0, 8), cert: null, spec };
      } else {
        let game = store?.getGame(rules.key);
        let cert = game && store ? (store.getCertificate(game) ?? null) : null;
        const covers = (n: bigint): boolean =>
          cert?.proven === true || (game !== undefined && n < BigInt(game.computed));
        // Where the family can prove its period, compute only until the proof (then the certificate
        // answers any heap), at most as far as the table would go, or to the on-the-fly limit for a heap
        // beyond it; with no proof by then, the table answers what it covers.
        const provable = proofCriterion(rules) !== null && knownResult(rules.key)?.status !== 'open';
        const proofTo = provable ? Number(maxHeap < ON_THE_FLY_LIMIT_N ? maxHeap : ON_THE_FLY_LIMIT_N) + 1 : 0;
        const untilProven = provable && !covers(maxHeap) && (game?.computed ?? 0) < proofTo;
        if (opts.computeMissing !== false && (untilProven || (!covers(computeTo) && computeTo >= 0n))) {
          // A small missing table: compute and store it now (a writer replaces the reader).
          if (!store || store.readonly) {
            store?.close();
            store = Store.openForWrite(opts.dbPath);
          }
          pool ??= new WorkerPool<EngineTasks>(opts.workers);
          const to = untilProven ? Math.max(proofTo, Number(computeTo) + 1) : Number(computeTo) + 1;
          opts.onCompute?.(rules.key, to, untilProven);
          await computeGame({ rules, store, pool, to, untilProven });
          game = store.getGame(rules.key);
          cert = game ? (store.getCertificate(game) ?? null) : null;
        }
        if (!game || !store) {
          result = { rules, table: alloc(0, 8), cert: null, spec };
        } else {
          const span = cert?.proven ? cert.preperiod + cert.period : 0;
          const wanted = opts.wholeTable
            ? game.computed
            : Math.max(span, maxHeap < BigInt(game.computed) ? Number(maxHeap) + 1 : game.computed);
          const length = Math.min(game.computed, wanted);
          const table = alloc(length, game.width);
          if (length > 0) table.set(store.readValues(game, 0, length));
          result = { rules, table, cert: cert?.proven ? cert : null, spec };
        }
      }
      for (const s of specs) out.set(s, result);
    }
  } finally {
    store?.close();
    await pool?.destroy();
  }
  return out;
}

/** Resolve every component of one position (the first failure is thrown). */
export async function resolvePosition(
  components: readonly PositionComponent[],
  opts: PrepareOptions & { readonly needOptions: boolean },
): Promise<ResolvedComponent[]> {
  const maxBySpec = new Map<string, bigint>();
  const boards = new Map(components.map((c) => [c.spec, boardComponentRules(c.spec)] as const));
  for (const c of components) {
    if (boards.get(c.spec)) continue;
    const top = c.heaps.reduce((a, b) => (b > a ? b : a), 0n);
    const before = maxBySpec.get(c.spec);
    maxBySpec.set(c.spec, before !== undefined && before > top ? before : top);
  }
  const prepared = await prepareGames(
    [...maxBySpec].map(([spec, maxHeap]) => ({ spec, maxHeap })),
    opts,
  );
  const resolved: ResolvedComponent[] = [];
  for (const c of components) {
    const board = boards.get(c.spec);
    if (board) {
      resolved.push(await resolveBoardComponent(c, board, opts));
      continue;
    }
    const p = prepared.get(c.spec)!;
    if (p instanceof GrundyError) throw p;
    const game = new GameValues(p.rules, p.table, p.cert);
    for (const h of c.heaps) if (!game.knows(h)) throw notComputed(p.rules, p.spec, h, game.length);
    const options = opts.needOptions ? await loadCode(p.rules) : undefined;
    resolved.push(options ? { spec: c.spec, game, heaps: c.heaps, options } : { spec: c.spec, game, heaps: c.heaps });
  }
  return resolved;
}
