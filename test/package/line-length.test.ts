import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Lines of at most 120 characters in every source file. Biome's formatter wraps code at 120 but
 * leaves long strings, comments and regular expressions alone, so this checks what it cannot.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const FOLDERS = ['src', 'workers', 'bench', 'test', 'assembly', 'bin'];
const MAX = 120;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'fixtures' && e.name !== '__snapshots__') out.push(...sources(p));
    } else if (/\.(ts|js|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

describe('source lines', () => {
  it(`are at most ${MAX} characters`, () => {
    const long: string[] = [];
    for (const folder of FOLDERS) {
      for (const file of sources(join(ROOT, folder))) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (line.length > MAX) long.push(`${relative(ROOT, file)}:${i + 1} (${line.length})`);
          });
      }
    }
    expect(long).toEqual([]);
  });
});
