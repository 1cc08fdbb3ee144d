import { UsageError } from '../errors.js';
import type { MooreRules } from '../rules/types.js';
import { defineFamily, type TheoremMove } from './family.js';
import { formatHeapList, readHeapList } from './heap-list.js';
import { listProgram } from './staircase.js';

/** Moore's theorem: P iff in every binary digit the count of heaps with it set is divisible by k + 1. */
export function mooreIsP(heaps: readonly bigint[], k: number): boolean {
  const top = heaps.reduce((a, h) => (h > a ? h : a), 0n).toString(2).length;
  for (let b = 0n; b < BigInt(top); b++) {
    let count = 0;
    for (const h of heaps) if ((h >> b) & 1n) count++;
    if (count % (k + 1) !== 0) return false;
  }
  return true;
}

/**
 * A move to a P-position (Moore, 1910), digit by digit from the highest: heaps already lowered
 * (at most k) may take any lower digits; at each digit either r more heaps drop theirs (r = the
 * count among the others mod k + 1) when the lowered stay within k, or k + 1 - r lowered heaps set
 * it. A heap joins the lowered when it drops a 1 under equal higher digits: it only goes down.
 */
export function mooreWinningMove(heaps: readonly bigint[], k: number): bigint[] | null {
  if (mooreIsP(heaps, k)) return null;
  const top = heaps.reduce((a, h) => (h > a ? h : a), 0n).toString(2).length;
  const lowered: number[] = [];
  const isLowered = new Set<number>();
  const to = [...heaps];
  for (let b = BigInt(top) - 1n; b >= 0n; b--) {
    const bit = 1n << b;
    const ones = heaps.map((h, i) => ((h & bit) !== 0n && !isLowered.has(i) ? i : -1)).filter((i) => i >= 0);
    const r = ones.length % (k + 1);
    for (const i of lowered) to[i] = to[i]! & ~bit; // lowered heaps: the digit is ours to choose
    if (lowered.length + r <= k) {
      for (const i of ones.slice(0, r)) {
        to[i] = (heaps[i]! >> (b + 1n)) << (b + 1n); // drop this digit and every lower one (chosen below)
        lowered.push(i);
        isLowered.add(i);
      }
    } else {
      for (const i of lowered.slice(0, k + 1 - r)) to[i] = to[i]! | bit;
    }
  }
  return to;
}

/**
 * Moore's Nim_k: remove any positive number of tokens from each of at least one and at most k
 * heaps (k = 1 is Nim). P-positions by Moore's theorem; no theorem gives Grundy values, so this
 * family answers outcomes and winning moves only, and refuses a value.
 */
export const moore = defineFamily<MooreRules>({
  id: 'moore',
  kind: 'theorem',
  syntax: ['moore:K'],
  prefixes: ['moore'],
  parse(body, spec) {
    const text = body.trim();
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 64) {
      throw new UsageError(`'${spec}' needs k, how many heaps a move may take from (1..64): write e.g. moore:2`);
    }
    return { family: 'moore', key: `moore:${Number(text)}`, k: Number(text) } satisfies MooreRules;
  },
  describe: (rules) => `Moore's Nim_${rules.k}: remove tokens from at least one and at most ${rules.k} heaps`,
  theorem: {
    statement: (rules) =>
      `P iff in every binary digit the number of heaps with that digit set is divisible by ${rules.k + 1} ` +
      '(Moore 1910); no theorem gives its Grundy values',
    positionHelp: '[h1,h2,...], the heaps, e.g. moore:2@[3,5,6]',
    read: (_rules, token) => readHeapList(token, 'moore:K', 'heaps'),
    format: (_rules, p) => formatHeapList(p as bigint[]),
    value: () => null,
    outcome: (rules, p) => (mooreIsP(p as bigint[], rules.k) ? 'P' : 'N'),
    *moves(rules, p, target) {
      if (target !== 0n) return;
      const heaps = p as bigint[];
      const to = mooreWinningMove(heaps, rules.k);
      if (!to) return;
      const parts = heaps.flatMap((h, i) =>
        to[i] !== h ? [`${h - to[i]!} from heap ${i + 1} (${h} -> ${to[i]})`] : [],
      );
      yield { move: `remove ${parts.join(', ')}`, to } satisfies TheoremMove;
    },
    mainInput: 'one position a line: the heaps separated by spaces; prints P or N',
    code: (rules, language, main) => listProgram(language, main, { moore: rules.k }),
  },
});
