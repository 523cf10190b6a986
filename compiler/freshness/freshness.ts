import { dirname } from 'node:path';
import { fileStamp } from './stamp.js';

/** Reported changes kept for `since`: an entry last checked longer ago is checked by stat. */
const KEPT = 4096;
const NOTHING: readonly ReportedChange[] = Object.freeze([]);
/** How many paths' answers `watches` keeps. */
const JUDGED_KEPT = 50_000;

/**
 * What happened to a path, in the watcher's words: `change` (its content was written), an
 * entry added or removed, or `rename` (fs.watch's word for either, before the watcher knows which).
 */
export type FileEvent = 'change' | 'add' | 'unlink' | 'addDir' | 'unlinkDir' | 'rename';

/** A path a watcher reported, and whether it was created (a new file may be what a build looked for). */
export interface ReportedChange {
  path: string;
  created: boolean;
  /** An entry added or removed: its directory's listing changed, not only its content. */
  listed: boolean;
}

/** Told of every settled change (TypeScript 7's checker reads again only what it is told). */
export type ChangeListener = (path: string, event: FileEvent) => void;

/**
 * Paths with the stamps an answer was made from (see stamp.ts), and the report number at which
 * they last held (`checked`): what `stampsHold` is asked about.
 */
export interface KeptStamps {
  readonly stamps: ReadonlyMap<string, string>;
  checked?: number;
  /** Those of `stamps` no watcher reports on (installed packages, say): stat'ed on every use. */
  unwatched?: string[];
}

/**
 * Whether a file is as it was when a build read it: the one home of that question. A file
 * watcher feeds it (`ready`, `noticed`, `changed`, `fail`); the workspace loader, the caches,
 * the reach of a verdict and the service's warm answers ask it. Reports are numbered: whoever
 * keeps an answer remembers the number (`mark()`) at which its files last held, and later looks
 * only at what was reported since. Nothing is trusted before the watcher's first complete scan
 * nor after it failed, nor for a moment after a new directory appeared (the watcher sets up its
 * watch of it after announcing it): `mark()` is then undefined, and callers stat every file, as
 * without a watcher (`kit build`, `kit check`, an origin).
 */
export class Freshness {
  private count = 0;
  /** The last reports, oldest first: `recent[i]` is report number `count - recent.length + i + 1`. */
  private recent: ReportedChange[] = [];
  private watched?: (path: string) => boolean;
  private failed = false;
  /** Until then nothing is trusted, and no mark taken before `floor` ever again (see `distrust`). */
  private distrustedUntil = 0;
  private floor = 0;
  private settle!: () => void;
  private readonly listeners: ChangeListener[] = [];
  private readonly judged = new Map<string, boolean>();
  /** Settles when the watcher is ready (or failed): from then on, whatever changes is reported or checked. */
  readonly settled = new Promise<void>((resolve) => (this.settle = resolve));

  /** For `ms` after a new directory appears, its files may go unreported. */
  constructor(private readonly newDirectorySettleMs = 2000) {}

  /** The watcher has scanned everything and reports from now on every change of a path `watches` accepts. */
  ready(watches: (path: string) => boolean): void {
    if (!this.failed) this.watched = watches;
    this.settle();
  }

  /** The watcher failed: what it reports is no longer enough, for good. */
  fail(): void {
    this.failed = true;
    this.watched = undefined;
    this.settle();
  }

  /**
   * The operating system's own event, delivered in the same turn of the event loop as a request
   * sent after the edit: recorded at once, it lets that request trust the watcher, not a stat.
   */
  noticed(path: string, event: FileEvent): void {
    this.record(path, event);
  }

  /** The watcher's settled report of `path`: recorded, and told to the listeners. */
  changed(path: string, event: FileEvent): void {
    this.record(path, event);
    for (const listener of this.listeners) listener(path, event);
  }

  /** Calls `listener` with every settled change. */
  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  private record(path: string, event: FileEvent): void {
    if (event === 'addDir') this.distrust(this.newDirectorySettleMs);
    this.count++;
    this.recent.push({ path, created: event === 'add' || event === 'addDir' || event === 'rename', listed: event !== 'change' });
    if (this.recent.length > 2 * KEPT) this.recent.splice(0, this.recent.length - KEPT);
  }

  /**
   * For `ms` from now the watcher may miss changes: callers stat every file meanwhile, and an
   * answer checked before is checked by stat once more.
   */
  distrust(ms: number): void {
    this.distrustedUntil = Date.now() + ms;
    this.floor = this.count;
  }

  private get trusted(): boolean {
    return this.watched !== undefined && Date.now() >= this.distrustedUntil;
  }

  /** The number of the last report, while the watcher is trusted; undefined otherwise. */
  mark(): number | undefined {
    return this.trusted ? this.count : undefined;
  }

  /** What was reported after `mark`, or undefined when that is no longer known (nor trusted). */
  since(mark: number): readonly ReportedChange[] | undefined {
    if (!this.trusted || mark < this.floor) return undefined;
    const missed = this.count - mark;
    if (missed === 0) return NOTHING; // the common case, on every warm request: no allocation
    return missed > 0 && missed <= this.recent.length ? this.recent.slice(-missed) : undefined;
  }

  /** True when the watcher reports the changes of `path` (inside what it watches, not ignored). */
  watches(path: string): boolean {
    if (!this.watched) return false;
    // Its rules do not change: each path is judged once (a build asks for every one of its inputs).
    let watched = this.judged.get(path);
    if (watched === undefined) {
      if (this.judged.size >= JUDGED_KEPT) this.judged.clear();
      this.judged.set(path, (watched = this.watched(path)));
    }
    return watched;
  }

  /**
   * True when the watcher vouches that nothing `kept` rests on was reported since it last held:
   * none of its paths written, and no entry added to or removed from a directory among them.
   */
  vouchesFor(kept: KeptStamps): boolean {
    if (kept.checked === undefined) return false;
    const reported = this.since(kept.checked);
    if (!reported) return false;
    for (const { path, listed } of reported) if (kept.stamps.has(path) || (listed && kept.stamps.has(dirname(path)))) return false;
    return true;
  }
}

/** The stamp of `path` now; `?` below a file, for as long as it stays so. */
export function currentStamp(path: string): string {
  try {
    return fileStamp(path).stamp;
  } catch {
    return '?';
  }
}

/**
 * Whether every path of `kept` still has its stamp. While `freshness` vouches for them, only
 * the paths its watcher does not follow are stat'ed; otherwise each one is. On success `kept`
 * is marked as holding now.
 */
export function stampsHold(kept: KeptStamps, freshness: Freshness | undefined): boolean {
  const mark = freshness?.mark();
  const vouched = mark !== undefined && freshness!.vouchesFor(kept);
  const paths = vouched ? (kept.unwatched ??= [...kept.stamps.keys()].filter((path) => !freshness!.watches(path))) : kept.stamps.keys();
  for (const path of paths) if (currentStamp(path) !== kept.stamps.get(path)) return false;
  kept.checked = mark;
  return true;
}
