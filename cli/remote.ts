import type { Argv } from 'yargs';
import { RemoteCache, remoteCacheSettings, toolVersions } from '../compiler/index.js';
import { pc, UserError } from './output.js';

/** The remote-cache options of `kit build`, `kit check` and `kit run` (CONTRACT §8). */
export interface RemoteArgs {
  'remote-cache'?: string;
  'remote-cache-write': boolean;
  'remote-cache-header': string[];
  'remote-cache-verify': boolean;
}

export function remoteCacheOptions<T>(y: Argv<T>): Argv<T & RemoteArgs> {
  return y
    .option('remote-cache', { type: 'string', describe: "a shared build cache on Bazel's HTTP remote-cache protocol (or KIT_REMOTE_CACHE); read only unless --remote-cache-write" })
    .option('remote-cache-write', { type: 'boolean', default: false, describe: 'also upload what is built here (or KIT_REMOTE_CACHE_WRITE=1): for trusted CI only' })
    .option('remote-cache-header', { type: 'string', array: true, default: [] as string[], describe: 'a header sent with every request to the cache, "Name: value" (repeatable)' })
    .option('remote-cache-verify', { type: 'boolean', default: false, describe: 'build everything here and report the modules whose bytes differ from the cache' }) as Argv<T & RemoteArgs>;
}

/**
 * The remote cache the arguments name, if any. Each kind of trouble with it is one warning
 * on stderr naming the cache; it never fails the command.
 */
export function openRemoteCache(root: string, args: RemoteArgs): RemoteCache | undefined {
  const read = remoteCacheSettings({ url: args['remote-cache'], write: args['remote-cache-write'], headers: args['remote-cache-header'], verify: args['remote-cache-verify'] });
  if (!read.ok) throw new UserError(read.reason);
  if (!read.settings) return undefined;
  const told = new Set<string>();
  const shown = new URL(read.settings.url);
  shown.username = '';
  shown.password = '';
  return new RemoteCache(read.settings, root, toolVersions(), (kind, detail) => {
    if (told.has(kind)) return;
    told.add(kind);
    process.stderr.write(`${pc.yellow('warning:')} remote cache ${shown.href}: ${detail}; going on without it where it fails\n`);
  });
}

/** `kit build`'s summary of the remote cache: hits, misses, uploads. */
export function remoteSummary(remote: RemoteCache | undefined): string {
  if (!remote) return '';
  const { hits, misses, uploads } = remote.stats;
  return `; remote cache: ${hits} from it, ${misses} missed${remote.settings.write ? `, ${uploads} uploaded` : ''}`;
}
