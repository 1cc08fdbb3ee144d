import { errorText, GrundyError, UsageError } from '../errors.js';
import { valuesOver } from '../kernels/values.js';
import type { BatchFormat, BatchOutcome, DeferredLine, EvalTask, LineError, ScanTask } from './batch-protocol.js';
import { evaluate, type ResolvedComponent } from './evaluate.js';
import { csvField, csvRow, jsonInt, moveJson } from './format.js';
import type { Evaluation, PositionMove } from './evaluate.js';
import { GameValues } from './game-values.js';
import { loadCode } from '../games/registry.js';
import { formatPosition, parseHeap, splitPosition } from './position.js';
import { notComputed } from './not-computed.js';
import { ON_THE_FLY_LIMIT } from './prepare.js';
import type { OptionsFunction } from '../kernels/kernel.js';

/** Blank lines and '#' comments carry no position. */
export function isPositionLine(line: string): boolean {
  const t = line.trim();
  return t !== '' && !t.startsWith('#');
}

/** Split a slice into lines without the line ending. */
export function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

export function scanSlice(task: ScanTask): BatchOutcome {
  const max = new Map<string, { top: bigint; small: bigint }>();
  const limit = BigInt(ON_THE_FLY_LIMIT);
  const note = (spec: string, h: bigint): void => {
    let entry = max.get(spec);
    if (!entry) max.set(spec, (entry = { top: 0n, small: -1n }));
    if (h > entry.top) entry.top = h;
    if (h <= limit && h > entry.small) entry.small = h;
  };
  // Plain decimal heaps (< 10^15) are compared as numbers; BigInt only for the rest.
  const plain = new Map<string, { top: number; small: number }>();
  const named = new Set<string>();
  for (const line of linesOf(task.text)) {
    if (!isPositionLine(line)) continue;
    const quick = splitPlain(line);
    if (quick) {
      for (const [spec, heaps] of quick) {
        let top = -1;
        for (const h of heaps) if (h > top) top = h;
        const small = heaps.reduce((m, h) => (h <= ON_THE_FLY_LIMIT && h > m ? h : m), -1);
        const seen = plain.get(spec);
        if (!seen) plain.set(spec, { top, small });
        else {
          if (top > seen.top) seen.top = top;
          if (small > seen.small) seen.small = small;
        }
      }
      continue;
    }
    let written: ReturnType<typeof splitPosition>;
    try {
      written = splitPosition(line);
    } catch {
      continue; // a bad line: the eval pass reports it with its number
    }
    // Vertex names of a game graph, a theorem game's list ([3,0,5]), or a bad heap: the game still
    // counts (a graph's table is loaded before the eval pass), and the heaps of the other games
    // on the line are noted, so their tables are computed far enough.
    for (const c of written) {
      named.add(c.spec);
      for (const t of c.tokens) {
        try {
          note(c.spec, parseHeap(t, c.spec));
        } catch {}
      }
    }
  }
  for (const [spec, m] of plain) {
    note(spec, BigInt(m.top));
    if (m.small >= 0) note(spec, BigInt(m.small));
  }
  for (const spec of named) if (!max.has(spec)) max.set(spec, { top: 0n, small: -1n });
  return { kind: 'scan', specs: [...max].map(([spec, m]) => [spec, m.top.toString(), m.small.toString()] as const) };
}

/** Evaluate every position of a slice; a bad line becomes an error record, never a failed batch. */
export async function evalSlice(task: EvalTask): Promise<BatchOutcome> {
  const games = task.tables.map((t) => new GameValues(t.rules, valuesOver(t.buffer, t.width, t.length), t.cert));
  const options = new Map<number, OptionsFunction>();
  if (task.moves !== 'none') {
    for (let i = 0; i < task.tables.length; i++) {
      const rules = task.tables[i]!.rules;
      const loaded = await loadCode(rules);
      if (loaded) options.set(i, loaded);
    }
  }
  const out: string[] = [];
  const errors: LineError[] = [];
  const deferred: DeferredLine[] = [];
  let positions = 0;
  const lines = linesOf(task.text);
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (!isPositionLine(text)) continue;
    const line = task.firstLine + i;
    positions++;
    if (task.moves === 'none') {
      const quick = quickRecord(text, line, task, games);
      if (quick !== null) {
        out.push(quick);
        continue;
      }
    }
    try {
      const written = splitPosition(text);
      if (written.some((c) => isDeferred(task.specs[c.spec]))) {
        deferred.push({ line, text, at: out.length }); // a part index until the end
        continue;
      }
      const parsed = written.map((c) => ({ spec: c.spec, heaps: c.tokens.map((t) => parseHeap(t, c.spec)) }));
      const resolved: ResolvedComponent[] = parsed.map((c) => {
        const ref = task.specs[c.spec];
        if (ref === undefined) throw new UsageError(`game '${c.spec}' was not prepared`);
        if (typeof ref !== 'number') throw new GrundyError('error' in ref ? ref.error : 'deferred', 3);
        const game = games[ref]!;
        for (const h of c.heaps) if (!game.knows(h)) throw notComputed(game.rules, c.spec, h, game.length);
        const opt = options.get(ref);
        return opt ? { spec: c.spec, game, heaps: c.heaps, options: opt } : { spec: c.spec, game, heaps: c.heaps };
      });
      out.push(formatRecord(line, formatPosition(parsed), evaluate(resolved, task.moves, task.limit), task.format));
    } catch (err) {
      const message =
        err instanceof GrundyError ? errorText(err, task.db) : err instanceof Error ? err.message : String(err);
      errors.push({ line, message });
      out.push(errorRecord(line, text, message, task.format));
    }
  }
  // Part indices become character offsets of the joined output.
  let chars = 0;
  let part = 0;
  const placed = deferred.map((d) => {
    for (; part < d.at; part++) chars += out[part]!.length;
    return { ...d, at: chars };
  });
  return { kind: 'eval', output: out.join(''), positions, errors, deferred: placed };
}

function isDeferred(ref: EvalTask['specs'][string] | undefined): boolean {
  return ref !== undefined && typeof ref !== 'number' && 'deferred' in ref;
}

/** A line's result in the batch's format (a JSONL record, a CSV row or a text line). */
export function formatRecord(
  line: number,
  position: string,
  e: Evaluation,
  format: BatchFormat,
  components: readonly ResolvedComponent[] = [],
): string {
  if (format === 'jsonl') return `${JSON.stringify(batchRecord(line, position, e, components))}\n`;
  if (format === 'csv') return csvRow(line, position, e);
  const from = (m: PositionMove) => {
    const c = components[m.component - 1];
    const label = c?.labels?.[m.heap - 1];
    return label ? `${c?.theorem ? 'position' : 'cell'} ${label}` : `heap ${m.from}`;
  };
  const move = e.moves.map((m) => `  component ${m.component} ${from(m)}: ${m.move}`).join(';');
  return `line ${line}: ${position}  nim-sum ${e.nimSum} ${e.outcome}${move}\n`;
}

/** A failed line's record: the batch goes on. */
export function errorRecord(line: number, text: string, message: string, format: BatchFormat): string {
  if (format === 'jsonl') return `${JSON.stringify({ line, position: text.trim(), error: message })}\n`;
  if (format === 'csv') return csvRow(line, text.trim(), null, message);
  return `line ${line}: error: ${message}\n`;
}

/** One JSONL record of a batch: the input's values are enough to rebuild everything else. */
function batchRecord(line: number, position: string, e: Evaluation, components: readonly ResolvedComponent[]): object {
  return {
    line,
    position,
    values: e.values.map((row) => row.map(jsonInt)),
    nimSum: jsonInt(e.nimSum),
    outcome: e.outcome,
    moves: e.moves.map((m) => moveJson(m, components)),
  };
}

/**
 * A line whose heaps are all plain decimals below 10^15: [spec, heaps] per component, or null
 * for anything else (the general parser then handles it, errors included).
 */
function splitPlain(text: string): [string, number[]][] | null {
  const parts = text.split('+');
  const out: [string, number[]][] = [];
  for (const part of parts) {
    const at = part.lastIndexOf('@');
    if (at < 0) return null;
    const spec = part.slice(0, at).trim();
    if (spec === '') return null;
    const heaps: number[] = [];
    for (const raw of part.slice(at + 1).split(',')) {
      const h = raw.trim();
      if (h.length === 0 || h.length > 15 || !/^\d+$/.test(h)) return null;
      heaps.push(Number(h));
    }
    out.push([spec, heaps]);
  }
  return out;
}

/**
 * The hot path of a batch without moves: every heap inside its table (or nim below 2^31), so
 * the nim-sum is a 32-bit XOR with no BigInt. Null sends the line to the general path.
 */
function quickRecord(text: string, line: number, task: EvalTask, games: readonly GameValues[]): string | null {
  const comps = splitPlain(text);
  if (comps === null) return null;
  let x = 0;
  const positionParts: string[] = [];
  const valueParts: string[] = [];
  for (const [spec, heaps] of comps) {
    const ref = task.specs[spec];
    if (typeof ref !== 'number') return null;
    const game = games[ref]!;
    const vals: number[] = [];
    for (const n of heaps) {
      const v = game.valueAsNumber(n);
      if (v < 0 || v > 0x7fffffff) return null;
      vals.push(v);
      x ^= v;
    }
    positionParts.push(`${spec}@${heaps.join(',')}`);
    valueParts.push(`[${vals.join(',')}]`);
  }
  const position = positionParts.join(' + ');
  const outcome = x === 0 ? 'P' : 'N';
  if (task.format === 'jsonl') {
    const values = valueParts.join(',');
    return (
      `{"line":${line},"position":${JSON.stringify(position)},"values":[${values}],` +
      `"nimSum":${x},"outcome":"${outcome}","moves":[]}\n`
    );
  }
  if (task.format === 'csv') return `${line},${csvField(position)},${x},${outcome},,\n`;
  return `line ${line}: ${position}  nim-sum ${x} ${outcome}\n`;
}
