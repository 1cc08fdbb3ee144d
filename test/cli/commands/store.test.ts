import { cpSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processStartOf } from '../../../src/store/locks.js';
import { CLI, runCli, tempDir } from '../../helpers/cli.js';
import { isOneLineError } from '../../helpers/safety.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const tmp = tempDir();
afterAll(() => tmp.cleanup());

function json<T>(text: string): T {
  return JSON.parse(text) as T;
}

describe('where the store lives', () => {
  it('from this source checkout: data/grundy.db beside the code', async () => {
    const r = await runCli(['store', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ store: string; origin: string }>(r.stdout)).toMatchObject({
      store: join(ROOT, 'data', 'grundy.db'),
      origin: 'checkout',
    });
  });

  it('from an installed copy (under node_modules): the XDG data directory, created by the first compute', async () => {
    const pkg = join(tmp.dir, 'prefix', 'node_modules', 'grundy-engine');
    mkdirSync(pkg, { recursive: true });
    cpSync(join(ROOT, 'dist'), join(pkg, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'));
    const main = join(pkg, 'dist', 'cli', 'main.js');
    expect(existsSync(main) && main !== CLI).toBe(true);
    const env = { XDG_DATA_HOME: join(tmp.dir, 'xdg'), HOME: join(tmp.dir, 'home') };
    const expected = join(tmp.dir, 'xdg', 'grundy-engine', 'grundy.db');
    const where = await runCli(['store', '--json'], { env, script: main });
    expect(where.code, where.stderr).toBe(0);
    expect(json(where.stdout)).toMatchObject({ store: expected, origin: 'user', exists: false, tables: [] });
    const made = await runCli(['compute', 'sub:1,3,4', '--to', '100', '--workers', '1'], { env, script: main });
    expect(made.code, made.stderr).toBe(0);
    expect(existsSync(expected)).toBe(true);
    const noXdg = await runCli(['store', '--json'], {
      env: { XDG_DATA_HOME: '', HOME: join(tmp.dir, 'home') },
      script: main,
    });
    expect(json<{ store: string }>(noXdg.stdout).store).toBe(
      join(tmp.dir, 'home', '.local', 'share', 'grundy-engine', 'grundy.db'),
    );
  });
});

describe('grundy store, rm, sweep --list/--rm, vacuum', () => {
  const db = join(tmp.dir, 'manage.db');
  const grundy = (...args: string[]) => runCli([...args, '--db', db]);
  beforeAll(async () => {
    for (const args of [
      ['compute', 'kayles', '--until-proven', '--workers', '1'],
      ['compute', 'sub:1,3,4', '--to', '2e5', '--workers', '1'],
      ['sweep', 'sub', '--size', '2', '--max', '6', '--workers', '1'],
      ['sweep', 'sub', '--size', '1', '--max', '4', '--workers', '1', '--name', 'ones'],
    ]) {
      const r = await grundy(...args);
      expect(r.code, r.stderr).toBe(0);
    }
  });

  it('store: path, size on disk, tables with values and certificates', async () => {
    const r = await grundy('store', '--json');
    expect(r.code, r.stderr).toBe(0);
    const s = json<{
      store: string;
      origin: string;
      bytes: number;
      tables: { game: string; computed: number }[];
      sweeps: unknown[];
    }>(r.stdout);
    expect(s.store).toBe(db);
    expect(s.origin).toBe('flag');
    expect(s.bytes).toBeGreaterThan(200_000);
    expect(s.tables.map((t) => [t.game, t.computed])).toEqual([
      ['octal:0.77', expect.any(Number)],
      ['sub:1,3,4', 200_000],
    ]);
    expect(s.sweeps).toHaveLength(2);
    const text = await grundy('store');
    expect(text.stdout).toContain(`store  ${db}`);
    expect(text.stdout).toMatch(/sub:1,3,4\s+200,000\s+proven period 7 from 0/);
  });

  it('list and show say which store they read', async () => {
    const list = await grundy('list');
    expect(list.stderr).toBe(`grundy: store ${db}\n`);
    expect(json<{ store: string }>((await grundy('list', '--json')).stdout).store).toBe(db);
    const show = await grundy('show', 'kayles');
    expect(show.stderr).toBe(`grundy: store ${db}\n`);
    expect(json<{ store: string }>((await grundy('show', 'kayles', '--json')).stdout).store).toBe(db);
  });

  it('rm refuses a name that is not exact, naming what is stored, and removes nothing', async () => {
    const unknown = await grundy('rm', 'sub:1,3');
    expect(unknown.code).toBe(3);
    expect(isOneLineError(unknown.stderr), unknown.stderr).toBe(true);
    expect(unknown.stderr).toContain(
      'sub:1,3 is not stored, nothing removed; stored tables: octal:0.77, sub:1,3,4 (grundy list)',
    );
    const garbage = await grundy('rm', 'sub');
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain('stored tables: octal:0.77, sub:1,3,4');
    const none = await grundy('rm');
    expect(none.code).toBe(2);
    const noSweep = await grundy('rm', '--sweep', 'one');
    expect(noSweep.code).toBe(3);
    expect(noSweep.stderr).toContain("no sweep named 'one', nothing removed; stored sweeps: ones, sub-size2-max6");
    const s = json<{ tables: unknown[]; sweeps: unknown[] }>((await grundy('store', '--json')).stdout);
    expect([s.tables.length, s.sweeps.length]).toEqual([2, 2]);
  });

  it('rm is refused while a compute of the game holds its lock', async () => {
    const conn = new Database(db);
    conn
      .prepare('INSERT INTO compute_locks (game_key, pid, host, process_start, started_at) VALUES (?, ?, ?, ?, ?)')
      .run('sub:1,3,4', process.pid, hostname(), processStartOf(process.pid), new Date().toISOString());
    conn.close();
    try {
      const r = await grundy('rm', 'sub:4,3,1');
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/sub:1,3,4 is being computed by another grundy process \(pid \d+.*nothing removed/);
      const v = await grundy('vacuum');
      expect(v.code).toBe(4);
    } finally {
      const c = new Database(db);
      c.prepare('DELETE FROM compute_locks').run();
      c.close();
    }
  });

  it(
    'rm GAME (any spelling that parses to the key), sweep --rm, rm --sweep, then vacuum shrinks the ' + 'file',
    async () => {
      const before = json<{ bytes: number }>((await grundy('store', '--json')).stdout).bytes;
      const r = await grundy('rm', 'sub:4,3,1', '--json');
      expect(r.code, r.stderr).toBe(0);
      expect(json(r.stdout)).toEqual({
        store: db,
        removed: {
          game: 'sub:1,3,4',
          values: 200_000,
          chunks: expect.any(Number),
          bytes: 200_000,
          certificate: true,
          runs: 1,
          sparseState: false,
        },
      });
      const text = await grundy('rm', 'kayles');
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toMatch(/^removed octal:0\.77: \d+ values/);
      const listed = await grundy('sweep', '--list', '--json');
      expect(
        json<{ sweeps: { sweep: string; done: number }[] }>(listed.stdout).sweeps.map((s) => [s.sweep, s.done]),
      ).toEqual([
        ['ones', 4],
        ['sub-size2-max6', 15],
      ]);
      expect((await grundy('sweeps')).stdout).toMatch(/^sweep\s+status\s+done\s+proven\s+what\n/);
      expect((await grundy('sweep', '--rm', 'ones')).code).toBe(0);
      expect((await grundy('rm', '--sweep', 'sub-size2-max6')).code).toBe(0);
      expect((await grundy('sweep', '--report', 'ones')).code).toBe(3);
      const v = await grundy('vacuum', '--json');
      expect(v.code, v.stderr).toBe(0);
      const vac = json<{ bytesBefore: number; bytesAfter: number }>(v.stdout);
      expect(vac.bytesAfter).toBeLessThan(before - 150_000);
      const s = json<{ tables: unknown[]; sweeps: unknown[] }>((await grundy('store', '--json')).stdout);
      expect([s.tables.length, s.sweeps.length]).toEqual([0, 0]);
    },
  );

  it('vacuum and store on a path with no store create nothing', async () => {
    const path = join(tmp.dir, 'absent', 'none.db');
    expect((await runCli(['vacuum', '--db', path])).stdout).toBe(`no store at ${path}; nothing to compact\n`);
    expect((await runCli(['store', '--db', path])).code).toBe(0);
    expect(existsSync(path)).toBe(false);
  });
});
