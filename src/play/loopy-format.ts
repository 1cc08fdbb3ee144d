import { formatLoopy, type LoopyComponent, type LoopyEvaluation, type LoopyMove, type LoopyValue } from './loopy.js';
import { jsonInt } from './format.js';

const OUTCOME_TEXT = {
  P: 'P-position (the player to move loses: every move leads to a win for the opponent)',
  N: 'N-position (the player to move wins)',
  D: 'D-position (a draw: with best play neither player can force a win; the game goes on forever)',
} as const;

function label(c: LoopyComponent): { game: string; what: string; tokens: string[] } {
  if (c.kind === 'vertices') return { game: c.key, what: 'tokens', tokens: c.vertices.map((v) => c.codec.format(v)) };
  const { resolved } = c;
  if (resolved.labels) {
    return { game: resolved.game.key, what: resolved.theorem ? 'positions' : 'cells', tokens: [...resolved.labels] };
  }
  return { game: resolved.game.key, what: 'heaps', tokens: resolved.heaps.map(String) };
}

export function loopyText(
  position: string,
  components: readonly LoopyComponent[],
  e: LoopyEvaluation,
  mode: string,
): string {
  const lines = [position];
  const labels = components.map(label);
  const width = Math.max(...labels.map((l) => l.game.length));
  labels.forEach((l, i) => {
    const values = e.values[i]!.map(formatLoopy).join(', ');
    lines.push(`  ${l.game.padEnd(width)}  ${l.what} ${l.tokens.join(', ')}  ->  g ${values}`);
  });
  lines.push(`sum ${formatLoopy(e.sum)}: ${OUTCOME_TEXT[e.outcome]}`);
  if (e.outcome !== 'P' && mode !== 'none') {
    const many = mode === 'all';
    if (e.outcome === 'N') {
      lines.push(many ? `winning moves, to a P-position (${count(e)}):` : 'a winning move (to a P-position):');
    } else {
      const keep = many
        ? `the moves that keep the draw (never into a loss) (${count(e)}):`
        : 'a move that keeps the draw (never into a loss):';
      lines.push(`no move wins; ${keep}`);
    }
    for (const m of e.moves) {
      lines.push(
        `  component ${m.component} (${m.game}), ${m.what} ${m.from}: ${m.move}` +
          `  [sum after ${formatLoopy(m.after)}: ${m.outcomeAfter} for the opponent]`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function count(e: LoopyEvaluation): string {
  return `${e.moves.length}${e.truncated ? ', list cut at the limit' : ''}`;
}

function valueJson(x: LoopyValue): object {
  const num = (b: bigint): number | string => (b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b.toString());
  return typeof x === 'bigint'
    ? { value: num(x), infinite: false, K: null }
    : { value: formatLoopy(x), infinite: true, K: x.infinite.map(num) };
}

/** A cell as [x, y] in JSON, as eval's heap sums write it. */
function cellJson([x, y]: readonly [bigint, bigint]): (number | string)[] {
  return [jsonInt(x), jsonInt(y)];
}

function moveJson(m: LoopyMove, components: readonly LoopyComponent[]): object {
  const { component, token, game, outcomeAfter } = m;
  const c = components[component - 1];
  const cell = c?.kind === 'heap' ? c.resolved.cells?.[token - 1] : undefined;
  const from = cell ? cellJson(cell) : m.from;
  return { component, token, game, from, move: m.move, after: valueJson(m.after), outcomeAfter };
}

export function loopyJson(position: string, components: readonly LoopyComponent[], e: LoopyEvaluation): object {
  return {
    position,
    components: components.map((c, i) => {
      const l = label(c);
      const spec = c.kind === 'vertices' ? c.spec : c.resolved.spec;
      const cells = c.kind === 'vertices' ? undefined : c.resolved.cells;
      const tokens = cells ? cells.map(cellJson) : l.tokens;
      return { spec, game: l.game, [l.what]: tokens, values: e.values[i]!.map(valueJson) };
    }),
    sum: valueJson(e.sum),
    outcome: e.outcome,
    moves: e.moves.map((m) => moveJson(m, components)),
    truncated: e.truncated,
  };
}
