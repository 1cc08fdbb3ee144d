import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions } from 'rolldown';
import { filesUnder } from './helpers/files.js';

/**
 * Vitest global setup: tests never run stale code. The test files run src/ as TypeScript, but
 * the CLI and the worker threads run the compiled dist/, so a forgotten build would silently test
 * old workers. When any output is missing or older than its source (or than tsconfig.json), build
 * with tsc first, and bundle the CLI when its bundle is older than what tsc wrote; likewise
 * compile the AssemblyScript kernels when a file under assembly/ is newer than dist/wasm/.
 * `npm test`, which has just built, pays only the checks.
 */
const ROOT = resolve(import.meta.dirname, '..');
/** The folders whose compiled output tests run in other processes and threads. */
const SOURCES = ['src', 'workers', 'bench'];

/** The first source whose compiled file is missing or older, or null when dist/ is current. */
export function staleSource(root = ROOT): string | null {
  const config = statSync(join(root, 'tsconfig.json')).mtimeMs;
  for (const folder of SOURCES) {
    for (const source of filesUnder(join(root, folder), '.ts')) {
      if (source.endsWith('.d.ts')) continue;
      const out = join(root, 'dist', relative(root, source)).replace(/\.ts$/, '.js');
      if (!existsSync(out)) return source;
      const built = statSync(out).mtimeMs;
      if (built < statSync(source).mtimeMs || built < config) return source;
    }
  }
  return null;
}

/**
 * Whether the bundles (dist/cli/, which bin/grundy.js runs, and dist/threads/, which the pool's
 * threads run) are missing or older than what tsc wrote to dist/src/ and dist/workers/.
 */
export function staleBundle(root = ROOT): boolean {
  const entries = [...filesUnder(join(root, 'dist', 'workers'), '.worker.js')];
  const bundles = [
    join(root, 'dist', 'cli', 'main.js'),
    ...entries.map((entry) => join(root, 'dist', 'threads', relative(join(root, 'dist', 'workers'), entry))),
  ];
  if (bundles.some((bundle) => !existsSync(bundle))) return true;
  const built = Math.min(...bundles.map((bundle) => statSync(bundle).mtimeMs));
  for (const folder of ['src', 'workers']) {
    for (const file of filesUnder(join(root, 'dist', folder), '.js')) if (statSync(file).mtimeMs > built) return true;
  }
  return false;
}

/**
 * The first file under assembly/ newer than the oldest kernel in dist/wasm/ (or the folder itself
 * when it holds no kernel), or null when the kernels are current. The kernels run in tests as
 * compiled (src/wasm/, worker threads), never from assembly/, so an edited kernel tested
 * without rebuilding them would be the old one.
 */
export function staleKernel(root = ROOT): string | null {
  const wasm = join(root, 'dist', 'wasm');
  const built = existsSync(wasm) ? [...filesUnder(wasm, '.wasm')].map((file) => statSync(file).mtimeMs) : [];
  if (built.length === 0) return join(root, 'assembly');
  const oldest = Math.min(...built);
  for (const source of filesUnder(join(root, 'assembly'), '')) if (statSync(source).mtimeMs > oldest) return source;
  return null;
}

export default async function setup(): Promise<void> {
  const stale = staleSource();
  if (stale !== null) {
    process.stderr.write(`dist/ is older than ${relative(ROOT, stale)}: building with tsc -p tsconfig.json first\n`);
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) {
      throw new Error(
        `the build failed (tsc exit ${r.status ?? r.signal}): fix the errors above, then run npm run build`,
      );
    }
  }
  const kernel = staleKernel();
  if (kernel !== null) {
    process.stderr.write(
      `dist/wasm/ is older than ${relative(ROOT, kernel)}: building the kernels (npm run asbuild) first\n`,
    );
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['run', 'asbuild'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) {
      throw new Error(
        `the kernels' build failed (npm run asbuild exit ${r.status ?? r.signal}): ` +
          'fix the errors above, then run npm run build',
      );
    }
  }
  if (staleBundle()) {
    process.stderr.write("dist/cli/ or dist/threads/ is older than tsc's output: bundling with rolldown first\n");
    const { build } = await import('rolldown');
    // The config is a list (the CLI, then each worker entry) and names its files from the root,
    // where it also lists the worker entries as it loads.
    const cwd = process.cwd();
    process.chdir(ROOT);
    try {
      const config = (await import(pathToFileURL(join(ROOT, 'rolldown.config.mjs')).href)) as {
        default: BuildOptions[];
      };
      await build(config.default.map((options) => ({ ...options, cwd: ROOT })));
    } finally {
      process.chdir(cwd);
    }
  }
}
