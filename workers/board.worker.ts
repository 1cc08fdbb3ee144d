import { attachLineGame, computeRowsPipelined, lineGameUpper } from '../src/board/line-games.js';
import { upperLength, upperRowStart, type BoardTable, type BoardValues } from '../src/board/table.js';
import type { BoardOutcome, BoardTask } from '../src/engine/board-protocol.js';
import { lineGameUpperWasm, WASM_LINE_MAX } from '../src/kernels/wasm/line-games-wasm.js';
import { boardWasmModule } from '../src/wasm/board-module.js';
import type { BoardOptionsFunction } from '../src/games/family.js';
import { boardSupport } from '../src/games/registry.js';
import type { Rules } from '../src/rules/types.js';
import { defineWorker } from '../src/worker/define-worker.js';

/** User code of 2-D modules, loaded once per thread and game. */
const loaded = new Map<string, Promise<BoardOptionsFunction>>();

async function codeFor(rules: Rules): Promise<BoardOptionsFunction | undefined> {
  const code = boardSupport(rules)?.code?.(rules) ?? null;
  if (code === null) return undefined;
  let loading = loaded.get(rules.key);
  if (!loading) {
    loading = code.load();
    loaded.set(rules.key, loading);
    loading.catch(() => loaded.delete(rules.key));
  }
  return loading;
}

async function run(task: BoardTask): Promise<BoardOutcome> {
  if (task.kind === 'rows') {
    computeRowsPipelined(attachLineGame(task.state), task.first, task.state.n, task.step, task.progress);
    return { kind: 'rows' };
  }
  if (task.kind === 'line') {
    const name = task.diagonal ? 'board-wythoff' : 'board-rook';
    const module = task.n <= WASM_LINE_MAX ? boardWasmModule() : null;
    if (module === null) {
      lineGameUpper(task.n, task.diagonal, task.output);
      return { kind: 'line', kernel: name };
    }
    lineGameUpperWasm(module, task.n, task.diagonal, task.output);
    return { kind: 'line', kernel: `${name}+simd` };
  }
  const board = boardSupport(task.rules);
  if (!board) throw new Error(`${task.rules.key} is not a two-dimensional game`);
  const code = await codeFor(task.rules);
  const input = { ...(code ? { loaded: code } : {}), ...(task.factors ? { factors: task.factors } : {}) };
  const table = board.table(task.rules, task.n, input);
  const kernel = code ? 'board-generic' : `board-${task.rules.family}`;
  // Back on a SharedArrayBuffer, which the main thread receives without a structured-clone copy;
  // symmetric games send (and store) the upper triangle only.
  const upper = board.symmetric?.(task.rules) ?? false;
  return { kind: 'table', layout: upper ? 'upper' : 'full', values: sharedCopy(table, upper), kernel };
}

function sharedCopy(table: BoardTable, upper: boolean): BoardValues {
  const { n, values } = table;
  const length = upper ? upperLength(n) : n * n;
  const buffer = new SharedArrayBuffer(length * values.BYTES_PER_ELEMENT);
  const out =
    values instanceof Uint8Array
      ? new Uint8Array(buffer)
      : values instanceof Uint16Array
        ? new Uint16Array(buffer)
        : new Uint32Array(buffer);
  if (!upper) out.set(values);
  else for (let x = 0; x < n; x++) out.set(values.subarray(x * n + x, (x + 1) * n), upperRowStart(n, x));
  return out;
}

export default defineWorker(run);
