import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeInterruptedAt } from '../helpers/interrupt.js';
import { computeGame } from '../../src/engine/coordinator.js';
import { WorkerPool } from '../../src/engine/pool.js';
import { SparseRunner } from '../../src/engine/sparse-runner.js';
import { classTable, isRareHeap } from '../../src/kernels/sparse-mask.js';
import { parseRules } from '../../src/games/registry.js';
import type { Rules } from '../../src/rules/types.js';
import { loadSparseState, saveSparseState } from '../../src/store/sparse-state.js';
import { Store } from '../../src/store/store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { SPARSE_SEQ } from '../helpers/sparse-kernels.js';
import type { WorkerTasks } from '../../workers/tasks.js';

let pool: WorkerPool<WorkerTasks>;
let dir: string;
let cleanup: () => void;
let dbCount = 0;
const newStore = (): Store => Store.openForWrite(join(dir, `t${dbCount++}.db`));

beforeAll(() => {
  pool = new WorkerPool<WorkerTasks>(2);
  ({ dir, cleanup } = tempDir());
});
afterAll(async () => {
  await pool.destroy();
  cleanup();
});

async function table(rules: Rules, to: number, kernel: 'auto' | 'plain', store = newStore()): Promise<number[]> {
  const summary = await computeGame({ rules, store, pool, to, untilProven: false, kernel });
  expect(summary.kernel).toBe(
    kernel === 'plain' ? (rules.family === 'grundy' ? 'grundy-plain' : 'take-break') : SPARSE_SEQ,
  );
  const game = store.getGame(rules.key)!;
  return [...store.readValues(game, 0, to)];
}

/** The rare heaps of g[1, upto) under the stored mask, recomputed from the values. */
function expectedRare(values: number[], state: NonNullable<ReturnType<typeof loadSparseState>>): number[] {
  const cls = classTable(state.mask.bits);
  const out: number[] = [];
  for (let h = 1; h < state.upto; h++) if (isRareHeap(cls, state.mask, h, values[h]!)) out.push(h);
  return out;
}

describe('sparse runs through the coordinator', () => {
  it("Grundy's game: sparse equals plain, and the mask and rare heaps are stored with the table", async () => {
    const rules = parseRules('grundy');
    const store = newStore();
    const sparse = await table(rules, 12000, 'auto', store);
    expect(sparse).toEqual(await table(rules, 12000, 'plain'));
    const state = loadSparseState(store, store.getGame('grundy')!)!;
    expect(state.upto).toBe(12000);
    // Flammenkamp's mask ...11110, over the 7 bits that values below 12000 use.
    expect(Math.max(...sparse)).toBeLessThan(128);
    expect(state.mask).toEqual({ bits: 0x7e, parity: 0 });
    expect([...state.rare]).toEqual(expectedRare(sparse, state));
    store.close();
  });

  it('resume in the middle of a run (interrupted, then rerun) equals an uninterrupted run', async () => {
    for (const spec of ['grundy', 'octal:0.354']) {
      const rules = parseRules(spec);
      const N = 15000;
      const whole = await table(rules, N, 'auto');
      const store = newStore();
      await computeInterruptedAt({ rules, store, pool, to: N, untilProven: false }, 4000);
      const game = store.getGame(rules.key)!;
      expect(game.computed).toBeGreaterThan(0);
      expect(game.computed).toBeLessThan(N);
      const state = loadSparseState(store, game)!;
      expect(state.upto).toBe(game.computed);
      const resumed = await table(rules, N, 'auto', store);
      expect(resumed, spec).toEqual(whole);
      store.close();
    }
  });

  it("counts a long chunk for the mask late: the stored histogram is the table's, a resume goes on", async () => {
    const rules = parseRules('octal:0.167');
    const store = newStore();
    const oneWorker = { parallel: 'off' } as const;
    /** Counts of heaps 1..upto - 1 by (value << 1) | (heap & 1), as the histogram keeps them. */
    const counted = (values: number[], upto: number): number[] => {
      let top = 0;
      for (let h = 1; h < upto; h++) top = Math.max(top, values[h]!);
      const out = new Array<number>(2 * top + 2).fill(0);
      for (let h = 1; h < upto; h++) out[(values[h]! << 1) | (h & 1)]! += 1;
      return out;
    };
    for (const N of [200_000, 300_000]) {
      await computeGame({ rules, store, pool, to: N, untilProven: false, sparseTuning: oneWorker });
      const game = store.getGame(rules.key)!;
      const histogram = loadSparseState(store, game)!.histogram!;
      // Chunks past 2^16 heaps: the last one was counted after the state stored with it was taken.
      expect(histogram.upto).toBeGreaterThan(1 << 16);
      expect(histogram.upto).toBeLessThan(N);
      expect([...histogram.counts]).toEqual(counted([...store.readValues(game, 0, N)], histogram.upto));
    }
    const whole = newStore();
    await computeGame({ rules, store: whole, pool, to: 300_000, untilProven: false, sparseTuning: oneWorker });
    expect([...store.readValues(store.getGame(rules.key)!, 0, 300_000)]).toEqual([
      ...whole.readValues(whole.getGame(rules.key)!, 0, 300_000),
    ]);
    store.close();
    whole.close();
  });

  it('a stale or deliberately bad stored state still gives exact values', async () => {
    const rules = parseRules('octal:0.376');
    const N = 9000;
    const whole = await table(rules, N, 'plain');
    const store = newStore();
    await table(rules, 3000, 'auto', store);
    const game = store.getGame(rules.key)!;
    const state = loadSparseState(store, game)!;
    // The rare list stops short of the stored values: the runner extends it from the prefix.
    saveSparseState(store, game, { mask: state.mask, upto: 1000, rare: state.rare.filter((h) => h < 1000) });
    expect(await table(rules, 6000, 'auto', store)).toEqual(whole.slice(0, 6000));
    // A poor mask (every heap rare) that the runner may keep or revise: still exact.
    saveSparseState(store, store.getGame(rules.key)!, {
      mask: { bits: 0, parity: 0 },
      upto: 1,
      rare: new Uint32Array(0),
    });
    expect(await table(rules, N, 'auto', store)).toEqual(whole);
    store.close();
  });

  it('widens the table mid-run (values above 255) and stays exact', async () => {
    const rules = parseRules('octal:0.4444444444444444');
    const store = newStore();
    const sparse = await table(rules, 2600, 'auto', store);
    expect(Math.max(...sparse)).toBeGreaterThan(255);
    expect(store.getGame(rules.key)!.width).toBe(16);
    expect(sparse).toEqual(await table(rules, 2600, 'plain'));
    store.close();
  });

  it('falls back to the plain kernel for three-heap codes and codes without splits', async () => {
    const store = newStore();
    const s1 = await computeGame({ rules: parseRules('octal:0.8f'), store, pool, to: 300, untilProven: false });
    expect(s1.kernel).not.toContain('sparse');
    const s2 = await computeGame({ rules: parseRules('octal:0.33'), store, pool, to: 300, untilProven: false });
    expect(s2.kernel).not.toContain('sparse');
    store.close();
  });
});

describe('grundy compute reports the sparse kernel', () => {
  it("a run resumed on the split sums' words times one worker first, and no gang trial follows", async () => {
    // octal:0.167's values stay below 64: its one-worker chunks run on the words, which veto the
    // gang (engine/sparse-path.ts PLANES_VETO); a resumed run must learn that before any trial.
    const rules = parseRules('octal:0.167');
    const store = newStore();
    await computeGame({ rules, store, pool, to: 1 << 16, untilProven: false, kernel: 'auto' });
    const resumed = await computeGame({ rules, store, pool, to: 1 << 17, untilProven: false, kernel: 'auto' });
    expect(resumed.kernel).toBe(SPARSE_SEQ);
    const game = store.getGame(rules.key)!;
    expect([...store.readValues(game, 0, 1 << 17)]).toEqual(await table(rules, 1 << 17, 'auto'));
  });

  it('compute --json names the kernel', async () => {
    const db = join(dir, 'cli.db');
    const res = await runCli(['compute', 'grundy', '--to', '5000', '--json', '--workers', '1', '--db', db]);
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as { kernel: string; computed: number };
    expect(out).toMatchObject({ kernel: SPARSE_SEQ, computed: 5000 });
  });
});

describe('the chunks of a one-worker sparse run', () => {
  it("end the run's last chunk a quarter chunk short of the end, and a chunk before a check point on it", () => {
    const runner = SparseRunner.for(parseRules('octal:0.6'), 1)!;
    const lo = 1 << 16;
    const full = runner.chunkEnd(lo, 1 << 30) - lo;
    // Less than half a chunk past one chunk: the whole rest is one chunk, less its tail when it ends the run.
    const limit = lo + full + Math.floor(full / 4);
    expect(runner.chunkEnd(lo, limit)).toBe(limit);
    const end = runner.chunkEnd(lo, limit, true);
    expect(end).toBe(limit - Math.floor(full / 4));
    // The tail is one chunk, not split again.
    expect(runner.chunkEnd(end, limit, true)).toBe(limit);
  });
});

describe('the chunks of a two-worker sparse run', () => {
  it("make a gang's probe last no longer than one worker's chunk, by the gang's own cost", () => {
    const runner = SparseRunner.for(parseRules('octal:0.6'), 2)!;
    const { chooser } = runner;
    // One worker at 1 µs a heap; the gang's two trials, the second at 1.5 µs; one worker's probe wins.
    chooser.record('seq', 1000, 1);
    for (const ms of [9, 1.5]) {
      expect(chooser.next().path).toBe('gang');
      chooser.record('gang', 1000, ms);
    }
    expect(chooser.next()).toEqual({ path: 'seq', probe: true });
    chooser.record('seq', 1000, 1);
    runner.usPerHeap = 1;
    // One-worker chunks until the gang's probe, each asked for at its own start.
    let lo = 1 << 20;
    const seqLength = runner.chunkEnd(lo, 1 << 30) - lo;
    for (let i = 0; i < 20 && seqLength > 0; i++) {
      const end = runner.chunkEnd(lo, 1 << 30);
      if (end - lo !== seqLength) {
        expect(end - lo).toBe(Math.floor(seqLength / 1.5));
        return;
      }
      chooser.record('seq', end - lo, (end - lo) / 1000);
      lo = end;
    }
    expect.unreachable('the gang was never probed');
  });
});
