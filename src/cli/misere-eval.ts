import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { eachMisereLine, evaluateMisere } from '../api/misere.js';
import { BatchLinesFailedError, type BatchFormat, batchFormat, type MovesMode } from '../api/evaluate.js';
import { UsageError } from '../errors.js';
import { MISERE_CSV_HEADER, misereJson, misereRecord, misereText } from '../api/format.js';
import { printJson } from './output.js';
import { isStdinArg, readStdin } from './stdin.js';

/** What grundy eval --misere takes from its flags. */
export interface MisereEvalArgs {
  readonly position: string;
  readonly file?: string;
  readonly out?: string;
  readonly json: boolean;
  readonly db?: string;
  readonly moves: MovesMode;
  readonly limit: number;
  readonly workers?: number;
  readonly budget?: number;
  readonly onCompute: (key: string, to: number, untilProven?: boolean) => void;
}

/**
 * grundy eval --misere: one position, or a file of them evaluated on this thread (each game
 * resolved once; docs/misere.md). A bad line is reported and counted, the others are written.
 */
export async function misereEvalCommand(args: MisereEvalArgs): Promise<void> {
  const options = {
    ...(args.db !== undefined ? { db: args.db } : {}),
    moves: args.moves,
    limit: args.limit,
    ...(args.workers !== undefined ? { workers: args.workers } : {}),
    ...(args.budget !== undefined ? { budget: args.budget } : {}),
    onCompute: args.onCompute,
  };
  if (args.file === undefined) {
    const r = await evaluateMisere(args.position, options);
    if (args.json) printJson(misereJson(r.position, r.components, r.evaluation));
    else process.stdout.write(misereText(r.position, r.components, r.evaluation, args.moves));
    return;
  }
  const format: BatchFormat = args.out !== undefined ? batchFormat(args.out) : args.json ? 'jsonl' : 'text';
  let text: string;
  if (isStdinArg(args.file)) text = await readStdin('positions');
  else {
    try {
      text = readFileSync(args.file, 'utf8');
    } catch {
      throw new UsageError(`--file ${args.file} does not exist or is not a file`);
    }
  }
  const numbered = text
    .split('\n')
    .map((raw, i) => ({ line: i + 1, text: raw.trim() }))
    .filter((l) => l.text !== '' && !l.text.startsWith('#'));
  // Results are written as they come, a block at a time: a large file keeps no evaluations in memory.
  let failed = 0;
  let pending: string[] = format === 'csv' ? [MISERE_CSV_HEADER] : [];
  let size = 0;
  const fd = args.out !== undefined ? openSync(args.out, 'w') : null;
  const flush = () => {
    if (pending.length > 0) {
      if (fd === null) process.stdout.write(pending.join(''));
      else writeSync(fd, pending.join(''));
    }
    pending = [];
    size = 0;
  };
  try {
    await eachMisereLine(
      numbered.map((l) => l.text),
      options,
      (r, i) => {
        const line = numbered[i]!.line;
        let record: string;
        if ('error' in r) {
          failed++;
          process.stderr.write(`grundy: line ${line}: ${r.error.message}\n`);
          record = misereRecord(line, r.position, [], null, format, r.error.message);
        } else record = misereRecord(line, r.position, r.components, r.evaluation, format);
        pending.push(record);
        size += record.length;
        if (size >= 1 << 16) flush();
      },
    );
    flush();
  } finally {
    if (fd !== null) closeSync(fd);
  }
  if (failed > 0) {
    throw new BatchLinesFailedError(
      `${failed} of ${numbered.length} positions failed; ` +
        `the others were evaluated${args.out ? ` into ${args.out}` : ''}`,
    );
  }
}
