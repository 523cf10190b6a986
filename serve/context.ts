import { Compiler, DiskStore, Freshness, reportFileChange, WorkspaceLoader, type RemoteCache } from '../compiler/index.js';
import { BuildsAhead } from './ahead.js';
import { BuildStates, type BuildOutcome } from './builds.js';
import { Channel } from './channel.js';
import { WarmAnswers } from './warm-answers.js';
import type { PageError } from './page-error.js';

/** What the service was started with. */
export interface ServiceOptions {
  root: string;
  port?: number;
  host?: string;
  allowedHosts?: string[];
  /** The development extension: development outputs, preview, reports, events. */
  development: boolean;
  cdnOrigin?: string;
  /** `false` (`--no-reload`): an open preview asks for a reload after a code change instead of reloading. */
  reload?: boolean;
  /** A shared build cache (CONTRACT §8), read before building and, with write, filled after. */
  remote?: RemoteCache;
  /** Stacks of internal errors on the terminal (`--log-level debug`). */
  debug?: boolean;
  /** Told of every judged build that changed (the terminal's report). */
  onBuild?: (outcome: BuildOutcome) => void;
  /** `--mode`: `import.meta.env.MODE` and the `.env.<mode>` files read. */
  mode?: string;
  /** The folder whose `index.html` is the page (an app's, when kit was started there), relative to the root; `?page=` overrides it. */
  page?: string;
  /** Told when a page's index.html or a .env file changed, and open previews reload (the terminal's report). */
  onPageChanged?: (files: string[]) => void;
  /** Told of each error an open preview's code threw (the terminal's report). */
  onPageError?: (error: PageError) => void;
}

/** Everything a route needs, created once per service. */
export interface ServiceContext {
  options: ServiceOptions;
  loader: WorkspaceLoader;
  compiler: Compiler;
  builds: BuildStates;
  channel: Channel;
  /** What the file watcher reported (the development service has one): the compiler's caches trust it once it is ready. */
  freshness?: Freshness;
  /** Artifact answers repeated while the watcher reports nothing (with `freshness` only). */
  warm?: WarmAnswers;
  /** kit's own disk cache, which the watcher leaves alone (`KIT_CACHE_DIR` may be inside the workspace). */
  cacheDir?: string;
  /** The selection file as last read, to notice changes made from the shell. */
  selectionStamp?: string;
  /** The builds of what a served module imports, started as it is served (development only). */
  ahead?: BuildsAhead;
}

export function createContext(options: ServiceOptions): ServiceContext {
  const channel = new Channel();
  const freshness = options.development ? new Freshness() : undefined;
  // TypeScript 7's checker reads again only the files it is told changed.
  freshness?.onChange((path, event) => reportFileChange(options.root, event, path));
  const disk = DiskStore.forWorkspace(options.root);
  const compiler = new Compiler({ disk, freshness, remote: options.remote });
  return { options, loader: new WorkspaceLoader(options.root, freshness, options.mode), compiler, builds: new BuildStates(channel, options.onBuild), channel, freshness, warm: freshness && new WarmAnswers(freshness), cacheDir: disk?.dir, ahead: options.development ? new BuildsAhead(compiler) : undefined };
}
