import { computeWorkload } from '../drivers.js';
import type { Workload } from '../workload.js';

/*
 * Real `grundy compute GAME --to N` jobs: coordinator, worker pool, store (a fresh temporary
 * file per run). Expected checksums as in take-break.ts and subtraction.ts (shared anchors).
 */
export const END_TO_END_WORKLOADS: readonly Workload[] = [
  computeWorkload({
    name: 'compute-kayles',
    suite: 'end-to-end',
    game: 'octal:0.77',
    description: 'grundy compute octal:0.77 --to N',
    size: { full: 50_000, quick: 5_000 },
    scaling: true,
    expected: { 50_000: '4895929080', 5_000: '48967830' },
    anchor: (n) => ({ program: 'octal', args: ['0.77', String(n), 'par', '2'], threads: 2 }),
  }),
  computeWorkload({
    name: 'compute-grundy',
    suite: 'end-to-end',
    game: 'grundy',
    description: 'grundy compute grundy --to N',
    size: { full: 40_000, quick: 5_000 },
    scaling: true,
    expected: { 40_000: '46641833809', 5_000: '294070068' },
    anchor: (n) => ({ program: 'octal', args: ['grundy', String(n), 'par', '2'], threads: 2 }),
  }),
  computeWorkload({
    name: 'compute-squares',
    suite: 'end-to-end',
    game: 'sub:squares',
    description: 'grundy compute sub:squares --to N',
    size: { full: 200_000, quick: 30_000 },
    scaling: true,
    expected: { 200_000: '734828293142', 30_000: '8327174889' },
    // The blocked 2-thread variant pays off only far beyond this size; naive is the faster C here.
    anchor: (n) => ({ program: 'squares', args: [String(n), 'naive'] }),
  }),
  computeWorkload({
    name: 'compute-sub-134',
    suite: 'end-to-end',
    game: 'sub:1,3,4',
    description: 'grundy compute sub:1,3,4 --to N (store-bound: a million values per chunk)',
    size: { full: 10_000_000, quick: 1_000_000 },
    expected: { 10_000_000: '6428575714832', 1_000_000: '642858214284' },
  }),
];
