import { describe, expect, it } from 'vitest';
import { solveQuotientTask } from '../../src/misere/quotient-task.js';

describe('solveQuotientTask (workers/quotient.worker.ts)', () => {
  it('stops at a proven period, or at a limit with the heaps it finished', () => {
    const proven = solveQuotientTask({ digits: [0, 7, 5], heaps: 40, maxMillis: 60_000, maxOrder: 2000 });
    expect(proven).toMatchObject({ heaps: 22, order: 8, pSize: 2, period: { proven: true }, stopped: null });
    const limited = solveQuotientTask({ digits: [0, 7, 7], heaps: 12, maxMillis: 60_000, maxOrder: 10 });
    expect(limited).toMatchObject({ heaps: 4, order: 6, stopped: 'at heap 5: the quotient has more than 10 elements' });
  });
});
