import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';

/**
 * grundy query of the theorem games (Staircase Nim, Moore's Nim_k, Green Hackenbush) and of the
 * coin-turning closed forms: text, --json, --values, standard input, and bad input as one line on
 * stderr with exit 2 and nothing on stdout.
 */
const { dir, cleanup } = tempDir();
afterAll(cleanup);
const db = join(dir, 'q.db');
writeFileSync(join(dir, 'tree.txt'), '1 2\n2 3\n2 4\n4 5\n'); // AGC017 D sample 1: g = 4
writeFileSync(join(dir, 'two.txt'), '1 2\n2 3\n1 4\n'); // two parts at the ground: a path of 2 (g 2), a twig (g 1)
writeFileSync(join(dir, 'noground.txt'), '2 3\n3 4\n');

const query = (...args: string[]) => runCli(['query', ...args, '--db', db], { cwd: dir });
const STAIRCASE = 'g = the nim-sum of the coins on the odd steps 1, 3, 5, ... (step 1 is the lowest)';

/** Bad input: exit 2, one line on stderr matching `message`, nothing on stdout. */
async function refused(args: string[], message: RegExp): Promise<void> {
  const r = await query(...args);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^grundy: [^\n]*\n$/);
  expect(r.stderr).toMatch(message);
}

describe('grundy query of theorem games', () => {
  it('staircase: text, --json, --values and standard input', async () => {
    let r = await query('staircase', '[3,0,5]', '[1, 1]', '[]');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      `g([3,0,5]) = 6  N  (${STAIRCASE})\ng([1,1]) = 1  N  (${STAIRCASE})\ng([]) = 0  P  (${STAIRCASE})\n`,
    );
    r = await query('staircase-nim', '[3,0,5]', '[18446744073709551616,7,1]', '--json');
    expect(JSON.parse(r.stdout)).toEqual({
      game: 'staircase',
      values: [
        { position: '[3,0,5]', value: 6, outcome: 'N', theorem: STAIRCASE },
        { position: '[18446744073709551616,7,1]', value: '18446744073709551617', outcome: 'N', theorem: STAIRCASE },
      ],
    });
    r = await runCli(['query', 'staircase', '-', '--values', '--db', db], { input: '[3,0,5]\n# steps\n\n[2,9,2]\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('6\n0\n');
  });

  it('hackenbush: the value, the outcome and each part at the ground (text and --json, canonical key)', async () => {
    let r = await query('hackenbush:two.txt', '1', '[1,3]');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^g\(1\) = 3 {2}N {2}\(fusion: .*colon: .*\)$/);
    expect(lines.slice(1, 3)).toEqual(['  edges 1-2, 2-3  ->  g 2', '  edges 1-4  ->  g 1']);
    // Grounded at 1 and 3: the path 1-2-3 is a cycle through the ground, 2 loops (g 0); the twig 1.
    expect(lines[3]).toMatch(/^g\(\[1,3\]\) = 1 {2}N /);
    r = await query('hackenbush:tree.txt', '1', '--json');
    const json = JSON.parse(r.stdout) as { game: string; values: Record<string, unknown>[] };
    expect(json.game).toMatch(/^hackenbush:tree\.txt#[0-9a-f]{16}$/);
    expect(json.values).toEqual([
      {
        position: '1',
        value: 4,
        outcome: 'N',
        theorem: expect.stringMatching(/^fusion: /),
        parts: [{ part: 'edges 1-2, 2-3, 2-4, 4-5', value: 4 }],
      },
    ]);
  });

  it('coin turning: closed forms at any n, text and --json', async () => {
    let r = await query('ruler', '1..8');
    expect(r.stdout).toBe('g(1..8) = 1 2 1 4 1 2 1 8  (from the closed form)\n');
    r = await query('mock-turtles', '1..6');
    expect(r.stdout).toBe('g(1..6) = 1 2 4 7 8 11  (from the closed form)\n'); // odious numbers, OEIS A000069
    r = await query('twins', '0', '1', '10', '--values');
    expect(r.stdout).toBe('0\n0\n9\n');
    r = await query('turtles', '7', '--json');
    expect(JSON.parse(r.stdout)).toEqual({ game: 'turning:1..2', values: [{ n: 7, value: 7, source: 'formula' }] });
    r = await query('mock-turtles', '1e30', '--json');
    expect(JSON.parse(r.stdout)).toEqual({
      game: 'turning:1..3',
      values: [{ n: '1000000000000000000000000000000', value: '1999999999999999999999999999999', source: 'formula' }],
    });
  });

  it('bad input: one line, exit 2', async () => {
    await refused(
      ['moore:2', '[3,5,6]'],
      new RegExp(
        '^grundy: moore:2 has no Grundy value theorem beyond its outcome .*; for P/N and a winning move run: ' +
          "grundy eval 'moore:2@\\[3,5,6\\]'$",
        'm',
      ),
    );
    await refused(['staircase', '[3,0'], /'\[3,0' is not a position of staircase; write its coins .* in brackets/);
    await refused(['staircase', '3,0,5'], /is not a position of staircase/);
    await refused(['staircase', '[3,-1]'], /'-1' is negative/);
    await refused(['staircase', '[3,two]'], /'two' is not a non-negative integer/);
    await refused(['hackenbush:noground.txt', '1'], /vertex '1' is not in .*noground\.txt; name the ground vertex/);
    await refused(['hackenbush:tree.txt', '[1,9]'], /vertex '9' is not in .*tree\.txt/);
    await refused(['hackenbush:missing.txt', '1'], /cannot read graph file .*missing\.txt/);
    await refused(['moore:0', '[1]'], /'moore:0' needs k/);
    await refused(['turning:7', '3'], /turning up to 7 coins anywhere is not supported/);
    const r = await runCli(['query', 'staircase', '-', '--db', db], { input: '[1]\n\n[1,x]\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^grundy: standard input line 3: .*'x' is not a non-negative integer[^\n]*\n$/);
  });
});
