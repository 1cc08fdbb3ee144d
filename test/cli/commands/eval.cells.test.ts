import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';

/** A board's positions are cells (x, y) in every output of eval, never the engine's cell index. */
const { dir, cleanup } = tempDir();
const db = join(dir, 'cells.db');
const grundy = (args: readonly string[]) => runCli([...args, '--db', db, '--workers', '1']);
beforeAll(async () => {
  const r = await grundy(['compute', 'wythoff', '--size', '16']);
  expect(r.code, r.stderr).toBe(0);
});
afterAll(cleanup);

describe('grundy eval on a board writes cells', () => {
  it('--json: components carry cells [x, y], a move its from and leaves as cells', async () => {
    const p = await grundy(['eval', 'wythoff@3,5', '--json']);
    expect(p.code, p.stderr).toBe(0);
    const json = JSON.parse(p.stdout) as { components: Record<string, unknown>[] };
    expect(json.components[0]).toEqual({ spec: 'wythoff', game: 'wythoff', cells: [[3, 5]], values: [0] });
    const n = await grundy(['eval', 'wythoff@3,6 + nim@2', '--json', '--moves', 'all']);
    expect(n.code, n.stderr).toBe(0);
    const moves = (JSON.parse(n.stdout) as { moves: Record<string, unknown>[] }).moves;
    const board = moves.filter((m) => m.component === 1);
    expect(board.length).toBeGreaterThan(0);
    for (const m of board) {
      expect(m.from).toEqual([3, 6]);
      const [x, y] = (m.leaves as [number, number][])[0]!;
      expect(x <= 3 && y <= 6 && x + y < 9).toBe(true);
    }
    expect(moves.find((m) => m.component === 2)?.from).toBe(2);
  });
  it('text and batches: cells (3, 6), never the index', async () => {
    const text = await grundy(['eval', 'wythoff@3,6']);
    expect(text.stdout).toContain('cells (3, 6)');
    expect(text.stdout).toContain('component 1 (wythoff), (3, 6): ');
    expect(text.stdout).not.toMatch(/\b48\b/);
    const batch = await runCli(['eval', '--file', '-', '--moves', 'one', '--db', db], { input: 'wythoff@3,6\n' });
    expect(batch.code, batch.stderr).toBe(0);
    expect(batch.stdout).toContain('component 1 cell (3, 6): ');
    const jsonl = await runCli(['eval', '--file', '-', '--moves', 'one', '--json', '--db', db], {
      input: 'wythoff@3,6\n',
    });
    expect((JSON.parse(jsonl.stdout) as { moves: { from: unknown }[] }).moves[0]!.from).toEqual([3, 6]);
  });
});
