import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { CLI, runCli, type CliResult } from './cli.js';
import { seededRandom } from '../../src/testing/random.js';

/** Options for a child CLI that the test signals or kills itself. */
export interface SpawnOptions {
  readonly env?: Record<string, string>;
  /** Let file permissions bind the child even when the tests run as root (see honouringPermissions). */
  readonly honourPermissions?: boolean;
  readonly timeoutMs?: number;
}

/**
 * Root writes through any file mode by CAP_DAC_OVERRIDE. So that a 0444 store or a 0555 folder
 * is read-only to the CLI whoever runs the tests, a root child runs still as root (same user, so
 * any checkout it can read stays readable) but without that one capability, through util-linux's
 * setpriv: from then on the kernel checks the owner's mode bits, as for anyone else.
 */
function honouringPermissions(argv: readonly string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [argv[0]!, argv.slice(1)];
  return ['setpriv', ['--bounding-set=-dac_override', '--inh-caps=-dac_override', '--', ...argv]];
}

export interface Running {
  readonly child: ChildProcess;
  readonly result: Promise<CliResult>;
  stderr(): string;
}

/** Start `grundy ...args` and return the live child with a promise of its result. */
export function startCli(args: readonly string[], opts: SpawnOptions = {}): Running {
  const argv = [process.execPath, CLI, ...args];
  const [command, rest] = opts.honourPermissions ? honouringPermissions(argv) : [argv[0]!, argv.slice(1)];
  const child = spawn(command, rest, {
    env: { ...process.env, GRUNDY_DB: '', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const result = new Promise<CliResult>((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      const why = `as root these tests need setpriv (util-linux) to drop CAP_DAC_OVERRIDE: ${err.message}`;
      reject(command === 'setpriv' ? new Error(why) : err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, result, stderr: () => stderr };
}

/** Run to completion with file permissions binding it, even as root. */
export function runHonouringPermissions(
  args: readonly string[],
  opts: Omit<SpawnOptions, 'honourPermissions'> = {},
): Promise<CliResult> {
  return startCli(args, { ...opts, honourPermissions: true }).result;
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function fileHash(path: string): string {
  return sha256(readFileSync(path));
}

/** The stored table of `game` as `grundy export --format csv` prints it, hashed. */
export async function exportChecksum(db: string, game: string): Promise<string> {
  const r = await runCli(['export', game, '--format', 'csv', '--db', db], { timeoutMs: 120_000 });
  if (r.code !== 0) throw new Error(`export failed (${r.code}): ${r.stderr}`);
  return sha256(r.stdout);
}

/** The high-water mark of a stored game read directly (0 when absent), without the CLI. */
export function storedCount(db: string, key: string): number {
  if (!existsSync(db)) return 0;
  let conn: Database.Database | undefined;
  try {
    conn = new Database(db, { readonly: true, fileMustExist: true });
    conn.pragma('busy_timeout = 5000');
    const row = conn.prepare('SELECT computed FROM games WHERE key = ?').get(key) as { computed: number } | undefined;
    return row?.computed ?? 0;
  } catch {
    return 0;
  } finally {
    conn?.close();
  }
}

/** Poll until `predicate` holds (or fail after timeoutMs). */
export async function waitFor(predicate: () => boolean, timeoutMs = 120_000, pollMs = 20): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** Kill times and fuzz seeds must be reproducible. */
export { seededRandom as seeded };

/** An error report is one line: "grundy: ...\n" and nothing else (no stack trace). */
export function isOneLineError(stderr: string): boolean {
  const lines = stderr.split('\n').filter((l) => l.trim() !== '' && !l.includes('no periodicity proof criterion'));
  return lines.length === 1 && lines[0]!.startsWith('grundy: ') && !/\n\s+at /.test(stderr);
}
