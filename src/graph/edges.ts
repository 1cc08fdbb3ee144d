/**
 * Edges as they are parsed, before the CSR is built: two Int32Array columns in fixed-size chunks,
 * so that growing never copies (and never doubles the peak) and 10^7 edges cost 8 bytes each.
 */
const CHUNK = 1 << 18;

export class EdgeBuffer {
  private readonly from: Int32Array[] = [];
  private readonly to: Int32Array[] = [];
  private fill = CHUNK;
  length = 0;

  push(u: number, v: number): void {
    if (this.fill === CHUNK) {
      this.from.push(new Int32Array(CHUNK));
      this.to.push(new Int32Array(CHUNK));
      this.fill = 0;
    }
    this.from[this.from.length - 1]![this.fill] = u;
    this.to[this.to.length - 1]![this.fill] = v;
    this.fill++;
    this.length++;
  }

  /** Calls f(u, v) for every edge in file order. */
  forEach(f: (u: number, v: number) => void): void {
    for (let c = 0; c < this.from.length; c++) {
      const a = this.from[c]!;
      const b = this.to[c]!;
      const len = c === this.from.length - 1 ? this.fill : CHUNK;
      for (let i = 0; i < len; i++) f(a[i]!, b[i]!);
    }
  }

  /** Rewrites every endpoint x as map[x] (raw integer names to vertex ids). */
  remap(map: Int32Array): void {
    for (let c = 0; c < this.from.length; c++) {
      const len = c === this.from.length - 1 ? this.fill : CHUNK;
      for (const col of [this.from[c]!, this.to[c]!]) {
        for (let i = 0; i < len; i++) col[i] = map[col[i]!]!;
      }
    }
  }

  /** Column chunks, for the CSR builder (which frees them as it goes). */
  chunks(): { from: Int32Array[]; to: Int32Array[]; lastFill: number } {
    return { from: this.from, to: this.to, lastFill: this.fill };
  }

  static readonly CHUNK = CHUNK;
}
