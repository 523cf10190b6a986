import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

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

function stampOf(path: string): { stamp: string; mtimeMs: number } {
  const s = statSync(path, { bigint: true, throwIfNoEntry: false });
  return s ? { stamp: `${s.mtimeNs}:${s.ctimeNs}:${s.size}:${s.ino}`, mtimeMs: Number(s.mtimeNs / 1_000_000n) } : { stamp: '-', mtimeMs: 0 };
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
 * stat did). Concurrent requests for one key share one build. Bounded: least recently used
 * entries go first.
 */
export class ArtifactCache<T> {
  private entries = new Map<string, Entry<T>>();
  private inflight = new Map<string, Promise<T>>();
  /** How many builds ran: a figure for tests and benchmarks. */
  builds = 0;

  constructor(private readonly limit = 1000) {}

  async get(key: string, build: () => Promise<Built<T>>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && this.isFresh(entry)) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = this.run(key, build).finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private async run(key: string, build: () => Promise<Built<T>>): Promise<T> {
    const started = Date.now();
    this.builds++;
    const { value, inputs } = await build();
    const records: InputRecord[] = [];
    let stale = false;
    for (const path of new Set(inputs)) {
      const { stamp, mtimeMs } = stampOf(path);
      // A file written while the build ran may have been read half old: never keep that build.
      if (mtimeMs >= started - 1) stale = true;
      records.push({ path, stamp, hash: hashOf(path) });
    }
    if (!stale) {
      this.entries.delete(key);
      this.entries.set(key, { value, inputs: records });
      if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  private isFresh(entry: Entry<T>): boolean {
    for (const input of entry.inputs) {
      const { stamp } = stampOf(input.path);
      if (stamp === input.stamp) continue;
      if (hashOf(input.path) !== input.hash) return false;
      input.stamp = stamp;
    }
    return true;
  }
}
