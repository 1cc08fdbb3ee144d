import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSpec } from '../../src/errors.js';
import { parseRules } from '../../src/games/registry.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { naiveValues } from '../helpers/naive.js';

interface Fixture {
  readonly game: string;
  readonly heaps: { readonly from: number; readonly to: number };
  readonly counts: readonly number[];
}
const OFFICERS = JSON.parse(
  readFileSync(new URL('../fixtures/officers-freq-4096.json', import.meta.url), 'utf8'),
) as Fixture;

interface FreqJson {
  game: string;
  heaps: { from: number; to: number };
  max: number;
  counts: number[];
  counted: { stored: number | null; fromTable: number };
  sparse: { mask: { bits: number; parity: number }; heaps: { to: number }; rareHeaps: number; rare: number[][] } | null;
}

let tmp: { dir: string; cleanup: () => void };
beforeAll(() => {
  tmp = tempDir();
});
afterAll(() => tmp.cleanup());

function cliIn(db: string) {
  return (...args: string[]) => runCli([...args, '--db', db], { cwd: tmp.dir });
}

/** The lines a --freq table prints: the header, then `value count` for values 0..max. */
function freqText(heap: number, counts: readonly number[]): string {
  return `FREQ heaps=1..${heap}\n${counts.map((c, v) => `${v} ${c}\n`).join('')}`;
}

function naiveCounts(values: readonly number[], heap: number): number[] {
  const counts: number[] = [];
  for (let n = 1; n <= heap; n++) counts[values[n]!] = (counts[values[n]!] ?? 0) + 1;
  return Array.from(counts, (c) => c ?? 0);
}

describe('grundy show --freq', () => {
  it("prints Officers' table over heaps 1..4096 as the C reference does, once heap 4096 is stored", async () => {
    const db = join(tmp.dir, 'officers.db');
    const cli = cliIn(db);
    expect((await cli('compute', 'octal:0.6', '--to', '4096')).code).toBe(0);
    // --to 4096 stores g(0..4095): heap 4096 is missing.
    const short = await cli('show', 'octal:0.6', '--freq', '--at', '4096');
    expect(short.code).toBe(3);
    expect(short.stdout).toBe('');
    expect(short.stderr).toBe(
      'grundy: octal:0.6 is stored up to heap 4095, and --freq --at 4096 needs heap 4096; ' +
        `run: grundy compute octal:0.6 --to 4097 --db ${quoteSpec(db)}\n`,
    );
    expect((await cli('compute', 'octal:0.6', '--to', '4097')).code).toBe(0);
    const want = freqText(4096, OFFICERS.counts);
    for (const args of [['--at', '4096'], ['--at', '2^12'], []]) {
      const r = await cli('show', 'officers', '--freq', ...args);
      expect(r.code, r.stderr).toBe(0);
      const at = r.stdout.indexOf('FREQ');
      expect(r.stdout.slice(at)).toBe(want);
      // Before the table: the sparse-space mask and the rare heaps with their values.
      const [sparse, rare, end] = r.stdout.slice(0, at).split('\n');
      expect(sparse).toMatch(/^SPARSE mask=0x[0-9a-f]+ parity=[01] rare_heaps=\d+ \(among heaps 1\.\.4096, .*\)$/);
      expect(rare).toMatch(/^RARE 1\(g=0\) 2\(g=1\) 4\(g=0\) /);
      expect(end).toBe('');
    }
    const json = JSON.parse((await cli('show', 'octal:0.6', '--freq', '--json')).stdout) as FreqJson;
    expect(json).toMatchObject({
      game: 'octal:0.6',
      heaps: { from: 1, to: 4096 },
      max: OFFICERS.counts.length - 1,
      counts: OFFICERS.counts,
      counted: { stored: 4096, fromTable: 0 },
    });
    expect(json.sparse?.heaps.to).toBe(4096);
    expect(json.sparse?.rare).toHaveLength(json.sparse!.rareHeaps);
    const values = naiveValues(parseRules('octal:0.6'), 200);
    for (const [h, v] of json.sparse!.rare.filter(([h]) => h! < 200)) expect(v, `g(${h})`).toBe(values[h!]);
  });

  for (const spec of ['grundy', 'octal:0.6']) {
    it(`${spec}: equal to a naive count after computes in several runs, one of them killed in a commit`, async () => {
      const cli = cliIn(join(tmp.dir, `${spec.replace(':', '-')}.db`));
      expect((await cli('compute', spec, '--to', '100')).code).toBe(0);
      const killed = await runCli(
        ['compute', spec, '--to', '600', '--db', join(tmp.dir, `${spec.replace(':', '-')}.db`)],
        {
          env: { GRUNDY_FAULT_KILL: 'commit:1' },
        },
      );
      expect(killed.signal).toBe('SIGKILL');
      for (const to of ['600', '1100', '2100']) expect((await cli('compute', spec, '--to', to)).code).toBe(0);
      const values = naiveValues(parseRules(spec), 2100);
      for (const heap of [1, 64, 1000, 1024, 2048, 2099]) {
        const r = await cli('show', spec, '--freq', '--at', String(heap));
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout.slice(r.stdout.indexOf('FREQ')), `at ${heap}`).toBe(freqText(heap, naiveCounts(values, heap)));
      }
      const json = JSON.parse((await cli('show', spec, '--freq', '--at', '2000', '--json')).stdout) as FreqJson;
      expect(json.counted).toEqual({ stored: 1024, fromTable: 976 });
      expect(json.counts).toEqual(naiveCounts(values, 2000));
    });
  }

  it('refuses game graphs and 2-D games in one line, exit 2, naming the export of the same store', async () => {
    const db = join(tmp.dir, 'kinds.db');
    const cli = cliIn(db);
    writeFileSync(join(tmp.dir, 'path.txt'), 'a b\nb c\n');
    expect((await cli('compute', 'graph:path.txt')).code).toBe(0);
    expect((await cli('compute', 'wythoff', '--size', '16')).code).toBe(0);
    for (const [spec, kind] of [
      ['graph:path.txt', 'a game graph'],
      ['wythoff', 'a two-dimensional game'],
      ['2d:king', 'a two-dimensional game'], // not stored: refused all the same
    ] as const) {
      const r = await cli('show', spec, '--freq');
      expect(r.code, spec).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(new RegExp(`^grundy: --freq is for heap games: \\S+ is ${kind}; its values: `));
      expect(r.stderr.endsWith(`: grundy export ${spec} --db ${quoteSpec(db)}\n`), r.stderr).toBe(true);
    }
  });

  it('--at needs --freq, and a heap >= 1; --help explains both', async () => {
    const db = join(tmp.dir, 'flags.db');
    const cli = cliIn(db);
    const alone = await cli('show', 'kayles', '--at', '10');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe('grundy: --at goes with --freq: the heap the frequency table counts up to\n');
    expect((await cli('show', 'kayles', '--freq', '--at', '0')).code).toBe(2);
    const missing = await cli('show', 'kayles', '--freq', '--at', '100');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe(
      `grundy: octal:0.77 is not stored; run: grundy compute kayles --to 101 --db ${quoteSpec(db)}\n`,
    );
    const help = await runCli(['show', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--freq\s+heap games: how many of the heaps 1\.\.N take each value/);
    expect(help.stdout).toMatch(/--at\s+with --freq: N, a stored heap/);
  });
});
