/**
 * The canonical encoding of a state (a JSON value): JSON text with no spaces and the keys of
 * every object sorted (by UTF-16 code units, as Array.prototype.sort orders strings). Two states
 * are the same position exactly when their canonical encodings are equal, so {"b":1,"a":2} and
 * {"a":2,"b":1} are one state, while [1,2] and [2,1] are two. Numbers are written as JSON writes
 * them (1.0 and 1 are one state; -0 is 0). Returns null for anything that is not a JSON value:
 * undefined, functions, symbols, bigints, NaN or infinities, non-plain objects, cycles.
 */
export function canonicalJson(value: unknown): string | null {
  const parts: string[] = [];
  return write(value, parts, new Set()) ? parts.join('') : null;
}

function write(v: unknown, out: string[], open: Set<object>): boolean {
  switch (typeof v) {
    case 'number':
      if (!Number.isFinite(v)) return false;
      out.push(JSON.stringify(v));
      return true;
    case 'string':
      out.push(JSON.stringify(v));
      return true;
    case 'boolean':
      out.push(v ? 'true' : 'false');
      return true;
    case 'object': {
      if (v === null) {
        out.push('null');
        return true;
      }
      if (open.has(v)) return false; // a cycle has no JSON form
      open.add(v);
      let ok = true;
      if (Array.isArray(v)) {
        out.push('[');
        for (let i = 0; i < v.length && ok; i++) {
          if (i > 0) out.push(',');
          ok = write(v[i], out, open);
        }
        out.push(']');
      } else {
        const proto = Object.getPrototypeOf(v) as unknown;
        if (proto !== Object.prototype && proto !== null) ok = false;
        const keys = Object.keys(v).sort();
        out.push('{');
        for (let i = 0; i < keys.length && ok; i++) {
          if (i > 0) out.push(',');
          out.push(JSON.stringify(keys[i]), ':');
          ok = write((v as Record<string, unknown>)[keys[i]!], out, open);
        }
        out.push('}');
      }
      open.delete(v);
      return ok;
    }
    default:
      return false;
  }
}
