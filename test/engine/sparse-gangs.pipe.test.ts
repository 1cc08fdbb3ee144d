import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeGame } from '../../src/engine/coordinator.js';
import type { ComputeSummary } from '../../src/engine/compute-request.js';
import type { SparseTuning } from '../../src/engine/sparse-runner.js';
import { parseRules } from '../../src/games/registry.js';
import type { Rules } from '../../src/rules/types.js';
import { Store } from '../../src/store/store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { computeInterruptedAt } from '../helpers/interrupt.js';
import { poolsByWorkers } from '../helpers/pools.js';
import { isOneLineError } from '../helpers/safety.js';

/** Checksums and largest values of six octal games to 30000, from the C reference (the fixture names it). */
const RECORDS = JSON.parse(
  readFileSync(new URL('../fixtures/octal-record-checksums.json', import.meta.url), 'utf8'),
) as { n: number; games: Record<string, { checksum: string; max: number }> };

const poolOf = poolsByWorkers([2]);
let dir: string;
let cleanup: () => void;
let dbCount = 0;
const newStore = (): Store => Store.openForWrite(join(dir, `p${dbCount++}.db`));

beforeAll(() => {
  ({ dir, cleanup } = tempDir());
});
afterAll(() => cleanup());

async function run(
  rules: Rules,
  to: number,
  tuning: SparseTuning,
  store = newStore(),
): Promise<{ values: number[]; summary: ComputeSummary }> {
  const summary = await computeGame({ rules, store, pool: poolOf(2), to, untilProven: false, sparseTuning: tuning });
  return { values: [...store.readValues(store.getGame(rules.key)!, 0, to)], summary };
}

describe('the sparse pipe: two workers split each block of a game with one split sum (assembly/sparse/pipe.ts)', () => {
  it('equals the one-worker kernel from its first gang on, with odd chunks (Grundy, 0.161, 0.034)', async () => {
    for (const [spec, N, chunk] of [
      ['grundy', 20000, 4099],
      ['octal:0.161', 20000, 1237],
      ['octal:0.034', 12000, 211],
    ] as const) {
      const rules = parseRules(spec);
      const seq = await run(rules, N, { parallel: 'off' });
      const piped = await run(rules, N, { parallel: 'force', chunk, pipe: true });
      expect(piped.values, spec).toEqual(seq.values);
      expect(piped.summary.kernel, spec).toContain('pipe');
    }
  });

  it("Officers to 30000 (values past 255) equals the C reference's table", async () => {
    const piped = await run(parseRules('octal:0.6'), RECORDS.n, { parallel: 'force', chunk: 997, pipe: true });
    let sum = 0n;
    for (let n = 0; n < RECORDS.n; n++) sum += BigInt(piped.values[n]!) * BigInt((n % 1000003) + 1);
    expect({ checksum: String(sum), max: Math.max(...piped.values) }).toEqual(RECORDS.games['octal:0.6']);
    expect(piped.summary.kernel).toContain('pipe');
  });

  it('takes over from a tile gang whose chunk rescans a fifth of its heaps (0.161), same values', async () => {
    const rules = parseRules('octal:0.161');
    const seq = await run(rules, 40000, { parallel: 'off' });
    const auto = await run(rules, 40000, { parallel: 'force', chunk: 997 });
    expect(auto.values).toEqual(seq.values);
    expect(auto.summary.kernel).toBe('sparse+simd+frozen-prefix+pipe');
    // Never where the tuning says no.
    const tiles = await run(rules, 40000, { parallel: 'force', chunk: 997, pipe: false });
    expect(tiles.summary.kernel).toBe('sparse+simd+frozen-prefix');
    expect(tiles.values).toEqual(seq.values);
  });

  it('is not taken by a game with few rare heaps (0.167: 59), whatever its tile gang rescans', async () => {
    const rules = parseRules('octal:0.167');
    const seq = await run(rules, 40000, { parallel: 'off' });
    const auto = await run(rules, 40000, { parallel: 'force', chunk: 997 });
    // A fifth to nine tenths of its heaps rescanned: rare heaps aside, a pipe would take over.
    const share = auto.summary.sparse.rescans / 40000;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.9);
    expect(auto.summary.kernel).toBe('sparse+simd+frozen-prefix');
    expect(auto.values).toEqual(seq.values);
  });

  it('resumes mid-run (interrupted, then rerun) to the same table', async () => {
    const rules = parseRules('octal:0.6');
    const N = 20000;
    const tuning: SparseTuning = { parallel: 'force', chunk: 1501, pipe: true };
    const whole = (await run(rules, N, { parallel: 'off' })).values;
    const store = newStore();
    await computeInterruptedAt(
      { rules, store, pool: poolOf(2), to: N, untilProven: false, sparseTuning: tuning },
      9000,
    );
    const computed = store.getGame(rules.key)!.computed;
    expect(computed).toBeGreaterThan(0);
    expect(computed).toBeLessThan(N);
    const resumed = await run(rules, N, tuning, store);
    expect(resumed.values).toEqual(whole);
    store.close();
  });

  it('GRUNDY_SPARSE_GANG picks the gang (pipe or tiles); anything else is a one-line usage error', async () => {
    for (const [value, kernel] of [
      ['pipe', 'sparse+simd+pipe'],
      ['tiles', 'sparse+simd+frozen-prefix'],
    ] as const) {
      const db = join(dir, `env-${value}.db`);
      const res = await runCli(['compute', 'octal:0.161', '--to', '40000', '--workers', '2', '--json', '--db', db], {
        env: { GRUNDY_SPARSE_GANG: value },
      });
      expect(res.code, res.stderr).toBe(0);
      expect((JSON.parse(res.stdout) as { kernel: string }).kernel).toContain(kernel);
    }
    const bad = await runCli(['compute', 'grundy', '--to', '1000', '--db', join(dir, 'env-bad.db')], {
      env: { GRUNDY_SPARSE_GANG: 'both' },
    });
    expect(bad.code).toBe(2);
    expect(isOneLineError(bad.stderr), bad.stderr).toBe(true);
    expect(bad.stderr).toContain('GRUNDY_SPARSE_GANG must be pipe or tiles');
  });
});
