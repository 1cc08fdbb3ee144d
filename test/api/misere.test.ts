import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeMisere, evaluateMisere, evaluateMisereBatch, queryMisere } from '../../src/api/misere.js';
import { UsageError } from '../../src/errors.js';
import { tempDir } from '../helpers/cli.js';
import { naiveOptions } from '../helpers/naive-games.js';
import { heapSums, MISERE_CODES, naiveGraphOutcomes, naiveMisereWins } from '../helpers/naive-misere.js';
import { kingMoves, wythoffMoves } from '../helpers/naive-board.js';

/**
 * src/api/misere.ts against naive game-tree search (test/helpers/naive-misere.ts): the outcome and
 * winning move of every sum of up to 4 heaps with at most 14 tokens, for 24 take-and-break codes,
 * whatever method the evaluation chose; Lasker's Nim and nim through the Anti-SG rule; tame sums
 * through a stored table; graphs and boards.
 */
const { dir, cleanup } = tempDir('grundy-api-misere-');
const db = join(dir, 'misere.db');
afterAll(cleanup);

const write = (heaps: readonly number[], spec: string) => `${spec}@${heaps.join(',')}`;

describe('evaluateMisere', () => {
  it('every sum of up to 4 heaps, 14 tokens, of 24 codes: outcome and winning move as search says', async () => {
    const sums = heapSums(4, 14);
    for (const code of MISERE_CODES) {
      const options = (n: number) => naiveOptions(code, n);
      const memo = new Map<string, boolean>();
      const lines = await evaluateMisereBatch(
        sums.map((h) => write(h, code)),
        { db, workers: 1 },
      );
      lines.forEach((line, i) => {
        const heaps = sums[i]!;
        if ('error' in line) throw line.error;
        const wins = naiveMisereWins(heaps, options, memo);
        expect(line.evaluation.outcome, `${code} ${heaps.join('+')} (${line.evaluation.method})`).toBe(
          wins ? 'N' : 'P',
        );
        // A P-position, or a win with no move to make (every heap terminal): no move listed.
        if (!wins || heaps.every((h) => [...options(h)].length === 0)) {
          expect(line.evaluation.moves).toEqual([]);
          return;
        }
        const m = line.evaluation.moves[0]!;
        const after = heaps.filter((_, j) => j !== m.heap - 1).concat(m.leaves.map(Number));
        expect(m.from).toBe(BigInt(heaps[m.heap - 1]!));
        expect(naiveMisereWins(after, options, memo), `${code} ${heaps.join('+')}: ${m.move}`).toBe(false);
      });
    }
  }, 120_000);

  it('nim and all-but games by the Anti-SG rule, at any size; Lasker\u2019s Nim splits, so not by it', async () => {
    const nim = await evaluateMisere('nim@1,1,1', { db });
    expect([nim.evaluation.method, nim.evaluation.outcome]).toEqual(['anti-nim', 'P']);
    const big = await evaluateMisere('nim@1e30,1e30,1', { db, moves: 'one' });
    expect(big.evaluation.outcome).toBe('N');
    expect(big.evaluation.moves[0]!.leaves).toEqual([]); // the heap of 1 goes: two equal big heaps remain
    const lasker = await evaluateMisere('lasker@3,5 + nim@2', { db });
    expect(lasker.evaluation.method).toBe('search');
    for (const spec of ['allbut:1', 'allbut:1,2', 'allbut:2,3']) {
      const options = (n: number) => naiveOptions(spec, n);
      const lines = await evaluateMisereBatch(
        heapSums(3, 14).map((h) => write(h, spec)),
        { db },
      );
      lines.forEach((line, i) => {
        if ('error' in line) throw line.error;
        const heaps = heapSums(3, 14)[i]!;
        expect(line.evaluation.outcome, `${spec} ${heaps.join('+')}`).toBe(naiveMisereWins(heaps, options) ? 'N' : 'P');
      });
      const methods = new Set(lines.map((l) => ('error' in l ? 'error' : l.evaluation.method)));
      // allbut:2,3 has heaps of value 0 that can move: those sums are searched.
      if (spec !== 'allbut:2,3') expect([...methods], spec).toEqual(['anti-sg']);
      else expect(methods.has('search')).toBe(true);
    }
  });

  it('all winning moves, each checked by game-tree search', async () => {
    const options = (n: number) => naiveOptions('octal:0.77', n);
    const e = await evaluateMisere('kayles@4,5,6', { db, moves: 'all' });
    expect(e.evaluation.outcome).toBe(naiveMisereWins([4, 5, 6], options) ? 'N' : 'P');
    for (const m of e.evaluation.moves) {
      const after = [4, 5, 6].filter((_, j) => j !== m.heap - 1).concat(m.leaves.map(Number));
      expect(naiveMisereWins(after, options)).toBe(false);
    }
  });

  it('refuses a search past its budget in one line that says what to do', async () => {
    await expect(evaluateMisere('kayles@40,41', { db, budget: 1000 })).rejects.toThrow(
      /needs more than 1,000 positions.*grundy compute GAME --misere/,
    );
  });
});

describe('tame sums', () => {
  it('heaps stored tame are summed by misère Nim, as game-tree search agrees', async () => {
    // 0.07 (Dawson's Kayles) and 0.137 (Dawson's Chess) have many tame small heaps.
    for (const code of ['octal:0.07', 'octal:0.137', 'octal:0.312', 'octal:0.6']) {
      const s = await computeMisere(code, { db, to: 12 });
      const { answers } = await queryMisere(
        code,
        Array.from({ length: 12 }, (_, i) => String(i)),
        { db },
      );
      const tame = answers
        .filter((a) => a.tame)
        .map((a) => Number(a.position))
        .filter((n) => n > 0);
      expect(s.tame).toBe(answers.filter((a) => a.tame).length);
      const options = (n: number) => naiveOptions(code, n);
      const memo = new Map<string, boolean>();
      const methods = new Set<string>();
      for (const heaps of heapSums(3, 14)) {
        if (!heaps.every((h) => tame.includes(h))) continue;
        const e = await evaluateMisere(write(heaps, code), { db });
        if (heaps.length > 1) methods.add(e.evaluation.method);
        const wins = naiveMisereWins(heaps, options, memo);
        expect(e.evaluation.outcome, `${code} ${heaps.join('+')} (${e.evaluation.method})`).toBe(wins ? 'N' : 'P');
        if (wins && heaps.some((h) => [...options(h)].length > 0)) {
          const m = e.evaluation.moves[0]!;
          const after = heaps.filter((_, j) => j !== m.heap - 1).concat(m.leaves.map(Number));
          expect(naiveMisereWins(after, options, memo)).toBe(false);
        }
      }
      // Sums that no Anti-SG rule covers were answered by the tame rule.
      if (code !== 'octal:0.312') expect([...methods]).toContain('tame');
    }
  });

  it('a sum of board cells and heaps: the exact search, as game-tree search says', async () => {
    const e = await evaluateMisere('2d:king@2,3 + nim@2', { db });
    const wins = (cells: [number, number][], heap: number): boolean => {
      let any = false;
      for (let i = 0; i < cells.length; i++) {
        for (const c of kingMoves(...cells[i]!)) {
          any = true;
          if (
            !wins(
              cells.map((d, j) => (j === i ? c : d)),
              heap,
            )
          )
            return true;
        }
      }
      for (let h = 0; h < heap; h++) {
        any = true;
        if (!wins(cells, h)) return true;
      }
      return !any;
    };
    expect(e.evaluation.outcome).toBe(wins([[2, 3]], 2) ? 'N' : 'P');
    expect(e.evaluation.method).toBe('search');
  });
});

describe('queryMisere', () => {
  it('genus of nim heaps by the rule, of a wild heap by search', async () => {
    const nim = await queryMisere('nim', ['0', '1', '2', '5'], { db });
    expect(nim.answers.map((a) => a.genus)).toEqual(['0^120', '1^031', '2^20', '5^57']);
    expect(nim.answers.every((a) => a.tame && a.source === 'rule')).toBe(true);
    const wild = await queryMisere('octal:0.312', ['4'], { db });
    expect(wild.answers[0]).toMatchObject({ genus: '2^1420', tame: false, outcome: 'N', value: 1 });
  });

  it('a game graph: P, N, D by retrograde analysis, as fixpoint iteration says', async () => {
    const file = join(dir, 'loop.txt');
    writeFileSync(file, 'a b\nb c\nc a\nc d\ne a\n');
    const r = await queryMisere(`graph:${file}`, ['a', 'b', 'c', 'd', 'e'], { db });
    const naive = naiveGraphOutcomes(5, [
      [0, 1],
      [1, 2],
      [2, 0],
      [2, 3],
      [4, 0],
    ]);
    expect(r.answers.map((a) => a.outcome)).toEqual(naive);
  });

  it('a states: module: its explored graph, and a sum with a heap, as fixpoint iteration says', async () => {
    const file = join(dir, 'st.js');
    writeFileSync(
      file,
      'export const start = [3, 2];\n' +
        'export function* moves([a, b]) {\n' +
        '  if (a >= 1) yield [a - 1, b];\n  if (a >= 2) yield [a - 2, b];\n  if (b >= 1) yield [a, b - 1];\n' +
        '  if (a === 0 && b > 0) yield [b, 0];\n}\n',
    );
    const moves = ([a, b]: number[]): number[][] => {
      const out: number[][] = [];
      if (a! >= 1) out.push([a! - 1, b!]);
      if (a! >= 2) out.push([a! - 2, b!]);
      if (b! >= 1) out.push([a!, b! - 1]);
      if (a === 0 && b! > 0) out.push([b!, 0]);
      return out;
    };
    const names = ['3,2'];
    const edges: [number, number][] = [];
    for (let i = 0; i < names.length; i++) {
      for (const m of moves(names[i]!.split(',').map(Number))) {
        if (!names.includes(m.join(','))) names.push(m.join(','));
        edges.push([i, names.indexOf(m.join(','))]);
      }
    }
    const naive = naiveGraphOutcomes(names.length, edges);
    const r = await queryMisere(
      `states:${file}`,
      names.map((n) => `[${n}]`),
      { db },
    );
    expect(r.answers.map((a) => a.outcome)).toEqual(naive);
    const e = await evaluateMisere(`states:${file}@[3,2] + nim@1`, { db });
    expect(e.evaluation.method).toBe('retrograde');
  });

  it('a board: misère outcomes of Wythoff cells, as game-tree search says', async () => {
    const r = await queryMisere('wythoff', ['0,0', '0,1', '1,1', '1,2', '2,3', '3,5'], { db });
    const wins = (x: number, y: number): boolean => {
      const o = wythoffMoves(x, y);
      return o.length === 0 || o.some(([a, b]) => !wins(a, b));
    };
    const cells = [
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 2],
      [2, 3],
      [3, 5],
    ] as const;
    expect(r.answers.map((a) => a.outcome)).toEqual(cells.map(([x, y]) => (wins(x, y) ? 'N' : 'P')));
  });

  it('a bad position is a UsageError', async () => {
    await expect(queryMisere('kayles', ['x'], { db })).rejects.toThrow(UsageError);
  });
});
