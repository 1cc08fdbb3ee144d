import { evaluate } from '../api/evaluate.js';
import { evaluationText } from '../api/format.js';
import { knownResult } from '../api/game.js';
import { listSweeps } from '../api/manage.js';
import { errorText, GrundyError } from '../errors.js';
import { gameLink, summaryText, type ViewContext } from './facts.js';
import { fmtInt } from '../numbers.js';
import { html, script, type Html } from './html.js';
import { layout } from './layout.js';
import { optional } from './params.js';

/**
 * The catalogue, `/`: the stored games (filtered by ?q=), the stored sweeps, an eval box
 * (?position=) and, only with --allow-compute, the compute form. Everything it shows is in its URL.
 */
export async function cataloguePage(ctx: ViewContext, query: unknown): Promise<string> {
  const q = optional(query, 'q') ?? '';
  const position = optional(query, 'position') ?? '';
  const games = ctx.store.search(q);
  const words = q.toLowerCase().trim();
  const sweeps = listSweeps({ db: ctx.dbPath }).sweeps.filter(
    (s) => words === '' || `${s.name} ${s.description}`.toLowerCase().includes(words),
  );
  const rows = games.map(
    (g) => html`<tr class="game" data-key="${g.key}"><td>${gameLink(g.key)}</td><td>${g.description}</td>
<td class="num">${fmtInt(g.computed)}</td><td class="num">${g.maxValue}</td><td>${summaryText(g)}</td>
<td>${knownResult(g.key)?.name ?? ''}</td></tr>`,
  );
  const found = q === '' ? `${games.length} stored` : `${games.length} found for '${q}'`;
  const body = html`<h1>Stored games</h1>
<p id="store" class="muted">store ${ctx.store.path}${ctx.store.exists ? '' : ' (not created yet)'}</p>
<section><p id="found">${found}</p>
<table id="games"><thead><tr><th>game</th><th>rules</th><th class="num">values</th><th class="num">max</th>
<th>period</th><th>known as</th></tr></thead><tbody>${rows}</tbody></table></section>
<section><h2>Sweeps</h2>${
    sweeps.length === 0
      ? html`<p class="muted">none stored${q === '' ? '' : ' that match'}; grundy sweep stores one</p>`
      : html`<table id="sweeps"><thead><tr><th>sweep</th><th>games</th><th class="num">done</th>
<th class="num">proven</th><th>status</th></tr></thead><tbody>${sweeps.map(
          (s) => html`<tr><td><a href="/sweep/${encodeURIComponent(s.name)}">${s.name}</a></td><td>${s.description}</td>
<td class="num">${fmtInt(s.done)} / ${fmtInt(s.games)}</td>
<td class="num">${fmtInt(s.proven)}</td><td>${s.status}</td></tr>`,
        )}</tbody></table>`
  }</section>
<section><h2>Evaluate a position</h2>
<form id="eval-form" action="/" method="get">${q === '' ? '' : html`<input type="hidden" name="q" value="${q}">`}
<input id="eval-position" class="wide" name="position" value="${position}" placeholder="kayles@10 + nim@5">
<button>evaluate</button></form>
<div id="eval-answer" class="answer">${position.trim() === '' ? '' : await evalAnswer(ctx, position)}</div></section>
${ctx.allowCompute ? computeForm() : ''}`;
  return layout(q === '' ? 'catalogue' : `search: ${q}`, body, { search: q });
}

async function evalAnswer(ctx: ViewContext, position: string): Promise<Html> {
  try {
    const e = await evaluate(position, {
      db: ctx.dbPath,
      moves: 'one',
      limit: 100,
      workers: 1,
      computeMissing: false,
      specs: 'no-files',
    });
    return html`${evaluationText(e.position, e.components, e.evaluation, 'one')}`;
  } catch (err) {
    if (!(err instanceof GrundyError)) throw err;
    return html`<span class="error">${errorText(err, ctx.hintDb)}</span>`;
  }
}

/** Posts the compute form as JSON and opens the computed game's page. */
const COMPUTE_SCRIPT = `
document.getElementById('compute-form').onsubmit = async (ev) => {
  ev.preventDefault();
  const out = document.getElementById('compute-answer');
  out.className = 'answer';
  out.textContent = 'computing...';
  const body = {
    game: document.getElementById('compute-game').value,
    untilProven: document.getElementById('compute-proven').checked,
  };
  const to = document.getElementById('compute-to').value.trim();
  if (to !== '') body.to = to;
  const headers = { 'content-type': 'application/json' };
  const res = await fetch('/api/compute', { method: 'POST', headers, body: JSON.stringify(body) });
  const r = await res.json();
  if (!res.ok) { out.className = 'answer error'; out.textContent = r.error; return; }
  location.href = '/game/' + encodeURIComponent(r.game);
};
`;

/** The compute form: posts to /api/compute (JSON), then opens the game's page. */
function computeForm(): Html {
  return html`<section><h2>Compute</h2>
<form id="compute-form"><input id="compute-game" class="wide" placeholder="a game spec, e.g. octal:0.106">
<input id="compute-to" placeholder="values (default 10^6)"> <label><input id="compute-proven" type="checkbox">
until proven</label> <button>compute</button></form><div id="compute-answer" class="answer"></div>
${script(COMPUTE_SCRIPT)}</section>`;
}
