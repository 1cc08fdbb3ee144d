import { spawn } from 'node:child_process';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProgressBar, progressLine } from '../../src/cli/output.js';
import { CLI, runCli, tempDir } from '../helpers/cli.js';
import { isOneLineError } from '../helpers/safety.js';
import { projectRoot } from '../../src/project-root.js';

const tmp = tempDir();
const db = join(tmp.dir, 'edges.db');
const grundy = (args: readonly string[], input?: string) =>
  runCli([...args, '--db', db], input === undefined ? {} : { input });

beforeAll(async () => {
  for (const args of [
    ['compute', 'sub:1,3,4', '--to', '3e5', '--workers', '1'],
    ['compute', 'kayles', '--until-proven', '--workers', '1'],
  ]) {
    const r = await grundy(args);
    expect(r.code, r.stderr).toBe(0);
  }
});
afterAll(() => tmp.cleanup());

describe('--version', () => {
  // It loads no command (src/cli/main.ts); yargs answers it before any command would run.
  it('prints the package version, wherever it stands, and exits 0; with --help it is help', async () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    for (const args of [['--version'], ['comptue', '--version'], ['compute', '--version'], ['--version', '--json']]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
      expect(r.stderr).toBe('');
    }
    // Run by path from elsewhere, and from inside another package: still this package's version.
    const other = tempDir();
    try {
      writeFileSync(join(other.dir, 'package.json'), '{"name": "consumer", "version": "9.8.7"}\n');
      for (const cwd of [tmpdir(), other.dir]) {
        const r = await runCli(['--version'], { cwd });
        expect(r.stdout, cwd).toBe(`${version}\n`);
      }
    } finally {
      other.cleanup();
    }
    const help = await runCli(['--version', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^grundy <command> \[options\]/);
    expect(help.stdout).toContain('grundy compute');
  });

  it("the bundle renders no command's help once its handler runs (yargs' help cache, which nothing reads)", () => {
    const bundle = readFileSync(join(projectRoot(), 'dist', 'cli', 'main.js'), 'utf8');
    expect(bundle).toContain('self.cacheHelpMessage = function');
    expect(bundle).not.toContain('getUsageInstance().cacheHelpMessage()');
  });

  it('lists no folder of the working directory on the way (yargs looks for a package.json)', async () => {
    // Every folder a command lists, logged by a preload: yargs' own version guess, made at start,
    // listed the working directory and each one above it (45 ms from a folder of 59,000 files).
    const cwd = tempDir();
    try {
      const watch = join(cwd.dir, 'watch.cjs');
      writeFileSync(
        watch,
        `const fs = require('node:fs');
const read = fs.readdirSync;
fs.readdirSync = function (dir, ...rest) {
  process.stderr.write('listed ' + require('node:path').resolve(String(dir)) + '\\n');
  return read.call(this, dir, ...rest);
};
require('node:module').syncBuiltinESMExports();
`,
      );
      const r = await runCli(['--version'], { cwd: cwd.dir, env: { NODE_OPTIONS: `--require ${watch}` } });
      expect(r.code, r.stderr).toBe(0);
      const listed = r.stderr.split('\n').filter((line) => line.startsWith('listed '));
      expect(listed.length, 'the preload saw no listing at all').toBeGreaterThan(0);
      expect(listed).not.toContain(`listed ${cwd.dir}`);
      expect(listed).not.toContain(`listed ${realpathSync(cwd.dir)}`);
    } finally {
      cwd.cleanup();
    }
  });
});

describe('a closed pipe on stdout', () => {
  it('grundy export ... | head: exit 0, no message', async () => {
    const child = spawn(process.execPath, [CLI, 'export', 'sub:1,3,4', '--db', db], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let first = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Read the first block, then close the reading end as head does after its lines.
    child.stdout.once('data', (d: Buffer) => {
      first = d.toString();
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(first.startsWith('n,value\n')).toBe(true);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});

describe('numeric flags refuse what is not a number', () => {
  const cases: readonly (readonly string[])[] = [
    ['show', 'kayles', '--first', 'abc'],
    ['show', 'kayles', '--first', '-1'],
    ['show', 'kayles', '--first', '1.5'],
    ['show', 'kayles', '--first', ''],
    ['compute', 'nim', '--to', 'abc'],
    ['compute', 'nim', '--to', '10', '--workers', 'two'],
    ['compute', 'module:./x.js', '--module-timeout', 'soon'],
    ['query', 'kayles', 'abc'],
    ['export', 'kayles', '--to', 'abc'],
    ['sweep', 'sub', '--size', 'abc', '--max', '5'],
    ['sweep', 'sub', '--size', '2', '--max', 'abc'],
    ['sweep', '--report', 'x', '--top', 'abc'],
    ['eval', 'nim@3', '--limit', 'abc'],
    ['eval', 'nim@3', '--workers', '0'],
    ['count', 'kayles', '--max', 'abc'],
    ['count', 'kayles', '--max', '10', '--heaps', 'abc'],
    ['count', 'kayles', '--max', '10', '--mod', 'abc'],
    ['table', 'nim', '--size', 'abc'],
  ];
  it('every one exits 2 with one line naming the flag or value', async () => {
    const results = await Promise.all(cases.map((args) => grundy(args)));
    results.forEach((r, i) => {
      const args = cases[i]!;
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(isOneLineError(r.stderr), r.stderr).toBe(true);
      expect(r.stdout, args.join(' ')).toBe('');
    });
    expect(results[0]!.stderr).toContain("--first 'abc' is not a non-negative integer");
  });
});

describe('standard input and bare values', () => {
  it('query GAME - reads one n a line; --values prints bare values for pipes', async () => {
    const r = await grundy(['query', 'kayles', '-', '--values'], '3\n\n# a comment\n1e30\n  70  \n0..3\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(['3', '1', '6', '0', '1', '2', '3', ''].join('\n'));
    const mixed = await grundy(['query', 'kayles', '5', '-', '--json'], '2^100\n');
    expect(JSON.parse(mixed.stdout).values).toEqual([
      { n: 5, value: 4, source: 'table' },
      { n: '1267650600228229401496703205376', value: expect.any(Number), source: 'certificate' },
    ]);
    const bad = await grundy(['query', 'kayles', '-'], '3\nfour\n');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("standard input line 2: n 'four' is not a non-negative integer");
    const empty = await grundy(['query', 'kayles', '-'], '\n# nothing\n');
    expect(empty.code).toBe(2);
    expect((await grundy(['query', 'kayles', '1', '--values', '--json'])).code).toBe(2);
  });

  it('eval --file - evaluates standard input as it would the same file', async () => {
    const positions = 'kayles@5\nnim@3 + nim@3\n# skipped\nsub:1,3,4@100,7\n';
    const file = join(tmp.dir, 'positions.txt');
    writeFileSync(file, positions);
    const fromFile = await grundy(['eval', '--file', file, '--workers', '1', '--json']);
    const fromStdin = await grundy(['eval', '--file', '-', '--workers', '1', '--json'], positions);
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(fromStdin.stdout).toBe(fromFile.stdout);
    expect(fromStdin.stdout.trim().split('\n')).toHaveLength(3);
  });
});

describe('export --json', () => {
  it('is --format json; with another --format it is refused', async () => {
    const json = await grundy(['export', 'sub:1,3,4', '--json', '--to', '8']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ game: 'sub:1,3,4', count: 8, values: [0, 1, 0, 1, 2, 3, 2, 0] });
    expect((await grundy(['export', 'sub:1,3,4', '--format', 'json', '--to', '8'])).stdout).toBe(json.stdout);
    const clash = await grundy(['export', 'sub:1,3,4', '--json', '--format', 'bfile']);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('--json exports JSON; it contradicts --format bfile');
  });
});

describe('the compute progress line', () => {
  const p = {
    game: 'octal:0.77',
    computed: 5_000_000,
    target: 2 ** 28,
    startedFrom: 0,
    elapsedMs: 2000,
    maxValue: 9,
    periodicity: null,
    facts: null,
  };
  it('--until-proven without --to: values done and the rate, no percentage or ETA against the safety limit', () => {
    const line = progressLine(p, false);
    expect(line).toBe('octal:0.77 5,000,000 values  2.50M states/s  2.00 s  max 9  (until proven)');
    expect(line).not.toMatch(/%|ETA|268,435,456/);
  });
  it('with a real target: the bar, the percentage and the time left', () => {
    const line = progressLine({ ...p, target: 10_000_000 }, true);
    expect(line).toContain('[############............] 50.0% 5,000,000/10,000,000  2.50M states/s  ETA 2.00 s');
  });
  it("a strategy's facts follow (sparse space: the mask and the rare heaps)", () => {
    const line = progressLine({ ...p, facts: { mask: '0x1ee', rare: 1583 } }, false);
    expect(line).toBe(
      'octal:0.77 5,000,000 values  2.50M states/s  2.00 s  max 9  mask 0x1ee  rare 1583  (until proven)',
    );
  });
  it('off a TTY (a log, a background run): the same line once a minute, nothing before', () => {
    const written: string[] = [];
    const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    let clock = 1_000_000;
    const bar = new ProgressBar(true, stream, 60_000, () => clock);
    for (const at of [0, 30_000, 59_999]) {
      clock = 1_000_000 + at;
      bar.update(p);
    }
    expect(written).toEqual([]);
    clock = 1_060_000;
    bar.update(p);
    clock = 1_100_000;
    bar.update(p);
    expect(written).toEqual([`${progressLine(p, true)}\n`]);
    bar.done();
    expect(written).toHaveLength(1);
  });
});
