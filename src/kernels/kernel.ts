import type { Values } from './values.js';

/**
 * A range kernel computes g(n) for n in [lo, hi) into `g`, given that g[0..lo) is final.
 * It stops early only when a value does not fit the array's width; the caller widens the
 * array and runs again from `next`.
 */
export interface RangeOutcome {
  /** The first heap size not computed: `hi` when the whole range is done. */
  readonly next: number;
  /** The largest value written in [lo, next) (0 when none). */
  readonly maxValue: number;
  /** Present when next < hi: the value of g(next), which does not fit the width. */
  readonly overflowValue?: number;
  /**
   * Present when next < hi because g(next) cannot be computed (a custom module failed there):
   * g[lo..next) are still final and worth keeping.
   */
  readonly failure?: string;
}

export interface RangeKernel {
  /** Which algorithm this is, reported by `grundy compute --json` as `kernel`. */
  readonly name: string;
  /** `maxBefore` is max g[0..lo): kernels use it to pick a bit-mask mex while values are small. */
  run(g: Values, lo: number, hi: number, maxBefore: number): RangeOutcome;
}

/** The option function of a custom rules module: heap tuples one move from a heap of n can leave. */
export type OptionsFunction = (n: number) => Iterable<unknown> | ArrayLike<unknown>;

export function capacityFor(g: Values): number {
  return g instanceof Uint8Array ? 0xff : g instanceof Uint16Array ? 0xffff : 0xffffffff;
}
