import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compute,
  computeMisere,
  count,
  evaluate,
  evaluateMisere,
  GrundyError,
  NotComputedError,
  openStore,
  parseGame,
  query,
  queryMisere,
  UsageError,
} from '../src/index.js';
import { naiveValues } from './helpers/naive-games.js';

let dir: string;
let db: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'grundy-api-'));
  db = join(dir, 'api.db');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('public API', () => {
  it('misère play: evaluate, query, compute and store', async () => {
    const e = await evaluateMisere('nim@1,1,1 + kayles@0', { db });
    expect([e.evaluation.outcome, e.evaluation.method]).toEqual(['P', 'search']);
    const s = await computeMisere('octal:0.312', { db, to: 8 });
    expect(s.firstWild).toBe(4);
    const q = await queryMisere('octal:0.312', ['4'], { db });
    expect(q.answers[0]).toMatchObject({ genus: '2^1420', tame: false, source: 'table' });
  });

  it('parseGame gives the canonical key and typed errors with the CLI exit codes', () => {
    expect(parseGame('kayles').key).toBe('octal:0.77');
    expect(parseGame('.77').key).toBe('octal:0.77');
    expect(parseGame('sub:3,1,4').provable).toBe(true);
    let caught: unknown;
    try {
      parseGame('nonsense:1');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect(caught).toBeInstanceOf(GrundyError);
    expect((caught as GrundyError).exitCode).toBe(2);
  });

  it('compute, query, the store view, evaluate and count agree with the naive values', async () => {
    expect(() => query('sub:1,3,4', [5], { db })).toThrow(NotComputedError);
    const summary = await compute('sub:1,3,4', { db, to: 200, untilProven: true, workers: 1 });
    expect(summary.periodicity?.proven).toBe(true);
    expect(summary.periodicity?.period).toBe(7);
    const naive = naiveValues(parseGame('sub:1,3,4').rules, 60);
    const answers = query('sub:1,3,4', ['0..59'], { db });
    expect(answers.map((a) => Number(a.value))).toEqual(Array.from(naive));
    // Beyond the table: from the proven period (period 7, values 0,1,0,1,2,3,2).
    const far = query('sub:1,3,4', [10n ** 30n], { db })[0]!;
    if (far.kind !== 'heap') throw new Error(`a heap game answered as ${far.kind}`);
    expect(far.source).toBe('certificate');
    expect(far.value).toBe(BigInt(naive[Number(10n ** 30n % 7n) + 7]!));

    const store = openStore(db);
    try {
      expect(store.games().map((g) => g.key)).toEqual(['sub:1,3,4']);
      expect(Array.from(store.values('sub:4,3,1', 0, 10))).toEqual(Array.from(naive.slice(0, 10)));
      expect(() => store.values('sub:1,3,4', 0, 10_000)).toThrow(NotComputedError);
      expect(() => store.values('sub:1,3,4', 5, 2)).toThrow(UsageError);
    } finally {
      store.close();
    }

    const e = await evaluate('sub:1,3,4@5 + nim@3', { db, computeMissing: false });
    expect(e.evaluation.nimSum).toBe(BigInt(naive[5]!) ^ 3n);
    expect(e.evaluation.outcome).toBe(e.evaluation.nimSum === 0n ? 'P' : 'N');
    await expect(evaluate('kayles@10', { db, computeMissing: false })).rejects.toBeInstanceOf(NotComputedError);
    await expect(evaluate('kayles@10 +', { db })).rejects.toBeInstanceOf(UsageError);

    // Two heaps of sub:1,3,4 in [0, 20] with equal values: count by hand.
    const values = Array.from(naive.slice(0, 21));
    let pairs = 0n;
    for (const a of values) for (const b of values) if (a === b) pairs++;
    const c = await count({ 'sub:1,3,4': 2 }, { max: 20, db });
    expect(c.count).toBe(pairs);
  });

  it('the no-files mode refuses a spec that names a file without reading it', () => {
    const path = join(dir, 'rules.js');
    writeFileSync(path, 'export function options(n) { return []; }\n');
    const store = openStore(db, { specs: 'no-files' });
    try {
      expect(() => store.find(`module:${path}`)).toThrow(/names a file/);
      expect(() => store.find('module:/etc/passwd')).toThrow(UsageError);
      expect(store.find('kayles')).toBeUndefined();
    } finally {
      store.close();
    }
  });
});
