import { builtin } from '../helpers/builtin-rules.js';
import { describe, expect, it } from 'vitest';
import { searchTail } from '../../src/period/tail-match.js';
import { takeBreakKernel } from '../../src/kernels/take-break.js';
import { parseRules, periodDetector } from '../../src/games/registry.js';
import { rng } from '../helpers/naive.js';
import { NarrowValues } from '../../src/kernels/values.js';

/** A sequence with preperiod e and period p over `alphabet` values, with noise before e. */
function eventuallyPeriodic(rand: () => number, L: number, e: number, p: number, alphabet: number): Uint8Array {
  const s = new Uint8Array(L);
  const cycle = Array.from({ length: p }, () => Math.floor(rand() * alphabet));
  for (let n = 0; n < L; n++) s[n] = n >= e ? cycle[(n - e) % p]! : Math.floor(rand() * alphabet);
  // Make e the true preperiod: g(e - 1) differs from g(e - 1 + p).
  if (e > 0 && e - 1 + p < L) s[e - 1] = (s[e - 1 + p]! + 1) % Math.max(2, alphabet);
  return s;
}

describe('direct tail search answers exactly as the Z-function', () => {
  it('random eventually periodic sequences, every criterion (seeded)', () => {
    const rand = rng(7);
    for (const spec of ['octal:0.77', 'octal:0.354', 'sub:1,3,4', 'grundy']) {
      const det = periodDetector(parseRules(spec));
      for (let trial = 0; trial < 120; trial++) {
        const L = 200 + Math.floor(rand() * 3000);
        const p = 1 + Math.floor(rand() * (trial % 3 === 0 ? 400 : 20));
        const e = Math.floor(rand() * L);
        const alphabet = 1 + Math.floor(rand() * (trial % 4 === 0 ? 2 : 9));
        const s = eventuallyPeriodic(rand, L, e, p, alphabet);
        for (const len of [L, L - 1, Math.floor(L * 0.7)]) {
          expect(det.detect(s, len), `${spec} L=${len} e=${e} p=${p} a=${alphabet}`).toEqual(det.detectByZ(s, len));
        }
      }
    }
  });

  it('real tables: Kayles and 0.376 prefixes at many lengths', () => {
    for (const spec of ['octal:0.77', 'octal:0.376', 'octal:0.137']) {
      const rules = parseRules(spec);
      const g = new Uint8Array(6000);
      const r = builtin(rules);
      takeBreakKernel(r.family === 'octal' ? r.digits : []).run(g, 0, g.length, 0);
      const det = periodDetector(rules);
      for (let L = 2; L <= g.length; L = Math.ceil(L * 1.3) + 1)
        expect(det.detect(g, L), `${spec} ${L}`).toEqual(det.detectByZ(g, L));
    }
  });

  it('constant and tiny sequences', () => {
    const det = periodDetector(parseRules('octal:0.77'));
    for (const L of [0, 1, 2, 3, 10, 191, 192, 193, 500]) {
      const s = new Uint8Array(L);
      expect(det.detect(s, L)).toEqual(det.detectByZ(s, L));
    }
  });

  it('gives up (undefined) when over its budget, and detect then uses the Z-function', () => {
    const rand = rng(3);
    const s = eventuallyPeriodic(rand, 5000, 100, 7, 3);
    expect(searchTail(s, 5000, 2000, 10)).toBeUndefined();
    expect(searchTail(s, 5000, 2000)?.proven?.period).toBe(7);
  });
});

describe("a narrow table's bytes with its escapes", () => {
  it('answer as its values, both searches, where the bytes alone would not (seeded)', () => {
    const rand = rng(11);
    let bytesDiffer = 0;
    for (const spec of ['octal:0.354', 'sub:1,3,4', 'grundy']) {
      const det = periodDetector(parseRules(spec));
      for (let trial = 0; trial < 80; trial++) {
        const L = 200 + Math.floor(rand() * 2000);
        const p = 1 + Math.floor(rand() * (trial % 3 === 0 ? 200 : 15));
        const e = Math.floor(rand() * L);
        // Values 0..11 with the escape byte 6: half the alphabet shares one byte.
        const values = Uint16Array.from(eventuallyPeriodic(rand, L, e, p, 12));
        const narrow = new NarrowValues(new Uint8Array(L), new Uint16Array(L), 6);
        narrow.set(values);
        expect([...narrow.slice(0, L)]).toEqual([...values]);
        const escapes = { byte: 6, words: narrow.words };
        expect(det.detect(narrow.bytes, L, escapes)).toEqual(det.detect(values, L));
        expect(det.detectByZ(narrow.bytes, L, escapes)).toEqual(det.detectByZ(values, L));
        if (JSON.stringify(det.detect(narrow.bytes, L)) !== JSON.stringify(det.detect(values, L))) bytesDiffer++;
      }
    }
    // The escapes decided some answers: without them the bytes found other periods.
    expect(bytesDiffer).toBeGreaterThan(10);
  });
});
