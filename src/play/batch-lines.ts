import { GrundyError, UsageError } from '../errors.js';
import { valuesOver } from '../kernels/values.js';
import type { BatchOutcome, EvalTask, LineError, ScanTask } from './batch-protocol.js';
import { evaluate, type ResolvedComponent } from './evaluate.js';
import { csvRow, evaluationJson } from './format.js';
import { GameValues } from './game-values.js';
import { loadModuleOptions } from './module-options.js';
import { formatPosition, parsePosition } from './position.js';
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
  for (const line of linesOf(task.text)) {
    if (!isPositionLine(line)) continue;
    let components;
    try {
      components = parsePosition(line);
    } catch {
      continue; // reported with its line number by the eval pass
    }
    for (const c of components) {
      let entry = max.get(c.spec);
      if (!entry) max.set(c.spec, (entry = { top: 0n, small: -1n }));
      for (const h of c.heaps) {
        if (h > entry.top) entry.top = h;
        if (h <= limit && h > entry.small) entry.small = h;
      }
    }
  }
  return { kind: 'scan', specs: [...max].map(([spec, m]) => [spec, m.top.toString(), m.small.toString()] as const) };
}

/** Evaluate every position of a slice; a bad line becomes an error record, never a failed batch. */
export async function evalSlice(task: EvalTask): Promise<BatchOutcome> {
  const games = task.tables.map((t) => new GameValues(t.rules, valuesOver(t.buffer, t.width, t.length), t.cert));
  const options = new Map<number, OptionsFunction>();
  if (task.moves !== 'none') {
    for (let i = 0; i < task.tables.length; i++) {
      const rules = task.tables[i]!.rules;
      if (rules.family === 'module') options.set(i, await loadModuleOptions(rules.path));
    }
  }
  const out: string[] = [];
  const errors: LineError[] = [];
  let positions = 0;
  const lines = linesOf(task.text);
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (!isPositionLine(text)) continue;
    const line = task.firstLine + i;
    positions++;
    try {
      const parsed = parsePosition(text);
      const resolved: ResolvedComponent[] = parsed.map((c) => {
        const ref = task.specs[c.spec];
        if (ref === undefined) throw new UsageError(`game '${c.spec}' was not prepared`);
        if (typeof ref !== 'number') throw new GrundyError(ref.error, 3);
        const game = games[ref]!;
        for (const h of c.heaps) if (!game.knows(h)) throw notComputed(game.rules, c.spec, h, game.length);
        const opt = options.get(ref);
        return opt ? { spec: c.spec, game, heaps: c.heaps, options: opt } : { spec: c.spec, game, heaps: c.heaps };
      });
      const e = evaluate(resolved, task.moves, task.limit);
      const position = formatPosition(parsed);
      if (task.format === 'jsonl') out.push(`${JSON.stringify({ line, ...evaluationJson(position, resolved, e) })}\n`);
      else if (task.format === 'csv') out.push(csvRow(line, position, e));
      else {
        const move = e.moves.map((m) => `  component ${m.component} heap ${m.from}: ${m.description}`).join(';');
        out.push(`line ${line}: ${position}  nim-sum ${e.nimSum} ${e.outcome}${move}\n`);
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      errors.push({ line, message });
      if (task.format === 'jsonl') out.push(`${JSON.stringify({ line, position: text.trim(), error: message })}\n`);
      else if (task.format === 'csv') out.push(csvRow(line, text.trim(), null, message));
      else out.push(`line ${line}: error: ${message}\n`);
    }
  }
  return { kind: 'eval', output: out.join(''), positions, errors };
}
