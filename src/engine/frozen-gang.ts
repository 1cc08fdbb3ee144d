import { controlBytes, GANG, startGang } from '../kernels/gang-control.js';
import { gangEnd, runGangTasks } from '../gang/launch.js';
import type { FrozenGangTask } from './gang-protocol.js';
import { planFrozenGang, type FrozenGangPlan } from './frozen-plan.js';
import { FrozenPlanned } from './frozen-strategy.js';
import { RowScratch } from './frozen-runner.js';
import type { ChunkOutcome } from './protocol.js';
import type { ChunkRun } from './strategy.js';
import { typedTable } from '../kernels/values.js';

/**
 * The frozen-prefix strategy on the gang runtime (docs/parallel.md): a chunk is one gang of
 * every pool thread, each member gathering and finishing its tiles in turn. Rows are sized for
 * the values before the chunk; when the values outgrow them the gang stops there and the next
 * chunk starts a new gang with wider rows.
 */
export class FrozenGangStrategy extends FrozenPlanned<FrozenGangPlan> {
  private readonly rowScratch: RowScratch[] = [];

  protected makePlan(lo: number, limit: number, maxValue: number): FrozenGangPlan | null {
    return planFrozenGang(this.rules, this.share, lo, limit, this.threads, maxValue, this.tuning);
  }

  /** Every heap below the control block's FINISHED is final, however the gang stopped. */
  async run(chunk: ChunkRun): Promise<ChunkOutcome> {
    const { pool, width, lo, hi, signal } = chunk;
    const g = typedTable(chunk.g);
    const { tile, rowWords } = this.planAt(lo);
    const members = Math.max(1, Math.min(this.threads, Math.ceil((hi - lo) / tile)));
    const control = new SharedArrayBuffer(controlBytes(members));
    const ctl = new Int32Array(control);
    startGang(ctl, lo, hi, chunk.maxBefore, members);
    const base = {
      kind: 'frozen-gang' as const,
      rules: this.rules,
      buffer: g.buffer as SharedArrayBuffer,
      width,
      control,
      rowWords,
      lo,
      hi,
      tile,
      members,
    };
    const gang = Array.from({ length: members }, (_, member) => {
      const scratch = (this.rowScratch[member] ??= new RowScratch());
      const task: FrozenGangTask = { ...base, member, rows: scratch.get(tile * rowWords * 4) };
      return {
        task,
        label: `frozen-prefix gang member ${member + 1}/${members} on [${lo}, ${hi}) of ${this.rules.key}`,
      };
    });
    const result = await runGangTasks(pool, 'gang', gang, ctl, signal);
    this.lastWorkers = members;
    this.stats.chunks++;
    this.stats.regrows += Atomics.load(ctl, GANG.REGROW);
    const end = gangEnd(ctl, result);
    if ('kind' in end) return end;
    const { next, overflow } = end;
    // Only a value too wide for the table may stop the gang at its first heap (the caller widens).
    if (next === lo && overflow === 0)
      throw new Error(`the frozen-prefix gang on [${lo}, ${hi}) of ${this.rules.key} stopped at once`);
    let chunkMax = 0;
    for (let n = lo; n < next; n++) if (g[n]! > chunkMax) chunkMax = g[n]!;
    const done = result.settled.find((r) => r.status === 'fulfilled' && r.value.kind === 'member-done');
    const kernel =
      done?.status === 'fulfilled' && done.value.kind === 'member-done' ? done.value.kernel : 'frozen-prefix';
    if (overflow !== 0) return { kind: 'overflow', next, maxValue: chunkMax, value: overflow, kernel };
    return { kind: 'done', next, maxValue: chunkMax, kernel };
  }
}
