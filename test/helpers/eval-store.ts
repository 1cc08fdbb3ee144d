import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { runCli, tempDir } from './cli.js';

/**
 * Shared by the eval CLI test files: a store with Kayles (proven), sub 1,3,4 (proven) and
 * Grundy's game to 300, and helpers that recheck a reported move through `grundy query`.
 */
const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'oeis-play.json'), 'utf8')) as {
  sequences: { oeis: string; values: number[] }[];
};
export const KAYLES = fixture.sequences.find((s) => s.oeis === 'A002186')!.values;

export interface MoveJson {
  component: number;
  heap: number;
  from: number | string;
  leaves: (number | string)[];
  values: (number | string)[];
  move: string;
}
export interface EvalJson {
  nimSum: number | string;
  outcome: 'P' | 'N';
  components: { game: string; heaps: (number | string)[]; values: (number | string)[] }[];
  moves: MoveJson[];
}

export const { dir, cleanup } = tempDir();
export const db = join(dir, 'g.db');

export async function query(game: string, ns: (number | string)[]): Promise<bigint[]> {
  const r = await runCli(['query', game, ...ns.map(String), '--json', '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { values: { value: number | string }[] }).values.map((v) => BigInt(v.value));
}

/** Recompute the nim-sum after a move from `grundy query`, independently of eval. */
export async function nimSumAfter(e: EvalJson, m: MoveJson, games: string[]): Promise<bigint> {
  let x = 0n;
  e.components.forEach((c, ci) => {
    c.values.forEach((v, hi) => {
      if (ci !== m.component - 1 || hi !== m.heap - 1) x ^= BigInt(v);
    });
  });
  const game = games[m.component - 1]!;
  if (m.leaves.length > 0) {
    if (game === 'nim') for (const l of m.leaves) x ^= BigInt(l);
    else for (const v of await query(game, m.leaves)) x ^= v;
  }
  return x;
}

/** Register, in the calling test file, the hooks that fill the store and remove it. */
export function useEvalStore(): void {
  beforeAll(async () => {
    for (const args of [
      ['compute', 'kayles', '--until-proven'],
      ['compute', 'sub:1,3,4', '--until-proven'],
      ['compute', 'grundy', '--to', '300'],
    ]) {
      const r = await runCli([...args, '--db', db, '--workers', '1']);
      expect(r.code, r.stderr).toBe(0);
    }
  });
  afterAll(cleanup);
}
