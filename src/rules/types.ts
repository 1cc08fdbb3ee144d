/**
 * A Rules value is the parsed, canonical form of a game spec. It is plain data (structured-
 * cloneable) because it crosses the worker-thread boundary inside every task.
 */
export const INFINITE_SETS = ['squares', 'cubes', 'powers2', 'primes', 'fibonacci', 'triangular'] as const;
export type InfiniteSetName = (typeof INFINITE_SETS)[number];

export type Rules =
  | { readonly family: 'nim'; readonly key: 'nim' }
  | { readonly family: 'sub'; readonly key: string; readonly set: readonly number[] }
  | { readonly family: 'subinf'; readonly key: string; readonly name: InfiniteSetName }
  | { readonly family: 'allbut'; readonly key: string; readonly excluded: readonly number[] }
  | { readonly family: 'octal'; readonly key: string; readonly digits: readonly number[] }
  | { readonly family: 'grundy'; readonly key: 'grundy' }
  | { readonly family: 'module'; readonly key: string; readonly path: string; readonly hash: string };

export type Family = Rules['family'];
export type RulesOf<F extends Family> = Extract<Rules, { family: F }>;
