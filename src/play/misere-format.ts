import type { BatchFormat } from './batch-protocol.js';
import { csvField, jsonInt } from './format.js';
import type { MisereComponent, MisereEvaluation, MisereMethod, MisereMove } from './misere.js';
import { fmtInt } from '../numbers.js';

/**
 * grundy eval --misere output, in the shapes plain eval uses: text for people, one JSON object
 * (or a JSONL record, a CSV row a line in a batch) for scripts. The outcome is P, N or D, and
 * `method` says how it was found.
 */

const METHOD_TEXT: Readonly<Record<MisereMethod, string>> = {
  'anti-nim': "by Bouton's misère Nim rule",
  'anti-sg':
    'by the Anti-SG rule (misère Nim on the normal values: no move splits a heap, every heap of value 0 is terminal)',
  tame: 'by the misère Nim rule on tame heaps (their stored genus)',
  search: 'by exact search',
  retrograde: 'by retrograde analysis of every reachable position',
  quotient: "from the game's stored misère quotient (grundy quotient)",
};

function positionJson(c: MisereComponent, n: bigint): number | string | readonly number[] {
  return c.game.kind === 'heap' ? jsonInt(n) : c.game.json(Number(n));
}

function componentJson(c: MisereComponent, values: readonly bigint[] | undefined): object {
  const name = c.game.kind === 'heap' ? 'heaps' : c.game.kind === 'board' ? 'cells' : 'vertices';
  return {
    spec: c.spec,
    game: c.game.rules.key,
    [name]: c.positions.map((n) => positionJson(c, n)),
    ...(values ? { values: values.map(jsonInt) } : {}),
  };
}

function moveJson(m: MisereMove, components: readonly MisereComponent[]): object {
  const c = components[m.component - 1]!;
  return {
    component: m.component,
    heap: m.heap,
    game: m.game,
    from: positionJson(c, m.from),
    ...(m.fromValue !== undefined ? { fromValue: jsonInt(m.fromValue) } : {}),
    move: m.move,
    leaves: m.leaves.map((n) => positionJson(c, n)),
    ...(m.toValue !== undefined ? { toValue: jsonInt(m.toValue) } : {}),
    outcomeAfter: m.outcomeAfter,
  };
}

export function misereJson(position: string, components: readonly MisereComponent[], e: MisereEvaluation): object {
  return {
    position,
    play: 'misere',
    components: components.map((c, i) => componentJson(c, e.values?.[i])),
    outcome: e.outcome,
    method: e.method,
    moves: e.moves.map((m) => moveJson(m, components)),
    truncated: e.truncated,
    searched: e.searched,
  };
}

export function misereText(
  position: string,
  components: readonly MisereComponent[],
  e: MisereEvaluation,
  mode: string,
): string {
  const lines = [`${position}  (misère play: the player who cannot move wins)`];
  const width = Math.max(...components.map((c) => c.game.rules.key.length));
  components.forEach((c, i) => {
    const what = c.game.kind === 'heap' ? 'heaps' : c.game.kind === 'board' ? 'cells' : 'tokens on';
    const shown = c.positions.map((n) => (c.game.kind === 'heap' ? n.toString() : c.game.label(Number(n))));
    const values = e.values?.[i];
    lines.push(
      `  ${c.game.rules.key.padEnd(width)}  ${what} ${shown.join(', ')}${values ? `  ->  g ${values.join(', ')}` : ''}`,
    );
  });
  const how = `${METHOD_TEXT[e.method]}${e.searched > 0 ? ` (${fmtInt(e.searched)} positions)` : ''}`;
  const outcome =
    e.outcome === 'P'
      ? 'P-position (the previous player wins; every move loses)'
      : e.outcome === 'N'
        ? 'N-position (the next player wins)'
        : 'D-position (a draw: neither player can force a win)';
  lines.push(`misère ${outcome}, ${how}`);
  if (e.outcome === 'N' && e.moves.length === 0 && mode !== 'none')
    lines.push('no move is left: the player to move has won');
  if (e.moves.length > 0) {
    const title =
      e.outcome === 'D'
        ? 'a move that keeps the draw:'
        : mode === 'all'
          ? `winning moves (${e.moves.length}${e.truncated ? ', list cut at the limit' : ''}):`
          : 'a winning move:';
    lines.push(title);
    for (const m of e.moves) {
      const c = components[m.component - 1]!;
      const from =
        c.game.kind === 'heap'
          ? `heap ${m.from}`
          : c.game.kind === 'board'
            ? `cell ${c.game.label(Number(m.from))}`
            : `token on ${c.game.label(Number(m.from))}`;
      const values = m.toValue !== undefined ? `g ${m.fromValue} -> ${m.toValue}; ` : '';
      lines.push(
        `  component ${m.component} (${m.game}), ${from}: ${m.move}  ` +
          `[${values}misère ${m.outcomeAfter}-position after it]`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export const MISERE_CSV_HEADER = 'line,position,outcome,method,moves,error\n';

/** One line of a misère batch in its format; `e` null for a failed line. */
export function misereRecord(
  line: number,
  position: string,
  components: readonly MisereComponent[],
  e: MisereEvaluation | null,
  format: BatchFormat,
  error = '',
): string {
  if (format === 'jsonl') {
    return `${JSON.stringify(e ? { line, ...misereJson(position, components, e) } : { line, position, error })}\n`;
  }
  const moves = e ? e.moves.map((m) => `${m.component}.${m.heap}: ${m.move}`).join('; ') : '';
  if (format === 'csv') {
    const fields = [line, csvField(position), e?.outcome ?? '', e?.method ?? '', csvField(moves), csvField(error)];
    return `${fields.join(',')}\n`;
  }
  if (!e) return `line ${line}: error: ${error}\n`;
  return `line ${line}: ${position}  misère ${e.outcome} (${e.method})${moves ? `  ${moves}` : ''}\n`;
}
