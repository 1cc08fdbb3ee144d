import type { StoredTable } from '../api/store.js';
import { errorText, GrundyError, UsageError } from '../errors.js';
import type { ViewContext } from './facts.js';
import { fmtInt } from '../numbers.js';
import { pager, plotBox, type PageState } from './widgets.js';
import { html, type Html } from './html.js';
import { checkQueryRange, optional, optionalCount } from './params.js';

/** Values a page of the table shows: rows of ten, as the published tables print them. */
export const HEAP_PAGE = 200;
const ROW = 10;
/** Rare heaps listed with their values at most. */
const RARE_LISTED = 60;

/**
 * A heap game: the plot of g(n) (its range ?lo=&hi=) beside the table page ?page=, the query box
 * ?n=, and the value frequencies with the sparse-space mask and rare heaps.
 */
export function heapView(ctx: ViewContext, game: StoredTable, query: unknown): Html {
  const pages = Math.max(1, Math.ceil(game.computed / HEAP_PAGE));
  const page = optionalCount(query, 'page', 1) ?? 1;
  if (page > pages) throw new UsageError(`page ${page} is past the table: ${game.key} has pages 1..${pages}`);
  const max = game.periodicity?.proven ? Number.MAX_SAFE_INTEGER : game.computed;
  const lo = optionalCount(query, 'lo', 0, Math.max(0, max - 1)) ?? 0;
  const hi = optionalCount(query, 'hi', lo + 1, max) ?? Math.max(lo + 1, game.computed);
  const n = optional(query, 'n') ?? '';
  const state: PageState = { page, n: n || undefined, lo: optional(query, 'lo'), hi: optional(query, 'hi') };
  return html`<section class="side">${plotBox(game, { lo, hi })}
<div>${valueTable(ctx, game, page)}${pager(game.key, state, page, pages)}</div></section>
<section><h2>Query</h2><form id="query-form" method="get">
<input type="hidden" name="page" value="${page}">${keepRange(query)}
<input id="query-n" class="wide" name="n" value="${n}"
 placeholder="n, e.g. 1e30 or 0..20"> <button>g(n)</button></form>
<div id="query-answer" class="answer">${n.trim() === '' ? '' : answer(ctx, game, n)}</div></section>
${frequencies(ctx, game)}`;
}

/** The plot's range, carried through a query (the plot script sets these as it zooms; blank is absent). */
function keepRange(query: unknown): Html[] {
  return (['lo', 'hi'] as const).map(
    (name) => html`<input type="hidden" name="${name}" value="${optional(query, name) ?? ''}">`,
  );
}

function valueTable(ctx: ViewContext, game: StoredTable, page: number): Html {
  const lo = (page - 1) * HEAP_PAGE;
  const hi = Math.min(game.computed, lo + HEAP_PAGE);
  const values = ctx.store.values(game.key, lo, hi);
  const rows: Html[] = [];
  for (let r = lo; r < hi; r += ROW) {
    const cells: Html[] = [];
    for (let n = r; n < Math.min(hi, r + ROW); n++) {
      const v = values[n - lo]!;
      cells.push(html`<td class="${v === 0 ? 'p' : ''}" title="g(${n})">${v}</td>`);
    }
    rows.push(html`<tr><th class="num">${r}</th>${cells}</tr>`);
  }
  return html`<table id="values" class="values" data-lo="${lo}" data-hi="${hi}"><caption>g(n) for n = ${lo}..${
    hi - 1
  } (row n, column +0..+9; g = 0 shaded)</caption><tbody>${rows}</tbody></table>`;
}

function answer(ctx: ViewContext, game: StoredTable, n: string): Html {
  try {
    checkQueryRange(n);
    const answers = ctx.store.queryItems(game.key, [n])[0]!.answers;
    const from = (source: string): string => (source === 'certificate' ? '  (from the proven period)' : '');
    return html`${answers.map((a) => `g(${a.n}) = ${a.value}${from(a.source)}`).join('\n')}`;
  } catch (err) {
    if (!(err instanceof GrundyError)) throw err;
    return html`<span class="error">${errorText(err, ctx.hintDb)}</span>`;
  }
}

function frequencies(ctx: ViewContext, game: StoredTable): Html {
  let f: ReturnType<typeof ctx.store.frequencies>;
  try {
    f = ctx.store.frequencies(game.key, { rareListed: RARE_LISTED });
  } catch (err) {
    if (!(err instanceof GrundyError)) throw err;
    return html`<section><h2>Value frequencies</h2><p class="muted">${errorText(err, ctx.hintDb)}</p></section>`;
  }
  const total = f.heaps.to;
  const rows = f.counts.map(
    (c, v) =>
      html`<tr><td class="num">${v}</td><td class="num">${fmtInt(c)}</td>
<td class="num">${((100 * c) / total).toFixed(2)}%</td></tr>`,
  );
  const s = f.sparse;
  const sparse = s
    ? html`<div id="sparse"><h3>Sparse space</h3><p>mask ${s.mask.bits} (parity ${s.mask.parity}):
${fmtInt(s.rareHeaps)} rare heaps among 1..${fmtInt(s.upto)}${
        s.rareHeaps > s.rare.length ? `, the first ${s.rare.length}` : ''
      }:</p>
<p id="rare" class="answer">${s.rare.map(([h, v]) => `g(${h}) = ${v}`).join(', ')}</p></div>`
    : html`<p class="muted">no sparse-space mask stored (its runs did not use sparse space)</p>`;
  return html`<section><h2>Value frequencies</h2><p>heaps 1..${fmtInt(total)}</p><div class="side">
<table id="frequencies"><thead><tr><th class="num">value</th><th class="num">heaps</th><th class="num">share</th></tr>
</thead><tbody>${rows}</tbody></table>${sparse}</div></section>`;
}
