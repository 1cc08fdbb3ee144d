import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { naiveOptions } from '../../helpers/naive-games.js';
import { naiveMisereWins } from '../../helpers/naive-misere.js';

/** grundy eval --misere: every kind of game, text and JSON in plain eval's shapes, batches, refusals. */
const { dir, cleanup } = tempDir('grundy-eval-misere-');
const db = join(dir, 'e.db');
afterAll(cleanup);

const evalJson = async (position: string, ...more: string[]) => {
  const r = await runCli(['eval', '--misere', position, '--json', '--db', db, '--workers', '1', ...more]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as {
    outcome: string;
    method: string;
    components: { heaps?: number[]; cells?: number[][]; vertices?: string[]; values?: number[] }[];
    moves: { component: number; heap: number; from: unknown; move: string; leaves: unknown[]; outcomeAfter: string }[];
  };
};

describe('grundy eval --misere', () => {
  it('heaps: a wild game by search, with a winning move that game-tree search confirms', async () => {
    const e = await evalJson('kayles@4,7 + kayles@2');
    const kayles = (n: number) => naiveOptions('octal:0.77', n);
    expect(e.outcome).toBe(naiveMisereWins([4, 7, 2], kayles) ? 'N' : 'P');
    expect(e.method).toBe('search');
    const m = e.moves[0]!;
    const heaps = [[4, 7], [2]][m.component - 1]!;
    const rest = [4, 7, 2].filter((h, i) => i !== (m.component === 1 ? m.heap - 1 : 2) || h !== m.from);
    expect(naiveMisereWins([...rest, ...(m.leaves as number[])], kayles)).toBe(false);
    expect(heaps[m.heap - 1]).toBe(m.from);
  });

  it("nim by Bouton's rule at any size, and the text says how", async () => {
    const r = await runCli(['eval', '--misere', 'nim@1,1,1', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/misère P-position .* by Bouton's misère Nim rule/);
    const e = await evalJson('nim@1e30,1e30,1');
    expect(e).toMatchObject({ outcome: 'N', method: 'anti-nim' });
    expect(e.moves[0]).toMatchObject({ from: 1, leaves: [], outcomeAfter: 'P' });
  });

  it('a game graph with a cycle: a draw and a move that keeps it; boards by search', async () => {
    const file = join(dir, 'loop.txt');
    writeFileSync(file, 'a b\nb c\nc a\nc d\n');
    const g = await evalJson(`graph:${file}@a,b + nim@1`);
    expect(g.method).toBe('retrograde');
    expect(g.components[0]!.vertices).toEqual(['a', 'b']);
    expect(['D', 'N', 'P']).toContain(g.outcome);
    if (g.outcome !== 'P') expect(g.moves[0]!.outcomeAfter).toBe(g.outcome === 'N' ? 'P' : 'D');
    const w = await evalJson('wythoff@0,1');
    expect(w).toMatchObject({ outcome: 'P', method: 'search', components: [{ cells: [[0, 1]] }] });
    const king = await evalJson('2d:king@1,1');
    expect(king.outcome).toBe('N');
    expect(king.moves[0]!.move).toMatch(/\(/);
  });

  it('a file of positions: each line evaluated here, a bad one reported with exit 1', async () => {
    const file = join(dir, 'lines.txt');
    writeFileSync(file, '# misère\nnim@1,1\nkayles@3\nnope@1\n\nnim@2\n');
    const r = await runCli(['eval', '--misere', '--file', file, '--db', db]);
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
    expect(r.stdout).toMatch(/line 2: nim@1,1 {2}misère N \(anti-nim\)/);
    expect(r.stderr).toMatch(/line 4: /);
    const out = join(dir, 'lines.csv');
    const c = await runCli(['eval', '--misere', '--file', file, '--out', out, '--db', db]);
    expect(c.code).toBe(1);
  });

  it('refusals: one line, exit 2, saying what to do', async () => {
    const big = await runCli(['eval', '--misere', 'kayles@30,31', '--max-positions', '1000', '--db', db]);
    expect(big.code).toBe(2);
    expect(big.stderr.trim().split('\n')).toHaveLength(1);
    expect(big.stderr).toMatch(/needs more than 1,000 positions .* grundy compute GAME --misere/);
    const flag = await runCli(['eval', 'nim@1', '--max-positions', '10', '--db', db]);
    expect([flag.code, flag.stderr]).toEqual([2, expect.stringMatching(/--max-positions goes with --misere/)]);
    const queue = await runCli(['eval', '--misere', '--file', 'x', '--queue', 'redis://h:1', '--db', db]);
    expect([queue.code, queue.stderr]).toEqual([2, expect.stringMatching(/drop --queue/)]);
  });
});
