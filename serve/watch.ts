import { watch, type FSWatcher } from 'chokidar';
import type { ServiceContext } from './context.js';

const DEBOUNCE_MS = 15;
const IGNORED = /(^|[/\\])(node_modules|\.git|\.kit|dist)([/\\]|$)/;

/**
 * Watches the workspace and, after a burst of changes settles, judges every module again.
 * The artifact cache rebuilds only what an edit touched (a partial's edit reaches every
 * stylesheet that imports it, since partials are inputs), and `BuildStates` announces each
 * changed build once, so the page hears of a new stylesheet without asking.
 */
export function watchWorkspace(ctx: ServiceContext): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const rebuild = () => {
    running = running
      .then(async () => {
        const workspace = ctx.loader.load();
        await ctx.builds.judge(ctx, workspace, workspace.modules);
      })
      .catch((error: Error) => void process.stderr.write(`kit: rebuild failed: ${error.message}\n`));
  };
  const watcher = watch(ctx.options.root, { ignored: (path) => IGNORED.test(path), ignoreInitial: true, atomic: true });
  // From the first complete scan on, the watcher vouches for the workspace's manifests.
  watcher.on('ready', () => ctx.loader.setWatching(true));
  watcher.on('error', () => ctx.loader.setWatching(false));
  watcher.on('all', () => {
    ctx.loader.invalidate();
    clearTimeout(timer);
    timer = setTimeout(rebuild, DEBOUNCE_MS);
  });
  return watcher;
}
