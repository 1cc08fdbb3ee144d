import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { exportChecksum, isOneLineError } from '../helpers/safety.js';
import { SPARSE_GANG } from '../helpers/sparse-kernels.js';

/**
 * GRUNDY_FAULT_WORKER_EXIT (src/testing/faults.ts) makes the worker whose chunk holds heap N
 * scribble over its range and end its thread: the pool must retry the chunk once on a fresh
 * thread, and fail cleanly when the retry dies too. Never a hole, never the scribbles.
 */
interface DeathCase {
  readonly title: string;
  readonly game: string;
  readonly args: readonly string[];
  /** The environment of every run of the case (besides the fault's). */
  readonly env?: Readonly<Record<string, string>>;
  readonly dieAt: number;
  /** What the reference run's --json must say (the path under test really ran). */
  readonly ran: Record<string, unknown>;
  /** The one-line error; groups: the failing task's [lo, hi), then where the table is stored up to. */
  readonly failure: RegExp;
  /** The stored prefix given the failing task's lo: a whole-chunk task keeps only what precedes it. */
  readonly storedOk: (storedTo: number, lo: number) => boolean;
}

const CASES: readonly DeathCase[] = [
  {
    title: 'a worker thread that dies mid-chunk',
    game: 'octal:0.16',
    args: ['compute', 'octal:0.16', '--until-proven', '--to', '4000', '--workers', '2'],
    dieAt: 2500,
    ran: { computed: 4000 },
    // A plain chunk, a sparse-space chunk or, where the frozen prefix runs, a gather tile.
    failure: new RegExp(
      String.raw`the worker failed twice on (?:chunk|sparse chunk|gather) \[(\d+), (\d+)\) of octal:0\.16, ` +
        String.raw`the second time on a fresh thread .*; octal:0\.16 is stored up to n = (\d+)$`,
      'm',
    ),
    storedOk: (storedTo, lo) => storedTo > 0 && storedTo <= lo,
  },
  {
    // A parallel sparse gang (engine/sparse-gangs.ts): the member whose tile holds heap N
    // dies just before finishing it; its retry resumes at that tile while the other member
    // waits. A second death stops the gang and keeps every heap it finished before.
    title: 'a gang member that dies mid-chunk',
    game: 'grundy',
    args: ['compute', 'grundy', '--to', '50000', '--workers', '2'],
    dieAt: 41000,
    ran: { kernel: SPARSE_GANG, workers: 2 },
    failure: new RegExp(
      String.raw`the worker failed twice on sparse gang member \d\/2 on \[(\d+), (\d+)\) of grundy, the second ` +
        String.raw`time on a fresh thread .*; grundy is stored up to n = (\d+)$`,
      'm',
    ),
    storedOk: (storedTo, lo) => storedTo > lo && storedTo <= 41000,
  },
  {
    // A sparse pipe (assembly/sparse/pipe.ts): the closer whose segment holds heap N dies as it
    // starts it; its retry goes on from the pipe's FIN while the marker waits. A second death
    // stops the pipe, the marker with it, and keeps every heap closed before.
    title: 'a sparse pipe closer that dies mid-chunk',
    game: 'octal:0.161',
    args: ['compute', 'octal:0.161', '--to', '120000', '--workers', '2'],
    env: { GRUNDY_SPARSE_GANG: 'pipe' },
    dieAt: 100000,
    ran: { kernel: 'sparse+simd+pipe', workers: 2 },
    failure: new RegExp(
      String.raw`the worker failed twice on sparse pipe closer on \[(\d+), (\d+)\) of octal:0\.161, the second ` +
        String.raw`time on a fresh thread .*; octal:0\.161 is stored up to n = (\d+)$`,
      'm',
    ),
    storedOk: (storedTo, lo) => storedTo > lo && storedTo <= 100000,
  },
  {
    // The subtraction gang (engine/subtract-gang.ts, WebAssembly tiles): same schedule, same
    // promises, with the member dying just before it finishes the tile that holds heap N.
    title: 'a subtraction gang member that dies mid-chunk',
    game: 'sub:squares',
    args: ['compute', 'sub:squares', '--to', '60000', '--workers', '2'],
    dieAt: 41000,
    ran: { kernel: 'infinite-subtraction+wasm-gang:subtract-squares', workers: 2 },
    failure: new RegExp(
      String.raw`the worker failed twice on subtraction gang member \d\/2 on \[(\d+), (\d+)\) of sub:squares, ` +
        String.raw`the second time on a fresh thread .*; sub:squares is stored up to n = (\d+)$`,
      'm',
    ),
    storedOk: (storedTo, lo) => storedTo > lo && storedTo <= 41000,
  },
  {
    // The frozen prefix's gang (engine/frozen-gang.ts): the same schedule and the same promises.
    title: 'a frozen-prefix gang member that dies mid-chunk',
    game: 'octal:0.8f',
    args: ['compute', 'hex:0.8f', '--to', '2000', '--workers', '2'],
    dieAt: 1500,
    ran: { kernel: 'take-break+frozen-prefix:take-break', workers: 2 },
    failure: new RegExp(
      String.raw`the worker failed twice on frozen-prefix gang member \d\/2 on \[(\d+), (\d+)\) of octal:0\.8f, ` +
        String.raw`the second time on a fresh thread .*; octal:0\.8f is stored up to n = (\d+)$`,
      'm',
    ),
    storedOk: (storedTo, lo) => storedTo > lo && storedTo <= 1500,
  },
];

for (const c of CASES) {
  describe(c.title, () => {
    const tmp = tempDir();
    let expected = '';
    beforeAll(async () => {
      const r = await runCli([...c.args, '--db', `${tmp.dir}/ref.db`, '--json'], { env: { ...c.env } });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject(c.ran);
      expected = await exportChecksum(`${tmp.dir}/ref.db`, c.game);
    });
    afterAll(() => tmp.cleanup());

    it('is retried once on a fresh worker: the table is complete and bit-identical', async () => {
      const db = `${tmp.dir}/once.db`;
      const counter = `${tmp.dir}/once.deaths`;
      const r = await runCli([...c.args, '--db', db], {
        env: { ...c.env, GRUNDY_FAULT_WORKER_EXIT: `${c.dieAt}:1:${counter}` },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(counter, 'utf8')).toBe('x');
      expect(await exportChecksum(db, c.game)).toBe(expected);
    });

    it(
      'dying again fails cleanly (exit 5, one line), keeps what was final before it, and resumes ' + 'identically',
      async () => {
        const db = `${tmp.dir}/twice.db`;
        const counter = `${tmp.dir}/twice.deaths`;
        const r = await runCli([...c.args, '--db', db], {
          env: { ...c.env, GRUNDY_FAULT_WORKER_EXIT: `${c.dieAt}:2:${counter}` },
        });
        expect(r.code, r.stderr).toBe(5);
        expect(isOneLineError(r.stderr), r.stderr).toBe(true);
        const m = c.failure.exec(r.stderr);
        expect(m, r.stderr).not.toBeNull();
        const [lo, hi, storedTo] = [Number(m![1]), Number(m![2]), Number(m![3])];
        expect(lo).toBeLessThanOrEqual(c.dieAt);
        expect(hi).toBeGreaterThan(c.dieAt);
        // No hole, none of the scribbled values.
        expect(c.storedOk(storedTo, lo), `stored up to ${storedTo}, failing task from ${lo}`).toBe(true);
        const store = Store.openForRead(db)!;
        const ref = Store.openForRead(`${tmp.dir}/ref.db`)!;
        const game = store.getGame(c.game)!;
        expect(game.computed).toBe(storedTo);
        expect(Array.from(store.readValues(game))).toEqual(
          Array.from(ref.readValues(ref.getGame(c.game)!, 0, storedTo)),
        );
        expect(store.listRuns(game, 1)[0]!.status).toBe('failed');
        store.close();
        ref.close();
        const resumed = await runCli([...c.args, '--db', db], { env: { ...c.env } });
        expect(resumed.code, resumed.stderr).toBe(0);
        expect(await exportChecksum(db, c.game)).toBe(expected);
      },
    );
  });
}
