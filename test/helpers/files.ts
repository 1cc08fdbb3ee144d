import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The paths of the files under dir, at any depth, whose names end with suffix. */
export function* filesUnder(dir: string, suffix: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path, suffix);
    else if (entry.name.endsWith(suffix)) yield path;
  }
}
