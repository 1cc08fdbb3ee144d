/**
 * The layers of src/ (DESIGN.md "Layers"), bottom first. A module imports from its own layer
 * or the layers below; no import circles, type imports included. Checked by `npm test`
 * (`npm run layers`).
 */
const LAYERS = [
  ['base', '^src/(rules|testing)/|^src/(errors|numbers|durations|memory|project-root|sha256)[.]ts$'],
  ['kernels', '^src/(kernels|board|graph|nimber|period|wasm|misere)/'],
  ['games', '^src/(games|states)/'],
  ['store', '^src/store/'],
  ['engine', '^src/(engine|gang|worker)/'],
  ['features', '^src/(play|sweep|count)/'],
  ['api', '^src/(api|export|plot)/'],
  ['surface', '^src/(cli|serve|queue)/|^workers/|^src/index[.]ts$'],
];

const upward = LAYERS.slice(0, -1).map(([name, path], i) => ({
  name: `${name}-imports-up`,
  comment: `the ${name} layer imports only from itself and the layers below (DESIGN.md "Layers")`,
  severity: 'error',
  from: { path },
  to: {
    path: LAYERS.slice(i + 1)
      .map(([, above]) => `(${above})`)
      .join('|'),
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import circles, type imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'in-a-layer',
      comment: 'every module of src/ and workers/ belongs to a layer (add a new folder to LAYERS)',
      severity: 'error',
      from: { path: '^(src|workers)/', pathNot: LAYERS.map(([, path]) => `(${path})`).join('|') },
      to: {},
    },
    ...upward,
    {
      name: 'commands-through-the-api',
      comment:
        'the commands and the web view reach games, kernels, the store and the engine only through the ' +
        'library API (src/api, src/export, src/plot): the CLI is flags, output and exit codes (DESIGN.md "Layers")',
      severity: 'error',
      from: { path: '^src/(cli|serve)/' },
      to: {
        path: LAYERS.slice(1, 6)
          .map(([, path]) => `(${path})`)
          .join('|'),
      },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
  },
};
