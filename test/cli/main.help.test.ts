import { describe, expect, it } from 'vitest';
import { MAX_BOARD } from '../../src/engine/board-compute.js';
import { runCli } from '../helpers/cli.js';

const COMMANDS = [
  ...['compute', 'query', 'show', 'list', 'export', 'eval', 'count', 'sweep', 'sweeps', 'rm', 'store'],
  ...['vacuum', 'table', 'nimber', 'plot', 'serve', 'bench', 'worker'],
];

describe('help in an 80-column terminal (issue 40)', () => {
  it.each(COMMANDS)('grundy %s --help: no line past 80, each example whole on its own line', async (command) => {
    const r = await runCli([command, '--help'], { env: { COLUMNS: '80' } });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    const start = lines.indexOf('Examples:');
    expect(start).toBeGreaterThan(0);
    const end = lines.indexOf('', start);
    const block = lines.slice(start + 1, end);
    expect(block.length).toBeGreaterThan(0);
    // Pairs: a description as a shell comment, then the command, never cut onto a second line.
    block.forEach((line, i) => {
      if (i % 2 === 0) expect(line, line).toMatch(/^ {2}# \S/);
      else expect(line, line).toMatch(/^ {2}(?!# )(\S.* )?grundy \S/);
    });
  });

  it('--size states the largest board the engine computes', async () => {
    const r = await runCli(['compute', '--help'], { env: { COLUMNS: '80' } });
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(`the N x N table, N <= ${MAX_BOARD}`);
  });
});
