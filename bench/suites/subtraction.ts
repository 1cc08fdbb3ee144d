import { kernelWorkload } from '../drivers.js';
import type { Workload } from '../workload.js';

/*
 * Expected checksums: printed by the C reference programs of the project's shared anchors
 * (anchors/subtract.c, anchors/squares.c, built with gcc -O3), e.g. `subtract 1e7 1,3,4` ->
 * checksum=6428575714832 and `squares 2e5 naive` -> checksum=734828293142. Copied here as facts;
 * nothing runs them unless --anchors is given.
 */
export const SUBTRACTION_WORKLOADS: readonly Workload[] = [
  kernelWorkload({
    name: 'sub-134',
    suite: 'subtraction',
    game: 'sub:1,3,4',
    description: 'finite subtraction {1,3,4}, bit-mask mex',
    size: { full: 10_000_000, quick: 1_000_000 },
    expected: { 10_000_000: '6428575714832', 1_000_000: '642858214284' },
    anchor: (n) => ({ program: 'subtract', args: [String(n), '1,3,4'] }),
  }),
  kernelWorkload({
    name: 'allbut-12',
    suite: 'subtraction',
    game: 'allbut:1,2',
    description: 'all-but subtraction, X = {1,2}, value-count kernel',
    size: { full: 4_000_000, quick: 400_000 },
  }),
];

export const INFINITE_SUBTRACTION_WORKLOADS: readonly Workload[] = [
  kernelWorkload({
    name: 'squares',
    suite: 'infinite-subtraction',
    game: 'sub:squares',
    description: 'subtract-a-square, plain O(n^1.5)',
    size: { full: 200_000, quick: 30_000 },
    expected: { 200_000: '734828293142', 30_000: '8327174889' },
    anchor: (n) => ({ program: 'squares', args: [String(n), 'naive'] }),
  }),
];
