import { defineCrashSuite } from '../helpers/crash-games.js';

defineCrashSuite({
  label: 'all-but',
  key: 'allbut:1,2',
  args: ['compute', 'allbut:1,2', '--until-proven', '--to', '2e5', '--workers', '1'],
  killPoints: ['commit:1', 'after-commit:2', 'commit:3', 'commit:2'],
  randomKills: 3,
  seed: 6003,
});
