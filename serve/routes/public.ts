import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { choosePage, isInside, mediaTypeOf, PUBLIC_DIR } from '../../compiler/index.js';
import type { Answer } from '../answer.js';
import type { ServiceContext } from '../context.js';

/**
 * A file of the page's `public/` folder, at the page's root (`/favicon.svg`) and beside the
 * preview (`/preview/favicon.svg`), as Vite serves its `public/` and as `kit build` copies it
 * (CONTRACT §11). Asked only after kit's own paths: it never answers one of them. Undefined
 * when there is no such file (links that leave the folder included).
 */
export function answerPublicFile(ctx: ServiceContext, path: string, referer: string | undefined): Answer | undefined {
  const name = path.startsWith('/preview/') ? path.slice('/preview/'.length) : path.slice(1);
  if (!name || name.endsWith('/')) return undefined;
  const workspace = ctx.loader.load();
  const choice = choosePage(workspace, pageOf(referer) ?? ctx.options.page);
  const dir = join(choice.ok && choice.page ? choice.page.dir : workspace.root, PUBLIC_DIR);
  const file = resolve(dir, name);
  try {
    if (!isInside(file, dir) || !statSync(file).isFile() || !isInside(realpathSync(file), realpathSync(dir))) return undefined;
    return { kind: 'artifact', body: readFileSync(file), type: mediaTypeOf(file), audience: 'development' };
  } catch {
    return undefined;
  }
}

/** The page a preview asking for a file was opened at (`/preview/?page=apps/docs`): its `public/` is the one meant. */
function pageOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.pathname.startsWith('/preview/') ? (url.searchParams.get('page') ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}
