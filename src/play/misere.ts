import { GrundyError, UsageError } from '../errors.js';
import { closedFormOf, kindOf, tableFamily } from '../games/registry.js';
import { misereNimOutcome, misereNimOutcomeOfValues, misereNimTarget, type RuleComponent } from '../misere/anti-nim.js';
import { solveLoopySum } from '../misere/retrograde.js';
import { combinedItems, DEFAULT_MISERE_BUDGET, MisereBudgetError, MisereSearch } from '../misere/search.js';
import type { MisereRow } from '../store/misere.js';
import { GameValues } from './game-values.js';
import { type MisereGame, misereGame } from './misere-games.js';
import type { MovesMode } from './evaluate.js';
import { findMoves } from './moves.js';
import { removeMove } from '../games/heap-moves.js';
import { type MoveIndex, moveIndex } from './misere-moves.js';
import { notComputed } from './not-computed.js';
import { parseHeap, type WrittenComponent } from './position.js';
import { prepareGames, type PrepareOptions } from './prepare.js';
import type { OptionsFunction } from '../kernels/kernel.js';
import type { Rules, TakeBreakRules } from '../rules/types.js';
import { loadCode } from '../games/registry.js';
import { fmtInt } from '../numbers.js';

/**
 * Misère evaluation of a sum (docs/misere.md): the outcome (P, N, or D where play can cycle) and
 * winning moves, by the first method that applies:
 *
 * 1. anti-nim / anti-sg: every component is a heap game that never splits a heap and whose heaps
 *    of normal value 0 (up to the largest in the sum) cannot move: misère Nim decides on the
 *    normal values (the SJ theorem);
 * 2. tame: every heap is stored tame (grundy compute --misere): misère Nim on (value, small);
 * 3. search: exact memoised search over canonical multisets, within a budget of positions;
 * 4. retrograde: with a game graph among the components, every reachable position is explored and
 *    labelled backwards (draws where play can go on forever).
 * Before all of these (api/misere.ts), quotient: every component a heap of one take-and-break game
 * whose misère quotient is stored (grundy quotient) and covers the heaps: the sum's class decides.
 */
export type MisereMethod = 'anti-nim' | 'anti-sg' | 'tame' | 'search' | 'retrograde' | 'quotient';

export interface MisereMove {
  /** 1-based component and position within it. */
  readonly component: number;
  readonly heap: number;
  readonly game: string;
  /** The position moved from, and what the move leaves in its place. */
  readonly from: bigint;
  readonly move: string;
  readonly leaves: readonly bigint[];
  /** What the opponent faces: P (a win for the mover) or D (a draw kept). */
  readonly outcomeAfter: 'P' | 'D';
  /** anti-nim / anti-sg: the normal values of the moved heap before and after. */
  readonly fromValue?: bigint;
  readonly toValue?: bigint;
}

export interface MisereEvaluation {
  readonly outcome: 'P' | 'N' | 'D';
  readonly method: MisereMethod;
  /** Normal-play values of every position, per component, where the method read them. */
  readonly values: readonly (readonly bigint[])[] | null;
  readonly moves: MisereMove[];
  readonly truncated: boolean;
  /** Positions the search or the retrograde analysis stored (0 for a rule). */
  readonly searched: number;
}

/** A component with its game resolved: positions as written and as numbers of its game. */
export interface MisereComponent {
  readonly spec: string;
  readonly game: MisereGame;
  readonly positions: readonly bigint[];
  /** Normal-play values (heap games). */
  readonly values?: GameValues;
  readonly loaded?: OptionsFunction;
  /** Stored misère rows of its heaps, when every one is stored. */
  readonly stored?: ReadonlyMap<number, MisereRow>;
  /** Heaps below this satisfy the Anti-SG condition (every heap of value 0 among them is terminal). */
  readonly antiSgBelow?: bigint;
  /** Winning moves under the Anti-SG rule by value (subtraction and all-but games). */
  readonly moveIndex?: MoveIndex | null;
}

export interface MisereOptions {
  readonly moves: MovesMode;
  readonly limit: number;
  /** Most positions a search may store (default 500,000). */
  readonly budget?: number;
  /** Searches kept across the lines of a batch, by list of games (see bySearch). */
  readonly searches?: Map<string, MisereSearch>;
}

/** Evaluate resolved components (see MisereMethod for the order of the methods). */
export function evaluateMisereSum(components: readonly MisereComponent[], opts: MisereOptions): MisereEvaluation {
  const heapsOnly = components.every((c) => c.game.kind === 'heap');
  const ruled = (c: MisereComponent) =>
    c.values !== undefined && c.positions.every((n) => c.antiSgBelow !== undefined && n < c.antiSgBelow);
  if (heapsOnly && components.every(ruled)) return byRule(components, opts);
  if (
    heapsOnly &&
    components.every((c) => c.stored !== undefined && c.positions.every((n) => c.stored!.get(Number(n))?.tame))
  )
    return byTameRule(components, opts);
  return bySearch(components, opts);
}

function byRule(components: readonly MisereComponent[], opts: MisereOptions): MisereEvaluation {
  const values = components.map((c) => c.positions.map((n) => c.values!.value(n)));
  const flat = values.flat();
  const outcome = misereNimOutcomeOfValues(flat);
  const method: MisereMethod = components.every((c) => c.game.rules.family === 'nim') ? 'anti-nim' : 'anti-sg';
  const moves: MisereMove[] = [];
  let truncated = false;
  if (outcome === 'N' && opts.moves !== 'none') {
    const room = opts.moves === 'one' ? 1 : opts.limit;
    // One move: the heap and value misère Nim names (below the heap's value, so the mex rule
    // guarantees an option); all moves: every heap and every value that makes the sum P.
    const one = opts.moves === 'one' ? misereNimTarget(flat) : null;
    let at = 0;
    outer: for (let ci = 0; ci < components.length; ci++) {
      const c = components[ci]!;
      for (let hi = 0; hi < c.positions.length; hi++, at++) {
        if (one && one.index !== at) continue;
        const n = c.positions[hi]!;
        const fast = !one
          ? null
          : c.game.rules.family === 'nim'
            ? removeMove(n - one.target, one.target, one.target)
            : c.moveIndex && n < BigInt(c.values!.length)
              ? c.moveIndex.find(Number(n), Number(one.target))
              : null;
        if (fast) {
          moves.push({
            component: ci + 1,
            heap: hi + 1,
            game: c.game.rules.key,
            from: n,
            move: fast.move,
            leaves: fast.leaves,
            outcomeAfter: 'P',
            fromValue: flat[at]!,
            toValue: one!.target,
          });
          break outer;
        }
        for (const target of one ? [one.target] : ruleTargets(flat, at)) {
          const found = findMoves(c.values!, c.positions[hi]!, target, {
            limit: room - moves.length,
            ...(c.loaded ? { options: c.loaded } : {}),
          });
          for (const m of found.moves) {
            moves.push({
              component: ci + 1,
              heap: hi + 1,
              game: c.game.rules.key,
              from: c.positions[hi]!,
              move: m.move,
              leaves: m.leaves,
              outcomeAfter: 'P',
              fromValue: flat[at]!,
              toValue: target,
            });
          }
          truncated ||= found.truncated;
          if (moves.length >= room) {
            truncated ||= opts.moves === 'all';
            break outer;
          }
        }
      }
    }
  }
  return { outcome, method, values, moves, truncated: opts.moves === 'all' && truncated, searched: 0 };
}

/** The values position `at` may move to for misère Nim to call the sum P (at most two). */
function ruleTargets(values: readonly bigint[], at: number): bigint[] {
  let others = 0n;
  let othersBig = false;
  values.forEach((v, i) => {
    if (i === at) return;
    others ^= v;
    othersBig ||= v >= 2n;
  });
  const out: bigint[] = [];
  // With a big value left somewhere: nim-sum 0. With none: an odd number of 1s (nim-sum 1).
  if (othersBig || others >= 2n) out.push(others);
  if (!othersBig && others <= 1n) out.push(others ^ 1n);
  return out.filter((t) => t !== values[at]);
}

function byTameRule(components: readonly MisereComponent[], opts: MisereOptions): MisereEvaluation {
  const rows = components.map((c) => c.positions.map((n) => c.stored!.get(Number(n))!));
  const tameOf = (row: MisereRow): RuleComponent => {
    const g = BigInt(genusValue(row.genus!));
    // Small (genus 0^120 or 1^031) is where the misère value differs from the normal one.
    return { value: g, big: row.value === Number(g) };
  };
  const parts = rows.flat().map(tameOf);
  const outcome = misereNimOutcome(parts);
  const values = rows.map((r) => r.map((row) => BigInt(genusValue(row.genus!))));
  const moves: MisereMove[] = [];
  let truncated = false;
  if (outcome === 'N' && opts.moves !== 'none') {
    const room = opts.moves === 'one' ? 1 : opts.limit;
    let at = 0;
    outer: for (let ci = 0; ci < components.length; ci++) {
      const c = components[ci]!;
      for (let hi = 0; hi < c.positions.length; hi++, at++) {
        const from = Number(c.positions[hi]!);
        for (const leaves of c.game.options(from)) {
          const after = parts.filter((_, i) => i !== at);
          let known = true;
          for (const h of leaves) {
            const row = c.stored!.get(h);
            if (!row) known = false;
            else after.push(tameOf(row));
          }
          if (!known || misereNimOutcome(after) !== 'P') continue;
          if (moves.length >= room) {
            truncated = true;
            break outer;
          }
          moves.push({
            component: ci + 1,
            heap: hi + 1,
            game: c.game.rules.key,
            from: c.positions[hi]!,
            move: c.game.describeMove(from, leaves),
            leaves: leaves.map(BigInt),
            outcomeAfter: 'P',
          });
          if (opts.moves === 'one') break outer;
        }
      }
    }
  }
  return { outcome, method: 'tame', values, moves, truncated, searched: 0 };
}

/** The normal value g of a genus written g^γ0γ1... */
export function genusValue(genus: string): number {
  return Number(genus.slice(0, genus.indexOf('^')));
}

function bySearch(components: readonly MisereComponent[], opts: MisereOptions): MisereEvaluation {
  const budget = opts.budget ?? DEFAULT_MISERE_BUDGET;
  const games: MisereGame[] = [];
  const index = new Map<string, number>();
  for (const c of components) {
    if (!index.has(c.game.rules.key)) {
      index.set(c.game.rules.key, games.length);
      games.push(c.game);
    }
  }
  const items = combinedItems(games.map((g) => (p: number) => g.options(p)));
  const start: number[] = [];
  const where: { component: number; heap: number }[] = [];
  components.forEach((c, ci) => {
    c.positions.forEach((n, hi) => {
      if (n > BigInt(Math.floor(Number.MAX_SAFE_INTEGER / games.length)))
        throw new UsageError(`${c.spec}@${n}: misère play is searched position by position, so heaps stay below 2^53`);
      start.push(items.item(index.get(c.game.rules.key)!, Number(n)));
      where.push({ component: ci + 1, heap: hi + 1 });
    });
  });
  const describe = (item: number, leaves: readonly number[]) => {
    const { game, position } = items.split(item);
    const g = games[game]!;
    const ci = start.indexOf(item);
    return {
      component: where[ci]!.component,
      heap: where[ci]!.heap,
      game: g.rules.key,
      from: BigInt(position),
      move: g.describeMove(
        position,
        leaves.map((l) => items.split(l).position),
      ),
      leaves: leaves.map((l) => BigInt(items.split(l).position)),
    };
  };
  if (games.some((g) => g.loopy)) {
    const r = solveLoopySum(items.options, start, budget);
    const moves: MisereMove[] =
      r.move && opts.moves !== 'none'
        ? [{ ...describe(r.move.item, r.move.leaves), outcomeAfter: r.outcome === 'N' ? 'P' : 'D' }]
        : [];
    return { outcome: r.outcome, method: 'retrograde', values: null, moves, truncated: false, searched: r.positions };
  }
  // A batch keeps one search a list of games: later lines reuse what earlier ones stored, and a
  // search that has used half its budget starts over (a line that outgrows a reused one, too).
  const cacheKey = games.map((g) => g.rules.key).join('\n');
  let search = opts.searches?.get(cacheKey);
  const fresh = (): MisereSearch => {
    const s = new MisereSearch(items.options, budget);
    opts.searches?.set(cacheKey, s);
    return s;
  };
  if (!search || search.size > budget / 2) search = fresh();
  const before = search.size;
  let wins: boolean;
  try {
    wins = search.winsMisere(search.canonical(start));
  } catch (err) {
    if (!(err instanceof MisereBudgetError) || before === 0) throw err;
    search = fresh();
    wins = search.winsMisere(search.canonical(start));
  }
  const root = search.canonical(start);
  const moves: MisereMove[] = [];
  let truncated = false;
  if (wins && opts.moves !== 'none') {
    const room = opts.moves === 'one' ? 1 : opts.limit;
    for (const m of search.moves(root)) {
      if (search.winsMisere(m.next)) continue;
      if (moves.length >= room) {
        truncated = true;
        break;
      }
      moves.push({ ...describe(m.item, m.leaves), outcomeAfter: 'P' });
      if (opts.moves === 'one') break;
    }
  }
  return {
    outcome: wins ? 'N' : 'P',
    method: 'search',
    values: null,
    moves,
    truncated,
    searched: search.size - before,
  };
}

/** The one-line refusal when a search outgrows its budget: what to do instead. */
export function budgetRefusal(err: MisereBudgetError, position: string): UsageError {
  return new UsageError(
    `the misère outcome of ${position} needs more than ${fmtInt(err.budget)} positions of exact ` +
      'search (no rule covers it: some heap of value 0 can move, and no stored table says every heap is tame); ' +
      'try smaller heaps, or grundy compute GAME --misere --to N to store genus and tameness',
  );
}

/** What resolving the components of misère positions needs. */
export interface MisereResolveOptions extends PrepareOptions {
  /** False: no moves will be asked (no move index is built). */
  readonly moves?: boolean;
  /** Stored misère rows of a heap game, by key (every stored row). */
  readonly storedRows?: (key: string) => ReadonlyMap<number, MisereRow> | undefined;
}

/**
 * Resolves the games of many positions once (a batch): each spec's game, its normal values up to
 * the largest heap any line names (computed on the fly as grundy eval does), its Anti-SG bound.
 */
export class MisereResolver {
  private readonly games = new Map<string, MisereGame | GrundyError>();
  private readonly heapGames = new Map<string, HeapData | GrundyError>();

  /**
   * Prepare every game the positions name. Normal values are read (or computed on the fly) only
   * for games that never split a heap, the only ones the Anti-SG rule can take; a spec that fails
   * fails only the lines that name it.
   */
  static async create(
    positions: Iterable<readonly WrittenComponent[]>,
    opts: MisereResolveOptions,
  ): Promise<MisereResolver> {
    const r = new MisereResolver();
    const maxBySpec = new Map<string, bigint>();
    for (const line of positions) {
      for (const c of line) {
        if (!r.games.has(c.spec)) {
          try {
            r.games.set(c.spec, await misereGame(c.spec));
          } catch (err) {
            if (!(err instanceof GrundyError)) throw err;
            r.games.set(c.spec, err);
          }
        }
        const game = r.games.get(c.spec)!;
        if (game instanceof GrundyError || game.kind !== 'heap') continue;
        const stored = opts.storedRows?.(game.rules.key);
        if (!r.heapGames.has(c.spec)) r.heapGames.set(c.spec, stored ? { stored } : {});
        if (!neverSplits(game.rules)) continue;
        let top = maxBySpec.get(c.spec) ?? 0n;
        for (const t of c.tokens) {
          try {
            const n = parseHeap(t, c.spec);
            if (n > top) top = n;
          } catch {
            // reported by the line that holds it
          }
        }
        maxBySpec.set(c.spec, top);
      }
    }
    if (maxBySpec.size > 0) {
      const prepared = await prepareGames(
        [...maxBySpec].map(([spec, maxHeap]) => ({ spec, maxHeap })),
        opts,
      );
      for (const [spec, p] of prepared) {
        if (p instanceof GrundyError) {
          r.heapGames.set(spec, p);
          continue;
        }
        const values = new GameValues(p.rules, p.table, p.cert);
        const loaded = await loadCode(p.rules);
        r.heapGames.set(spec, {
          ...(r.heapGames.get(spec) as HeapData),
          values,
          ...(loaded ? { loaded } : {}),
          antiSgBelow: antiSgBound(values, loaded, maxBySpec.get(spec)!),
          ...(opts.moves !== false ? { moveIndex: lazyIndex(p.rules, values) } : {}),
        });
      }
    }
    return r;
  }

  /** One position's components, resolved (UsageError or NotComputedError for a bad one). */
  resolve(line: readonly WrittenComponent[]): MisereComponent[] {
    return line.map((c) => {
      const game = this.games.get(c.spec)!;
      if (game instanceof GrundyError) throw game;
      if (game.kind === 'board') {
        if (c.tokens.length % 2 !== 0)
          throw new UsageError(
            `${c.spec}@${c.tokens.join(',')}: a two-dimensional game takes cells X,Y, e.g. ${c.spec}@3,5`,
          );
        const positions: bigint[] = [];
        for (let i = 0; i < c.tokens.length; i += 2)
          positions.push(BigInt(game.parse(`${c.tokens[i]},${c.tokens[i + 1]}`)));
        return { spec: c.spec, game, positions };
      }
      if (game.kind === 'graph') return { spec: c.spec, game, positions: c.tokens.map((t) => BigInt(game.parse(t))) };
      const heap = this.heapGames.get(c.spec)!;
      if (heap instanceof GrundyError) throw heap;
      const positions = c.tokens.map((t) => parseHeap(t, c.spec));
      const values = heap.values;
      if (values)
        for (const n of positions) if (!values.knows(n)) throw notComputed(game.rules, c.spec, n, values.length);
      return { spec: c.spec, game, positions, ...heap };
    });
  }
}

/** A move index built on first use: a batch with no N-position never pays for it. */
function lazyIndex(rules: Rules, values: GameValues): MoveIndex {
  let index: MoveIndex | null | undefined;
  return {
    find(n, target) {
      if (index === undefined) index = moveIndex(rules, values);
      return index ? index.find(n, target) : null;
    },
  };
}

/** What a heap game brings to its components: normal values and the Anti-SG bound, stored misère rows. */
interface HeapData {
  readonly values?: GameValues;
  readonly moveIndex?: MoveIndex | null;
  readonly loaded?: OptionsFunction;
  readonly antiSgBelow?: bigint;
  readonly stored?: ReadonlyMap<number, MisereRow>;
}

/** Families whose moves never split a heap: a component stays one heap (or goes). */
const ONE_HEAP_FAMILIES: ReadonlySet<string> = new Set(['nim', 'sub', 'subint', 'subinf', 'allbut']);

/** Whether no move of the game splits a heap (an octal code with no bit 4 or 8 in any digit, d0 zero). */
export function neverSplits(rules: Rules): boolean {
  if (ONE_HEAP_FAMILIES.has(rules.family)) return true;
  if (rules.family !== 'octal') return false;
  const { digits, repeat } = rules as TakeBreakRules;
  return (digits[0] ?? 0) === 0 && [...digits, repeat ?? 0].every((d) => (d & 0xc) === 0);
}

/** How far a closed form is scanned for heaps of value 0 that can move (its table is not stored). */
const CLOSED_FORM_SCAN = 1 << 16;

/**
 * The first heap where the Anti-SG condition fails, or maxHeap + 1 when it holds up to maxHeap:
 * heaps below it may be summed by misère Nim on their values. The condition (docs/misere.md):
 * no move splits a heap, and every heap of normal value 0 is terminal. Nim's only 0 is the empty
 * heap; beyond a table, a proven period with no 0 in it, or with a positive saltus, keeps it.
 */
export function antiSgBound(values: GameValues, loaded: OptionsFunction | undefined, maxHeap: bigint): bigint {
  const rules = values.rules;
  const limit = maxHeap + 1n;
  if (!neverSplits(rules)) return 0n;
  if (rules.family === 'nim') return limit;
  if (closedFormOf(rules)) {
    const scan = limit < BigInt(CLOSED_FORM_SCAN) ? Number(limit) : CLOSED_FORM_SCAN;
    for (let n = 0; n < scan; n++) if (values.value(BigInt(n)) === 0n && canMove(rules, n, loaded)) return BigInt(n);
    return BigInt(scan);
  }
  const scan = values.length;
  for (let n = 0; n < scan && BigInt(n) < limit; n++) {
    if (values.valueInTable(n) === 0 && canMove(rules, n, loaded)) return BigInt(n);
  }
  if (limit <= BigInt(scan)) return limit;
  const cert = values.cert;
  if (!cert) return BigInt(scan);
  if (cert.saltus > 0) return limit; // values beyond the first period grow past 0
  for (let n = cert.preperiod; n < cert.preperiod + cert.period; n++)
    if (values.valueInTable(n) === 0) return BigInt(scan);
  return limit;
}

function canMove(rules: Rules, n: number, loaded: OptionsFunction | undefined): boolean {
  if (kindOf(rules) !== 'heap') return true;
  for (const _ of tableFamily(rules).options(rules, n, loaded)) return true;
  return false;
}
