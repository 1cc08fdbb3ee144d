import type { SparseGangTask } from '../engine/sparse-protocol.js';
import { GANG, publishFinished, reportFinished } from '../kernels/gang-control.js';
import { RareList } from '../kernels/sparse.js';
import type { Values } from '../kernels/values.js';
import { haltPipe, PIPE, pipeControl, type WasmSparsePipe } from '../kernels/wasm/sparse-pipe.js';
import { publishFound } from './sparse-phases.js';
import type { DeathHook } from '../kernels/gang-control.js';

/**
 * One side of a sparse pipe gang (assembly/sparse/pipe.ts), in a worker thread: member 1 marks
 * until the closer stops the pipe; member 0 closes the gang's range in segments of `tile`
 * heaps, publishing each to the gang's control block as a tile gang's finish does (its rare
 * heaps, its largest value, FINISHED), and stops the pipe when it ends, however it ends.
 */
export function runPipeMember(
  task: SparseGangTask & { readonly pipe: NonNullable<SparseGangTask['pipe']> },
  pipe: WasmSparsePipe,
  memory: WebAssembly.Memory,
  g: Values,
  ctl: Int32Array,
  shouldDie: DeathHook,
): void {
  const at = task.pipe.at;
  if (task.member !== 0) {
    // A marker retried on a fresh thread goes on from the blocks the pipe says it has done.
    pipe.marks(task.lo, task.hi, at);
    return;
  }
  try {
    close(task, pipe, pipeControl(memory, at), g, ctl, shouldDie);
  } finally {
    haltPipe(memory, at);
  }
}

function close(
  task: SparseGangTask & { readonly pipe: NonNullable<SparseGangTask['pipe']> },
  pipe: WasmSparsePipe,
  pctl: Int32Array,
  g: Values,
  ctl: Int32Array,
  shouldDie: DeathHook,
): void {
  const rarePos = new Int32Array(task.rarePos);
  const rareVal = new Int32Array(task.rareVal);
  const at = task.pipe.at;
  const published = Atomics.load(ctl, GANG.RARE_COUNT);
  const rare = new RareList();
  for (let i = 0; i < published; i++) rare.push(rarePos[i]!, rareVal[i]!);
  // A closer retried on a fresh thread goes on from the pipe's FIN: every heap below it is final
  // (closed before the first closer died), and its rare heaps are in the place's list, but the
  // gang may not have them yet.
  const s0 = Atomics.load(pctl, PIPE.FIN);
  const count = Atomics.load(pctl, PIPE.RARE);
  if (count > published && task.arena) {
    const { rpAt, rvAt } = task.arena.place;
    const pos = new Int32Array(pctl.buffer, rpAt, count);
    const val = new Int32Array(pctl.buffer, rvAt, count);
    for (let i = published; i < count; i++) rare.push(pos[i]!, val[i]!);
    rarePos.set(rare.pos.subarray(published, count), published);
    rareVal.set(rare.val.subarray(published, count), published);
    Atomics.store(ctl, GANG.RARE_COUNT, count);
  }
  if (s0 > Atomics.load(ctl, GANG.FINISHED)) {
    Atomics.store(ctl, GANG.MAX, Math.max(Atomics.load(ctl, GANG.MAX), Atomics.load(pctl, PIPE.SOFAR)));
    Atomics.store(ctl, GANG.FINISHED, s0);
    reportFinished(ctl, s0);
  }
  let s = s0;
  const segment = Math.max(16, task.tile - (task.tile % 16));
  for (;;) {
    if (Atomics.load(ctl, GANG.ABORT) !== 0 || s >= Math.min(task.hi, Atomics.load(ctl, GANG.STOP))) return;
    const e = Math.min(task.hi, s + segment - ((s - task.lo) % 16));
    if (shouldDie(s, e)) {
      // Test hook (src/testing/faults.ts): scribble over the segment, then take the thread down.
      g.fill(0xffffffff, s, e);
      process.exit(70);
    }
    const known = rare.count;
    const maxBefore = Atomics.load(ctl, GANG.MAX);
    const out = pipe.finish(g, task.lo, s, e, maxBefore, rare, at);
    // A value too wide for the table, a heap for the main thread, a rare heap past a window's
    // reach, or the pipe stopped: every member stops there.
    if (!publishFinished(ctl, e, publishFound(ctl, rarePos, rareVal, rare, known, maxBefore, out, e))) return;
    s = e;
  }
}
