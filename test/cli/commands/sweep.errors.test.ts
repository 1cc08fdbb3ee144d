import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { specFromArgs, type SweepArgs } from '../../../src/cli/commands/sweep.js';
import { UsageError } from '../../../src/errors.js';
import { runCli, tempDir } from '../../helpers/cli.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('grundy sweep: bad input', () => {
  it('turns flags into a sweep spec, or a usage error naming the fix', () => {
    expect(specFromArgs({ family: 'sub', size: '3', max: '60' })).toEqual({
      family: 'sub',
      minSize: 3,
      maxSize: 3,
      max: 60,
    });
    expect(specFromArgs({ family: 'allbut', 'max-size': '2', max: '9' })).toEqual({
      family: 'allbut',
      minSize: 1,
      maxSize: 2,
      max: 9,
    });
    expect(specFromArgs({ family: 'OCTAL', digits: '2', hex: true })).toEqual({
      family: 'octal',
      minDigits: 2,
      maxDigits: 2,
      base: 16,
    });
    expect(specFromArgs({ family: 'octal', 'max-digits': '3' })).toEqual({
      family: 'octal',
      minDigits: 1,
      maxDigits: 3,
      base: 8,
    });
    const cases: [SweepArgs, RegExp][] = [
      [{ family: 'grundy', size: '2' }, /cannot sweep 'grundy'; sweepable families: sub, allbut, octal/],
      [{ family: 'sub', size: '3' }, /need --max M/],
      [{ family: 'sub', max: '10' }, /need --size K \(or --max-size K\)/],
      [{ family: 'sub', size: '2', 'max-size': '3', max: '9' }, /--size or --max-size, not both/],
      [{ family: 'octal', size: '2' }, /--size is for sub and allbut sweeps/],
      [{ family: 'sub', digits: '2', max: '9' }, /--digits is for octal sweeps/],
      [{ family: 'sub', size: '2', max: '9', hex: true }, /--hex is for octal sweeps/],
      [{ family: 'sub', size: 'x', max: '9' }, /--size 'x' is not a non-negative integer/],
      [{ family: 'octal' }, /need --digits K/],
    ];
    for (const [args, message] of cases) {
      expect(() => specFromArgs(args), JSON.stringify(args)).toThrow(UsageError);
      expect(() => specFromArgs(args), JSON.stringify(args)).toThrow(message);
    }
  });

  it('exits 2 on bad input and 3 on an unknown report, one line, no stack trace', async () => {
    const path = join(tmp.dir, 'errors.db');
    // Independent processes, none of which writes: run them side by side.
    const cases: [string[], RegExp][] = [
      [['sweep'], /name a family to sweep/],
      [['sweep', 'sub', '--size', '5', '--max', '3'], /raise --max to at least 5/],
      [['sweep', '--report', 'r', '--sort', 'bogus'], /--sort bogus is not one of/],
      [['sweep', 'sub', '--size', '2', '--max', '9', '--no-until-proven'], /give --to N/],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli([...args, '--db', path])));
    for (const [i, [args, message]] of cases.entries()) {
      const r = results[i]!;
      expect(r.code, `${args.join(' ')}: ${r.signal ?? ''} ${r.stderr}`).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    await runCli(['sweep', 'sub', '--size', '2', '--max', '5', '--name', 'exists', '--db', path]);
    const [other, missing] = await Promise.all([
      runCli(['sweep', 'sub', '--size', '2', '--max', '6', '--name', 'exists', '--db', path]),
      runCli(['sweep', '--report', 'nope', '--db', path]),
    ]);
    expect(other.code, `${other.signal ?? ''} ${other.stderr}`).toBe(2);
    expect(other.stderr).toMatch(/already exists for other parameters/);
    expect(missing.code, `${missing.signal ?? ''} ${missing.stderr}`).toBe(3);
    expect(missing.stderr).toMatch(/no sweep named 'nope' \(stored sweeps: exists\)/);
  });
});
