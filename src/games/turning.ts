import { UsageError } from '../errors.js';
import { allowsCount, turningKernel } from '../kernels/coin-turning.js';
import type { TurningRules } from '../rules/types.js';
import { defineFamily } from './family.js';
import type { HeapMove, MoveSearchState, MoveValues } from './heap-moves.js';
import { grayInverse, RULER, rulerPrefix, turningForm, type TurningForm } from './turning-forms.js';

/** Coins a move may turn anywhere left of the head: the move search and the kernel's sets stay small. */
export const MAX_ANYWHERE = 5;
/** Coins searched for the first coins of a move of a game with a closed form (the last is found by value). */
const SMALL_COINS = 4096n;
/** The most coins a listed move turns besides the head. */
const LISTED_COINS = 4096n;

function parseCounts(text: string, spec: string, consecutive: boolean): { counts: number[]; open: boolean } {
  const counts = new Set<number>();
  let open = false;
  const bad = (why: string): never => {
    throw new UsageError(`'${spec}': ${why}; write counts of coins a move turns, e.g. turning:1..3 or turning:2`);
  };
  const parts = text.split(',').map((p) => p.trim());
  parts.forEach((part, i) => {
    const m = /^(\d+)(?:\.\.(\d*))?$/.exec(part);
    if (!m) bad(`'${part}' is not a count or a range a..b`);
    const a = Number(m![1]);
    if (a < 1) bad('a move turns at least one coin');
    if (m![2] === '') {
      if (i !== parts.length - 1) bad(`an open range '${part}' must come last`);
      open = true;
      counts.add(a);
      return;
    }
    const b = m![2] === undefined ? a : Number(m![2]);
    if (b < a) bad(`'${part}' is an empty range`);
    if (b > 4096) bad(`${b} coins is more than 4096`);
    for (let c = a; c <= b; c++) counts.add(c);
  });
  const sorted = [...counts].sort((x, y) => x - y);
  if (open) while (sorted.length > 1 && sorted[sorted.length - 2] === sorted[sorted.length - 1]! - 1) sorted.pop();
  if (!consecutive && (open || sorted[sorted.length - 1]! > MAX_ANYWHERE)) {
    bad(
      `turning up to ${open ? 'any number of' : sorted[sorted.length - 1]} coins anywhere is not supported ` +
        `(at most ${MAX_ANYWHERE}; any number of coins gives g(n) = 2^(n-1)); consecutive coins take any count`,
    );
  }
  return { counts: sorted, open };
}

/** '1..3', '2', '1,3..': runs of counts as ranges, the open tail last. */
function countsText(counts: readonly number[], open: boolean): string {
  const parts: string[] = [];
  for (let i = 0; i < counts.length; ) {
    let j = i;
    while (j + 1 < counts.length && counts[j + 1] === counts[j]! + 1) j++;
    const last = open && j === counts.length - 1;
    parts.push(last ? `${counts[i]}..` : j === i ? `${counts[i]}` : `${counts[i]}..${counts[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

export function parseTurning(body: string, spec: string): TurningRules {
  let text = body.trim();
  const consecutive = text.toLowerCase().startsWith('consecutive:');
  if (consecutive) text = text.slice('consecutive:'.length);
  if (text === '')
    throw new UsageError(`'${spec}' gives no counts; write e.g. turning:1..3 or turning:consecutive:1..`);
  const { counts, open } = parseCounts(text, spec, consecutive);
  const key = `turning:${consecutive ? 'consecutive:' : ''}${countsText(counts, open)}`;
  return { family: 'turning', key, counts, open, consecutive };
}

const NAMES: Readonly<Record<string, string>> = {
  'turning:consecutive:1..': 'Ruler',
  'turning:1..3': 'Mock Turtles',
  'turning:2': 'Twins',
  'turning:1..2': 'Turtles',
};

/** The coins of a move, described: 'turn coin 7 to tails and coins 2, 5'. */
function turnMove(n: bigint, others: readonly bigint[], values: readonly bigint[]): HeapMove {
  const rest =
    others.length === 0 ? ' (no other coin)' : ` and turn coin${others.length > 1 ? 's' : ''} ${others.join(', ')}`;
  return { move: `turn coin ${n} from heads to tails${rest}`, remove: 0n, leaves: others, values };
}

/** Consecutive moves: c coins n-c+1..n; Ruler beyond any table by its Gray-code prefix. */
function* consecutiveMoves(rules: TurningRules, values: MoveValues, n: bigint, target: bigint): Iterable<HeapMove> {
  if (rules.key === 'turning:consecutive:1..' && n >= BigInt(values.length)) {
    // prefix(n-1) ^ prefix(n-c) = target: one c for each target.
    const start = grayInverse(rulerPrefix(n - 1n) ^ target);
    if (start >= n) return;
    if (n - start - 1n > LISTED_COINS) {
      throw new UsageError(
        `the winning move on coin ${n} of ruler turns the ${n - start} coins ${start + 1n}..${n}: too many to list`,
      );
    }
    const others: bigint[] = [];
    for (let m = start + 1n; m < n; m++) others.push(m);
    yield turnMove(
      n,
      others,
      others.map((m) => RULER.value(m)),
    );
    return;
  }
  let x = 0n;
  const others: bigint[] = [];
  for (let c = 1n; c <= n; c++) {
    if (c > 1n) {
      const m = n - c + 1n;
      others.unshift(m);
      x ^= values.value(m);
    }
    const last = rules.counts[rules.counts.length - 1]!;
    if (!rules.open && c > BigInt(last)) return;
    if (allowsCount(rules, Number(c)) && x === target) {
      yield turnMove(
        n,
        [...others],
        others.map((m) => values.value(m)),
      );
    }
  }
}

/** Moves turning up to MAX_ANYWHERE coins anywhere: the first ones by search, the last by its value. */
function* anywhereMoves(
  rules: TurningRules,
  values: MoveValues,
  n: bigint,
  target: bigint,
  state: MoveSearchState,
): Iterable<HeapMove> {
  const form: TurningForm | null = turningForm(rules.key);
  const tableTop = BigInt(values.length) - 1n;
  let bound = n - 1n;
  if (form) {
    if (bound > SMALL_COINS) {
      bound = SMALL_COINS;
      state.partial = true;
    }
  } else if (bound > tableTop) throw new Error(`coin ${n} of ${rules.key} is beyond the loaded table`);
  let byValue: Map<bigint, bigint[]> | null = null;
  const coinsOf = (v: bigint, above: bigint): bigint[] => {
    if (form) {
      const c = form.coinOf(v);
      return c !== null && c > above && c < n ? [c] : [];
    }
    if (!byValue) {
      byValue = new Map();
      for (let m = 1n; m < n; m++) {
        const g = values.value(m);
        const list = byValue.get(g);
        if (list) list.push(m);
        else byValue.set(g, [m]);
      }
    }
    return (byValue.get(v) ?? []).filter((m) => m > above);
  };
  for (const c of rules.counts) {
    const k = c - 1;
    if (k === 0) {
      if (target === 0n) yield turnMove(n, [], []);
      continue;
    }
    // Choose k - 1 coins ascending, then the last (larger than them) by its value.
    const chosen: bigint[] = [];
    const pick = function* (from: bigint, x: bigint): Iterable<HeapMove> {
      if (chosen.length === k - 1) {
        for (const last of coinsOf(target ^ x, chosen[chosen.length - 1] ?? 0n)) {
          const others = [...chosen, last];
          yield turnMove(
            n,
            others,
            others.map((m) => values.value(m)),
          );
        }
        return;
      }
      for (let m = from; m <= bound; m++) {
        chosen.push(m);
        yield* pick(m + 1n, x ^ values.value(m));
        chosen.pop();
      }
    };
    yield* pick(1n, 0n);
  }
}

/**
 * Coin-turning games (Winning Ways, ch. 14) as heap games: a head on coin n (numbered from 1) is
 * heap n, a move's other coins are the heaps it leaves, and a row of heads is the sum of its heads
 * (`ruler@3,5,6`). So sums, winning moves and Tartan's products (`product:ruler*ruler`) come free.
 */
export const turning = defineFamily<TurningRules>({
  id: 'turning',
  kind: 'heap',
  syntax: ['turning:1..3', 'turning:consecutive:1..', 'ruler', 'mock-turtles', 'twins', 'turtles'],
  prefixes: ['turning'],
  parse: (body, spec) => parseTurning(body, spec),
  describe: (rules) => {
    const name = NAMES[rules.key];
    const how = `${rules.consecutive ? 'consecutive ' : ''}coins, ${countsText(rules.counts, rules.open)} a move`;
    return `${name ? `${name}: ` : ''}coin turning (${how}, the rightmost heads to tails; coins from 1)`;
  },
  *options(rules, n) {
    if (n === 0) return;
    if (rules.consecutive) {
      for (let c = 1; c <= n; c++) {
        if (allowsCount(rules, c)) yield Array.from({ length: c - 1 }, (_, i) => n - c + 1 + i);
      }
      return;
    }
    const chosen: number[] = [];
    function* pick(from: number, k: number): Iterable<readonly number[]> {
      if (chosen.length === k) {
        yield [...chosen];
        return;
      }
      for (let m = from; m < n; m++) {
        chosen.push(m);
        yield* pick(m + 1, k);
        chosen.pop();
      }
    }
    for (const c of rules.counts) yield* pick(1, c - 1);
  },
  cost: (rules, n) => (rules.consecutive ? 1 + Math.min(n, rules.open ? n : rules.counts.length) : 4 + 2 * n),
  plain: (rules) => turningKernel(rules),
  criterion: () => null,
  closedForm: (rules) => turningForm(rules.key),
  moves: ({ rules, values, n, target, state }) =>
    rules.consecutive ? consecutiveMoves(rules, values, n, target) : anywhereMoves(rules, values, n, target, state),
});
