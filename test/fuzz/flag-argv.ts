import fc from 'fast-check';

/**
 * Generated command lines for the flag fuzzers: real commands and flags mixed with junk, values
 * from the number/spec alphabets, "--flag=value" forms and stray dashes. Tokens that would end
 * the process (--help, --version) or choose another store (--db, --out) are left out: the
 * fuzzers pin the store to a file that is refused, so valid commands stop at exit 4 (or need no
 * store at all: nim positions, nim tables, exit 0). --file is left out like --out. --verbose
 * is left out too: it adds the stack trace on purpose.
 */
const COMMANDS = [
  'compute',
  'query',
  'show',
  'list',
  'export',
  'sweep',
  'eval',
  'count',
  'table',
  'comput',
  'play',
  '',
];
const FLAGS = [
  '--to',
  '--until-proven',
  '--workers',
  '--module-timeout',
  '--wait',
  '--json',
  '--format',
  '--first',
  '--no-json',
  '--size',
  '--max',
  '--digits',
  '--report',
  '--sort',
  '--top',
  '--csv',
  '--name',
  '--hex',
  '--no-until-proven',
  '--heaps',
  '--games',
  '--value',
  '--mod',
  '--moves',
  '--limit',
  '--to=',
  '-w',
  '--bogus',
  '--',
  '-',
  '---',
  '-j',
];
const VALUE_CHARS = '0123456789_eE^.+-,:x kaylesnimsubqrtoc/';
const FORBIDDEN = /^-+(no-)?(help|version|db|out|file|verbose)\b|^-h$|^-+[a-z]*[hv]$/i;

const value = fc.oneof(
  fc.string({ unit: fc.constantFrom(...VALUE_CHARS), maxLength: 12 }),
  fc.constantFrom(
    'kayles',
    'nim',
    'sub:1,3,4',
    'octal:0.77',
    '1e6',
    '2^20',
    '0..20',
    'csv',
    'json',
    'bfile',
    '10',
    '500ms',
    '-1',
    '1.5',
    'sub',
    'octal',
    'allbut',
    'period',
    'kayles@3',
    'nim@5 + kayles@2',
    'all',
  ),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);

const token = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FLAGS) },
  { weight: 3, arbitrary: value },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...FLAGS), value).map(([f, v]) => `${f}=${v}`) },
);

export const commandLine: fc.Arbitrary<string[]> = fc
  .tuple(fc.constantFrom(...COMMANDS), fc.array(token, { maxLength: 7 }))
  .map(([command, rest]) => (command === '' ? rest : [command, ...rest]).filter((t) => !FORBIDDEN.test(t)));
