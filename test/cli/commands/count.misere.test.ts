import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { naiveOptions } from '../../helpers/naive-games.js';
import { naiveMisereWins } from '../../helpers/naive-misere.js';

/** grundy count --misere: by the Anti-SG rule, by stored tame heaps, refused otherwise. */
const { dir, cleanup } = tempDir('grundy-count-misere-');
const db = join(dir, 'n.db');
afterAll(cleanup);

function bruteForce(spec: string, heaps: number, max: number): number {
  const options = (n: number) => naiveOptions(spec, n);
  const memo = new Map<string, boolean>();
  let tuples: number[][] = [[]];
  for (let i = 0; i < heaps; i++) tuples = tuples.flatMap((t) => Array.from({ length: max + 1 }, (_, h) => [...t, h]));
  return tuples.filter((t) => !naiveMisereWins(t, options, memo)).length;
}

describe('grundy count --misere', () => {
  it('nim and an all-but game by the Anti-SG rule, as every tuple searched says', async () => {
    for (const [spec, heaps, max] of [
      ['nim', 3, 10],
      ['allbut:1', 2, 12],
    ] as const) {
      const r = await runCli([
        'count',
        spec,
        '--heaps',
        String(heaps),
        '--max',
        String(max),
        '--misere',
        '--json',
        '--db',
        db,
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ count: bruteForce(spec, heaps, max), misere: 'anti-sg' });
    }
  });

  it("Dawson's Kayles by its stored tame heaps, and refused past them", async () => {
    const c = await runCli(['compute', 'octal:0.07', '--misere', '--to', '10', '--db', db]);
    expect(c.code, c.stderr).toBe(0);
    const r = await runCli(['count', 'octal:0.07', '--heaps', '3', '--max', '9', '--misere', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`^${bruteForce('octal:0.07', 3, 9)}\\n.*misère P-positions \\(by the tame rule\\)`),
    );
    const past = await runCli(['count', 'octal:0.07', '--heaps', '2', '--max', '12', '--misere', '--db', db]);
    expect(past.code).toBe(2);
    expect(past.stderr).toMatch(/no misère counting method covers octal:0.07 up to 12/);
    for (const game of ['wythoff', 'graph:nowhere.txt']) {
      const other = await runCli(['count', game, '--max', '3', '--misere', '--db', db]);
      expect(other.code, game).toBe(2);
      expect(other.stderr.trim().split('\n')).toHaveLength(1);
    }
    const value = await runCli(['count', 'nim', '--max', '3', '--misere', '--value', '1', '--db', db]);
    expect([value.code, value.stderr]).toEqual([2, expect.stringMatching(/--value counts by nim-sum/)]);
  });
});
