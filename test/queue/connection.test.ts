import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startRedis } from '../../bench/redis-server.js';
import { QueueError, UsageError } from '../../src/errors.js';
import { bullConnection, lastStreamId, parseQueueUrl, probeQueue, redactUrl } from '../../src/queue/connection.js';

/** What a refusal says, or fails the test when there is none. */
function refusal(raw: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    parseQueueUrl(raw, env);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  return expect.fail(`${raw} was accepted`);
}

describe('parseQueueUrl', () => {
  it('reads host, port and database, with the defaults 6379 and 0 and a 3 s connect timeout', () => {
    expect(parseQueueUrl('redis://127.0.0.1:6380/3', {})).toStrictEqual({
      display: 'redis://127.0.0.1:6380/3',
      options: { host: '127.0.0.1', port: 6380, db: 3, connectTimeout: 3000 },
    });
    expect(parseQueueUrl('redis://queue.example', {})).toStrictEqual({
      display: 'redis://queue.example/0',
      options: { host: 'queue.example', port: 6379, db: 0, connectTimeout: 3000 },
    });
    expect(parseQueueUrl('redis://queue.example:7000/', {}).options).toMatchObject({ port: 7000, db: 0 });
  });

  it('an IPv6 host loses its brackets for the client and keeps them in the display', () => {
    const t = parseQueueUrl('redis://[::1]:6390/1', {});
    expect(t.display).toBe('redis://[::1]:6390/1');
    expect(t.options).toMatchObject({ host: '::1', port: 6390, db: 1 });
  });

  it('rediss:// is TLS with the host as server name; a user name is decoded, and not displayed', () => {
    const t = parseQueueUrl('rediss://grundy%20jobs@queue.example:6380', {});
    expect(t.display).toBe('rediss://queue.example:6380/0');
    expect(t.options).toStrictEqual({
      host: 'queue.example',
      port: 6380,
      db: 0,
      connectTimeout: 3000,
      username: 'grundy jobs',
      tls: { servername: 'queue.example' },
    });
  });

  it('the password comes from GRUNDY_REDIS_PASSWORD, else REDISCLI_AUTH, and an empty one is none', () => {
    const url = 'redis://127.0.0.1:6379';
    expect(parseQueueUrl(url, { GRUNDY_REDIS_PASSWORD: 'pw1', REDISCLI_AUTH: 'pw2' }).options.password).toBe('pw1');
    expect(parseQueueUrl(url, { REDISCLI_AUTH: 'pw2' }).options.password).toBe('pw2');
    expect(parseQueueUrl(url, { GRUNDY_REDIS_PASSWORD: '' }).options).not.toHaveProperty('password');
    expect(parseQueueUrl(url, {}).options).not.toHaveProperty('password');
  });

  it('refuses a password in the URL without repeating it, and every other malformed URL, in one line', () => {
    const leaked = refusal('redis://user:s3cret@127.0.0.1:6379');
    expect(leaked).toMatch(/must not carry a password.*GRUNDY_REDIS_PASSWORD/);
    expect(leaked).not.toContain('s3cret');
    const notUrl = refusal('redis://user:s3cret@[oops');
    expect(notUrl).toMatch(/is not a URL; give redis:\/\/HOST:PORT/);
    expect(notUrl).not.toContain('s3cret');
    expect(refusal('127.0.0.1:6379')).toMatch(/^--queue '127\.0\.0\.1:6379' is not a URL/);
    expect(refusal('localhost:6379')).toMatch(/must be a redis:\/\/ or rediss:\/\/ URL, not localhost:\/\/\.\.\./);
    expect(refusal('http://127.0.0.1:6379')).toMatch(/must be a redis:\/\/ or rediss:\/\/ URL, not http:\/\/\.\.\./);
    expect(refusal('redis://')).toMatch(/needs a host/);
    expect(refusal('redis://127.0.0.1:6379/x')).toMatch(/database 'x' must be a number 0-15/);
    expect(refusal('redis://127.0.0.1:6379/123')).toMatch(/database '123' must be a number/);
    for (const raw of ['redis://user:s3cret@127.0.0.1', 'nope', 'redis://h/1/2'])
      expect(refusal(raw)).not.toMatch(/\n/);
  });
});

describe('redactUrl', () => {
  it('hides the password of a URL and leaves one without a password alone', () => {
    expect(redactUrl('redis://user:s3cret@host:6379/0')).toBe('redis://user:***@host:6379/0');
    expect(redactUrl('redis://:s3cret@host')).toBe('redis://:***@host');
    expect(redactUrl('redis://user@host:6379')).toBe('redis://user@host:6379');
    expect(redactUrl('redis://host:6379/0')).toBe('redis://host:6379/0');
  });
});

describe('bullConnection', () => {
  it("keeps every option and lets BullMQ's clients retry for ever", () => {
    const target = parseQueueUrl('rediss://u@queue.example:6380/2', { GRUNDY_REDIS_PASSWORD: 'pw' });
    expect(bullConnection(target)).toStrictEqual({ ...target.options, maxRetriesPerRequest: null });
  });
});

describe('probeQueue and lastStreamId on a real redis-server', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.proc.stop('SIGKILL');
  });

  it('a server that answers passes the probe', async () => {
    await expect(probeQueue(parseQueueUrl(redis.url, {}))).resolves.toBeUndefined();
  });

  it('no server: a one-line QueueError naming the queue, without the password', async () => {
    const port = await freePort();
    const target = parseQueueUrl(`redis://127.0.0.1:${port}/0`, { GRUNDY_REDIS_PASSWORD: 's3cret' });
    const err = await probeQueue(target).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(QueueError);
    const message = (err as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^cannot reach the queue at redis://127\\.0\\.0\\.1:${port}/0 \\(.+\\); is redis-server running there\\?$`,
      ),
    );
    expect(message).not.toContain('s3cret');
  });

  it('the newest id of a stream, or 0-0 when it is empty or absent', async () => {
    const target = parseQueueUrl(redis.url, {});
    expect(await lastStreamId(target, 'grundy-test:absent')).toBe('0-0');
    const client = new Redis(redis.url);
    try {
      await client.xadd('grundy-test:events', '1-1', 'event', 'a');
      await client.xadd('grundy-test:events', '5-2', 'event', 'b');
      expect(await lastStreamId(target, 'grundy-test:events')).toBe('5-2');
      await client.set('grundy-test:not-a-stream', 'x');
      await expect(lastStreamId(target, 'grundy-test:not-a-stream')).rejects.toThrow(
        /cannot read the queue's event stream at redis:\/\/127\.0\.0\.1:\d+\/0 \(/,
      );
    } finally {
      client.disconnect();
    }
  });
});
