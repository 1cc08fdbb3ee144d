import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quoteSpec } from '../../../src/errors.js';
import { runCli, tempDir } from '../../helpers/cli.js';
import { naiveMisere } from '../../helpers/naive-misere-sums.js';

const { dir, cleanup } = tempDir('grundy-cli-quotient-');
afterAll(cleanup);

describe('grundy quotient', () => {
  it('computes and stores a quotient, answers sums from it, and show prints it', async () => {
    const db = join(dir, 'q.db');
    const made = await runCli(['quotient', 'octal:0.75', '--db', db]);
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('order         8, P-portion {');
    expect(made.stdout).toMatch(/proven .*the quotient of every heap/);
    const json = await runCli(['quotient', '.75', '--json', '--db', db]);
    expect(JSON.parse(json.stdout)).toMatchObject({ game: 'octal:0.75', order: 8, period: { proven: true } });
    const isP = naiveMisere('octal:0.75');
    const answers = await runCli(['quotient', 'octal:0.75', '--eval', '3,5,7', '--eval', '2+2', '--json', '--db', db]);
    expect(answers.code).toBe(0);
    const [a, b] = JSON.parse(answers.stdout) as { outcome: string; move: { heap: number; to: number[] } | null }[];
    expect(a!.outcome).toBe(isP([3, 5, 7]) ? 'P' : 'N');
    expect(b!.outcome).toBe(isP([2, 2]) ? 'P' : 'N');
    const text = await runCli(['quotient', 'octal:0.75', '--eval', '1', '--db', db]);
    expect(text.stdout.trim()).toBe(`1: P (class a); every move loses`);
    const shown = await runCli(['show', 'octal:0.75', '--db', db]);
    expect(shown.stdout).toContain('misère quotient of heaps 1..');
    expect(JSON.parse((await runCli(['show', 'octal:0.75', '--json', '--db', db])).stdout).quotient.order).toBe(8);
  });

  it('exits 2 on bad input and 3 when nothing is stored, with one line saying what to do', async () => {
    const db = join(dir, 'bad.db');
    const notStored = await runCli(['quotient', 'kayles', '--eval', '3', '--db', db]);
    expect(notStored.code).toBe(3);
    // Into the same store: the command it names fills the store the failed one read.
    expect(notStored.stderr).toContain(`run: grundy quotient kayles --db ${quoteSpec(db)}`);
    const wrongGame = await runCli(['quotient', 'grundy', '--db', db]);
    expect(wrongGame.code).toBe(2);
    expect(wrongGame.stderr.trim().split('\n')).toHaveLength(1);
    expect((await runCli(['quotient', 'octal:0.75', '--eval', '3,x', '--db', db])).code).toBe(2);
    expect((await runCli(['quotient', 'octal:0.75', '--heaps', '0', '--db', db])).code).toBe(2);
    const help = await runCli(['quotient', '--help']);
    expect(help.stdout).toContain('--eval');
    expect(help.stdout).toContain('Examples:');
  });
});
