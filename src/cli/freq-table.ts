import { openStore } from '../api/store.js';
import { UsageError } from '../errors.js';
import { announceStore, type GlobalArgs } from './context.js';
import { printJson } from './output.js';
import { fmtInt } from '../numbers.js';

/**
 * `grundy show GAME --freq [--at N]`: how many of the heaps 1..N take each value, as the
 * published tables of octal games give them ("value count" lines, values 0..max, zero counts
 * included), with the sparse-space mask and rare heaps stored beside the table.
 */

export interface FreqArgs extends GlobalArgs {
  game: string;
  at?: string;
  first?: string;
  rows?: boolean;
}

/** Rare heaps listed in text (--json lists them all). */
const RARE_SHOWN = 100;

export function showFreqCommand(args: FreqArgs): void {
  if (args.first !== undefined || args.rows)
    throw new UsageError('--freq prints the frequency table alone: drop --first and --rows');
  const store = openStore(args.db);
  try {
    const table = store.frequencies(args.game, {
      ...(args.at !== undefined ? { at: args.at } : {}),
      ...(args.json ? {} : { rareListed: RARE_SHOWN }),
    });
    if (args.json) {
      const { sparse } = table;
      printJson({
        store: store.path,
        game: table.game,
        heaps: table.heaps,
        max: table.counts.length - 1,
        counts: table.counts,
        counted: table.counted,
        sparse: sparse && {
          mask: sparse.mask,
          heaps: { from: 1, to: sparse.upto },
          rareHeaps: sparse.rareHeaps,
          rare: sparse.rare,
        },
      });
      return;
    }
    announceStore(args, store);
    const lines: string[] = [];
    const sparse = table.sparse;
    if (sparse) {
      lines.push(
        `SPARSE mask=0x${sparse.mask.bits.toString(16)} parity=${sparse.mask.parity} ` +
          `rare_heaps=${sparse.rareHeaps} (among heaps 1..${sparse.upto}, under the mask stored with the table)`,
      );
      const more = sparse.rareHeaps - sparse.rare.length;
      const listed = sparse.rare.map(([h, v]) => `${h}(g=${v})`).join(' ');
      lines.push(`RARE ${listed}${more > 0 ? ` ... and ${fmtInt(more)} more (--json lists them all)` : ''}`);
    }
    lines.push(`FREQ heaps=1..${table.heaps.to}`);
    for (const [value, count] of table.counts.entries()) lines.push(`${value} ${count}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    store.close();
  }
}
