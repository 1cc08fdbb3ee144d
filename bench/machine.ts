import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { projectRoot } from '../src/project-root.js';

/** Where a figure was measured: runs are compared only with runs on the same CPU model. */
export interface Machine {
  readonly nodeVersion: string;
  readonly cpuModel: string;
  readonly cores: number;
  /** HEAD of the project's git checkout, with "-dirty" when tracked files differ; null without git. */
  readonly gitCommit: string | null;
}

export function currentMachine(): Machine {
  return {
    nodeVersion: process.version,
    cpuModel: cpus()[0]?.model.trim() || 'unknown CPU',
    cores: Math.max(1, availableParallelism()),
    gitCommit: gitCommit(),
  };
}

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: projectRoot(), stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 })
    .toString()
    .trim();
}

function gitCommit(): string | null {
  try {
    const head = git(['rev-parse', '--short=12', 'HEAD']);
    const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
    return dirty ? `${head}-dirty` : head;
  } catch {
    // Not a git checkout (an installed package) or no git binary: the commit is simply unknown.
    return null;
  }
}

/** CPU seconds of this process's waited-for children (Linux /proc: cutime + cstime; 0 elsewhere). */
export function childCpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // cutime and cstime are fields 16 and 17 of stat(5); here indexed from field 3.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}
