import type { ClosedForm } from '../games/family.js';
import { closedFormOf } from '../games/registry.js';
import type { Values } from '../kernels/values.js';
import { valueByCertificate } from '../period/certificate.js';
import type { Periodicity } from '../period/detect.js';
import type { Rules } from '../rules/types.js';

/**
 * g(n) of one game for any n it can answer: a closed form (nim: g(n) = n), a stored prefix
 * g(0..length-1), and beyond it a proven certificate (never an observed one). Pure: the caller
 * loads the prefix (from the store, or a SharedArrayBuffer in a worker).
 */
export class GameValues {
  /** The proven certificate, if any; observed claims are dropped because they answer nothing. */
  readonly cert: Periodicity | null;
  /** Values for every n without a table (nim), when the family has a closed form. */
  private readonly closedForm: ClosedForm | null;

  constructor(
    readonly rules: Rules,
    readonly table: Values,
    cert: Periodicity | null | undefined,
  ) {
    this.cert = cert?.proven ? cert : null;
    this.closedForm = closedFormOf(rules);
    if (this.cert && !this.closedForm && this.table.length < this.cert.preperiod + this.cert.period) {
      throw new Error(`${rules.key}: a certificate needs g(0..${this.cert.preperiod + this.cert.period - 1}) loaded`);
    }
  }

  get key(): string {
    return this.rules.key;
  }

  /** Values stored in the loaded prefix. */
  get length(): number {
    return this.table.length;
  }

  /** True when g(n) is known exactly. */
  knows(n: bigint): boolean {
    return this.closedForm !== null || n < BigInt(this.table.length) || this.cert !== null;
  }

  value(n: bigint): bigint {
    if (this.closedForm) return this.closedForm.value(n);
    if (n < BigInt(this.table.length)) return BigInt(this.table[Number(n)]!);
    if (!this.cert)
      throw new Error(`g(${n}) of ${this.rules.key} is beyond the loaded table and no certificate is proven`);
    const table = this.table;
    return valueByCertificate(this.cert, n, (i) => table[i]!);
  }

  /** g(n) for a heap inside the table, without BigInt: the hot path of batch evaluation. */
  valueInTable(n: number): number {
    return this.table[n]!;
  }

  /**
   * g(n) for a safe-integer n without BigInt (the table, or a certificate without saltus), or -1
   * when that is not possible: the caller then takes the BigInt path.
   */
  valueAsNumber(n: number): number {
    if (this.closedForm) return this.closedForm.number(n);
    const table = this.table;
    if (n < table.length) return table[n]!;
    const cert = this.cert;
    if (cert?.saltus !== 0) return -1;
    return table[cert.preperiod + ((n - cert.preperiod) % cert.period)]!;
  }

  /** The smallest n the table cannot answer, or null when every n is known. */
  firstUnknown(): bigint | null {
    return this.closedForm || this.cert ? null : BigInt(this.table.length);
  }
}
