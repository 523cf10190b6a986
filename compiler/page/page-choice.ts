import type { Workspace } from '../workspace/model.js';
import { findPage, type PageInfo } from '../workspace/pages.js';

/** Which page a server or a build makes: one (or none, for kit's minimal page), or why none can be chosen. */
export type PageChoice = { ok: true; page?: PageInfo } | { ok: false; reason: 'several' | 'unknown'; message: string; pages: PageInfo[] };

/**
 * The page of `folder` (workspace-relative: `--page`, `?page=`, or the package folder kit was
 * started in), else the workspace root's `index.html`, else the only package page (CONTRACT
 * §11). With several package pages and none chosen, the choice is the caller's to ask for.
 */
export function choosePage(workspace: Workspace, folder?: string): PageChoice {
  const pages = workspace.pages;
  if (folder !== undefined) {
    const page = findPage(pages, folder);
    if (page) return { ok: true, page };
    return { ok: false, reason: 'unknown', pages, message: `there is no index.html in ${folder || 'the workspace root'}; the pages are ${names(pages)}` };
  }
  const root = findPage(pages, '');
  if (root) return { ok: true, page: root };
  if (pages.length <= 1) return { ok: true, page: pages[0] };
  return { ok: false, reason: 'several', pages, message: `the workspace has several pages (${names(pages)}); choose one` };
}

function names(pages: readonly PageInfo[]): string {
  return pages.map((page) => page.file).join(', ') || 'none';
}
