import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';

interface BenchJson {
  runs: {
    workload: string;
    mode: string;
    workers: number;
    size: number;
    statesPerSecond: number;
    checksum: string;
    vsPrevious: number | null;
  }[];
  scaling: { workload: string; workers: { workers: number; speedup: number | null }[] }[];
  warnings: string[];
  failures: string[];
}

let dir: { dir: string; cleanup: () => void };
let db: string;
beforeAll(() => {
  dir = tempDir();
  db = join(dir.dir, 'bench.db');
});
afterAll(() => dir.cleanup());

describe('grundy bench', () => {
  it('records a quick run of a tiny workload, then compares the next run with it', async () => {
    const first = await runCli([
      'bench',
      '--workload',
      'sub-134',
      '--quick',
      '--iterations',
      '1',
      '--json',
      '--db',
      db,
    ]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const a = JSON.parse(first.stdout) as BenchJson;
    expect(a.runs).toHaveLength(1);
    expect(a.runs[0]).toMatchObject({
      workload: 'sub-134',
      mode: 'plain',
      workers: 1,
      size: 1_000_000,
      checksum: '642858214284',
      vsPrevious: null,
    });
    expect(a.runs[0]!.statesPerSecond).toBeGreaterThan(0);

    const second = await runCli(['bench', '--workload', 'sub-134', '--quick', '--iterations', '1', '--db', db]);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/sub-134\s+plain\s+1,000,000\s+\S+\s+.*642858214284\s+-\s+x\d+\.\d\d\s+x\d+\.\d\d/);
  });

  it('lists the recorded runs with --history, as text and as JSON', async () => {
    const text = await runCli(['bench', '--history', 'sub-134', '--db', db]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/sub-134 {2}plain {2}N = 1,000,000 \(quick\)/);
    expect(text.stdout).toMatch(/best: \S+ states\/s on \d{4}-\d\d-\d\d/);
    const json = await runCli(['bench', '--history', '--json', '--db', db]);
    const runs = (
      JSON.parse(json.stdout) as {
        runs: { workload: string; checksum: string; cpuModel: string; nodeVersion: string }[];
      }
    ).runs;
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ workload: 'sub-134', checksum: '642858214284', nodeVersion: process.version });
    const none = await runCli(['bench', '--history', 'kayles', '--db', db]);
    expect(none.stdout).toMatch(/no recorded runs of kayles/);
  });

  it('warns when a checksum changed since the previous run', async () => {
    const handle = new Database(db);
    handle.prepare("UPDATE bench_runs SET checksum = '12345' WHERE workload = 'sub-134'").run();
    handle.close();
    const out = await runCli(['bench', '--workload', 'sub-134', '--quick', '--iterations', '1', '--db', db]);
    expect(out.code).toBe(0);
    expect(out.stderr).toMatch(/warning: checksum of sub-134 at N = 1000000 changed: 642858214284 now, 12345 on/);
  });

  it('measures a pooled workload at each worker count with its plain baseline and a scaling row', async () => {
    const out = await runCli([
      'bench',
      '--workload',
      'compute-kayles',
      '--size',
      '1500',
      '--workers',
      '1,2',
      '--iterations',
      '1',
      '--json',
      '--no-record',
      '--db',
      db,
    ]);
    expect(out.code).toBe(0);
    const r = JSON.parse(out.stdout) as BenchJson;
    expect(r.runs.map((x) => `${x.mode}:${x.workers}`)).toEqual(['plain:1', 'pool:1', 'pool:2']);
    expect(new Set(r.runs.map((x) => x.checksum)).size).toBe(1);
    expect(r.scaling[0]!.workers.map((w) => w.workers)).toEqual([1, 2]);
    expect(r.failures).toEqual([]);
  });

  it('refuses bad flags with exit 2 and a one-line message', async () => {
    const suite = await runCli(['bench', '--suite', 'nope', '--db', db]);
    expect(suite.code).toBe(2);
    expect(suite.stderr).toMatch(/^grundy: unknown suite 'nope'; the suites are: /);
    expect(suite.stderr.trim().split('\n')).toHaveLength(1);
    const workers = await runCli(['bench', '--workers', '0', '--db', db]);
    expect(workers.code).toBe(2);
    expect(workers.stderr).toMatch(/--workers 0 is too small/);
  });

  it('has help with examples and lists its workloads', async () => {
    const help = await runCli(['bench', '--help']);
    expect(help.stdout).toMatch(/Examples:/);
    expect(help.stdout).toMatch(/--history/);
    const list = await runCli(['bench', '--list', '--json']);
    const names = (JSON.parse(list.stdout) as { workloads: { name: string }[] }).workloads.map((w) => w.name);
    expect(names).toEqual(expect.arrayContaining(['sub-134', 'squares', 'kayles', 'grundy', 'compute-kayles']));
  });
});
