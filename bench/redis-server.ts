import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { CLI } from './cli.js';

/** A port nobody listens on right now: bind 127.0.0.1:0, read the port, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The redis-server binary, or an error that says how to install it (these tests need a real Redis). */
export function requireRedisServer(): string {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  if (found.status !== 0 || path === '') {
    throw new Error(
      'the queue tests need a real redis-server: install it with `apt-get install redis-server` (Debian/Ubuntu)',
    );
  }
  return path;
}

/** A child process whose stderr (or stdout) lines are kept, with a way to wait for a line. */
export class Proc {
  text = '';
  private waiters: { re: RegExp; resolve: () => void }[] = [];
  readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcess) {
    const take = (d: Buffer): void => {
      this.text += d.toString();
      this.waiters = this.waiters.filter((w) => {
        if (!w.re.test(this.text)) return true;
        w.resolve();
        return false;
      });
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  /** Resolves once the output matches; rejects if the process ends first (or after a generous hang guard). */
  waitFor(re: RegExp, guardMs = 120_000): Promise<void> {
    if (re.test(this.text)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const guard = setTimeout(
        () => reject(new Error(`no ${re} within ${guardMs} ms: ${this.text.slice(-800)}`)),
        guardMs,
      );
      this.waiters.push({
        re,
        resolve: () => {
          clearTimeout(guard);
          resolve();
        },
      });
      void this.exited.then((code) => {
        if (!re.test(this.text))
          reject(new Error(`process exited (${code}) before printing ${re}: ${this.text.slice(-500)}`));
      });
    });
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
  }
}

/** Wait for the ready line; a process that never gets there is killed, not left behind. */
async function readyOrKill(proc: Proc, ready: RegExp): Promise<void> {
  try {
    await proc.waitFor(ready);
  } catch (err) {
    await proc.stop('SIGKILL');
    throw err;
  }
}

export async function startRedis(extra: readonly string[] = []): Promise<{ proc: Proc; url: string }> {
  const bin = requireRedisServer();
  const port = await freePort();
  const child = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', ...extra],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const proc = new Proc(child);
  await readyOrKill(proc, /Ready to accept connections/);
  return { proc, url: `redis://127.0.0.1:${port}` };
}

/** `grundy worker --queue URL --workers 1`, once it says it is ready. */
export async function startWorker(url: string, env: Record<string, string> = {}, cli = CLI): Promise<Proc> {
  const child = spawn(process.execPath, [cli, 'worker', '--queue', url, '--workers', '1'], {
    env: { ...process.env, GRUNDY_DB: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = new Proc(child);
  await readyOrKill(proc, /worker ready/);
  return proc;
}

/** `grundy ...args` as a Proc (for a coordinator the test kills or watches). */
export function startCli(args: readonly string[], env: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, GRUNDY_DB: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Proc(child);
}
