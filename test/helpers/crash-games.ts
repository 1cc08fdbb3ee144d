import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { runCli, tempDir } from './cli.js';
import { exportChecksum, seeded, startCli, storedCount, waitFor } from './safety.js';

/**
 * Kill/resume suites, one file per kernel family so that they run in parallel. Each game has
 * 8-20 chunks within a second (they grow with the prefix), and the kill points of a suite fit in
 * them: 'commit:k' counts the chunks of one process, each resumed run starting where the last one
 * stored. A kill point past a run's last chunk would let it finish, and the suite says so; the
 * random kills hold each run still a few chunks in, so that none finishes before its kill.
 */
export interface CrashGame {
  readonly label: string;
  readonly key: string;
  readonly args: readonly string[];
  /** Fault points (src/testing/faults.ts): 'commit:k' dies inside the k-th chunk transaction. */
  readonly killPoints: readonly string[];
  /** How many SIGKILLs at seeded random times. */
  readonly randomKills: number;
  /** The random kills land within this many ms after the run's first stored chunk (default 300). */
  readonly killWithinMs?: number;
  readonly seed: number;
}

/** Open the store the way every command does and read the whole table: no error, no hole. */
function storedAfterCrash(db: string, key: string): number {
  const store = Store.openForRead(db);
  if (!store) return 0;
  try {
    const game = store.getGame(key);
    if (!game) return 0;
    expect(store.readValues(game).length).toBe(game.computed);
    return game.computed;
  } finally {
    store.close();
  }
}

export function defineCrashSuite(game: CrashGame): void {
  describe(`crash safety: ${game.label} (${game.key})`, () => {
    const tmp = tempDir();
    const ref = `${tmp.dir}/ref.db`;
    let expected = '';
    const figures = { kills: 0, identical: 0 };
    beforeAll(async () => {
      const r = await runCli([...game.args, '--db', ref]);
      expect(r.code, r.stderr).toBe(0);
      expected = await exportChecksum(ref, game.key);
    });
    afterAll(() => {
      tmp.cleanup();
      // The figures for the closing note.
      process.stdout.write(
        `crash ${game.label}: ${figures.kills} SIGKILLs, ${figures.identical} bit-identical resumes\n`,
      );
    });

    it('SIGKILL inside and right after chunk commits: clean store, bit-identical resume', async () => {
      const db = `${tmp.dir}/fixed.db`;
      let before = 0;
      for (const point of game.killPoints) {
        const r = await startCli([...game.args, '--db', db], { env: { GRUNDY_FAULT_KILL: point }, timeoutMs: 15_000 })
          .result;
        figures.kills++;
        expect(r.signal, `${point}: ${r.stderr}`).toBe('SIGKILL');
        const after = storedAfterCrash(db, game.key);
        expect(after, point).toBeGreaterThanOrEqual(before);
        before = after;
      }
      expect(before).toBeGreaterThan(0);
      const resumed = await runCli([...game.args, '--db', db]);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(await exportChecksum(db, game.key)).toBe(expected);
      figures.identical++;
    });

    if (game.randomKills > 0) {
      it('SIGKILL at seeded random moments mid-run: clean store, bit-identical resume', async () => {
        const db = `${tmp.dir}/random.db`;
        const random = seeded(game.seed);
        const whole = storedAfterCrash(ref, game.key);
        let finished = false;
        let kills = 0;
        for (let i = 0; i < game.randomKills && !finished; i++) {
          const before = storedAfterCrash(db, game.key);
          // The run stands still once it has stored its hold-th chunk (src/testing/faults.ts): it
          // cannot finish before the kill however fast the machine, only when fewer chunks are left.
          const hold = 2 + Math.floor(random() * 3);
          const run = startCli([...game.args, '--db', db], {
            env: { GRUNDY_FAULT_HOLD: `chunk-stored:${hold}` },
            timeoutMs: 120_000,
          });
          let exited = false;
          void run.result.then(() => (exited = true));
          // The kill lands at a seeded moment after this run's first stored chunk, so it always
          // finds the run mid-way: some chunks stored, the rest not yet.
          await waitFor(() => exited || storedCount(db, game.key) > before);
          const delay = Math.floor(random() * (game.killWithinMs ?? 300));
          const timer = setTimeout(() => run.child.kill('SIGKILL'), delay);
          const r = await run.result;
          clearTimeout(timer);
          const after = storedAfterCrash(db, game.key);
          if (r.signal === 'SIGKILL') {
            figures.kills++;
            kills++;
            // Killed mid-run: after this run stored something, and (the first run, held within
            // its first chunks) before the table was whole.
            expect(after, `kill ${i + 1}`).toBeGreaterThan(before);
            if (i === 0) expect(after).toBeLessThan(whole);
          } else {
            // Only a run that has fewer chunks left than its hold can finish; never the first.
            expect(i, r.stderr).toBeGreaterThan(0);
            expect(r.code, r.stderr).toBe(0);
            expect(after).toBe(whole);
            finished = true;
          }
        }
        expect(kills).toBeGreaterThanOrEqual(1);
        if (!finished) {
          const resumed = await runCli([...game.args, '--db', db]);
          expect(resumed.code, resumed.stderr).toBe(0);
        }
        expect(await exportChecksum(db, game.key)).toBe(expected);
        figures.identical++;
      });
    }
  });
}
