import { defineCrashSuite } from './crash-games.js';

// The parallel kernel: with two workers Grundy's game runs frozen-prefix chunks (issue 3a),
// gathers on both threads and an ordered finish, each chunk committed as before.
defineCrashSuite({
  label: 'frozen-prefix',
  key: 'grundy',
  args: ['compute', 'grundy', '--until-proven', '--to', '1.2e4', '--workers', '2'],
  killPoints: ['commit:2', 'after-commit:5', 'commit:12'],
  randomKills: 3,
  seed: 6004,
});
