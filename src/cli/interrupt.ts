/**
 * Ctrl-C (SIGINT) and SIGTERM for long jobs: the first asks the job to stop after the work in
 * flight, through the returned AbortSignal; a second exits at once. Leaving at once is safe
 * because signal handlers run between JavaScript tasks and every commit is one synchronous
 * SQLite transaction, so no commit is ever cut in half. The exit code follows the shell's
 * 128 + signal number convention: 130 after SIGINT, 143 after SIGTERM.
 */
export interface Interruption {
  readonly signal: AbortSignal;
  /** Remove the handlers; call it when the job ends, however it ends. */
  dispose(): void;
}

const EXIT_CODES: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };

let lastSignal: NodeJS.Signals | null = null;

/** The exit code of an interrupted job: 143 when the latest signal was SIGTERM, else 130. */
export function interruptedExitCode(): number {
  return (lastSignal && EXIT_CODES[lastSignal]) || 130;
}

/** `stopping` is the line written at the first signal; null writes none (the job says what it does). */
export function listenForInterrupt(stopping: string | null, before?: () => void): Interruption {
  const abort = new AbortController();
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    lastSignal = signal;
    interrupts++;
    if (interrupts > 1) {
      const which = signal === 'SIGINT' ? '' : ` (${signal})`;
      process.stderr.write(`\ngrundy: interrupted again${which}, exiting now; everything committed is stored\n`);
      process.exit(interruptedExitCode());
    }
    before?.();
    if (stopping !== null) {
      const again = signal === 'SIGINT' ? 'Ctrl-C again to quit at once' : `${signal} again to quit at once`;
      process.stderr.write(`\ngrundy: ${stopping} (${again})\n`);
    }
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
