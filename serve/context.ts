import { Compiler, DiskStore, WorkspaceLoader } from '../compiler/index.js';
import { BuildStates, type BuildOutcome } from './builds.js';
import { Channel } from './channel.js';

/** What the service was started with. */
export interface ServiceOptions {
  root: string;
  port?: number;
  host?: string;
  allowedHosts?: string[];
  /** The development extension: development outputs, preview, reports, events. */
  development: boolean;
  cdnOrigin?: string;
  /** Told of every judged build that changed (the terminal's report). */
  onBuild?: (outcome: BuildOutcome) => void;
}

/** Everything a route needs, created once per service. */
export interface ServiceContext {
  options: ServiceOptions;
  loader: WorkspaceLoader;
  compiler: Compiler;
  builds: BuildStates;
  channel: Channel;
  /** The selection file as last read, to notice changes made from the shell. */
  selectionStamp?: string;
}

export function createContext(options: ServiceOptions): ServiceContext {
  const channel = new Channel();
  return { options, loader: new WorkspaceLoader(options.root), compiler: new Compiler({ disk: DiskStore.forWorkspace(options.root) }), builds: new BuildStates(channel, options.onBuild), channel };
}
