import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hackenbushMovesTo, hackenbushPieces, hackenbushValue } from '../../src/graph/hackenbush.js';
import { seededRandom } from '../../src/testing/random.js';
import { naiveHackenbush, randomSticks } from '../helpers/naive-theorem.js';

describe('Green Hackenbush: fusion and colon principles against explicit search', () => {
  it('600 random multigraphs with loops, repeated edges and one or two ground vertices', () => {
    const r = seededRandom(17);
    let nonzero = 0;
    for (let t = 0; t < 600; t++) {
      const { sticks, ground } = randomSticks(r);
      const all = (1 << sticks.from.length) - 1;
      const want = naiveHackenbush(sticks, ground)(all);
      expect(hackenbushValue(sticks, ground), JSON.stringify({ ...sticks, ground })).toBe(want);
      if (want !== 0) nonzero++;
      // The parts meeting only at the ground nim-sum to the whole.
      let x = 0;
      for (const part of hackenbushPieces(sticks, ground)) {
        const alive = new Uint8Array(sticks.from.length);
        for (const e of part) alive[e] = 1;
        x ^= hackenbushValue(sticks, ground, alive);
      }
      expect(x).toBe(want);
    }
    expect(nonzero).toBeGreaterThan(100);
  });

  it('winning moves: exactly the cuts that explicit search finds leave value 0', () => {
    const r = seededRandom(5);
    for (let t = 0; t < 200; t++) {
      const { sticks, ground } = randomSticks(r);
      const naive = naiveHackenbush(sticks, ground);
      const all = (1 << sticks.from.length) - 1;
      const want = [...sticks.from.keys()].filter((e) => naive(all & ~(1 << e)) === 0);
      expect(hackenbushMovesTo(sticks, ground, 0, 100)).toEqual(want);
    }
  });
});

describe('Green Hackenbush on trees: AtCoder AGC017 D "Game on Tree" samples (fixtures/agc017d-samples.json)', () => {
  const fixture = JSON.parse(readFileSync(new URL('../fixtures/agc017d-samples.json', import.meta.url), 'utf8')) as {
    samples: { n: number; edges: [number, number][]; winner: string }[];
  };
  it('Alice (the first player) wins exactly when the value is not 0', () => {
    for (const s of fixture.samples) {
      const sticks = {
        n: s.n,
        from: Int32Array.from(s.edges, ([a]) => a - 1),
        to: Int32Array.from(s.edges, ([, b]) => b - 1),
      };
      expect(hackenbushValue(sticks, [0]) !== 0 ? 'Alice' : 'Bob').toBe(s.winner);
    }
  });
});
