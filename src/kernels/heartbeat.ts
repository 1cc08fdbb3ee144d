/**
 * A worker's progress through one task, readable from the main thread while the worker is
 * busy: the position it is working on and a beat counter, in a SharedArrayBuffer. The main
 * thread cannot interrupt synchronous code in a worker, but it can see that the counter stopped
 * moving and terminate the thread.
 */
export const LOADING = -1;

export class Heartbeat {
  readonly buffer: SharedArrayBuffer;
  private readonly cells: Int32Array;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(8)) {
    this.buffer = buffer;
    this.cells = new Int32Array(buffer);
  }

  /** Worker side: "now working on `position`" (LOADING while the task is being set up). */
  beat(position: number): void {
    // Position first: a reader that sees the new count also sees the position it belongs to.
    Atomics.store(this.cells, 1, position);
    Atomics.add(this.cells, 0, 1);
  }

  get beats(): number {
    return Atomics.load(this.cells, 0);
  }

  /** The position of the latest beat; LOADING before the first one. Values before it are final. */
  get position(): number {
    return Atomics.load(this.cells, 0) === 0 ? LOADING : Atomics.load(this.cells, 1);
  }
}

/**
 * Call `onStall` once the heartbeat has stood still for `timeoutMs`. The clock starts at the
 * first beat, so time a task spends queued behind others never counts against it.
 */
export function watchHeartbeat(
  heartbeat: Heartbeat,
  timeoutMs: number,
  onStall: (position: number) => void,
): () => void {
  const pollMs = Math.max(10, Math.min(500, Math.floor(timeoutMs / 10)));
  let seen = heartbeat.beats;
  let since = performance.now();
  let started = seen !== 0;
  const timer = setInterval(() => {
    const beats = heartbeat.beats;
    const now = performance.now();
    if (beats !== seen) {
      seen = beats;
      since = now;
      started = true;
      return;
    }
    if (started && now - since >= timeoutMs) {
      clearInterval(timer);
      onStall(heartbeat.position);
    }
  }, pollMs);
  return () => clearInterval(timer);
}
