import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { db, type EvalJson, KAYLES, nimSumAfter, query, useEvalStore } from '../../helpers/eval-store.js';

useEvalStore();

describe('grundy eval', () => {
  it('evaluates the issue example; every winning move reaches nim-sum 0', async () => {
    const games = ['octal:0.77', 'sub:1,3,4', 'nim'];
    const r = await runCli(['eval', 'octal:0.77@10 + sub:1,3,4@100,7 + nim@5', '--moves', 'all', '--json', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    const e = JSON.parse(r.stdout) as EvalJson;
    const values = [...(await query('kayles', [10])), ...(await query('sub:1,3,4', [100, 7])), 5n];
    expect(BigInt(e.nimSum)).toBe(values.reduce((a, b) => a ^ b, 0n));
    expect(BigInt(KAYLES[10]!)).toBe(values[0]);
    expect(e.outcome).toBe(BigInt(e.nimSum) === 0n ? 'P' : 'N');
    expect(e.moves.length).toBeGreaterThan(0);
    for (const m of e.moves) expect(await nimSumAfter(e, m, games)).toBe(0n);
  });

  it("uses the proven period for a heap of 10^30 and reports moves in the game's own terms", async () => {
    const r = await runCli([
      'eval',
      'kayles@1e30 + kayles@2^70 + grundy@200',
      '--moves',
      'all',
      '--limit',
      '20',
      '--json',
      '--db',
      db,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const e = JSON.parse(r.stdout) as EvalJson;
    expect(e.outcome).toBe('N');
    for (const m of e.moves) {
      expect(m.move).toMatch(
        new RegExp(
          String.raw`^(remove \d+ tokens?(, leaving \d+| and split the rest into \d+ \+ \d+| \(the ` +
            String.raw`whole heap\))|split into \d+ and \d+)$`,
        ),
      );
      expect(await nimSumAfter(e, m, ['kayles', 'kayles', 'grundy'])).toBe(0n);
    }
    const one = await runCli(['eval', 'kayles@1e30', '+', 'nim@2', '--db', db]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/N-position/);
    expect(one.stdout).toMatch(/a winning move:/);
  });

  it("Lasker's Nim at 10^18 needs no table: a removal or a split, each to nim-sum 0", async () => {
    // g(4k+3) = 4k+4 (Winning Ways), so 10^18 + 3 has value 10^18 + 4; g(7) = 8, g(10) = 10.
    const cases = [
      ['lasker@7 + nim@5', /^remove 2 tokens, leaving 5$/],
      ['octal:4.3...@1000000000000000003 + nim@1000000000000000003', /^split into 1 \+ 1000000000000000002$/],
      ['lasker@10,3 + nim@9', /^(remove \d+ tokens?, leaving \d+|split into \d+ \+ \d+)$/],
    ] as const;
    for (const [position, move] of cases) {
      const r = await runCli(['eval', position, '--json', '--db', db]);
      expect(r.code, r.stderr).toBe(0);
      const e = JSON.parse(r.stdout) as EvalJson;
      expect(e.outcome, position).toBe('N');
      expect(e.moves[0]!.move, position).toMatch(move);
      expect(await nimSumAfter(e, e.moves[0]!, ['lasker', 'nim']), position).toBe(0n);
    }
  });

  it('computes a missing small table on the fly and stores it', async () => {
    const r = await runCli(['eval', 'dawson-chess@50 + nim@0', '--json', '--db', db, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/computing and storing/);
    const show = await runCli(['show', 'octal:0.137', '--json', '--db', db]);
    expect(show.code).toBe(0);
    expect((JSON.parse(show.stdout) as { computed: number }).computed).toBeGreaterThanOrEqual(51);
  });

  it('exits 3 with the compute command for a heap beyond any table, 2 for a bad position', async () => {
    const big = await runCli(['eval', 'grundy@5e6', '--db', db]);
    expect(big.code).toBe(3);
    expect(big.stderr).toMatch(/run: grundy compute grundy --to 5000001/);
    // A sparse-space game's table goes on to 2^32 values (in a window); past that only a period answers.
    const far = await runCli(['eval', 'grundy@3e9', '--db', db]);
    expect(far.code).toBe(3);
    expect(far.stderr).toMatch(/run: grundy compute grundy --to 3000000001/);
    const huge = await runCli(['eval', 'grundy@1e12', '--db', db]);
    expect(huge.code).toBe(3);
    expect(huge.stderr).toMatch(/heaps from 4294967296 on need a proven period/);
    // A family with a proof: computed until its period is proven, which answers any heap (issue 40).
    const proof = await runCli(['eval', 'octal:0.07@1e12', '--db', db]);
    expect(proof.code, proof.stderr).toBe(0);
    expect(proof.stderr).toMatch(/octal:0\.07 is not stored far enough: computing and storing it until its period/);
    for (const bad of ['kayles', 'kayles@x', 'foo@3', 'kayles@3 +']) {
      const r = await runCli(['eval', bad, '--db', db]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
