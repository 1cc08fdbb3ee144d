import { html, raw, type Html } from './html.js';

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 0; color: #222; }
header { background: #f3f5f8; border-bottom: 1px solid #dde; padding: 10px 16px; display: flex; gap: 16px;
  align-items: center; flex-wrap: wrap; }
header a.home { font-weight: 600; color: #222; text-decoration: none; }
main { margin: 16px; }
table { border-collapse: collapse; } td, th { padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
section { margin: 18px 0; } input { font: inherit; padding: 3px 6px; } input.wide { width: 28em; }
button { font: inherit; } .error { color: #b00020; } .muted { color: #666; }
.answer { font-family: ui-monospace, monospace; white-space: pre-wrap; }
.side { display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }
#plot { border: 1px solid #ddd; display: inline-block; cursor: grab; user-select: none; min-width: 300px; }
table.values td { font-family: ui-monospace, monospace; padding: 1px 6px; }
table.values td.p { background: #e3ecf8; font-weight: 600; }
dl.facts { display: grid; grid-template-columns: max-content auto; gap: 2px 14px; } dl.facts dd { margin: 0; }
.pager a, .pager span { margin-right: 10px; }
`;

/** The page around every view: title, the search box in the header, the body. */
export function layout(title: string, body: Html, status: { search?: string } = {}): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} · grundy-engine</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${raw(STYLE)}</style></head>
<body>
<header><a class="home" href="/">grundy-engine</a>
<form id="search-form" action="/" method="get"><input id="search" class="wide" name="q" value="${status.search ?? ''}"
 placeholder="search stored games and sweeps: kayles, octal:0.1, sub, wythoff"> <button>search</button></form>
</header>
<main>
${body}
</main>
</body></html>
`.text;
}

/** A page that only says what was wrong with the request, and links back. */
export function errorPage(message: string): string {
  return layout(
    'error',
    html`<h1>Not here</h1><p id="error" class="error">${message}</p><p><a href="/">the catalogue</a></p>`,
  );
}
