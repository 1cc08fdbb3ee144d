import type { Rules } from '../rules/types.js';
import type { GameFamily } from './family.js';

/**
 * The registry's look-ups for families made of other games (products), without importing the
 * registry (which imports them): registry.ts installs these when it loads.
 */
export interface GameLookup {
  familyOf(rules: Rules): GameFamily;
  parseRules(spec: string, cwd: string): Rules;
}

let installed: GameLookup | null = null;

export function installLookup(lookup: GameLookup): void {
  installed = lookup;
}

export function gameLookup(): GameLookup {
  if (!installed) throw new Error('the game registry (src/games/registry.ts) is not loaded');
  return installed;
}
