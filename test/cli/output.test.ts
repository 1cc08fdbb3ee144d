import { describe, expect, it } from 'vitest';
import type { ComputeProgress } from '../../src/engine/compute-request.js';
import { fitFields, fmtDuration, lineWidth, ProgressBar, progressLine } from '../../src/cli/output.js';

describe('fmtDuration: one rule for every duration', () => {
  it('ms below a second, 3 significant digits of seconds below a minute, then min s, then h min', () => {
    const cases: [number, string][] = [
      [0, '0 ms'],
      [891.4, '891 ms'],
      [999.6, '1.00 s'],
      [1234, '1.23 s'],
      [12_345, '12.3 s'],
      [59_940, '59.9 s'],
      [59_960, '1 min 0 s'],
      [101_060, '1 min 41 s'],
      [127_000, '2 min 7 s'],
      [3_599_400, '59 min 59 s'],
      [3_599_600, '1 h 0 min'],
      [11_520_000, '3 h 12 min'],
      [Number.POSITIVE_INFINITY, '?'],
    ];
    for (const [ms, text] of cases) expect(fmtDuration(ms), String(ms)).toBe(text);
  });
});

describe('fitFields: whole fields dropped by rank, never cut', () => {
  const fields = [
    { text: 'game', sep: '', rank: 0 },
    { text: 'a-low', sep: '  ', rank: 3 },
    { text: 'b-high', sep: '  ', rank: 1 },
    { text: 'c-low', sep: '  ', rank: 3 },
  ];
  it('keeps every field when they fit, then drops the highest rank (the last of equals) first', () => {
    expect(fitFields(fields, 100)).toBe('game  a-low  b-high  c-low');
    expect(fitFields(fields, 26)).toBe('game  a-low  b-high  c-low');
    expect(fitFields(fields, 25)).toBe('game  a-low  b-high');
    expect(fitFields(fields, 19)).toBe('game  a-low  b-high');
    expect(fitFields(fields, 18)).toBe('game  b-high');
    expect(fitFields(fields, 12)).toBe('game  b-high');
    expect(fitFields(fields, 11)).toBe('game');
  });
  it('cuts only a rank-0 field that alone is wider than the line', () => {
    expect(fitFields(fields, 3)).toBe('gam');
  });
  it('a stream of unknown width counts as 80 columns', () => {
    expect(lineWidth({} as NodeJS.WriteStream)).toBe(79);
    expect(lineWidth({ columns: 120 } as NodeJS.WriteStream)).toBe(119);
  });
});

describe('the progress line on a narrow terminal', () => {
  const p: ComputeProgress = {
    game: 'octal:0.137',
    computed: 1_234_567,
    target: 10_000_000,
    startedFrom: 0,
    elapsedMs: 101_060,
    maxValue: 231,
    periodicity: { preperiod: 0, period: 12, saltus: 0, proven: false, criterion: 'none', checkedTo: 1000 },
    facts: { mask: '0x1ee', rare: 1583 },
  } as ComputeProgress;
  const full = progressLine(p, true);
  it('is whole when it fits', () => {
    expect(full).toBe(
      'octal:0.137 [###.....................] 12.3% 1,234,567/10,000,000  12.2k states/s  ETA 11 min 58 s' +
        '  max 231  period 12?  mask 0x1ee  rare 1583',
    );
  });
  it('at 79 columns keeps the ETA and the maximum whole, dropping the facts, the bar and the rate', () => {
    const line = progressLine(p, true, 79);
    expect(line).toBe('octal:0.137 12.3% 1,234,567/10,000,000  ETA 11 min 58 s  max 231  period 12?');
    expect(line.length).toBeLessThanOrEqual(79);
  });
  it('narrower still: the percentage and the ETA stay last', () => {
    expect(progressLine(p, true, 60)).toBe('octal:0.137 12.3% 1,234,567/10,000,000  ETA 11 min 58 s');
    expect(progressLine(p, true, 40)).toBe('octal:0.137 12.3%  ETA 11 min 58 s');
    expect(progressLine(p, true, 30)).toBe('octal:0.137 12.3%');
    expect(progressLine({ ...p, elapsedMs: 900 }, false, 40)).toBe('octal:0.137 1,234,567 values  900 ms');
  });
  it('every width gives a line no wider than it, made of whole fields of the full line', () => {
    const words = new Set(full.split(/\s+/));
    for (let width = 11; width <= full.length; width++) {
      const line = progressLine(p, true, width);
      expect(line.length).toBeLessThanOrEqual(width);
      for (const word of line.split(/\s+/)) expect(words.has(word), `${width}: ${word}`).toBe(true);
    }
  });
  it('a ProgressBar on a TTY of 60 columns writes the fitted line', () => {
    const written: string[] = [];
    const stream = {
      isTTY: true,
      columns: 60,
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WriteStream;
    new ProgressBar(true, stream, 60_000, () => 1_000_000).update(p);
    expect(written).toEqual([`\r${progressLine(p, true, 59)}\x1b[K`]);
    expect(written[0]).toContain('ETA 11 min 58 s');
  });
});
