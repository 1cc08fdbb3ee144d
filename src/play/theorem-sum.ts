import { UsageError } from '../errors.js';
import type { TheoremPosition, TheoremSupport } from '../games/family.js';
import { parseRules, theoremSupport } from '../games/registry.js';
import { plainValues } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import { evaluate, type Evaluation, type MovesMode, type ResolvedComponent } from './evaluate.js';
import { GameValues } from './game-values.js';
import { parseHeap, type PositionComponent, type WrittenComponent } from './position.js';

/** A component of a theorem game (Staircase Nim, Moore's Nim_k, Hackenbush), read by its family. */
interface TheoremComponent {
  readonly spec: string;
  readonly rules: Rules;
  readonly support: TheoremSupport<Rules>;
  readonly positions: readonly TheoremPosition[];
}

/** The theorem games' rules of a written position's components (null for the other kinds), parsed once. */
export function theoremRules(written: readonly WrittenComponent[]): (Rules | null)[] {
  return written.map((c) => {
    try {
      const rules = parseRules(c.spec);
      return theoremSupport(rules) ? rules : null;
    } catch {
      return null; // the usual path says what is wrong with the spec
    }
  });
}

/** A lone position of a game whose theorem gives its outcome only (Moore's Nim_k): outcome and a winning move. */
export interface TheoremOutcome {
  readonly position: string;
  readonly game: string;
  readonly theorem: string;
  readonly outcome: 'P' | 'N';
  readonly moves: readonly { readonly move: string; readonly to: string }[];
}

export type TheoremSumResult =
  | {
      readonly kind: 'sum';
      readonly position: string;
      readonly components: ResolvedComponent[];
      readonly evaluation: Evaluation;
    }
  | { readonly kind: 'theorem-outcome'; readonly outcome: TheoremOutcome };

/**
 * Evaluate a position with theorem components: their values come from the theorem, the other
 * components' from `resolveRest` (as grundy eval resolves them); then the nim-sum as for any sum.
 * A game with no value theorem (Moore's Nim_k) is answered alone, by outcome; in a sum it is refused.
 */
export async function evaluateWithTheorems(
  written: readonly WrittenComponent[],
  rules: readonly (Rules | null)[],
  mode: MovesMode,
  limit: number,
  resolveRest: (components: PositionComponent[]) => Promise<ResolvedComponent[]>,
): Promise<TheoremSumResult> {
  const theorems = readTheorems(written, rules);
  const outcomeOnly = outcomeOnlyOf(theorems);
  if (outcomeOnly) {
    if (written.length !== 1 || outcomeOnly.positions.length !== 1) throw sumRefused(outcomeOnly, written);
    return { kind: 'theorem-outcome', outcome: theoremOutcome(outcomeOnly, written[0]!, limit, mode) };
  }
  const rest = written.flatMap((c, i) =>
    theorems.has(i) ? [] : [{ spec: c.spec, heaps: c.tokens.map((t) => parseHeap(t, c.spec)) }],
  );
  const resolvedRest = rest.length > 0 ? await resolveRest(rest) : [];
  let next = 0;
  const components: ResolvedComponent[] = written.map((_, i) => {
    const t = theorems.get(i);
    return t ? theoremComponent(t, limit) : resolvedRest[next++]!;
  });
  const position = written.map((c, i) => `${c.spec}@${labelsOf(theorems.get(i), c).join(',')}`).join(' + ');
  return { kind: 'sum', position, components, evaluation: evaluate(components, mode, limit) };
}

/** The theorem components of a written position, their positions read (a UsageError saying how to write one). */
function readTheorems(
  written: readonly WrittenComponent[],
  rules: readonly (Rules | null)[],
): Map<number, TheoremComponent> {
  const theorems = new Map<number, TheoremComponent>();
  written.forEach((c, i) => {
    const r = rules[i];
    if (!r) return;
    const support = theoremSupport(r)!;
    theorems.set(i, { spec: c.spec, rules: r, support, positions: c.tokens.map((t) => support.read(r, t)) });
  });
  return theorems;
}

function outcomeOnlyOf(theorems: ReadonlyMap<number, TheoremComponent>): TheoremComponent | undefined {
  return [...theorems.values()].find((t) => t.positions.some((p) => t.support.value(t.rules, p) === null));
}

function sumRefused(t: TheoremComponent, written: readonly WrittenComponent[]): UsageError {
  const alone = written.find((c) => c.spec === t.spec) ?? written[0]!;
  return new UsageError(
    `${t.rules.key} has no Grundy value theorem beyond its outcome, so a sum with it has no nim-sum; ` +
      `evaluate one position of it alone, e.g. '${t.spec}@${alone.tokens[0]}'`,
  );
}

/**
 * The theorem components of a position that also holds game graphs (a loopy sum), by index: each
 * as a component whose values and moves come from its theorem. A game with no value theorem
 * (Moore's Nim_k) has no place in a sum: refused.
 */
export function theoremComponents(
  written: readonly WrittenComponent[],
  rules: readonly (Rules | null)[],
  limit: number,
): Map<number, ResolvedComponent> {
  const theorems = readTheorems(written, rules);
  const outcomeOnly = outcomeOnlyOf(theorems);
  if (outcomeOnly) throw sumRefused(outcomeOnly, written);
  return new Map([...theorems].map(([i, t]) => [i, theoremComponent(t, limit)]));
}

function labelsOf(t: TheoremComponent | undefined, c: WrittenComponent): string[] {
  return t ? t.positions.map((p) => t.support.format(t.rules, p)) : [...c.tokens];
}

/** A theorem component as the sum's evaluation reads it: values, labels, and moves re-checked by the theorem. */
function theoremComponent(t: TheoremComponent, limit: number): ResolvedComponent {
  const values = t.positions.map((p) => t.support.value(t.rules, p)!);
  return {
    spec: t.spec,
    game: new GameValues(t.rules, plainValues(8, 0), null),
    heaps: t.positions.map((_, i) => BigInt(i)),
    labels: t.positions.map((p) => t.support.format(t.rules, p)),
    noun: 'positions',
    theorem: {
      values,
      parts: t.positions.map((p) => t.support.parts?.(t.rules, p) ?? null),
      movesTo(index, target, room) {
        const moves = [];
        for (const m of t.support.moves(t.rules, t.positions[index]!, target, Math.min(room, limit))) {
          const after = t.support.value(t.rules, m.to);
          if (after !== target) {
            throw new Error(`internal check failed: '${m.move}' on ${t.rules.key} reaches ${after}, not ${target}`);
          }
          moves.push({ move: m.move, remove: 0n, leaves: [], values: [after] });
        }
        return moves;
      },
    },
  };
}

function theoremOutcome(t: TheoremComponent, c: WrittenComponent, limit: number, mode: MovesMode): TheoremOutcome {
  const p = t.positions[0]!;
  const outcome = t.support.outcome(t.rules, p);
  const moves: { move: string; to: string }[] = [];
  if (outcome === 'N' && mode !== 'none') {
    for (const m of t.support.moves(t.rules, p, 0n, mode === 'one' ? 1 : limit)) {
      // Every move is checked: it must reach a P-position by the theorem.
      if (t.support.outcome(t.rules, m.to) !== 'P') {
        throw new Error(`internal check failed: '${m.move}' on ${t.rules.key} does not reach a P-position`);
      }
      moves.push({ move: m.move, to: t.support.format(t.rules, m.to) });
    }
    if (moves.length === 0)
      throw new Error(`internal check failed: no winning move from an N-position of ${t.rules.key}`);
  }
  return {
    position: `${c.spec}@${t.support.format(t.rules, p)}`,
    game: t.rules.key,
    theorem: t.support.statement(t.rules),
    outcome,
    moves,
  };
}

/** A lone outcome-only position in JSON, as `grundy eval --json` prints it (a batch adds `line` first). */
export function theoremOutcomeJson(o: TheoremOutcome): object {
  return { position: o.position, game: o.game, value: null, outcome: o.outcome, theorem: o.theorem, moves: o.moves };
}
