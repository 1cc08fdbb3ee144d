import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/testing/random.js';
import { canonicalJson } from '../../src/states/canonical.js';

/** A random JSON value, objects with keys in random order. */
function randomValue(next: () => number, depth: number): unknown {
  const r = next();
  if (depth === 0 || r < 0.4) {
    const k = Math.floor(next() * 4);
    return k === 0
      ? Math.floor(next() * 100) - 50
      : k === 1
        ? `s${Math.floor(next() * 5)}`
        : k === 2
          ? next() < 0.5
          : null;
  }
  const n = Math.floor(next() * 4);
  if (r < 0.7) return Array.from({ length: n }, () => randomValue(next, depth - 1));
  const keys = ['b', 'a', 'c', 'é', 'A', 'aa'].filter(() => next() < 0.5);
  return Object.fromEntries(keys.map((key) => [key, randomValue(next, depth - 1)]));
}

/** The same value with every object's keys in reverse insertion order. */
function reorder(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reorder);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .reverse()
        .map(([k, x]) => [k, reorder(x)]),
    );
  return v;
}

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }, 'x'] })).toBe('{"a":[{"c":3,"d":2},"x"],"b":1}');
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson(1.0)).toBe('1');
    expect(canonicalJson(-0)).toBe('0');
    // Integer-like keys too are sorted as strings (JavaScript would list them numerically).
    expect(canonicalJson({ 9: 1, 10: 2 })).toBe('{"10":2,"9":1}');
    expect(canonicalJson('a"b')).toBe('"a\\"b"');
  });

  it('is one text for every key order, and reads back as the same value', () => {
    const next = seededRandom(17);
    for (let i = 0; i < 500; i++) {
      const v = randomValue(next, 4);
      const text = canonicalJson(v);
      expect(text).not.toBeNull();
      expect(canonicalJson(reorder(v))).toBe(text);
      expect(JSON.parse(text!)).toEqual(v);
      // Independent check of the order: keys of every object parsed back are sorted.
      JSON.parse(text!, (_k, x: unknown) => {
        if (x !== null && typeof x === 'object' && !Array.isArray(x)) {
          const keys = Object.keys(x);
          expect(keys).toEqual([...keys].sort());
        }
        return x;
      });
    }
  });

  it('refuses what JSON cannot write', () => {
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    for (const bad of [
      undefined,
      Number.NaN,
      Infinity,
      1n,
      () => 1,
      Symbol('s'),
      new Map(),
      new Date(0),
      [1, undefined],
      { a: undefined },
      cyclic,
    ]) {
      expect(canonicalJson(bad)).toBeNull();
    }
  });
});
