import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { init, parse } from 'es-module-lexer';
import { escapeHtml, inScript } from './html.js';

/** The page's template: the workspace's `index.html`, or kit's minimal page. */
export interface PageTemplate {
  html: string;
  /** `index.html` when the workspace has one. */
  file?: string;
  /** The bare specifier the template's module script imports, and where: the application's entry. */
  entry?: { specifier: string; line: number; column: number };
}

/** The workspace's page template, relative to its root. */
export const TEMPLATE_FILE = 'index.html';

const MINIMAL = (title: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="icon" href="data:,">
    <title>${escapeHtml(title)}</title>
  </head>
  <body>
  </body>
</html>
`;

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const MODULE_TYPE = /\btype\s*=\s*["']?module["'\s>]/i;
const SOURCE = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * The workspace's `index.html` as the page's template (the one page of development and of
 * the build, CONTRACT §5), with the entry its module script names; undefined when the
 * workspace has none.
 */
export async function readPageTemplate(root: string): Promise<PageTemplate | undefined> {
  let html: string;
  try {
    html = readFileSync(join(root, TEMPLATE_FILE), 'utf8');
  } catch {
    return undefined;
  }
  return { html, file: TEMPLATE_FILE, entry: await findEntry(html) };
}

/** kit's own page, for a workspace without an `index.html`: titled with the entry's name. */
export function minimalTemplate(title: string): PageTemplate {
  return { html: MINIMAL(title) };
}

/** The first bare specifier a module script of the page imports (`src="@acme/app/main"`, or `import '@acme/app/main'` inside it). */
async function findEntry(html: string): Promise<PageTemplate['entry']> {
  await init;
  for (const match of html.matchAll(SCRIPT)) {
    const [whole, attributes, body] = match;
    if (!MODULE_TYPE.test(`${attributes}>`)) continue;
    const src = SOURCE.exec(attributes);
    if (src) {
      const value = src[1] ?? src[2] ?? src[3];
      if (isBare(value)) return at(html, match.index + whole.indexOf(value), value);
      continue;
    }
    const bodyStart = match.index + whole.indexOf('>') + 1;
    let imports: ReturnType<typeof parse>[0];
    try {
      [imports] = parse(body);
    } catch {
      continue;
    }
    const found = imports.find((i) => i.n !== undefined && isBare(i.n));
    if (found) return at(html, bodyStart + found.s, found.n!);
  }
  return undefined;
}

function isBare(specifier: string): boolean {
  return !/^(?:\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);
}

function at(html: string, offset: number, specifier: string): NonNullable<PageTemplate['entry']> {
  const before = html.slice(0, offset);
  return { specifier, line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** What kit adds to the template. */
export interface PageParts {
  /** The import map, with `integrity` in the build. */
  importmap: { imports: Record<string, string>; integrity?: Record<string, string> };
  /** A stylesheet link per reached module that has one. */
  styles: { href: string; vspecifier?: string }[];
  /** A `modulepreload` per module the entry reaches through static imports, the entry first. */
  preloads: { href: string; integrity?: string }[];
  /** Further lines for the head (the development runtime and its state). */
  head?: string[];
  /** The entry, imported by a module script of kit's when the template names none. */
  entry?: string;
}

/**
 * The page: the template's markup as it is, the import map first in its head (before any
 * module script of the template's), then the stylesheets, preloads and `head` lines before
 * `</head>`, and, when the template names no entry, a module script importing it before
 * `</body>`.
 */
export function renderPage(template: PageTemplate, parts: PageParts): string {
  const map = `<script type="importmap">${inScript(JSON.stringify(parts.importmap, null, 2))}</script>`;
  const styles = parts.styles.map((s) => `<link rel="stylesheet" href="${escapeHtml(s.href)}"${s.vspecifier ? ` data-kit-styles="${escapeHtml(s.vspecifier)}"` : ''}>`);
  const preloads = parts.preloads.map((p) => `<link rel="modulepreload" href="${escapeHtml(p.href)}"${p.integrity ? ` integrity="${escapeHtml(p.integrity)}"` : ''}>`);
  let html = insertImportMap(withHead(template.html), map);
  html = insertBefore(html, '</head>', [...styles, ...preloads, ...(parts.head ?? [])]);
  if (!template.entry && parts.entry) html = insertBefore(html, '</body>', [`<script type="module">import ${inScript(JSON.stringify(parts.entry))};</script>`]);
  return html;
}

/**
 * The template with a `<head>` of its own where it has none (HTML lets a page leave it
 * implicit): right after `<html>`, else after the doctype, else first. kit's import map must
 * come before every module script, a template's own at the top of its body included.
 */
function withHead(html: string): string {
  if (/<head\b[^>]*>/i.test(html)) return html;
  const after = /<html\b[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  const at = after ? after.index + after[0].length : 0;
  return `${html.slice(0, at)}\n<head>\n</head>\n${html.slice(at)}`;
}

/**
 * The import map before the first script or link of the page (a module script, even a
 * modulepreload, ends the time an import map is read), after the template's `<meta>` and
 * `<title>`, so that its charset stays in the first bytes of the page; before `</head>` when
 * the head has neither.
 */
function insertImportMap(html: string, map: string): string {
  const head = /<head\b[^>]*>/i.exec(html)!;
  const from = head.index + head[0].length;
  const first = /<(script|link)\b/i.exec(html.slice(from));
  const closing = html.toLowerCase().indexOf('</head>', from);
  if (!first || (closing >= 0 && from + first.index > closing)) return insertBefore(html, '</head>', [map]);
  const at = from + first.index;
  const lineStart = html.lastIndexOf('\n', at) + 1;
  const indent = html.slice(lineStart, at);
  return indent.trim() === '' ? `${html.slice(0, lineStart)}${indent}${map}\n${html.slice(lineStart)}` : `${html.slice(0, at)}${map}${html.slice(at)}`;
}

/** `lines` before the last `tag` of `html` (case aside), on lines of their own; at its end when there is none. */
function insertBefore(html: string, tag: string, lines: string[]): string {
  if (!lines.length) return html;
  const at = html.toLowerCase().lastIndexOf(tag);
  if (at < 0) return `${html}\n${lines.join('\n')}\n`;
  const lineStart = html.lastIndexOf('\n', at) + 1;
  const alone = html.slice(lineStart, at).trim() === '';
  const indent = alone ? `${html.slice(lineStart, at)}  ` : '';
  const text = lines.map((line) => `${indent}${line}\n`).join('');
  return alone ? `${html.slice(0, lineStart)}${text}${html.slice(lineStart)}` : `${html.slice(0, at)}\n${text}${html.slice(at)}`;
}
