import { GrundyError } from '../src/errors.js';
import { GameSolver } from '../src/sweep/solve-game.js';
import type { GameResult, SweepBatchOutcome, SweepBatchTask } from '../src/sweep/protocol.js';

/** Scratch reused by every batch this thread runs. */
const solver = new GameSolver();

export default function runSweepBatch(task: SweepBatchTask): SweepBatchOutcome {
  const results: GameResult[] = [];
  const opts = { limit: task.limit, fixedLength: task.fixedLength };
  for (const { ord, rules } of task.games) {
    try {
      const started = performance.now();
      const solved = solver.solve(rules, opts);
      const elapsedMs = performance.now() - started;
      const result: GameResult = {
        ord,
        game: rules.key,
        periodicity: solved.periodicity,
        maxValue: solved.maxValue,
        computed: solved.computed,
        elapsedMs,
      };
      // slice(): the solver's values are a view of scratch that the next game overwrites.
      results.push(task.keepTables ? { ...result, values: solved.values.slice() } : result);
    } catch (err) {
      const message = `${rules.key}: ${err instanceof Error ? err.message : String(err)}`;
      return { kind: 'error', message, exitCode: err instanceof GrundyError ? err.exitCode : 5, results };
    }
  }
  return { kind: 'done', results };
}
