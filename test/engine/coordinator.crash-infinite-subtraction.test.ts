import { defineCrashSuite } from '../helpers/crash-games.js';

defineCrashSuite({
  label: 'infinite-subtraction',
  key: 'sub:squares',
  args: ['compute', 'sub:squares', '--until-proven', '--to', '6e4', '--workers', '1'],
  killPoints: ['commit:1', 'after-commit:3', 'commit:5'],
  randomKills: 3,
  seed: 6001,
});
