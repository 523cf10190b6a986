import { statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { isInstallInput, type FileEvent, type Workspace } from '../compiler/index.js';
import type { ServiceContext } from './context.js';
import { currentSelection } from './selection.js';

const IGNORED = /(^|[/\\])(\.git|dist)([/\\]|$)/;
// Of node_modules, only what installs change and builds follow (records, type packages): all of it is too much to watch.
const NODE_MODULES = /(^|[/\\])node_modules([/\\]|$)/;
// Of `.kit/`, only the development selection matters here: `kit select` changes it.
const KIT_DIR = /(^|[/\\])\.kit([/\\]|$)/;
const SELECTION_DIR = /(^|[/\\])\.kit([/\\]development([/\\]selection\.json)?)?$/;
// chokidar drops a file's further `change` events for 50 milliseconds after one (its own constant), with no trailing
// event: a check after that window catches the last edit of a burst.
const TRAILING_CHECK_MS = 60;
// A plain write truncates the file before writing it: an empty file just reported changed
// is most likely mid-write, so it gets a moment to fill before it is read (an editor that
// truncates, then writes, is never reported as holding an empty file).
const EMPTY_FILE_WAIT_MS = 300;

// After edited files went to open previews on their own, the module's whole build waits this
// long: the pages fetch the files meanwhile, not behind that build's work in this thread.
const FETCH_GRACE_MS = 25;

async function waitWhileEmpty(paths: Set<string>): Promise<void> {
  const deadline = Date.now() + EMPTY_FILE_WAIT_MS;
  // Looked at at once: most often every file holds its text already (an edit's first event, its truncation, is seen after the write).
  const empty = (path: string) => statSync(path, { throwIfNoEntry: false })?.size === 0;
  for (const path of paths) {
    for (let tries = 0; Date.now() < deadline && empty(path); tries++) {
      // The write follows its truncation at once: looked for again at the end of the turn first, then on a short timer.
      await new Promise((resolve) => (tries < 8 ? setImmediate(resolve) : setTimeout(resolve, 2)));
    }
  }
}

/**
 * Watches the workspace and judges again the modules each change affects. Changes that
 * arrive while a rebuild runs are coalesced into one more rebuild, so a burst of edits
 * costs two builds at most and the last edit always wins. The artifact cache rebuilds only
 * what an edit touched (a partial's edit reaches every stylesheet that imports it, since
 * partials are inputs), and `BuildStates` announces each changed build once, so the page
 * hears of a new stylesheet without asking. Each event is first recorded in the compiler's
 * `Freshness`: from the first complete scan on, a warm request trusts it instead of a stat of
 * every input of its build.
 */
export function watchWorkspace(ctx: ServiceContext): FSWatcher {
  let running = false;
  let again = false;
  const changed = new Set<string>();
  const rebuild = async () => {
    if (running) return void (again = true);
    running = true;
    try {
      do {
        again = false;
        const paths = new Set(changed);
        changed.clear();
        await waitWhileEmpty(paths);
        const workspace = ctx.loader.load();
        // The edited files to open previews first, where each can be made on its own; the builds follow.
        if (ctx.channel.subscribers > 0 && (await ctx.builds.updateFiles(workspace, paths))) await new Promise((resolve) => setTimeout(resolve, FETCH_GRACE_MS));
        await ctx.builds.judgeEdit(ctx.compiler, workspace, paths, () => again);
        announcePageFiles(ctx, workspace, paths);
      } while (again);
    } catch (error) {
      process.stderr.write(`kit: rebuild failed: ${(error as Error).message}\n`);
    } finally {
      running = false;
    }
  };
  const root = resolve(ctx.options.root);
  const isBelow = (path: string, dir: string) => {
    const inside = relative(dir, path);
    return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
  };
  // Only a cache folder inside the workspace is left alone (one holding the workspace is not).
  const cache = ctx.cacheDir && isBelow(resolve(ctx.cacheDir), root) ? resolve(ctx.cacheDir) : undefined;
  const ignored = (path: string) => {
    const inside = relative(root, path);
    if (cache && (path === cache || isBelow(path, cache))) return true;
    return IGNORED.test(inside) || (NODE_MODULES.test(inside) && !isInstallInput(inside)) || (KIT_DIR.test(inside) && !SELECTION_DIR.test(inside));
  };
  const watches = (path: string) => isBelow(path, root) && !ignored(path);
  const freshness = ctx.freshness;
  const watcher = watch(root, { ignored, ignoreInitial: true, atomic: true });
  // From the first complete scan on, the watcher vouches for the workspace's manifests and the builds' inputs.
  watcher.on('ready', () => freshness?.ready(watches));
  watcher.on('error', () => freshness?.fail());
  // fs.watch's own events, delivered in the same turn of the event loop as a request sent after
  // the edit (chokidar's come later, after a stat of their own): noticed at once, they let a
  // request trust the watcher instead of a stat (see `afterQueuedFileEvents`).
  watcher.on('raw', (event, name: string | null, details) => {
    for (const path of rawEventPaths(name, (details as { watchedPath?: string }).watchedPath)) {
      if (ignored(path)) continue;
      freshness?.noticed(path, event !== 'rename' ? 'change' : isDirectory(path) ? 'addDir' : 'rename');
      // A file written in place is rebuilt from this event: chokidar's own comes a few milliseconds later, after a stat of its own.
      if (event === 'change' && !KIT_DIR.test(path) && isFile(path)) noted('change', path);
    }
  });
  let scheduled = false;
  let trailing: NodeJS.Timeout | undefined;
  /** The paths of the last events, and what each event was. */
  const recent = new Map<string, FileEvent>();
  const report = (event: FileEvent, path: string) => {
    freshness?.changed(path, event);
    changed.add(path);
  };
  watcher.on('all', (name, path) => {
    if (KIT_DIR.test(path)) return void currentSelection(ctx, ctx.loader.load());
    noted(name as FileEvent, path); // 'all' passes only the events of files and directories
  });
  /** Records an event and schedules the rebuild that follows it. */
  const noted = (event: FileEvent, path: string) => {
    report(event, path);
    recent.set(path, event);
    clearTimeout(trailing);
    trailing = setTimeout(() => {
      // Reported again: the last write of each may be one chokidar dropped.
      for (const [late, was] of recent) report(was === 'add' ? 'change' : was, late);
      recent.clear();
      void rebuild();
    }, TRAILING_CHECK_MS).unref();
    if (scheduled) return;
    scheduled = true;
    // One rebuild for the events of one turn of the event loop (an atomic save is several).
    setImmediate(() => {
      scheduled = false;
      void rebuild();
    });
  };
  return watcher;
}

/**
 * An edit of a page's `index.html` or of a `.env` file (at the root or in a package) changes
 * what an open preview is made of as a whole: announced as `page.changed` (the runtime
 * reloads), and told to the terminal.
 */
function announcePageFiles(ctx: ServiceContext, workspace: Workspace, paths: ReadonlySet<string>): void {
  const dirs = new Set([workspace.root, ...workspace.packages.map((pkg) => pkg.dir)]);
  const files = [...paths].filter((path) => dirs.has(dirname(path)) && MAKES_THE_PAGE.test(basename(path))).map((path) => relative(workspace.root, path).split(sep).join('/')).sort();
  if (!files.length) return;
  ctx.channel.publish('page.changed', { files });
  ctx.options.onPageChanged?.(files);
}

/** The files a page is made of as a whole: its `index.html`, and the `.env` files `import.meta.env` comes from. */
const MAKES_THE_PAGE = /^(index\.html|\.env(\..+)?)$/;

/** True for a file that is there (the raw event of a write names it; that of a new file's folder names the folder). */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** False for a path that is gone, or never was (an event names a file's basename below the file itself). */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The paths an fs.watch event may be about: an entry of the watched directory, or the watched
 * file itself (chokidar watches both; a file's event names its own basename).
 */
function rawEventPaths(name: string | null | undefined, watchedPath: string | undefined): string[] {
  if (!watchedPath) return [];
  if (!name) return [watchedPath];
  const entry = join(watchedPath, name);
  return basename(watchedPath) === name ? [watchedPath, entry] : [entry];
}

/**
 * Settles once the file events queued when a request arrived are recorded. The kernel queues
 * an edit's event as the file is written, so before any request sent after the edit; the
 * event loop delivers both in one turn, and this waits for the end of that turn.
 */
export function afterQueuedFileEvents(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
