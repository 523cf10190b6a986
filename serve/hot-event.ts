/** One module of a `hot.update` event (its payload's `modules`), as the service sends it and the runtime applies it: the files of its new build to run, each with its update address. */
export interface HotModuleUpdate {
  vspecifier: string;
  /** The build a page must run for these files to apply to it; any other page reloads. */
  from: string;
  hash: string;
  files: { id: string; path: string; url: string }[];
  pruned: string[];
  /** Why the page must reload instead. */
  reload?: string;
}
