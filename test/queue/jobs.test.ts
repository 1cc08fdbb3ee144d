import { afterEach, describe, expect, it } from 'vitest';
import { decodePayload, encodePayload, envMs, QUEUE_NAME } from '../../src/queue/jobs.js';

describe('job payloads', () => {
  it('cross as base64 of the structured clone: typed arrays, BigInts, maps and nesting come back as they went', () => {
    const task = {
      kind: 'sweep',
      ords: Int32Array.from([3, 1, 4, 1, 5]),
      values: new Uint16Array([0, 65535, 7]),
      big: 10n ** 30n,
      nested: { list: [1, 'two', null, true], when: new Map([['a', 1]]) },
    };
    const text = encodePayload(task);
    expect(text).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const back = decodePayload<typeof task>(text);
    expect(back).toStrictEqual(task);
    expect(back.ords).toBeInstanceOf(Int32Array);
    expect(back.values).toBeInstanceOf(Uint16Array);
    expect(decodePayload(encodePayload('plain'))).toBe('plain');
  });

  it('a payload that is not one throws rather than decoding to something', () => {
    expect(() => decodePayload('bm90IGEgcGF5bG9hZA==')).toThrow();
  });

  it('workers and coordinators meet on one queue name', () => {
    expect(QUEUE_NAME).toBe('grundy-jobs');
  });
});

describe('envMs', () => {
  const NAME = 'GRUNDY_TEST_ENV_MS';
  afterEach(() => {
    delete process.env[NAME];
  });

  it('a positive number of milliseconds from the environment, else the fallback', () => {
    expect(envMs(NAME, 30_000)).toBe(30_000);
    process.env[NAME] = '1500';
    expect(envMs(NAME, 30_000)).toBe(1500);
    process.env[NAME] = '2.5';
    expect(envMs(NAME, 30_000)).toBe(2.5);
    for (const bad of ['', '0', '-5', 'abc', 'Infinity', '12ms']) {
      process.env[NAME] = bad;
      expect(envMs(NAME, 30_000), JSON.stringify(bad)).toBe(30_000);
    }
  });
});
