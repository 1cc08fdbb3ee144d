/**
 * Vertex names in a graph file. Integer names stay numbers: when the names are exactly 0..n-1
 * the vertex id IS the name (no per-vertex storage); other all-integer files keep one Int32 per
 * vertex; only files with other names pay for a string per vertex.
 */
export type VertexNames =
  | { readonly kind: 'range' }
  | { readonly kind: 'ints'; readonly ints: Int32Array }
  | { readonly kind: 'strings'; readonly strings: readonly string[] };

export function vertexName(names: VertexNames, id: number): string {
  if (names.kind === 'range') return String(id);
  if (names.kind === 'ints') return String(names.ints[id]);
  return names.strings[id]!;
}

/** The id of the vertex named token, or undefined (a linear scan unless names are 0..n-1). */
export function findVertex(names: VertexNames, n: number, token: string): number | undefined {
  if (names.kind === 'strings') {
    const i = names.strings.indexOf(token);
    return i < 0 ? undefined : i;
  }
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
  const x = Number(token);
  if (names.kind === 'range') return x < n ? x : undefined;
  const i = names.ints.indexOf(x);
  return i < 0 ? undefined : i;
}

/** Integers at most this large keep the compact integer mode (a table indexed by the name). */
const INT_TABLE_FLOOR = 1 << 20;

/**
 * Interns vertex names in first-appearance order. While every name is a small canonical
 * integer ("0" or no leading zero), edges carry the raw integer and a table indexed by it
 * records its first-appearance id; the first other name switches to a string Map, and
 * onSwitch lets the owner rewrite the raw integers it already stored into ids.
 */
export class VertexTable {
  private intMode = true;
  private firstId = new Int32Array(1024).fill(-1);
  private order = new Int32Array(1024);
  private maxInt = -1;
  private map: Map<string, number> | null = null;
  private strings: string[] = [];
  count = 0;

  constructor(private readonly onSwitch: (rawToId: Int32Array) => void) {}

  get integerMode(): boolean {
    return this.intMode;
  }

  /** Interns a canonical non-negative integer name; returns what the edge should store. */
  int(x: number): number {
    if (!this.intMode) return this.name(String(x));
    if (x >= this.firstId.length) {
      // A sparse huge integer would make the table huge: fall back to names instead.
      if (x > INT_TABLE_FLOOR && x > 4 * this.count) {
        this.switchToNames();
        return this.name(String(x));
      }
      let size = this.firstId.length;
      while (size <= x) size *= 2;
      const grown = new Int32Array(size).fill(-1);
      grown.set(this.firstId);
      this.firstId = grown;
    }
    if (this.firstId[x]! < 0) {
      if (this.count === this.order.length) {
        const grown = new Int32Array(this.order.length * 2);
        grown.set(this.order);
        this.order = grown;
      }
      this.firstId[x] = this.count;
      this.order[this.count++] = x;
      if (x > this.maxInt) this.maxInt = x;
    }
    return x;
  }

  /** Interns any other name (switching out of integer mode); returns the vertex id. */
  name(s: string): number {
    if (this.intMode) this.switchToNames();
    const map = this.map!;
    let id = map.get(s);
    if (id === undefined) {
      id = this.count++;
      map.set(s, id);
      this.strings.push(s);
    }
    return id;
  }

  /** Whether an integer / a name is already known (JSON edges must name listed vertices). */
  hasInt(x: number): boolean {
    if (!this.intMode) return this.map!.has(String(x));
    return x < this.firstId.length && this.firstId[x]! >= 0;
  }
  hasName(s: string): boolean {
    return this.map?.has(s) === true;
  }

  private switchToNames(): void {
    this.intMode = false;
    this.map = new Map();
    for (let i = 0; i < this.count; i++) {
      const s = String(this.order[i]);
      this.map.set(s, i);
      this.strings.push(s);
    }
    this.onSwitch(this.firstId);
    this.firstId = new Int32Array(0);
    this.order = new Int32Array(0);
  }

  /**
   * The final names. remap is called (with raw integer -> id) when edges still hold raw
   * integers that are not already the ids, i.e. integer names that are not exactly 0..n-1.
   */
  finish(remap: (rawToId: Int32Array) => void): VertexNames {
    if (!this.intMode) return { kind: 'strings', strings: this.strings };
    if (this.maxInt + 1 === this.count) return { kind: 'range' };
    remap(this.firstId);
    return { kind: 'ints', ints: this.order.slice(0, this.count) };
  }
}
