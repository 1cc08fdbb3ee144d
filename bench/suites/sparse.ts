import { computeThroughEngine } from '../drivers.js';
import { heapChecksum } from '../checksum.js';
import { plainSparseTable } from '../sparse-driver.js';
import { parseRules } from '../../src/games/registry.js';
import { defineWorkload, type Workload } from '../workload.js';

/*
 * Sparse space (docs/sparse.md) at sizes the plain O(n^2) kernels cannot reach. Expected
 * checksums: Grundy's game from the shared anchors' anchors/grundy_sparse.c (`grundy_sparse 1e5 0
 * scalar` -> checksum=332513780371, 2e4 -> 9987292981); Kayles from its proven period 12 from
 * n = 71 (Guy & Smith 1956) applied to the first 1000 values, which agree with OEIS A002186 and
 * with `octal 0.77 1e5` (checksum=19583691581).
 */
const grundy = parseRules('grundy');
const kayles = parseRules('octal:0.77');

export const SPARSE_WORKLOADS: readonly Workload[] = [
  defineWorkload<number>({
    name: 'kayles-sparse',
    suite: 'sparse',
    description: 'Kayles (octal 0.77) by sparse space, in this thread',
    size: { full: 1_000_000, quick: 100_000 },
    expected: { 1_000_000: '1958336916581', 100_000: '19583691581' },
    plain: (n, ctx) => ({ checksum: heapChecksum(plainSparseTable(kayles, n, ctx), n), states: n }),
    anchor: (n) => ({ program: 'octal', args: ['0.77', String(n), 'vec'] }),
  }),
  defineWorkload<number>({
    name: 'grundy-sparse',
    suite: 'sparse',
    description: "Grundy's game by sparse space, in this thread",
    size: { full: 100_000, quick: 20_000 },
    expected: { 100_000: '332513780371', 20_000: '9987292981' },
    plain: (n, ctx) => ({ checksum: heapChecksum(plainSparseTable(grundy, n, ctx), n), states: n }),
    anchor: (n) => ({ program: 'grundy_sparse', args: [String(n), '0', 'scalar'] }),
  }),
  defineWorkload<number>({
    name: 'compute-grundy-sparse',
    suite: 'end-to-end',
    description: 'grundy compute grundy --to N at a sparse-space size (the engine picks sparse space)',
    size: { full: 100_000, quick: 20_000 },
    scaling: true,
    expected: { 100_000: '332513780371', 20_000: '9987292981' },
    plain: (n, ctx) => ({ checksum: heapChecksum(plainSparseTable(grundy, n, ctx), n), states: n }),
    pooled: (n, ctx) => computeThroughEngine(grundy, n, ctx),
    anchor: (n) => ({ program: 'grundy_sparse', args: [String(n), '0', 'scalar'] }),
  }),
];
