import { type HeapMove, removeMove } from '../games/heap-moves.js';
import type { AllButRules, Rules, SubtractionRules } from '../rules/types.js';
import type { GameValues } from './game-values.js';

/**
 * A fast winning move under the Anti-SG rule for games whose moves take tokens from one heap and
 * leave one (subtraction and all-but games): the heaps of each value in the stored table, so a
 * move to value t tries only the few heaps of value t below n instead of every option of n
 * (an all-but heap of 10^5 has 10^5 options). Null where it does not apply: the family's own move
 * search answers then.
 */
export interface MoveIndex {
  /** A move from heap n (inside the table) to a heap of value `target`, or null when none is indexed. */
  find(n: number, target: number): HeapMove | null;
}

export function moveIndex(rules: Rules, values: GameValues): MoveIndex | null {
  const allowed = removable(rules);
  if (!allowed || values.length === 0) return null;
  const byValue = new Map<number, number[]>();
  for (let h = 0; h < values.length; h++) {
    const v = values.valueInTable(h);
    let list = byValue.get(v);
    if (!list) byValue.set(v, (list = []));
    list.push(h);
  }
  return {
    find(n, target) {
      for (const left of byValue.get(target) ?? []) {
        if (left >= n) break;
        if (allowed(n - left)) return removeMove(BigInt(n - left), BigInt(left), BigInt(target));
      }
      return null;
    },
  };
}

/** Which amounts a move may remove, for the families where that is all a move is. */
function removable(rules: Rules): ((s: number) => boolean) | null {
  if (rules.family === 'sub') {
    const set = new Set((rules as SubtractionRules).set);
    return (s) => set.has(s);
  }
  if (rules.family === 'allbut') {
    const excluded = new Set((rules as AllButRules).excluded);
    return (s) => !excluded.has(s);
  }
  return null;
}
