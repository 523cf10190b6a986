/** Reported changes kept for `since`: an entry last checked longer ago is checked by stat. */
const KEPT = 4096;
const NOTHING: readonly ReportedChange[] = Object.freeze([]);

/** A path a watcher reported, and whether it was created (a new file may be what a build looked for). */
export interface ReportedChange {
  path: string;
  created: boolean;
}

/** How many paths' answers `watches` keeps. */
const JUDGED_KEPT = 50_000;

/**
 * What a file watcher reported, for caches that trust it instead of stat'ing every input on
 * each use. Reports are numbered: a cache remembers the number (`mark()`) at which it last
 * found an entry's inputs unchanged, and later looks only at what was reported since. Nothing
 * is trusted before the watcher's first complete scan (`ready`) nor after it failed (`fail`):
 * `mark()` is then undefined, and callers stat every input, as without a watcher.
 */
export class ChangeLog {
  private count = 0;
  /** The last reports, oldest first: `recent[i]` is report number `count - recent.length + i + 1`. */
  private recent: ReportedChange[] = [];
  private watched?: (path: string) => boolean;
  private failed = false;
  /** Until then nothing is trusted, and no mark taken before `floor` ever again (see `distrust`). */
  private distrustedUntil = 0;
  private floor = 0;
  private settle!: () => void;
  /** Settles when the watcher is ready (or failed): from then on, whatever changes is reported or checked. */
  readonly settled = new Promise<void>((resolve) => (this.settle = resolve));

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

  /** The watcher reported a change of `path`: written, removed, or (`created`) made. */
  record(path: string, created = false): void {
    this.count++;
    this.recent.push({ path, created });
    if (this.recent.length > 2 * KEPT) this.recent.splice(0, this.recent.length - KEPT);
  }

  /**
   * For `ms` from now the watcher may miss changes (it sets up its watch of a new directory
   * after it announced it): callers stat every input meanwhile, and an entry checked before
   * is checked by stat once more.
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

  private readonly judged = new Map<string, boolean>();
}
