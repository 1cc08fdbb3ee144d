import { GrundyError } from '../src/errors.js';
import type { BatchOutcome, BatchTask } from '../src/play/batch-protocol.js';
import { evalSlice, scanSlice } from '../src/play/batch-lines.js';

/** Batch evaluation of positions (grundy eval --file): thin, the work lives in src/play. */
export default async function runEval(task: BatchTask): Promise<BatchOutcome> {
  try {
    return task.kind === 'scan' ? scanSlice(task) : await evalSlice(task);
  } catch (err) {
    if (err instanceof GrundyError) return { kind: 'error', message: err.message, exitCode: err.exitCode };
    return { kind: 'error', message: err instanceof Error ? err.message : String(err), exitCode: 5 };
  }
}
