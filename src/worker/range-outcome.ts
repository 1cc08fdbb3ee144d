import type { RangeOutcome } from '../kernels/kernel.js';
import type { ChunkOutcome } from '../engine/protocol.js';

/** A kernel's range result as the outcome a worker hands back: done, or overflow at `next`. */
export function rangeOutcome(out: RangeOutcome, kernel: string): Exclude<ChunkOutcome, { kind: 'error' }> {
  if (out.overflowValue !== undefined) {
    return { kind: 'overflow', next: out.next, maxValue: out.maxValue, value: out.overflowValue, kernel };
  }
  return { kind: 'done', next: out.next, maxValue: out.maxValue, kernel };
}
