import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeInterruptedAt } from '../helpers/interrupt.js';
import { computeGame } from '../../src/engine/coordinator.js';
import type { ComputeSummary } from '../../src/engine/compute-request.js';
import { tileLength, tileUsAfter } from '../../src/engine/sparse-gangs.js';
import type { SparseTuning } from '../../src/engine/sparse-runner.js';
import { classTable, isRareHeap } from '../../src/kernels/sparse-mask.js';
import { parseRules } from '../../src/games/registry.js';
import type { Rules } from '../../src/rules/types.js';
import { loadSparseState } from '../../src/store/sparse-state.js';
import { Store } from '../../src/store/store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { poolsByWorkers } from '../helpers/pools.js';
import { SPARSE_GANG, SPARSE_SEQ } from '../helpers/sparse-kernels.js';

const poolOf = poolsByWorkers([1, 2, 3]);
let dir: string;
let cleanup: () => void;
let dbCount = 0;
const newStore = (): Store => Store.openForWrite(join(dir, `p${dbCount++}.db`));

beforeAll(() => {
  ({ dir, cleanup } = tempDir());
});
afterAll(() => cleanup());

interface Run {
  readonly values: number[];
  readonly summary: ComputeSummary;
}

async function run(
  rules: Rules,
  to: number,
  threads: number,
  kernel: 'auto' | 'plain',
  tuning?: SparseTuning,
  store = newStore(),
): Promise<Run> {
  const summary = await computeGame({
    rules,
    store,
    pool: poolOf(threads),
    to,
    untilProven: false,
    kernel,
    sparseTuning: tuning,
  });
  const values = [...store.readValues(store.getGame(rules.key)!, 0, to)];
  return { values, summary };
}

describe('parallel sparse chunks through the coordinator', () => {
  it("Grundy's game to 20000: parallel sparse == sequential sparse == plain for 1, 2 and 3 workers", async () => {
    const rules = parseRules('grundy');
    const plain = (await run(rules, 20000, 2, 'plain')).values;
    const seq = await run(rules, 20000, 2, 'auto', { parallel: 'off' });
    expect(seq.summary.kernel).toBe(SPARSE_SEQ);
    expect(seq.values).toEqual(plain);
    for (const [threads, chunk] of [
      [1, 1237],
      [2, 4099],
      [3, 1237],
    ] as const) {
      const par = await run(rules, 20000, threads, 'auto', { parallel: 'force', chunk, pipe: false });
      expect(par.values, `${threads} workers, chunk ${chunk}`).toEqual(plain);
      // The first chunk (from n = 0) has no frozen prefix and runs sequentially.
      expect(par.summary.kernel).toBe(threads > 1 ? SPARSE_GANG : SPARSE_SEQ);
      expect(par.summary.workers).toBe(threads);
    }
  });

  it('two-heap octal codes (incl. a width promotion past 255), forced parallel with odd chunks', async () => {
    for (const spec of ['octal:0.354', 'octal:0.77', 'octal:4.7', 'octal:0.4444444444444444']) {
      const rules = parseRules(spec);
      const plain = (await run(rules, 2700, 2, 'plain')).values;
      const par = await run(rules, 2700, 3, 'auto', { parallel: 'force', chunk: 211 });
      expect(par.values, spec).toEqual(plain);
      expect(par.summary.kernel, spec).toBe(SPARSE_GANG);
    }
  });

  it(
    "'auto' (the default): parallel once n is large, sequential below; 'off' stays sequential; all give the " +
      'same values',
    async () => {
      const rules = parseRules('grundy');
      const N = 70000;
      const seq = await run(rules, N, 2, 'auto', { parallel: 'off' });
      expect(seq.summary).toMatchObject({ kernel: SPARSE_SEQ, workers: 1 });
      const auto = await run(rules, N, 2, 'auto');
      expect(auto.summary.kernel).toBe(SPARSE_GANG);
      expect(auto.summary.workers).toBe(2);
      expect(auto.summary.sparse.chunks).toBeGreaterThan(0);
      expect(auto.values).toEqual(seq.values);
      // One thread: no gang, whatever the tuning says.
      const one = await run(rules, N, 1, 'auto');
      expect(one.summary).toMatchObject({ kernel: SPARSE_SEQ, workers: 1 });
      expect(one.values).toEqual(seq.values);
    },
  );

  it('a gang goes on from chunk to chunk (each stored as it is passed), with the same values', async () => {
    const rules = parseRules('grundy');
    const plain = (await run(rules, 9000, 2, 'plain')).values;
    const par = await run(rules, 9000, 2, 'auto', { parallel: 'force', chunk: 131 });
    expect(par.values).toEqual(plain);
    expect(par.summary.sparse.chunks).toBeGreaterThan(4 * par.summary.sparse.gangs);
    expect(par.summary.sparse.gangs).toBeGreaterThan(0);
  });

  it('a run resumed where gangs run reports the gang kernel, though its chunks end before the members', async () => {
    const rules = parseRules('grundy');
    const store = newStore();
    await run(rules, 40000, 2, 'auto', undefined, store);
    // Every chunk of this run is a gang's: none is a one-worker chunk that would name the kernel.
    const resumed = await run(rules, 70000, 2, 'auto', undefined, store);
    expect(resumed.summary.kernel).toBe(SPARSE_GANG);
    expect(resumed.values).toEqual((await run(rules, 70000, 2, 'auto', { parallel: 'off' })).values);
  });

  it('gangs stopped by values outgrowing their rows go on in a new gang, with the same values', async () => {
    const rules = parseRules('grundy');
    const plain = (await run(rules, 6000, 2, 'plain')).values;
    const par = await run(rules, 6000, 2, 'auto', { parallel: 'force', chunk: 7, tightRows: true, pipe: false });
    expect(par.values).toEqual(plain);
    expect(par.summary.sparse.regrows).toBeGreaterThan(0);
  });

  it(
    'resume mid-run (interrupted, then rerun) equals an uninterrupted run, and the stored rare list is ' + 'right',
    async () => {
      for (const spec of ['grundy', 'octal:0.354']) {
        const rules = parseRules(spec);
        const N = 15000;
        const tuning: SparseTuning = { parallel: 'force', chunk: 997 };
        const whole = (await run(rules, N, 2, 'plain')).values;
        const store = newStore();
        await computeInterruptedAt(
          { rules, store, pool: poolOf(2), to: N, untilProven: false, sparseTuning: tuning },
          5000,
        );
        const game = store.getGame(rules.key)!;
        expect(game.computed).toBeGreaterThan(0);
        expect(game.computed).toBeLessThan(N);
        const state = loadSparseState(store, game)!;
        expect(state.upto).toBe(game.computed);
        const cls = classTable(state.mask.bits);
        const values = [...store.readValues(game, 0, game.computed)];
        const rare: number[] = [];
        for (let h = 1; h < state.upto; h++) if (isRareHeap(cls, state.mask, h, values[h]!)) rare.push(h);
        expect([...state.rare], spec).toEqual(rare);
        const resumed = await run(rules, N, 2, 'auto', tuning, store);
        expect(resumed.values, spec).toEqual(whole);
        store.close();
      }
    },
  );

  it('compute --json with 2 workers reports the kernel that ran and the workers it kept busy', async () => {
    const db = join(dir, 'cli.db');
    const res = await runCli(['compute', 'grundy', '--to', '40000', '--json', '--workers', '2', '--db', db]);
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as { kernel: string; computed: number; workers: number };
    expect(out).toMatchObject({ kernel: SPARSE_GANG, computed: 40000, workers: 2 });
  });
});

describe("a sparse gang's first tiles", () => {
  it('hold about 800 µs of work in whole blocks of 16 heaps, within their bounds', () => {
    expect(tileLength(0)).toBe(256);
    // 800 / 1.1 = 727 heaps: 720.
    expect(tileLength(1.1)).toBe(720);
    expect(tileLength(0.3)).toBe(2672);
    expect(tileLength(0.01)).toBe(16384);
    expect(tileLength(20)).toBe(256);
    expect(tileLength(0.3, 300)).toBe(1008);
  });

  it('are shortened for good once a chunk rescans half its heaps', () => {
    expect(tileUsAfter(800, 1000, 499)).toBe(800);
    expect(tileUsAfter(800, 1000, 500)).toBe(300);
    expect(tileUsAfter(300, 1000, 0)).toBe(300);
    expect(tileUsAfter(800, 0, 0)).toBe(800);
  });
});
