/**
 * Every failure a user can see is a GrundyError subclass carrying its exit code, so that
 * cli/main.ts is the only place that turns errors into exit codes and one-line messages.
 */
export class GrundyError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number) {
    // Messages quote user input (specs, numbers, paths): keep them one line whatever was typed.
    super(oneLine(message));
    this.name = new.target.name;
    this.exitCode = exitCode;
  }
}

/** Malformed rule, position, number or flag: exit 2. `exported` names the export that gives what was asked instead. */
export class UsageError extends GrundyError {
  readonly exported?: ExportHint;
  constructor(message: string, exported?: ExportHint) {
    super(message, 2);
    if (exported) this.exported = exported;
  }
}

/**
 * What `grundy export` writes that a refused request wanted (the values of a game graph, say):
 * `what` it gives, the game and the export's --format when not the default. On the command line
 * `exportCommand(hint)`.
 */
export interface ExportHint {
  readonly what: string;
  readonly game: string;
  readonly format?: string;
}

/** The `grundy export` command line of a hint, from the store `db` when one is given. */
export function exportCommand(hint: ExportHint, db?: string): string {
  return (
    `grundy export ${quoteSpec(hint.game)}` +
    (hint.format !== undefined ? ` --format ${hint.format}` : '') +
    (db !== undefined ? ` --db ${quoteSpec(db)}` : '')
  );
}

/**
 * What to compute so that a refused request can be answered: in the library
 * `compute(hint.game, { to, size, untilProven })`, on the command line `computeCommand(hint)`.
 */
export interface ComputeHint {
  /** The game as the request named it (a spec or a stored key). */
  readonly game: string;
  /** Heap games: compute g(0..to-1). */
  readonly to?: number;
  /** Two-dimensional games: an N x N table. */
  readonly size?: number;
  /** Heap games: compute until the period is proven. */
  readonly untilProven?: boolean;
}

/**
 * The answer needs values that are not stored (and no proven certificate covers them): exit 3.
 * The message says what is missing; `compute`, when some table would answer, says what to compute
 * (the CLI and the web view add it to the message as a command: errorText).
 */
export class NotComputedError extends GrundyError {
  readonly compute?: ComputeHint;
  constructor(message: string, compute?: ComputeHint) {
    super(message, 3);
    if (compute) this.compute = compute;
  }
}

/**
 * The `grundy compute` command line that computes what a hint names, into the store `db` when
 * one is given, quoted as a shell reads it.
 */
export function computeCommand(hint: ComputeHint, db?: string): string {
  return (
    `grundy compute ${quoteSpec(hint.game)}` +
    (hint.untilProven ? ' --until-proven' : '') +
    (hint.to !== undefined ? ` --to ${hint.to}` : '') +
    (hint.size !== undefined ? ` --size ${hint.size}` : '') +
    (db !== undefined ? ` --db ${quoteSpec(db)}` : '')
  );
}

/** A spec as a shell reads it back: quoted when it holds anything beyond [\w.:,@#/+-]. */
export function quoteSpec(spec: string): string {
  return /^[\w.:,@#/+-]+$/.test(spec) ? spec : `'${spec.replace(/'/g, "'\\''")}'`;
}

/**
 * An error as a person reads it: a NotComputedError with a hint ends with the command that
 * computes it, into the store `db` when the failed command named one (else the command's would
 * fill the default store, and the same query would fail again); a UsageError with an export
 * hint ends with the export that reads the same store.
 */
export function errorText(err: GrundyError, db?: string): string {
  const hint = err instanceof NotComputedError ? err.compute : undefined;
  if (hint) return `${err.message}; run: ${computeCommand(hint, db)}`;
  const exported = err instanceof UsageError ? err.exported : undefined;
  return exported ? `${err.message}; ${exported.what}: ${exportCommand(exported, db)}` : err.message;
}

/** The store cannot be opened or used safely (corrupt, foreign, newer schema, read-only): exit 4. */
export class StoreError extends GrundyError {
  constructor(message: string) {
    super(message, 4);
  }
}

/** A kernel or custom rules module failed while computing: exit 5. */
export class ComputeError extends GrundyError {
  constructor(message: string) {
    super(message, 5);
  }
}

/** The user interrupted a long job (Ctrl-C): exit 130. */
export class InterruptedError extends GrundyError {
  constructor(message: string) {
    super(message, 130);
  }
}

/** Control characters (newlines first of all) shown as escapes, so an error stays one line. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** The job queue (Redis) cannot be reached or used: exit 5, like any failure to compute. */
export class QueueError extends GrundyError {
  constructor(message: string) {
    super(message, 5);
  }
}
