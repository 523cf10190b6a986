import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { DiskStore } from './disk-cache.js';
import { fileStamp } from './stamp.js';

interface InputRecord {
  path: string;
  stamp: string;
  hash: string;
}

interface Entry<T> {
  value: T;
  inputs: InputRecord[];
}

/** A built value and the files it was built from. */
export interface Built<T> {
  value: T;
  inputs: string[];
}

/** A content digest, hex. */
export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hashOf(path: string): string {
  try {
    return sha256(readFileSync(path));
  } catch {
    return '-';
  }
}

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
 */
export class ArtifactCache<T> {
  private entries = new Map<string, Entry<T>>();
  private inflight = new Map<string, Promise<T>>();
  private unsettled = new WeakSet<object>();
  /** The inputs each key's last build read, kept even when the build was not. */
  private lastInputs = new Map<string, string[]>();
  /** How many builds ran: a figure for tests and benchmarks. */
  builds = 0;

  constructor(
    private readonly limit = 1000,
    private readonly store?: { disk: DiskStore; name: string },
  ) {}

  async get(key: string, build: () => Promise<Built<T>>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && this.isFresh(entry)) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const stored = entry ? undefined : this.store?.disk.read<T>(`${this.store.name}|${key}`);
    if (stored && this.isFresh(stored)) {
      this.keep(key, { value: stored.value, inputs: stored.inputs });
      return stored.value;
    }
    const running = this.inflight.get(key);
    if (running) {
      // The build may have read files as they were before this request: use it only if it still holds.
      const value = await running;
      const kept = this.entries.get(key);
      return kept?.value === value && this.isFresh(kept) ? value : this.get(key, build);
    }
    const promise = this.run(key, build).finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private async run(key: string, build: () => Promise<Built<T>>): Promise<T> {
    const started = Date.now();
    const before = new Map((this.lastInputs.get(key) ?? []).map((path) => [path, hashOf(path)]));
    this.builds++;
    const { value, inputs } = await build();
    const records: InputRecord[] = [];
    let stale = false;
    for (const path of new Set(inputs)) {
      const { stamp, mtimeMs } = fileStamp(path);
      const hash = hashOf(path);
      // A file written while the build ran may have been read half old: never keep that build.
      const known = before.get(path);
      if (known === undefined ? mtimeMs >= started : known !== hash) stale = true;
      records.push({ path, stamp, hash });
    }
    this.lastInputs.set(key, records.map((r) => r.path));
    if (this.lastInputs.size > this.limit) this.lastInputs.delete(this.lastInputs.keys().next().value!);
    if (stale && typeof value === 'object' && value !== null) this.unsettled.add(value);
    if (!stale) {
      this.keep(key, { value, inputs: records });
      this.store?.disk.write({ key: `${this.store.name}|${key}`, value, inputs: records });
    }
    return value;
  }

  private keep(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  /** True when `key` is held, in memory or on disk, with every input unchanged: `get` would build nothing. */
  holds(key: string): boolean {
    const entry = this.entries.get(key) ?? this.store?.disk.read<T>(`${this.store.name}|${key}`);
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

  private isFresh(entry: Entry<T>): boolean {
    for (const input of entry.inputs) {
      const { stamp } = fileStamp(input.path);
      if (stamp === input.stamp) continue;
      if (hashOf(input.path) !== input.hash) return false;
      input.stamp = stamp;
    }
    return true;
  }
}
