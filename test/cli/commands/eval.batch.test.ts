import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quoteSpec } from '../../../src/errors.js';
import { runCli } from '../../helpers/cli.js';
import { db, dir, KAYLES, type MoveJson, nimSumAfter, query, useEvalStore } from '../../helpers/eval-store.js';
import { naiveValues } from '../../helpers/naive-games.js';

useEvalStore();

/** One CSV row split into its fields (RFC 4180: a quoted field may hold commas and "" for "). */
function parseCsvRow(row: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (row[i] === '"') {
      for (i++; ; i++) {
        if (i >= row.length) throw new Error(`unterminated quoted field in ${row}`);
        if (row[i] === '"' && row[i + 1] === '"') {
          field += '"';
          i++;
        } else if (row[i] === '"') {
          i++;
          break;
        } else field += row[i];
      }
    } else {
      while (i < row.length && row[i] !== ',') field += row[i++];
    }
    fields.push(field);
    if (i >= row.length) return fields;
    if (row[i] !== ',') throw new Error(`a quoted field is followed by '${row[i]}' in ${row}`);
    i++;
  }
}

describe('grundy eval --file', () => {
  it('evaluates every line, reports a bad line with its number and exits 1 at the end', async () => {
    const file = join(dir, 'positions.txt');
    const lines = [
      'kayles@10 + nim@5',
      'kayles@3,4 + sub:1,3,4@9',
      'nope@3',
      '# a comment',
      '',
      'kayles@1e20 + grundy@100',
      'grundy@5e6',
    ];
    writeFileSync(file, `${lines.join('\n')}\n`);
    const out = join(dir, 'results.jsonl');
    const r = await runCli(['eval', '--file', file, '--out', out, '--moves', 'one', '--db', db, '--workers', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 3: unknown game 'nope'/);
    // The hint computes into the store the batch read.
    const hint = r.stderr.split('\n').find((l) => l.includes('line 7: '));
    expect(hint).toMatch(/grundy compute grundy .*--db (\S+)$/);
    expect(hint!.endsWith(` --db ${quoteSpec(db)}`), hint).toBe(true);
    expect(r.stderr).toMatch(/2 of 5 positions failed/);
    type BatchRecord = {
      line: number;
      position: string;
      values: (number | string)[][];
      nimSum: number | string;
      moves: MoveJson[];
      error?: string;
    };
    const results = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as BatchRecord);
    expect(results.map((x) => x.line)).toEqual([1, 2, 3, 6, 7]);
    expect(results[2]!.error).toMatch(/unknown game/);
    const games = [['kayles', 'nim'], ['kayles', 'sub:1,3,4'], [], ['kayles', 'grundy']];
    for (const [i, res] of [results[0]!, results[1]!, results[3]!].entries()) {
      const g = games[i === 2 ? 3 : i]!;
      let x = 0n;
      const components = res.position
        .split(' + ')
        .map((c, ci) => ({ heaps: c.split('@')[1]!.split(','), values: res.values[ci]! }));
      for (const [ci, c] of components.entries()) {
        const vals = g[ci] === 'nim' ? c.heaps.map(BigInt) : await query(g[ci]!, c.heaps);
        expect(c.values.map(BigInt)).toEqual(vals);
        for (const v of vals) x ^= v;
      }
      expect(BigInt(res.nimSum)).toBe(x);
      expect(res.moves.length).toBe(x === 0n ? 0 : 1);
      const asEval = {
        nimSum: res.nimSum,
        outcome: 'N' as const,
        components: components.map((c) => ({ game: '', ...c })),
        moves: res.moves,
      };
      for (const m of res.moves) expect(await nimSumAfter(asEval, m, g)).toBe(0n);
    }
  });

  it('writes CSV, and every line of a clean batch succeeds with exit 0', async () => {
    const file = join(dir, 'clean.txt');
    const lines = Array.from({ length: 300 }, (_, i) => `kayles@${i} + sub:1,3,4@${(i * 7) % 50} + nim@${i % 9}`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const out = join(dir, 'results.csv');
    const r = await runCli(['eval', '--file', file, '--out', out, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    const rows = readFileSync(out, 'utf8').trim().split('\n');
    expect(rows[0]).toBe('line,position,nim_sum,outcome,moves,error');
    expect(rows).toHaveLength(301);
    // The oracle: values by the plain mex definition (test/helpers/naive-games.ts), not from the store.
    const kayles = naiveValues('octal:0.77', 300);
    const sub = naiveValues('sub:1,3,4', 50);
    // The naive Kayles agrees with the published terms it overlaps (OEIS A002186).
    expect(Array.from(kayles.subarray(0, KAYLES.length))).toEqual(KAYLES);
    rows.slice(1).forEach((row, i) => {
      const nimSum = kayles[i]! ^ sub[(i * 7) % 50]! ^ (i % 9);
      // Every column: the line number, the position as written (quoted: it holds commas), the
      // nim-sum, the outcome, no moves (--file lists none by default) and no error.
      expect(parseCsvRow(row), `line ${i + 1}`).toEqual([
        String(i + 1),
        lines[i],
        String(nimSum),
        nimSum === 0 ? 'P' : 'N',
        '',
        '',
      ]);
    });
  });
});
