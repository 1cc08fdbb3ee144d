import { GrundyError } from '../src/errors.js';
import { BatchResultsBuilder, batchLength } from '../src/sweep/batch.js';
import { GameSolver, type GameSolution } from '../src/sweep/solve-game.js';
import type { SweepBatchOutcome, SweepBatchTask } from '../src/sweep/protocol.js';

/** Scratch reused by every batch this thread runs. */
const solver = new GameSolver();

export default function runSweepBatch(task: SweepBatchTask): SweepBatchOutcome {
  const { games } = task;
  const count = batchLength(games);
  const results = new BatchResultsBuilder(count);
  const opts = { limit: task.limit, fixedLength: task.fixedLength };
  for (let i = 0; i < count; i++) {
    let set: Int32Array | null = null;
    try {
      const started = performance.now();
      let solved: GameSolution;
      if (games.kind === 'sets') {
        set = games.elements.subarray(games.offsets[i]!, games.offsets[i + 1]!);
        solved = solver.solveSet(games.family, set, opts);
      } else {
        solved = solver.solve(games.rules[i]!, opts);
      }
      const elapsedMs = performance.now() - started;
      results.push({
        ord: games.ords[i]!,
        periodicity: solved.periodicity,
        maxValue: solved.maxValue,
        computed: solved.computed,
        elapsedMs,
        // slice(): the solver's values are a view of scratch that the next game overwrites.
        ...(task.keepTables ? { values: solved.values.slice() } : {}),
      });
    } catch (err) {
      const game = games.kind === 'sets' ? `${games.family}:${Array.from(set ?? []).join(',')}` : games.rules[i]!.key;
      const message = `${game}: ${err instanceof Error ? err.message : String(err)}`;
      return {
        kind: 'error',
        message,
        exitCode: err instanceof GrundyError ? err.exitCode : 5,
        results: results.finish(),
      };
    }
  }
  return { kind: 'done', results: results.finish() };
}
