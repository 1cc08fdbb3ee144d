import type { Quotient } from './quotient-types.js';

/**
 * A quotient as a commutative monoid presentation, the way MisereSolver and the papers print one:
 * generators a, b, c, ... (the classes of the heaps that are not products of earlier heaps, in
 * heap order), every element's normal form (its least word: fewest letters, then least in the
 * latest generator, then the one before), and the relations w = nf(w) for the least words that
 * are not normal forms. Rewriting by those relations takes any word to its normal form, so they
 * present the monoid (the words that are not normal forms are closed upward, and these are its
 * minimal ones).
 */
export interface Presentation {
  /** Generator i is the class of heap generators[i].heap; its letter is names[i]. */
  readonly generators: readonly { readonly name: string; readonly heap: number; readonly element: number }[];
  /** Each element's normal form as exponents of the generators. */
  readonly normalForms: readonly (readonly number[])[];
  /** left = right, as exponent vectors; left is not a normal form, right is. */
  readonly relations: readonly { readonly left: readonly number[]; readonly right: readonly number[] }[];
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export function generatorName(i: number): string {
  return i < LETTERS.length ? LETTERS[i]! : `g${i + 1}`;
}

export function presentation(q: Quotient): Presentation {
  const m = q.order;
  const gens: { name: string; heap: number; element: number }[] = [];
  const reached = new Uint8Array(m);
  reached[0] = 1;
  let span = [0];
  for (let h = 1; h <= q.heaps; h++) {
    const e = q.phi[h]!;
    if (reached[e]) continue;
    gens.push({ name: generatorName(gens.length), heap: h, element: e });
    // The submonoid the generators so far span.
    span = grow(q, span, reached, gens);
  }
  const k = gens.length;
  const normal: (number[] | undefined)[] = new Array(m);
  normal[0] = new Array<number>(k).fill(0);
  const normalKeys = new Set<string>([normal[0].join(',')]);
  const relations: { left: number[]; right: number[] }[] = [];
  let level: { word: number[]; element: number }[] = [{ word: normal[0], element: 0 }];
  while (level.length > 0) {
    const candidates = new Map<string, { word: number[]; element: number }>();
    for (const { word, element } of level) {
      gens.forEach((g, i) => {
        const next = [...word];
        next[i]!++;
        const key = next.join(',');
        if (!candidates.has(key)) candidates.set(key, { word: next, element: q.mult[element * m + g.element]! });
      });
    }
    const sorted = [...candidates.values()].sort((a, b) => compareWords(a.word, b.word));
    level = [];
    for (const c of sorted) {
      const nf = normal[c.element];
      if (nf === undefined) {
        normal[c.element] = c.word;
        normalKeys.add(c.word.join(','));
        level.push(c);
      } else if (minimal(c.word, normalKeys)) {
        relations.push({ left: c.word, right: nf });
      }
    }
  }
  return { generators: gens, normalForms: normal.map((w) => w ?? []), relations };
}

/** Close `span` under multiplication by every generator so far. */
function grow(
  q: Quotient,
  span: number[],
  reached: Uint8Array,
  gens: readonly { readonly element: number }[],
): number[] {
  const m = q.order;
  for (let i = 0; i < span.length; i++) {
    for (const g of gens) {
      const y = q.mult[span[i]! * m + g.element]!;
      if (!reached[y]) {
        reached[y] = 1;
        span.push(y);
      }
    }
  }
  return span;
}

/** Fewer letters first, then fewer of the latest generator, then of the one before, ... */
function compareWords(a: readonly number[], b: readonly number[]): number {
  const d = sum(a) - sum(b);
  if (d !== 0) return d;
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

function sum(a: readonly number[]): number {
  let s = 0;
  for (const x of a) s += x;
  return s;
}

/** Whether every word one letter shorter is a normal form. */
function minimal(word: readonly number[], normalKeys: ReadonlySet<string>): boolean {
  for (let i = 0; i < word.length; i++) {
    if (word[i] === 0) continue;
    const less = [...word];
    less[i]!--;
    if (!normalKeys.has(less.join(','))) return false;
  }
  return true;
}

/** A word as letters with exponents: 'a^2bc', '1' for the empty word. */
export function formatWord(word: readonly number[], names: readonly string[]): string {
  let out = '';
  word.forEach((e, i) => {
    if (e === 0) return;
    out += names[i]! + (e > 1 ? `^${e}` : '');
  });
  return out === '' ? '1' : out;
}

/** '<a, b | a^2 = 1, b^3 = b>' (a trivial quotient: '<>'). */
export function formatPresentation(p: Presentation): string {
  const names = p.generators.map((g) => g.name);
  const rels = p.relations.map((r) => `${formatWord(r.left, names)} = ${formatWord(r.right, names)}`);
  return `<${names.join(', ')}${rels.length > 0 ? ` | ${rels.join(', ')}` : ''}>`;
}

/** The normal form of each element as text. */
export function elementNames(p: Presentation): string[] {
  const names = p.generators.map((g) => g.name);
  return p.normalForms.map((w) => formatWord(w, names));
}
