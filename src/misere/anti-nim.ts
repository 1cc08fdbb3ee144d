/**
 * The misère Nim rule and the rules built on it. Bouton (1901): a misère Nim position is P iff
 * (some heap >= 2 and the nim-sum is 0) or (every heap <= 1 and the nim-sum is 1, an odd number
 * of 1-heaps). Two theorems apply the same rule to other components:
 *
 * - Anti-SG (Jia Zhihao's SJ theorem, 2009): in a sum whose play ends when every component has
 *   Grundy value 0, the player to move wins iff (the nim-sum != 0 and some value > 1) or (the
 *   nim-sum = 0 and no value > 1). Its condition holds exactly when every component position of
 *   value 0 has no move: then "all values 0" is "no move left". So, for such games, the rule is
 *   misère Nim on the components' normal-play values.
 * - Tame games (Conway, On Numbers and Games ch. 12): a tame component is a Nim position; it is
 *   "small" (like heaps of 0 and 1 only) when its genus is 0^120 or 1^031, i.e. its misère value
 *   differs from its normal value, and the sum follows misère Nim with "some heap >= 2" read as
 *   "some component not small".
 */

/** One component for the rule: its normal-play value and whether it plays like a heap >= 2. */
export interface RuleComponent {
  readonly value: bigint;
  /** Anti-Nim and Anti-SG: value >= 2. Tame: genus not 0^120 or 1^031. */
  readonly big: boolean;
}

/** Outcome of a sum by the misère Nim rule. */
export function misereNimOutcome(components: readonly RuleComponent[]): 'P' | 'N' {
  let x = 0n;
  let big = false;
  for (const c of components) {
    x ^= c.value;
    big ||= c.big;
  }
  return (big ? x === 0n : x === 1n) ? 'P' : 'N';
}

/** misereNimOutcome on plain values (big: at least 2), without building components: the batch's hot path. */
export function misereNimOutcomeOfValues(values: readonly bigint[]): 'P' | 'N' {
  let x = 0n;
  let big = false;
  for (const v of values) {
    x ^= v;
    if (v >= 2n) big = true;
  }
  return (big ? x === 0n : x === 1n) ? 'P' : 'N';
}

/** Components of plain values (Anti-Nim, Anti-SG): big when the value is at least 2. */
export function byValue(values: readonly bigint[]): RuleComponent[] {
  return values.map((value) => ({ value, big: value >= 2n }));
}

/**
 * Where a winning move goes, for Anti-Nim and Anti-SG (every value below a component's is one of
 * its options, by the mex rule): the component to move and the value to leave there. Null for a
 * P-position, and for a sum with nothing left to move (every value 0: the player to move has won).
 */
export function misereNimTarget(values: readonly bigint[]): { index: number; target: bigint } | null {
  if (misereNimOutcomeOfValues(values) === 'P') return null;
  let x = 0n;
  let bigCount = 0;
  let bigAt = -1;
  let oneAt = -1;
  values.forEach((v, i) => {
    x ^= v;
    if (v >= 2n) {
      bigCount++;
      bigAt = i;
    } else if (v === 1n && oneAt < 0) oneAt = i;
  });
  if (bigCount === 0) return oneAt < 0 ? null : { index: oneAt, target: 0n };
  if (bigCount === 1) {
    // Leave only values <= 1, an odd number of them 1: the big one goes to 1 or 0 by the others' parity.
    const onesElsewhere = x ^ values[bigAt]!;
    return { index: bigAt, target: onesElsewhere === 0n ? 1n : 0n };
  }
  // Two or more big values: the normal Nim move keeps one big and the nim-sum 0.
  const top = 1n << BigInt(x.toString(2).length - 1);
  const index = values.findIndex((v) => (v & top) !== 0n);
  return { index, target: values[index]! ^ x };
}
