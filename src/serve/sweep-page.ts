import { SWEEP_SORTS, sweepReport, type ReportEntry } from '../api/sweep.js';
import { gameLink, type ViewContext } from './facts.js';
import { fmtInt } from '../numbers.js';
import { html, queryString, type Html } from './html.js';
import { layout } from './layout.js';
import { choice, optionalCount } from './params.js';

/** Ranked results a sweep page lists at most. */
export const MAX_SWEEP_TOP = 1000;

/** `/sweep/<name>`: a stored sweep's report, ranked by ?sort= (period, preperiod, maxValue), ?top= rows. */
export function sweepPage(ctx: ViewContext, name: string, query: unknown): string {
  const sort = choice(query, 'sort', SWEEP_SORTS, 'period');
  const top = optionalCount(query, 'top', 1, MAX_SWEEP_TOP) ?? 50;
  const r = sweepReport(name, { db: ctx.dbPath, sort, top });
  const sorts = SWEEP_SORTS.map((s) =>
    s === sort
      ? html`<strong>${s}</strong> `
      : html`<a href="/sweep/${encodeURIComponent(name)}${queryString({ sort: s, top })}">${s}</a> `,
  );
  const longest = r.longestPeriod
    ? html`longest period ${r.longestPeriod.period} (${gameOrText(ctx, r.longestPeriod.game)}, preperiod
${r.longestPeriod.preperiod})`
    : 'no period found yet';
  const body = html`<h1 id="sweep-name">${r.sweep}</h1><p>${r.description}; up to ${fmtInt(r.limit)} values a game;
status ${r.status}</p>
<p id="sweep-counts">${fmtInt(r.done)} of ${fmtInt(r.games)} games solved: ${fmtInt(r.proven)} proven periodic,
${fmtInt(r.notProven)} not proven, ${fmtInt(r.pending)} pending; ${longest}</p>
<section><h2>Results</h2><p>ranked by ${sorts}</p>${entries(ctx, r.results, 'results')}</section>
${r.unsolved.length === 0 ? '' : html`<section><h2>Not proven</h2>${entries(ctx, r.unsolved, 'unsolved')}</section>`}`;
  return layout(`sweep ${r.sweep}`, body);
}

function entries(ctx: ViewContext, list: readonly ReportEntry[], id: string): Html {
  return html`<table id="${id}"><thead><tr><th class="num">rank</th><th>game</th><th class="num">preperiod</th>
<th class="num">period</th><th class="num">saltus</th><th class="num">max value</th><th class="num">values</th>
<th>criterion</th></tr></thead><tbody>${list.map(
    (e) => html`<tr><td class="num">${e.rank}</td><td>${gameOrText(ctx, e.game)}</td>
<td class="num">${e.preperiod ?? ''}</td>
<td class="num">${e.period ?? ''}</td><td class="num">${e.saltus ?? ''}</td><td class="num">${e.maxValue}</td>
<td class="num">${fmtInt(e.computed)}</td><td>${e.proven ? e.criterion : 'not proven'}</td></tr>`,
  )}</tbody></table>`;
}

/** A link when the sweep kept the game's table (--keep-tables), else its name. */
function gameOrText(ctx: ViewContext, game: string): Html | string {
  try {
    const stored = ctx.store.find(game);
    return stored ? gameLink(stored.key) : game;
  } catch {
    return game;
  }
}
