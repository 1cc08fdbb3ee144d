/**
 * Game graphs against the C reference (anchors graph.c), same file, same run:
 *   node dist/bench/graph.js [--n 1e6] [--m 1e7] [--seed 1] [--anchors DIR] [--dir /tmp]
 * generates a random DAG and the same DAG with 5% of its edges reversed (the C generator's
 * stream, so any file graph_gen.py writes is reproduced byte for byte), in the counted format
 * both programs read; runs each program under /usr/bin/time -v (wall time, peak RSS), compares
 * checksums, and prints where the TypeScript time goes. `--run FILE` is the child mode.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGraph } from '../src/graph/csr.js';
import { generalizedValues, INFINITE } from '../src/graph/gsg.js';
import { readGraphEdges } from '../src/graph/read.js';
import { writeRandomGraph } from './graph-gen.js';

interface ChildReport {
  readMs: number;
  parseMs: number;
  csrMs: number;
  valuesMs: number;
  checksum: string;
  acyclic: boolean;
  kahnDone: number;
  stages: number;
  infinite: number;
  heapPeakMb: number;
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** The raw read + sha256 floor: what any parser of this file must pay at least. */
function readOnly(path: string): number {
  const t = performance.now();
  const fd = openSync(path, 'r');
  const buf = Buffer.allocUnsafe(1 << 20);
  const hash = createHash('sha256');
  for (let got: number; (got = readSync(fd, buf, 0, buf.length, null)) > 0; ) hash.update(buf.subarray(0, got));
  closeSync(fd);
  hash.digest();
  return performance.now() - t;
}

function child(path: string): void {
  const readMs = readOnly(path);
  let peak = 0;
  const sample = (): void => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const t0 = performance.now();
  const { parsed } = readGraphEdges(path, 'counted');
  sample();
  const t1 = performance.now();
  const graph = buildGraph(parsed.n, parsed.edges);
  sample();
  const t2 = performance.now();
  const gv = generalizedValues(graph);
  sample();
  const t3 = performance.now();
  // (value + 1) * (v mod 1000003 + 1) summed: below 2^53 for these sizes, so a double is exact.
  let sum = 0;
  let infinite = 0;
  for (let v = 0; v < graph.n; v++) {
    const x = gv.values[v]!;
    if (x === INFINITE) infinite++;
    else sum += (x + 1) * ((v % 1000003) + 1);
  }
  if (!Number.isSafeInteger(sum)) throw new Error('checksum beyond 2^53: use BigInt');
  const report: ChildReport = {
    readMs,
    parseMs: t1 - t0,
    csrMs: t2 - t1,
    valuesMs: t3 - t2,
    checksum: String(sum),
    acyclic: gv.acyclic,
    kahnDone: gv.kahnDone,
    stages: gv.stages,
    infinite,
    heapPeakMb: peak / 2 ** 20,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

interface Timed {
  stdout: string;
  wallS: number;
  maxRssKb: number;
}

function timed(cmd: string, args: string[]): Timed {
  const t = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wallS = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr.slice(-500)}`);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
  return { stdout: r.stdout, wallS, maxRssKb: Number(rss?.[1] ?? NaN) };
}

function parent(): void {
  const n = Number(arg('n', '1e6'));
  const m = Number(arg('m', '1e7'));
  const seed = Number(arg('seed', '1'));
  const anchors = arg('anchors', '/tmp/anchors-graphs');
  const dir = mkdtempSync(join(arg('dir', '/tmp'), 'grundy-graph-bench-'));
  const self = fileURLToPath(import.meta.url);
  try {
    for (const back of [0, 0.05]) {
      const file = join(dir, back === 0 ? 'dag.txt' : 'back.txt');
      const g0 = performance.now();
      writeRandomGraph(file, { n, m, seed, back });
      const genS = (performance.now() - g0) / 1000;
      const c = timed(join(anchors, 'graph'), ['-q', file]);
      const cField = (k: string): string => new RegExp(`(?:^| )${k}=(\\S+)`).exec(c.stdout)?.[1] ?? '?';
      const ts = timed(process.execPath, [self, '--run', file]);
      const rep = JSON.parse(ts.stdout) as ChildReport;
      const ok = rep.checksum === cField('checksum');
      const label = back === 0 ? 'DAG' : 'DAG, 5% reversed';
      console.log(`${label}: n=${n} m=${m} seed=${seed} (generated in ${genS.toFixed(1)} s)`);
      console.log(
        `  C   : ${c.wallS.toFixed(2)} s whole run (parse ${cField('parse_seconds')} s, values ` +
          `${cField('seconds')} s, algo ${cField('algo')}, stages ${cField('stages')}), ` +
          `peak ${((c.maxRssKb * 1024) / m).toFixed(1)} B/edge`,
      );
      console.log(
        `  TS  : ${ts.wallS.toFixed(2)} s whole run ` +
          `(read+sha256 floor ${(rep.readMs / 1000).toFixed(2)} s, ` +
          `parse ${(rep.parseMs / 1000).toFixed(2)} s, CSR ${(rep.csrMs / 1000).toFixed(2)} s, ` +
          `values ${(rep.valuesMs / 1000).toFixed(2)} s, kahn_done ${rep.kahnDone}, stages ${rep.stages}), ` +
          `peak ${((ts.maxRssKb * 1024) / m).toFixed(1)} B/edge`,
      );
      console.log(
        `  checksum ${rep.checksum} ${ok ? '== C' : `!= C ${cField('checksum')}`}; ` +
          `TS/C whole run ${(ts.wallS / c.wallS).toFixed(2)}x (the TS run includes the read-only floor pass)`,
      );
      rmSync(file);
      if (!ok) process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const run = process.argv.indexOf('--run');
if (run >= 0) child(process.argv[run + 1]!);
else parent();
