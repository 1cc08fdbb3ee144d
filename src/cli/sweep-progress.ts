import type { SweepProgress } from '../api/sweep.js';
import { fitFields, fmtDuration, fmtRate, lineWidth } from './output.js';
import { fmtInt } from '../numbers.js';

/**
 * "NAME [####....] 41.2%  14,100/34,220 games  12.3k games/s  ETA 1.60 s" on stderr, TTY only,
 * fitted to the terminal by dropping whole fields (fitFields).
 */
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
    const line = fitFields(
      [
        { text: p.name, sep: '', rank: 0 },
        { text: `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`, sep: ' ', rank: 4 },
        { text: `${(frac * 100).toFixed(1)}%`, sep: ' ', rank: 1 },
        { text: `${fmtInt(p.done)}/${fmtInt(p.total)} games`, sep: '  ', rank: 3 },
        { text: `${fmtRate(rate)} games/s`, sep: '  ', rank: 5 },
        { text: `ETA ${fmtDuration(eta)}`, sep: '  ', rank: 2 },
      ],
      lineWidth(this.stream),
    );
    this.stream.write(`\r${line}\x1b[K`);
    this.drawn = true;
  }

  done(): void {
    if (this.drawn) this.stream.write('\r\x1b[K');
    this.drawn = false;
  }
}
