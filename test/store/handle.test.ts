import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRules } from '../../src/games/registry.js';
import { graphFromEdges } from '../../src/graph/csr.js';
import { generalizedValues } from '../../src/graph/gsg.js';
import { BenchRunStore, type BenchRun } from '../../src/store/bench-runs.js';
import { boardBytes, boardSize, loadBoard, saveBoard } from '../../src/store/boards.js';
import { graphSource, loadGraphTable, saveGraphTable } from '../../src/store/graph-tables.js';
import { handleOf, prepared, statement } from '../../src/store/handle.js';
import { acquireComputeLock } from '../../src/store/locks.js';
import { liveComputes, removeGame, removeSweep } from '../../src/store/manage.js';
import { Store, type StoreHooks } from '../../src/store/store.js';
import { SweepStore } from '../../src/store/sweeps.js';
import { countedHeaps, valueCounts } from '../../src/store/value-counts.js';
import { packResults } from '../../src/sweep/batch.js';
import { tempDir } from '../helpers/cli.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const run = { startedAt: '2024-01-01T00:00:00Z', workers: 1, kernel: 'test', elapsedMs: 1, statesPerSecond: 1 };
const done = { ...run, status: 'done' as const };

/** A 3 x 3 symmetric table, g(x, y) = (x + y) % 3. */
const board = {
  layout: 'full' as const,
  values: Uint8Array.from({ length: 9 }, (_, i) => (Math.floor(i / 3) + i) % 3),
};

/** A graph with a cycle (vertices 1 and 2 are infinite), its values as src/graph computes them. */
function graphValues() {
  return generalizedValues(
    graphFromEdges(4, [
      [0, 3],
      [1, 2],
      [2, 1],
      [2, 3],
    ]),
  );
}
const graph = { format: 'edges', sha256: 'ab', bytes: 16, vertices: 4, edges: 4 };

/** Some work of every repository of src/store, on games and names of its own (`k`). */
async function everyRepository(store: Store, k: number): Promise<void> {
  const rules = parseRules(`sub:1,${k + 2}`);
  let game = store.ensureGame(rules);
  game = store.appendChunk(game, 0, new Uint8Array(300).fill(1), 1, {
    mask: { bits: 1, parity: 0 },
    upto: 300,
    rare: Uint32Array.of(0),
  });
  game = store.appendChunk(game, 300, new Uint8Array(300).fill(1), 1, null);
  store.readValues(game, 10, 500);
  store.sparseState(game);
  store.saveCertificate(game, { preperiod: 0, period: 1, saltus: 0, proven: false, criterion: 'x', checkedTo: 600 });
  store.getCertificate(game);
  store.recordRun(game, { ...done, fromN: 0, toN: 600, valuesComputed: 600 });
  store.listRuns(game);
  store.listGames();
  store.storedBytes(game);
  valueCounts(store, game, 599);
  countedHeaps(store, game);
  const lock = await acquireComputeLock(store, rules.key);
  liveComputes(store);
  lock.release();
  removeGame(store, rules.key);

  const boardRules = parseRules(`2d:knight:${k + 1}`);
  saveBoard(store, boardRules, 3, board, true, done);
  const boardGame = store.getGame(boardRules.key)!;
  loadBoard(store, boardGame);
  boardSize(store, boardGame);
  boardBytes(store, boardGame);

  const graphGame = store.ensureGame(parseRules(`sub:2,${k + 3}`));
  const stored = saveGraphTable(store, graphGame, graph, graphValues(), { kind: 'range' });
  loadGraphTable(store, stored);
  graphSource(store, stored);

  const sweeps = new SweepStore(store);
  const sweep = sweeps.create(
    `s${k}`,
    { family: 'sub', minSize: 1, maxSize: 1, max: 3 },
    3,
    {
      allZero: 0,
      trailingZeros: 0,
    },
    10,
    false,
  );
  const rows = [0, 1, 2].map((ord) => ({ ord, periodicity: null, maxValue: 1, computed: 10, elapsedMs: 1 }));
  const games = rows.map((r) => ({ ord: r.ord, rules: parseRules(`sub:${r.ord + 1}`) }));
  sweeps.commit(sweep, games, packResults(rows));
  sweeps.commit(sweep, games.slice(0, 1), packResults(rows.slice(0, 1)));
  sweeps.find(`s${k}`);
  sweeps.list();
  sweeps.setStatus(sweep, 'done');
  sweeps.finishedGames(sweep, 10, false);
  sweeps.finishedGames(sweep, 10, true);
  sweeps.summaries(sweep);
  sweeps.counts(sweep);
  sweeps.ranked(sweep, 'period', 0);
  sweeps.unproven(sweep, 0);
  removeSweep(store, `s${k}`);

  const bench = new BenchRunStore(store);
  const figure: BenchRun = {
    session: `b${k}`,
    recordedAt: 'now',
    gitCommit: null,
    nodeVersion: 'v20',
    cpuModel: 'cpu',
    cores: 2,
    suite: 's',
    workload: 'w',
    mode: 'm',
    workers: 1,
    size: 1,
    iterations: 1,
    statesPerSecond: 1,
    medianMs: 1,
    spread: 0,
    checksum: 'c',
    quick: false,
  };
  bench.record(figure);
  bench.comparable(figure);
  bench.lastChecksum('w', 1, `b${k}`);
  bench.list();
  bench.list('w');
}

describe('one cached path for every statement', () => {
  it('the same SQL text is one statement per connection and row mode; another connection has its own', () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    const other = Store.openForWrite(join(dir, 'g.db'));
    const sql = 'SELECT key, computed FROM games ORDER BY key';
    const once = statement(store, sql);
    expect(statement(store, sql)).toBe(once);
    expect(prepared(handleOf(store), sql)).toBe(once);
    expect(statement(other, sql)).not.toBe(once);
    expect(statement(other, sql)).toBe(statement(other, sql));
    // The row mode is part of the key: a plucking caller never changes what another one gets.
    const plucked = statement(store, sql, 'pluck');
    expect(plucked).not.toBe(once);
    expect(statement(store, sql, 'pluck')).toBe(plucked);
    store.ensureGame(parseRules('kayles'));
    expect(statement(store, sql).get()).toEqual({ key: 'octal:0.77', computed: 0 });
    expect(plucked.get()).toBe('octal:0.77');
    expect(statement(store, sql, 'raw').get()).toEqual(['octal:0.77', 0]);
    other.close();
    store.close();
  });

  it('no repository prepares a statement again: a second round of all their work prepares nothing', async () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    const prepare = vi.spyOn(handleOf(store), 'prepare');
    await everyRepository(store, 0);
    const first = prepare.mock.calls.length;
    expect(first).toBeGreaterThan(40);
    await everyRepository(store, 1);
    expect(prepare.mock.calls.slice(first).map(([sql]) => sql)).toEqual([]);
    store.close();
  });

  it('a statement an open iterate() is stepping through is not handed out meanwhile, and is kept after', () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    for (const spec of ['kayles', 'nim', 'grundy']) store.ensureGame(parseRules(spec));
    const sql = 'SELECT key FROM games ORDER BY key';
    const kept = statement(store, sql);
    const pairs: string[] = [];
    for (const a of kept.iterate() as Iterable<{ key: string }>) {
      const inner = statement(store, sql);
      expect(inner).not.toBe(kept);
      for (const b of inner.iterate() as Iterable<{ key: string }>) pairs.push(`${a.key} ${b.key}`);
    }
    expect(pairs).toHaveLength(9);
    expect(statement(store, sql)).toBe(kept);
    // An iteration left early (break) releases the statement too.
    for (const _ of kept.iterate()) break;
    expect(statement(store, sql)).toBe(kept);
    expect(statement(store, sql).all()).toHaveLength(3);
    store.close();
  });

  it("a board is read while another read of the same board's blocks is still iterating", () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    const rules = parseRules('2d:knight:5');
    saveBoard(store, rules, 3, board, true, done, 1);
    const game = store.getGame(rules.key)!;
    const blocks = statement(store, 'SELECT x0, x1, data FROM board_blocks WHERE game_id = ? ORDER BY x0');
    let rows = 0;
    for (const _ of blocks.iterate(game.id)) {
      rows++;
      expect(Array.from(loadBoard(store, game)!.values)).toEqual(Array.from(board.values));
    }
    expect(rows).toBe(3);
    store.close();
  });
});

describe("fault points through the store's hooks", () => {
  /** Hooks that record every point and throw (a failed write) at `failAt` while `armed.on`. */
  function recording(failAt: 'commit' | 'after-commit', armed: { on: boolean }, seen: string[]): StoreHooks {
    return {
      onCommit: (point) => {
        seen.push(point);
        if (armed.on && point === failAt) throw new Error(`fault at ${point}`);
      },
    };
  }

  const writes = {
    chunk: (store: Store, k: number) => {
      const game = store.ensureGame(parseRules('kayles'));
      store.appendChunk(game, game.computed, new Uint8Array(10).fill(k), k);
    },
    board: (store: Store, k: number) => {
      const values = Uint8Array.from({ length: (k + 2) ** 2 }, (_, i) => i % 2);
      saveBoard(store, parseRules('2d:knight:3'), k + 2, { layout: 'full', values }, false, done);
    },
    graph: (store: Store, k: number) => {
      const game = store.ensureGame(parseRules(`sub:1,${k + 2}`));
      saveGraphTable(store, game, graph, graphValues(), { kind: 'range' });
    },
  };

  /** What a reader sees of the store: every game with its values, board and graph table. */
  function contents(path: string): unknown {
    const store = Store.openForRead(path)!;
    try {
      // A game row without values is no write's (ensureGame runs before saveGraphTable's transaction).
      return store
        .listGames()
        .filter((game) => game.computed > 0)
        .map((game) => ({
          key: game.key,
          computed: game.computed,
          values: game.computed > 0 && !loadBoard(store, game) ? Array.from(store.readValues(game)) : null,
          board: loadBoard(store, game)?.values,
          graph: loadGraphTable(store, game)?.values.values,
        }));
    } finally {
      store.close();
    }
  }

  for (const [name, write] of Object.entries(writes)) {
    it(`${name}: every write passes both points; a fault at 'commit' rolls it back whole, the next succeeds`, () => {
      const path = join(dir, `${name}.db`);
      const seen: string[] = [];
      const armed = { on: false };
      const store = Store.openForWrite(path, recording('commit', armed, seen));
      write(store, 1);
      expect(seen).toEqual(['commit', 'after-commit']);
      const before = contents(path);
      armed.on = true;
      expect(() => write(store, 2)).toThrow(/fault at commit/);
      expect(contents(path)).toEqual(before);
      armed.on = false;
      write(store, 2);
      expect(contents(path)).not.toEqual(before);
      store.close();
    });

    it(`${name}: a fault at 'after-commit' leaves the write stored`, () => {
      const path = join(dir, `${name}.db`);
      const armed = { on: true };
      const store = Store.openForWrite(path, recording('after-commit', armed, []));
      expect(() => write(store, 1)).toThrow(/fault at after-commit/);
      store.close();
      const faulted = contents(path);
      const plain = Store.openForWrite(join(dir, `${name}-plain.db`), {});
      write(plain, 1);
      plain.close();
      expect(faulted).toEqual(contents(join(dir, `${name}-plain.db`)));
    });
  }
});

describe('the fault points of a writer opened without hooks (src/testing/faults.ts)', () => {
  const dist = (file: string): string => pathToFileURL(resolve(import.meta.dirname, '../../dist/src', file)).href;

  /** In another process (compiled dist/, as the CLI runs): open `db` with no hooks, save a 4 x 4 board. */
  function saveInChild(db: string, kill: string): { signal: NodeJS.Signals | null; stderr: string } {
    const script = `
      const { Store } = await import(${JSON.stringify(dist('store/store.js'))});
      const { saveBoard } = await import(${JSON.stringify(dist('store/boards.js'))});
      const { parseRules } = await import(${JSON.stringify(dist('games/registry.js'))});
      const store = Store.openForWrite(${JSON.stringify(db)});
      const values = Uint8Array.from({ length: 16 }, (_, i) => i % 2);
      saveBoard(store, parseRules('2d:knight:3'), 4, { layout: 'full', values }, false, ${JSON.stringify(done)});
      store.close();`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, GRUNDY_FAULT_KILL: kill },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { signal: r.signal, stderr: r.stderr };
  }

  it("SIGKILL at 'commit' leaves the old board whole; at 'after-commit' the new one; both then extend", () => {
    const db = join(dir, 'g.db');
    const rules = parseRules('2d:knight:3');
    const store = Store.openForWrite(db, {});
    saveBoard(store, rules, 3, board, true, done);
    store.close();
    const sizeNow = (): number => {
      const reader = Store.openForRead(db)!;
      try {
        const game = reader.getGame(rules.key)!;
        expect(loadBoard(reader, game)!.values).toHaveLength(game.computed);
        return boardSize(reader, game);
      } finally {
        reader.close();
      }
    };
    const killed = saveInChild(db, 'commit:1');
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(sizeNow()).toBe(3);
    const late = saveInChild(db, 'after-commit:1');
    expect(late.signal, late.stderr).toBe('SIGKILL');
    expect(sizeNow()).toBe(4);
    const writer = Store.openForWrite(db, {});
    saveBoard(writer, rules, 5, { layout: 'full', values: new Uint8Array(25) }, false, done);
    writer.close();
    expect(sizeNow()).toBe(5);
  });
});
