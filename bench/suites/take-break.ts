import { kernelWorkload } from '../drivers.js';
import type { Workload } from '../workload.js';

/*
 * Expected checksums: printed by the shared anchors' anchors/octal.c (which also matches the
 * first terms against OEIS A002186 / A002187 / A002188), e.g. `octal 0.77 50000 vec` ->
 * checksum=4895929080, `octal 0.137 50000` -> 3382829956, `octal grundy 40000` -> 46641833809.
 */
export const TAKE_BREAK_WORKLOADS: readonly Workload[] = [
  kernelWorkload({
    name: 'kayles',
    suite: 'take-break',
    game: 'octal:0.77',
    description: 'Kayles (octal 0.77), plain O(n^2) split scan',
    size: { full: 50_000, quick: 5_000 },
    expected: { 50_000: '4895929080', 5_000: '48967830' },
    anchor: (n) => ({ program: 'octal', args: ['0.77', String(n), 'scalar'] }),
  }),
  kernelWorkload({
    name: 'dawson-chess',
    suite: 'take-break',
    game: 'octal:0.137',
    description: "Dawson's chess (octal 0.137), plain O(n^2) split scan",
    size: { full: 50_000, quick: 5_000 },
    expected: { 50_000: '3382829956', 5_000: '33858922' },
    anchor: (n) => ({ program: 'octal', args: ['0.137', String(n), 'scalar'] }),
  }),
];

export const GRUNDY_WORKLOADS: readonly Workload[] = [
  kernelWorkload({
    name: 'grundy',
    suite: 'grundy',
    game: 'grundy',
    description: "Grundy's game, plain O(n^2) split scan",
    size: { full: 40_000, quick: 5_000 },
    expected: { 40_000: '46641833809', 5_000: '294070068' },
    anchor: (n) => ({ program: 'octal', args: ['grundy', String(n), 'scalar'] }),
  }),
];
