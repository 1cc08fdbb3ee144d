import { describe, expect, it } from 'vitest';
import {
  FAR,
  PROBE_MAX,
  PROBE_MIN,
  PLANES_VETO,
  RENEWED_CLEAR,
  RESCAN_VETO,
  SparsePathChooser,
  TILES_ALONE_VETO,
  type SparsePath,
} from '../../src/engine/sparse-path.js';

/**
 * Drive the chooser for `chunks` chunks with a fixed cost per heap for each path (µs), 1000
 * heaps a chunk (100 for probes): the paths it picked, in order.
 */
function drive(chooser: SparsePathChooser, chunks: number, us: (path: SparsePath, i: number) => number): SparsePath[] {
  const picked: SparsePath[] = [];
  for (let i = 0; i < chunks; i++) {
    const { path, probe } = chooser.next();
    picked.push(path);
    const heaps = probe ? 100 : 1000;
    chooser.record(path, heaps, (heaps * us(path, i)) / 1000);
  }
  return picked;
}

const count = (paths: SparsePath[], path: SparsePath): number => paths.filter((p) => p === path).length;

describe('choosing between one worker and a gang by measured time', () => {
  it('tries the gang twice first (its first chunk only compiles), then keeps the faster path', () => {
    const chooser = new SparsePathChooser();
    chooser.record('seq', 1000, 8);
    const picked = drive(chooser, 40, (path) => (path === 'gang' ? 4.5 : 8));
    expect(picked.slice(0, 3)).toEqual(['gang', 'gang', 'gang']);
    expect(count(picked, 'gang')).toBeGreaterThan(35);
    // The one-worker path is still probed now and then.
    expect(count(picked, 'seq')).toBeGreaterThan(0);
  });

  it('falls back to one worker when the gang is slower, probing it ever more rarely', () => {
    const chooser = new SparsePathChooser();
    chooser.record('seq', 1000, 1);
    const picked = drive(chooser, 2000, (path) => (path === 'gang' ? 1.4 : 1));
    const gangs = picked.map((p, i) => (p === 'gang' ? i : -1)).filter((i) => i >= 0);
    // Two warm-up chunks (the second, measured, already lost), a one-worker probe that takes
    // over, the gang probed PROBE_MIN chunks later, then at doubling distances up to PROBE_MAX.
    expect(gangs.slice(0, 2)).toEqual([0, 1]);
    expect(picked[2]).toBe('seq');
    const gaps = gangs.slice(2).map((g, k) => g - (gangs[k + 1] ?? 0));
    expect(gaps.length).toBeGreaterThan(5);
    expect(gaps[0]).toBe(PROBE_MIN + 1);
    for (let k = 1; k < gaps.length; k++) expect(gaps[k]).toBe(Math.min(PROBE_MAX, PROBE_MIN * 2 ** k));
    expect(count(picked, 'gang')).toBeLessThan(20);
  });

  it('probes one worker right after trials that do not clearly beat its figure from the start', () => {
    const chooser = new SparsePathChooser();
    // One worker's only figure, from a small chunk in a slow moment: 2 µs a heap (1 µs later).
    chooser.record('seq', 1000, 2);
    const picked = drive(chooser, 12, (path) => (path === 'gang' ? 1.9 : 1));
    expect(picked.slice(0, 3)).toEqual(['gang', 'gang', 'seq']);
    expect(count(picked.slice(3, 2 + PROBE_MIN), 'seq')).toBe(PROBE_MIN - 1);
    // Trials that clearly win carry on without that probe.
    const clear = new SparsePathChooser();
    clear.record('seq', 1000, 2);
    expect(drive(clear, 3, (path) => (path === 'gang' ? 1.7 : 1))).toEqual(['gang', 'gang', 'gang']);
  });

  it('probes a path at FAR times the current cost or more only every PROBE_MAX chunks', () => {
    const gapsAt = (gangUs: number): number[] => {
      const chooser = new SparsePathChooser();
      chooser.record('seq', 1000, 1);
      const picked = drive(chooser, 1200, (path) => (path === 'gang' ? gangUs : 1));
      const gangs = picked.map((p, i) => (p === 'gang' ? i : -1)).filter((i) => i >= 0);
      expect(gangs.slice(0, 2)).toEqual([0, 1]);
      return gangs.slice(2).map((g, k) => g - (gangs[k + 1] ?? 0));
    };
    // Two trials and one worker's probe, then the gang waits the longest at once.
    const far = gapsAt(FAR * 1.5);
    expect(far.length).toBe(4);
    expect(far[0]).toBe(PROBE_MAX + 1);
    for (const gap of far.slice(1)) expect(gap).toBe(PROBE_MAX);
    // Just short of the line, the waits double from PROBE_MIN.
    expect(gapsAt(FAR * 0.95)[0]).toBe(PROBE_MIN + 1);
  });

  it('gives a new gang kind (a pipe after tiles) two trials, then probes one worker unless it clearly wins', () => {
    // One worker's figure stays 1 µs a heap: below RENEWED_CLEAR of it the new gang goes on.
    for (const [gangUs, probed, winner] of [
      [1.2, true, 'seq'],
      [0.85, true, 'gang'],
      [RENEWED_CLEAR * 0.95, false, 'gang'],
    ] as const) {
      const chooser = new SparsePathChooser();
      chooser.record('seq', 1000, 1);
      drive(chooser, 20, (path) => (path === 'gang' ? 0.8 : 1));
      chooser.renewGang();
      expect(chooser.keepsGang()).toBe(true);
      const picked = drive(chooser, 4, (path) => (path === 'gang' ? gangUs : 1));
      expect(picked.slice(0, 3), `gang at ${gangUs}`).toEqual(['gang', 'gang', probed ? 'seq' : 'gang']);
      expect(picked[3], `gang at ${gangUs}`).toBe(winner);
    }
  });

  it('keeps a running gang going while it is the faster path, and ends it when one worker wins', () => {
    /** A gang started after one worker's chunk at seqUs a heap, its first two chunks at gangUs. */
    const started = (seqUs: number, gangUs: number): SparsePathChooser => {
      const chooser = new SparsePathChooser();
      chooser.record('seq', 1000, seqUs);
      expect(chooser.next().path).toBe('gang');
      // Its first chunk only compiles; the second is the first measured.
      chooser.record('gang', 100, gangUs / 10);
      expect(chooser.keepsGang()).toBe(true);
      chooser.carryOn();
      chooser.record('gang', 1000, gangUs);
      return chooser;
    };
    const faster = started(8, 4.5);
    for (let i = 0; i < 50; i++) {
      expect(faster.keepsGang()).toBe(true);
      faster.carryOn();
      faster.record('gang', 1000, 4.5);
    }
    const slower = started(1, 1.4);
    expect(slower.keepsGang()).toBe(false);
    // And the next chunk probes one worker at once.
    expect(slower.next()).toEqual({ path: 'seq', probe: true });
  });

  it('a single slow chunk does not flip the choice', () => {
    const chooser = new SparsePathChooser();
    chooser.record('seq', 1000, 1);
    // One-worker chunks cost 1 µs a heap except chunk 20 (a pause: 14 µs); the gang 1.4 µs.
    const picked = drive(chooser, 40, (path, i) => (path === 'gang' ? 1.4 : i === 20 ? 14 : 1));
    expect(picked.slice(21, 40).filter((p) => p === 'gang').length).toBeLessThanOrEqual(1);
  });

  it('a probe that wins takes over when the costs cross', () => {
    const chooser = new SparsePathChooser();
    chooser.record('seq', 1000, 1);
    // The gang is slower until chunk 100, then twice as fast.
    const picked = drive(chooser, 400, (path, i) => (path === 'gang' ? (i < 100 ? 2 : 0.5) : 1));
    expect(count(picked.slice(0, 100), 'gang')).toBeLessThan(10);
    expect(count(picked.slice(300), 'gang')).toBeGreaterThan(90);
  });

  it('the other path takes over only when clearly faster: a gang within 10% leaves one worker be', () => {
    const close = new SparsePathChooser();
    close.record('seq', 1000, 1);
    // The gang is slower until chunk 100, then 5% faster.
    const kept = drive(close, 300, (path, i) => (path === 'gang' ? (i < 100 ? 1.5 : 0.95) : 1));
    expect(count(kept.slice(20), 'gang')).toBeLessThan(15);
    // From its warm-up on, the gang stays while one worker is less than 10% faster.
    const first = new SparsePathChooser();
    first.record('seq', 1000, 1);
    expect(count(drive(first, 200, (path) => (path === 'gang' ? 1.05 : 1)).slice(20), 'gang')).toBeGreaterThan(170);
    const clear = new SparsePathChooser();
    clear.record('seq', 1000, 1);
    const taken = drive(clear, 200, (path) => (path === 'gang' ? 0.8 : 1));
    expect(count(taken.slice(20), 'gang')).toBeGreaterThan(170);
  });

  it('an old figure of the other path calls for a probe, never a switch', () => {
    const chooser = new SparsePathChooser();
    chooser.record('seq', 1000, 0.5);
    // Heaps cost more as they grow, the gang 1.4x one worker throughout: a gang figure from
    // its last probe, chunks ago, beats what one worker costs now (octal:0.354 once ran
    // 4 * 10^6 heaps on its slower gang so).
    const picked = drive(chooser, 400, (path, i) => (0.5 + i / 100) * (path === 'gang' ? 1.4 : 1));
    const runs = picked.map((p, i) => (p === 'gang' && i > 1 ? i : -1)).filter((i) => i >= 0);
    // Gang chunks past the warm-up are probes, one at a time.
    for (let k = 1; k < runs.length; k++) expect(runs[k]! - runs[k - 1]!).toBeGreaterThan(1);
    expect(count(picked.slice(2), 'gang')).toBeLessThan(12);
  });

  it('a gang that rescans nine heaps in ten gives way to one worker at once, even when it started faster', () => {
    const start = (rescanShare: number): SparsePathChooser => {
      const chooser = new SparsePathChooser();
      // One worker's only figure is from a small early chunk: 1 µs a heap; the gang's 0.5.
      chooser.record('seq', 1000, 1);
      expect(chooser.next().path).toBe('gang');
      chooser.record('gang', 100, 0.05, Math.round(100 * rescanShare));
      chooser.carryOn();
      chooser.record('gang', 1000, 0.5, Math.round(1000 * rescanShare));
      return chooser;
    };
    const vetoed = start(0.92);
    expect(vetoed.keepsGang()).toBe(false);
    expect(vetoed.next().path).toBe('seq');
    const kept = start(RESCAN_VETO - 0.05);
    expect(kept.keepsGang()).toBe(true);
  });

  it('a first gang chunk that rescans nine heaps in ten is not tried again', () => {
    const first = (rescanShare: number): SparsePathChooser => {
      const chooser = new SparsePathChooser();
      chooser.record('seq', 1000, 1);
      expect(chooser.next()).toEqual({ path: 'gang', probe: true });
      chooser.record('gang', 100, 0.3, Math.round(100 * rescanShare));
      return chooser;
    };
    const vetoed = first(0.98);
    expect(vetoed.keepsGang()).toBe(false);
    expect(vetoed.next().path).toBe('seq');
    const tried = first(0.5);
    expect(tried.keepsGang()).toBe(true);
    expect(tried.next()).toEqual({ path: 'gang', probe: false });
  });

  it('tiles that no pipe can follow are vetoed from a lower share of rescans', () => {
    const first = (rescanShare: number, veto: number): SparsePathChooser => {
      const chooser = new SparsePathChooser();
      chooser.record('seq', 1000, 1);
      expect(chooser.next()).toEqual({ path: 'gang', probe: true });
      chooser.record('gang', 100, 0.3, Math.round(100 * rescanShare), veto);
      return chooser;
    };
    const share = (TILES_ALONE_VETO + RESCAN_VETO) / 2;
    const alone = first(share, TILES_ALONE_VETO);
    expect(alone.keepsGang()).toBe(false);
    expect(alone.next().path).toBe('seq');
    const piped = first(share, RESCAN_VETO);
    expect(piped.keepsGang()).toBe(true);
    expect(piped.next()).toEqual({ path: 'gang', probe: false });
    // A veto lasts only as long as the gang's latest chunk says so.
    const below = first(TILES_ALONE_VETO - 0.1, TILES_ALONE_VETO);
    expect(below.keepsGang()).toBe(true);
  });

  it('a gang whose veto is lifted (the rare heaps for a pipe have come) is tried again at once', () => {
    const vetoed = (): SparsePathChooser => {
      const chooser = new SparsePathChooser();
      chooser.record('seq', 1000, 1);
      chooser.next();
      chooser.record('gang', 100, 0.3, 80, TILES_ALONE_VETO);
      return chooser;
    };
    /** The paths of `chunks` chunks on, one worker costing 1 µs a heap. */
    const paths = (chooser: SparsePathChooser, chunks: number): SparsePath[] => {
      const taken: SparsePath[] = [];
      for (let i = 0; i < chunks; i++) {
        const { path } = chooser.next();
        taken.push(path);
        chooser.record(path, 1000, path === 'seq' ? 1 : 3, path === 'gang' ? 500 : 0);
      }
      return taken;
    };
    const kept = vetoed();
    expect(paths(kept, PROBE_MIN + 1)).not.toContain('gang');
    const reopened = vetoed();
    reopened.reopenGang();
    // The second trial its veto had denied it comes next.
    expect(paths(reopened, 1)).toEqual(['gang']);
    // Vetoed at its second trial: reopened, it is probed after PROBE_MIN chunks, as a path that lost.
    const second = (): SparsePathChooser => {
      const chooser = vetoed();
      chooser.reopenGang();
      chooser.next();
      chooser.record('gang', 100, 0.3, 80, TILES_ALONE_VETO);
      return chooser;
    };
    expect(paths(second(), 2 * PROBE_MIN)).not.toContain('gang');
    const again = second();
    again.reopenGang();
    expect(paths(again, PROBE_MIN + 2)).toContain('gang');
    // Lifting a veto that is not there changes nothing.
    const plain = new SparsePathChooser();
    plain.record('seq', 1000, 1);
    plain.reopenGang();
    expect(plain.next()).toEqual({ path: 'gang', probe: true });
  });

  it("no gang runs while one worker runs its heaps on the split sums' words, and it is tried once they stop", () => {
    const chooser = new SparsePathChooser();
    chooser.record('seq', 1000, 1);
    chooser.planes(1000, 1000 * PLANES_VETO);
    // Even a gang figure that would win is neither tried nor probed: the gang has no words.
    const vetoed: SparsePath[] = [];
    for (let i = 0; i < 3 * PROBE_MAX; i++) {
      const { path, probe } = chooser.next();
      vetoed.push(path);
      expect(probe).toBe(false);
      chooser.record(path, 1000, 1);
      chooser.planes(1000, 900);
    }
    expect(vetoed).not.toContain('gang');
    expect(chooser.keepsGang()).toBe(false);
    // Fewer than PLANES_VETO of a chunk's heaps on the words (values past 63): the gang's first
    // trial comes at once, and a faster gang takes over.
    chooser.planes(1000, 1000 * PLANES_VETO - 1);
    expect(chooser.next()).toEqual({ path: 'gang', probe: true });
    const picked = drive(chooser, 40, (path) => (path === 'gang' ? 0.5 : 1));
    expect(count(picked, 'gang')).toBeGreaterThan(30);
    // A running gang gives way when one worker's chunk runs on the words again.
    const running = new SparsePathChooser();
    running.record('seq', 1000, 1);
    drive(running, 5, (path) => (path === 'gang' ? 0.5 : 1));
    expect(running.keepsGang()).toBe(true);
    running.planes(1000, 1000);
    expect(running.keepsGang()).toBe(false);
    expect(running.next()).toEqual({ path: 'seq', probe: false });
  });

  it('a gang that rescans nine heaps in ten never takes over, even when a slow spell says it would', () => {
    // One worker: 1 µs a heap, 3 µs in a slow spell (chunks 40-120); the gang: 1.5 µs always.
    const run = (rescanShare: number, chunks = 200): SparsePath[] => {
      const chooser = new SparsePathChooser();
      chooser.record('seq', 1000, 1);
      const picked: SparsePath[] = [];
      for (let i = 0; i < chunks; i++) {
        const { path, probe } = chooser.next();
        picked.push(path);
        const heaps = probe ? 100 : 1000;
        const us = path === 'gang' ? 1.5 : i >= 40 && i < 120 ? 3 : 1;
        chooser.record(path, heaps, (heaps * us) / 1000, path === 'gang' ? Math.round(heaps * rescanShare) : 0);
      }
      return picked;
    };
    // Without rescans the spell hands the chunks to the gang (as it should: it is faster then).
    expect(count(run(0).slice(40, 120), 'gang')).toBeGreaterThan(40);
    // Rescanning 95% of its heaps, it only gets its probes, PROBE_MAX chunks apart (each runs a
    // chunk at the gang's pace).
    const vetoed = run(0.95, 1000);
    expect(count(vetoed.slice(40, 200), 'gang')).toBe(0);
    const gangs = vetoed.map((p, i) => (p === 'gang' ? i : -1)).filter((i) => i >= 0);
    // Its first chunk's rescans veto it: no second trial chunk.
    expect(gangs[0]).toBe(0);
    expect(gangs.length).toBeGreaterThan(2);
    for (let k = 1; k < gangs.length; k++) expect(gangs[k]! - gangs[k - 1]!).toBeGreaterThanOrEqual(PROBE_MAX);
    expect(count(run(RESCAN_VETO - 0.05).slice(40, 120), 'gang')).toBeGreaterThan(40);
  });
});
