import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { parseRules, plainKernel } from '../../src/games/registry.js';
import { runCli, tempDir } from '../helpers/cli.js';

const MODULE = resolve(import.meta.dirname, '..', 'fixtures', 'modules', 'board-keeps-sum.js');
const { dir, cleanup } = tempDir();
afterAll(cleanup);

describe('2d:module whose move keeps x + y (test/fixtures/modules/board-keeps-sum.js)', () => {
  const spec = `2d:module:${MODULE}`;
  const wrong = /2-D rules module .*board-keeps-sum\.js: the move from \(1, 0\) to \(0, 1\) is not closer to \(0, 0\)/;

  it.each([
    ['compute', spec, '--size', '8'],
    ['eval', `${spec}@3,4`],
  ])('grundy %s exits 2 with one line naming the module, the cell and the move', async (...args) => {
    const r = await runCli([...args, '--db', join(dir, 'g.db'), '--workers', '1']);
    expect(r.code, r.stderr).toBe(2);
    const errors = r.stderr.split('\n').filter((line) => line.includes('is not closer'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(wrong);
  });

  it('the plain cell kernel refuses it as a usage error too', async () => {
    const { options } = (await import(MODULE)) as { options: (x: number, y: number) => Iterable<[number, number]> };
    const kernel = plainKernel(parseRules(spec), options as never);
    expect(() => kernel.run(new Uint8Array(16), 0, 16, 0)).toThrow(UsageError);
    expect(() => kernel.run(new Uint8Array(16), 0, 16, 0)).toThrow(wrong);
  });
});
