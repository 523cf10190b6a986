import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml, inScript } from './html.js';
import { findEntryScript } from '../workspace/page-scripts.js';
import { PUBLIC_DIR, type PageInfo } from '../workspace/pages.js';
import type { Workspace } from '../workspace/model.js';

/** The page's template: the workspace's `index.html`, or kit's minimal page. */
export interface PageTemplate {
  html: string;
  /** `index.html` when the workspace has one. */
  file?: string;
  /** The bare specifier the template's module script imports (or the module its path names), and where: the application's entry. */
  entry?: { specifier: string; line: number; column: number };
  /** The entry's `src` script, which kit replaces by an import of the entry. */
  element?: { start: number; end: number };
}

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

/**
 * A page's `index.html` as its template (the one page of development and of the build,
 * CONTRACT §5 and §11), with the entry its module script names: a bare specifier, or the
 * module its path became (a script of `src`, which no import map maps, is replaced by an
 * import of it); undefined without a page.
 */
export function readPageTemplate(workspace: Workspace, page: PageInfo | undefined): PageTemplate | undefined {
  if (!page) return undefined;
  let html: string;
  try {
    html = readFileSync(join(workspace.root, page.file), 'utf8');
  } catch {
    return undefined;
  }
  const script = findEntryScript(html, (path) => existsSync(join(page.dir, PUBLIC_DIR, path)));
  const module = page.entryFile ? workspace.modules.find((m) => m.entry === page.entryFile) : undefined;
  const specifier = script?.specifier ?? module?.specifier;
  const entry = script && specifier ? { specifier, line: script.line, column: script.column } : undefined;
  return { html, file: page.file, entry, element: script?.element };
}

/** kit's own page, for a workspace without an `index.html`: titled with the entry's name. */
export function minimalTemplate(title: string): PageTemplate {
  return { html: MINIMAL(title) };
}

/** What kit adds to the template. */
export interface PageParts {
  /** The import map, with `integrity` in the build. */
  importmap: { imports: Record<string, string>; integrity?: Record<string, string> };
  /** A stylesheet link per reached module that has one. */
  styles: { href: string; vspecifier?: string }[];
  /** A `modulepreload` per module the entry reaches through static imports, the entry first. */
  preloads: { href: string; integrity?: string }[];
  /** Further lines for the head (the development runtime's state). */
  head?: string[];
  /** Scripts that run before any of the page's own: right after the import map (the development runtime). */
  first?: string[];
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
  let html = insertImportMap(withHead(entryAsImport(template, parts.entry)), [map, ...(parts.first ?? [])]);
  html = insertBefore(html, '</head>', [...styles, ...preloads, ...(parts.head ?? [])]);
  if (!template.entry && parts.entry) html = insertBefore(html, '</body>', [`<script type="module">import ${inScript(JSON.stringify(parts.entry))};</script>`]);
  return html;
}

/** The template's markup, its entry's `src` script replaced by a module script importing the entry (which the import map resolves). */
function entryAsImport(template: PageTemplate, entry: string | undefined): string {
  const { html, element } = template;
  const specifier = template.entry?.specifier ?? entry;
  if (!element || !specifier) return html;
  return `${html.slice(0, element.start)}<script type="module">import ${inScript(JSON.stringify(specifier))};</script>${html.slice(element.end)}`;
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
function insertImportMap(html: string, lines: string[]): string {
  const head = /<head\b[^>]*>/i.exec(html)!;
  const from = head.index + head[0].length;
  const first = /<(script|link)\b/i.exec(html.slice(from));
  const closing = html.toLowerCase().indexOf('</head>', from);
  if (!first || (closing >= 0 && from + first.index > closing)) return insertBefore(html, '</head>', lines);
  const at = from + first.index;
  const lineStart = html.lastIndexOf('\n', at) + 1;
  const indent = html.slice(lineStart, at);
  return indent.trim() === '' ? `${html.slice(0, lineStart)}${lines.map((line) => `${indent}${line}\n`).join('')}${html.slice(lineStart)}` : `${html.slice(0, at)}${lines.join('')}${html.slice(at)}`;
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
