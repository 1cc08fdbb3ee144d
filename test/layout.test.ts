import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './helpers/files.js';

/**
 * test/ mirrors the sources (issue 39): the test of src/a/b.ts is test/a/b.test.ts, or
 * test/a/b.topic.test.ts when it has several; a test of a whole folder src/a/b/ is test/a/b.test.ts.
 * test/workers/ and test/bench/ mirror workers/ and bench/ at the root in the same way.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What under test/ mirrors no source, each with the reason; a folder ends with '/'. */
const NOT_MIRRORED: Readonly<Record<string, string>> = {
  'helpers/': 'shared test code (naive twins, the CLI runner, pools), not tests',
  'fixtures/': 'published data and custom modules the tests read',
  'fuzz/': 'property tests across modules: the flag parsers of every command, the CLI as a whole',
  'package/': 'tests of the packed package and of the repository (line lengths), not of one source',
  'docs/': 'tests of the documentation (README.md, DESIGN.md, docs/), which no source file owns',
  'layout.test.ts': 'this test: it checks test/ itself',
};

/** Folders at the root that test/<folder>/ mirrors directly; everything else mirrors src/. */
const ROOT_FOLDERS = ['workers', 'bench'];

/**
 * The source that `test` (a path under test/, '/'-separated) mirrors, relative to the root, or
 * null. test/a/b.x.y.test.ts mirrors the first of a/b.x.y, a/b.x, a/b that is a .ts file or a
 * folder, so that sources with dots in their names (board.worker.ts) mirror too.
 */
function mirroredSource(root: string, test: string): string | null {
  const parts = test.split('/');
  const stem = parts.pop()!.replace(/\.test\.ts$/, '');
  const base = ROOT_FOLDERS.includes(parts[0] ?? '') ? [] : ['src'];
  const names = stem.split('.');
  for (let i = names.length; i > 0; i--) {
    const path = [...base, ...parts, names.slice(0, i).join('.')].join('/');
    if (existsSync(join(root, `${path}.ts`))) return `${path}.ts`;
    if (existsSync(join(root, path)) && statSync(join(root, path)).isDirectory()) return `${path}/`;
  }
  return null;
}

/** The test files under root/test/ that mirror no source and are not in `notMirrored`. */
function misplacedTests(root: string, notMirrored: Readonly<Record<string, string>> = NOT_MIRRORED): string[] {
  const testRoot = join(root, 'test');
  const out: string[] = [];
  for (const file of filesUnder(testRoot, '.test.ts')) {
    const test = relative(testRoot, file).split(sep).join('/');
    const exempt = Object.keys(notMirrored).some((k) => (k.endsWith('/') ? test.startsWith(k) : test === k));
    if (!exempt && mirroredSource(root, test) === null) out.push(`test/${test}`);
  }
  return out.sort();
}

describe('the layout of test/', () => {
  it('every test file sits at the path of the source it tests (or is listed with a reason)', () => {
    expect(misplacedTests(ROOT)).toEqual([]);
  });

  it('the check finds a misplaced test, and takes files, folders, dotted names, workers/ and bench/', () => {
    const root = mkdtempSync(join(tmpdir(), 'grundy-layout-'));
    try {
      const touch = (path: string) => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), '');
      };
      for (const source of ['src/a/b.ts', 'src/c/d.ts', 'workers/chunk.worker.ts', 'bench/session.ts']) touch(source);
      const mirrored = [
        'test/a/b.test.ts',
        'test/a/b.topic.test.ts',
        'test/c.test.ts',
        'test/workers/chunk.worker.test.ts',
        'test/bench/session.test.ts',
        'test/helpers/anything.test.ts',
      ];
      const misplaced = ['test/a/c.test.ts', 'test/b.test.ts', 'test/workers/sweep.worker.test.ts', 'test/x/b.test.ts'];
      for (const test of [...mirrored, ...misplaced]) touch(test);
      expect(misplacedTests(root, { 'helpers/': 'shared code' })).toEqual(misplaced.sort());
      expect(mirroredSource(root, 'a/b.topic.test.ts')).toBe('src/a/b.ts');
      expect(mirroredSource(root, 'c.test.ts')).toBe('src/c/');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
