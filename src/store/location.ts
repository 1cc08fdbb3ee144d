import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, posix, resolve, win32 } from 'node:path';
import { projectRoot } from '../project-root.js';

/** The folder name of grundy-engine's store in the user's data directory. */
export const APP_DIR = 'grundy-engine';
export const STORE_FILE = 'grundy.db';

/** Where the store path came from, for `grundy store` to say. */
export type StoreOrigin = 'flag' | 'env' | 'checkout' | 'user';

export interface StoreLocation {
  readonly path: string;
  readonly origin: StoreOrigin;
}

/** What the default depends on; tests pass their own so they never read the real machine. */
export interface LocationContext {
  readonly root: string;
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  readonly home: string;
  readonly cwd: string;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * A source checkout keeps its store beside the code (data/grundy.db), an installed package in the
 * user's data directory. The test: the package root is not inside a node_modules folder (where npm
 * puts every installed package, global or local) and it has a .git entry (a directory, or the file
 * a git worktree has) or both src/ and tsconfig.json (an unpacked source tree without git).
 * `npm link` and `npm install -g .` symlink to the checkout, whose real path has no node_modules,
 * so a developer's linked command still uses the checkout's store.
 */
export function isSourceCheckout(root: string): boolean {
  if (root.split(/[\\/]/).includes('node_modules')) return false;
  if (existsSync(join(root, '.git'))) return true;
  return isDir(join(root, 'src')) && existsSync(join(root, 'tsconfig.json'));
}

/**
 * The per-user data directory: $XDG_DATA_HOME (when absolute, as the XDG spec requires) or
 * ~/.local/share on Linux and other Unix, ~/Library/Application Support on macOS,
 * %LOCALAPPDATA% (else ~\AppData\Local) on Windows; with grundy-engine appended.
 */
export function userDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA;
    const base = local !== undefined && win32.isAbsolute(local) ? local : win32.join(home, 'AppData', 'Local');
    return win32.join(base, APP_DIR);
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', APP_DIR);
  const xdg = env.XDG_DATA_HOME;
  const base = xdg !== undefined && posix.isAbsolute(xdg) ? xdg : posix.join(home, '.local', 'share');
  return posix.join(base, APP_DIR);
}

function currentContext(): LocationContext {
  return { root: projectRoot(), platform: process.platform, env: process.env, home: homedir(), cwd: process.cwd() };
}

/** --db, else GRUNDY_DB, else data/grundy.db in a source checkout, else the user's data directory. */
export function locateStore(flag?: string, ctx: LocationContext = currentContext()): StoreLocation {
  if (flag !== undefined && flag !== '') return { path: resolve(ctx.cwd, flag), origin: 'flag' };
  const fromEnv = ctx.env.GRUNDY_DB;
  if (fromEnv !== undefined && fromEnv !== '') return { path: resolve(ctx.cwd, fromEnv), origin: 'env' };
  if (isSourceCheckout(ctx.root)) return { path: join(ctx.root, 'data', STORE_FILE), origin: 'checkout' };
  const dir = userDataDir(ctx.platform, ctx.env, ctx.home);
  return { path: (ctx.platform === 'win32' ? win32 : posix).join(dir, STORE_FILE), origin: 'user' };
}

/** Where the store is when neither --db nor GRUNDY_DB names one: the only path whose folder is created. */
export function defaultStorePath(ctx: LocationContext = currentContext()): string {
  return locateStore(undefined, { ...ctx, env: { ...ctx.env, GRUNDY_DB: '' } }).path;
}
