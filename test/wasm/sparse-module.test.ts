import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { relaxedSimdSupported } from '../../src/kernels/wasm/simd.js';
import { sparseWasmBuild, sparseWasmPath } from '../../src/wasm/sparse-module.js';
import { runCli, tempDir } from '../helpers/cli.js';

/** The whole stored table of `key`, read back as every command reads it. */
function storedValues(db: string, key: string): number[] {
  const store = Store.openForRead(db);
  if (!store) throw new Error(`no store at ${db}`);
  try {
    const game = store.getGame(key)!;
    return [...store.readValues(game)];
  } finally {
    store.close();
  }
}

/** A checksum as the bench and the C reference print it: sum g(n) * (n mod 1000003 + 1). */
function checksum(g: readonly number[]): bigint {
  let sum = 0n;
  for (let n = 0; n < g.length; n++) sum += BigInt(g[n]!) * BigInt((n % 1000003) + 1);
  return sum;
}

describe('sparse space: WebAssembly SIMD kernels where available, the JavaScript ones as the fallback', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it(
    '`compute --json` names the kernel that ran; both kernels store the same table, one worker and a ' + 'gang',
    async () => {
      const runs: { env: Record<string, string>; workers: string; kernel: string }[] = [
        { env: {}, workers: '1', kernel: 'sparse+simd' },
        { env: {}, workers: '2', kernel: 'sparse+simd+frozen-prefix' },
        { env: { GRUNDY_SPARSE_KERNEL: 'js' }, workers: '2', kernel: 'sparse+frozen-prefix' },
        // The plain SIMD build, where the default is the relaxed one.
        { env: { GRUNDY_SPARSE_KERNEL: 'simd' }, workers: '2', kernel: 'sparse+simd+frozen-prefix' },
      ];
      const sums: bigint[] = [];
      for (const [i, run] of runs.entries()) {
        const db = join(tmp.dir, `k${i}.db`);
        const args = ['compute', 'grundy', '--to', '70000', '--workers', run.workers, '--db', db, '--json'];
        const res = await runCli(args, { env: run.env, timeoutMs: 120_000 });
        expect(res.code, res.stderr).toBe(0);
        expect((JSON.parse(res.stdout) as { kernel: string }).kernel, JSON.stringify(run)).toBe(run.kernel);
        sums.push(checksum(storedValues(db, 'grundy')));
      }
      // The checksum the C reference prints for g(0..69999): `grundy_sparse 70000 0 scalar` (../shared/anchors).
      expect(sums).toEqual([161174788579n, 161174788579n, 161174788579n, 161174788579n]);
    },
  );

  it('`compute --json` reports the mask and the rare heaps: those of the stored table under that mask', async () => {
    const db = join(tmp.dir, 'officers.db');
    const args = ['compute', 'octal:0.6', '--to', '30000', '--workers', '2', '--db', db, '--json'];
    const res = await runCli(args, { timeoutMs: 120_000 });
    expect(res.code, res.stderr).toBe(0);
    const { facts } = JSON.parse(res.stdout) as { facts: { mask: string; rare: number } };
    const g = storedValues(db, 'octal:0.6');
    // The C reference, `octal_sparse 0.6 30000 0 scalar` (../shared/anchors): checksum and mask.
    expect(checksum(g)).toBe(50867994940n);
    expect(facts.mask).toBe('0x1ee');
    // A heap is rare when its value has an even number of the mask's bits: counted from the table.
    const mask = Number.parseInt(facts.mask.slice(2), 16);
    const bits = (v: number): number => (v === 0 ? 0 : (v & 1) + bits(v >> 1));
    const rare = g.filter((v, n) => n >= 1 && bits(v & mask) % 2 === 0).length;
    expect(facts.rare).toBe(rare);
    expect(rare).toBe(1583);
  });

  it('every Node this runs on has relaxed SIMD (Node 20 behind a flag that the probe sets), in its own build', () => {
    expect(relaxedSimdSupported()).toBe(true);
    expect(sparseWasmBuild()).toBe(process.env.GRUNDY_SPARSE_KERNEL === 'simd' ? 'simd' : 'relaxed');
    expect(readFileSync(sparseWasmPath('relaxed')).equals(readFileSync(sparseWasmPath('simd')))).toBe(false);
  });

  it('a bad GRUNDY_SPARSE_KERNEL is an error that says what to set', async () => {
    const args = ['compute', 'grundy', '--to', '70000', '--workers', '1', '--db', join(tmp.dir, 'bad.db')];
    const res = await runCli(args, { env: { GRUNDY_SPARSE_KERNEL: 'fast' } });
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toMatch(/^grundy: GRUNDY_SPARSE_KERNEL must be js, simd or wasm, not "fast"/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });
});
