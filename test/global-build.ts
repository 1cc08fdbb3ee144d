import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';

/**
 * Vitest global setup: tests never run stale code. The test files run src/ as TypeScript, but
 * the CLI and the worker threads run the compiled dist/, so a forgotten build would silently test
 * old workers. When any output is missing or older than its source (or than tsconfig.json), build
 * with tsc first; `npm test`, which has just built, pays only the check.
 */
const ROOT = resolve(import.meta.dirname, '..');
/** The folders whose compiled output tests run in other processes and threads. */
const SOURCES = ['src', 'workers', 'bench'];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** The first source whose compiled file is missing or older, or null when dist/ is current. */
export function staleSource(root = ROOT): string | null {
  const config = statSync(join(root, 'tsconfig.json')).mtimeMs;
  for (const folder of SOURCES) {
    for (const source of sourceFiles(join(root, folder))) {
      const out = join(root, 'dist', relative(root, source)).replace(/\.ts$/, '.js');
      if (!existsSync(out)) return source;
      const built = statSync(out).mtimeMs;
      if (built < statSync(source).mtimeMs || built < config) return source;
    }
  }
  return null;
}

export default function setup(): void {
  const stale = staleSource();
  if (stale === null) return;
  process.stderr.write(`dist/ is older than ${relative(ROOT, stale)}: building with tsc -p tsconfig.json first\n`);
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    throw new Error(
      `the build failed (tsc exit ${r.status ?? r.signal}): fix the errors above, then run npm run build`,
    );
  }
}
