import { runCli } from './cli.js';

/** What `grundy eval LINE --json` printed: its exit code, the parsed JSON on success, stderr. */
export type Json = Record<string, unknown>;
export interface AloneResult {
  readonly code: number | null;
  readonly json?: Json;
  readonly stderr: string;
}

/**
 * `grundy eval LINE --json --moves all` on one store, run once per line however often it is asked:
 * what a batch line must agree with.
 */
export function evalAlone(db: string, cwd: string): (line: string) => Promise<AloneResult> {
  const runs = new Map<string, Promise<AloneResult>>();
  return (line) => {
    let r = runs.get(line);
    if (!r) {
      const args = ['eval', line, '--json', '--moves', 'all', '--db', db, '--workers', '1'];
      r = runCli(args, { cwd }).then((x) =>
        x.code === 0 ? { code: 0, json: JSON.parse(x.stdout) as Json, stderr: x.stderr } : { ...x },
      );
      runs.set(line, r);
    }
    return r;
  };
}

/** A sum's batch record holds the fields of `eval --json` in the batch's compact form. */
export function compactRecord(single: Json): Json {
  const components = single.components as { values: unknown[] }[];
  const { position, nimSum, outcome, moves } = single;
  return { position, values: components.map((c) => c.values), nimSum, outcome, moves };
}
