import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staircaseValue } from '../../../src/games/staircase.js';
import { seededRandom } from '../../../src/testing/random.js';
import { runCli, tempDir } from '../../helpers/cli.js';
import { compactRecord, evalAlone, type Json } from '../../helpers/eval-alone.js';
import { randInt } from '../../helpers/naive-games.js';

/**
 * grundy eval --file with the theorem games (Staircase Nim, Moore's Nim_k, Green Hackenbush) and
 * coin turning, alone, summed with heaps and with a game graph: each line of the batch must give
 * what `grundy eval LINE --json` gives alone, and a line that cannot be evaluated fails alone.
 */
const { dir, cleanup } = tempDir();
afterAll(cleanup);
const db = join(dir, 't.db');
writeFileSync(join(dir, 'tree.txt'), '1 2\n2 3\n2 4\n4 5\n'); // AGC017 D sample 1: g = 4
writeFileSync(join(dir, 'cycle.txt'), '1 2\n2 3\n3 1\n3 4\n5 5\n'); // a triangle with a tail, a loop apart
writeFileSync(join(dir, 'noground.txt'), '2 3\n3 4\n');
writeFileSync(join(dir, 'g.txt'), 'a b\nb a\na c\n'); // a game graph: a <-> b, a -> c; g(a) = 1

const LINES = [
  'staircase@[3,0,5]',
  'staircase@[3,0,5] + nim@6',
  'moore:2@[3,5,6]',
  'moore:2@[3,3,3]',
  'hackenbush:tree.txt@1',
  'hackenbush:tree.txt@1 + nim@4',
  'hackenbush:cycle.txt@[1,5] + staircase@[1,2,3] + kayles@7',
  'staircase@[1,2] + grundy@40',
  'ruler@3,5,6 + mock-turtles@7 + twins@4',
  'staircase@[2] + graph:g.txt@a',
  'moore:2@[1,1] + nim@1',
  'staircase@[3,x]',
  'hackenbush:noground.txt@1',
  'moore:2@[1,2] + graph:g.txt@a',
];
const ERRORS: Readonly<Record<number, RegExp>> = {
  11: /moore:2 has no Grundy value theorem beyond its outcome, so a sum with it has no nim-sum/,
  12: /a heap of staircase 'x' is not a non-negative integer/,
  13: /vertex '1' is not in .*noground\.txt/,
  14: /moore:2 has no Grundy value theorem beyond its outcome/,
};

const alone = evalAlone(db, dir);
const compact = compactRecord;

function records(path: string): Json[] {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Json);
}

describe('grundy eval --file with theorem games and coin turning', () => {
  it('gives every line what eval gives it alone (JSONL), each bad line its own error', async () => {
    writeFileSync(join(dir, 'theorems.txt'), `${LINES.join('\n')}\n`);
    const out = join(dir, 'theorems.jsonl');
    const r = await runCli(['eval', '--file', 'theorems.txt', '--out', out, '--moves', 'all', '--db', db], {
      cwd: dir,
    });
    expect(r.code, r.stderr).toBe(1);
    for (const [n, message] of Object.entries(ERRORS))
      expect(r.stderr).toMatch(new RegExp(`line ${n}: ${message.source}`));
    expect(r.stderr).toMatch(/4 of 14 positions failed/);
    const got = records(out);
    expect(got.map((x) => x.line)).toEqual(LINES.map((_, i) => i + 1));
    for (const [i, line] of LINES.entries()) {
      const { line: n, ...record } = got[i]!;
      const single = await alone(line);
      if (single.code !== 0) {
        expect(single.code, line).toBe(2);
        expect(record.error, line).toMatch(ERRORS[i + 1]!);
        expect(single.stderr).toContain(record.error as string);
        continue;
      }
      // Loopy sums and outcome-only positions are eval's whole object; sums its compact form.
      const whole = 'sum' in single.json! || single.json!.value === null;
      expect(record, line).toEqual(whole ? single.json : compact(single.json!));
    }
    // The theorems really answered: values, outcomes and winning moves.
    expect(got[0]).toMatchObject({ values: [[6]], nimSum: 6, outcome: 'N' });
    expect(got[1]).toMatchObject({ values: [[6], [6]], outcome: 'P', moves: [] });
    expect(got[2]).toMatchObject({ outcome: 'N', moves: [{ to: '[3,3,3]' }] });
    expect(got[3]).toMatchObject({ outcome: 'P', moves: [] });
    expect(got[4]).toMatchObject({ values: [[4]], outcome: 'N', moves: [{ move: 'cut edge 1-2', toValue: 0 }] });
    expect(got[5]).toMatchObject({ nimSum: 0, outcome: 'P' });
    // Fusion: the triangle at the ground is 3 loops, its tail a twig, the loop at 5 another: 1 ^ 1 ^ 1.
    expect(got[6]).toMatchObject({ values: [[1], [2], [2]], nimSum: 1, outcome: 'N' });
    expect(got[8]).toMatchObject({ values: [[1, 1, 2], [13], [3]], nimSum: 2 ^ 13 ^ 3 });
    expect(got[9]).toMatchObject({ outcome: 'N', sum: { value: 3 } }); // g(a) = 1: a -> c (0), a -> b (0)
  });

  it('text and CSV give the same outcomes; moves name the theorem position', async () => {
    const ok = LINES.slice(0, 10);
    writeFileSync(join(dir, 'ok.txt'), `# theorem games\n${ok.join('\n')}\n`);
    const text = await runCli(['eval', '--file', 'ok.txt', '--moves', 'one', '--db', db], { cwd: dir });
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'line 2: staircase@[3,0,5]  nim-sum 6 N  component 1 position [3,0,5]: move 2 coins from step 3 down to step 2',
    );
    expect(lines[2]).toBe(
      'line 4: moore:2@[3,5,6]  N  remove 2 from heap 2 (5 -> 3), 3 from heap 3 (6 -> 3) -> [3,3,3]',
    );
    expect(lines[3]).toBe('line 5: moore:2@[3,3,3]  P');
    const csv = await runCli(['eval', '--file', 'ok.txt', '--out', 'ok.csv', '--db', db], { cwd: dir });
    expect(csv.code, csv.stderr).toBe(0);
    const rows = readFileSync(join(dir, 'ok.csv'), 'utf8').trim().split('\n').slice(1);
    const expected: string[] = [];
    for (const line of ok) expected.push((await alone(line)).json!.outcome as string);
    expect(rows.map((row) => row.match(/,([PND]),/)?.[1])).toEqual(expected);
    expect(lines.map((l) => l.match(/ ([PND])( {2}|$)/)?.[1])).toEqual(expected);
    expect(expected).toEqual(['N', 'P', 'N', 'P', 'N', 'P', 'N', expect.any(String), 'N', 'N']);
  });

  it('300 seeded random staircases summed with heaps: the nim-sum of the odd steps and the heaps', async () => {
    const r = seededRandom(1498);
    const cases = Array.from({ length: 300 }, () => {
      const steps = Array.from({ length: randInt(r, 1, 7) }, () => BigInt(randInt(r, 0, 2 ** 31)));
      const heap = BigInt(randInt(r, 0, 2 ** 20));
      return { steps, heap, text: `staircase@[${steps.join(',')}] + nim@${heap}` };
    });
    writeFileSync(join(dir, 'random.txt'), `${cases.map((c) => c.text).join('\n')}\n`);
    const out = join(dir, 'random.jsonl');
    const res = await runCli(['eval', '--file', 'random.txt', '--out', out, '--db', db], { cwd: dir });
    expect(res.code, res.stderr).toBe(0);
    const got = records(out);
    expect(got.map((g) => BigInt(g.nimSum as number))).toEqual(cases.map((c) => staircaseValue(c.steps) ^ c.heap));
    expect(got.map((g) => g.position)).toEqual(cases.map((c) => c.text));
  });
});
