import { createWriteStream, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { rowPeriod } from '../board/row-period.js';
import { boardOf, MAX_BOARD } from '../engine/board-compute.js';
import { NotComputedError, UsageError } from '../errors.js';
import { describeRules, parseRules, kindOf } from '../games/registry.js';
import { parseBigInteger, parseCount } from '../numbers.js';
import type { Rules } from '../rules/types.js';
import { boardBytes, loadBoard, type StoredBoard } from '../store/boards.js';
import type { Store } from '../store/store.js';
import { openForRead, quoteSpec, type GlobalArgs } from './context.js';
import { fmtInt, jsonInteger, printJson } from './output.js';

/**
 * The commands' side of two-dimensional games (docs/boards.md): compute, query,
 * show and export of N x N tables. The commands call in here when the game's family has a board.
 */

/** The rules when the spec names a 2-D game, else null (heap games go their usual way). */
export function boardRules(spec: string): Rules | null {
  let rules: Rules;
  try {
    rules = parseRules(spec);
  } catch {
    return null;
  }
  return kindOf(rules) === 'board' ? rules : null;
}

/** A cell written X,Y (each any non-negative integer, 1e18 or 2^64 too). */
export function parseCell(text: string, spec: string): readonly [bigint, bigint] {
  const parts = text.split(',');
  if (parts.length !== 2) {
    throw new UsageError(
      `position '${text}' of ${spec} is not a cell: write X,Y with two non-negative integers, e.g. 3,5`,
    );
  }
  return [parseBigInteger(parts[0]!, `x of ${text}`), parseBigInteger(parts[1]!, `y of ${text}`)];
}

interface CellAnswer {
  readonly x: bigint;
  readonly y: bigint;
  /** null: only the outcome is known (Wythoff far beyond any table). */
  readonly value: bigint | null;
  readonly outcome: 'P' | 'N';
  readonly source: 'table' | 'formula';
}

/** Answer a cell from the stored table, else from the family's closed forms, else exit 3. */
export function answerCell(
  rules: Rules,
  stored: StoredBoard | undefined,
  x: bigint,
  y: bigint,
  spec: string,
): CellAnswer {
  const board = boardOf(rules);
  const fixed = board.fixedSize(rules);
  if (fixed !== null && (x >= BigInt(fixed) || y >= BigInt(fixed))) {
    throw new UsageError(`cell (${x}, ${y}) is off the ${fixed} x ${fixed} board of ${rules.key}`);
  }
  if (stored && x < BigInt(stored.size) && y < BigInt(stored.size)) {
    const v = BigInt(stored.values[Number(x) * stored.size + Number(y)]!);
    return { x, y, value: v, outcome: v === 0n ? 'P' : 'N', source: 'table' };
  }
  const v = board.value?.(rules, x, y) ?? null;
  if (v !== null) return { x, y, value: v, outcome: v === 0n ? 'P' : 'N', source: 'formula' };
  const p = board.isP?.(rules, x, y) ?? null;
  if (p !== null) return { x, y, value: p ? 0n : null, outcome: p ? 'P' : 'N', source: 'formula' };
  const side = (x > y ? x : y) + 1n;
  const fix =
    side <= BigInt(MAX_BOARD)
      ? `run: grundy compute ${quoteSpec(spec)} --size ${side}`
      : `cells beyond ${MAX_BOARD} need a formula, which ${rules.key} has none of`;
  throw new NotComputedError(
    `g(${x}, ${y}) of ${rules.key} is not stored${stored ? ` (table ${stored.size} x ${stored.size})` : ''}; ${fix}`,
  );
}

function storedBoard(store: Store | null, rules: Rules): StoredBoard | undefined {
  const game = store?.getGame(rules.key);
  return game && store ? loadBoard(store, game) : undefined;
}

export function queryBoardCommand(
  args: GlobalArgs & { game: string; n: string[]; values?: boolean },
  rules: Rules,
): void {
  if (args.values && args.json) throw new UsageError('give --values or --json, not both');
  const cells = args.n.map((t) => parseCell(String(t), args.game));
  const store = openForRead(args);
  try {
    const stored = storedBoard(store, rules);
    const answers = cells.map(([x, y]) => answerCell(rules, stored, x, y, args.game));
    if (args.json) {
      printJson({
        game: rules.key,
        values: answers.map((a) => ({
          x: jsonInteger(a.x),
          y: jsonInteger(a.y),
          value: a.value === null ? null : jsonInteger(a.value),
          outcome: a.outcome,
          source: a.source,
        })),
      });
      return;
    }
    if (args.values) {
      process.stdout.write(answers.map((a) => `${a.value ?? a.outcome}\n`).join(''));
      return;
    }
    const text = answers.map((a) => {
      const from = a.source === 'formula' ? '  (from the formula)' : '';
      return a.value === null
        ? `g(${a.x}, ${a.y}) > 0: N-position${from}`
        : `g(${a.x}, ${a.y}) = ${a.value}: ${a.outcome}-position${from}`;
    });
    process.stdout.write(`${text.join('\n')}\n`);
  } finally {
    store?.close();
  }
}

export function requireBoard(store: Store | null, rules: Rules, spec: string): StoredBoard {
  const stored = storedBoard(store, rules);
  if (!stored)
    throw new NotComputedError(`${rules.key} is not stored; run: grundy compute ${quoteSpec(spec)} --size 64`);
  return stored;
}

/** Rows shown by `show --rows`: every row of a table this small, else the first ones. */
const MAX_ROWS = 256;

export function showBoardCommand(
  args: GlobalArgs & { game: string; first?: string; rows?: boolean },
  rules: Rules,
): void {
  const wanted = args.first !== undefined ? parseCount(args.first, '--first', 0, 64) : 12;
  const store = openForRead(args);
  try {
    const stored = requireBoard(store, rules, args.game);
    const game = store!.getGame(rules.key)!;
    const k = Math.min(wanted, stored.size);
    const block = Array.from({ length: k }, (_, x) =>
      Array.from(stored.values.subarray(x * stored.size, x * stored.size + k)),
    );
    const rows = args.rows
      ? Array.from({ length: Math.min(stored.size, MAX_ROWS) }, (_, x) => ({
          x,
          period: rowPeriod(stored.values, stored.size, x),
        }))
      : [];
    if (args.json) {
      printJson({
        store: store!.path,
        game: rules.key,
        family: rules.family,
        description: describeRules(rules),
        size: stored.size,
        maxValue: stored.maxValue,
        width: stored.width,
        bytes: boardBytes(store!, game),
        first: block,
        ...(args.rows ? { rows: rows.map(({ x, period }) => ({ row: x, observed: period })) } : {}),
      });
      return;
    }
    const width = Math.max(1, ...block.flat().map((v) => String(v).length));
    const lines = [
      `${rules.key}  (${describeRules(rules)})`,
      `  stored     ${stored.size} x ${stored.size} table, ${stored.width}-bit, ` +
        `${fmtInt(boardBytes(store!, game))} bytes`,
      `  max value  ${stored.maxValue}`,
      `  g(x, y) for x, y < ${k} (rows x, columns y):`,
      ...block.map((row, x) => `  ${String(x).padStart(3)} | ${row.map((v) => String(v).padStart(width)).join(' ')}`),
    ];
    if (args.rows) {
      lines.push(
        `  rows g(x, .) as observed on y < ${stored.size} (g(x, y + period) = g(x, y) + saltus for y >= preperiod):`,
      );
      for (const { x, period } of rows) {
        lines.push(
          period
            ? `    row ${x}: preperiod ${period.preperiod}, period ${period.period}, saltus ${period.saltus} (observed)`
            : `    row ${x}: no period observed within ${stored.size} columns`,
        );
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    store?.close();
  }
}

export async function exportBoardCommand(
  args: GlobalArgs & { game: string; format?: string; out?: string; main?: boolean },
  rules: Rules,
  format: 'csv' | 'json' | 'bfile' | 'cpp' | 'py',
): Promise<void> {
  if (format === 'bfile')
    throw new UsageError('a two-dimensional table has no b-file form: use --format csv, json, cpp or py');
  const store = openForRead(args);
  try {
    const stored = requireBoard(store, rules, args.game);
    if (format === 'cpp' || format === 'py') {
      const text = boardSource(rules, stored, format, args.main === true);
      if (args.out) writeFileSync(args.out, text);
      else process.stdout.write(text);
      return;
    }
    const out: Writable = args.out ? createWriteStream(args.out) : process.stdout;
    const { size, values } = stored;
    const write = async (text: string): Promise<void> => {
      if (!out.write(text)) await once(out, 'drain');
    };
    if (format === 'csv') await write('x,y,value\n');
    else await write(`{"game":${JSON.stringify(rules.key)},"size":${size},"values":[`);
    for (let x = 0; x < size; x++) {
      const row = Array.from(values.subarray(x * size, (x + 1) * size));
      if (format === 'csv') await write(row.map((v, y) => `${x},${y},${v}\n`).join(''));
      else await write(`${x > 0 ? ',' : ''}[${row.join(',')}]`);
    }
    if (format === 'json') await write(']}\n');
    if (args.out) {
      out.end();
      await once(out, 'finish');
    }
  } finally {
    store?.close();
  }
}

/**
 * grundy(x, y) in C++ or Python: the stored table with a guard; for a game whose P-positions
 * have a formula (Wythoff) also is_p(x, y) from it, valid for every cell.
 */
function boardSource(rules: Rules, stored: StoredBoard, format: 'cpp' | 'py', main: boolean): string {
  const { size, values } = stored;
  const rows = Array.from({ length: size }, (_, x) => Array.from(values.subarray(x * size, (x + 1) * size)).join(','));
  const formula = boardOf(rules).pFormula;
  const title = `${rules.key}: ${describeRules(rules)}; g(x, y) for x, y < ${size}`;
  if (format === 'py') {
    const lines = [
      `# ${title}. Generated by grundy-engine.`,
      'import sys',
      `SIZE = ${size}`,
      `TABLE = [${rows.map((r) => `[${r}]`).join(',\n  ')}]`,
      '',
      'def grundy(x, y):',
      '    if not (0 <= x < SIZE and 0 <= y < SIZE):',
      "        raise ValueError('cell beyond the stored table')",
      '    return TABLE[x][y]',
    ];
    if (formula) {
      lines.push(
        '',
        `# P-positions for every cell: ${formula}.`,
        'from math import isqrt',
        '',
        'def lower(m):',
        '    return (m + isqrt(5 * m * m)) // 2',
        '',
        'def is_p(x, y):',
        '    a, b = min(x, y), max(x, y)',
        '    return lower(b - a) == a',
      );
    }
    if (main) {
      lines.push(
        '',
        "if __name__ == '__main__':",
        '    for line in sys.stdin:',
        '        if line.strip():',
        "            x, y = (int(t) for t in line.replace(',', ' ').split())",
        `            ` +
          `print(${formula ? "grundy(x, y) if max(x, y) < SIZE else ('P' if is_p(x, y) else 'N')" : 'grundy(x, y)'})`,
      );
    }
    return `${lines.join('\n')}\n`;
  }
  const type = stored.width === 8 ? 'uint8_t' : stored.width === 16 ? 'uint16_t' : 'uint32_t';
  const lines = [
    `// ${title}. Generated by grundy-engine.`,
    '#include <cstdint>',
    '#include <stdexcept>',
    ...(main ? ['#include <iostream>', '#include <string>'] : []),
    `static const int SIZE = ${size};`,
    `static const ${type} TABLE[${size}][${size}] = {${rows.map((r) => `{${r}}`).join(',\n  ')}};`,
    '',
    'uint32_t grundy(long long x, long long y) {',
    '  if (x < 0 || y < 0 || x >= SIZE || y >= SIZE) throw std::out_of_range("cell beyond the stored table");',
    '  return TABLE[x][y];',
    '}',
  ];
  if (formula) {
    lines.push(
      '',
      `// P-positions for every cell (64-bit here): ${formula}.`,
      'static unsigned __int128 isqrt128(unsigned __int128 v) {',
      '  unsigned __int128 r = 0, bit = (unsigned __int128)1 << 126;',
      '  while (bit > v) bit >>= 2;',
      '  while (bit) { if (v >= r + bit) { v -= r + bit; r = (r >> 1) + bit; } else r >>= 1; bit >>= 2; }',
      '  return r;',
      '}',
      'bool is_p(unsigned long long x, unsigned long long y) {',
      '  unsigned long long a = x < y ? x : y, m = (x < y ? y : x) - a;',
      '  unsigned __int128 s = isqrt128((unsigned __int128)5 * m * m);',
      '  return (unsigned long long)((m + s) / 2) == a;',
      '}',
    );
  }
  if (main) {
    lines.push(
      '',
      'int main() {',
      '  long long x, y; char c;',
      '  while (std::cin >> x >> c >> y) {',
      formula
        ? '    if (x < SIZE && y < SIZE) std::cout << grundy(x, y) << "\\n"; else std::cout << (is_p(x, y) ? ' +
            '"P" : "N") << "\\n";'
        : '    std::cout << grundy(x, y) << "\\n";',
      '  }',
      '  return 0;',
      '}',
    );
  }
  return `${lines.join('\n')}\n`;
}
