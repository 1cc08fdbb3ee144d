import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFormat, compute, evaluateBatch, evaluatePosition, UsageError } from '../../src/index.js';
import { tempDir } from '../helpers/cli.js';
import { naiveValues } from '../helpers/naive.js';

/*
 * src/api/evaluate.ts: a batch of three lines and the kinds of evaluatePosition, on a small store.
 * The graph is valued by hand: c is terminal (0), b -> c (1), e -> e only (a draw).
 */
const { dir, cleanup } = tempDir('grundy-api-evaluate-');
const db = join(dir, 'eval.db');
const graph = `graph:${join(dir, 'hand.txt')}`;

beforeAll(async () => {
  writeFileSync(join(dir, 'hand.txt'), 'b c\nc\ne e\n');
  await compute(graph, { db, workers: 1 });
});
afterAll(cleanup);

describe('evaluateBatch', () => {
  it('evaluates a 3-line file into JSON lines, a bad line reported and counted', async () => {
    const file = join(dir, 'positions.txt');
    const out = join(dir, 'results.jsonl');
    writeFileSync(file, 'kayles@5\n# a comment\nnim@3 + nim@3\nnotagame@1\n');
    const errors: { line: number; message: string }[] = [];
    const summary = await evaluateBatch(file, { db, out, workers: 1, onLineError: (e) => errors.push(e) });
    expect(summary.positions).toBe(3);
    expect(summary.failed).toBe(1);
    expect(errors.map((e) => e.line)).toEqual([4]);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { nimSum?: number; outcome?: string });
    expect(rows).toHaveLength(3);
    const kayles5 = naiveValues('kayles', 6)[5];
    expect(rows[0]).toMatchObject({ nimSum: kayles5, outcome: 'N' });
    expect(rows[1]).toMatchObject({ nimSum: 0, outcome: 'P' });
  });

  it('names the format by the file extension and refuses others', () => {
    expect(batchFormat('a.csv')).toBe('csv');
    expect(batchFormat('a.ndjson')).toBe('jsonl');
    expect(() => batchFormat('a.txt')).toThrow(UsageError);
  });
});

describe('evaluatePosition', () => {
  it('evaluates a heap sum as evaluate does', async () => {
    const r = await evaluatePosition('nim@5 + nim@5 + nim@1', { db, workers: 1 });
    expect(r.kind).toBe('sum');
    if (r.kind === 'sum') {
      expect(r.evaluation.nimSum).toBe(1n);
      expect(r.evaluation.outcome).toBe('N');
    }
  });

  it('evaluates tokens on a game graph as a loopy sum', async () => {
    const p = await evaluatePosition(`${graph}@b + nim@1`, { db, workers: 1 });
    expect(p.kind).toBe('loopy');
    if (p.kind === 'loopy') expect(p.evaluation.outcome).toBe('P');
    const d = await evaluatePosition(`${graph}@e + nim@1`, { db, workers: 1, moves: 'none' });
    if (d.kind === 'loopy') expect(d.evaluation.outcome).toBe('D');
    else expect.fail(`expected a loopy sum, got ${d.kind}`);
  });

  it('answers a Wythoff cell beyond any table by its formula', async () => {
    const r = await evaluatePosition('wythoff@1e18,2e18', { db });
    expect(r.kind).toBe('outcome');
  });

  it('refuses an empty position and a bad limit', async () => {
    await expect(evaluatePosition('  ', { db })).rejects.toThrow(UsageError);
    await expect(evaluatePosition('nim@1', { db, limit: 0 })).rejects.toThrow(UsageError);
  });
});
