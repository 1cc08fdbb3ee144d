import type { StoredTable } from '../api/store.js';
import { gameHref, html, type Html } from './html.js';

/** The state of a game page that its URL carries, besides the game: each view reads its own. */
export type PageState = Record<string, string | number | undefined>;

/**
 * Links of a paged table: first, previous, next, last, keeping the rest of the page's state.
 * `param` is the parameter paged ('page'; a board's columns: 'col'), which also names the links' ids.
 */
export function pager(key: string, state: PageState, page: number, pages: number, param = 'page'): Html {
  const link = (id: string, label: string, to: number): Html =>
    to < 1 || to > pages || to === page
      ? html`<span class="muted">${label}</span>`
      : html`<a id="${id}-${param}" href="${gameHref(key, { ...state, [param]: to })}">${label}</a>`;
  const what = param === 'page' ? 'page' : 'columns';
  return html`<div class="pager">${link('first', 'first', 1)}${link('prev', 'previous', page - 1)}
<span id="${param}">${what} ${page} of ${pages}</span>${link('next', 'next', page + 1)}
${link('last', 'last', pages)}</div>`;
}

/** The plot's box: the script reads what to draw from its data attributes. */
export function plotBox(game: StoredTable, range: { lo: number; hi: number } | null): Html {
  const controls = range
    ? html`<button id="zoom-in">zoom in</button> <button id="zoom-out">zoom out</button>
<button id="reset">whole table</button> `
    : '';
  return html`<div><div>${controls}<span id="range"></span>${
    range ? html` <span class="muted">(wheel zooms, drag pans)</span>` : ''
  }</div>
<div id="plot" data-game="${game.key}" data-kind="${game.kind}" data-computed="${game.computed}"
 data-lo="${range?.lo ?? 0}" data-hi="${range?.hi ?? 0}"></div><div id="plot-error" class="error"></div></div>`;
}
