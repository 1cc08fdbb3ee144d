import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/errors.js';
import { parseRules } from '../../src/games/registry.js';
import { decodeChunk, encodeChunk } from '../../src/store/codec.js';
import { APPLICATION_ID, SCHEMA_VERSION } from '../../src/store/database.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers/cli.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('chunk codec', () => {
  it('round-trips every width, from unaligned blobs', () => {
    for (const values of [
      Uint8Array.of(0, 1, 255),
      Uint16Array.of(0, 256, 65535),
      Uint32Array.of(0, 65536, 2 ** 32 - 1),
    ]) {
      const blob = encodeChunk(values);
      const unaligned = new Uint8Array(blob.length + 1).subarray(1);
      unaligned.set(blob);
      const width = (values.BYTES_PER_ELEMENT * 8) as 8 | 16 | 32;
      expect(Array.from(decodeChunk(unaligned, width, values.length))).toEqual(Array.from(values));
    }
  });
});

describe('Store', () => {
  it('appends chunks with the high-water mark, widens, and reads any range back', () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    let game = store.ensureGame(parseRules('nim'));
    const a = Uint32Array.from({ length: 300 }, (_, i) => i);
    const b = Uint32Array.from({ length: 70_000 }, (_, i) => i + 300);
    game = store.appendChunk(game, 0, a.subarray(0, 200), 199);
    expect(game).toMatchObject({ computed: 200, maxValue: 199, width: 8 });
    game = store.appendChunk(game, 200, a.subarray(200), 299);
    expect(game.width).toBe(16);
    game = store.appendChunk(game, 300, b, 70_299);
    expect(game).toMatchObject({ computed: 70_300, width: 32 });
    const all = store.readValues(game);
    expect(all).toBeInstanceOf(Uint32Array);
    for (const n of [0, 199, 200, 299, 300, 65_535, 70_299]) expect(all[n]).toBe(n);
    expect(Array.from(store.readValues(game, 190, 310))).toEqual(Array.from({ length: 120 }, (_, i) => i + 190));
    expect(store.valueAt(game, 70_000)).toBe(70_000);
    expect(store.valueAt(game, 70_300)).toBeUndefined();
    store.close();
  });

  it('stores a 16-bit chunk with few values past 254 as a byte a value plus their escapes', () => {
    const store = Store.openForWrite(join(dir, 'narrow.db'));
    let game = store.ensureGame(parseRules('octal:0.6'));
    // Values like Officers': one in twelve past 254 (255 itself escapes too).
    const values = Uint16Array.from({ length: 1200 }, (_, i) => (i % 12 === 0 ? 255 + (i % 70) : i % 250));
    game = store.appendChunk(game, 0, values, 324);
    expect(store.storedBytes(game)).toBe(1200 + 2 * 100);
    expect(Array.from(store.readValues(game))).toEqual(Array.from(values));
    expect(Array.from(store.readValues(game, 599, 613))).toEqual(Array.from(values.subarray(599, 613)));
    store.close();
  });

  it('refuses to append at the wrong offset and changes nothing', () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    let game = store.ensureGame(parseRules('kayles'));
    game = store.appendChunk(game, 0, Uint8Array.of(0, 1, 2), 2);
    expect(() => store.appendChunk(game, 5, Uint8Array.of(1), 1)).toThrow(/cannot append at 5/);
    expect(store.getGame('octal:0.77')!.computed).toBe(3);
    store.close();
  });

  it('keeps certificates and runs', () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    const game = store.ensureGame(parseRules('sub:1,3,4'));
    const cert = { preperiod: 0, period: 7, saltus: 0, proven: true, criterion: 'window', checkedTo: 64 };
    store.saveCertificate(game, cert);
    expect(store.getCertificate(game)).toEqual(cert);
    store.saveCertificate(game, null); // clears only observed claims
    expect(store.getCertificate(game)).toEqual(cert);
    store.recordRun(game, {
      startedAt: 'now',
      fromN: 0,
      toN: 64,
      valuesComputed: 64,
      workers: 2,
      kernel: 'subtraction',
      elapsedMs: 1,
      statesPerSecond: 64000,
      status: 'proven',
    });
    expect(store.listRuns(game)).toHaveLength(1);
    store.close();
  });

  it('a new store carries our application id and schema version, in WAL mode', () => {
    const path = join(dir, 'g.db');
    Store.openForWrite(path).close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('refuses a file that is not SQLite, and leaves it byte-for-byte unchanged', () => {
    const path = join(dir, 'notes.db');
    writeFileSync(path, 'these are my notes, not a database\n'.repeat(20));
    const before = sha(path);
    expect(() => Store.openForWrite(path)).toThrow(StoreError);
    expect(() => Store.openForWrite(path)).toThrow(/not an SQLite database/);
    expect(() => Store.openForRead(path)).toThrow(/not an SQLite database/);
    expect(sha(path)).toBe(before);
  });

  it("refuses another program's SQLite database, unchanged", () => {
    const path = join(dir, 'other.db');
    const db = new Database(path);
    db.exec("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers VALUES (1, 'x')");
    db.close();
    const before = sha(path);
    expect(() => Store.openForWrite(path)).toThrow(/another program/);
    expect(sha(path)).toBe(before);
  });

  it('refuses a store with a newer schema version, unchanged', () => {
    const path = join(dir, 'new.db');
    Store.openForWrite(path).close();
    const db = new Database(path);
    db.pragma('journal_mode = DELETE');
    db.pragma(`user_version = ${SCHEMA_VERSION + 5}`);
    db.close();
    const before = sha(path);
    expect(() => Store.openForWrite(path)).toThrow(/newer than this grundy-engine knows/);
    expect(() => Store.openForRead(path)).toThrow(/newer/);
    expect(sha(path)).toBe(before);
  });

  it('reading a store that does not exist yet creates nothing', () => {
    const path = join(dir, 'missing.db');
    expect(Store.openForRead(path)).toBeNull();
    expect(() => readFileSync(path)).toThrow();
  });
});
