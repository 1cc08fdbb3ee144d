/**
 * Worker threads started before the work that needs them is known: the CLI starts `grundy
 * compute`'s as it starts (cli/head-start.ts), and the compute's pool takes them. Kept apart from
 * api/compute.ts, whose imports are most of the CLI, so that starting them loads little.
 */
export { defaultWorkers, headStart, headStartThreads, releaseHeadStart } from '../engine/pool.js';
