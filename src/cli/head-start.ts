import { defaultWorkers, headStart } from '../api/threads.js';
import { wantsHelp } from './help-words.js';

/** The most threads --workers takes (grundy compute refuses more): none are started past it. */
const MAX_AHEAD = 256;

/**
 * `grundy compute` starts its worker threads before the rest of the CLI loads (about 60 ms
 * here): bin/grundy.js calls this first, from its own small chunk of the bundle, and the threads
 * start on the other core meanwhile (headStart in engine/pool.ts). As many as --workers gives,
 * else the default. Help, and a --workers that is not a plain count in [1, 256] (the command then
 * says what is wrong with it), start none. The CLI's main() stops threads that no pool took.
 */
export function startComputeThreads(argv: readonly string[]): void {
  if (argv[0] !== 'compute' || wantsHelp(argv) || argv.includes('--version')) return;
  const at = argv.findIndex((a) => a === '--workers' || a.startsWith('--workers='));
  const flag = argv[at];
  const given =
    flag === undefined ? null : flag === '--workers' ? (argv[at + 1] ?? '') : flag.slice('--workers='.length);
  const count = given === null ? defaultWorkers() : /^[1-9][0-9]{0,2}$/.test(given) ? Number(given) : 0;
  if (count >= 1 && count <= MAX_AHEAD) headStart(count);
}
