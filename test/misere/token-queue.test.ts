import { describe, expect, it } from 'vitest';
import { TokenQueue } from '../../src/misere/token-queue.js';
import { seededRandom } from '../../src/testing/random.js';

describe('TokenQueue', () => {
  it('pops by tokens, first in first out among equal tokens, as a stable sort does', () => {
    const random = seededRandom(7);
    const queue = new TokenQueue();
    const pushed: { tokens: number; item: number }[] = [];
    for (let i = 0; i < 500; i++) {
      const tokens = Math.floor(random() * 20);
      queue.push(tokens, i);
      pushed.push({ tokens, item: i });
    }
    const popped: { tokens: number; item: number }[] = [];
    while (queue.size > 0) popped.push({ ...queue.pop() });
    expect(popped).toEqual([...pushed].sort((a, b) => a.tokens - b.tokens));
  });
});
