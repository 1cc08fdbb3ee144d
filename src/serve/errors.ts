import {
  ComputeError,
  errorText,
  GrundyError,
  InterruptedError,
  NotComputedError,
  StoreError,
  UsageError,
} from '../errors.js';

const STATUS: [new (...a: never[]) => GrundyError, number][] = [
  [UsageError, 400],
  [NotComputedError, 404],
  [StoreError, 503],
  [InterruptedError, 503],
  [ComputeError, 500],
];

/**
 * The HTTP status and one-line message of an error: the library's errors by class (a hint's
 * command naming the store `db`), Fastify's by their status.
 */
export function httpError(err: unknown, db?: string): { status: number; message: string; exitCode?: number } {
  if (err instanceof GrundyError) {
    const status = STATUS.find(([cls]) => err instanceof cls)?.[1] ?? 500;
    return { status, message: oneLine(errorText(err, db)), exitCode: err.exitCode };
  }
  // Fastify's own client errors (malformed JSON, body too large, bad content type) keep their status.
  const e = err as { statusCode?: number; message?: string } | null;
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, message: oneLine(String(e.message ?? 'bad request')) };
  }
  return { status: 500, message: oneLine(`internal error: ${e?.message ?? String(err)}`) };
}

/** Messages echo the request (a bad number, a spec): control characters become spaces, and long ones are cut. */
function oneLine(text: string): string {
  const flat = [...text]
    .map((c) => (c.charCodeAt(0) < 32 || c === '\u007f' || c === '\u2028' || c === '\u2029' ? ' ' : c))
    .join('');
  return flat.length > 500 ? `${flat.slice(0, 500)}...` : flat;
}
