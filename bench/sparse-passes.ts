/**
 * The sparse gang's own extra work, on one thread: the heaps [2^15, N) by the sequential kernel
 * (`run`, in chunks) against the gang's two passes in the order two members run them (tile k
 * gathered from the frozen bound at tile k - 1's start, finished after tile k - 1), alternated.
 * Both go on from the same prefix, computed as bench/sparse-driver.ts computes a table.
 * What is left between them is the split itself (per-heap bookkeeping done twice, the finish's
 * rescans), apart from the machine: no second thread, no waits.
 *
 *   npx tsc -p tsconfig.json
 *   taskset -c 1 node dist/bench/sparse-passes.js [N=2e6] [--game grundy] [--tile 900] [--reps 3]
 *
 * Pin it to one core: this machine's two cores can differ by a third for minutes. Each pass
 * starts from a fresh table (the prefix below 2^15 untimed); checksums must agree. Values must
 * stay below 256 (Grundy's game to 10^7 does).
 */
import { parseRules } from '../src/games/registry.js';
import { rowWordsFor } from '../src/kernels/frozen/frozen-kernel.js';
import { WasmSparseFrozenKernel, WasmSparseKernel } from '../src/kernels/wasm/sparse-wasm.js';
import { sparseWasmModule } from '../src/wasm/sparse-module.js';
import { scriptArgs } from './args.js';
import { heapChecksum } from './checksum.js';
import { SparseTableRun, sparseShapeOf } from './sparse-driver.js';

const args = scriptArgs({
  usage: '[N=2e6] [--game grundy] [--tile 900] [--reps 3]',
  flags: { game: { type: 'string' }, tile: { type: 'string' }, reps: { type: 'string' } },
  positionals: 1,
});
const FROM = 1 << 15;
const N = args.count(0, '2e6', 'N', 2 * FROM);
const rules = args.check(() => parseRules(args.flag('game') ?? 'grundy'));
const tile = args.countFlag('tile', '900');
const reps = args.countFlag('reps', '3');
const shape = args.check(() => sparseShapeOf(rules));
const module = sparseWasmModule() ?? args.fail('the WebAssembly sparse kernel does not run here (no SIMD?)');

/** A tile gathered and not yet finished: [s, e) from frozen bound F, rows numbered from rowFrom. */
interface Held {
  readonly s: number;
  readonly e: number;
  readonly F: number;
  readonly rowFrom: number;
}

interface Pass {
  readonly ms: number;
  readonly rescans: number;
  readonly checksum: bigint;
}

function pass(passes: boolean): Pass {
  const run = new SparseTableRun(shape, new WasmSparseKernel(shape, module), N);
  run.advance(FROM);
  const started = performance.now();
  let rescans = 0;
  if (!passes) run.advance(N);
  else {
    const gang = new WasmSparseFrozenKernel(run.kernel.mem);
    const { g, rare } = run;
    let max = run.maxValue;
    let next = run.next;
    const rowWords = rowWordsFor(2 * max + 1);
    const noRows = new Int32Array(0);
    // Rows of two tiles at a time: tile k's at (k mod 2) * tile, k numbered from FROM.
    let held: Held | null = null;
    let claimed = next;
    for (let k = 0; next < N; k++) {
      let gathered: Held | null = null;
      if (claimed < N) {
        const s = claimed;
        const e = Math.min(N, s + tile);
        claimed = e;
        const rowFrom = s - (k % 2) * tile;
        gang.gather(g, next, s, e, max, rare, noRows, rowWords, rowFrom);
        gathered = { s, e, F: next, rowFrom };
      }
      if (held) {
        const out = gang.finish(g, held.F, held.s, held.e, max, rare, noRows, rowWords, held.rowFrom);
        if (out.next < held.e) throw new Error(`a value too wide for the table or the rows at ${out.next}`);
        max = Math.max(max, out.maxValue);
        next = held.e;
      }
      held = gathered;
    }
    rescans = gang.rescans;
  }
  return { ms: performance.now() - started, rescans, checksum: heapChecksum(run.g, N) };
}

const runs: Record<'seq' | 'passes', Pass[]> = { seq: [], passes: [] };
for (let r = 0; r < reps; r++) {
  runs.seq.push(pass(false));
  runs.passes.push(pass(true));
}
const sums = new Set([...runs.seq, ...runs.passes].map((p) => p.checksum));
if (sums.size !== 1) throw new Error(`the tables differ: checksums ${[...sums].join(', ')}`);
const stat = (ps: Pass[]): { min: number; median: number } => {
  const ms = ps.map((p) => p.ms).sort((a, b) => a - b);
  return { min: ms[0]!, median: ms[Math.floor(ms.length / 2)]! };
};
const s = stat(runs.seq);
const p = stat(runs.passes);
const heaps = N - FROM;
const perHeap = (ms: number): string => `${((ms * 1e3) / heaps).toFixed(3)} us a heap`;
const rescans = runs.passes[0]!.rescans;
process.stdout.write(
  `${rules.key} [${FROM}, ${N}), ${reps} passes each, alternated; checksum ${[...sums][0]}\n` +
    `sequential  fastest ${s.min.toFixed(0)} ms (${perHeap(s.min)}), median ${s.median.toFixed(0)} ms\n` +
    `two passes  fastest ${p.min.toFixed(0)} ms (${perHeap(p.min)}), median ${p.median.toFixed(0)} ms, ` +
    `tiles of ${tile}, ${rescans} rescans (${((100 * rescans) / heaps).toFixed(1)}% of heaps)\n` +
    `two passes / sequential: fastest ${(p.min / s.min).toFixed(3)}x, median ${(p.median / s.median).toFixed(3)}x\n`,
);
