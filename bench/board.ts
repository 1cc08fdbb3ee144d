/**
 * 2-D tables at N x N (default 8192): Wythoff, king and knight, with the checksum of the C
 * reference programs (sum of g(x, y) * ((x N + y) mod 1000003 + 1)). With the C programs built
 * (second argument or ANCHORS=DIR), runs `wythoff GAME N` in the same run and compares.
 *
 *   node dist/bench/board.js [N] [ANCHORS_DIR] [games, comma-separated]
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { boardChecksum, kingTable, knightTable, wythoffTable, type BoardTable } from '../src/board/index.js';

const n = Number(process.argv[2] ?? 8192);
const anchors = process.argv[3] ?? process.env.ANCHORS;
const games = (process.argv[4] ?? 'wythoff,king,knight').split(',');
const KERNELS: Record<string, (n: number) => BoardTable> = {
  wythoff: wythoffTable,
  king: kingTable,
  knight: knightTable,
};

for (const game of games) {
  const kernel = KERNELS[game];
  if (!kernel) throw new Error(`unknown game ${game}; one of ${Object.keys(KERNELS).join(', ')}`);
  kernel(Math.min(n, 256)); // warm-up: the timed run is the optimised kernel
  const t0 = performance.now();
  const table = kernel(n);
  const secs = (performance.now() - t0) / 1000;
  const checksum = boardChecksum(table).toString();
  let line = `${game.padEnd(8)} N=${n} ts time_s=${secs.toFixed(3)} checksum=${checksum}`;
  if (anchors) {
    const program = join(anchors, 'wythoff');
    if (!existsSync(program)) throw new Error(`${program} is missing: build the C reference programs there`);
    const out = execFileSync(program, [game, String(n)], { encoding: 'utf8', maxBuffer: 1 << 20 });
    const cSum = /checksum=(\d+)/.exec(out)?.[1];
    const cSecs = Number(/time_s=([\d.]+)/.exec(out)?.[1]);
    const same = cSum === checksum ? 'equal' : `DIFFERENT (${cSum})`;
    line += ` | c time_s=${cSecs.toFixed(3)} checksum ${same} ts/c ${(secs / cSecs).toFixed(2)}`;
  }
  console.log(line);
}
