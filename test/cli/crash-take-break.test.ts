import { defineCrashSuite } from './crash-games.js';

defineCrashSuite({
  label: 'take-break',
  key: 'octal:0.16',
  args: ['compute', 'octal:0.16', '--until-proven', '--to', '5000', '--workers', '1'],
  killPoints: ['commit:2', 'after-commit:1', 'commit:11'],
  randomKills: 3,
  seed: 6002,
});
