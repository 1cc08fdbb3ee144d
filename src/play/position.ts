import { UsageError } from '../errors.js';
import { parseBigInteger } from '../numbers.js';

/** One summand group of a position: a game spec (as written) and its heaps. */
export interface PositionComponent {
  readonly spec: string;
  readonly heaps: readonly bigint[];
}

export const POSITION_HELP =
  "GAME@heaps joined by '+', e.g. 'octal:0.77@10 + sub:1,3,4@100,7 + nim@5'; " +
  'on a game graph, tokens on vertices: graph:g.txt@a,b; states as JSON: states:m.js@[3,4],[0,1]';

/**
 * Parse `octal:0.77@10 + sub:1,3,4@100,7 + nim@5`. The game spec is everything before the last
 * '@' of a component (a module path may itself contain '@'); heaps are comma-separated and may
 * be written 1e30 or 2^100. Specs are not resolved here: that needs the file system.
 */
export function parsePosition(text: string): PositionComponent[] {
  return splitPosition(text).map(({ spec, tokens }) => ({ spec, heaps: tokens.map((t) => parseHeap(t, spec)) }));
}

/** A component as written: the game spec and its comma-separated positions, not yet read. */
export interface WrittenComponent {
  readonly spec: string;
  readonly tokens: readonly string[];
}

/**
 * The components of a position with their positions as written (heap sizes, or vertex names
 * of a game graph: `graph:g.txt@a,b`), for the caller to read with the game's own codec.
 */
export function splitPosition(text: string): WrittenComponent[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new UsageError(`empty position; write ${POSITION_HELP}`);
  return splitTop(trimmed, '+').map((raw) => splitComponent(raw.trim()));
}

/**
 * Split on `sep` outside brackets and double-quoted strings, so a JSON state of a states: game
 * (`states:m.js@[3,4]`, `@"a+b"`) stays one token; heap sizes and vertex names have neither.
 */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The '@' that starts a component's positions: the last one outside brackets and strings. */
function positionsAt(raw: string): number {
  const parts = splitTop(raw, '@');
  return parts.length === 1 ? -1 : raw.length - parts[parts.length - 1]!.length - 1;
}

function splitComponent(raw: string): WrittenComponent {
  if (raw === '') throw new UsageError(`empty component (two '+' in a row or a trailing '+'); write ${POSITION_HELP}`);
  const at = positionsAt(raw);
  if (at < 0) throw new UsageError(`component '${raw}' has no heaps; write GAME@heaps, e.g. ${raw}@10`);
  const spec = raw.slice(0, at).trim();
  if (spec === '') throw new UsageError(`component '${raw}' names no game before '@'; write e.g. kayles${raw}`);
  const body = raw.slice(at + 1).trim();
  if (body === '')
    throw new UsageError(`component '${raw}' has no heaps after '@'; write e.g. ${spec}@10 or ${spec}@3,7`);
  const tokens = splitTop(body, ',').map((h) => {
    const item = h.trim();
    if (item === '') throw new UsageError(`component '${raw}' has an empty heap (two commas or a trailing comma)`);
    return item;
  });
  return { spec, tokens };
}

export function parseHeap(item: string, spec: string): bigint {
  // Fast path for the common case; batch evaluation parses millions of these.
  if (item.length <= 15 && /^\d+$/.test(item)) return BigInt(item);
  return parseBigInteger(item, `heap of ${spec}`);
}

/** The position written back in canonical form: one space around each '+'. */
export function formatPosition(
  components: readonly { readonly spec: string; readonly heaps: readonly bigint[] }[],
): string {
  return components.map((c) => `${c.spec}@${c.heaps.join(',')}`).join(' + ');
}
