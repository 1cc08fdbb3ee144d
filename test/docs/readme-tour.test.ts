import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, tempDir } from '../helpers/cli.js';

/**
 * The README's tour runs as written. The tour is the first fenced ```sh block after the heading
 * "## Tour" in README.md: one command a line, `# ...` comments allowed, pipes allowed. Each line
 * runs in order in bash (with pipefail), in a fresh temporary folder with GRUNDY_DB pointing into
 * it, `npx grundy` (or a bare `grundy`) at the start of a command replaced by `node bin/grundy.js`.
 */
const README = fileURLToPath(new URL('../../README.md', import.meta.url));

function tourCommands(markdown: string): string[] {
  const lines = markdown.split('\n');
  const heading = lines.findIndex((line) => line.trim() === '## Tour');
  if (heading < 0) throw new Error('README.md has no "## Tour" heading');
  const open = lines.findIndex((line, i) => i > heading && line.trim() === '```sh');
  const nextHeading = lines.findIndex((line, i) => i > heading && line.startsWith('## '));
  if (open < 0 || (nextHeading >= 0 && open > nextHeading)) throw new Error('the tour has no ```sh block');
  const close = lines.findIndex((line, i) => i > open && line.trim() === '```');
  return lines.slice(open + 1, close).filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
}

/** `npx grundy` or `grundy` where a command starts (the line's start, or after a pipe). */
function withLocalCli(command: string): string {
  return command.replace(/(^|\|\s*)(?:npx\s+)?grundy(?=\s)/g, (_m, before: string) => `${before}node "${CLI}"`);
}

/** One fact of the output for some tour commands, found by a part of the command. */
const FACTS: readonly { readonly command: string; readonly output: RegExp }[] = [
  { command: 'compute kayles --until-proven', output: /preperiod 71, period 12: proven/ },
  { command: 'compute sub:2,5,7 --until-proven', output: /period 22: proven/ },
  { command: 'query sub:2,5,7 2^100 --json', output: /"source": "certificate"/ },
  { command: 'eval --misere', output: /misère N-position .* by exact search/ },
  { command: 'grundy eval ', output: /nim-sum 0/ },
  { command: 'quotient octal:0.75 --eval 3,5,7', output: /^3 \+ 5 \+ 7: N \(class \S+\); move heap/ },
  { command: 'list', output: /octal:0\.77/ },
];

let dir: string;
let cleanup: () => void;
beforeAll(() => ({ dir, cleanup } = tempDir('grundy-tour-')));
afterAll(() => cleanup());

describe('the README tour', () => {
  const commands = tourCommands(readFileSync(README, 'utf8'));

  it('has a few commands, each naming grundy', () => {
    expect(commands.length).toBeGreaterThanOrEqual(5);
    for (const command of commands) expect(withLocalCli(command)).toContain(CLI);
  });

  it('every fact belongs to a tour command', () => {
    for (const fact of FACTS) expect(commands.some((c) => c.includes(fact.command))).toBe(true);
  });

  it('runs every command in order on a fresh store', () => {
    for (const command of commands) {
      const r = spawnSync('bash', ['-o', 'pipefail', '-c', withLocalCli(command)], {
        cwd: dir,
        env: { ...process.env, GRUNDY_DB: `${dir}/grundy.db` },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(r.status, `${command}\n${r.stderr}`).toBe(0);
      const fact = FACTS.find((f) => command.includes(f.command));
      if (fact) expect(r.stdout + r.stderr, command).toMatch(fact.output);
    }
  });
});
