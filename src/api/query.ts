import { openStore, type Answer } from './store.js';

/**
 * g(n) for each of `ns` (numbers, bigints, or text such as '1e30' and ranges 'a..b'), from the
 * stored table or the proven period beyond it; NotComputedError when neither covers an n.
 */
export function query(
  game: string,
  ns: readonly (bigint | number | string)[],
  options: { readonly db?: string } = {},
): Answer[] {
  const store = openStore(options.db);
  try {
    return store.queryItems(game, ns).flatMap((g) => g.answers);
  } finally {
    store.close();
  }
}
