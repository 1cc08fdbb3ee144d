import { totalmem } from 'node:os';

/**
 * The memory this process may use: the machine's RAM, or the container's limit (cgroup) when one
 * is set and smaller. process.constrainedMemory() (Node >= 19.6) answers 0, undefined, or a huge
 * number (2^64 on Linux without a limit) when there is none, so only a positive value below the
 * RAM counts.
 */
export function availableMemory(
  total: number = totalmem(),
  constrained: number | undefined = readConstrained(),
): number {
  if (constrained === undefined || !Number.isFinite(constrained) || constrained <= 0) return total;
  return Math.min(total, constrained);
}

function readConstrained(): number | undefined {
  const fn = (process as { constrainedMemory?: () => number | undefined }).constrainedMemory;
  try {
    return typeof fn === 'function' ? fn.call(process) : undefined;
  } catch {
    return undefined;
  }
}
