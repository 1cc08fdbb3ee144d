import type { BatchOutcome, BatchTask } from '../src/play/batch-protocol.js';
import { evalSlice, scanSlice } from '../src/play/batch-lines.js';
import { defineWorker } from '../src/worker/define-worker.js';

/** Batch evaluation of positions (grundy eval --file): thin, the work lives in src/play. */
export default defineWorker(
  async (task: BatchTask): Promise<BatchOutcome> => (task.kind === 'scan' ? scanSlice(task) : await evalSlice(task)),
);
