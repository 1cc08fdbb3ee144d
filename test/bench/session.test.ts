import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAnchorResult } from '../../bench/anchors.js';
import type { Machine } from '../../bench/machine.js';
import { planFor } from '../../bench/runner.js';
import { runSession, selectWorkloads } from '../../bench/session.js';
import { defineWorkload, seededRandom, type Workload } from '../../bench/workload.js';
import { BenchRunStore } from '../../src/store/bench-runs.js';
import { Store } from '../../src/store/store.js';

const machine: Machine = { nodeVersion: 'v20.0.0', cpuModel: 'Test CPU', cores: 2, gitCommit: 'abc' };

/** A tiny deterministic workload: the sum of a seeded list, with a checksum we can steer. */
function fake(
  name: string,
  opts: { plain?: bigint; expected?: string; pooledSum?: bigint; scaling?: boolean } = {},
): Workload {
  return defineWorkload<number[]>({
    name,
    suite: 'fake',
    description: 'test',
    size: { full: 100, quick: 10 },
    seed: 7,
    scaling: opts.scaling,
    setup: (size, random) => Array.from({ length: size }, () => Math.floor(random() * 100)),
    plain: (input, ctx) => ({
      checksum: opts.plain ?? ctx.timed(() => BigInt(input.reduce((a, b) => a + b, 0))),
      states: input.length,
    }),
    ...(opts.pooledSum !== undefined || opts.scaling
      ? {
          pooled: async (input: number[]) => ({
            checksum: opts.pooledSum ?? BigInt(input.reduce((a, b) => a + b, 0)),
            states: input.length,
          }),
        }
      : {}),
    ...(opts.expected ? { expected: { 10: opts.expected } } : {}),
  });
}

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'grundy-bench-test-'));
  store = Store.openForWrite(join(dir, 'b.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('seededRandom', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = seededRandom(3);
    const b = seededRandom(3);
    const c = seededRandom(4);
    const xs = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(xs);
    expect(c()).not.toBe(xs[0]);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe('planFor', () => {
  it('puts the plain baseline first and the pool at 1..cores for scaling workloads', () => {
    const plan = planFor([fake('s', { scaling: true }), fake('p')], { cores: 3 });
    expect(plan.map((p) => `${p.workload.name}:${p.mode}:${p.workers}`)).toEqual([
      's:plain:1',
      's:pool:1',
      's:pool:2',
      's:pool:3',
      'p:plain:1',
    ]);
    expect(planFor([fake('s', { scaling: true })], { cores: 3, workers: [2] }).map((p) => p.workers)).toEqual([1, 2]);
  });
});

describe('selectWorkloads', () => {
  it('refuses unknown suites and workloads with the names to use', () => {
    expect(() => selectWorkloads(['nope'], undefined)).toThrow(/unknown suite 'nope'; the suites are: .*take-break/);
    expect(() => selectWorkloads(undefined, ['nope'])).toThrow(/unknown workload 'nope'/);
  });
});

describe('runSession', () => {
  it('records each figure and compares the next session with it', async () => {
    const history = new BenchRunStore(store);
    const registry = [fake('a')];
    const first = await runSession({ quick: true, cores: 2, iterations: 2, registry }, machine, history);
    expect(first.runs).toHaveLength(1);
    expect(first.runs[0]!.previous).toBeUndefined();
    expect(first.failures).toEqual([]);
    const second = await runSession({ quick: true, cores: 2, iterations: 2, registry }, machine, history);
    expect(second.runs[0]!.previous?.session).toBe(first.session);
    expect(second.runs[0]!.vsPrevious).toBeGreaterThan(0);
    expect(second.warnings).toEqual([]);
    const runs = history.list('a');
    expect(runs).toHaveLength(2);
    expect(runs[0]!.checksum).toBe(runs[1]!.checksum);
    // A different CPU model is not comparable.
    const elsewhere = await runSession(
      { quick: true, cores: 2, iterations: 1, registry },
      { ...machine, cpuModel: 'Other' },
      history,
    );
    expect(elsewhere.runs[0]!.previous).toBeUndefined();
  });

  it('warns when the checksum of a workload changes against the history', async () => {
    const history = new BenchRunStore(store);
    await runSession({ quick: true, cores: 2, iterations: 1, registry: [fake('a', { plain: 5n })] }, machine, history);
    const later = await runSession(
      { quick: true, cores: 2, iterations: 1, registry: [fake('a', { plain: 6n })] },
      machine,
      history,
    );
    expect(later.warnings.join('\n')).toMatch(/checksum of a at N = 10 changed: 6 now, 5 on/);
  });

  it('fails a workload whose checksum differs from the expected one or from its plain baseline', async () => {
    const wrong = await runSession(
      { quick: true, cores: 1, iterations: 1, registry: [fake('w', { expected: '1' })] },
      machine,
      null,
    );
    expect(wrong.failures.join('\n')).toMatch(/w \(plain, N = 10\): checksum \d+, expected 1/);
    const pooled = await runSession(
      { quick: true, cores: 1, iterations: 1, registry: [fake('p', { pooledSum: 3n })] },
      machine,
      null,
    );
    expect(pooled.failures.join('\n')).toMatch(
      /p \(pool, 1 worker, N = 10\): checksum 3 differs from the plain kernel's/,
    );
  });

  it('refuses a workload whose checksum differs between runs on the same input', async () => {
    let calls = 0;
    const flaky = defineWorkload<number>({
      name: 'flaky',
      suite: 'fake',
      description: 'test',
      size: { full: 1, quick: 1 },
      plain: () => ({ checksum: BigInt(calls++), states: 1 }),
    });
    await expect(
      runSession({ quick: true, cores: 1, iterations: 2, registry: [flaky] }, machine, null),
    ).rejects.toThrow(/gave checksum 1 after 0 on the same input/);
  });

  it('builds the scaling rows from the pool runs of scaling workloads', async () => {
    const report = await runSession(
      { quick: true, cores: 2, iterations: 1, registry: [fake('s', { scaling: true })] },
      machine,
      null,
    );
    expect(report.runs.map((r) => `${r.measurement.mode}:${r.measurement.workers}`)).toEqual([
      'plain:1',
      'pool:1',
      'pool:2',
    ]);
    expect(report.scaling).toHaveLength(1);
    expect(report.scaling[0]!.byWorkers.map((w) => w.workers)).toEqual([1, 2]);
  });
});

describe('parseAnchorResult', () => {
  it('reads N, checksum and time_s from the RESULT line', () => {
    const out =
      'noise\nRESULT lang=c workload=subtract S=1,3,4 N=1000000 checksum=642858214284 zeros=285715 max=3 ' +
      'time_s=0.004 ns_per_state=3.5\n';
    expect(parseAnchorResult(out)).toEqual({ checksum: '642858214284', seconds: 0.004, states: 1_000_000 });
    expect(() => parseAnchorResult('usage: subtract N S')).toThrow(/no RESULT line/);
  });
});
