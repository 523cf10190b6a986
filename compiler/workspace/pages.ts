import { readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { isInside, toPosix } from '../paths.js';
import { findEntryScript } from './page-scripts.js';

/** The page's template file, in the workspace root or at the root of a package (an app). */
export const PAGE_FILE = 'index.html';

/** The page's folder of files served and emitted as they are (Vite's `public/`). */
export const PUBLIC_DIR = 'public';

/** A page of the workspace: an `index.html` at its root or at a package's root. */
export interface PageInfo {
  /** Workspace-relative path of the `index.html`. */
  file: string;
  /** Its folder, absolute: its `public/` and `.env` files are there. */
  dir: string;
  /** The folder, relative to the workspace (`''` for the root, `apps/web` for an app): how `--page` and `?page=` name it. */
  folder: string;
  /** The source file its module script names by path (`/src/main.tsx`), when that is a file of a workspace package. */
  entryFile?: string;
}

/** A source file a page names by path: the module it becomes in the package that holds it. */
export interface PageEntry {
  file: string;
  page: string;
  line: number;
  column: number;
}

const SOURCE_FILE = new Set(['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs']);

/**
 * The pages of the workspace (its root's `index.html` and each package's) and the entries they
 * name by path, by the package that holds each (CONTRACT §11). A path that names no source file
 * of a package is PREVIEW_ENTRY_NOT_FOUND at its line. Every page file looked for is pushed to
 * `watched`, so that one added, edited or removed is read again.
 */
export function readPages(root: string, packageDirs: readonly string[], watched: string[], diagnostics: Diagnostic[]): { pages: PageInfo[]; entries: Map<string, PageEntry[]> } {
  const pages: PageInfo[] = [];
  const entries = new Map<string, PageEntry[]>();
  for (const dir of [root, ...packageDirs]) {
    const path = join(dir, PAGE_FILE);
    watched.push(path);
    let html: string;
    try {
      html = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    const file = toPosix(relative(root, path));
    const page: PageInfo = { file, dir, folder: toPosix(relative(root, dir)) };
    pages.push(page);
    const script = findEntryScript(html, (path) => isFile(join(dir, PUBLIC_DIR, path)));
    if (!script?.path) continue;
    // Root-absolute from the page's folder, as Vite serves its project root at `/`.
    const target = script.path.startsWith('/') ? join(dir, script.path) : resolve(dir, script.path);
    const owner = packageDirs.filter((pkg) => isInside(target, pkg)).sort((a, b) => b.length - a.length)[0];
    if (!owner || !isFile(target) || !SOURCE_FILE.has(extname(target))) {
      const why = !isFile(target) ? 'no such file' : !owner ? 'a file of no workspace package' : 'not a source file (.ts, .tsx, .js, .jsx)';
      diagnostics.push({ code: 'PREVIEW_ENTRY_NOT_FOUND', message: `${file} loads "${script.path}", which is ${why}; name the application's entry, such as src="/src/main.tsx", from ${page.folder || 'the workspace root'}`, file, line: script.line, column: script.column });
      continue;
    }
    page.entryFile = target;
    const list = entries.get(owner) ?? [];
    list.push({ file: target, page: file, line: script.line, column: script.column });
    entries.set(owner, list);
  }
  return { pages, entries };
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** The page whose folder is `folder` (workspace-relative), or the folder holding `cwd`'s package page. */
export function findPage(pages: readonly PageInfo[], folder: string): PageInfo | undefined {
  const wanted = toPosix(folder).replace(/^\.\/?|\/$/g, '');
  return pages.find((page) => page.folder === wanted);
}
