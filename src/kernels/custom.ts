import { ComputeError } from '../errors.js';
import { capacityFor, type OptionsFunction, type RangeKernel, type RangeOutcome } from './kernel.js';
import { MexSet } from './mex.js';
import type { Values } from './values.js';

/**
 * Custom rules: `options(n)` yields the heap tuples one move can leave. Every heap must be an
 * integer in [0, n): a heap >= n would make the game loopy, and we name the position.
 */
export function customKernel(options: OptionsFunction, label: string): RangeKernel {
  const mex = new MexSet(256);
  return {
    name: 'custom-module',
    run(g: Values, lo: number, hi: number): RangeOutcome {
      const cap = capacityFor(g);
      let maxValue = 0;
      for (let n = lo; n < hi; n++) {
        mex.clear();
        try {
          let produced: Iterable<unknown> | ArrayLike<unknown>;
          try {
            produced = options(n);
          } catch (err) {
            throw new ComputeError(
              `${label}: options(${n}) threw: ${err instanceof Error ? err.message : String(err)}`,
            );
          }
          for (const tuple of iterateOptions(produced, label, n)) {
            let x = 0;
            for (const heap of heapsOf(tuple, label, n)) x ^= g[heap]!;
            mex.add(x);
          }
        } catch (err) {
          // Report, as data, how far we got: the values before n are final and get stored.
          return { next: n, maxValue, failure: err instanceof Error ? err.message : String(err) };
        }
        const v = mex.mex();
        if (v > cap) return { next: n, maxValue, overflowValue: v };
        g[n] = v;
        if (v > maxValue) maxValue = v;
      }
      return { next: hi, maxValue };
    },
  };
}

/** The tuples a custom options(n) produced, or a one-line error naming what it returned. */
export function iterateOptions(produced: unknown, label: string, n: number): Iterable<unknown> {
  if (produced !== null && typeof produced === 'object') {
    if (Symbol.iterator in produced) return produced as Iterable<unknown>;
    if ('length' in produced && typeof (produced as ArrayLike<unknown>).length === 'number') {
      return Array.from(produced as ArrayLike<unknown>);
    }
  }
  throw new ComputeError(`${label}: options(${n}) returned ${describe(produced)}, not a list of heap tuples`);
}

/** One option's heaps, each checked to be an integer in [0, n) (else the game would be loopy). */
export function heapsOf(tuple: unknown, label: string, n: number): number[] {
  const heaps = typeof tuple === 'number' ? [tuple] : Array.isArray(tuple) ? (tuple as unknown[]) : null;
  if (heaps === null) {
    throw new ComputeError(
      `${label}: options(${n}) yielded ${describe(tuple)}, not a heap tuple (an array of heap sizes)`,
    );
  }
  for (const heap of heaps) {
    if (typeof heap !== 'number' || !Number.isInteger(heap) || heap < 0) {
      throw new ComputeError(`${label}: options(${n}) yielded heap ${describe(heap)}, not a non-negative integer`);
    }
    if (heap >= n) {
      throw new ComputeError(
        `${label}: options(${n}) yielded heap ${heap} >= ${n}; every option must leave smaller heaps (the ` +
          `game would be loopy)`,
      );
    }
  }
  return heaps as number[];
}

/** A returned value in a few characters, for messages about garbage from user code. */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `[${v.slice(0, 4).map(describe).join(', ')}${v.length > 4 ? ', ...' : ''}]`;
  if (typeof v === 'string') return JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}...` : v);
  if (typeof v === 'object') return 'an object';
  return String(v);
}
