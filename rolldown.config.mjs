/**
 * The `grundy` command's bundle (dist/cli/), built from tsc's output by `npm run build`.
 *
 * Why: Node 20 has no compile cache, and loading the CLI as some 200 separate files (ours and
 * yargs') cost about 0.1 s of every command's 0.4 s start. Each command stays its own chunk,
 * loaded on demand as in src/cli/main.ts. Packages stay external, except yargs and the small
 * packages it loads at start: native and large ones (better-sqlite3, piscina, fastify, vega)
 * load as installed, and a package yargs adds later is merely not inlined.
 *
 * Each worker entry is bundled alone too, into one file of dist/threads/ (the pool runs those):
 * a thread loaded the sparse entry's 23 compiled files in 17-20 ms, its bundle in 7, and a
 * compute's first chunk waits for that. One file each, not chunks shared between entries (12 ms):
 * an entry never hands another one of its objects, so a module two entries both hold may be
 * loaded twice in one thread.
 */
import { readdirSync } from 'node:fs';

const inlined =
  /^(yargs|yargs-parser|cliui|string-width|strip-ansi|ansi-regex|ansi-styles|wrap-ansi|emoji-regex|get-east-asian-width|y18n|escalade|get-caller-file)(\/|$)/;

/**
 * yargs measures its whole help at every command, about 17 ms of each start, in string-width:
 * cliui and wrap-ansi pin version 7, which segments every string and tests each character
 * against the emoji regex, and version 8 (yargs' own) takes that path for any string with a
 * newline, which wrapped help always has. So every importer gets version 8 behind a wrapper that
 * measures printable ASCII and newlines (which are zero-width there too) by counting.
 */
const WIDTH = '\0string-width';
const oneStringWidth = {
  name: 'one-string-width',
  async resolveId(source, importer) {
    if (source !== 'string-width') return null;
    if (importer !== WIDTH) return WIDTH;
    const yargs = await this.resolve('yargs');
    return yargs ? this.resolve(source, yargs.id, { skipSelf: true }) : null;
  },
  load(id) {
    if (id !== WIDTH) return null;
    return `import stringWidth from 'string-width';
const plain = /^[\\n\\x20-\\x7e]*$/;
export default (text, options) =>
  typeof text === 'string' && plain.test(text) ? text.length - text.split('\\n').length + 1 : stringWidth(text, options);`;
  },
};

/**
 * A plugin that replaces `from` with `to` in the module whose id matches `file`; the build fails
 * when `from` is not there (the package changed: the replacement needs a look).
 */
function replaceIn(name, file, from, to) {
  return {
    name,
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!code.includes(from)) throw new Error(`${id} changed: see ${name} in rolldown.config.mjs`);
      return code.replace(from, to);
    },
  };
}

/**
 * yargs guesses a version as it starts (src/cli/main.ts then gives ours), looking for a
 * package.json upwards from its shim's main file: the path before node_modules, which the
 * bundle's lacks, so its shim said the working directory. Every command listed that folder and
 * each one above it: 45 ms from one of 59,000 files. In the bundle the search starts from the
 * bundle itself, beside our package.json.
 */
const bundleMainFile = replaceIn(
  'bundle-main-file',
  /yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/,
  'mainFilename: mainFilename || process.cwd(),',
  'mainFilename: mainFilename || __dirname,',
);

/**
 * yargs renders a command's whole help once its handler has started (usage.cacheHelpMessage),
 * for a later failure to print. Our `.fail()` prints no help and nothing else asks for it, so
 * the render was 7-10 ms of every command (`grundy query`: 118-124 ms -> 110-117 ms; in
 * `compute` it overlapped Piscina's loading, and no start was measurably sooner). The call is
 * left out.
 */
const noHelpCache = replaceIn(
  'no-help-cache',
  /yargs[\\/]build[\\/]lib[\\/]command\.js$/,
  'yargs.getInternalMethods().getUsageInstance().cacheHelpMessage();',
  '',
);

/**
 * string-width made an Intl.Segmenter as it loaded, 8.5-9.6 ms of every command (ICU's break
 * rules), though only a string beyond printable ASCII ever reaches it (one-string-width). It is
 * made at its first use instead.
 */
const lazySegmenter = replaceIn(
  'lazy-segmenter',
  /string-width[\\/]index\.js$/,
  'const segmenter = new Intl.Segmenter();',
  'let made;\nconst segmenter = { segment: (text) => (made ??= new Intl.Segmenter()).segment(text) };',
);

/**
 * string-width's regular expression for emoji (`/^\p{RGI_Emoji}$/v`) took 15.7 ms to compile, in
 * every command's load: a set of strings that V8 builds from ICU as it parses the literal. It is
 * made at its first test instead, which only a string beyond printable ASCII reaches.
 */
const lazyEmojiRegex = replaceIn(
  'lazy-emoji-regex',
  /string-width[\\/]index\.js$/,
  'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
  'let rgiEmoji;\nconst rgiEmojiRegex = { test: (text) => (rgiEmoji ??= new RegExp("^\\\\p{RGI_Emoji}$", "v")).test(text) };',
);

const external = (id) => !/^[./\0]/.test(id);

const threads = readdirSync('dist/workers')
  .filter((file) => file.endsWith('.worker.js'))
  .map((file) => ({
    input: `dist/workers/${file}`,
    platform: 'node',
    external,
    output: { file: `dist/threads/${file}`, format: 'esm', codeSplitting: false },
  }));

const cli = {
  // head-start: what bin/grundy.js loads before the rest, kept small (src/cli/head-start.ts).
  input: { main: 'dist/src/cli/main.js', 'head-start': 'dist/src/cli/head-start.js' },
  platform: 'node',
  plugins: [oneStringWidth, bundleMainFile, noHelpCache, lazySegmenter, lazyEmojiRegex],
  external: (id) => external(id) && !inlined.test(id),
  output: { dir: 'dist/cli', format: 'esm', cleanDir: true },
};

export default [cli, ...threads];
