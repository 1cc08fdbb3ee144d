import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../helpers/files.js';

/**
 * The published package, end to end: pack (prepack builds with declarations), install the tarball
 * into an empty project (dependencies from npm's cache where it has them), import the API there
 * and run the installed `grundy`. Slow (the install may compile better-sqlite3): one test.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'grundy-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  return execFileSync(cmd, args, {
    cwd,
    env: { ...process.env, GRUNDY_DB: '', npm_config_yes: 'true', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 540_000,
  });
}

describe('the npm package', () => {
  it('packs, installs from the tarball, imports the API and runs grundy outside node_modules', () => {
    // Pack a copy of the sources, so this checkout's dist/ (used by tests running beside) is untouched.
    const stage = join(work, 'stage');
    mkdirSync(stage);
    for (const f of [
      'src',
      'assembly',
      'workers',
      'bench',
      'bin',
      'package.json',
      'package-lock.json',
      'README.md',
      'DESIGN.md',
      'LICENSE',
      'tsconfig.json',
      'tsconfig.build.json',
      'rolldown.config.mjs',
    ]) {
      cpSync(join(ROOT, f), join(stage, f), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(stage, 'node_modules'), 'dir');
    const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], stage)) as {
      filename: string;
      files: { path: string }[];
    }[];
    const shipped = packed[0]!.files.map((f) => f.path);
    expect(shipped).toContain('dist/src/index.js');
    expect(shipped).toContain('dist/src/index.d.ts');
    expect(shipped).toContain('dist/threads/chunk.worker.js'); // the worker entries' bundles, which the pool runs
    expect(shipped).toContain('bin/grundy.js');
    expect(shipped).toContain('dist/cli/main.js'); // the CLI's bundle, which bin/grundy.js runs
    expect(shipped).toContain('dist/wasm/sparse.wasm'); // the sparse kernels' WebAssembly
    expect(shipped).toContain('dist/wasm/board.wasm'); // the line-game kernel's WebAssembly
    expect(shipped).toContain('dist/wasm/subtract.wasm'); // the subtraction gang's WebAssembly
    expect(shipped).toContain('dist/bench/session.js'); // grundy bench runs the bench suites
    expect(shipped).toContain('LICENSE'); // package.json says MIT: the text ships with the code
    expect(shipped.filter((p) => p.startsWith('test/') || p.startsWith('src/') || p.startsWith('dist/test/'))).toEqual(
      [],
    );

    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      // What README asks of a user: better-sqlite3's install script approved, or npm 12 skips its build.
      JSON.stringify({
        name: 'grundy-pack-probe',
        version: '9.8.7',
        private: true,
        type: 'module',
        allowScripts: { 'better-sqlite3': true },
      }),
    );
    // A tarball install never runs `prepare` (no TypeScript is installed here): dist/ must be shipped built.
    const install = spawnSync(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, packed[0]!.filename)],
      { cwd: app, env: { ...process.env, npm_config_yes: 'true' }, encoding: 'utf8', timeout: 540_000 },
    );
    expect(install.status, install.stderr).toBe(0);
    // No script of ours asks the consumer's approval (a `prepare` would), and no dependency of
    // ours wants a newer Node than we declare (cookie@2 through fastify did).
    expect(install.stderr).not.toMatch(/install-scripts\s+grundy-engine@/);
    expect(install.stderr).not.toMatch(/EBADENGINE/);
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules', 'grundy-engine', 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(Object.keys(manifest.scripts).filter((s) => /^(pre|post)?install$|^prepare$/.test(s))).toEqual([]);
    const installed = join(app, 'node_modules', 'grundy-engine');
    expect(existsSync(join(installed, 'dist', 'src', 'index.d.ts'))).toBe(true);
    expect(existsSync(join(app, 'node_modules', 'typescript'))).toBe(false);

    const xdg = join(work, 'xdg');
    writeFileSync(
      join(app, 'probe.mjs'),
      `import { parseGame, compute, query, UsageError, NotComputedError } from 'grundy-engine';
const db = ${JSON.stringify(join(work, 'api.db'))};
const summary = await compute('sub:1,3,4', { db, to: 100, untilProven: true, workers: 1 });
let code = null;
try { parseGame('bogus:1'); } catch (err) { code = err instanceof UsageError ? err.exitCode : -1; }
let missing = null;
try { query('kayles', [5], { db }); } catch (err) { missing = err instanceof NotComputedError ? err.exitCode : -1; }
console.log(JSON.stringify({ key: parseGame('kayles').key, period: summary.periodicity.period,
  g: String(query('sub:1,3,4', ['1e20'], { db })[0].value), code, missing }));
`,
    );
    const probe = JSON.parse(run(process.execPath, ['probe.mjs'], app));
    expect(probe).toEqual({
      key: 'octal:0.77',
      period: 7,
      g: String([0, 1, 0, 1, 2, 3, 2][Number(10n ** 20n % 7n)]),
      code: 2,
      missing: 3,
    });

    const out = run('npx', ['grundy', 'compute', 'kayles', '--until-proven', '--workers', '1', '--json'], app, {
      XDG_DATA_HOME: xdg,
    });
    expect(JSON.parse(out)).toMatchObject({
      game: 'octal:0.77',
      periodicity: { preperiod: 71, period: 12, proven: true },
    });
    expect(existsSync(join(xdg, 'grundy-engine', 'grundy.db'))).toBe(true);
    // The installed command's version is grundy-engine's, not the consumer project's (9.8.7).
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(run('npx', ['grundy', '--version'], app)).toBe(`${version}\n`);
    expect([...filesUnder(join(app, 'node_modules'), '.db')]).toEqual([]);
  }, 600_000);
});
