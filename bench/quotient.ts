/**
 * Misère quotients (docs/misere-quotients.md), measured, never asserted:
 *
 * 1. every 3-digit octal code 0.abc (c != 0, 448 codes) to heap --heaps (default 30), stopping
 *    at a proven period or after --millis of work a code (default 3000), on the worker pool;
 *    prints the time, how many were proven, and the orders found;
 * 2. answering --sums random sums (default 10^5; 1-6 heaps, seeded) from stored quotients:
 *    positions a second, with a winning move from each N-position.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/quotient.js [--heaps 30] [--millis 3000] [--workers 2]
 *     [--json out.json]
 */
import { writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeQuotient, openQuotient } from '../src/api/quotient.js';
import { WorkerPool } from '../src/engine/pool.js';
import type { QuotientTaskOutcome, QuotientTasks } from '../src/misere/quotient-task.js';
import { seededRandom } from '../src/testing/random.js';
import { scriptArgs } from './args.js';

const args = scriptArgs({
  usage: '[--heaps 30] [--millis 3000] [--workers 2] [--sums 100000] [--json out.json]',
  flags: {
    heaps: { type: 'string' },
    millis: { type: 'string' },
    workers: { type: 'string' },
    sums: { type: 'string' },
    json: { type: 'string' },
  },
});
const heaps = args.countFlag('heaps', '30');
const millis = args.countFlag('millis', '3000');
const workers = args.countFlag('workers', '2');
const sums = args.countFlag('sums', '100000');

interface Row extends QuotientTaskOutcome {
  readonly code: string;
}

async function survey(): Promise<Row[]> {
  const codes: number[][] = [];
  for (let a = 0; a < 8; a++) for (let b = 0; b < 8; b++) for (let c = 1; c < 8; c++) codes.push([0, a, b, c]);
  const pool = new WorkerPool<QuotientTasks>(workers);
  const started = performance.now();
  try {
    const rows = await Promise.all(
      codes.map(async (digits) => {
        const out = await pool.runOn('quotient', { digits, heaps, maxMillis: millis, maxOrder: 2000 });
        if ((out as unknown as { kind?: string }).kind === 'error') throw new Error(JSON.stringify(out));
        return { code: `0.${digits.slice(1).join('')}`, ...out };
      }),
    );
    const secs = (performance.now() - started) / 1000;
    const proven = rows.filter((r) => r.period?.proven);
    const stopped = rows.filter((r) => r.stopped !== null);
    const observed = rows.filter((r) => r.period && !r.period.proven && r.stopped === null);
    const byOrder = new Map<number, number>();
    for (const r of proven) byOrder.set(r.order, (byOrder.get(r.order) ?? 0) + 1);
    console.log(
      `survey: ${codes.length} codes to heap ${heaps}, ${millis} ms a code, ${workers} workers: ${secs.toFixed(1)} s`,
    );
    console.log(
      `  proven for every heap: ${proven.length}; orders ${[...byOrder]
        .sort((x, y) => x[0] - y[0])
        .map(([o, n]) => `${o}:${n}`)
        .join(' ')}`,
    );
    const neither = rows.length - proven.length - stopped.length - observed.length;
    console.log(`  stopped at a limit: ${stopped.length}; observed only: ${observed.length}; neither: ${neither}`);
    const largest = [...rows].sort((x, y) => y.order - x.order).slice(0, 8);
    console.log(`  largest: ${largest.map((r) => `${r.code} ${r.order} (heaps 1..${r.heaps})`).join(', ')}`);
    // Siegel (arXiv math/0703070): a finite quotient with |P| = 2 has order 2^n + 2 or 2^n + 4.
    const pow = (x: number): boolean => x > 0 && (x & (x - 1)) === 0;
    const odd = rows.filter((r) => r.pSize === 2 && !pow(r.order - 2) && !pow(r.order - 4));
    const oddOrders = rows.filter((r) => r.order > 1 && r.order % 2 === 1).length;
    console.log(`  |P| = 2 with an order other than 2^n + 2, 2^n + 4: ${odd.length}; odd orders > 1: ${oddOrders}`);
    return rows;
  } finally {
    await pool.destroy();
  }
}

async function answering(): Promise<{ code: string; order: number; perSecond: number }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-quotient-'));
  const db = join(dir, 'q.db');
  const out: { code: string; order: number; perSecond: number }[] = [];
  try {
    for (const [code, upTo, maxHeap] of [
      ['octal:0.75', 40, 1_000_000],
      ['octal:0.71', 14, 14],
    ] as const) {
      await computeQuotient(code, { db, heaps: upTo });
      const reader = openQuotient(code, { db });
      const random = seededRandom(41);
      const positions = Array.from({ length: sums }, () =>
        Array.from({ length: 1 + Math.floor(random() * 6) }, () => 1 + Math.floor(random() * maxHeap)),
      );
      let n = 0;
      const t0 = performance.now();
      for (const p of positions) if (reader.answer(p).outcome === 'N') n++;
      const secs = (performance.now() - t0) / 1000;
      const perSecond = sums / secs;
      console.log(
        `answer: ${code} (order ${reader.summary.order}, heaps <= ${maxHeap}): ${sums} sums in ${secs.toFixed(3)} s, ` +
          `${Math.round(perSecond)} a second (${n} N-positions, each with a winning move)`,
      );
      out.push({ code, order: reader.summary.order, perSecond });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

const rows = await survey();
const answers = await answering();
const file = args.flag('json');
if (file) writeFileSync(file, `${JSON.stringify({ heaps, millis, workers, rows, answers }, null, 1)}\n`);
