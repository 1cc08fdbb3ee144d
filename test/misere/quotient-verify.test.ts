import { describe, expect, it } from 'vitest';
import { quotientUpTo } from '../../src/misere/quotient.js';
import { verifyQuotient } from '../../src/misere/quotient-verify.js';
import { naiveOptions } from '../helpers/naive-games.js';

const optionWords = (code: string, heaps: number): number[][][] =>
  Array.from({ length: heaps + 1 }, (_, n) =>
    n === 0
      ? []
      : [...naiveOptions(code, n)].map((o) => o.filter((h) => (h > 0 && n > 1) || h > 0).sort((a, b) => a - b)),
  );

describe('verifyQuotient', () => {
  it('passes the quotient the builder found and refutes it with one class moved in or out of P', () => {
    const q = quotientUpTo((n) => naiveOptions('octal:0.75', n), 10);
    const opts = optionWords('octal:0.75', 10);
    expect(verifyQuotient(q, opts, { maxStates: 100_000 })).toBeNull();
    for (let x = 0; x < q.order; x++) {
      const isP = Uint8Array.from(q.isP);
      isP[x] = 1 - isP[x]!;
      expect(verifyQuotient({ ...q, isP }, opts, { maxStates: 100_000 }), `element ${x}`).not.toBeNull();
    }
  });

  it('refutes a heap map that puts a heap in the wrong class', () => {
    const q = quotientUpTo((n) => naiveOptions('octal:0.07', n), 10);
    const opts = optionWords('octal:0.07', 10);
    const phi = Int32Array.from(q.phi);
    phi[4] = phi[3]!;
    expect(q.phi[4]).not.toBe(q.phi[3]);
    expect(verifyQuotient({ ...q, phi }, opts, { maxStates: 100_000 })).not.toBeNull();
  });
});
