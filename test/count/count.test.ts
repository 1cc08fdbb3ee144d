import { describe, expect, it } from 'vitest';
import { countPositions } from '../../src/count/count.js';
import { valueHistogram, type HistogramSource } from '../../src/count/histogram.js';
import { countXorTuples, walshHadamard } from '../../src/count/wht.js';
import { parseRules, periodDetector } from '../../src/games/registry.js';
import { naiveValues, randInt, rng } from '../helpers/naive-games.js';

function source(spec: string, length: number, withCert = true): HistogramSource {
  const rules = parseRules(spec);
  const table = naiveValues(rules, length);
  const cert = withCert ? periodDetector(rules).detect(table, length) : null;
  return { rules, table, cert: cert?.proven ? cert : null };
}

/** Ordered tuples by brute force: every heap of every game over [0, N]. */
function bruteCount(tables: Uint32Array[], N: number, x: number): bigint {
  let count = 0n;
  const rec = (i: number, acc: number): void => {
    if (i === tables.length) {
      if (acc === x) count++;
      return;
    }
    for (let n = 0; n <= N; n++) rec(i + 1, acc ^ tables[i]![n]!);
  };
  rec(0, 0);
  return count;
}

describe('Walsh-Hadamard transform', () => {
  it('applied twice multiplies by the length', () => {
    const a = [3n, 1n, 4n, 1n, 5n, 9n, 2n, 6n];
    const b = [...a];
    walshHadamard(b);
    walshHadamard(b);
    expect(b).toEqual(a.map((v) => v * 8n));
  });

  it('counts XOR-tuples like a direct XOR convolution, exactly and modulo P (any P)', () => {
    const h = [5n, 0n, 3n, 7n, 1n];
    const conv = (x: bigint[], y: bigint[]): bigint[] => {
      const out = new Array<bigint>(8).fill(0n);
      x.forEach((a, i) => {
        y.forEach((b, j) => {
          out[i ^ j] = out[i ^ j]! + a * b;
        });
      });
      return out;
    };
    let direct: bigint[] = [1n];
    for (let k = 0; k < 4; k++) direct = conv(direct, h);
    for (let x = 0; x < 8; x++) {
      expect(countXorTuples([{ histogram: h, copies: 4n }], BigInt(x))).toBe(direct[x]);
      for (const P of [1000000007n, 998244353n, 12n, 1n, 2n ** 64n]) {
        expect(countXorTuples([{ histogram: h, copies: 4n }], BigInt(x), P)).toBe(direct[x]! % P);
      }
    }
    expect(countXorTuples([{ histogram: h, copies: 4n }], 8n)).toBe(0n);
  });
});

describe('countPositions against brute force', () => {
  const specs = ['octal:0.77', 'octal:0.137', 'sub:1,3,4', 'grundy', 'sub:squares', 'allbut:1,2', 'nim'];
  const sources = new Map(specs.map((s) => [s, source(s, 200, false)]));

  it('agrees exactly on random games, K <= 3 and N <= 24 (seeded)', () => {
    const r = rng(44);
    for (let trial = 0; trial < 40; trial++) {
      const k = randInt(r, 1, 3);
      const N = randInt(r, 0, 24);
      const picked = Array.from({ length: k }, () => specs[randInt(r, 0, specs.length - 1)]!);
      const x = randInt(r, 0, 7);
      const byKey = new Map<string, bigint>();
      for (const s of picked) byKey.set(s, (byKey.get(s) ?? 0n) + 1n);
      const got = countPositions({
        games: [...byKey].map(([s, heaps]) => ({ source: sources.get(s)!, heaps })),
        max: BigInt(N),
        value: BigInt(x),
      });
      const tables = picked.map((s) =>
        s === 'nim' ? Uint32Array.from({ length: 200 }, (_, i) => i) : (sources.get(s)!.table as Uint32Array),
      );
      expect(got.count, `${picked.join('+')} N=${N} x=${x}`).toBe(bruteCount(tables, N, x));
    }
  });

  it('Kayles with 4 heaps in [0, 30]: modular count equals the exact count reduced', () => {
    const src = sources.get('octal:0.77')!;
    const exact = countPositions({ games: [{ source: src, heaps: 4n }], max: 30n, value: 0n }).count;
    expect(exact).toBe(
      bruteCount(
        [0, 1, 2, 3].map(() => src.table as Uint32Array),
        30,
        0,
      ),
    );
    const mod = countPositions({ games: [{ source: src, heaps: 4n }], max: 30n, value: 0n, mod: 101n }).count;
    expect(mod).toBe(exact % 101n);
  });
});

describe('huge N through a proven certificate', () => {
  for (const spec of ['octal:0.77', 'octal:0.07', 'sub:2,5,7']) {
    it(`${spec}: the certificate histogram equals a direct count on a smaller N with the same residue`, () => {
      const src = source(spec, 800);
      const cert = src.cert!;
      expect(cert.proven).toBe(true);
      const p = BigInt(cert.period);
      const e = BigInt(cert.preperiod);
      // Small N with the residue of the huge one; the table holds it directly.
      const huge = 10n ** 24n + 17n;
      const small = e + 3n * p + ((huge - e) % p);
      expect(small < 800n).toBe(true);
      const direct = valueHistogram(src, small, 'table');
      const viaCert = valueHistogram(src, small, 'certificate');
      expect(direct.method).toBe('table');
      expect(viaCert.counts).toEqual(direct.counts);
      // The huge N adds (huge - small) / p whole periods: each adds one period's histogram.
      const periodCounts = valueHistogram(src, small + p, 'table').counts.map((c, v) => c - (direct.counts[v] ?? 0n));
      const whole = (huge - small) / p;
      const expected = direct.counts.map((c, v) => c + whole * (periodCounts[v] ?? 0n));
      while (expected.length < periodCounts.length) expected.push(whole * periodCounts[expected.length]!);
      const big = valueHistogram(src, huge);
      expect(big.method).toBe('certificate');
      expect(big.counts).toEqual(expected);
      // And the counts built on it: 3 heaps, via a plain XOR convolution of the expected histogram.
      const conv = (a: bigint[], b: bigint[]): bigint[] => {
        const out = new Array<bigint>(64).fill(0n);
        a.forEach((x, i) => {
          b.forEach((y, j) => {
            out[i ^ j] = out[i ^ j]! + x * y;
          });
        });
        return out;
      };
      const three = conv(conv(expected, expected), expected);
      for (let x = 0; x < 8; x++) {
        expect(countPositions({ games: [{ source: src, heaps: 3n }], max: huge, value: BigInt(x) }).count).toBe(
          three[x],
        );
      }
    });
  }
});

describe('a closed form past the histogram bound', () => {
  it('is refused for its number of heaps, not for values it does not take (Ruler takes about log2 N)', () => {
    const source: HistogramSource = { rules: parseRules('ruler'), table: new Uint8Array(0), cert: null };
    expect(() => valueHistogram(source, 10n ** 18n)).toThrow(
      /^turning:consecutive:1\.\. is counted from its closed form heap by heap, for at most \d+ heaps/,
    );
    // Ruler: g(n) is the largest power of 2 dividing n (g(0) = 0), counted here from that definition.
    const want: bigint[] = Array(17).fill(0n);
    for (let n = 0; n <= 16; n++) want[n & -n]!++;
    expect(valueHistogram(source, 16n).counts).toEqual(want);
  });
});
