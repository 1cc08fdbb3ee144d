import type { StoredTable } from '../api/store.js';
import { errorText, GrundyError, UsageError } from '../errors.js';
import type { ViewContext } from './facts.js';
import { html, type Html } from './html.js';
import { optional, optionalCount } from './params.js';
import { pager, plotBox, type PageState } from './widgets.js';

/** Rows x (and columns y) a page of a board's table shows. */
export const BOARD_PAGE = 16;

/**
 * A two-dimensional game: its heat map beside the table g(x, y) a 16 x 16 block at a time
 * (?page= pages the rows x, ?col= the columns y; P-positions shaded), and the cell box (?cell=x,y).
 */
export function boardView(ctx: ViewContext, game: StoredTable, query: unknown): Html {
  const board = ctx.store.board(game.key);
  const pages = Math.max(1, Math.ceil(board.size / BOARD_PAGE));
  const page = optionalCount(query, 'page', 1) ?? 1;
  if (page > pages) throw new UsageError(`page ${page} is past the table: ${game.key} has pages 1..${pages}`);
  const col = optionalCount(query, 'col', 1) ?? 1;
  if (col > pages) throw new UsageError(`col ${col} is past the table: ${game.key} has column pages 1..${pages}`);
  const cell = optional(query, 'cell') ?? '';
  const state: PageState = { page, col, cell: cell || undefined };
  const y0 = (col - 1) * BOARD_PAGE;
  const ys = Array.from({ length: Math.min(board.size, col * BOARD_PAGE) - y0 }, (_, i) => y0 + i);
  const rows: Html[] = [];
  for (let x = (page - 1) * BOARD_PAGE; x < Math.min(board.size, page * BOARD_PAGE); x++) {
    const cells: Html[] = [];
    for (const y of ys) {
      const v = board.values[x * board.size + y]!;
      cells.push(html`<td class="${v === 0 ? 'p' : ''}" title="g(${x}, ${y})">${v}</td>`);
    }
    rows.push(html`<tr><th class="num">${x}</th>${cells}</tr>`);
  }
  const head = ys.map((y) => html`<th class="num">${y}</th>`);
  return html`<section><p id="board-size">${board.size} x ${board.size} stored: g(x, y) for x, y &lt; ${board.size}</p>
</section><section class="side">${plotBox(game, null)}<div><table id="values" class="values"><caption>g(x, y): row x,
column y (P-positions shaded)</caption><thead><tr><th>x \\ y</th>${head}</tr></thead><tbody>${rows}</tbody></table>
${pager(game.key, state, page, pages)}${pager(game.key, state, col, pages, 'col')}</div></section>
<section><h2>Query</h2><form id="query-form" method="get"><input type="hidden" name="page" value="${page}">
<input type="hidden" name="col" value="${col}">
<input id="query-n" class="wide" name="cell" value="${cell}" placeholder="a cell x,y, e.g. 3,5">
<button>g(x, y)</button>
</form><div id="query-answer" class="answer">${cell.trim() === '' ? '' : cellAnswer(ctx, game, cell)}</div></section>`;
}

function cellAnswer(ctx: ViewContext, game: StoredTable, cell: string): Html {
  try {
    const c = ctx.store.cells(game.key, [cell])[0]!;
    const value = c.value === null ? `? (${c.outcome}-position)` : String(c.value);
    return html`g(${c.x}, ${c.y}) = ${value}`;
  } catch (err) {
    if (!(err instanceof GrundyError)) throw err;
    return html`<span class="error">${errorText(err, ctx.hintDb)}</span>`;
  }
}
