/**
 * The `grundy` command's bundle (dist/cli/), built from tsc's output by `npm run build`.
 *
 * Why: Node 20 has no compile cache, and loading the CLI as some 200 separate files (ours and
 * yargs') cost about 0.1 s of every command's 0.4 s start. Each command stays its own chunk,
 * loaded on demand as in src/cli/main.ts. Packages stay external, except yargs and the small
 * packages it loads at start: native and large ones (better-sqlite3, piscina, fastify, vega)
 * load as installed, and a package yargs adds later is merely not inlined. Worker threads do
 * not use the bundle: they load dist/workers/ and dist/src/ as compiled.
 */
const inlined =
  /^(yargs|yargs-parser|cliui|string-width|strip-ansi|ansi-regex|ansi-styles|wrap-ansi|emoji-regex|get-east-asian-width|y18n|escalade|get-caller-file)(\/|$)/;

export default {
  input: 'dist/src/cli/main.js',
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !inlined.test(id),
  output: { dir: 'dist/cli', format: 'esm', cleanDir: true },
};
