import { nimMul32 } from '../nimber/fast.js';
import { UsageError } from '../errors.js';
import type { Rules } from '../rules/types.js';
import { boardHeapMembers, moveTo } from './board-common.js';
import { defineFamily, type BoardSupport, type Cell } from './family.js';
import { gameLookup } from './lookup.js';

/**
 * The coin-turning (Tartan) product of two heap games: a heap game is a coin-turning game (a
 * move from heap n to heaps T turns the coins at n and at T), and a move of the product turns
 * S1 x S2 for a move S1 of the first and S2 of the second. Tartan's theorem (Winning Ways,
 * ch. 14): g(x, y) = g1(x) nim-times g2(y), so the table comes from the factors' tables.
 */
export interface ProductRules extends Rules {
  readonly family: 'product';
  readonly left: Rules;
  readonly right: Rules;
}

function parseProduct(body: string, spec: string, cwd: string): ProductRules {
  const star = body.indexOf('*');
  if (star < 0)
    throw new UsageError(`'${spec}' needs two heap games joined by '*': write e.g. product:sub:squares*sub:triangular`);
  const { familyOf, parseRules } = gameLookup();
  const factor = (text: string): Rules => {
    if (text.trim() === '') throw new UsageError(`'${spec}' has an empty factor; write e.g. product:nim*sub:1,2`);
    const rules = parseRules(text, cwd);
    const family = familyOf(rules);
    if (family.kind !== 'heap')
      throw new UsageError(`product factor '${text}' is not a heap game; both factors must be`);
    if (family.code)
      throw new UsageError(`product factor '${text}' runs user code; the product takes built-in heap games`);
    return rules;
  };
  const left = factor(body.slice(0, star));
  const right = factor(body.slice(star + 1));
  return { family: 'product', key: `product:${left.key}*${right.key}`, left, right };
}

/** The coins a move of a heap game turns: the heap itself and the heaps it leaves. */
function* coinMoves(rules: Rules, n: number): Iterable<readonly number[]> {
  const family = gameLookup().familyOf(rules);
  if (family.kind === 'theorem') throw new Error(`product factor ${rules.key} is not a heap game`);
  for (const tuple of family.options(rules, n)) yield [n, ...tuple];
}

const board: BoardSupport<ProductRules> = {
  fixedSize: () => null,
  factors: (rules) => [rules.left, rules.right],
  // Nim multiplication commutes: G * G is symmetric.
  symmetric: (rules) => rules.left.key === rules.right.key,
  *options(rules, x, y) {
    const rows = [...coinMoves(rules.left, x)];
    for (const s2 of coinMoves(rules.right, y)) {
      for (const s1 of rows) {
        const cells: Cell[] = [];
        for (const a of s1) for (const b of s2) if (a !== x || b !== y) cells.push([a, b]);
        yield cells;
      }
    }
  },
  table(rules, n, input) {
    const [g1, g2] = input.factors ?? [];
    if (!g1 || !g2 || g1.length < n || g2.length < n)
      throw new Error(`${rules.key} needs g(0..${n - 1}) of both factors`);
    let max = 0;
    for (let i = 0; i < n; i++) max = Math.max(max, g1[i]!, g2[i]!);
    // The product of nimbers below 2^(2^k) stays below it: size the array by the factors' largest.
    const cells = n * n;
    const values =
      max < 0x100 ? new Uint8Array(cells) : max < 0x10000 ? new Uint16Array(cells) : new Uint32Array(cells);
    for (let x = 0; x < n; x++) {
      const a = g1[x]!;
      const base = x * n;
      for (let y = 0; y < n; y++) values[base + y] = nimMul32(a, g2[y]!);
    }
    return { n, values };
  },
  // A product move turns the head at (x, y) to tails and the other cells of S1 x S2.
  describeMove: (_rules, [x, y], to) =>
    `turn (${x}, ${y}) from heads to tails${to.length === 0 ? '' : ` and ${moveTo(to).replace(/^move to/, 'turn')}`}`,
};

export const product = defineFamily<ProductRules>({
  id: 'product',
  kind: 'board',
  syntax: ['product:sub:squares*sub:triangular'],
  prefixes: ['product'],
  // Its factors may name files (module:, 2d:module:): a server serves products only once stored.
  readsFiles: true,
  parse: (body, spec, { cwd }) => parseProduct(body, spec, cwd),
  describe: (rules) => `coin-turning product of ${rules.left.key} and ${rules.right.key} (g = g1(x) nim-times g2(y))`,
  ...boardHeapMembers(board),
  board,
});
