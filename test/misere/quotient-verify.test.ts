import { describe, expect, it } from 'vitest';
import { quotientUpTo } from '../../src/misere/quotient.js';
import type { Quotient } from '../../src/misere/quotient-types.js';
import { certifiedLowerBound, type Failure, verifyQuotient } from '../../src/misere/quotient-verify.js';
import { naiveOptions } from '../helpers/naive-games.js';
import { naiveMisere } from '../helpers/naive-misere-sums.js';

const optionWords = (code: string, heaps: number): number[][][] =>
  Array.from({ length: heaps + 1 }, (_, n) =>
    n === 0
      ? []
      : [...naiveOptions(code, n)].map((o) => o.filter((h) => (h > 0 && n > 1) || h > 0).sort((a, b) => a - b)),
  );

const LIMITS = { maxStates: 100_000 };

function classOf(q: Quotient, sum: readonly number[]): number {
  let x = 0;
  for (const h of sum) x = q.mult[x * q.order + q.phi[h]!]!;
  return x;
}

/** Every sum of heaps 1..maxHeap with fewer than `tokens` tokens. */
function sumsBelow(maxHeap: number, tokens: number): number[][] {
  const out: number[][] = [];
  if (tokens <= 0) return out;
  const grow = (sum: number[], from: number, left: number): void => {
    out.push([...sum]);
    for (let h = from; h <= Math.min(maxHeap, left); h++) grow([...sum, h], h, left - h);
  };
  grow([], 1, tokens - 1);
  return out;
}

/** The failure is a sum of fewest tokens the guess gets wrong: game-tree search says so. */
function expectLeastWrongSum(code: string, q: Quotient, failure: Failure): void {
  const isP = naiveMisere(code);
  expect(isP([...failure.word]), failure.word.join('+')).toBe(!failure.predictedP);
  let tokens = 0;
  for (const h of failure.word) tokens += h;
  for (const sum of sumsBelow(q.heaps, tokens)) {
    expect(q.isP[classOf(q, sum)] === 1, `${sum.join('+')} below ${failure.word.join('+')}`).toBe(isP(sum));
  }
}

describe('verifyQuotient', () => {
  it('passes the quotient the builder found and refutes it with one class moved in or out of P', () => {
    const q = quotientUpTo((n) => naiveOptions('octal:0.75', n), 10);
    const opts = optionWords('octal:0.75', 10);
    expect(verifyQuotient(q, opts, LIMITS)).toBeNull();
    for (let x = 0; x < q.order; x++) {
      const isP = Uint8Array.from(q.isP);
      isP[x] = 1 - isP[x]!;
      const wrong = { ...q, isP };
      const failure = verifyQuotient(wrong, opts, LIMITS);
      expect(failure, `element ${x}`).not.toBeNull();
      expect(typeof failure).toBe('object');
      expectLeastWrongSum('octal:0.75', wrong, failure as Failure);
    }
  });

  it('refutes a heap map that puts a heap in the wrong class, naming a least wrong sum', () => {
    for (const code of ['octal:0.07', 'octal:0.77']) {
      const q = quotientUpTo((n) => naiveOptions(code, n), 10);
      const opts = optionWords(code, 10);
      for (let h = 2; h <= 10; h++) {
        if (q.phi[h] === q.phi[h - 1]) continue;
        const phi = Int32Array.from(q.phi);
        phi[h] = phi[h - 1]!;
        const wrong = { ...q, phi };
        const failure = verifyQuotient(wrong, opts, LIMITS);
        expect(failure, `${code} heap ${h}`).not.toBeNull();
        expectLeastWrongSum(code, wrong, failure as Failure);
      }
    }
  });

  it('gives up past its state limit', () => {
    const q = quotientUpTo((n) => naiveOptions('octal:0.77', n), 12);
    expect(verifyQuotient(q, optionWords('octal:0.77', 12), { maxStates: 3 })).toBe('too-many-states');
  });
});

describe('certifiedLowerBound', () => {
  it('never exceeds the real order, and reaches it when no sum is known wrong', () => {
    const code = 'octal:0.77';
    const q = quotientUpTo((n) => naiveOptions(code, n), 12);
    const opts = optionWords(code, 12);
    expect(certifiedLowerBound(q, opts, Number.POSITIVE_INFINITY)).toBe(q.order);
    for (let x = 1; x < q.order; x++) {
      const isP = Uint8Array.from(q.isP);
      isP[x] = 1 - isP[x]!;
      const wrong = { ...q, isP };
      const failure = verifyQuotient(wrong, opts, LIMITS) as Failure;
      let tokens = 0;
      for (const h of failure.word) tokens += h;
      expect(certifiedLowerBound(wrong, opts, tokens)).toBeLessThanOrEqual(q.order);
    }
  });
});
