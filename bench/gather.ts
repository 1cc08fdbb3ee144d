/**
 * The subtraction gang's gather (kernels/wasm/subtract-blocked.ts) in one thread, with and without
 * its touches of the runs ahead, alternated in one run: the part of a visit that is waiting for
 * the table, measured apart from the gang's scheduling and the machine's other tenants as far as
 * one process can.
 *
 *   npx tsc -p tsconfig.json
 *   node dist/bench/gather.js [N=1e7] [--set squares] [--tiles 400] [--reps 15]
 *
 * First computes g below N with the same kernels (tile by tile, one thread), then gathers `tiles`
 * 192-heap tiles just below N `reps` times for each variant in turn, and prints the fastest and
 * the median pass in ns a visit, and their ratio. The rows both variants leave are compared.
 */
import {
  createSubtractMemory,
  finishLimit,
  instantiateSubtractBlocked,
  valuesView,
  type SubtractBlockedKernel,
} from '../src/kernels/wasm/subtract-blocked.js';
import { lowerBound } from '../src/kernels/sparse.js';
import { parseRules, heapFamily } from '../src/games/registry.js';
import { scriptArgs, type ScriptArgs } from './args.js';

const args: ScriptArgs = scriptArgs({
  usage: '[N=1e7] [--set squares] [--tiles 400] [--reps 15]',
  flags: { set: { type: 'string' }, tiles: { type: 'string' }, reps: { type: 'string' } },
  positionals: 1,
});
const N = args.count(0, '1e7', 'N', 10_000);
const setName = args.flag('set') ?? 'squares';
const tiles = args.countFlag('tiles', '400');
const reps = args.countFlag('reps', '15');
const rules = args.check(() => parseRules(`sub:${setName}`));
const set =
  heapFamily(rules)?.subtraction?.(rules) ??
  args.fail(`--set ${setName}: not an infinite subtraction set (e.g. squares, cubes, primes)`);

const TILE = 192;
const VMAX = 4096;
const elements = set.elements(N);
const made = createSubtractMemory(elements, N, 2, TILE, VMAX);
if (made === null) throw new Error(`N = ${N} is too large for a WebAssembly memory`);
const variants: [string, SubtractBlockedKernel][] = [
  ['touches', instantiateSubtractBlocked(made.memory, true)[2]],
  ['no touches', instantiateSubtractBlocked(made.memory, false)[2]],
];
const rowsOf = (member: number): number => made.scratch + member * made.stride;
const _g = valuesView(made.memory.buffer, made.gOffset, N, 2);

// g below N, one tile at a time (every tile's frozen bound is its start: nothing to wait for).
const kernel = variants[0]![1];
const started = performance.now();
let max = 0;
for (let s = 0; s < N; s += TILE) {
  const e = Math.min(N, s + TILE);
  const V = Math.min(VMAX, Math.ceil((max + 2) / 16) * 16);
  kernel.gather(s, e, s, V, rowsOf(0));
  const top = kernel.finish(s, e, s, V, rowsOf(0), rowsOf(0) + TILE * VMAX, finishLimit(2, VMAX));
  if (top < 0) throw new Error(`a value past ${VMAX - 2} at heap ${s - top - 1}`);
  max = Math.max(max, top);
}
process.stdout.write(
  `sub:${setName} below ${N}: max value ${max}, computed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);

const V = Math.ceil((max + 2) / 16) * 16;
const start = Math.max(TILE, N - tiles * TILE);
const count = Math.floor((N - start) / TILE);
/** Elements at most v. */
const upTo = (v: number): number => lowerBound(elements, elements.length, v + 1);
// Heap n of a tile [s, s + TILE) gathered with frozen bound s - TILE visits the elements x with
// n - x below the bound: n - s + TILE < x <= n.
let visits = 0;
for (let n = start; n < start + count * TILE; n++) visits += upTo(n) - upTo(((n - start) % TILE) + TILE);
const pass = (k: SubtractBlockedKernel, member: number): number => {
  const t0 = performance.now();
  for (let j = 0; j < count; j++) {
    const s = start + j * TILE;
    k.gather(s, s + TILE, s - TILE, V, rowsOf(member));
  }
  return performance.now() - t0;
};
const times: number[][] = variants.map(() => []);
for (let r = 0; r < reps; r++) {
  variants.forEach(([, k], i) => {
    times[i]!.push(pass(k, i));
  });
}
const rows = variants.map((_, i) => new Uint8Array(made.memory.buffer, rowsOf(i), TILE * V));
if (!rows[0]!.every((b, i) => b === rows[1]![i])) throw new Error('the variants left different rows');

const stats = times.map((t) => {
  const sorted = [...t].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]! };
});
process.stdout.write(
  `${count} tiles of ${TILE} heaps from ${start}, ${(visits / 1e6).toFixed(1)} M visits a pass, ${reps} ` +
    `passes each, alternated\n`,
);
variants.forEach(([name], i) => {
  const { min, median } = stats[i]!;
  process.stdout.write(
    `${name.padEnd(12)} fastest ${((min * 1e6) / visits).toFixed(3)} ns a visit, median ` +
      `${((median * 1e6) / visits).toFixed(3)} ns a visit\n`,
  );
});
const [a, b] = stats;
process.stdout.write(
  `no touches / touches: fastest ${(b!.min / a!.min).toFixed(2)}x, median ${(b!.median / a!.median).toFixed(2)}x\n`,
);
