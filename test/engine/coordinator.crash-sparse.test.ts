import { defineCrashSuite } from '../helpers/crash-games.js';

// octal:0.16 runs on the sparse-space kernel (issue: sparse space), whose mask and rare heaps
// are stored beside the table: a kill must leave both consistent with the committed chunks.
defineCrashSuite({
  label: 'sparse',
  key: 'octal:0.16',
  args: ['compute', 'octal:0.16', '--until-proven', '--to', '5e5', '--workers', '1'],
  killPoints: ['commit:2', 'after-commit:1', 'commit:11'],
  randomKills: 4,
  seed: 6002,
});
