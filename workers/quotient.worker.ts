import { type QuotientTask, solveQuotientTask } from '../src/misere/quotient-task.js';
import { defineWorker } from '../src/worker/define-worker.js';

/** One code's misère quotient (bench/quotient.ts surveys): thin, the work lives in src/misere. */
export default defineWorker((task: QuotientTask) => solveQuotientTask(task));
