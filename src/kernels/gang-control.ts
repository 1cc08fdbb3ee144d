import { availableParallelism } from 'node:os';

/**
 * The control block of a gang (docs/parallel.md): Int32 slots shared by the main thread and
 * every member, the same for every phase kernel. The WebAssembly subtraction kernel reads ELEMS
 * and G from it too, so the whole layout is declared here once, and checked when loaded.
 *
 * A gang runs one long task per pool thread for a whole chunk [lo, hi), the members handing
 * tiles to each other through Atomics on this block instead of a pool round trip each.
 * Values (and anything a kernel publishes) written before FINISHED is stored are visible to any
 * member that loads FINISHED afterwards: Atomics are sequentially consistent.
 */
export const GANG = {
  /** Every heap below this is final. */
  FINISHED: 0,
  /** Rare heaps published in the shared rare list (sparse space: those below FINISHED). */
  RARE_COUNT: 1,
  /** No tile at or past this heap is started (hi, or lower after an overflow or a stop). */
  STOP: 2,
  /** Set by the main thread when a member failed or the run was cancelled. */
  ABORT: 3,
  /**
   * The value that did not fit the table the members write (0: none): the engine's table
   * (sparse space, the frozen prefix: the coordinator widens it), or the subtraction gang's own
   * narrower memory (it widens that, or steps aside). The gang stops at FINISHED, that heap.
   */
  OVERFLOW: 4,
  /** max g[0, FINISHED). */
  MAX: 5,
  /** Finishes that scanned every pair / continued an exhausted frozen scan (benchmarks). */
  RESCANS: 6,
  CONTINUED: 7,
  /** 1 when a member stopped the gang because its rows could no longer hold the values. */
  REGROW: 8,
  /** Heaps claimed so far, counted from lo: a member takes its next tile here (Atomics.add). */
  NEXT: 9,
  /**
   * The heap the main thread waits for FINISHED to reach (0: none): the member that moves
   * FINISHED there clears it and wakes the main thread (reportFinished, finishedAt).
   */
  REPORT: 10,
  /**
   * 1 when a windowed sparse table (engine/sparse-window.ts) stopped the gang at FINISHED
   * because that heap's scan needs pairs outside the window: the main thread computes it.
   */
  MISS: 11,
  /** WebAssembly subtraction gang: byte offsets of the element list and of the values. */
  ELEMS: 12,
  G: 13,
  /**
   * A timed tile's thread time at the fastest member's pace, in ns, when set (0: the schedule's):
   * the main thread shortens the tiles of a gang whose finishes rescan many heaps (sparse space).
   */
  TILE_NS: 14,
} as const;
export const GANG_SLOTS = 16;

/**
 * After the fixed slots, MEMBER_WORDS words a member: the tile it holds (claimed, not yet
 * published), so that its retry can redo it, and its pace, so that the others can size their tiles.
 */
export const MEMBER = {
  /** The tile [START, END) the member holds; once FINISHED passes START it holds none. */
  START: 0,
  END: 1,
  /** The member's thread time a heap over its last tiles, in ns (0: not measured yet). */
  PACE: 2,
} as const;
/** Words a member's record takes: MEMBER's words are 0, 1, ... in order. */
const MEMBER_WORDS = Object.keys(MEMBER).length;

/** The slot of one word of member t's record. */
export function memberSlot(member: number, word: number): number {
  return GANG_SLOTS + member * MEMBER_WORDS + word;
}

/** Bytes of the control block of a gang of `members`: whole cache lines, so what follows starts on one. */
export function controlBytes(members: number): number {
  return Math.ceil(((GANG_SLOTS + members * MEMBER_WORDS) * 4) / 64) * 64;
}

/**
 * Ready the block for a gang over [lo, hi) whose values below lo are at most max: nothing
 * claimed, held or counted, no member's pace known. ELEMS and G (a memory's layout) stay.
 */
export function startGang(ctl: Int32Array, lo: number, hi: number, max: number, members: number): void {
  const counted = [
    GANG.RARE_COUNT,
    GANG.ABORT,
    GANG.OVERFLOW,
    GANG.RESCANS,
    GANG.CONTINUED,
    GANG.REGROW,
    GANG.MISS,
    GANG.NEXT,
    GANG.TILE_NS,
  ];
  for (const slot of [...counted, GANG.REPORT]) Atomics.store(ctl, slot, 0);
  for (let t = 0; t < members; t++)
    for (let word = 0; word < MEMBER_WORDS; word++) Atomics.store(ctl, memberSlot(t, word), 0);
  Atomics.store(ctl, GANG.FINISHED, lo);
  Atomics.store(ctl, GANG.STOP, hi);
  Atomics.store(ctl, GANG.MAX, max);
}

// The layout is shared by JavaScript and WebAssembly: every slot distinct and inside the block.
const slots = Object.values(GANG);
if (new Set(slots).size !== slots.length || slots.some((slot) => slot < 0 || slot >= GANG_SLOTS)) {
  throw new Error('gang control block: slots must be distinct and below GANG_SLOTS');
}

/** Test hook: called before each finish; true makes the member's thread die there. */
export type DeathHook = (lo: number, hi: number) => boolean;

/** Lower STOP to `at` (never raise it) and wake every waiting member to look. */
export function stopGangAt(ctl: Int32Array, at: number): void {
  for (;;) {
    const cur = Atomics.load(ctl, GANG.STOP);
    if (cur <= at || Atomics.compareExchange(ctl, GANG.STOP, cur, at) === cur) break;
  }
  Atomics.notify(ctl, GANG.FINISHED);
}

/** Stop every member at its next check (a member failed, or the run was cancelled). */
export function abortGang(ctl: Int32Array): void {
  Atomics.store(ctl, GANG.ABORT, 1);
  Atomics.notify(ctl, GANG.FINISHED);
}

/**
 * How long a member watches FINISHED before it sleeps, in ms. Waking a thread from
 * Atomics.wait took tens of microseconds here (a system call on each side and a reschedule):
 * sub:powers2 to 2 * 10^7 on 2 workers, whose 192-heap tiles are ~5 us of work, ran 5.9 s
 * sleeping at every wait and 1.2 s watching for 50 us first. Long tiles (squares) seldom wait.
 */
export const SPIN_MS = 0.05;

/**
 * Members that may watch FINISHED before sleeping: only when each can have a core, or the
 * watching would take the core the member it waits for needs.
 */
export function spinBudget(members: number): number {
  return members <= availableParallelism() ? SPIN_MS : 0;
}

/**
 * Block until FINISHED >= target, watching it for up to spinMs before sleeping. False when that
 * can no longer happen: the gang was aborted or stopped below target. The sleep's timeout only
 * bounds how long a missed wake-up could cost.
 */
export function waitFinished(ctl: Int32Array, target: number, spinMs = 0): boolean {
  const since = spinMs > 0 ? performance.now() : 0;
  for (;;) {
    const finished = Atomics.load(ctl, GANG.FINISHED);
    if (finished >= target) return true;
    if (Atomics.load(ctl, GANG.ABORT) !== 0 || target > Atomics.load(ctl, GANG.STOP)) return false;
    if (spinMs > 0 && performance.now() - since < spinMs) continue;
    Atomics.wait(ctl, GANG.FINISHED, finished, 100);
  }
}

/**
 * A member has just moved FINISHED to `finished`: wake the main thread if it waits for that
 * much. One wake a report, not one a tile: a thread woken a thousand times a second takes a
 * share of the core a member needs.
 */
export function reportFinished(ctl: Int32Array, finished: number): void {
  const want = Atomics.load(ctl, GANG.REPORT);
  if (want > 0 && finished >= want && Atomics.compareExchange(ctl, GANG.REPORT, want, 0) === want)
    Atomics.notify(ctl, GANG.REPORT);
}

/**
 * A member has finished [s, e) up to `out.next`: the heaps below are final. At e, FINISHED moves
 * there and whoever waits for it is woken; short of it (a value too wide for the table, a heap
 * for the main thread), every member stops there. Whether the gang goes on.
 */
export function publishFinished(
  ctl: Int32Array,
  e: number,
  out: { readonly next: number; readonly overflow: number; readonly miss?: true },
): boolean {
  if (out.next < e) {
    Atomics.store(ctl, GANG.OVERFLOW, out.overflow);
    if (out.miss) Atomics.store(ctl, GANG.MISS, 1);
    Atomics.store(ctl, GANG.FINISHED, out.next);
    stopGangAt(ctl, out.next);
    return false;
  }
  Atomics.store(ctl, GANG.FINISHED, e);
  Atomics.notify(ctl, GANG.FINISHED);
  reportFinished(ctl, e);
  return true;
}

/** Atomics.waitAsync (ES2024; in Node since 16, while this project's lib is ES2022). */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
  timeoutMs: number,
) => { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> };
const waitAsync: WaitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync.bind(Atomics);

/** How long the main thread sleeps between looks at a gang it waits for, at most. */
const REPORT_WAIT_MS = 250;

/**
 * On the main thread, without blocking it: resolve once FINISHED >= target, or once `ended`
 * settles (the members have all returned: stopped, failed or done). A member that moves
 * FINISHED past the target clears REPORT, so a wake-up between the look and the wait is
 * not lost: the wait then finds REPORT changed and looks again.
 */
export async function finishedAt(ctl: Int32Array, target: number, ended: Promise<unknown>): Promise<void> {
  let over = false;
  const done = ended.then(() => {
    over = true;
  });
  try {
    while (!over) {
      Atomics.store(ctl, GANG.REPORT, target);
      if (Atomics.load(ctl, GANG.FINISHED) >= target) return;
      const wait = waitAsync(ctl, GANG.REPORT, target, REPORT_WAIT_MS);
      if (wait.async) await Promise.race([wait.value, done]);
    }
  } finally {
    Atomics.store(ctl, GANG.REPORT, 0);
    // Release this thread's own wait, should the members have ended first.
    Atomics.notify(ctl, GANG.REPORT);
  }
}
