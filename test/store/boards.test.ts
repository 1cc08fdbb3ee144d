import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upperLength, upperRowStart } from '../../src/board/table.js';
import { parseRules } from '../../src/games/registry.js';
import { boardBytes, boardSize, loadBoard, saveBoard, type BoardData } from '../../src/store/boards.js';
import { Store } from '../../src/store/store.js';
import { packInto } from '../../src/store/codec.js';
import { tempDir } from '../helpers/cli.js';
import { storeBefore } from '../helpers/old-store.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const run = { startedAt: '2024-01-01T00:00:00Z', workers: 1, kernel: 'test', elapsedMs: 1, statesPerSecond: 1 };
const done = { ...run, status: 'done' as const };

/** A symmetric table with values up to `top` (so the stored width narrows from 32 bits when it can). */
function symmetricTable(n: number, top: number): Uint32Array {
  const t = new Uint32Array(n * n);
  for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) t[x * n + y] = ((x + 1) * (y + 1) * 7919) % (top + 1);
  return t;
}

function upperOf(full: Uint32Array, n: number): Uint32Array {
  const u = new Uint32Array(upperLength(n));
  for (let x = 0; x < n; x++) u.set(full.subarray(x * n + x, x * n + n), upperRowStart(n, x));
  return u;
}

describe('board tables in row blocks', () => {
  it('round-trips full, upper and packed tables through blocks of every size, narrowing the width', () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    let k = 0;
    for (const n of [1, 2, 7, 33]) {
      // 3 and 15 are stored packed, 2 and 4 bits a value.
      for (const top of [3, 15, 200, 60000, 100000]) {
        const full = symmetricTable(n, top);
        const max = Math.max(...full);
        const inputs: [BoardData, boolean][] = [
          [{ layout: 'full', values: full }, false],
          [{ layout: 'full', values: full }, true],
          [{ layout: 'upper', values: upperOf(full, n) }, true],
        ];
        for (const [data, symmetric] of inputs) {
          for (const blockBytes of [1, 40, 1 << 20]) {
            const rules = parseRules(`2d:knight:${1000 + k++}`);
            saveBoard(store, rules, n, data, symmetric, done, blockBytes);
            const game = store.getGame(rules.key)!;
            const back = loadBoard(store, game)!;
            expect(back.size).toBe(n);
            expect(back.width).toBe(max <= 255 ? 8 : max <= 65535 ? 16 : 32);
            expect(Array.from(back.values)).toEqual(Array.from(full));
            expect(boardSize(store, game)).toBe(n);
            const cells = symmetric ? upperLength(n) : n * n;
            const bits = max < 4 ? 2 : max < 16 ? 4 : back.width;
            // Packed rows start on a byte of their own.
            let bytes = 0;
            for (let x = 0; x < n; x++) bytes += Math.ceil(((symmetric ? n - x : n) * bits) / 8);
            expect(boardBytes(store, game)).toBe(bytes);
            expect(bytes).toBeLessThanOrEqual(Math.ceil((cells * back.width) / 8));
          }
        }
      }
    }
    expect(k).toBeGreaterThan(0);
    store.close();
  });

  it('reads a table stored in one blob before the row blocks, and replaces it with blocks', () => {
    // A store at the schema before 'board row blocks', holding a 3 x 3 table the old way.
    const rules = parseRules('wythoff');
    const { path, db } = storeBefore(dir, 'board row blocks', rules, 9, 4);
    db.prepare('INSERT INTO boards (game_id, size, width, data) VALUES (1, 3, 8, ?)').run(
      Buffer.from([0, 1, 2, 1, 2, 0, 2, 0, 4]),
    );
    db.close();
    const store = Store.openForWrite(path);
    const game = store.getGame(rules.key)!;
    expect(Array.from(loadBoard(store, game)!.values)).toEqual([0, 1, 2, 1, 2, 0, 2, 0, 4]);
    const full = symmetricTable(4, 9);
    saveBoard(store, rules, 4, { layout: 'full', values: full }, true, done, 8);
    expect(Array.from(loadBoard(store, store.getGame(rules.key)!)!.values)).toEqual(Array.from(full));
    expect(() => saveBoard(store, rules, 4, { layout: 'full', values: full }, true, done)).toThrow(/already has/);
    store.close();
  });

  it("reads blocks stored before 'board packed values' (a byte a value) and stores packed after", () => {
    const rules = parseRules('2d:king');
    const { path, db } = storeBefore(dir, 'board packed values', rules, 9, 3);
    db.prepare("INSERT INTO boards (game_id, size, width, layout, data) VALUES (1, 3, 8, 'upper', ?)").run(
      Buffer.alloc(0),
    );
    // The king's 3 x 3 table, rows g(x, x..2): 0 1 0 | 2 3 | 0.
    const insert = db.prepare('INSERT INTO board_blocks (game_id, x0, x1, data) VALUES (1, ?, ?, ?)');
    insert.run(0, 2, Buffer.from([0, 1, 0, 2, 3]));
    insert.run(2, 3, Buffer.from([0]));
    db.close();
    const store = Store.openForWrite(path);
    const game = store.getGame(rules.key)!;
    expect(Array.from(loadBoard(store, game)!.values)).toEqual([0, 1, 0, 1, 2, 3, 0, 3, 0]);
    const full = symmetricTable(9, 3);
    saveBoard(store, rules, 9, { layout: 'full', values: full }, true, done, 3);
    const after = store.getGame(rules.key)!;
    expect(Array.from(loadBoard(store, after)!.values)).toEqual(Array.from(full));
    expect(boardBytes(store, after)).toBeLessThan(upperLength(9));
    store.close();
  });

  it('stores a triangle its kernel packed (a byte per row start) as is, and refuses a wrong length', () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    let k = 0;
    for (const n of [1, 2, 5, 33]) {
      for (const [bits, top] of [
        [2, 3],
        [4, 13],
      ] as const) {
        const full = symmetricTable(n, top);
        const chunks: number[] = [];
        for (let x = 0; x < n; x++) {
          const row = new Uint8Array(Math.ceil(((n - x) * bits) / 8));
          packInto(full.subarray(x * n + x, x * n + n), bits, row, 0);
          chunks.push(...row);
        }
        const bytes = Uint8Array.from(chunks);
        for (const blockBytes of [1, 5, 1 << 20]) {
          const rules = parseRules(`2d:knight:${2000 + k++}`);
          const maxValue = Math.max(...full);
          saveBoard(store, rules, n, { layout: 'packed', bits, bytes, maxValue }, true, done, blockBytes);
          const back = loadBoard(store, store.getGame(rules.key)!)!;
          expect(Array.from(back.values)).toEqual(Array.from(full));
          expect(boardBytes(store, store.getGame(rules.key)!)).toBe(bytes.length);
        }
        const wrong = { layout: 'packed' as const, bits, bytes: bytes.subarray(1), maxValue: top };
        expect(() => saveBoard(store, parseRules('2d:knight:3000'), n, wrong, true, done)).toThrow(/bytes, not/);
      }
    }
    expect(store.getGame(parseRules('2d:knight:3000').key)).toBeUndefined();
    store.close();
  });

  it('refuses an upper triangle for a game that is not symmetric, storing nothing', () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    const rules = parseRules('2d:knight:5');
    expect(() => saveBoard(store, rules, 2, { layout: 'upper', values: Uint8Array.of(1, 2, 3) }, false, done)).toThrow(
      /not symmetric/,
    );
    expect(store.getGame(rules.key)).toBeUndefined();
    store.close();
  });
});
