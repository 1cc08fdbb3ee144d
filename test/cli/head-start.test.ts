import { afterEach, describe, expect, it } from 'vitest';
import { startComputeThreads } from '../../src/cli/head-start.js';
import { defaultWorkers, headStartThreads, releaseHeadStart } from '../../src/api/threads.js';

describe('the threads grundy compute starts before the CLI loads', () => {
  afterEach(() => releaseHeadStart());

  /** How many threads a command line starts ahead. */
  function ahead(argv: string[]): number {
    startComputeThreads(argv);
    return headStartThreads();
  }

  it('are as many as --workers gives, in either form, else the default', async () => {
    expect(ahead(['compute', 'kayles', '--workers', '3'])).toBe(3);

    await releaseHeadStart();
    expect(ahead(['compute', 'kayles', '--to', '1e6', '--workers=1'])).toBe(1);
    await releaseHeadStart();
    expect(ahead(['compute', 'octal:0.6', '--to', '2^20'])).toBe(defaultWorkers());
  });

  it('are none for another command, for help, or for a --workers that is not a plain count', () => {
    for (const argv of [
      ['query', 'kayles', '5'],
      ['sweep', 'sub:1..3', '--workers', '2'],
      ['compute', 'kayles', '--help'],
      ['compute', '-h'],
      ['compute', 'help'],
      ['compute', '--version'],
      ['compute', 'kayles', '--workers', '0'],
      ['compute', 'kayles', '--workers', 'two'],
      ['compute', 'kayles', '--workers=1e3'],
      ['compute', 'kayles', '--workers', '257'],
      ['compute', 'kayles', '--workers'],
      [],
    ]) {
      expect(ahead(argv), argv.join(' ')).toBe(0);
    }
  });
});
