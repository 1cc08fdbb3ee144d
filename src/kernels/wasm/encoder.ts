/**
 * A small WebAssembly binary encoder: enough to write the project's few hand-built kernels
 * (kernels/wasm/) as TypeScript that emits their bytes at load time. There is no toolchain to
 * install or build output to ship: the module is compiled from these bytes in each thread.
 *
 * Code is written as nested arrays of bytes (`Code`), flattened when the module is encoded.
 * Only the instructions the kernels use are here; the opcodes are those of the WebAssembly core
 * specification 2.0 and a shared memory (threads proposal, shipped in Node 16+).
 */
export type Code = number | readonly Code[];

export const I32 = 0x7f;
export const I64 = 0x7e;
type ValType = typeof I32 | typeof I64;

function flatten(code: Code, out: number[]): number[] {
  if (typeof code === 'number') out.push(code);
  else for (const c of code) flatten(c, out);
  return out;
}

export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
}

export function sleb(n: bigint): number[] {
  const out: number[] = [];
  for (;;) {
    const b = Number(n & 0x7fn);
    n >>= 7n;
    if ((n === 0n && (b & 0x40) === 0) || (n === -1n && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

const name = (s: string): number[] => [...uleb(s.length), ...Buffer.from(s, 'utf8')];
const vec = (items: readonly (readonly number[])[]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: readonly number[]): number[] => [id, ...uleb(body.length), ...body];

/** Locals by name: parameters first, then the function's own locals. */
export class Locals {
  private readonly index = new Map<string, number>();
  readonly own: ValType[] = [];

  constructor(params: readonly string[]) {
    params.forEach((p, i) => {
      this.index.set(p, i);
    });
  }

  /** Declare locals of one type (i32 unless given). */
  declare(names: readonly string[], type: ValType = I32): this {
    for (const n of names) {
      this.index.set(n, this.index.size);
      this.own.push(type);
    }
    return this;
  }

  get = (n: string): Code => [0x20, uleb(this.at(n))];
  set = (n: string, value: Code): Code => [value, 0x21, uleb(this.at(n))];
  /** Set and leave the value on the stack. */
  tee = (n: string, value: Code): Code => [value, 0x22, uleb(this.at(n))];

  private at(n: string): number {
    const i = this.index.get(n);
    if (i === undefined) throw new Error(`wasm encoder: no local named ${n}`);
    return i;
  }
}

/** Instructions (stack operands first, as the binary format has them). */
export const op = {
  i32: (n: number): Code => [0x41, sleb(BigInt(n | 0))],
  i64: (n: bigint): Code => [0x42, sleb(BigInt.asIntN(64, n))],
  add: (a: Code, b: Code): Code => [a, b, 0x6a],
  sub: (a: Code, b: Code): Code => [a, b, 0x6b],
  mul: (a: Code, b: Code): Code => [a, b, 0x6c],
  and: (a: Code, b: Code): Code => [a, b, 0x71],
  or: (a: Code, b: Code): Code => [a, b, 0x72],
  shl: (a: Code, b: Code): Code => [a, b, 0x74],
  eqz: (a: Code): Code => [a, 0x45],
  eq: (a: Code, b: Code): Code => [a, b, 0x46],
  ne: (a: Code, b: Code): Code => [a, b, 0x47],
  ltU: (a: Code, b: Code): Code => [a, b, 0x49],
  gtU: (a: Code, b: Code): Code => [a, b, 0x4b],
  leU: (a: Code, b: Code): Code => [a, b, 0x4d],
  geU: (a: Code, b: Code): Code => [a, b, 0x4f],
  /** cond ? a : b (both evaluated). */
  select: (a: Code, b: Code, cond: Code): Code => [a, b, cond, 0x1b],
  i64Ne: (a: Code, b: Code): Code => [a, b, 0x52],
  load8: (addr: Code, offset = 0): Code => [addr, 0x2d, 0, uleb(offset)],
  load16: (addr: Code, offset = 0): Code => [addr, 0x2f, 1, uleb(offset)],
  load32: (addr: Code, offset = 0): Code => [addr, 0x28, 2, uleb(offset)],
  load64: (addr: Code, offset = 0): Code => [addr, 0x29, 3, uleb(offset)],
  store8: (addr: Code, value: Code, offset = 0): Code => [addr, value, 0x3a, 0, uleb(offset)],
  store16: (addr: Code, value: Code, offset = 0): Code => [addr, value, 0x3b, 1, uleb(offset)],
  store32: (addr: Code, value: Code, offset = 0): Code => [addr, value, 0x36, 2, uleb(offset)],
  fill: (addr: Code, byte: Code, length: Code): Code => [addr, byte, length, 0xfc, 0x0b, 0],
  ret: (value: Code): Code => [value, 0x0f],
  /** Evaluate and discard (a load kept for its side effect on the caches). */
  drop: (value: Code): Code => [value, 0x1a],
  /** if (cond) { then } else { otherwise }, no result. */
  if: (cond: Code, then: Code, otherwise?: Code): Code => [
    cond,
    0x04,
    0x40,
    then,
    otherwise === undefined ? [] : [0x05, otherwise],
    0x0b,
  ],
  /** while (cond) body. From body's top level, br(1) breaks and br(0) continues. */
  while: (cond: Code, body: Code): Code => [0x02, 0x40, 0x03, 0x40, cond, 0x45, 0x0d, 1, body, 0x0c, 0, 0x0b, 0x0b],
};

export interface FunctionDef {
  readonly name: string;
  readonly params: readonly ValType[];
  readonly results: readonly ValType[];
  readonly locals: Locals;
  readonly body: Code;
}

/**
 * A module importing a shared memory `env.memory` (1 page up to maxPages), defining and
 * exporting `defs` (function indices in order).
 */
export function encodeModule(defs: readonly FunctionDef[], maxPages: number): Uint8Array {
  const sigs = defs.map((f) => [0x60, ...vec(f.params.map((p) => [p])), ...vec(f.results.map((r) => [r]))]);
  const out: number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  out.push(...section(1, vec(sigs)));
  out.push(...section(2, vec([[...name('env'), ...name('memory'), 0x02, 0x03, ...uleb(1), ...uleb(maxPages)]])));
  out.push(...section(3, vec(defs.map((_, i) => uleb(i)))));
  out.push(...section(7, vec(defs.map((f, i) => [...name(f.name), 0x00, ...uleb(i)]))));
  const bodies = defs.map((f) => {
    const locals = vec(f.locals.own.map((t) => [1, t]));
    const body = [...locals, ...flatten(f.body, []), 0x0b];
    return [...uleb(body.length), ...body];
  });
  out.push(...section(10, vec(bodies)));
  return new Uint8Array(out);
}
