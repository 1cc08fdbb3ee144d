import { cellIndex } from '../board/cells.js';
import { errorText, GrundyError, UsageError } from '../errors.js';
import { familyOf, loadCode, parseRules } from '../games/registry.js';
import type { OptionsFunction } from '../kernels/kernel.js';
import type { BatchFormat, LineError } from './batch-protocol.js';
import { errorRecord, formatRecord } from './batch-lines.js';
import { outcomeOnlyJson } from './board-outcome-format.js';
import { outcomeOnly, type OutcomeOnly } from './board-outcome.js';
import { BoardGameValues, componentCells, resolveBoardComponent } from './board-values.js';
import { evaluate, type MovesMode, type ResolvedComponent } from './evaluate.js';
import { csvField } from './format.js';
import { GameValues } from './game-values.js';
import { evaluateLoopy, formatLoopy, type LoopyComponent, type LoopyEvaluation } from './loopy.js';
import { loopyJson } from './loopy-format.js';
import { type GraphBase, loadGraphComponent } from './loopy-resolve.js';
import { notComputed } from './not-computed.js';
import { formatPosition, parseHeap, type PositionComponent, splitPosition } from './position.js';
import type { Rules } from '../rules/types.js';
import { evaluateWithTheorems, theoremComponents, theoremOutcomeJson, type TheoremOutcome } from './theorem-sum.js';
import type { PrepareOptions, PreparedGame } from './prepare.js';

/**
 * Lines of a batch with a game graph (tokens on vertices, values possibly infinite), a 2-D game
 * (cells X,Y) or a theorem game (staircase@[3,0,5]) are evaluated here, on the main thread, by the
 * code `grundy eval` runs for one position: the heap tables of the worker pool cannot answer them.
 * Each game's table is loaded (or computed on the fly and stored) once per batch and reused for
 * every line; a theorem game's rules are parsed once.
 */
export type DeferredKind = 'graph' | 'board' | 'theorem';

/** Whether a spec's lines go to the main thread; null for heap games and for unknown specs. */
export function deferredKind(spec: string): DeferredKind | null {
  let family: ReturnType<typeof familyOf>;
  try {
    family = familyOf(parseRules(spec));
  } catch {
    return null; // the heap path reports the bad spec on each of its lines
  }
  return family.kind === 'heap' ? null : family.kind;
}

export interface DeferredRequest {
  readonly prepared: ReadonlyMap<string, PreparedGame | GrundyError>;
  readonly prepare: PrepareOptions;
  readonly moves: MovesMode;
  readonly limit: number;
  readonly format: BatchFormat;
  /** The store as the caller named it (--db), which a failed line's hint names: its command then writes there. */
  readonly db?: string;
}

export class DeferredLines {
  private readonly graphs = new Map<string, GraphBase | GrundyError>();
  private readonly boards = new Map<string, ResolvedComponent>();
  private readonly heaps = new Map<string, { game: GameValues; options: OptionsFunction | undefined }>();
  /** parseRules of a graph reads and hashes its file: once per spec. */
  private readonly kinds = new Map<string, DeferredKind | null>();
  private readonly theorems = new Map<string, Rules>();

  constructor(private readonly req: DeferredRequest) {}

  /** One line's formatted result, and its error when it failed (the batch goes on). */
  async evaluate(line: number, text: string): Promise<{ output: string; error?: LineError }> {
    try {
      return { output: await this.record(line, text) };
    } catch (err) {
      if (!(err instanceof GrundyError)) throw err;
      const message = errorText(err, this.req.db);
      return { output: errorRecord(line, text, message, this.req.format), error: { line, message } };
    }
  }

  private async record(line: number, text: string): Promise<string> {
    const written = splitPosition(text);
    const { format, moves, limit } = this.req;
    const theorems = written.map((c) => this.theoremRules(c.spec));
    if (written.some((c) => this.kind(c.spec) === 'graph')) {
      const resolvedTheorems = theoremComponents(written, theorems, limit);
      const components: LoopyComponent[] = [];
      for (const [i, c] of written.entries()) {
        const theorem = resolvedTheorems.get(i);
        if (theorem) components.push({ kind: 'heap', resolved: theorem });
        else if (this.kind(c.spec) === 'graph') {
          const base = await this.graph(c.spec);
          components.push({ ...base, vertices: c.tokens.map((t) => base.codec.parse(t)) });
        } else {
          components.push({ kind: 'heap', resolved: await this.component(heapsOf(c.spec, c.tokens)) });
        }
      }
      const canonical = written.map((c) => `${c.spec}@${c.tokens.join(',')}`).join(' + ');
      return loopyRecord(line, canonical, components, evaluateLoopy(components, moves, limit), format);
    }
    if (theorems.some((r) => r !== null)) {
      const r = await evaluateWithTheorems(written, theorems, moves, limit, async (rest) => {
        const resolved: ResolvedComponent[] = [];
        for (const c of rest) resolved.push(await this.component(c));
        return resolved;
      });
      if (r.kind === 'theorem-outcome') return theoremOutcomeRecord(line, r.outcome, format);
      return formatRecord(line, r.position, r.evaluation, format, r.components);
    }
    const parsed = written.map((c) => heapsOf(c.spec, c.tokens));
    const lone = outcomeOnly(parsed);
    if (lone) return outcomeOnlyRecord(line, lone, format);
    const resolved: ResolvedComponent[] = [];
    for (const c of parsed) resolved.push(await this.component(c));
    return formatRecord(line, formatPosition(parsed), evaluate(resolved, moves, limit), format, resolved);
  }

  /** A theorem game's rules (null for the other kinds), parsed once per spec (a Hackenbush file is read once). */
  private theoremRules(spec: string): Rules | null {
    if (this.kind(spec) !== 'theorem') return null;
    let rules = this.theorems.get(spec);
    if (!rules) this.theorems.set(spec, (rules = parseRules(spec)));
    return rules;
  }

  private kind(spec: string): DeferredKind | null {
    let kind = this.kinds.get(spec);
    if (kind === undefined) this.kinds.set(spec, (kind = deferredKind(spec)));
    return kind;
  }

  private async graph(spec: string): Promise<GraphBase> {
    let base = this.graphs.get(spec);
    if (base === undefined) {
      try {
        base = await loadGraphComponent(spec, this.req.prepare);
      } catch (err) {
        if (!(err instanceof GrundyError)) throw err;
        base = err;
      }
      this.graphs.set(spec, base);
    }
    if (base instanceof GrundyError) throw base;
    return base;
  }

  /** A heap or 2-D component, as `grundy eval` resolves it for one position. */
  private async component(c: PositionComponent): Promise<ResolvedComponent> {
    if (this.kind(c.spec) === 'board') return this.board(c, parseRules(c.spec));
    let entry = this.heaps.get(c.spec);
    if (!entry) {
      const p = this.req.prepared.get(c.spec);
      if (p === undefined) throw new UsageError(`game '${c.spec}' was not prepared`);
      if (p instanceof GrundyError) throw p;
      const options = this.req.moves !== 'none' ? await loadCode(p.rules) : undefined;
      entry = { game: new GameValues(p.rules, p.table, p.cert), options };
      this.heaps.set(c.spec, entry);
    }
    const { game, options } = entry;
    for (const h of c.heaps) if (!game.knows(h)) throw notComputed(game.rules, c.spec, h, game.length);
    return options ? { spec: c.spec, game, heaps: c.heaps, options } : { spec: c.spec, game, heaps: c.heaps };
  }

  /** A 2-D component: the table loaded once; reloaded (computed larger) only when a cell needs it. */
  private async board(c: PositionComponent, rules: ReturnType<typeof parseRules>): Promise<ResolvedComponent> {
    const cells = componentCells(c, rules);
    const known = this.boards.get(c.spec);
    const values = known?.game;
    if (
      known &&
      values instanceof BoardGameValues &&
      cells.every(([x, y]) => !values.needsTable(x, y, this.req.moves !== 'none'))
    ) {
      const heaps = cells.map(([x, y]) => cellIndex(x, y));
      const labels = cells.map(([x, y]) => `(${x}, ${y})`);
      return { ...known, spec: c.spec, heaps, labels, cells };
    }
    const resolved = await resolveBoardComponent(c, rules, {
      ...this.req.prepare,
      needOptions: this.req.moves !== 'none',
    });
    this.boards.set(c.spec, resolved);
    return resolved;
  }
}

function heapsOf(spec: string, tokens: readonly string[]): PositionComponent {
  return { spec, heaps: tokens.map((t) => parseHeap(t, spec)) };
}

/** A loopy line: JSONL is `grundy eval --json`'s object with its line number first. */
function loopyRecord(
  line: number,
  position: string,
  components: readonly LoopyComponent[],
  e: LoopyEvaluation,
  format: BatchFormat,
): string {
  if (format === 'jsonl') return `${JSON.stringify({ line, ...loopyJson(position, components, e) })}\n`;
  if (format === 'csv') {
    const moves = e.moves.map((m) => `${m.component}.${m.token}: ${m.move}`).join('; ');
    return `${line},${csvField(position)},${csvField(formatLoopy(e.sum))},${e.outcome},${csvField(moves)},\n`;
  }
  const move = e.moves.map((m) => `  component ${m.component} ${m.what} ${m.from}: ${m.move}`).join(';');
  return `line ${line}: ${position}  sum ${formatLoopy(e.sum)} ${e.outcome}${move}\n`;
}

/** A lone position of a game with no value theorem (Moore's Nim_k): JSONL is `eval --json`'s object, line first. */
function theoremOutcomeRecord(line: number, o: TheoremOutcome, format: BatchFormat): string {
  if (format === 'jsonl') return `${JSON.stringify({ line, ...theoremOutcomeJson(o) })}\n`;
  const moves = o.moves.map((m) => `${m.move} -> ${m.to}`);
  if (format === 'csv') return `${line},${csvField(o.position)},,${o.outcome},${csvField(moves.join('; '))},\n`;
  return `line ${line}: ${o.position}  ${o.outcome}${moves.map((m) => `  ${m}`).join(';')}\n`;
}

/** A lone cell beyond any table: N from the P-position formula, with its winning moves. */
function outcomeOnlyRecord(line: number, o: OutcomeOnly, format: BatchFormat): string {
  if (format === 'jsonl') return `${JSON.stringify({ line, ...outcomeOnlyJson(o) })}\n`;
  const moves = o.moves.map((m) => m.move);
  if (format === 'csv') return `${line},${csvField(o.position)},,N,${csvField(moves.join('; '))},\n`;
  return `line ${line}: ${o.position}  g > 0 N${moves.map((m) => `  ${m}`).join(';')}\n`;
}
