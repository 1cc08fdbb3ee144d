import { deserialize, serialize } from 'node:v8';

/** The one BullMQ queue every grundy worker takes jobs from. */
export const QUEUE_NAME = 'grundy-jobs';

/** What a job carries: the same task a local run gives its Piscina pool, in V8's structured-clone format. */
/** The Piscina worker entries a queue worker runs jobs on (workers/<kind>.worker.ts). */
export type JobKind = 'sweep' | 'eval';

export interface JobData {
  /** Which coordinator run the job belongs to (sweep name and parameters), to clear its leftovers on a restart. */
  readonly runKey: string;
  /** A human description of the batch (its games), for errors. */
  readonly label: string;
  /** The Piscina worker entry that solves the task (workers/<worker>.worker.ts). */
  readonly worker: JobKind;
  /** base64 of v8.serialize(task): typed arrays cross as they do between threads, not as JSON lists. */
  readonly task: string;
}

export function encodePayload(value: unknown): string {
  return serialize(value).toString('base64');
}

export function decodePayload<T>(text: string): T {
  return deserialize(Buffer.from(text, 'base64')) as T;
}

/** Job options from the environment, so fault tests can shorten the timings without new flags. */
export function envMs(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}
