import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hackenbushValue } from '../../../src/graph/hackenbush.js';
import { runCli, tempDir } from '../../helpers/cli.js';
import { naiveHackenbush, naiveMoore, naiveStaircase } from '../../helpers/naive-theorem.js';

/**
 * grundy eval of positions of the theorem games (Staircase Nim, Moore's Nim_k, Green Hackenbush)
 * and of coin turning, alone and in sums: text, --json, the winning moves checked by explicit
 * search, and bad input as one line on stderr with exit 2.
 */
const { dir, cleanup } = tempDir();
afterAll(cleanup);
const db = join(dir, 'v.db');
const TREE = [
  [1, 2],
  [2, 3],
  [2, 4],
  [4, 5],
] as const; // AGC017 D sample 1: g = 4
writeFileSync(join(dir, 'tree.txt'), `${TREE.map((e) => e.join(' ')).join('\n')}\n`);
writeFileSync(join(dir, 'noground.txt'), '2 3\n3 4\n');
writeFileSync(join(dir, 'g.txt'), 'a b\nb a\na c\n'); // a game graph: g(a) = 1

type Json = Record<string, unknown>;
const evalCli = (...args: string[]) => runCli(['eval', ...args, '--db', db, '--workers', '1'], { cwd: dir });

async function evalJson(position: string, ...more: string[]): Promise<Json> {
  const r = await evalCli(position, '--json', ...more);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Json;
}

/** The steps after a move described as 'move K coins from step I down to step I - 1' (or off the staircase). */
function applyStaircase(steps: number[], move: string): number[] {
  const m = /^move (\d+) coins? from step (\d+) (?:down to step \d+|off the staircase)$/.exec(move);
  expect(m, move).not.toBeNull();
  const [k, i] = [Number(m![1]), Number(m![2]) - 1];
  const to = [...steps];
  to[i]! -= k;
  if (i > 0) to[i - 1]! += k;
  return to;
}

describe('grundy eval of theorem games', () => {
  it('staircase: text and --json; every listed move reaches nim-sum 0 by explicit search', async () => {
    const text = await evalCli('staircase@[3,0,5]');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toBe(
      'staircase@[3,0,5]\n' +
        '  staircase  positions [3,0,5]  ->  g 6\n' +
        'nim-sum 6: N-position (the next player wins)\n' +
        'a winning move:\n' +
        '  component 1 (staircase), [3,0,5]: move 2 coins from step 3 down to step 2  [g 0; nim-sum 0]\n',
    );
    const twin = naiveStaircase();
    const steps = [3, 1, 4, 1, 6];
    const json = await evalJson(`staircase@[${steps}] + nim@2`, '--moves', 'all');
    expect(json).toMatchObject({
      position: 'staircase@[3,1,4,1,6] + nim@2',
      components: [
        { spec: 'staircase', game: 'staircase', positions: ['[3,1,4,1,6]'], values: [3 ^ 4 ^ 6] },
        { spec: 'nim', game: 'nim', heaps: [2], values: [2] },
      ],
      nimSum: 3 ^ 4 ^ 6 ^ 2,
      outcome: 'N',
    });
    const moves = (json.moves as { component: number; move: string; toValue: number }[]).filter(
      (m) => m.component === 1,
    );
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) expect(twin(applyStaircase(steps, m.move)), m.move).toBe(2);
    const p = await evalJson('staircase@[3,0,5] + nim@6');
    expect(p).toMatchObject({ nimSum: 0, outcome: 'P', moves: [] });
  });

  it("moore:K alone: P or N and a winning move to a P-position (Moore's Nim_2 by explicit search)", async () => {
    const json = await evalJson('moore:2@[3,5,6]');
    expect(json).toEqual({
      position: 'moore:2@[3,5,6]',
      game: 'moore:2',
      value: null,
      outcome: 'N',
      theorem: expect.stringMatching(/^P iff in every binary digit .* divisible by 3/),
      moves: [{ move: 'remove 2 from heap 2 (5 -> 3), 3 from heap 3 (6 -> 3)', to: '[3,3,3]' }],
    });
    expect(naiveMoore(2)([3, 3, 3])).toBe(true);
    const text = await evalCli('moore:2@[3,3,3]');
    expect(text.stdout).toMatch(/^moore:2@\[3,3,3\]\n {2}moore:2 {2}-> {2}no Grundy value theorem; /);
    expect(text.stdout).toMatch(/\nP-position \(the previous player wins; every move loses\)\n$/);
  });

  it('hackenbush: every winning cut (--moves all) is what explicit search finds, a sum with nim is P', async () => {
    const sticks = { n: 6, from: Int32Array.from(TREE, ([a]) => a), to: Int32Array.from(TREE, ([, b]) => b) };
    const naive = naiveHackenbush(sticks, [1]);
    const all = (1 << TREE.length) - 1;
    const want = TREE.filter((_, e) => naive(all & ~(1 << e)) === 0).map(([a, b]) => `cut edge ${a}-${b}`);
    expect(hackenbushValue(sticks, [1])).toBe(4);
    const json = await evalJson('hackenbush:tree.txt@1', '--moves', 'all');
    expect(json).toMatchObject({
      components: [{ spec: 'hackenbush:tree.txt', positions: ['1'], values: [4] }],
      nimSum: 4,
      outcome: 'N',
    });
    expect((json.moves as { move: string }[]).map((m) => m.move)).toEqual(want);
    const sum = await evalCli('hackenbush:tree.txt@1 + nim@4');
    expect(sum.stdout).toMatch(/\n {6}edges 1-2, 2-3, 2-4, 4-5 {2}-> {2}g 4\n/);
    expect(sum.stdout).toMatch(/\nnim-sum 0: P-position/);
  });

  it('coin turning: values of each head, a move that turns coins, Tartan products', async () => {
    const json = await evalJson('ruler@3,5,6 + mock-turtles@7 + twins@4 + turtles@9');
    expect(json).toMatchObject({
      components: [
        { game: 'turning:consecutive:1..', heaps: [3, 5, 6], values: [1, 1, 2] },
        { game: 'turning:1..3', heaps: [7], values: [13] },
        { game: 'turning:2', heaps: [4], values: [3] },
        { game: 'turning:1..2', heaps: [9], values: [9] },
      ],
      nimSum: 2 ^ 13 ^ 3 ^ 9,
      outcome: 'N',
    });
    expect((json.moves as { toValue: number; nimSumAfter: number }[])[0]).toMatchObject({ nimSumAfter: 0 });
    const big = await evalJson('mock-turtles@1e30 + mock-turtles@1e30');
    const odious = { values: ['1999999999999999999999999999999'] }; // 2(n - 1) + 1: 10^30 - 1 has an even popcount
    expect(big).toMatchObject({ nimSum: 0, outcome: 'P', components: [odious, odious] });
    const product = await evalJson('product:ruler*mock-turtles@3,5');
    expect(product).toMatchObject({ components: [{ cells: [[3, 5]], values: [8] }], outcome: 'N' }); // 1 x 8
  });

  it('a theorem game summed with a game graph is a loopy sum (its moves by the theorem)', async () => {
    const json = await evalJson('staircase@[2] + graph:g.txt@a');
    expect(json).toMatchObject({
      components: [
        { spec: 'staircase', positions: ['[2]'], values: [{ value: 2, infinite: false }] },
        { spec: 'graph:g.txt', tokens: ['a'], values: [{ value: 1, infinite: false }] },
      ],
      sum: { value: 3 },
      outcome: 'N',
      moves: [{ component: 1, from: '[2]', move: 'move 1 coin from step 1 off the staircase', outcomeAfter: 'P' }],
    });
    const text = await evalCli('staircase@[2] + graph:g.txt@a');
    expect(text.stdout).toMatch(/\n {2}component 1 \(staircase\), position \[2\]: move 1 coin from step 1 off/);
  });

  it('bad input: one line, exit 2', async () => {
    for (const [position, message] of [
      ['moore:2@[3,5,6] + nim@1', /moore:2 has no Grundy value theorem beyond its outcome, so a sum with it/],
      ['nim@1 + moore:2@[3,5,6]', /evaluate one position of it alone, e\.g\. 'moore:2@\[3,5,6\]'/],
      ['moore:2@[1,2],[3]', /so a sum with it has no nim-sum/],
      ['moore:2@[1,2] + graph:g.txt@a', /moore:2 has no Grundy value theorem/],
      ['staircase@[3,0', /'\[3,0' is not a position of staircase/],
      ['staircase@3', /'3' is not a position of staircase; write its coins .* in brackets/],
      ['hackenbush:noground.txt@1', /vertex '1' is not in .*noground\.txt/],
      ['hackenbush:missing.txt@1', /cannot read graph file/],
      ['turning:consecutive:@3', /gives no counts/],
    ] as const) {
      const r = await evalCli(position);
      expect(r.code, `${position}: ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^grundy: [^\n]*\n$/);
      expect(r.stderr, position).toMatch(message);
    }
  });
});
