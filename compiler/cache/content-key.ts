import { sha256 } from './digest.js';
import { recordInput, type InputRecord } from './inputs.js';

/**
 * What a key is made of a module's reach (check/reach.ts): the files it walked itself, the
 * reaches it took whole, all its files, and whether it is on an import cycle.
 */
export interface KeyedReach {
  readonly own: readonly string[];
  readonly took: readonly KeyedReach[];
  readonly files: readonly string[];
  readonly cyclic: boolean;
}

/**
 * The content part of an action key (CONTRACT §8), and the records of the files it was made
 * from: their content as the key names it, which an entry taken for the key rests on.
 */
export interface ContentKey {
  readonly digest: string;
  /** Every file the digest covers, with the stamp and content digest it was made from. */
  covered(): InputRecord[];
}

/**
 * `records` (what a build read) split by whether `key` covers them, for an entry's manifest;
 * undefined when the build read a covered file at another content than the key names (it was
 * written between the key and the build): a reader trusts its key for those.
 */
export function splitByKey(key: ContentKey, records: readonly InputRecord[]): { covered: InputRecord[]; beyond: InputRecord[] } | undefined {
  const hashes = new Map(key.covered().map((record) => [record.path, record.hash]));
  if (records.some((record) => (hashes.get(record.path) ?? record.hash) !== record.hash)) return undefined;
  return { covered: records.filter((record) => hashes.has(record.path)), beyond: records.filter((record) => !hashes.has(record.path)) };
}

/** A stamp and digest no file has: its record never holds. */
const UNHELD = 'digested at two contents';

/** A reach's digest, and the records of the files it walked itself (all of them when on a cycle). */
interface ReachDigest {
  digest: string;
  records: InputRecord[];
}

/**
 * Content keys as Bazel makes them: a module entry's reach is digested from the files it
 * walked itself and the digests of the reaches it took whole, so a module's files are read
 * and digested once per reach, not once per module importing it. `portable` names a path as
 * every checkout does.
 */
export class ContentKeys {
  /** Kept with the reach: one is made anew whenever anything it rests on changed. */
  private readonly reaches = new WeakMap<KeyedReach, ReachDigest>();

  constructor(private readonly portable: (path: string) => string) {}

  /** The key of `reach` (if any) and the other `files` the action rests on (settings, manifests, assets). */
  key(reach: KeyedReach | undefined, files: Iterable<string>): ContentKey {
    const records = [...new Set(files)].map((path) => recordInput(path).record);
    const lines = records.map((record) => this.line(record));
    if (reach) lines.push(`\0${this.reachDigest(reach).digest}`);
    const digest = sha256(lines.sort().join('\n'));
    return { digest, covered: () => (reach ? [...this.reachRecords(reach), ...records] : records) };
  }

  private reachDigest(reach: KeyedReach): ReachDigest {
    const kept = this.reaches.get(reach);
    if (kept) return kept;
    let made: ReachDigest;
    if (reach.cyclic) {
      // Its shape depends on which module of the cycle was walked first; its files do not.
      const records = [...new Set(reach.files)].map((path) => recordInput(path).record);
      made = { digest: sha256(`cycle\n${records.map((r) => this.line(r)).sort().join('\n')}`), records };
    } else {
      const records = [...new Set(reach.own)].map((path) => recordInput(path).record);
      // A reach taken twice (a racy stamp makes it anew) counts once: the digest is of content only.
      const took = new Set(reach.took.map((other) => `\0${this.reachDigest(other).digest}`));
      made = { digest: sha256(`tree\n${[...records.map((r) => this.line(r)), ...took].sort().join('\n')}`), records };
    }
    this.reaches.set(reach, made);
    return made;
  }

  /** The records of every file `reach` covers, each once. */
  private reachRecords(reach: KeyedReach): InputRecord[] {
    const records = new Map<string, InputRecord>();
    const seen = new Set<KeyedReach>();
    const collect = (next: KeyedReach) => {
      if (seen.has(next)) return;
      seen.add(next);
      for (const record of this.reachDigest(next).records) {
        const known = records.get(record.path);
        // Digested at two contents (written between two walks): no entry may rest on either.
        records.set(record.path, known && known.hash !== record.hash ? { path: record.path, stamp: UNHELD, hash: UNHELD } : record);
      }
      if (!next.cyclic) next.took.forEach(collect);
    };
    collect(reach);
    return [...records.values()];
  }

  private line(record: InputRecord): string {
    return `${this.portable(record.path)}\0${record.hash}`;
  }
}
