import { InterruptedError, NotComputedError, UsageError } from '../errors.js';
import { heapFamily, parseRules, proofCriterion } from '../games/registry.js';
import { QuotientAnswerer, type QuotientMove } from '../misere/quotient-answer.js';
import { heapMapPeriod, type HeapMapPeriod, type MoveBound, proofHeap } from '../misere/quotient-period.js';
import { type HeapOptions, type Quotient, QuotientBuilder, QuotientLimitError } from '../misere/quotient.js';
import { elementNames, formatPresentation, formatWord, presentation } from '../misere/presentation.js';
import type { Rules } from '../rules/types.js';
import { locateStore } from '../store/location.js';
import { loadQuotient, saveQuotient, type StoredQuotient } from '../store/quotients.js';
import { Store } from '../store/store.js';
import { quoteSpec } from './game.js';

export type { HeapMapPeriod, QuotientMove };

/** Heaps a quotient covers unless asked: enough to prove the period of most small codes. */
export const DEFAULT_QUOTIENT_HEAPS = 40;
const MAX_QUOTIENT_HEAPS = 10_000;

export interface QuotientOptions {
  /** The store file (default: as the CLI finds it). */
  readonly db?: string;
  /** The closure of heaps 1..heaps (default 40); the computation stops sooner at a proven period. */
  readonly heaps?: number;
  /** Stop when the quotient has more elements than this (default 2000). */
  readonly maxOrder?: number;
  /** Stop when checking a quotient queues more states of sums than this (default 2,000,000). */
  readonly maxStates?: number;
  /** Stop between heaps; the heaps done are stored, then InterruptedError is thrown. */
  readonly signal?: AbortSignal;
  /** Called after each heap with the order of the quotient so far. */
  readonly onHeap?: (heap: number, order: number) => void;
}

/** A quotient as people read it: its presentation, P-portion, heap map and what it proves. */
export interface QuotientSummary {
  readonly game: string;
  /** The quotient is that of the sums of heaps 1..heaps. */
  readonly heaps: number;
  readonly order: number;
  /** The P-portion, each element by its normal form. */
  readonly pPortion: readonly string[];
  /** '<a, b | a^2 = 1, b^3 = b>'. */
  readonly presentation: string;
  readonly generators: readonly { readonly name: string; readonly heap: number }[];
  readonly relations: readonly string[];
  /** Every element by its normal form, in the stored order (element 0 is '1'). */
  readonly elements: readonly string[];
  /** The element of heaps 1..heaps, by normal form. */
  readonly heapMap: readonly string[];
  /** The period of the heap map; proven: the quotient is that of every heap. */
  readonly period: HeapMapPeriod | null;
  /** The heap a proof of the period seen needs (h(e + p) + k), when the game bounds its moves. */
  readonly proofHeap: number | null;
  /** The heaps at which the order changed, with the new order. */
  readonly changes: readonly { readonly heap: number; readonly order: number }[];
  /** Why the computation stopped before the heaps asked for, or null. */
  readonly stopped: string | null;
  readonly elapsedMs: number;
}

/** The misère outcome of a sum of heaps, from a stored quotient. */
export interface MisereSumAnswer {
  readonly game: string;
  readonly heaps: readonly number[];
  /** The class of the sum, by its normal form. */
  readonly element: string;
  readonly outcome: 'P' | 'N';
  /** From an N-position, a move to a P-position: which heap, and the heaps it becomes. */
  readonly move: QuotientMove | null;
  /** 'quotient': every heap is in the stored heaps; 'period': some heap was answered by the proven period. */
  readonly source: 'quotient' | 'period';
}

interface QuotientGame {
  readonly rules: Rules;
  readonly options: HeapOptions;
  readonly bound: MoveBound | null;
}

/** The rules of a game whose quotient can be computed: take-and-break codes and finite subtraction sets. */
export function quotientGame(spec: string): QuotientGame {
  const rules = parseRules(spec);
  const family = heapFamily(rules);
  if (!family || (rules.family !== 'octal' && rules.family !== 'sub')) {
    throw new UsageError(
      `misère quotients are computed for take-and-break codes and finite subtraction sets, not ${rules.key}; ` +
        'try e.g. grundy quotient octal:0.75',
    );
  }
  const criterion = proofCriterion(rules);
  const bound =
    criterion?.kind === 'take-break'
      ? { k: criterion.k, h: criterion.h }
      : criterion?.kind === 'window'
        ? { k: criterion.k, h: 1 }
        : null;
  return { rules, options: (n) => family.options(rules, n), bound };
}

/**
 * Compute the misère quotient of heaps 1..heaps of a game, growing a stored one, and store it in
 * one transaction: a failed or interrupted run leaves the store as it was, or with the quotient
 * of the heaps finished. Stops early at a proven period (then it is the quotient of every heap)
 * or at a limit (the quotient of the heaps before it is stored, with the reason).
 */
export async function computeQuotient(spec: string, options: QuotientOptions = {}): Promise<QuotientSummary> {
  const game = quotientGame(spec);
  const heaps = options.heaps ?? DEFAULT_QUOTIENT_HEAPS;
  if (!Number.isSafeInteger(heaps) || heaps < 1 || heaps > MAX_QUOTIENT_HEAPS) {
    throw new UsageError(`heaps ${heaps} must be an integer in [1, ${MAX_QUOTIENT_HEAPS}]`);
  }
  const store = Store.openForWrite(locateStore(options.db).path);
  try {
    const row = store.getGame(game.rules.key);
    const stored = row ? loadQuotient(store, row) : undefined;
    if (stored && (stored.quotient.heaps >= heaps || stored.period?.proven)) return summarize(game, stored);
    const started = performance.now();
    const limits = {
      ...(options.maxOrder !== undefined ? { maxOrder: options.maxOrder } : {}),
      ...(options.maxStates !== undefined ? { maxStates: options.maxStates } : {}),
    };
    const builder = new QuotientBuilder(game.options, limits, stored?.quotient);
    const orders = [...(stored?.orders ?? [])];
    let q: Quotient | undefined = stored?.quotient;
    let period: HeapMapPeriod | null = stored?.period ?? null;
    let stopped: string | null = null;
    let interrupted = false;
    while (builder.heaps < heaps) {
      if (options.signal?.aborted) {
        interrupted = true;
        break;
      }
      try {
        q = builder.next();
      } catch (err) {
        if (!(err instanceof QuotientLimitError)) throw err;
        stopped = `stopped at heap ${err.heap}: ${err.reason}`;
        break;
      }
      orders.push(q.order);
      options.onHeap?.(q.heaps, q.order);
      period = heapMapPeriod(q.phi, game.bound);
      if (period?.proven) break;
      // Let a signal handler run between heaps.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (interrupted) stopped = `interrupted after heap ${q?.heaps ?? 0}`;
    if (q === undefined) {
      throw new QuotientLimitFailure(game.rules.key, stopped ?? 'no heap was finished');
    }
    const elapsedMs = (stored?.elapsedMs ?? 0) + (performance.now() - started);
    const result = { quotient: q, period, stopped, orders, elapsedMs };
    store.transaction(() => saveQuotient(store, store.ensureGame(game.rules), result));
    if (interrupted) {
      throw new InterruptedError(
        `interrupted; the quotient of heaps 1..${q.heaps} is stored; resume: ` +
          quotientCommand(spec, heaps, options.db),
      );
    }
    return summarize(game, result);
  } finally {
    store.close();
  }
}

/** Not even heap 1 could be finished within the limits. */
class QuotientLimitFailure extends UsageError {
  constructor(key: string, reason: string) {
    super(`no quotient of ${key}: ${reason}; raise the limit (--max-order) or choose another game`);
  }
}

/** The stored quotient of a game, or NotComputedError naming the command that computes it. */
export function readQuotient(spec: string, options: { readonly db?: string } = {}): QuotientSummary {
  const game = quotientGame(spec);
  return withStoredQuotient(spec, game, options, (stored) => summarize(game, stored));
}

/** The stored quotient of a stored game (by its key), or undefined when none is stored (what `show` prints). */
export function findQuotient(key: string, options: { readonly db?: string } = {}): QuotientSummary | undefined {
  const store = Store.openForRead(locateStore(options.db).path);
  try {
    return store ? storedQuotientSummary(store, key) : undefined;
  } finally {
    store?.close();
  }
}

/** A stored quotient opened once to answer many sums (what `eval --misere` should hold). */
export interface MisereQuotientReader {
  readonly game: string;
  readonly summary: QuotientSummary;
  /** The misère outcome of a sum of heaps (a multiset; 0 heaps are ignored) and a winning move. */
  answer(heaps: readonly number[]): MisereSumAnswer;
}

/** Open a game's stored quotient for answering sums; NotComputedError when none is stored. */
export function openQuotient(spec: string, options: { readonly db?: string } = {}): MisereQuotientReader {
  const game = quotientGame(spec);
  return withStoredQuotient(spec, game, options, (stored) => {
    const summary = summarize(game, stored);
    const q = stored.quotient;
    const answerer = new QuotientAnswerer(q, game.options, stored.period, game.bound);
    const names = summary.elements;
    return {
      game: game.rules.key,
      summary,
      answer(heaps: readonly number[]): MisereSumAnswer {
        let beyond = false;
        for (const n of heaps) {
          if (!Number.isSafeInteger(n) || n < 0) throw new UsageError(`heap ${n} must be a whole number in [0, 2^53)`);
          if (n <= q.heaps) continue;
          if (answerer.standIn(n) < 0) {
            throw new NotComputedError(
              `heap ${n} is beyond the stored quotient of ${game.rules.key} (heaps 1..${q.heaps}, no proven ` +
                `period); run: ${quotientCommand(spec, n, options.db)}`,
            );
          }
          beyond = true;
        }
        const sum = heaps.filter((n) => n > 0);
        const a = answerer.answer(sum);
        return {
          game: game.rules.key,
          heaps: sum,
          element: names[a.element]!,
          outcome: a.outcome,
          move: a.move,
          source: beyond ? 'period' : 'quotient',
        };
      },
    };
  });
}

/** The misère outcome of one sum of heaps from the stored quotient (opens and closes the store). */
export function evaluateMisereSum(
  spec: string,
  heaps: readonly number[],
  options: { readonly db?: string } = {},
): MisereSumAnswer {
  return openQuotient(spec, options).answer(heaps);
}

/** The `grundy quotient` command that stores what is missing, into the store `db` when the caller named one. */
function quotientCommand(spec: string, heaps: number | undefined, db: string | undefined): string {
  return (
    `grundy quotient ${quoteSpec(spec)}` +
    (heaps !== undefined ? ` --heaps ${heaps}` : '') +
    (db !== undefined ? ` --db ${quoteSpec(db)}` : '')
  );
}

function withStoredQuotient<T>(
  spec: string,
  game: QuotientGame,
  options: { readonly db?: string },
  use: (stored: StoredQuotient) => T,
): T {
  const store = Store.openForRead(locateStore(options.db).path);
  try {
    const row = store?.getGame(game.rules.key);
    const stored = store && row ? loadQuotient(store, row) : undefined;
    if (!stored) {
      throw new NotComputedError(
        `no misère quotient of ${game.rules.key} is stored; run: ${quotientCommand(spec, undefined, options.db)}`,
      );
    }
    return use(stored);
  } finally {
    store?.close();
  }
}

/** The stored quotient of a game row, as a summary, for `show` (undefined when none). */
export function storedQuotientSummary(store: Store, key: string): QuotientSummary | undefined {
  const row = store.getGame(key);
  if (!row) return undefined;
  const stored = loadQuotient(store, row);
  if (!stored) return undefined;
  let game: QuotientGame;
  try {
    game = quotientGame(key);
  } catch {
    return undefined;
  }
  return summarize(game, stored);
}

function summarize(game: QuotientGame, stored: Omit<StoredQuotient, 'updatedAt'>): QuotientSummary {
  const q = stored.quotient;
  const pres = presentation(q);
  const names = elementNames(pres);
  const letters = pres.generators.map((g) => g.name);
  const changes: { heap: number; order: number }[] = [];
  stored.orders.forEach((order, i) => {
    if (i === 0 || order !== stored.orders[i - 1]) changes.push({ heap: i + 1, order });
  });
  const period = stored.period;
  return {
    game: game.rules.key,
    heaps: q.heaps,
    order: q.order,
    pPortion: names.filter((_, i) => q.isP[i] === 1),
    presentation: formatPresentation(pres),
    generators: pres.generators.map((g) => ({ name: g.name, heap: g.heap })),
    relations: pres.relations.map((r) => `${formatWord(r.left, letters)} = ${formatWord(r.right, letters)}`),
    elements: names,
    heapMap: Array.from(q.phi.subarray(1), (e) => names[e]!),
    period,
    proofHeap: period && game.bound ? proofHeap(game.bound, period.preperiod, period.period) : null,
    changes,
    stopped: stored.stopped,
    elapsedMs: stored.elapsedMs,
  };
}
