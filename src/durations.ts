import { UsageError } from './errors.js';

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, sec: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/**
 * A duration as people type it: 10 (seconds), 2.5s, 500ms, 2m, 1h. Returns whole milliseconds
 * within [minMs, maxMs].
 */
export function parseDuration(text: string, what: string, minMs = 1, maxMs = 24 * 3_600_000): number {
  const raw = String(text).trim();
  const m = /^(\d+(?:\.\d+)?|\.\d+)\s*([a-z]*)$/i.exec(raw);
  if (!m) throw new UsageError(`${what} '${raw}' is not a duration; write e.g. 10 (seconds), 2.5s, 500ms or 2m`);
  const unit = (m[2] ?? '').toLowerCase() || 's';
  const scale = UNITS[unit];
  if (scale === undefined) throw new UsageError(`${what} '${raw}' has an unknown unit '${m[2]}'; use ms, s, m or h`);
  const ms = Math.round(Number(m[1]) * scale);
  if (!(ms >= minMs)) throw new UsageError(`${what} '${raw}' is too short; it must be at least ${minMs} ms`);
  if (ms > maxMs) throw new UsageError(`${what} '${raw}' is too long; it must be at most ${maxMs / 3_600_000} h`);
  return ms;
}

/** Bytes as people type them: 512M, 2G, 1.5GiB, 1e9. */
export function parseBytes(text: string, what: string): number {
  const raw = String(text).trim();
  const m = /^(\d+(?:\.\d+)?(?:e\d+)?)\s*([kmgt]?)(i?b)?$/i.exec(raw);
  if (!m) throw new UsageError(`${what} '${raw}' is not a size; write e.g. 512M, 2G or 1e9 (bytes)`);
  const power = ' kmgt'.indexOf((m[2] ?? '').toLowerCase() || ' ');
  const bytes = Math.floor(Number(m[1]) * 1024 ** power);
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new UsageError(`${what} '${raw}' is not a usable size (1 byte to 8 PiB)`);
  return bytes;
}
