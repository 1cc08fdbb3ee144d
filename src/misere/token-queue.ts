/**
 * A priority queue of items by token count (the number of tokens of a sum of heaps), first in
 * first out among equal counts, so that searches over sums visit them in a fixed order: every
 * option of a sum has fewer tokens than the sum, so a search in this order meets a sum's options
 * first.
 */
export class TokenQueue {
  private tokens: number[] = [];
  private items: number[] = [];
  private seqs: number[] = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  push(tokens: number, item: number): void {
    const s = this.seq++;
    let i = this.items.length;
    this.tokens.push(tokens);
    this.items.push(item);
    this.seqs.push(s);
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!this.less(i, up)) break;
      this.swap(i, up);
      i = up;
    }
  }

  /** The item of fewest tokens (the earliest pushed among them); call only when size > 0. */
  pop(): { readonly tokens: number; readonly item: number } {
    const top = { tokens: this.tokens[0]!, item: this.items[0]! };
    const last = this.items.length - 1;
    this.swap(0, last);
    this.tokens.pop();
    this.items.pop();
    this.seqs.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < last && this.less(l, least)) least = l;
      if (r < last && this.less(r, least)) least = r;
      if (least === i) break;
      this.swap(i, least);
      i = least;
    }
    return top;
  }

  private less(a: number, b: number): boolean {
    const ta = this.tokens[a]!;
    const tb = this.tokens[b]!;
    return ta < tb || (ta === tb && this.seqs[a]! < this.seqs[b]!);
  }

  private swap(a: number, b: number): void {
    [this.tokens[a], this.tokens[b]] = [this.tokens[b]!, this.tokens[a]!];
    [this.items[a], this.items[b]] = [this.items[b]!, this.items[a]!];
    [this.seqs[a], this.seqs[b]] = [this.seqs[b]!, this.seqs[a]!];
  }
}
