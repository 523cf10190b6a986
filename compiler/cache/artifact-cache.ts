import { dirname, sep } from 'node:path';
import type { Freshness, ReportedChange } from '../freshness/freshness.js';
import type { DiskStore } from './disk-cache.js';
import type { RemoteCache } from './remote-cache.js';
import type { ContentKey } from './content-key.js';
import { contentHash } from '../freshness/content.js';
import { isUnchanged, recordInput, recordStamped, type InputRecord } from './inputs.js';
import { isKitOwnFile } from '../version.js';

interface Entry<T> {
  value: T;
  inputs: InputRecord[];
  /** The watcher's mark when every input was last found unchanged (see `Freshness`). */
  checked?: number;
  /** The inputs no watcher reports on (outside the workspace, in node_modules; kit's own aside): stat'ed on each use. */
  unwatched?: InputRecord[];
  /** The input paths, the directories they are in, and the directories among them: to match reported changes. */
  paths?: Set<string>;
  parents?: Set<string>;
  dirs?: string[];
}

/** A built value and the files it was built from. */
export interface Built<T> {
  value: T;
  inputs: string[];
  /** A failure of a tool, not an answer of the inputs: returned, never kept. */
  transient?: boolean;
  /** The stamp of some input files, taken as the build read them: spares their records a stat (see `run`). */
  stamps?: ReadonlyMap<string, string>;
}

/** A remote tier's action key, and the content it was made from (see `ArtifactCache.get`). */
interface RemoteAction {
  key: string;
  content?: ContentKey;
  /** The watcher's mark taken before the content was looked at: a hit's inputs held then. */
  mark?: number;
}

/** Where `ArtifactCache.get` found a value: kept in memory, on disk, or built (`miss`). */
export type CacheSource = 'memory' | 'disk' | 'remote' | 'miss';


/**
 * Artifacts keyed by what they were built from: the key names the options and settings, and
 * each entry remembers the content hash of every input file. An entry is used only while
 * every input still has that content (a stat decides when nothing changed; a hash when the
 * stat did). Concurrent requests for one key share one build, and a request that joined a
 * build re-checks its result. A build during which an input changed is never kept: inputs
 * known from the key's last build are compared by content before and after (file clocks are
 * too coarse to tell), new ones by mtime. Bounded: least recently used entries go first.
 * With a disk store, what is built is also written there, and a key not held in memory is
 * looked up there (and checked the same way) before it is built: a restart starts warm.
 * With a trusted watcher (`freshness`), an entry is reused without a stat of its watched inputs
 * while the watcher reports nothing that touches them: constant work per use.
 */
export class ArtifactCache<T> {
  private entries = new Map<string, Entry<T>>();
  private inflight = new Map<string, Promise<T>>();
  private unsettled = new WeakSet<object>();
  /** The remote action of each key `fetchRemote` asked for and missed, until `get` builds it. */
  private readonly remoteMisses = new Map<string, RemoteAction>();
  /** The inputs each key's last build read, kept even when the build was not. */
  private lastInputs = new Map<string, string[]>();
  /** How many builds ran: a figure for tests and benchmarks. */
  builds = 0;

  constructor(
    private readonly limit = 1000,
    private readonly store?: { disk?: DiskStore; name: string; remote?: RemoteCache },
    private readonly freshness?: Freshness,
  ) {}

  /**
   * The value for `key`, kept or built. `content` gives the digest of the files the value
   * is known to rest on before it is built (CONTRACT §8): with it, the remote tier's action
   * key is the key and that digest, so an edited input is another entry (a 404 before any
   * fetch) and two branches never share, nor evict, one entry.
   */
  async get(key: string, build: () => Promise<Built<T>>, found?: (source: CacheSource) => void, content?: () => ContentKey): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && this.isFresh(entry)) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      found?.('memory');
      return entry.value;
    }
    const stored = entry ? undefined : this.readStored(key);
    if (stored && this.isFresh(stored)) {
      this.keep(key, stored);
      found?.('disk');
      return stored.value;
    }
    const remote = this.store?.remote;
    // One asked for a moment ago (see `fetchRemote`) and missed is not asked for again, nor its digest made again.
    const missed = this.remoteMisses.get(key);
    this.remoteMisses.delete(key);
    const action = remote && (missed ?? this.remoteAction(key, content));
    if (action && missed === undefined && !remote!.settings.verify && !entry && !this.inflight.has(key)) {
      const hit = await this.fromRemote(key, action);
      if (hit) {
        found?.('remote');
        return hit.value;
      }
    }
    found?.('miss');
    const running = this.inflight.get(key);
    if (running) {
      // The build may have read files as they were before this request: use it only if it still holds.
      const value = await running;
      const kept = this.entries.get(key);
      return kept?.value === value && this.isFresh(kept) ? value : this.get(key, build, found, content);
    }
    const promise = this.run(key, build, action).finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  /** True while a build of `key` runs: a caller joins it through `get`. */
  isBuilding(key: string): boolean {
    return this.inflight.has(key);
  }

  /**
   * Looks `key` up in the remote tier only, and keeps a hit as `get` would: a caller about to
   * build many modules together (`kit build`) asks first, and builds only what missed.
   */
  async fetchRemote(key: string, content?: () => ContentKey): Promise<boolean> {
    const remote = this.store?.remote;
    if (!remote || remote.settings.verify || this.holds(key) || this.inflight.has(key)) return false;
    const action = this.remoteAction(key, content);
    if (await this.fromRemote(key, action)) return true;
    this.remoteMisses.set(key, action);
    return false;
  }

  private remoteAction(key: string, content?: () => ContentKey): RemoteAction {
    const mark = this.freshness?.mark();
    const made = content?.();
    return { key: `${this.store!.name}|${key}${made ? `|${made.digest}` : ''}`, content: made, mark };
  }

  /** The remote entry for `action`, verified against this workspace's files and kept here as if built here. */
  private async fromRemote(key: string, action: RemoteAction): Promise<{ value: T } | undefined> {
    const hit = await this.store!.remote!.lookup<T>(action.key, action.content);
    if (!hit) return undefined;
    // What the key covers is recorded as the key was made from it: an edit since is found as any other.
    const records = hit.inputs.map((record) => ({ ...record }));
    this.keep(key, this.trusted({ value: hit.value, inputs: records }, action.mark));
    this.store?.disk?.write({ key: `${this.store.name}|${key}`, value: hit.value, inputs: records });
    return hit;
  }

  private async run(key: string, build: () => Promise<Built<T>>, action: RemoteAction = { key: `${this.store?.name}|${key}` }): Promise<T> {
    const started = Date.now();
    // Taken before anything is read: whatever the watcher reports from here on is looked at.
    const mark = this.freshness?.mark();
    const before = new Map((this.lastInputs.get(key) ?? []).map((path) => [path, contentHash(path)]));
    this.builds++;
    const { value, inputs, transient, stamps } = await build();
    const records: InputRecord[] = [];
    let stale = false;
    const vouched = this.vouched(stamps, mark);
    for (const path of new Set(inputs)) {
      // Not written since before the build began, as the watcher tells: the stamp it read the file at stands.
      const stamped = vouched?.(path);
      if (stamped) {
        if ((before.get(path) ?? stamped.hash) !== stamped.hash) stale = true;
        records.push(stamped);
        continue;
      }
      const { record, mtimeMs } = recordInput(path);
      // A file written while the build ran may have been read half old: never keep that build.
      const known = before.get(path);
      if (known === undefined ? mtimeMs >= started : known !== record.hash) stale = true;
      records.push(record);
    }
    this.lastInputs.set(key, records.map((r) => r.path));
    if (this.lastInputs.size > this.limit) this.lastInputs.delete(this.lastInputs.keys().next().value!);
    if (stale && typeof value === 'object' && value !== null) this.unsettled.add(value);
    if (!stale && !transient) {
      this.keep(key, this.trusted({ value, inputs: records }, mark));
      this.store?.disk?.write({ key: `${this.store.name}|${key}`, value, inputs: records });
      const remote = this.store?.remote;
      if (remote?.settings.verify) await remote.verify(action.key, key.split('|')[1] ?? key, value, action.content);
      else remote?.upload(action.key, value, records, action.content);
    }
    return value;
  }

  /**
   * The record of an input from the stamp its build took, for a file the trusted watcher has
   * reported nothing of since `mark` (taken before the build began); undefined otherwise. A
   * module deep in a chain of packages rests on many files: a stat each would add up.
   */
  private vouched(stamps: ReadonlyMap<string, string> | undefined, mark: number | undefined): ((path: string) => InputRecord | undefined) | undefined {
    const reported = stamps && mark !== undefined ? this.freshness!.since(mark) : undefined;
    if (!reported) return undefined;
    const written = new Set(reported.map((change) => change.path));
    return (path) => {
      const stamp = written.has(path) ? undefined : stamps!.get(path);
      return stamp === undefined ? undefined : recordStamped(path, stamp);
    };
  }

  private readStored(key: string): Entry<T> | undefined {
    const stored = this.store?.disk?.read<T>(`${this.store.name}|${key}`);
    return stored && { value: stored.value, inputs: stored.inputs };
  }

  private keep(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  /** True when `key` is held, in memory or on disk, with every input unchanged: `get` would build nothing. */
  holds(key: string): boolean {
    const entry = this.entries.get(key) ?? this.readStored(key);
    return entry !== undefined && this.isFresh(entry);
  }

  /** Drops every entry whose key `keep` refuses (the builds of a version that no longer exists). */
  prune(keep: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (!keep(key)) this.entries.delete(key);
    for (const key of [...this.lastInputs.keys()]) if (!keep(key)) this.lastInputs.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The keys held now, least recently used first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** True when `value` came from a build during which one of its inputs was written. */
  isUnsettled(value: T): boolean {
    return typeof value === 'object' && value !== null && this.unsettled.has(value);
  }

  /**
   * True when every input still has the content the entry was built from. While the watcher
   * is trusted and has reported nothing touching an entry since its last check, only the
   * inputs it does not watch are stat'ed; otherwise every input is, as without a watcher.
   */
  private isFresh(entry: Entry<T>): boolean {
    const mark = this.freshness?.mark();
    if (mark !== undefined && entry.checked !== undefined) {
      const touched = touches(entry, this.freshness!.since(entry.checked));
      if (touched === 'rebuild') return false;
      if (touched === 'no') {
        if (!entry.unwatched!.every(isUnchanged)) return false;
        entry.checked = mark;
        return true;
      }
    }
    if (!entry.inputs.every(isUnchanged)) return false;
    this.trusted(entry, mark);
    return true;
  }

  /** Marks the entry as checked at `mark`, when the watcher is trusted. */
  private trusted(entry: Entry<T>, mark: number | undefined): Entry<T> {
    if (mark === undefined) return entry;
    entry.checked = mark;
    entry.unwatched = entry.inputs.filter((input) => !this.freshness!.watches(input.path) && !isKitOwnFile(input.path));
    return entry;
  }
}

/**
 * What reported changes mean for an entry: nothing (`no`), a check of its inputs (one of them
 * was reported, or it is not known what was), or a rebuild: something changed below a directory
 * it read, or a file was created beside one it read (it may be what an import looked for).
 */
function touches<T>(entry: Entry<T>, reported: readonly ReportedChange[] | undefined): 'no' | 'check' | 'rebuild' {
  if (!reported) return 'check';
  if (reported.length === 0) return 'no';
  const paths = (entry.paths ??= new Set(entry.inputs.map((input) => input.path)));
  const parents = (entry.parents ??= new Set([...paths].map((path) => dirname(path))));
  const dirs = (entry.dirs ??= entry.inputs.filter((input) => input.dir).map((input) => input.path + sep));
  let touched: 'no' | 'check' = 'no';
  for (const { path, created } of reported) {
    if (paths.has(path)) touched = 'check';
    else if (dirs.some((dir) => path.startsWith(dir)) || (created && parents.has(dirname(path)))) return 'rebuild';
  }
  return touched;
}
