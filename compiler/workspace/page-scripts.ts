import { initSync, parse } from 'es-module-lexer';

/** The module script of a page that names its entry. */
export interface EntryScript {
  /** Named by a path (`/src/main.tsx`, `./src/main.tsx`), as Vite's templates do: resolved from the page's folder. */
  path?: string;
  /** Named by a bare specifier (`src="@acme/app/main"`, or `import '@acme/app/main'` inside the script). */
  specifier?: string;
  /** Where the name stands in the page (1-based). */
  line: number;
  column: number;
  /** A `src` script's span in the page: kit writes an inline import of the entry in its place (a `src` is a URL, which no import map maps). */
  element?: { start: number; end: number };
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const MODULE_TYPE = /\btype\s*=\s*["']?module["'\s>]/i;
const SOURCE = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** A specifier that names a package (not a path or a URL). */
export function isBareSpecifier(specifier: string): boolean {
  return !/^(?:\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);
}

/**
 * The first module script of `html` that names an entry: by its `src` (a path, or a bare
 * specifier), or by the first bare import inside it. Scripts that load a URL of another
 * site or a file of the page's `public/`, or import only relative files, name none.
 */
export function findEntryScript(html: string, isPublicFile: (path: string) => boolean = () => false): EntryScript | undefined {
  initSync();
  for (const match of html.matchAll(SCRIPT)) {
    const [whole, attributes, body] = match;
    if (!MODULE_TYPE.test(`${attributes}>`)) continue;
    const element = { start: match.index, end: match.index + whole.length };
    const src = SOURCE.exec(attributes);
    if (src) {
      const value = src[1] ?? src[2] ?? src[3];
      const at = position(html, match.index + whole.indexOf(value));
      if (isBareSpecifier(value)) return { specifier: value, ...at, element };
      const path = value.replace(/[?#].*$/, '');
      // A script of the page's public/ folder is served as it is (as Vite does), not an entry.
      if (/^\.{0,2}\//.test(value) && !value.startsWith('//') && !isPublicFile(path)) return { path, ...at, element };
      continue;
    }
    const bodyStart = match.index + whole.indexOf('>') + 1;
    let imports: ReturnType<typeof parse>[0];
    try {
      [imports] = parse(body);
    } catch {
      continue;
    }
    const found = imports.find((i) => i.n !== undefined && isBareSpecifier(i.n));
    if (found) return { specifier: found.n!, ...position(html, bodyStart + found.s) };
  }
  return undefined;
}

function position(html: string, offset: number): { line: number; column: number } {
  const before = html.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}
