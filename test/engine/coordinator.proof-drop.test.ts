import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

/**
 * The coordinator launches the next chunk before it checks the last one. When the check proves
 * the period, that chunk is past the proof: it is stopped, not waited for (engine/coordinator.ts).
 */
describe('a proof while the next chunk runs', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('stops that chunk: a worker that would stand still forever does not hold the run up', async () => {
    const args = ['compute', 'sub:1,3,4', '--until-proven', '--workers', '1', '--json'];
    const plain = await runCli([...args, '--db', join(tmp.dir, 'plain.db')]);
    expect(plain.code, plain.stderr).toBe(0);
    const proof = JSON.parse(plain.stdout) as { computed: number; stop: string };
    expect(proof.stop).toBe('proven');
    // The chunk after the proof holds heap `computed`; its worker stands still there until the
    // pool stops its task (src/testing/faults.ts), and says so in `held`.
    const held = join(tmp.dir, 'held');
    const r = await runCli([...args, '--db', join(tmp.dir, 'held.db')], {
      env: { GRUNDY_FAULT_WORKER_HOLD: `${proof.computed}:${held}` },
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ stop: 'proven', computed: proof.computed });
    expect(existsSync(held)).toBe(true);
  });
});
