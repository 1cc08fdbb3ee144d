import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * What a lone '-' on the command line becomes before yargs sees it: yargs drops a bare '-' (as a
 * positional, and as the value of a string option), so main.ts swaps it for this marker.
 */
export const STDIN_ARG = '<stdin>';

export function isStdinArg(value: string | undefined): boolean {
  return value === STDIN_ARG || value === '-';
}

/** Every '-' before a '--' replaced by STDIN_ARG. */
export function markStdinArgs(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return argv.map((a, i) => (a === '-' && (end === -1 || i < end) ? STDIN_ARG : a));
}

/** Says, when a person rather than a pipe is at the keyboard, that input is awaited. */
function hintIfTty(what: string): void {
  if (process.stdin.isTTY)
    process.stderr.write(`grundy: reading ${what} from standard input, one a line (end with Ctrl-D)\n`);
}

/** All of standard input as text. */
export async function readStdin(what: string): Promise<string> {
  hintIfTty(what);
  process.stdin.setEncoding('utf8');
  let text = '';
  for await (const chunk of process.stdin) text += chunk as string;
  return text;
}

/**
 * Standard input copied to a temporary file, for readers that need a file they can read twice
 * (the eval batch scans its input before evaluating it). Remove it with cleanup().
 */
export async function stdinToFile(what: string): Promise<{ path: string; cleanup: () => void }> {
  hintIfTty(what);
  const dir = mkdtempSync(join(tmpdir(), 'grundy-stdin-'));
  const path = join(dir, 'stdin.txt');
  const cleanup = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    await pipeline(process.stdin, createWriteStream(path));
  } catch (err) {
    cleanup();
    throw err;
  }
  return { path, cleanup };
}
