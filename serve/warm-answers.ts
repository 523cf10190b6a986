import type { Freshness } from '../compiler/index.js';
import { isKitOwnFile } from '../compiler/index.js';
import type { Audience } from './answer.js';

/** An artifact answer, as a route returns it (see answer.ts). */
export interface Answer {
  body: string;
  type: string;
  audience: Audience;
  digest: string;
}

const LIMIT = 512;

/**
 * The last artifact answers by request target, kept while the watcher reports nothing at all:
 * the workspace, its manifests and every input a build read are then as they were, so a warm
 * request repeats its answer without looking the module up, parsing options or asking the
 * caches. Any report forgets them all (the next request takes the full path and is kept
 * again). Builds that read a file the watcher does not follow (an installed package) are
 * never kept: the cache stats those on each use.
 */
export class WarmAnswers {
  private answers = new Map<string, Answer>();
  private mark?: number;

  constructor(private readonly freshness: Freshness) {}

  /** The answer kept for `target`, when nothing was reported since it was kept. */
  get(target: string): Answer | undefined {
    if (this.mark === undefined || this.freshness.mark() !== this.mark) return undefined;
    return this.answers.get(target);
  }

  /** Where the watcher's reports stand: taken before an answer is looked up, and given to `keep`. */
  now(): number | undefined {
    return this.freshness.mark();
  }

  /**
   * Keeps `answer` for `target`, looked up when the reports stood at `mark`, if none came
   * since and every input of its build is one the watcher follows.
   */
  keep(target: string, answer: Answer, inputs: readonly string[], mark: number | undefined): void {
    if (mark === undefined || this.freshness.mark() !== mark) return;
    if (!inputs.every((path) => this.freshness.watches(path) || isKitOwnFile(path))) return;
    if (mark !== this.mark) {
      this.answers.clear();
      this.mark = mark;
    }
    if (this.answers.size >= LIMIT) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(target, answer);
  }
}
