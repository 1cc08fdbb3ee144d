import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { compactRecord, evalAlone, type Json } from '../../helpers/eval-alone.js';

/**
 * grundy eval --file with every component kind `eval` takes on the command line: tokens on a
 * game graph (values possibly infinite), cells of 2-D games, heaps, mixed. Each line of the
 * batch must give what `grundy eval LINE --json` gives alone.
 */
const { dir, cleanup } = tempDir();
afterAll(cleanup);
const db = join(dir, 'k.db');
// a <-> b with an exit a -> c: finite values through the cycle (a N, b P); p -> q -> r -> p with q <-> p: draws.
writeFileSync(join(dir, 'g.txt'), 'a b\nb a\na c\np q\nq p\nq r\nr p\nx y\n');
// A states: module (JSON states, commas inside a token): two heaps, take one from either.
writeFileSync(
  join(dir, 'two.js'),
  'export const start = [3, 2];\n' +
    'export const moves = ([a, b]) => [...(a ? [[a - 1, b]] : []), ...(b ? [[a, b - 1]] : [])];\n',
);

const LINES = [
  'graph:g.txt@a,x + nim@3',
  'graph:g.txt@p + nim@1',
  'graph:g.txt@a + wythoff@1,2 + kayles@4',
  'wythoff@3,5 + nim@2',
  '2d:king@3,4,5,6 + kayles@7',
  'wythoff@1e18,2e18',
  'product:nim*kayles@3,4 + nim@1',
  'kayles@10 + nim@5',
  'states:two.js@[3,2], [1, 1] + nim@1',
  'graph:g.txt@zz',
  'wythoff@3',
];

const alone = evalAlone(db, dir);
const compact = compactRecord;

describe('grundy eval --file with game graphs and 2-D games', () => {
  it('gives every line what eval gives it alone, errors with their line numbers', async () => {
    const file = join(dir, 'mixed.txt');
    writeFileSync(file, `${LINES.join('\n')}\n`);
    const out = join(dir, 'mixed.jsonl');
    const r = await runCli(['eval', '--file', 'mixed.txt', '--out', out, '--moves', 'all', '--db', db], {
      cwd: dir,
    });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/line 10: vertex 'zz' is not in the graph/);
    expect(r.stderr).toMatch(/line 11: wythoff@3: a two-dimensional game takes cells X,Y/);
    expect(r.stderr).toMatch(/2 of 11 positions failed/);
    const records = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    expect(records.map((x) => x.line)).toEqual(LINES.map((_, i) => i + 1));
    for (const [i, line] of LINES.entries()) {
      const { line: n, ...record } = records[i]!;
      expect(n).toBe(i + 1);
      const single = await alone(line);
      if (single.code !== 0) {
        expect(single.code, line).toBe(2);
        expect(single.stderr).toContain(record.error as string);
        continue;
      }
      const expected = 'sum' in single.json! || 'cell' in single.json! ? single.json! : compact(single.json!);
      expect(record, line).toEqual(expected);
    }
    // The loopy sums were really evaluated: a draw, and finite values through a cycle.
    expect(records[1]!.outcome).toBe('D');
    expect(records[0]!.outcome).toBe('N');
    expect(records[2]!.outcome).toBe('P');
  });

  it('writes the same outcomes as CSV and text', async () => {
    const file = join(dir, 'ok.txt');
    const ok = LINES.slice(0, 9);
    writeFileSync(file, `# graphs, cells and heaps\n${ok.join('\n')}\n`);
    const csv = await runCli(['eval', '--file', 'ok.txt', '--out', 'ok.csv', '--db', db], { cwd: dir });
    expect(csv.code, csv.stderr).toBe(0);
    const rows = readFileSync(join(dir, 'ok.csv'), 'utf8').trim().split('\n').slice(1);
    const outcomes = rows.map((row) => row.match(/,([PND]),/)?.[1]);
    const text = await runCli(['eval', '--file', 'ok.txt', '--db', db], { cwd: dir });
    expect(text.code, text.stderr).toBe(0);
    const textOutcomes = text.stdout
      .trim()
      .split('\n')
      .map((l) => l.match(/ ([PND])( {2}|$)/)?.[1]);
    const expected: string[] = [];
    for (const line of ok) expected.push((await alone(line)).json!.outcome as string);
    expect(outcomes).toEqual(expected);
    expect(textOutcomes).toEqual(expected);
    expect(expected).toContain('D');
  });
});
