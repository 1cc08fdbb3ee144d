import { NotComputedError, UsageError } from '../errors.js';
import type { ClosedForm } from '../games/family.js';
import { closedFormOf, parseRules } from '../games/registry.js';
import { computeHint } from '../play/not-computed.js';
import { parseBigInteger } from '../numbers.js';
import { valueByCertificate } from '../period/certificate.js';
import type { Rules } from '../rules/types.js';
import type { GameRow, Store } from '../store/store.js';

/** The largest run of values one call returns (query a..b, values()). */
export const MAX_RANGE = 1_000_000;

/** g(n) and where it came from: the stored table, or the proven period beyond it. */
export interface Answer {
  readonly n: bigint;
  readonly value: bigint;
  /** Where the value came from: the stored table, the proven period, or the game's closed form. */
  readonly source: 'table' | 'certificate' | 'formula';
}

/** Answers g(n) for one stored game, from the table or its proven certificate. */
export class Answerer {
  private readonly cert;
  private readonly cache = new Map<number, number>();
  private closed: ClosedForm | null | undefined;
  /** The game's canonical key. */
  readonly key: string;

  /** Without a stored row (`game` null) the game's closed form answers every n. */
  constructor(
    private readonly store: Store | null,
    private readonly game: GameRow | null,
    private readonly spec: string,
    private readonly parse: (spec: string) => Rules = (s) => parseRules(s),
    formula?: { readonly key: string; readonly closed: ClosedForm },
  ) {
    this.cert = store && game ? store.getCertificate(game) : undefined;
    this.closed = formula?.closed;
    this.key = game?.key ?? formula?.key ?? spec;
  }

  private get computed(): number {
    return this.game?.computed ?? 0;
  }

  private readonly base = (i: number): number => {
    let v = this.cache.get(i);
    if (v === undefined) {
      v = this.store!.valueAt(this.game!, i)!;
      if (this.cache.size < 1 << 16) this.cache.set(i, v);
    }
    return v;
  };

  answerItem(item: string): Answer[] {
    const range = /^(.+?)\.\.(.+)$/.exec(item.trim());
    if (!range) return [this.answer(parseBigInteger(item, 'n'))];
    const a = parseBigInteger(range[1]!, 'range start');
    const b = parseBigInteger(range[2]!, 'range end');
    if (b < a) throw new UsageError(`range ${item} is empty: its end is below its start`);
    if (b - a + 1n > BigInt(MAX_RANGE))
      throw new UsageError(`range ${item} has more than ${MAX_RANGE} values; split it`);
    if (b < BigInt(this.computed)) {
      // A stored run: one read instead of one per value.
      const values = this.store!.readValues(this.game!, Number(a), Number(b) + 1);
      return Array.from(values, (v, i) => ({ n: a + BigInt(i), value: BigInt(v), source: 'table' as const }));
    }
    const out: Answer[] = [];
    for (let n = a; n <= b; n++) out.push(this.answer(n));
    return out;
  }

  answer(n: bigint): Answer {
    if (n < BigInt(this.computed)) return { n, value: BigInt(this.base(Number(n))), source: 'table' };
    if (this.cert?.proven) return { n, value: valueByCertificate(this.cert, n, this.base), source: 'certificate' };
    const closed = this.closedForm();
    if (closed) return { n, value: closed.value(n), source: 'formula' };
    throw this.missing(n);
  }

  /** The closed form, looked up only for a heap beyond the table (parsing a module's key reads its file). */
  private closedForm(): ClosedForm | null {
    if (this.closed === undefined) {
      try {
        this.closed = closedFormOf(this.parse(this.spec));
      } catch {
        this.closed = null;
      }
    }
    return this.closed;
  }

  private missing(n: bigint): NotComputedError {
    const have = `${this.key} has ${this.computed} stored values and no proven period`;
    let rules: Rules | null;
    try {
      rules = this.parse(this.spec);
    } catch {
      rules = null;
    }
    const hint =
      rules !== null ? computeHint(rules, this.spec, n) : n < 2n ** 31n ? { game: this.spec, to: Number(n) + 1 } : null;
    if (hint !== null) return new NotComputedError(`g(${n}) is not stored: ${have}`, hint);
    return new NotComputedError(
      `g(${n}) is not stored: ${have}; n is beyond any table and this game has no periodicity proof`,
    );
  }
}
