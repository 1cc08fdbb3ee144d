import { describe, expect, it } from 'vitest';
import { dbArg } from '../../src/cli/db-arg.js';

describe('the store a command line names', () => {
  it('reads --db FILE and --db=FILE anywhere, the last one winning', () => {
    expect(dbArg(['query', 'kayles', '5'])).toBeUndefined();
    expect(dbArg(['query', 'kayles', '5', '--db', 'a.db'])).toBe('a.db');
    expect(dbArg(['--db=b c.db', 'query', 'kayles', '5'])).toBe('b c.db');
    expect(dbArg(['--db', 'a.db', 'query', 'kayles', '--db=b.db'])).toBe('b.db');
    // A trailing --db with no file names none (yargs reports the missing value).
    expect(dbArg(['query', 'kayles', '--db'])).toBeUndefined();
  });
});
