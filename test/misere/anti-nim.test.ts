import { describe, expect, it } from 'vitest';
import { byValue, misereNimOutcome, misereNimTarget } from '../../src/misere/anti-nim.js';
import { heapSums, naiveMisereWins } from '../helpers/naive-misere.js';
import { naiveOptions } from '../helpers/naive-games.js';

const nim = (n: number) => naiveOptions('nim', n);

describe('misère Nim', () => {
  it("Bouton's rule agrees with game-tree search on every sum of up to 5 heaps, 12 tokens", () => {
    for (const heaps of heapSums(5, 12)) {
      const values = heaps.map(BigInt);
      const outcome = misereNimOutcome(byValue(values));
      expect(outcome, heaps.join('+')).toBe(naiveMisereWins(heaps, nim) ? 'N' : 'P');
      const t = misereNimTarget(values);
      if (outcome === 'P') expect(t).toBeNull();
      else {
        const after = heaps.map((h, i) => (i === t!.index ? Number(t!.target) : h));
        expect(t!.target).toBeLessThan(values[t!.index]!);
        expect(naiveMisereWins(after, nim), `${heaps.join('+')} -> ${after.join('+')}`).toBe(false);
      }
    }
  });

  it('no heap left: the player to move has won, with no move to make', () => {
    expect(misereNimOutcome(byValue([]))).toBe('N');
    expect(misereNimTarget([0n, 0n])).toBeNull();
  });

  it('the Anti-SG rule holds for allbut:1, which never splits and whose heaps of value 0 (0, 1) are terminal', () => {
    const options = (n: number) => naiveOptions('allbut:1', n);
    const g: number[] = [];
    for (let n = 0; n <= 14; n++) {
      const seen = new Set([...options(n)].map((o) => o.reduce((x, h) => x ^ g[h]!, 0)));
      let v = 0;
      while (seen.has(v)) v++;
      g.push(v);
    }
    expect(g.filter((v) => v === 0)).toHaveLength(2);
    for (const heaps of heapSums(4, 14)) {
      const outcome = misereNimOutcome(byValue(heaps.map((h) => BigInt(g[h]!))));
      expect(outcome, heaps.join('+')).toBe(naiveMisereWins(heaps, options) ? 'N' : 'P');
    }
  });

  it('a game that splits is outside the rule: Kayles, whose only heap of value 0 is the empty one', () => {
    const options = (n: number) => naiveOptions('kayles', n);
    const kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4];
    const wrong = heapSums(3, 9).filter(
      (heaps) =>
        misereNimOutcome(byValue(heaps.map((h) => BigInt(kayles[h]!)))) !==
        (naiveMisereWins(heaps, options) ? 'N' : 'P'),
    );
    expect(wrong.length).toBeGreaterThan(0);
  });
});
