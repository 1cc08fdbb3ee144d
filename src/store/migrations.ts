import type Database from 'better-sqlite3';

/**
 * Schema migrations, applied in order inside one transaction each. PRAGMA user_version is the
 * number of migrations applied; a store with a higher number was written by a newer build.
 * Add a migration at the end; never edit one that has shipped.
 */
export interface Migration {
  readonly name: string;
  readonly up: (db: Database.Database) => void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: 'tables, chunks, certificates, runs',
    up: (db) =>
      db.exec(`
        CREATE TABLE games (
          id INTEGER PRIMARY KEY,
          key TEXT NOT NULL UNIQUE,
          family TEXT NOT NULL,
          params TEXT NOT NULL,
          created_at TEXT NOT NULL,
          computed INTEGER NOT NULL DEFAULT 0,   -- high-water mark: g(0..computed-1) are stored
          max_value INTEGER NOT NULL DEFAULT 0,
          width INTEGER NOT NULL DEFAULT 8
        );
        CREATE TABLE chunks (
          game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
          lo INTEGER NOT NULL,
          hi INTEGER NOT NULL,
          width INTEGER NOT NULL,
          data BLOB NOT NULL,
          PRIMARY KEY (game_id, lo)
        ) WITHOUT ROWID;
        CREATE TABLE certificates (
          game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
          preperiod INTEGER NOT NULL,
          period INTEGER NOT NULL,
          saltus INTEGER NOT NULL DEFAULT 0,
          proven INTEGER NOT NULL,
          criterion TEXT NOT NULL,
          checked_to INTEGER NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE TABLE runs (
          id INTEGER PRIMARY KEY,
          game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
          started_at TEXT NOT NULL,
          from_n INTEGER NOT NULL,
          to_n INTEGER NOT NULL,
          values_computed INTEGER NOT NULL,
          workers INTEGER NOT NULL,
          kernel TEXT NOT NULL,
          elapsed_ms REAL NOT NULL,
          states_per_second REAL NOT NULL,
          status TEXT NOT NULL
        );
        CREATE INDEX runs_by_game ON runs(game_id, started_at);
      `),
  },
  {
    name: 'sweeps and their per-game results',
    up: (db) =>
      db.exec(`
        CREATE TABLE sweeps (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          family TEXT NOT NULL,
          spec TEXT NOT NULL,                    -- JSON SweepSpec: what the sweep enumerates
          games INTEGER NOT NULL,                -- games in the enumeration
          skipped_all_zero INTEGER NOT NULL,
          skipped_trailing_zeros INTEGER NOT NULL,
          limit_n INTEGER NOT NULL,              -- --to of the latest run
          fixed_length INTEGER NOT NULL,
          status TEXT NOT NULL,                  -- running | done | interrupted | failed
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE TABLE sweep_results (
          sweep_id INTEGER NOT NULL REFERENCES sweeps(id) ON DELETE CASCADE,
          ord INTEGER NOT NULL,                  -- position in the enumeration (stable per spec)
          game TEXT NOT NULL,                    -- canonical game key
          proven INTEGER NOT NULL,
          preperiod INTEGER,                     -- NULL: no period found, not even observed
          period INTEGER,
          saltus INTEGER,
          criterion TEXT NOT NULL,
          max_value INTEGER NOT NULL,
          computed INTEGER NOT NULL,             -- values computed: the proof's L, or the limit
          elapsed_ms REAL NOT NULL,
          PRIMARY KEY (sweep_id, ord)
        ) WITHOUT ROWID;
      `),
  },
  {
    name: 'bench_runs: benchmark history (grundy bench)',
    up: (db) =>
      db.exec(`
        CREATE TABLE bench_runs (
          id INTEGER PRIMARY KEY,
          session TEXT NOT NULL,                 -- one invocation of grundy bench
          recorded_at TEXT NOT NULL,
          git_commit TEXT,                       -- null when not run from a git checkout
          node_version TEXT NOT NULL,
          cpu_model TEXT NOT NULL,
          cores INTEGER NOT NULL,
          suite TEXT NOT NULL,
          workload TEXT NOT NULL,
          mode TEXT NOT NULL,                    -- plain (no pool), pool, anchor (C reference)
          workers INTEGER NOT NULL,
          size INTEGER NOT NULL,                 -- states per run: checksums compare only at equal size
          iterations INTEGER NOT NULL,
          states_per_second REAL NOT NULL,
          median_ms REAL NOT NULL,
          spread REAL NOT NULL,                  -- (max - min) / median of the measured runs
          checksum TEXT NOT NULL,                -- decimal: may exceed 2^53
          quick INTEGER NOT NULL
        );
        CREATE INDEX bench_runs_by_workload ON bench_runs(workload, size, id);
      `),
  },
  {
    // Sparse space (docs/sparse.md): the mask and the rare heaps found so far, so that a
    // resumed run continues without rebuilding them from the whole prefix.
    name: 'sparse-space state',
    up: (db) =>
      db.exec(`
        CREATE TABLE sparse_state (
          game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
          mask_bits INTEGER NOT NULL,
          mask_parity INTEGER NOT NULL,
          upto INTEGER NOT NULL,   -- the rare list holds every rare heap in [1, upto)
          rare BLOB NOT NULL       -- ascending heap positions, int32 little-endian
        );
      `),
  },
  {
    // Issue 6: one compute per game at a time, across processes (store/locks.ts).
    name: 'compute locks',
    up: (db) =>
      db.exec(`
        CREATE TABLE compute_locks (
          game_key TEXT PRIMARY KEY,
          pid INTEGER NOT NULL,
          host TEXT NOT NULL,
          process_start TEXT NOT NULL,   -- tells a live holder from a reused pid ('' if unknown)
          started_at TEXT NOT NULL
        );
      `),
  },
  {
    // Games on explicit graphs (src/games/graph.ts): finite values stay in chunks (an infinite
    // vertex holds 0 there); this row says which vertices are infinite, their K sets, the names.
    name: 'graph tables',
    up: (db) =>
      db.exec(`
        CREATE TABLE graph_tables (
          game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
          format TEXT NOT NULL,          -- edges | json | counted
          sha256 TEXT NOT NULL,          -- of the file's bytes
          bytes INTEGER NOT NULL,
          vertices INTEGER NOT NULL,
          edges INTEGER NOT NULL,
          acyclic INTEGER NOT NULL,
          kahn_done INTEGER NOT NULL,    -- vertices valued by the Kahn pass (no cycle reachable)
          stages INTEGER NOT NULL,       -- stages of the labelling after it
          names_kind TEXT NOT NULL,      -- range (no names stored) | ints | strings
          names BLOB,                    -- ints: int32 LE per vertex; strings: a JSON array (UTF-8)
          inf_vertices BLOB NOT NULL,    -- ascending ids of the infinite vertices, int32 LE
          k_offsets BLOB NOT NULL,       -- per infinite vertex, where its K starts (one more at the end)
          k_values BLOB NOT NULL         -- the K sets, ascending each
        );
      `),
  },
  {
    // Two-dimensional games (docs/boards.md): one N x N table per game, replaced whole.
    name: 'board tables',
    up: (db) =>
      db.exec(`
        CREATE TABLE boards (
          game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
          size INTEGER NOT NULL,   -- g(x, y) for 0 <= x, y < size
          width INTEGER NOT NULL,  -- 8, 16 or 32 bits a value
          data BLOB NOT NULL       -- g(x, y) at x * size + y, little-endian
        );
      `),
  },
  {
    // Boards in row blocks of about a MiB (one 100+ MB blob is slow to insert and read), and
    // symmetric games stored as their upper triangle only. Tables stored before keep layout 'full'.
    name: 'board row blocks',
    up: (db) =>
      db.exec(`
        ALTER TABLE boards ADD COLUMN layout TEXT NOT NULL DEFAULT 'full';
          -- full: data holds g(x, y) at x * size + y; rows: board_blocks hold rows g(x, 0..size-1);
          -- upper: board_blocks hold g(x, x..size-1) (g symmetric); data is empty but for 'full'
        CREATE TABLE board_blocks (
          game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
          x0 INTEGER NOT NULL,     -- rows x0 .. x1 - 1, concatenated, little-endian, boards.width bits
          x1 INTEGER NOT NULL,
          data BLOB NOT NULL,
          PRIMARY KEY (game_id, x0)
        );
      `),
  },
  {
    // Small values packed in the blocks: the king's and knight's 8192 tables went from 32 MiB to
    // 8 and 16 MiB, and their writes were most of a whole compute (bench/NOTES.md).
    name: 'board packed values',
    up: (db) =>
      db.exec(`
        ALTER TABLE boards ADD COLUMN bits INTEGER NOT NULL DEFAULT 0;
          -- bits a value in board_blocks: 2 or 4 (packed, codec.ts packInto, each row from a
          -- byte of its own), or equal to width (plain)
        UPDATE boards SET bits = width;
      `),
  },
  {
    // grundy show --freq (store/value-counts.ts): the counts at a power of two are read, not
    // counted. Tables stored before get theirs when a compute passes its next power of two.
    name: 'value counts',
    up: (db) =>
      db.exec(`
        CREATE TABLE value_counts (
          game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
          heap INTEGER NOT NULL,   -- a power of two: the counts are over heaps 1..heap
          counts BLOB NOT NULL,    -- how many take each value 0..max, float64 little-endian
          PRIMARY KEY (game_id, heap)
        ) WITHOUT ROWID;
      `),
  },
  {
    // Misère quotients (src/misere/, grundy quotient): one per game, replaced whole. The
    // quotient itself is JSON (store/quotients.ts); the columns are what list and show need.
    name: 'misere quotients',
    up: (db) =>
      db.exec(`
        CREATE TABLE misere_quotients (
          game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
          heaps INTEGER NOT NULL,      -- the quotient of the sums of heaps 1..heaps
          elements INTEGER NOT NULL,   -- its order
          p_elements INTEGER NOT NULL, -- the size of its P-portion
          preperiod INTEGER,           -- of the heap map; NULL: no period seen
          period INTEGER,
          proven INTEGER NOT NULL,     -- 1: the period holds for every heap, so Q is the quotient of all heaps
          stopped TEXT,                -- why the computation stopped before the heaps asked for, or NULL
          data TEXT NOT NULL,          -- JSON: multiplication table, P-portion, heap map, words, tests
          elapsed_ms REAL NOT NULL,
          updated_at TEXT NOT NULL
        );
      `),
  },
  {
    // Misère play (src/misere, docs/misere.md), apart from the normal-play tables: per position of
    // a game, its misère outcome, misère Grundy value, and for heaps the genus and whether it is tame.
    // Keyed by the game key, replaced whole by one grundy compute --misere.
    name: 'misere tables',
    up: (db) =>
      db.exec(`
        CREATE TABLE misere_tables (
          game_key TEXT PRIMARY KEY,
          kind TEXT NOT NULL,            -- heap | graph | board
          positions INTEGER NOT NULL,    -- rows stored: heaps 0..n-1, vertices, or cells by anti-diagonal index
          created_at TEXT NOT NULL
        );
        CREATE TABLE misere_values (
          game_key TEXT NOT NULL,
          position INTEGER NOT NULL,     -- heap size, vertex index, or a cell's anti-diagonal index
          outcome TEXT NOT NULL,         -- P, N or D (the player to move: N wins, P loses, D draws)
          value INTEGER,                 -- misère Grundy value (none where play can cycle)
          genus TEXT,                    -- heaps: g^γ0γ1... (Conway), written to the first tail pair
          tame INTEGER,                  -- heaps: 1 when it and every heap it reaches have tame genus
          PRIMARY KEY (game_key, position)
        ) WITHOUT ROWID;
      `),
  },
  {
    // Sparse space: the value histogram the mask is chosen from, so that a resumed run does not
    // count the whole stored table again (Officers resumed at 2^30 read it for 70 s). States
    // stored before have none: their runs count the table once, as before.
    name: 'sparse-space histogram',
    up: (db) =>
      db.exec(`
        ALTER TABLE sparse_state ADD COLUMN counted INTEGER;  -- the histogram counts heaps [1, counted)
        ALTER TABLE sparse_state ADD COLUMN counts BLOB;      -- float64 little-endian, ValueHistogram's layout
      `),
  },
  {
    // store/value-counts.ts: the running tally of the value counts, stored with each chunk, so
    // that a new process reaches its next power of two without reading the table back.
    name: 'value tally',
    up: (db) =>
      db.exec(`
        CREATE TABLE value_tally (
          game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
          upto INTEGER NOT NULL,   -- the counts are over heaps 1..upto-1
          counts BLOB NOT NULL     -- how many take each value 0..max, float64 little-endian
        );
      `),
  },
];
