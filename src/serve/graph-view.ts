import { answerVertex, formatVertexValue, outcomeCounts } from '../api/graph.js';
import type { StoredTable } from '../api/store.js';
import { errorText, GrundyError, UsageError } from '../errors.js';
import type { ViewContext } from './facts.js';
import { fmtInt } from '../numbers.js';
import { html, type Html } from './html.js';
import { optional, optionalCount } from './params.js';
import { pager, plotBox, type PageState } from './widgets.js';

/** Vertices a page of the table shows. */
export const GRAPH_PAGE = 100;

/**
 * A game graph: its outcome counts (P, N and the draws D), the histogram of its values beside
 * the paged vertex table (?page=; infinite values as inf{K}), and the vertex box (?vertex=).
 */
export function graphView(ctx: ViewContext, game: StoredTable, query: unknown): Html {
  const table = ctx.store.graph(game.key);
  const n = table.source.vertices;
  const pages = Math.max(1, Math.ceil(n / GRAPH_PAGE));
  const page = optionalCount(query, 'page', 1) ?? 1;
  if (page > pages) throw new UsageError(`page ${page} is past the table: ${game.key} has pages 1..${pages}`);
  const vertex = optional(query, 'vertex') ?? '';
  const state: PageState = { page, vertex: vertex || undefined };
  const o = outcomeCounts(table);
  const g = game.graph;
  const rows: Html[] = [];
  for (let v = (page - 1) * GRAPH_PAGE; v < Math.min(n, page * GRAPH_PAGE); v++) {
    const a = answerVertex(table, v);
    rows.push(html`<tr><td>${a.vertex}</td><td class="num">${formatVertexValue(a)}</td><td>${a.outcome}</td></tr>`);
  }
  return html`<section><p id="outcomes">P ${fmtInt(o.P)} (the player to move loses), N ${fmtInt(o.N)} (wins),
D ${fmtInt(o.D)} (draws: infinite values without 0 in K)</p>${
    g
      ? html`<p class="muted">${g.format} file, ${fmtInt(g.vertices)} vertices, ${fmtInt(g.edges)} edges,
${g.acyclic ? 'acyclic' : `${fmtInt(g.infinite)} of infinite value`}; sha256 ${g.sha256.slice(0, 16)}...</p>`
      : ''
  }</section>
<section class="side">${plotBox(game, null)}<div><table id="values"><thead><tr><th>vertex</th><th class="num">value</th>
<th>outcome</th></tr></thead><tbody>${rows}</tbody></table>${pager(game.key, state, page, pages)}</div></section>
<section><h2>Query</h2><form id="query-form" method="get"><input type="hidden" name="page" value="${page}">
<input id="query-n" class="wide" name="vertex" value="${vertex}" placeholder="a vertex, as the file names it">
<button>value</button></form>
<div id="query-answer" class="answer">${vertex.trim() === '' ? '' : vertexAnswer(ctx, game, vertex)}</div></section>`;
}

function vertexAnswer(ctx: ViewContext, game: StoredTable, name: string): Html {
  try {
    const a = ctx.store.vertices(game.key, [name])[0]!;
    return html`${a.vertex}: value ${formatVertexValue(a)}, outcome ${a.outcome}`;
  } catch (err) {
    if (!(err instanceof GrundyError)) throw err;
    return html`<span class="error">${errorText(err, ctx.hintDb)}</span>`;
  }
}
