import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';

/**
 * The published sequences (test/fixtures/oeis-sequences.json) through the command users run:
 * `grundy compute` on one worker to the sequence's length, and on two workers far enough
 * (10^5) that the planner has work to split (below some 10^4 values it keeps to one), read back with
 * `grundy query`. The kernel tests (test/kernels.reference.test.ts) run them in-process through
 * the plain kernel only; here the planner's choice of kernel, the pool, the chunks and the store
 * are in the path too.
 */
interface Sequence {
  readonly oeis: string;
  readonly game: string;
  readonly values: readonly number[];
}
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/oeis-sequences.json', import.meta.url), 'utf8')) as {
  sequences: Sequence[];
};
/** One of each kind of kernel: take-and-break, sparse space, infinite subtraction, Grundy's game. */
const CHOSEN = ['A002187', 'A046695', 'A014586', 'A002188'];

const { dir, cleanup } = tempDir();
afterAll(cleanup);

describe('published sequences through grundy compute', () => {
  const cases = CHOSEN.flatMap((id) => [1, 2].map((workers) => [id, workers] as const));
  it.each(cases)('%s on %i worker(s)', async (id, workers) => {
    const seq = fixture.sequences.find((s) => s.oeis === id)!;
    const db = join(dir, `${id}-${workers}.db`);
    const N = seq.values.length;
    const to = workers === 1 ? N : 100_000;
    const r = await runCli([
      'compute',
      seq.game,
      '--to',
      String(to),
      '--workers',
      String(workers),
      '--json',
      '--db',
      db,
    ]);
    expect(r.code, r.stderr).toBe(0);
    // How many threads a chunk used is the planner's measured choice: only the table is asserted.
    expect((JSON.parse(r.stdout) as { computed: number }).computed).toBe(to);
    const q = await runCli(['query', seq.game, `0..${N - 1}`, '--json', '--db', db]);
    expect(q.code, q.stderr).toBe(0);
    const values = (JSON.parse(q.stdout) as { values: { n: number | string; value: number | string }[] }).values;
    expect(values.map((v) => Number(v.n))).toEqual(seq.values.map((_, n) => n));
    expect(values.map((v) => Number(v.value))).toEqual(seq.values);
  });
});
