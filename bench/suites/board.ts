import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../src/errors.js';
import { boardChecksum, kingTable, knightTable, wythoffTable, type BoardTable } from '../../src/board/index.js';
import { computeBoard } from '../../src/engine/board-compute.js';
import { parseRules } from '../../src/games/registry.js';
import { loadBoard } from '../../src/store/boards.js';
import { Store } from '../../src/store/store.js';
import { nimMulMany } from '../../src/nimber/fast.js';
import { splitMix64Pairs } from '../splitmix64.js';
import { defineWorkload, type Workload } from '../workload.js';

/*
 * Expected checksums: printed by the C reference programs of the project's shared anchors
 * (anchors/wythoff.c, built with gcc -O3): `wythoff wythoff 8192` -> 171645068309834020, and the
 * same run of bench/board.ts matched `wythoff king|knight 8192` (50253640782990, 50252949017038)
 * and `wythoff wythoff|king|knight 2048` (2617042888027593, 3028855753614, 3031496709785).
 * Copied here as facts; nothing runs them unless --anchors is given. The size of a 2-D
 * workload is its number of states N * N (the registry's unit); the side N is its square root,
 * so --size takes a square (e.g. 4096^2 = 16777216).
 */
function side(states: number): number {
  const n = Math.round(Math.sqrt(states));
  if (n * n !== states) throw new UsageError(`a 2-D workload's size is N * N states; ${states} is not a square`);
  return n;
}

/** The kernel side of a 2-D workload: the N x N table in this thread, the C program beside it. */
function boardSpec(
  name: string,
  description: string,
  kernel: (n: number) => BoardTable,
  expected: Record<number, string>,
): Workload<number> {
  return {
    name,
    suite: 'board',
    description,
    size: { full: 8192 * 8192, quick: 2048 * 2048 },
    expected,
    plain: (states, ctx) => {
      const n = side(states);
      return { checksum: boardChecksum(ctx.timed(() => kernel(n))), states };
    },
    anchor: (states) => ({ program: 'wythoff', args: [name.replace(/-2d$/, ''), String(side(states))] }),
  };
}

function boardWorkload(...args: Parameters<typeof boardSpec>): Workload {
  return defineWorkload(boardSpec(...args));
}

/**
 * A real `grundy compute GAME --size N` job: computeBoard through the pool (the WebAssembly line
 * kernel where it runs) and a fresh store in a temporary folder, the store write timed with the
 * compute; the checksum is read back from the store. plain: the kernel in this thread.
 */
function computeBoardWorkload(
  name: string,
  description: string,
  spec: (n: number) => string,
  kernel: (n: number) => BoardTable,
  expected: Record<number, string>,
): Workload {
  return defineWorkload<number>({
    ...boardSpec(name, description, kernel, expected),
    pooled: async (states, ctx) => {
      const n = side(states);
      const rules = parseRules(spec(n));
      const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-'));
      const store = Store.openForWrite(join(dir, 'bench.db'));
      try {
        await ctx.timedAsync(() => computeBoard({ rules, store, pool: ctx.pool, size: n, workers: 1 }));
        const board = loadBoard(store, store.getGame(rules.key)!)!;
        return { checksum: boardChecksum({ n, values: board.values }), states };
      } finally {
        store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    anchor: (states) => ({ program: 'wythoff', args: [name.replace(/^compute-/, ''), String(side(states))] }),
  });
}

interface NimberInput {
  readonly aHi: Uint32Array;
  readonly aLo: Uint32Array;
  readonly bHi: Uint32Array;
  readonly bLo: Uint32Array;
}

export const BOARD_WORKLOADS: readonly Workload[] = [
  boardWorkload('wythoff-2d', "Wythoff's game N x N, row/column/diagonal bitsets", wythoffTable, {
    [8192 * 8192]: '171645068309834020',
    [2048 * 2048]: '2617042888027593',
  }),
  boardWorkload('king-2d', 'king N x N, one-hot mex', kingTable, {
    [8192 * 8192]: '50253640782990',
    [2048 * 2048]: '3028855753614',
  }),
  boardWorkload('knight-2d', 'knight on the N x N board, anti-diagonals', knightTable, {
    [8192 * 8192]: '50252949017038',
    [2048 * 2048]: '3031496709785',
  }),
  computeBoardWorkload(
    'compute-wythoff',
    'grundy compute wythoff --size N, to the store',
    () => 'wythoff',
    wythoffTable,
    {
      [8192 * 8192]: '171645068309834020',
      [2048 * 2048]: '2617042888027593',
    },
  ),
  computeBoardWorkload('compute-king', 'grundy compute 2d:king --size N, to the store', () => '2d:king', kingTable, {
    [8192 * 8192]: '50253640782990',
    [2048 * 2048]: '3028855753614',
  }),
  computeBoardWorkload(
    'compute-knight',
    'grundy compute 2d:knight:N, to the store',
    (n) => `2d:knight:${n}`,
    knightTable,
    { [8192 * 8192]: '50252949017038', [2048 * 2048]: '3031496709785' },
  ),
  defineWorkload<NimberInput>({
    name: 'nimber-mul',
    suite: 'board',
    description: 'nim products of splitmix64(1) pairs (xor checksum; C: nimber bench N 1 tab8)',
    size: { full: 10_000_000, quick: 1_000_000 },
    // anchors/README.md: `nimber bench 10000000 1` prints xor=9712149964092132535
    expected: { 10_000_000: '9712149964092132535' },
    setup: (n) => {
      const word = (): Uint32Array => new Uint32Array(n);
      const input = { aHi: word(), aLo: word(), bHi: word(), bLo: word() };
      splitMix64Pairs(1n, input.aHi, input.aLo, input.bHi, input.bLo);
      return input;
    },
    plain: (input, ctx) => {
      const n = input.aHi.length;
      const outHi = new Uint32Array(n).fill(1);
      const outLo = new Uint32Array(n).fill(1);
      ctx.timed(() => nimMulMany(input.aHi, input.aLo, input.bHi, input.bLo, outHi, outLo));
      let xh = 0;
      let xl = 0;
      for (let i = 0; i < n; i++) {
        xh ^= outHi[i]!;
        xl ^= outLo[i]!;
      }
      return { checksum: (BigInt(xh >>> 0) << 32n) | BigInt(xl >>> 0), states: n };
    },
  }),
];
