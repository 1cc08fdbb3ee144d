import { execFileSync } from 'node:child_process';
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
