import type { SweepProgress } from '../sweep/run-sweep.js';
import { fmtDuration, fmtInt, fmtRate } from './output.js';

/** "NAME [####....] 41.2%  14,100/34,220 games  12.3k games/s  ETA 1.6 s" on stderr, TTY only. */
export class SweepProgressBar {
  private lastDraw = 0;
  private drawn = false;

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  get enabled(): boolean {
    return this.stream.isTTY === true;
  }

  update(p: SweepProgress): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < 100 && p.done < p.total) return;
    this.lastDraw = now;
    const frac = p.total > 0 ? Math.min(1, p.done / p.total) : 1;
    const width = 16;
    const filled = Math.round(frac * width);
    const rate = p.doneNow / Math.max(0.001, p.elapsedMs / 1000);
    const eta = rate > 0 ? ((p.total - p.done) / rate) * 1000 : 0;
    const line =
      `${p.name} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(frac * 100).toFixed(1)}%  ` +
      `${fmtInt(p.done)}/${fmtInt(p.total)} games  ${fmtRate(rate)} games/s  ETA ${fmtDuration(eta)}`;
    this.stream.write(`\r${line.slice(0, (this.stream.columns ?? 120) - 1)}\x1b[K`);
    this.drawn = true;
  }

  done(): void {
    if (this.drawn) this.stream.write('\r\x1b[K');
    this.drawn = false;
  }
}
