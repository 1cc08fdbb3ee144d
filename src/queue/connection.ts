import type { ConnectionOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { QueueError, UsageError } from '../errors.js';

/** Where the queue lives, with the password (if any) taken from the environment, never from the URL. */
export interface QueueTarget {
  /** host:port/db with scheme and no credentials: safe to print. */
  readonly display: string;
  readonly options: RedisOptions;
}

const CONNECT_TIMEOUT_MS = 3_000;

/**
 * Parse --queue redis://HOST:PORT[/DB] or rediss:// (TLS). A password in the URL is refused: command lines
 * are visible to every user of the machine (ps) and end up in shell histories.
 */
export function parseQueueUrl(raw: string, env: NodeJS.ProcessEnv = process.env): QueueTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--queue '${redactUrl(raw)}' is not a URL; give redis://HOST:PORT (or rediss:// for TLS)`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new UsageError(`--queue must be a redis:// or rediss:// URL, not ${url.protocol}//...`);
  }
  if (url.password !== '') {
    throw new UsageError(
      '--queue must not carry a password (command lines are visible to other users); set GRUNDY_REDIS_PASSWORD instead',
    );
  }
  if (url.hostname === '') throw new UsageError('--queue needs a host, e.g. redis://127.0.0.1:6379');
  const port = url.port === '' ? 6379 : Number(url.port);
  const dbText = url.pathname.replace(/^\//, '');
  if (dbText !== '' && !/^\d{1,2}$/.test(dbText)) {
    throw new UsageError(`--queue database '${dbText}' must be a number 0-15, e.g. redis://HOST:6379/0`);
  }
  const db = dbText === '' ? 0 : Number(dbText);
  const password = env.GRUNDY_REDIS_PASSWORD ?? env.REDISCLI_AUTH;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const options: RedisOptions = {
    host,
    port,
    db,
    connectTimeout: CONNECT_TIMEOUT_MS,
    ...(url.username !== '' ? { username: decodeURIComponent(url.username) } : {}),
    ...(password !== undefined && password !== '' ? { password } : {}),
    ...(url.protocol === 'rediss:' ? { tls: { servername: host } } : {}),
  };
  return { display: `${url.protocol}//${url.host}/${db}`, options };
}

/** A URL with any password replaced, for error messages. */
export function redactUrl(raw: string): string {
  return raw.replace(/(\/\/[^/@:]*:)[^/@]*@/, '$1***@');
}

/**
 * Fail fast when Redis is not there: one attempt, a short connect timeout, no offline queue, so a
 * wrong host or a stopped server is a one-line error within seconds rather than a silent hang.
 */
export async function probeQueue(target: QueueTarget): Promise<void> {
  const client = new Redis({
    ...target.options,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let lastError = '';
  client.on('error', (err: Error) => {
    lastError = err.message;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    const reason = lastError || (err instanceof Error ? err.message : String(err));
    throw new QueueError(
      `cannot reach the queue at ${target.display} (${redactSecrets(reason, target)}); is redis-server running there?`,
    );
  } finally {
    client.disconnect();
  }
}

/**
 * The id of the newest entry of a Redis stream, or '0-0' when the stream is empty or absent: a
 * reader that starts there sees every entry added afterwards.
 */
export async function lastStreamId(target: QueueTarget, key: string): Promise<string> {
  const client = new Redis({ ...target.options, maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    const newest = await client.xrevrange(key, '+', '-', 'COUNT', 1);
    return newest[0]?.[0] ?? '0-0';
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new QueueError(
      `cannot read the queue's event stream at ${target.display} (${redactSecrets(reason, target)})`,
    );
  } finally {
    client.disconnect();
  }
}

/**
 * Connection options for BullMQ's long-lived clients: they reconnect on their own (BullMQ needs
 * maxRetriesPerRequest null).
 */
export function bullConnection(target: QueueTarget): ConnectionOptions {
  // ioredis's own option type is wider than BullMQ's description of it; the fields used here are in both.
  return { ...target.options, maxRetriesPerRequest: null } as ConnectionOptions;
}

function redactSecrets(text: string, target: QueueTarget): string {
  const pw = target.options.password;
  return pw ? text.split(pw).join('***') : text;
}
