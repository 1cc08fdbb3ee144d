import type { ExpandOutcome, ExpandTask } from '../src/states/protocol.js';
import { expandStates } from '../src/states/expand.js';
import { defineWorker } from '../src/worker/define-worker.js';

/** Expansion of `states:` modules (src/states/explore.ts): thin, the work lives in src/states. */
export default defineWorker(async (task: ExpandTask): Promise<ExpandOutcome> => await expandStates(task));
