import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upperLength, upperRowStart } from '../../src/board/table.js';
import { parseRules } from '../../src/games/registry.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { boardBytes, boardSize, loadBoard, saveBoard, type BoardData } from '../../src/store/boards.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers/cli.js';

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
      for (const top of [200, 60000, 100000]) {
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
            expect(boardBytes(store, game)).toBe((cells * back.width) / 8);
          }
        }
      }
    }
    expect(k).toBeGreaterThan(0);
    store.close();
  });

  it('reads a table stored in one blob before the row blocks, and replaces it with blocks', () => {
    const path = join(dir, 'old.db');
    // A store at the schema before 'board row blocks', holding a 3 x 3 table the old way.
    const before = MIGRATIONS.findIndex((m) => m.name === 'board row blocks');
    expect(before).toBeGreaterThan(0);
    const db = new Database(path);
    for (const m of MIGRATIONS.slice(0, before)) m.up(db);
    db.pragma(`user_version = ${before}`);
    db.pragma('application_id = 0x47524e44');
    const rules = parseRules('wythoff');
    db.prepare(
      'INSERT INTO games (id, key, family, params, created_at, computed, max_value, width) VALUES (1, ?, ?, ' +
        "'{}', '', 9, 4, 8)",
    ).run(rules.key, rules.family);
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
