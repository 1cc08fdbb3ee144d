import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Spec } from 'vega';
import type { Argv, CommandModule } from 'yargs';
import { openStore } from '../../api/store.js';
import { UsageError } from '../../errors.js';
import { parseCount } from '../../numbers.js';
import type { GrundyStore } from '../../api/store.js';
import { boardPlotData, MAX_BOARD_PLOT_SIDE, MAX_PLOT_RANGE, plotData, plotKind } from '../../plot/data.js';
import { graphPlotData, graphSpec } from '../../plot/graph.js';
import { boardSpec, plotSpec } from '../../plot/spec.js';
import { quoteSpec, type GlobalArgs } from '../context.js';
import { printJson } from '../output.js';

interface PlotArgs extends GlobalArgs {
  game: string;
  out: string;
  from?: string;
  to?: string;
  width?: string;
  height?: string;
}

const FORMATS = ['.svg', '.png', '.html'] as const;

export const plotCommand: CommandModule<GlobalArgs, PlotArgs> = {
  command: 'plot <game>',
  describe: 'Plot the stored value sequence g(n) against n (SVG, PNG or a standalone HTML page)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('game', {
        type: 'string',
        demandOption: true,
        describe: 'a stored game (any spelling, or its stored key)',
      })
      .option('out', {
        type: 'string',
        demandOption: true,
        describe: 'the file to write: FILE.svg, FILE.png or FILE.html',
      })
      .option('from', { type: 'string', describe: 'first heap size plotted (default 0; not for a 2-D game)' })
      .option('to', {
        type: 'string',
        describe:
          'plot g(from..N-1) (default: the whole stored table; past it from a proven period); of a 2-D game, ' +
          'g(x, y) for x, y < N (default: the stored side, at most 128)',
      })
      .option('width', { type: 'string', describe: 'plot width in pixels (default 900)' })
      .option('height', { type: 'string', describe: 'plot height in pixels (default 360)' })
      .example('$0 plot kayles --to 200 --out kayles.svg', 'the first 200 values of Kayles, period band marked')
      .example('$0 plot octal:0.137 --out dawson.png', 'the whole stored table as PNG')
      .example('$0 plot wythoff --to 64 --out wythoff.svg', "a 2-D game's heat map of g(x, y), x, y < 64")
      .example('$0 plot graph:moves.txt --out g.svg', "a game graph's value histogram, draws as their own bar")
      .epilogue(
        'Up to one dot per pixel column: wider ranges are drawn as min-max rules per column, so outliers ' +
          'stay visible.\n' +
          'Games computed in sparse space show their rare and common values in two colours (README: Sparse space),\n' +
          'and in a wide range their rare heaps as red dots over the columns. When a period is known the preperiod\n' +
          'is shaded grey and the first period yellow. A game graph is a histogram of its values, the infinite ones\n' +
          '(draws, and wins of infinite value) as one bar of their own. PNG is rasterised from the SVG by resvg.',
      ) as Argv<PlotArgs>,
  handler: async (args) => {
    const format = extname(args.out).toLowerCase();
    if (!(FORMATS as readonly string[]).includes(format)) {
      throw new UsageError(`--out ${args.out}: name a .svg, .png or .html file`);
    }
    const store = openStore(args.db);
    try {
      const kind = plotKind(store, args.game);
      if (kind === 'board') {
        await plotBoard(store, args, format);
        return;
      }
      if (kind === 'graph') {
        await plotGraph(store, args, format);
        return;
      }
      const width = args.width !== undefined ? parseCount(args.width, '--width', 100, 8192) : 900;
      const height = args.height !== undefined ? parseCount(args.height, '--height', 100, 8192) : 360;
      const lo = args.from !== undefined ? parseCount(args.from, '--from', 0) : 0;
      const game = store.game(args.game);
      const hi = args.to !== undefined ? parseCount(args.to, '--to', 1) : game.computed;
      if (hi > game.computed && game.periodicity?.proven !== true) {
        throw new UsageError(
          `--to ${hi}: only g(0..${game.computed - 1}) of ${game.key} are stored and no period is proven: ` +
            `run grundy compute ${quoteSpec(args.game)} --to ${hi}`,
        );
      }
      if (hi <= lo) throw new UsageError(`--from ${lo} --to ${hi} is an empty range`);
      if (hi - lo > MAX_PLOT_RANGE)
        throw new UsageError(`the range has more than ${MAX_PLOT_RANGE} values; narrow it with --from/--to`);
      const data = plotData(store, args.game, { lo, hi, buckets: width });
      await writePlot(args.out, format, plotSpec(data, { width, height }), `${game.key}: g(n)`);
      const summary = {
        game: data.game,
        out: args.out,
        format: format.slice(1),
        from: lo,
        to: hi,
        points: data.points.length,
        buckets: data.buckets.length,
        rareCommon: data.mask !== null,
        preperiod: data.preperiod,
        period: data.period,
      };
      if (args.json) printJson(summary);
      else {
        const drawn =
          data.points.length > 0 ? `${data.points.length} points` : `${data.buckets.length} min-max columns`;
        const past = Math.max(lo, game.computed);
        const proof = hi > past ? ` (g(${past}..${hi - 1}) from the proven period)` : '';
        process.stdout.write(`${args.out}: ${data.game}, g(${lo}..${hi - 1}) as ${drawn}${proof}\n`);
      }
    } finally {
      store.close();
    }
  },
};

/** A 2-D game's heat map: g(x, y) for x, y < --to (default the stored side, at most 128). */
async function plotBoard(store: GrundyStore, args: PlotArgs, format: string): Promise<void> {
  if (args.from !== undefined) {
    throw new UsageError('--from is a heap size; a 2-D game is plotted from (0, 0): give --to N for x, y < N');
  }
  const side = args.to !== undefined ? parseCount(args.to, '--to', 1, MAX_BOARD_PLOT_SIDE) : undefined;
  const data = boardPlotData(store, args.game, side !== undefined ? { side } : {});
  const look = {
    ...(args.width !== undefined ? { width: parseCount(args.width, '--width', 100, 8192) } : {}),
    ...(args.height !== undefined ? { height: parseCount(args.height, '--height', 100, 8192) } : {}),
  };
  await writePlot(args.out, format, boardSpec(data, look), `${data.game}: g(x, y)`);
  const summary = { game: data.game, out: args.out, format: format.slice(1), kind: 'board', side: data.side };
  if (args.json) printJson({ ...summary, size: data.size, cells: data.cells.length, maxValue: data.maxValue });
  else process.stdout.write(`${args.out}: ${data.game}, g(x, y) for x, y < ${data.side} as a heat map\n`);
}

/** A game graph's value histogram: every vertex, so no range. */
async function plotGraph(store: GrundyStore, args: PlotArgs, format: string): Promise<void> {
  if (args.from !== undefined || args.to !== undefined) {
    throw new UsageError('--from and --to are heap sizes; a game graph is plotted whole, as a histogram of its values');
  }
  const data = graphPlotData(store, args.game);
  const look = {
    ...(args.width !== undefined ? { width: parseCount(args.width, '--width', 100, 8192) } : {}),
    ...(args.height !== undefined ? { height: parseCount(args.height, '--height', 100, 8192) } : {}),
  };
  await writePlot(args.out, format, graphSpec(data, look), `${data.game}: values`);
  const summary = { game: data.game, out: args.out, format: format.slice(1), kind: 'graph' };
  if (args.json) printJson({ ...summary, vertices: data.vertices, outcomes: data.outcomes, bars: data.bars });
  else {
    const o = data.outcomes;
    process.stdout.write(
      `${args.out}: ${data.game}, values of ${data.vertices} vertices as a histogram (P ${o.P}, N ${o.N}, D ${o.D})\n`,
    );
  }
}

async function writePlot(out: string, format: string, spec: Spec, title: string): Promise<void> {
  // Loaded here, not at the top: vega and resvg take most of a second, which every other command would pay.
  const { renderHtml, renderPng, renderSvg } = await import('../../plot/render.js');
  const body =
    format === '.svg' ? await renderSvg(spec) : format === '.png' ? await renderPng(spec) : renderHtml(spec, title);
  try {
    writeFileSync(out, body);
  } catch (err) {
    throw new UsageError(`--out ${out} cannot be written (${(err as Error).message}); choose another path`);
  }
}
