import { createWriteStream, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { boardBlock, boardRowPeriods, parseCell } from '../api/board.js';
import { openStore } from '../api/store.js';
import { UsageError } from '../errors.js';
import { boardSource } from '../export/board.js';
import { fmtInt, parseCount } from '../numbers.js';
import type { Rules } from '../rules/types.js';
import type { GlobalArgs } from './context.js';
import { jsonInteger, printJson } from './output.js';

/**
 * The commands' side of two-dimensional games (docs/boards.md): the output of query,
 * show and export of N x N tables (src/api/board.ts answers them). The commands call in here
 * when the game is a board (boardRules in src/api/board.ts).
 */

export function queryBoardCommand(
  args: GlobalArgs & { game: string; n: string[]; values?: boolean },
  rules: Rules,
): void {
  if (args.values && args.json) throw new UsageError('give --values or --json, not both');
  const cells = args.n.map((t) => parseCell(String(t), args.game));
  const store = openStore(args.db);
  try {
    const answers = store.cells(args.game, cells);
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
    store.close();
  }
}

/** Rows shown by `show --rows`: every row of a table this small, else the first ones. */
const MAX_ROWS = 256;

export function showBoardCommand(args: GlobalArgs & { game: string; first?: string; rows?: boolean }): void {
  const wanted = args.first !== undefined ? parseCount(args.first, '--first', 0, 64) : 12;
  const store = openStore(args.db);
  try {
    const stored = store.board(args.game);
    const k = Math.min(wanted, stored.size);
    const block = boardBlock(stored, k);
    const rows = args.rows ? boardRowPeriods(stored, MAX_ROWS) : [];
    if (args.json) {
      printJson({
        store: store.path,
        game: stored.key,
        family: stored.family,
        description: stored.description,
        size: stored.size,
        maxValue: stored.maxValue,
        width: stored.width,
        bytes: stored.bytes,
        first: block,
        ...(args.rows ? { rows: rows.map(({ x, period }) => ({ row: x, observed: period })) } : {}),
      });
      return;
    }
    const width = Math.max(1, ...block.flat().map((v) => String(v).length));
    const lines = [
      `${stored.key}  (${stored.description})`,
      `  stored     ${stored.size} x ${stored.size} table, ${stored.width}-bit, ${fmtInt(stored.bytes)} bytes`,
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
    store.close();
  }
}

export async function exportBoardCommand(
  args: GlobalArgs & { game: string; format?: string; out?: string; main?: boolean },
  rules: Rules,
  format: 'csv' | 'json' | 'bfile' | 'cpp' | 'py',
): Promise<void> {
  if (format === 'bfile')
    throw new UsageError('a two-dimensional table has no b-file form: use --format csv, json, cpp or py');
  const store = openStore(args.db);
  try {
    const stored = store.board(args.game);
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
    store.close();
  }
}
