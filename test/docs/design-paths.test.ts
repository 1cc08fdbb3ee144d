import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs name files that exist. In DESIGN.md, README.md and docs/*.md every path-like token
 * (src/..., workers/..., bench/..., test/..., assembly/..., docs/..., or a folder of src/ such as
 * engine/pool.ts) that ends in a file extension or a slash must exist in the repository; a `*`
 * matches any part of one name. Every Markdown link to a local file must resolve too. Paths are
 * resolved from the repository root (found from this file, never the working directory).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const TOP = ['src', 'workers', 'bench', 'test', 'assembly', 'docs'];
const SRC = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const PATH = new RegExp(
  `(?<![\\w./$-])((?:${[...TOP, ...SRC].join('|')})/(?:[\\w*.-]+/)*(?:[\\w*-]+(?:\\.[\\w-]+)+|))(?![\\w/-])`,
  'g',
);
const LINK = /\]\(([^)\s]+)\)/g;

function docs(): string[] {
  const pages = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['DESIGN.md', 'README.md', ...pages];
}

/** Does `path` (relative to the root, maybe with `*` in its names) name a file or folder? */
function exists(path: string): boolean {
  const parts = path.split('/').filter((p) => p !== '');
  let dirs = [ROOT];
  for (const part of parts) {
    const next: string[] = [];
    for (const dir of dirs) {
      if (!part.includes('*')) {
        if (existsSync(join(dir, part))) next.push(join(dir, part));
        continue;
      }
      const pattern = new RegExp(`^${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir)) if (pattern.test(name)) next.push(join(dir, name));
    }
    dirs = next;
  }
  return dirs.length > 0;
}

/** The path-like tokens of a page, each with the candidates it may name. */
function pathTokens(text: string): { token: string; candidates: string[] }[] {
  const found: { token: string; candidates: string[] }[] = [];
  for (const m of text.matchAll(PATH)) {
    const token = m[1]!;
    const head = token.split('/')[0]!;
    const candidates = TOP.includes(head) ? [token] : [`src/${token}`];
    // engine/workers.ts is src/engine/workers.ts; test/ and bench/ also hold folders named like src's.
    if (TOP.includes(head) && SRC.includes(head)) candidates.push(`src/${token}`);
    found.push({ token, candidates });
  }
  return found;
}

function localLinks(page: string, text: string): { link: string; target: string }[] {
  const links: { link: string; target: string }[] = [];
  for (const m of text.matchAll(LINK)) {
    const link = m[1]!;
    if (/^[a-z]+:/i.test(link) || link.startsWith('#')) continue;
    const file = link.split('#')[0]!;
    links.push({ link, target: relative(ROOT, resolve(ROOT, dirname(page), file)) });
  }
  return links;
}

describe('paths named in the docs', () => {
  it('finds the path tokens and links it should (the checker itself)', () => {
    const sample = 'see src/engine/pool.ts, engine/workers.ts, test/docs/ and [x](docs/a.md#b); not dist/x.js';
    expect(pathTokens(sample).map((t) => t.token)).toEqual([
      'src/engine/pool.ts',
      'engine/workers.ts',
      'test/docs/',
      'docs/a.md',
    ]);
    expect(localLinks('README.md', sample)).toEqual([{ link: 'docs/a.md#b', target: 'docs/a.md' }]);
    expect(exists('src/engine/pool.ts')).toBe(true);
    expect(exists('test/fuzz/flags-*.test.ts')).toBe(true);
    expect(exists('src/engine/no-such-file.ts')).toBe(false);
  });

  for (const page of docs()) {
    it(`${page}: every path it names exists`, () => {
      const text = readFileSync(join(ROOT, page), 'utf8');
      const tokens = pathTokens(text);
      if (page === 'DESIGN.md') expect(tokens.length).toBeGreaterThan(20);
      const missing = tokens.filter((t) => !t.candidates.some(exists)).map((t) => t.token);
      expect(missing).toEqual([]);
    });

    it(`${page}: every link to a local file resolves`, () => {
      const text = readFileSync(join(ROOT, page), 'utf8');
      const broken = localLinks(page, text)
        .filter((l) => !exists(l.target))
        .map((l) => l.link);
      expect(broken).toEqual([]);
    });
  }
});
