import { countPositions, type CountResult } from '../count/count.js';
import { valueHistogram } from '../count/histogram.js';
import { countMisereP, type MisereCountGame } from '../count/misere-count.js';
import { GameValues } from '../play/game-values.js';
import { antiSgBound, genusValue } from '../play/misere.js';
import { loadMisereTable, misereTableInfo } from '../store/misere.js';
import { Store } from '../store/store.js';
import { defaultWorkers } from '../engine/pool.js';
import { GrundyError, UsageError } from '../errors.js';
import { parseRules, kindOf, closedFormOf } from '../games/registry.js';
import { notComputed } from '../play/not-computed.js';
import { prepareGames, type PreparedGame } from '../play/prepare.js';
import { locateStore } from '../store/location.js';

export interface CountOptions {
  /** Every heap ranges over [0, max]. */
  readonly max: bigint | number;
  /** Count tuples of nim-sum `value` (default 0: the P-positions). */
  readonly value?: bigint | number;
  /** Count modulo `mod` (>= 1). */
  readonly mod?: bigint | number;
  readonly db?: string;
  /** Worker threads for a table computed on the fly (default: available cores). */
  readonly workers?: number;
  readonly onCompute?: (key: string, to: number, untilProven?: boolean) => void;
  /**
   * Count misère P-positions instead (value must be 0): where misère Nim decides every tuple, by the
   * Anti-SG rule (no heap splits, every heap of value 0 terminal) or a stored misère table in which
   * every heap up to max is tame; otherwise a UsageError naming what is missing.
   */
  readonly misere?: boolean;
}

export interface CountAnswer {
  readonly count: bigint;
  /** One entry per distinct game: its key, how many heaps of it, and how its histogram was made. */
  readonly games: readonly {
    readonly key: string;
    readonly heaps: bigint;
    readonly method: CountResult['methods'][number];
  }[];
  readonly transformSize: number;
  /** With misere: the rule that decided the tuples. */
  readonly misere?: 'anti-sg' | 'tame';
}

/**
 * Count the ordered tuples of heaps, each in [0, max], whose nim-sum is `value`: `games` maps
 * each game spec to its number of heaps ({ kayles: 3 }), or is a list with one heap of each.
 */
export async function count(
  games: Readonly<Record<string, bigint | number>> | readonly string[],
  options: CountOptions,
): Promise<CountAnswer> {
  const max = BigInt(options.max);
  const value = BigInt(options.value ?? 0);
  const mod = options.mod !== undefined ? BigInt(options.mod) : undefined;
  if (max < 0n) throw new UsageError('max must be >= 0');
  if (value < 0n) throw new UsageError('value must be >= 0');
  if (mod !== undefined && mod < 1n) throw new UsageError('mod must be at least 1');
  const multiplicity = new Map<string, bigint>();
  const entries: [string, bigint][] = Array.isArray(games)
    ? (games as readonly string[]).map((g) => [g, 1n])
    : Object.entries(games as Record<string, bigint | number>).map(([g, k]) => [g, BigInt(k)]);
  if (entries.length === 0) throw new UsageError('name at least one game to count');
  for (const [spec, k] of entries) {
    if (k < 1n) throw new UsageError(`heaps of ${spec} must be at least 1`);
    const rules = parseRules(spec);
    const kind = kindOf(rules);
    if (kind !== 'heap') {
      const what =
        kind === 'graph'
          ? 'a game graph (a loopy game: values may be infinite, outcomes include draws)'
          : 'a game whose positions are not heaps';
      throw new UsageError(
        `grundy count counts heap tuples by nim-sum; ${rules.key} is ${what}, which it does not cover`,
        { what: 'its values', game: spec, format: 'csv' },
      );
    }
    multiplicity.set(spec, (multiplicity.get(spec) ?? 0n) + k);
  }
  const prepared = await prepareGames(
    [...multiplicity.keys()].map((spec) => ({ spec, maxHeap: max })),
    {
      dbPath: locateStore(options.db).path,
      workers: options.workers ?? defaultWorkers(),
      ...(options.onCompute ? { onCompute: options.onCompute } : {}),
    },
  );
  // Heaps of one game share a factor: K copies of a histogram become one power.
  const byKey = new Map<string, { source: PreparedGame; heaps: bigint }>();
  for (const [spec, k] of multiplicity) {
    const p = prepared.get(spec)!;
    if (p instanceof GrundyError) throw p;
    if (!closedFormOf(p.rules) && !p.cert && max >= BigInt(p.table.length))
      throw notComputed(p.rules, spec, max, p.table.length);
    const entry = byKey.get(p.rules.key);
    if (entry) entry.heaps += k;
    else byKey.set(p.rules.key, { source: p, heaps: k });
  }
  const list = [...byKey.values()];
  if (options.misere) {
    if (value !== 0n) throw new UsageError('--value counts by nim-sum; a misère count counts P-positions only');
    return countMisere(list, max, mod, locateStore(options.db).path);
  }
  const result = countPositions({ games: list, max, value, ...(mod !== undefined ? { mod } : {}) });
  return {
    count: result.count,
    games: list.map((g, i) => ({ key: g.source.rules.key, heaps: g.heaps, method: result.methods[i]! })),
    transformSize: result.transformSize,
  };
}

/** Misère P-positions by the one rule that covers every game (see CountOptions.misere). */
function countMisere(
  list: readonly { source: PreparedGame; heaps: bigint }[],
  max: bigint,
  mod: bigint | undefined,
  dbPath: string,
): CountAnswer {
  const antiSg = list.every((g) => {
    const values = new GameValues(g.source.rules, g.source.table, g.source.cert);
    return antiSgBound(values, undefined, max) > max && g.source.rules.family !== 'module';
  });
  const games: MisereCountGame[] = [];
  const methods: CountResult['methods'][number][] = [];
  if (antiSg) {
    for (const g of list) {
      const h = valueHistogram(g.source, max);
      games.push({ histogram: h.counts, small0: h.counts[0] ?? 0n, small1: h.counts[1] ?? 0n, heaps: g.heaps });
      methods.push(h.method);
    }
  } else {
    if (max >= 1_000_000n) throw noMisereRule(list, max);
    const store = Store.openForRead(dbPath);
    try {
      for (const g of list) {
        const key = g.source.rules.key;
        const rows = store && misereTableInfo(store, key) ? loadMisereTable(store, key) : [];
        if (rows.length <= Number(max) || rows.slice(0, Number(max) + 1).some((r) => !r.tame))
          throw noMisereRule(list, max);
        const histogram: bigint[] = [];
        let small0 = 0n;
        let small1 = 0n;
        for (const r of rows.slice(0, Number(max) + 1)) {
          const v = genusValue(r.genus!);
          while (histogram.length <= v) histogram.push(0n);
          histogram[v]! += 1n;
          if (r.value !== v) {
            if (v === 0) small0++;
            else small1++;
          }
        }
        games.push({ histogram, small0, small1, heaps: g.heaps });
        methods.push('table');
      }
    } finally {
      store?.close();
    }
  }
  let size = 1;
  for (const g of games) while (size < g.histogram.length) size <<= 1;
  return {
    count: countMisereP(games, max, mod),
    games: list.map((g, i) => ({ key: g.source.rules.key, heaps: g.heaps, method: methods[i]! })),
    transformSize: size,
    misere: antiSg ? 'anti-sg' : 'tame',
  };
}

function noMisereRule(list: readonly { source: PreparedGame }[], max: bigint): UsageError {
  const keys = list.map((g) => g.source.rules.key).join(', ');
  return new UsageError(
    `no misère counting method covers ${keys} up to ${max}: it needs the Anti-SG rule (no heap splits, every heap ` +
      'of value 0 terminal) or a stored misère table with every heap tame (grundy compute GAME --misere --to N); ' +
      'grundy eval --misere answers single positions',
  );
}
