import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSourceCheckout, locateStore, userDataDir, type LocationContext } from '../../src/store/location.js';
import { tempDir } from '../helpers/cli.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** A package root laid out as named; returns its path. */
function root(name: string, entries: { git?: 'dir' | 'file'; src?: boolean; tsconfig?: boolean }): string {
  const dir = join(tmp.dir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{}');
  if (entries.git === 'dir') mkdirSync(join(dir, '.git'));
  if (entries.git === 'file') writeFileSync(join(dir, '.git'), 'gitdir: /elsewhere/.git/worktrees/x\n');
  if (entries.src) mkdirSync(join(dir, 'src'));
  if (entries.tsconfig) writeFileSync(join(dir, 'tsconfig.json'), '{}');
  return dir;
}

function ctx(over: Partial<LocationContext>): LocationContext {
  return { root: '/nowhere', platform: 'linux', env: {}, home: '/home/ada', cwd: '/work', ...over };
}

describe('isSourceCheckout', () => {
  it('a git clone, a git worktree (.git is a file) and an unpacked source tree are checkouts', () => {
    expect(isSourceCheckout(root('clone', { git: 'dir' }))).toBe(true);
    expect(isSourceCheckout(root('worktree', { git: 'file' }))).toBe(true);
    expect(isSourceCheckout(root('tarball', { src: true, tsconfig: true }))).toBe(true);
  });

  it('an installed package (under node_modules, or without git and sources) is not', () => {
    expect(isSourceCheckout(root('node_modules/grundy-engine', { src: true, tsconfig: true }))).toBe(false);
    expect(isSourceCheckout(root('lib/node_modules/grundy-engine', { git: 'dir' }))).toBe(false);
    expect(isSourceCheckout(root('dist-only', {}))).toBe(false);
    expect(isSourceCheckout(root('src-only', { src: true }))).toBe(false);
  });
});

describe('userDataDir', () => {
  it('Linux: $XDG_DATA_HOME when absolute, else ~/.local/share', () => {
    expect(userDataDir('linux', { XDG_DATA_HOME: '/data/ada' }, '/home/ada')).toBe('/data/ada/grundy-engine');
    expect(userDataDir('linux', {}, '/home/ada')).toBe('/home/ada/.local/share/grundy-engine');
    // The XDG spec says a relative path is invalid and must be ignored.
    expect(userDataDir('linux', { XDG_DATA_HOME: 'rel/dir' }, '/home/ada')).toBe(
      '/home/ada/.local/share/grundy-engine',
    );
    expect(userDataDir('linux', { XDG_DATA_HOME: '' }, '/home/ada')).toBe('/home/ada/.local/share/grundy-engine');
    expect(userDataDir('freebsd', {}, '/home/ada')).toBe('/home/ada/.local/share/grundy-engine');
  });

  it('macOS: ~/Library/Application Support; Windows: %LOCALAPPDATA%', () => {
    expect(userDataDir('darwin', { XDG_DATA_HOME: '/x' }, '/Users/ada')).toBe(
      '/Users/ada/Library/Application Support/grundy-engine',
    );
    expect(userDataDir('win32', { LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, 'C:\\Users\\ada')).toBe(
      'C:\\Users\\ada\\AppData\\Local\\grundy-engine',
    );
    expect(userDataDir('win32', {}, 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\AppData\\Local\\grundy-engine');
  });
});

describe('locateStore', () => {
  const checkout = root('checkout', { git: 'dir' });
  const installed = root('node_modules/grundy-engine-2', {});

  it('--db first, then GRUNDY_DB, both relative to the working directory', () => {
    const env = { GRUNDY_DB: 'env.db' };
    expect(locateStore('a/b.db', ctx({ root: checkout, env }))).toEqual({ path: '/work/a/b.db', origin: 'flag' });
    expect(locateStore(undefined, ctx({ root: checkout, env }))).toEqual({ path: '/work/env.db', origin: 'env' });
    expect(locateStore('', ctx({ root: checkout, env }))).toEqual({ path: '/work/env.db', origin: 'env' });
  });

  it('a checkout keeps data/grundy.db; an installed package uses the user data directory', () => {
    expect(locateStore(undefined, ctx({ root: checkout, env: { GRUNDY_DB: '' } }))).toEqual({
      path: join(checkout, 'data', 'grundy.db'),
      origin: 'checkout',
    });
    expect(locateStore(undefined, ctx({ root: installed, env: { XDG_DATA_HOME: '/xdg' } }))).toEqual({
      path: '/xdg/grundy-engine/grundy.db',
      origin: 'user',
    });
    expect(locateStore(undefined, ctx({ root: installed, platform: 'darwin', home: '/Users/ada' })).path).toBe(
      '/Users/ada/Library/Application Support/grundy-engine/grundy.db',
    );
  });
});
