/**
 * HTML built from tagged templates: every interpolated value is escaped unless it is already
 * Html (made by `html` or `raw`), so text from the store or the request never becomes markup.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = Html | string | number | bigint | null | undefined | false | readonly Part[];

export function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeText(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < parts.length; i++) out += render(parts[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** Markup the server wrote itself (a script, a style sheet): never text from a request. */
export function raw(text: string): Html {
  return new Html(text);
}

/**
 * A script element: `src` a URL, or the code itself (the server's own). Kept out of tagged
 * templates: a bundler rewrites '</script' in a template literal, which turns a tagged template
 * into a call to a runtime helper the package does not ship.
 */
export function script(code: string, src?: string): Html {
  return new Html(`<script${src ? ` src="${escapeText(src)}"` : ''}>${code}<${'/'}script>`);
}

/** A JSON value inside a <script>: no '</script' and no '<!--' can close or bend it. */
export function scriptJson(value: unknown): Html {
  return new Html(JSON.stringify(value).replace(/</g, '\\u003c'));
}

/** The page of a game: /game/ and its key, URL-encoded (a key holds ':', ',', '/' and '#'). */
export function gameHref(key: string, query: Record<string, string | number | undefined> = {}): string {
  return `/game/${encodeURIComponent(key)}${queryString(query)}`;
}

/** ?a=1&b=2 of the defined entries, or '' when there are none. */
export function queryString(query: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}
