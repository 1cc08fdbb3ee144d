import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { parse, View, type Spec } from 'vega';

/** Vega renders SVG in Node with no browser and no canvas (renderer 'none' + toSVG). */
export async function renderSvg(spec: Spec): Promise<string> {
  const view = new View(parse(spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** PNG from the SVG by resvg (a prebuilt binary from the registry: no native build, no browser). */
export async function renderPng(spec: Spec, scale = 2): Promise<Buffer> {
  const svg = await renderSvg(spec);
  const png = new Resvg(svg, { fitTo: { mode: 'zoom', value: scale }, background: 'white' }).render().asPng();
  return Buffer.from(png);
}

/** Vega's browser build, shipped in the vega package (served by grundy serve, inlined in HTML plots). */
export function vegaBrowserScript(): string {
  const entry = fileURLToPath(import.meta.resolve('vega'));
  return readFileSync(join(dirname(entry), 'vega.min.js'), 'utf8');
}

/** A standalone page: Vega inlined, so the file opens offline in any browser. */
export function renderHtml(spec: Spec, title: string): string {
  const script = vegaBrowserScript().replace(/<\/script/gi, '<\\/script');
  const json = JSON.stringify(spec).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<script>${script}</script></head>
<body style="font-family: sans-serif; margin: 16px">
<div id="view"></div>
<script>new vega.View(vega.parse(${json}), { renderer: 'svg', container: '#view', hover: true }).runAsync();</script>
</body></html>
`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
