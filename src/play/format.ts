import { cellOf } from '../board/cells.js';
import type { Evaluation, PositionMove, ResolvedComponent } from './evaluate.js';

/** JSON-safe integers: exact values beyond 2^53 travel as decimal strings. */
export function jsonInt(v: bigint): number | string {
  return v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
}

type PositionJson = number | string | readonly (number | string)[];

/** A position of a component in JSON: a heap's size, or a board's cell as [x, y] (never its index). */
function positionJson(c: ResolvedComponent | undefined, n: bigint): PositionJson {
  if (c?.cells === undefined) return jsonInt(n);
  const [x, y] = cellOf(n);
  return [jsonInt(x), jsonInt(y)];
}

/** One component of an evaluation in JSON: `heaps`, or `cells` ([x, y] pairs) for a board. */
export function componentJson(c: ResolvedComponent, values: readonly bigint[]): object {
  if (c.theorem) {
    const parts = c.theorem.parts.map((list) => list?.map((p) => ({ part: p.label, value: jsonInt(p.value) })) ?? null);
    const extra = parts.some((p) => p !== null) ? { parts } : {};
    return { spec: c.spec, game: c.game.key, positions: c.labels, values: values.map(jsonInt), ...extra };
  }
  const positions = c.heaps.map((n) => positionJson(c, n));
  return { spec: c.spec, game: c.game.key, [c.cells ? 'cells' : 'heaps']: positions, values: values.map(jsonInt) };
}

/** A winning move in JSON; `components` (the evaluation's) turns a board's from and leaves into cells. */
export function moveJson(m: PositionMove, components: readonly ResolvedComponent[] = []): object {
  const c = components[m.component - 1];
  return {
    component: m.component,
    heap: m.heap,
    game: m.game,
    from: c?.theorem ? (c.labels?.[m.heap - 1] ?? '') : positionJson(c, m.from),
    fromValue: jsonInt(m.fromValue),
    move: m.move,
    remove: jsonInt(m.remove),
    leaves: m.leaves.map((n) => positionJson(c, n)),
    values: m.values.map(jsonInt),
    toValue: jsonInt(m.toValue),
    nimSumAfter: 0,
  };
}

export function evaluationJson(position: string, components: readonly ResolvedComponent[], e: Evaluation): object {
  return {
    position,
    components: components.map((c, i) => componentJson(c, e.values[i]!)),
    nimSum: jsonInt(e.nimSum),
    outcome: e.outcome,
    moves: e.moves.map((m) => moveJson(m, components)),
    truncated: e.truncated,
    periodic: e.periodic,
  };
}

export function evaluationText(
  position: string,
  components: readonly ResolvedComponent[],
  e: Evaluation,
  mode: string,
): string {
  const lines = [position];
  const width = Math.max(...components.map((c) => c.game.key.length));
  components.forEach((c, i) => {
    const noun = c.noun ?? (c.labels ? 'cells' : 'heaps');
    lines.push(
      `  ${c.game.key.padEnd(width)}  ${noun} ${(c.labels ?? c.heaps).join(', ')}  ->  g ${e.values[i]!.join(', ')}`,
    );
    for (const part of c.theorem?.parts.flatMap((p) => p ?? []) ?? [])
      lines.push(`      ${part.label}  ->  g ${part.value}`);
  });
  lines.push(
    e.outcome === 'P'
      ? `nim-sum 0: P-position (the previous player wins; every move loses)`
      : `nim-sum ${e.nimSum}: N-position (the next player wins)`,
  );
  if (e.outcome === 'N' && mode !== 'none') {
    lines.push(
      mode === 'one'
        ? 'a winning move:'
        : `winning moves (${e.moves.length}${e.truncated ? ', list cut at the limit' : ''}):`,
    );
    for (const m of e.moves) {
      const theorem = components[m.component - 1]!.theorem !== undefined;
      const after = theorem
        ? `g ${m.toValue}`
        : m.leaves.length === 0
          ? 'nothing left'
          : `g ${m.values.join(' ^ ')} = ${m.toValue}`;
      const from = components[m.component - 1]!.labels?.[m.heap - 1] ?? `heap ${m.from}`;
      lines.push(`  component ${m.component} (${m.game}), ${from}: ${m.move}  [${after}; nim-sum 0]`);
    }
    if (e.periodic) {
      lines.push(
        '  (a heap beyond its table was searched over one proven period: each split listed also works with a part',
      );
      lines.push('   shifted by a multiple of the period while every part stays at or above the preperiod)');
    }
  }
  return `${lines.join('\n')}\n`;
}

/** One CSV field, quoted when needed. */
export function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = 'line,position,nim_sum,outcome,moves,error\n';

export function csvRow(line: number, position: string, e: Evaluation | null, error?: string): string {
  if (!e) return `${line},${csvField(position)},,,,${csvField(error ?? '')}\n`;
  const moves = e.moves.map((m) => `${m.component}.${m.heap}: ${m.move}`).join('; ');
  return `${line},${csvField(position)},${e.nimSum},${e.outcome},${csvField(moves)},\n`;
}
