import { describe, expect, it } from 'vitest';
import { formatPosition, parsePosition, splitPosition } from '../../src/play/position.js';
import { GrundyError } from '../../src/errors.js';

describe('parsePosition', () => {
  it('reads the issue example: a component may hold several heaps', () => {
    const p = parsePosition('octal:0.77@10 + sub:1,3,4@100,7 + nim@5');
    expect(p).toEqual([
      { spec: 'octal:0.77', heaps: [10n] },
      { spec: 'sub:1,3,4', heaps: [100n, 7n] },
      { spec: 'nim', heaps: [5n] },
    ]);
    expect(formatPosition(p)).toBe('octal:0.77@10 + sub:1,3,4@100,7 + nim@5');
  });

  it('accepts huge heaps written as 1e30, 2^100 and 1_000', () => {
    const [c] = parsePosition('kayles@1e30,2^100,1_000');
    expect(c!.heaps).toEqual([10n ** 30n, 2n ** 100n, 1000n]);
  });

  it.each([
    ['', /empty position/],
    ['kayles', /has no heaps/],
    ['kayles@', /no heaps after/],
    ['@5', /names no game/],
    ['kayles@3 +', /empty component/],
    ['kayles@3,,4', /empty heap/],
    ['kayles@-3', /negative/],
    ['kayles@3.5', /not/],
  ])('refuses %j with a one-line usage error', (text, message) => {
    let err: unknown;
    try {
      parsePosition(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GrundyError);
    expect((err as GrundyError).exitCode).toBe(2);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('\n');
  });
});

describe('splitPosition with JSON states', () => {
  it('splits on + and , only outside brackets and strings', () => {
    expect(splitPosition('states:m.js@[3,4], {"a":[1,2],"b":"x+y,z"} + nim@3,4')).toEqual([
      { spec: 'states:m.js', tokens: ['[3,4]', '{"a":[1,2],"b":"x+y,z"}'] },
      { spec: 'nim', tokens: ['3', '4'] },
    ]);
    expect(splitPosition('states:m.js@"a@b" + module:./x@y.js@5')).toEqual([
      { spec: 'states:m.js', tokens: ['"a@b"'] },
      { spec: 'module:./x@y.js', tokens: ['5'] },
    ]);
    expect(splitPosition('states:m.js@"say \\"hi, +\\""')[0]!.tokens).toEqual(['"say \\"hi, +\\""']);
  });
});
