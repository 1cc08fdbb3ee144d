import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { UsageError } from '../src/errors.js';
import type { Measurement } from './runner.js';
import type { Workload } from './workload.js';

const run = promisify(execFile);

/**
 * The opt-in side-by-side comparison with the C reference programs (--anchors DIR or
 * GRUNDY_ANCHORS=DIR, a folder where they were built). The project never needs them: without
 * the flag nothing here runs.
 */
export function anchorsDir(flag: string | undefined): string | undefined {
  const chosen = flag ?? process.env.GRUNDY_ANCHORS;
  if (chosen === undefined || chosen === '') return undefined;
  const dir = resolve(chosen);
  if (!existsSync(dir))
    throw new UsageError(
      `anchors folder ${dir} does not exist; build the C reference programs there first or drop --anchors`,
    );
  return dir;
}

interface AnchorResult {
  readonly checksum: string;
  readonly seconds: number;
  readonly states: number;
}

/** Parse the one `RESULT ... N=.. checksum=.. time_s=..` line every reference program prints. */
export function parseAnchorResult(stdout: string): AnchorResult {
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  const field = (name: string): string | undefined => line && new RegExp(`(?:^| )${name}=(\\S+)`).exec(line)?.[1];
  const checksum = field('checksum');
  const seconds = Number(field('time_s'));
  // 2-D programs print states = N * N beside N; the 1-D ones only N, which is their state count.
  const states = Number(field('states') ?? field('N'));
  if (!checksum || !/^\d+$/.test(checksum) || !Number.isFinite(seconds) || !Number.isFinite(states)) {
    throw new Error(`no RESULT line with N, checksum and time_s in the output: ${stdout.slice(0, 200)}`);
  }
  return { checksum, seconds, states };
}

/** Run a workload's C counterpart `iterations` times; its own compute time (time_s) is the sample. */
export async function measureAnchor(
  workload: Workload,
  size: number,
  dir: string,
  iterations: number,
): Promise<Measurement | undefined> {
  if (!workload.anchor) return undefined;
  const command = workload.anchor(size);
  const program = join(dir, command.program);
  if (!existsSync(program))
    throw new UsageError(`anchor program ${program} is missing; build the C reference programs into ${dir}`);
  const samples: AnchorResult[] = [];
  for (let i = 0; i < iterations; i++) {
    const { stdout } = await run(program, [...command.args], { timeout: 15 * 60_000, maxBuffer: 1 << 20 });
    samples.push(parseAnchorResult(stdout));
  }
  const times = samples.map((s) => s.seconds * 1000).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const first = samples[0]!;
  return {
    workload: workload.name,
    suite: workload.suite,
    mode: 'anchor',
    workers: command.threads ?? 1,
    size,
    states: first.states,
    iterations: samples.length,
    medianMs: median,
    minMs: times[0]!,
    maxMs: times[times.length - 1]!,
    spread: median > 0 ? (times[times.length - 1]! - times[0]!) / median : 0,
    statesPerSecond: median > 0 ? first.states / (median / 1000) : 0,
    checksum: first.checksum,
  };
}
