import { knownResult } from '../api/game.js';
import type { StoredTable } from '../api/store.js';
import { boardView } from './board-view.js';
import { periodText, type ViewContext } from './facts.js';
import { fmtInt } from '../numbers.js';
import { graphView } from './graph-view.js';
import { heapView } from './heap-view.js';
import { html, queryString, script, type Html } from './html.js';
import { layout } from './layout.js';
import { PLOT_SCRIPT } from './plot-script.js';

/**
 * `/game/<key>`: what is known of one stored game (its rules, the known result with its source,
 * the certificate, recent runs, downloads) and the view of its kind: a heap game's sequence, a
 * board's heat map, a graph's histogram, each beside a paged table.
 */
export function gamePage(ctx: ViewContext, key: string, query: unknown): string {
  const game = ctx.store.table(key);
  const view = game.kind === 'board' ? boardView : game.kind === 'graph' ? graphView : heapView;
  const body = html`<h1 id="game-key">${game.key}</h1>
<p id="description">${game.description}</p>
${known(game.key)}
${view(ctx, game, query)}
${facts(ctx, game)}
${downloads(game)}
${script('', '/vega.js')}${script(PLOT_SCRIPT)}`;
  return layout(game.key, body);
}

function known(key: string): Html {
  const k = knownResult(key);
  if (!k) return html``;
  return html`<p id="known"><strong>${k.name}</strong>: ${k.status === 'open' ? 'open problem, ' : ''}${k.fact}
<span class="muted">(source: <cite>${k.source}</cite>)</span></p>`;
}

function facts(ctx: ViewContext, game: StoredTable): Html {
  const p = game.periodicity;
  const certificate =
    game.kind !== 'heap'
      ? ''
      : p
        ? html`<dt>period</dt><dd id="certificate">${periodText(p)}</dd>
<dt>criterion</dt><dd id="criterion">${p.criterion}${p.proven ? '' : ' (no proof: the tail repeats)'}</dd>
<dt>preperiod</dt><dd>${p.preperiod}</dd><dt>period length</dt><dd>${p.period}</dd>
<dt>saltus</dt><dd>${p.saltus}</dd><dt>checked on</dt><dd>g(0..${p.checkedTo - 1})</dd>`
        : html`<dt>period</dt><dd id="certificate">none found in g(0..${game.computed - 1})</dd>`;
  const runs = ctx.store.runs(game.key, 5);
  return html`<section><h2>Table</h2><dl class="facts">
<dt>family</dt><dd>${game.family}</dd><dt>stored</dt><dd>${fmtInt(game.computed)} values, ${game.width} bits each,
${fmtInt(game.bytes)} bytes</dd><dt>max value</dt><dd>${game.maxValue}</dd>${certificate}
<dt>created</dt><dd>${game.createdAt}</dd></dl>
${
  runs.length === 0
    ? ''
    : html`<h3>Recent runs</h3><table id="runs"><thead><tr><th>started</th><th>range</th><th>kernel</th>
<th class="num">workers</th><th class="num">seconds</th><th>status</th></tr></thead><tbody>${runs.map(
        (r) => html`<tr><td>${r.startedAt}</td><td>${r.fromN}..${r.toN}</td><td>${r.kernel}</td>
<td class="num">${r.workers}</td><td class="num">${(r.elapsedMs / 1000).toFixed(2)}</td><td>${r.status}</td></tr>`,
      )}</tbody></table>`
}</section>`;
}

/** Links that stream the table as grundy export writes it. */
function downloads(game: StoredTable): Html {
  const formats = game.kind === 'heap' ? ['csv', 'bfile', 'json'] : ['csv', 'json'];
  const links = formats.map((format) => {
    const href = `/api/export${queryString({ game: game.key, format })}`;
    return html`<a id="download-${format}" href="${href}" download>${format}</a> `;
  });
  return html`<section><h2>Download</h2><p>${links}<span class="muted">the whole table${
    game.kind === 'heap' ? `, g(0..${game.computed - 1})` : ''
  }, as grundy export writes it</span></p></section>`;
}
