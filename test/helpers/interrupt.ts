import { expect } from 'vitest';
import { computeGame } from '../../src/engine/coordinator.js';
import type { ComputeRequest } from '../../src/engine/compute-request.js';
import { InterruptedError } from '../../src/errors.js';

/**
 * Run a compute and abort it once progress reaches heap `at` (as Ctrl-C would), expecting it
 * to stop with an InterruptedError: the first half of every resume test.
 */
export async function computeInterruptedAt(
  req: Omit<ComputeRequest, 'signal' | 'onProgress'>,
  at: number,
): Promise<void> {
  const abort = new AbortController();
  const run = computeGame({
    ...req,
    signal: abort.signal,
    onProgress: (p) => {
      if (p.computed >= at) abort.abort();
    },
  });
  const error: unknown = await run.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(InterruptedError);
  expect((error as Error).message).toMatch(/interrupted/);
}
