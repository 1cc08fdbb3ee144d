import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeGame } from '../src/engine/coordinator.js';
import { plainKernel } from '../src/games/registry.js';
import { plainValues, regrow, widthFor, wider, type Values, type Width } from '../src/kernels/values.js';
import { parseRules } from '../src/games/registry.js';
import type { Rules } from '../src/rules/types.js';
import { Store } from '../src/store/store.js';
import { heapChecksum } from './checksum.js';
import type { PooledContext, RunOutcome, TimedContext, Workload } from './workload.js';

/**
 * g(0..n) by the family's plain range kernel in this thread, in one call (widening the array
 * when a value does not fit, as the coordinator does). Allocation is outside the timed part.
 */
export function plainTable(rules: Rules, n: number, ctx: TimedContext): Values {
  let width: Width = 8;
  let g: Values = plainValues(width, n);
  const kernel = plainKernel(rules);
  ctx.timed(() => {
    let next = 0;
    let maxValue = 0;
    while (next < n) {
      const out = kernel.run(g, next, n, maxValue);
      if (out.failure !== undefined) throw new Error(`${rules.key} failed at n = ${out.next}: ${out.failure}`);
      maxValue = Math.max(maxValue, out.maxValue);
      next = out.next;
      if (out.overflowValue !== undefined) {
        width = wider(width, widthFor(out.overflowValue));
        g = regrow(g, next, width, n, false);
      }
    }
  });
  return g;
}

/**
 * A real `grundy compute <spec> --to n` job: the coordinator, the pool and a fresh store in a
 * temporary folder (created and removed outside the timed part).
 */
export async function computeThroughEngine(rules: Rules, n: number, ctx: PooledContext): Promise<RunOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-'));
  const store = Store.openForWrite(join(dir, 'bench.db'));
  try {
    const summary = await ctx.timedAsync(() =>
      computeGame({ rules, store, pool: ctx.pool, to: n, untilProven: false }),
    );
    const game = store.getGame(rules.key)!;
    return { checksum: heapChecksum(store.readValues(game), game.computed), states: summary.newlyComputed };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface TableWorkloadSpec {
  readonly name: string;
  readonly suite: string;
  readonly game: string;
  readonly description: string;
  readonly size: { readonly full: number; readonly quick: number };
  readonly expected?: Readonly<Record<number, string>>;
  readonly anchor?: Workload['anchor'];
}

/** A kernel workload: g(0..N) of one game by its plain kernel. */
export function kernelWorkload(spec: TableWorkloadSpec): Workload<number> {
  const rules = parseRules(spec.game);
  return {
    ...spec,
    plain: (n, ctx) => ({ checksum: heapChecksum(plainTable(rules, n, ctx), n), states: n }),
  };
}

/**
 * An end-to-end workload: `grundy compute GAME --to N` through the pool and the store, with
 * the plain kernel in this thread as its baseline. `scaling` measures it at 1..cores workers.
 */
export function computeWorkload(spec: TableWorkloadSpec & { readonly scaling?: boolean }): Workload<number> {
  const rules = parseRules(spec.game);
  return {
    ...spec,
    plain: (n, ctx) => ({ checksum: heapChecksum(plainTable(rules, n, ctx), n), states: n }),
    pooled: (n, ctx) => computeThroughEngine(rules, n, ctx),
  };
}
