import { describe, expect, it } from 'vitest';
import { controlBytes, GANG, MEMBER, memberSlot, startGang } from '../../src/kernels/gang-control.js';
import { runMember, tileFor, type PhaseKernel } from '../../src/gang/member.js';

/** A phase kernel that records its calls and takes at least `usPerHeap` of wall time a heap. */
function recorder(usPerHeap = 0): PhaseKernel & { calls: string[] } {
  const calls: string[] = [];
  const spend = (heaps: number): void => {
    const until = performance.now() + (heaps * usPerHeap) / 1000;
    while (performance.now() < until);
  };
  return {
    calls,
    gather(s, e, F) {
      calls.push(`gather ${s} ${e} ${F}`);
      spend(e - s);
      return true;
    },
    finish(s, e, F) {
      calls.push(`finish ${s} ${e} ${F}`);
      return { next: e, overflow: 0 };
    },
    scribble() {},
  };
}

function gang(lo: number, hi: number, members: number): Int32Array {
  const ctl = new Int32Array(new SharedArrayBuffer(controlBytes(members)));
  startGang(ctl, lo, hi, 0, members);
  return ctl;
}

const never = (): boolean => false;

/** Member t's thread holds [s, e) (claimed, its record written); next heaps are claimed, below finished are final. */
function holding(ctl: Int32Array, member: number, s: number, e: number, finished: number, next: number): void {
  ctl[GANG.FINISHED] = finished;
  ctl[GANG.NEXT] = next;
  ctl[memberSlot(member, MEMBER.START)] = s;
  ctl[memberSlot(member, MEMBER.END)] = e;
}

describe('a gang member tile', () => {
  it('is the whole tile before any pace is known, and for the fastest member', () => {
    expect(tileFor(256, 0, 0)).toBe(256);
    expect(tileFor(256, 1000, 0)).toBe(256);
    expect(tileFor(256, 1000, 1000)).toBe(256);
  });

  it('given a time, is what the fastest member does in it: never more than the rows hold, nor under the floor', () => {
    const timed = { ns: 2_000_000, min: 256 };
    // 1 µs a heap: 2,000 heaps, but the rows hold 1,024.
    expect(tileFor(1024, 1000, 1000, timed)).toBe(1024);
    // 4 µs a heap: 500 heaps; a member twice as slow takes half as many.
    expect(tileFor(1024, 4000, 4000, timed)).toBe(500);
    expect(tileFor(1024, 8000, 4000, timed)).toBe(250);
    // 20 µs a heap: 100 heaps would be under the floor.
    expect(tileFor(1024, 20_000, 20_000, timed)).toBe(256);
    // No pace yet: the whole tile.
    expect(tileFor(1024, 0, 0, timed)).toBe(1024);
  });

  it('is a multiple of its alignment when longer than it, and as measured when not', () => {
    const timed = { ns: 800_000, min: 256 };
    // 1.1 µs a heap: 727 heaps, 720 in blocks of 16; a member 1.3x slower: 559 -> 544.
    expect(tileFor(16384, 1100, 1100, timed, 16)).toBe(720);
    expect(tileFor(16384, 1430, 1100, timed, 16)).toBe(544);
    expect(tileFor(16384, 1100, 1100, timed)).toBe(727);
    expect(tileFor(12, 1000, 1000, undefined, 16)).toBe(12);
  });

  it('is shorter in proportion for a slower member, down to a quarter', () => {
    expect(tileFor(256, 1250, 1000)).toBe(205);
    expect(tileFor(256, 2000, 1000)).toBe(128);
    expect(tileFor(256, 10_000, 1000)).toBe(64);
    expect(tileFor(3, 10_000, 1000)).toBe(1);
  });
});

describe('one gang member', () => {
  it('claims, gathers and finishes contiguous tiles in order until the chunk ends', () => {
    const ctl = gang(1000, 1700, 1);
    const kernel = recorder();
    runMember(ctl, { lo: 1000, hi: 1700, tile: 256, members: 1, member: 0 }, kernel, never);
    // Alone, every heap below its tile is final when it gathers: F = s.
    expect(kernel.calls).toEqual([
      'gather 1000 1256 1000',
      'finish 1000 1256 1000',
      'gather 1256 1512 1256',
      'finish 1256 1512 1256',
      'gather 1512 1700 1512',
      'finish 1512 1700 1512',
    ]);
    expect(ctl[GANG.FINISHED]).toBe(1700);
    expect(ctl[memberSlot(0, MEMBER.START)]).toBe(1512);
    expect(ctl[memberSlot(0, MEMBER.END)]).toBe(1700);
    expect(ctl[memberSlot(0, MEMBER.PACE)]).toBeGreaterThan(0);
  });

  it('takes shorter tiles once another member publishes a faster pace', () => {
    const ctl = gang(0, 400, 2);
    // Member 1 says it needs 1 ns a heap; member 0 needs at least 20 us: a quarter tile each.
    ctl[memberSlot(1, MEMBER.PACE)] = 1;
    const kernel = recorder(20);
    runMember(ctl, { lo: 0, hi: 400, tile: 100, members: 2, member: 0 }, kernel, never);
    const finishes = kernel.calls.filter((c) => c.startsWith('finish'));
    expect(finishes.slice(0, 3)).toEqual(['finish 0 100 0', 'finish 100 125 100', 'finish 125 150 125']);
    expect(ctl[GANG.FINISHED]).toBe(400);
  });

  it('times its tiles by the control block once the main thread sets it', () => {
    const second = (tileNs: number): string => {
      const ctl = gang(0, 1200, 2);
      // Member 1's pace: 1 µs a heap, 400 heaps in 400 µs and 200 in 200; member 0, at least 20
      // times slower, a quarter of that.
      ctl[memberSlot(1, MEMBER.PACE)] = 1000;
      ctl[GANG.TILE_NS] = tileNs;
      const kernel = recorder(20);
      const schedule = { lo: 0, hi: 1200, tile: 1000, timed: { ns: 400_000, min: 16 }, members: 2, member: 0 };
      runMember(ctl, schedule, kernel, never);
      return kernel.calls.filter((c) => c.startsWith('finish'))[1]!;
    };
    expect(second(0)).toBe('finish 1000 1100 1000');
    expect(second(200_000)).toBe('finish 1000 1050 1000');
  });

  it('redoes the tile its dead thread held before it claims another', () => {
    const ctl = gang(0, 300, 2);
    // The first thread of member 1 claimed [100, 200) and died before publishing it; member 0
    // has claimed [200, 300) since and waits for it.
    holding(ctl, 1, 100, 200, 100, 300);
    const kernel = recorder();
    runMember(ctl, { lo: 0, hi: 300, tile: 100, members: 2, member: 1 }, kernel, never);
    expect(kernel.calls).toEqual(['gather 100 200 100', 'finish 100 200 100']);
    expect(ctl[GANG.FINISHED]).toBe(200);
  });

  it('does not redo a tile it published, and stops at STOP', () => {
    const ctl = gang(0, 300, 1);
    holding(ctl, 0, 0, 100, 100, 100);
    ctl[GANG.STOP] = 150;
    const kernel = recorder();
    runMember(ctl, { lo: 0, hi: 300, tile: 100, members: 1, member: 0 }, kernel, never);
    // [100, 200) starts below STOP: finished; [200, 300) starts past it: never started.
    expect(kernel.calls).toEqual(['gather 100 200 100', 'finish 100 200 100']);
  });
});
