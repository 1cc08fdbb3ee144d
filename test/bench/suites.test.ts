import { describe, expect, it } from 'vitest';
import { suiteNames, WORKLOADS } from '../../bench/suites/index.js';
import type { TimedContext } from '../../bench/workload.js';

const untimed: TimedContext = { timed: (w) => w(), timedAsync: (w) => w() };

describe('the workload registry', () => {
  it('has unique names and every workload a suite, sizes and a plain baseline', () => {
    const names = WORKLOADS.map((w) => w.name);
    expect(new Set(names).size).toBe(names.length);
    for (const w of WORKLOADS) {
      expect(suiteNames()).toContain(w.suite);
      expect(w.size.quick).toBeGreaterThan(0);
      expect(w.size.full).toBeGreaterThanOrEqual(w.size.quick);
      expect(typeof w.plain).toBe('function');
      if (w.scaling) expect(w.pooled).toBeDefined();
    }
  });

  it('covers every kernel family on main', () => {
    expect(suiteNames()).toEqual(
      expect.arrayContaining([
        'subtraction',
        'infinite-subtraction',
        'take-break',
        'grundy',
        'eval',
        'count',
        'sweep',
        'end-to-end',
      ]),
    );
  });

  // The expected checksums come from the C reference programs: each plain kernel must reproduce
  // them at the quick size (a fast wrong kernel fails here and in every grundy bench run).
  for (const w of WORKLOADS.filter((x) => x.expected?.[x.size.quick] !== undefined && !x.setup)) {
    it(`${w.name}: the plain kernel reproduces the independent checksum at N = ${w.size.quick}`, async () => {
      const out = await w.plain(w.size.quick, untimed);
      expect(out.states).toBe(w.size.quick);
      expect(out.checksum.toString()).toBe(w.expected![w.size.quick]);
    });
  }
});
