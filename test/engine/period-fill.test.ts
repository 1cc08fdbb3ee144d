import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fillsByPeriod, PERIOD_KERNEL, periodOf, periodValues, WINDOW_LOOK } from '../../src/engine/period-fill.js';
import { NarrowValues, WindowedValues } from '../../src/kernels/values.js';
import { parseRules, periodDetector } from '../../src/games/registry.js';
import type { Periodicity } from '../../src/period/detect.js';
import { valueByCertificate } from '../../src/period/certificate.js';
import { tempDir } from '../helpers/cli.js';
import { naiveValues } from '../helpers/naive-games.js';
import { poolsByWorkers } from '../helpers/pools.js';
import { storedComputer } from '../helpers/stored-compute.js';

const tmp = tempDir('grundy-period-fill-');
afterAll(tmp.cleanup);
const poolOf = poolsByWorkers([1, 2]);
const run = storedComputer(tmp.dir, poolOf);

/** A certificate as the detector writes one (only the fields the fill reads matter). */
function certificate(preperiod: number, period: number, saltus: number): Periodicity {
  return { preperiod, period, saltus, proven: true, criterion: 'test', checkedTo: 0 };
}

describe('periodValues: a table past a proven period', () => {
  it('repeats the first period from any heap, a block at a time, as the certificate answers', () => {
    const g = Uint8Array.from([5, 1, 0, 3, 2, 7, 4, 4, 6]);
    const cert = certificate(2, 7, 0);
    for (const [lo, hi] of [
      [9, 10],
      [9, 40],
      [13, 14],
      [17, 100],
    ] as const) {
      const { values, max } = periodValues(cert, g.subarray(2, 9), lo, hi);
      const expected = Array.from({ length: hi - lo }, (_, i) =>
        Number(valueByCertificate(cert, BigInt(lo + i), (k) => g[k]!)),
      );
      expect(Array.from(values), `[${lo}, ${hi})`).toEqual(expected);
      expect(max).toBe(Math.max(...expected));
    }
  });

  it('adds the saltus a period, widening past 255', () => {
    const g = Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]);
    const cert = certificate(0, 4, 4); // g(n + 4) = g(n) + 4: g(n) = n
    const { values, max } = periodValues(cert, g.subarray(0, 4), 8, 1000);
    expect(values).toBeInstanceOf(Uint16Array);
    expect(Array.from(values)).toEqual(Array.from({ length: 992 }, (_, i) => 8 + i));
    expect(max).toBe(999);
  });

  it('refuses to start inside the first period, or from a base that is not one period', () => {
    expect(() => periodValues(certificate(2, 7, 0), new Uint8Array(7), 8, 20)).toThrow(/before the certificate/);
    expect(() => periodValues(certificate(2, 7, 0), new Uint8Array(9), 9, 20)).toThrow(/9 values of a period of 7/);
  });
});

describe('a --to run of a game whose period is proven on the way', () => {
  const spec = 'octal:0.137'; // Dawson's chess: period 34 from heap 52, 41% of its heaps rare
  const reference = naiveValues(spec, 6000);

  it('stores the values past the proof from the period, equal to the naive mex', async () => {
    const { summary, values } = await run(spec, 4000, 2);
    expect(Array.from(values)).toEqual(Array.from(reference.subarray(0, 4000)));
    expect(summary.kernel.split('+').at(-1)).toBe(PERIOD_KERNEL);
    expect(summary.kernel).toMatch(/^sparse/);
    expect(summary.periodicity).toMatchObject({ preperiod: 52, period: 34, saltus: 0, proven: true });
    expect(summary.stop).toBe('target');
    // The sparse state ends where the kernels stopped: the summary shows none of it.
    expect(summary.facts).toBeNull();
  });

  it('extends a table whose proof is stored without any kernel, and resumes the fill', async () => {
    const db = join(tmp.dir, 'resume.db');
    const first = await run(spec, 3000, 1, {}, db);
    expect(first.summary.kernel).toContain(PERIOD_KERNEL);
    const more = await run(spec, 6000, 1, {}, db);
    expect(more.summary.kernel).toBe(PERIOD_KERNEL);
    expect(more.summary.newlyComputed).toBe(3000);
    expect(more.summary.workers).toBe(0);
    expect(Array.from(more.values)).toEqual(Array.from(reference));
  });

  it('runs the kernels to the end where a test names or tunes one, and where no theorem proves a period', async () => {
    const plain = await run(spec, 3000, 1, { kernel: 'plain' });
    expect(plain.summary.kernel).not.toContain(PERIOD_KERNEL);
    expect(Array.from(plain.values)).toEqual(Array.from(reference.subarray(0, 3000)));
    const gang = await run(spec, 3000, 2, { sparseTuning: { parallel: 'force', chunk: 211 } });
    expect(gang.summary.kernel).not.toContain(PERIOD_KERNEL);
    expect(Array.from(gang.values)).toEqual(Array.from(reference.subarray(0, 3000)));
    const observed = await run('sub:squares', 3000, 1);
    expect(observed.summary.kernel).not.toContain(PERIOD_KERNEL);
  });

  it('does not look for a period of a game the literature knows as open', () => {
    for (const open of ['octal:0.6', 'grundy']) {
      const rules = parseRules(open);
      expect(fillsByPeriod(rules, periodDetector(rules), true), open).toBe(false);
    }
    const dawson = parseRules(spec);
    expect(fillsByPeriod(dawson, periodDetector(dawson), true)).toBe(true);
    expect(fillsByPeriod(dawson, periodDetector(dawson), false)).toBe(false);
  });
});

/** A narrow table holding `values` (escaping from 255). */
function narrow(values: ArrayLike<number>): NarrowValues {
  const g = new NarrowValues(new Uint8Array(values.length), new Uint16Array(values.length), 255);
  g.set(Array.from(values));
  return g;
}

describe('periodOf: the periodicity as far as the table can be read', () => {
  const kayles = parseRules('kayles');
  const detector = periodDetector(kayles);
  const g = naiveValues(kayles, 400);

  it('reads a windowed table back through its head, the store and its tail while it is short', () => {
    const windowed = new WindowedValues(narrow(g.subarray(0, 100)), narrow(g.subarray(300, 400)), 300, 400);
    windowed.source = (lo, hi) => Uint16Array.from(g.subarray(lo, hi));
    const whole = periodOf(detector, narrow(g), 400, 12, null);
    expect(whole).toMatchObject({ preperiod: 71, period: 12, proven: true });
    expect(periodOf(detector, windowed, 400, 12, null)).toEqual(whole);
  });

  it('keeps what was known past WINDOW_LOOK values: a longer read would undo the window', () => {
    const known = { preperiod: 1, period: 2, saltus: 0, proven: false, criterion: 'observed', checkedTo: 9 };
    const long = new WindowedValues(narrow(g.subarray(0, 100)), narrow(g.subarray(300, 400)), 300, WINDOW_LOOK + 1);
    long.source = () => {
      throw new Error('read past the look');
    };
    expect(periodOf(detector, long, WINDOW_LOOK + 1, 12, known)).toBe(known);
  });
});
