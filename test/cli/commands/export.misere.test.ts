import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { naiveOptions } from '../../helpers/naive-games.js';
import { heapSums, naiveMisereWins } from '../../helpers/naive-misere.js';

/** grundy export --misere: the rule as C++ and Python, compiled and run against game-tree search. */
const { dir, cleanup } = tempDir('grundy-export-misere-');
const db = join(dir, 'x.db');
afterAll(cleanup);

const sums = heapSums(3, 9);
const input = `${sums.map((s) => s.join(' ')).join('\n')}\n`;
const expected = (spec: string) => {
  const memo = new Map<string, boolean>();
  return sums.map((s) => (naiveMisereWins(s, (n) => naiveOptions(spec, n), memo) ? 'N' : 'P'));
};

describe('grundy export --misere', () => {
  it('nim (Bouton) in C++ and allbut:1 (Anti-SG) in Python: P or N for each line, as search says', async () => {
    const cpp = join(dir, 'nim.cpp');
    const r = await runCli(['export', 'nim', '--misere', '--format', 'cpp', '--main', '--out', cpp, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    execFileSync('g++', ['-O0', '-std=c++11', '-o', join(dir, 'nim'), cpp]);
    expect(execFileSync(join(dir, 'nim'), { input }).toString().trim().split('\n')).toEqual(expected('nim'));
    await runCli(['compute', 'allbut:1', '--until-proven', '--db', db, '--workers', '1']);
    const py = join(dir, 'ab.py');
    const a = await runCli(['export', 'allbut:1', '--misere', '--format', 'py', '--main', '--out', py, '--db', db]);
    expect(a.code, a.stderr).toBe(0);
    expect(execFileSync('python3', [py], { input }).toString().trim().split('\n')).toEqual(expected('allbut:1'));
  });

  it("Dawson's Kayles' tame heaps from a stored table; a game with no rule is refused", async () => {
    await runCli(['compute', 'octal:0.07', '--misere', '--to', '10', '--db', db]);
    const cpp = join(dir, 'dk.cpp');
    const r = await runCli(['export', 'octal:0.07', '--misere', '--format', 'cpp', '--main', '--out', cpp, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    execFileSync('g++', ['-O0', '-std=c++11', '-o', join(dir, 'dk'), cpp]);
    expect(execFileSync(join(dir, 'dk'), { input }).toString().trim().split('\n')).toEqual(expected('octal:0.07'));
    const none = await runCli(['export', 'grundy', '--misere', '--format', 'py', '--db', db]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/grundy has no misère rule to export: no misère table is stored/);
    const board = await runCli(['export', 'wythoff', '--misere', '--format', 'cpp', '--db', db]);
    expect([board.code, board.stderr]).toEqual([2, expect.stringMatching(/wythoff is not a heap game/)]);
    const csv = await runCli(['export', 'nim', '--misere', '--db', db]);
    expect([csv.code, csv.stderr]).toEqual([2, expect.stringMatching(/use --format cpp or py/)]);
  });
});
