import { readFileSync } from 'node:fs';
import { declarationSignature } from '../compiler/index.js';

const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;

/** Each edited file's declaration signature now; undefined for one that is not TypeScript source or cannot be read. */
export type Signatures = ReadonlyMap<string, string | undefined>;

/**
 * What the modules that read an edited file (its dependents: their verdicts read it) last
 * rested on: each source file's declaration signature (what other files can read of it, see
 * `declarationSignature`) when its dependents were last judged with it, every one of those
 * judgements settled. An edit that leaves a file's signature as it was then changes no
 * dependent's verdict: they are not judged again. The first edit of a file, and any other,
 * judges them as before.
 */
export class Dependents {
  private judgedWith = new Map<string, string>();

  /** The signatures of `paths` as they are now. */
  signaturesOf(paths: Iterable<string>): Signatures {
    const found = new Map<string, string | undefined>();
    for (const path of paths) {
      // Only TypeScript source has a signature: nothing else (an asset, a stylesheet) is read for it.
      let text: string | undefined;
      try {
        text = TYPESCRIPT.test(path) ? readFileSync(path, 'utf8') : undefined;
      } catch {
        text = undefined;
      }
      found.set(path, text === undefined ? undefined : declarationSignature(path, text));
    }
    return found;
  }

  /** True when every edited file declares what it declared when its dependents were last judged. */
  kept(signatures: Signatures): boolean {
    return [...signatures].every(([path, signature]) => signature !== undefined && this.judgedWith.get(path) === signature);
  }

  /** The dependents were judged with `signatures` (or found to need no judgement): every judgement settled, else nothing is vouched for. */
  note(signatures: Signatures, settled: boolean): void {
    for (const [path, signature] of signatures) {
      if (settled && signature !== undefined) this.judgedWith.set(path, signature);
      else this.judgedWith.delete(path);
    }
  }
}
