import { defineCrashSuite } from './crash-games.js';

defineCrashSuite({
  label: 'infinite-subtraction',
  key: 'sub:squares',
  args: ['compute', 'sub:squares', '--until-proven', '--to', '6e4', '--workers', '1'],
  killPoints: ['commit:1', 'after-commit:3', 'commit:5'],
  randomKills: 3,
  // The run takes about half a second here, most of it Node's and the pool's start: kill early.
  killWindowMs: [280, 520],
  seed: 6001,
});
