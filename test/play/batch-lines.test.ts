import { describe, expect, it } from 'vitest';
import { sharedValues } from '../../src/kernels/values.js';
import type { EvalTask, TableRef } from '../../src/play/batch-protocol.js';
import { evalSlice, scanSlice } from '../../src/play/batch-lines.js';
import { parseRules, periodDetector } from '../../src/games/registry.js';
import { naiveValues, randInt, rng } from '../helpers/naive-games.js';

function table(spec: string, length: number): TableRef {
  const rules = parseRules(spec);
  const naive = naiveValues(rules, length);
  const shared = sharedValues(8, length);
  shared.set(naive);
  const cert = rules.family === 'nim' ? null : periodDetector(rules).detect(naive, length);
  return {
    rules,
    buffer: shared.buffer as SharedArrayBuffer,
    width: 8,
    length: rules.family === 'nim' ? 0 : length,
    cert: cert?.proven ? cert : null,
  };
}

describe('batch slices', () => {
  const tables = [table('kayles', 400), table('grundy', 300), table('nim', 0)];
  const specs = { kayles: 0, 'octal:0.77': 0, grundy: 1, nim: 2, bad: { error: 'bad game' } };
  const r = rng(99);
  const lines = Array.from({ length: 400 }, () => {
    const k = randInt(r, 0, 3) === 0 ? `${randInt(r, 1, 1e9)}${randInt(r, 0, 1e9)}` : String(randInt(r, 0, 399));
    return `kayles@${k} + grundy@${randInt(r, 0, 299)},${randInt(r, 0, 299)} + nim@${randInt(r, 0, 50)}`;
  });
  const text = `${lines.join('\n')}\n# comment\nbad@3\nkayles@2^80\n`;
  const task = (moves: EvalTask['moves']): EvalTask => ({
    kind: 'eval',
    text,
    firstLine: 1,
    specs,
    tables,
    moves,
    limit: 5,
    format: 'jsonl',
  });

  it('the fast path (no moves) agrees with the general BigInt path on every line', async () => {
    const fast = await evalSlice(task('none'));
    const full = await evalSlice(task('one'));
    if (fast.kind !== 'eval' || full.kind !== 'eval') throw new Error('unexpected outcome');
    const a = fast.output
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const b = full.output
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(a).toHaveLength(402);
    a.forEach((x, i) => {
      expect(x.line).toBe(b[i].line);
      expect(x.values).toEqual(b[i].values);
      expect(String(x.nimSum)).toBe(String(b[i].nimSum));
      expect(x.position).toBe(b[i].position);
    });
    expect(fast.errors).toEqual([{ line: 402, message: 'bad game' }]);
    expect(a[400].error).toBe('bad game');
    expect(b.filter((x) => x.outcome === 'N').every((x) => x.moves.length === 1)).toBe(true);
  });

  it('scan reports every spec with its largest heap and its largest heap <= 1e6', () => {
    const out = scanSlice({ kind: 'scan', text: 'kayles@5 + nim@3\nkayles@2000000,7\nkayles@1e20\nbroken\n' });
    if (out.kind !== 'scan') throw new Error('unexpected outcome');
    expect(Object.fromEntries(out.specs.map(([s, top, small]) => [s, [top, small]]))).toEqual({
      kayles: ['100000000000000000000', '7'],
      nim: ['3', '3'],
    });
  });
});
