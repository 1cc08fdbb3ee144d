import { describe, expect, it } from 'vitest';
import { elementNames, formatPresentation, presentation } from '../../src/misere/presentation.js';
import { type Quotient, quotientUpTo } from '../../src/misere/quotient.js';
import { naiveOptions } from '../helpers/naive-games.js';

const quotient = (code: string, heaps: number): Quotient => quotientUpTo((n) => naiveOptions(code, n), heaps);

/** The element a word of generator exponents names. */
function evaluate(q: Quotient, gens: readonly number[], word: readonly number[]): number {
  let x = 0;
  word.forEach((e, i) => {
    for (let k = 0; k < e; k++) x = q.mult[x * q.order + gens[i]!]!;
  });
  return x;
}

describe('presentation', () => {
  it.each(['octal:0.75', 'octal:0.07', 'octal:0.26', 'octal:0.71', 'sub:1'])(
    '%s: one normal form an element, and every relation holds',
    (code) => {
      const q = quotient(code, 12);
      const p = presentation(q);
      const gens = p.generators.map((g) => g.element);
      expect(p.normalForms).toHaveLength(q.order);
      for (const [x, w] of p.normalForms.entries()) expect(evaluate(q, gens, w)).toBe(x);
      expect(new Set(p.normalForms.map((w) => w.join(','))).size).toBe(q.order);
      for (const r of p.relations) expect(evaluate(q, gens, r.left)).toBe(evaluate(q, gens, r.right));
      // Each generator is the class of its heap, and no earlier heaps' classes span it.
      for (const g of p.generators) expect(q.phi[g.heap]).toBe(g.element);
    },
  );

  it('rewriting by the relations reaches the normal form of any word (0.75 up to 4 letters of each)', () => {
    const q = quotient('octal:0.75', 12);
    const p = presentation(q);
    const gens = p.generators.map((g) => g.element);
    const nf = new Map(p.normalForms.map((w, x) => [x, w.join(',')]));
    const rewrite = (w: number[]): number[] => {
      for (let changed = true; changed; ) {
        changed = false;
        for (const r of p.relations) {
          if (r.left.every((e, i) => w[i]! >= e)) {
            w = w.map((e, i) => e - r.left[i]! + r.right[i]!);
            changed = true;
          }
        }
      }
      return w;
    };
    const k = gens.length;
    for (let code = 0; code < 5 ** k; code++) {
      const w = Array.from({ length: k }, (_, i) => Math.floor(code / 5 ** i) % 5);
      expect(rewrite(w).join(',')).toBe(nf.get(evaluate(q, gens, w)));
    }
  });

  it('prints 0.75 as generators, relations and normal forms', () => {
    const p = presentation(quotient('octal:0.75', 12));
    expect(formatPresentation(p)).toBe('<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>');
    expect(elementNames(p)).toContain('ab^2');
    expect(formatPresentation(presentation(quotient('octal:0.0', 3)))).toBe('<>');
  });
});
