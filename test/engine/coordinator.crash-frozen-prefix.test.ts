import { defineCrashSuite } from '../helpers/crash-games.js';

// The parallel kernel: with two workers subtract-a-prime runs frozen-prefix chunks (gathers on
// both threads, then an ordered finish), each chunk committed as before.
defineCrashSuite({
  label: 'frozen-prefix',
  key: 'sub:primes',
  args: ['compute', 'sub:primes', '--until-proven', '--to', '2e4', '--workers', '2'],
  killPoints: ['commit:2', 'after-commit:3', 'commit:3'],
  randomKills: 3,
  seed: 6004,
});
