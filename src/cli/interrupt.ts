/**
 * Ctrl-C (and SIGTERM) for long jobs: the first asks the job to stop after the work in flight,
 * through the returned AbortSignal; a second exits 130 at once. Leaving at once is safe because
 * signal handlers run between JavaScript tasks and every commit is one synchronous SQLite
 * transaction, so no commit is ever cut in half.
 */
export interface Interruption {
  readonly signal: AbortSignal;
  /** Remove the handlers; call it when the job ends, however it ends. */
  dispose(): void;
}

export function listenForInterrupt(stopping: string, before?: () => void): Interruption {
  const abort = new AbortController();
  let interrupts = 0;
  const onSignal = (): void => {
    interrupts++;
    if (interrupts > 1) {
      process.stderr.write('\ngrundy: interrupted again, exiting now; everything committed is stored\n');
      process.exit(130);
    }
    before?.();
    process.stderr.write(`\ngrundy: ${stopping} (Ctrl-C again to quit at once)\n`);
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: abort.signal,
    dispose: () => {
      // Once interrupted, keep listening until the process ends: the job winds down (store
      // closed, pool destroyed) after dispose, and a second Ctrl-C then must still mean "exit
      // 130 now", not Node's default of dying by the signal with no exit code.
      if (interrupts > 0) return;
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
