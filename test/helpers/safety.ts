import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { CLI, runCli, type CliResult } from './cli.js';
import { seededRandom } from '../../src/testing/random.js';

/** Options for a child CLI that the test signals or kills itself. */
export interface SpawnOptions {
  readonly env?: Record<string, string>;
  /** Run as this user (tests that need a read-only file while running as root). */
  readonly uid?: number;
  readonly gid?: number;
  readonly timeoutMs?: number;
}

export interface Running {
  readonly child: ChildProcess;
  readonly result: Promise<CliResult>;
  stderr(): string;
}

/** Start `grundy ...args` and return the live child with a promise of its result. */
export function startCli(args: readonly string[], opts: SpawnOptions = {}): Running {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, GRUNDY_DB: '', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid ?? opts.uid } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const result = new Promise<CliResult>((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, result, stderr: () => stderr };
}

/** Run to completion, optionally as another user. */
export function runAs(args: readonly string[], opts: SpawnOptions = {}): Promise<CliResult> {
  if (opts.uid === undefined) return runCli(args, { env: opts.env ?? {}, timeoutMs: opts.timeoutMs ?? 30_000 });
  return startCli(args, opts).result;
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function fileHash(path: string): string {
  return sha256(readFileSync(path));
}

/** The stored table of `game` as `grundy export --format csv` prints it, hashed. */
export async function exportChecksum(db: string, game: string): Promise<string> {
  const r = await runCli(['export', game, '--format', 'csv', '--db', db], { timeoutMs: 30_000 });
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
export async function waitFor(predicate: () => boolean, timeoutMs = 20_000, pollMs = 20): Promise<void> {
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
