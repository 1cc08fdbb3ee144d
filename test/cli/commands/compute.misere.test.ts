import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';

/**
 * grundy compute --misere and grundy query --misere: a table of each kind stored in one
 * transaction and read back; published genera (Plambeck's 0.312, test/fixtures/misere-genus.json);
 * a refusal stores nothing.
 */
const { dir, cleanup } = tempDir('grundy-compute-misere-');
const db = join(dir, 'c.db');
afterAll(cleanup);

const cli = (...args: string[]) => runCli([...args, '--db', db]);

describe('grundy compute --misere, grundy query --misere', () => {
  it('heaps: genus and tameness stored, then read from the table', async () => {
    const c = await cli('compute', 'octal:0.312', '--misere', '--to', '12', '--json');
    expect(c.code, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout)).toMatchObject({ game: 'octal:0.312', kind: 'heap', positions: 12, firstWild: 4 });
    const q = await cli('query', 'octal:0.312', '--misere', '1..6', '--json');
    expect(q.code, q.stderr).toBe(0);
    const answers = (JSON.parse(q.stdout) as { positions: { genus: string; source: string }[] }).positions;
    expect(answers.map((a) => a.genus)).toEqual(['1^031', '2^20', '0^02', '2^1420', '0^02', '1^13']);
    expect(answers.every((a) => a.source === 'table')).toBe(true);
    const text = await cli('query', 'octal:0.312', '--misere', '4');
    expect(text.stdout).toMatch(/heap 4: misère N \(misère value 1\), genus 2\^1420, wild/);
    const values = await cli('query', 'nim', '--misere', '0', '1', '2', '--values');
    expect(values.stdout).toBe('N\nP\nN\n');
  });

  it('a game graph whole (P, N, D) and a board by --size', async () => {
    const file = join(dir, 'g.txt');
    writeFileSync(file, 'a b\nb a\nb c\nd c\n');
    const g = await cli('compute', `graph:${file}`, '--misere', '--json');
    expect(g.code, g.stderr).toBe(0);
    // c has no move: the player to move there wins (N); d must move to c (P); a and b can cycle: b -> c loses.
    const q = await cli('query', `graph:${file}`, '--misere', 'a', 'b', 'c', 'd', '--values');
    expect(q.stdout).toBe('D\nD\nN\nP\n');
    const b = await cli('compute', 'wythoff', '--misere', '--size', '8');
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toMatch(/misère table of 64 cells stored/);
    const cell = await cli('query', 'wythoff', '--misere', '0,1', '--json');
    expect(JSON.parse(cell.stdout).positions[0]).toMatchObject({ position: '(0, 1)', outcome: 'P', source: 'table' });
  });

  it('refusals: past the budget nothing is stored; flags that do not fit the kind', async () => {
    const r = await cli('compute', 'kayles', '--misere', '--to', '40', '--max-positions', '500');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs more than 500 positions .* nothing was stored: give a smaller --to/);
    const q = await cli('query', 'kayles', '--misere', '3', '--json');
    expect(JSON.parse(q.stdout).positions[0].source).toBe('search');
    const size = await cli('compute', 'kayles', '--misere', '--size', '4');
    expect([size.code, size.stderr]).toEqual([2, expect.stringMatching(/--size is the side/)]);
    // grundy rm takes a misère table that is stored alone.
    const rm = await cli('rm', 'octal:0.312');
    expect(rm.code, rm.stderr).toBe(0);
    const gone = await cli('query', 'octal:0.312', '--misere', '4', '--json');
    expect(JSON.parse(gone.stdout).positions[0].source).toBe('search');
    const wait = await cli('compute', 'kayles', '--misere', '--wait');
    expect([wait.code, wait.stderr]).toEqual([2, expect.stringMatching(/--wait goes with a normal-play compute/)]);
  });
});
