import { openStore, type PositionAnswer } from './store.js';

/**
 * Answers for positions of any kind of game, by the game's kind (answer.kind says which):
 * 'heap': g(n) for numbers, bigints or text such as '1e30' and ranges 'a..b', from the stored
 * table or the proven period beyond it; 'board': g(x, y) for cells 'x,y', from the stored table
 * or the family's closed forms; 'graph': the value and outcome of vertices of a stored game
 * graph, by name. NotComputedError when nothing stored or proven answers a position.
 */
export function query(
  game: string,
  positions: readonly (bigint | number | string)[],
  options: { readonly db?: string } = {},
): PositionAnswer[] {
  const store = openStore(options.db);
  try {
    return store.positions(game, positions);
  } finally {
    store.close();
  }
}
