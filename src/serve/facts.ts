import type { GrundyStore, StoredGame } from '../api/store.js';
import { gameHref, html, type Html } from './html.js';
import { fmtInt } from '../numbers.js';

/** What the view reads the store through, per request. */
export interface ViewContext {
  readonly store: GrundyStore;
  /** The store file, for the library calls that open it themselves (sweeps, eval). */
  readonly dbPath: string;
  /**
   * The store as a hint's command names it (errorText): its full path when the server was given
   * one (a reader's shell need not share the server's directory), else none, the default store.
   */
  readonly hintDb?: string;
  readonly allowCompute: boolean;
}

type Certificate = StoredGame['periodicity'];

/** 'preperiod 71, period 12 (proven)', with the saltus of an arithmetic period. */
export function periodText(p: Certificate): string {
  if (!p) return 'none found';
  const saltus = p.saltus ? `, saltus ${p.saltus}` : '';
  return `preperiod ${p.preperiod}, period ${p.period}${saltus} (${p.proven ? 'proven' : 'observed'})`;
}

/** The catalogue's summary of a game by its kind. */
export function summaryText(g: StoredGame): string {
  if (g.kind === 'board')
    return `2-D game, ${Math.round(Math.sqrt(g.computed))} x ${Math.round(Math.sqrt(g.computed))} stored`;
  if (g.kind === 'graph') return `game graph, ${fmtInt(g.computed)} vertices`;
  return periodText(g.periodicity);
}

export function gameLink(key: string): Html {
  return html`<a class="game-link" href="${gameHref(key)}">${key}</a>`;
}
