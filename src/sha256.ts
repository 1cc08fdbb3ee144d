import type { Hash } from 'node:crypto';

/**
 * A new SHA-256 hash. node:crypto loads at the first call, not with the games registry: its
 * import took 3.7 ms of every command's start, for the games keyed by a file's hash (graphs,
 * boards, state games, rules modules), which few commands parse.
 */
export function sha256Hash(): Hash {
  return process.getBuiltinModule('node:crypto').createHash('sha256');
}
