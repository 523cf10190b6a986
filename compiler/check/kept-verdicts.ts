import { declarationSignature } from './declaration-signature.js';
import type { CheckDiagnostic } from './located.js';

/** Files whose content no type rests on (their imports are typed by declarations of the form `declare module '*.css'`). */
const UNTYPED_CONTENT = /\.(?:css|scss|sass|less|styl|svg|png|jpe?g|gif|webp|avif|ico|bmp|woff2?|ttf|otf|eot|html|md|txt|mp4|webm|mp3|wav|ogg)$/i;

/** The files of an update of what TypeScript reads (see `NativeChecker.changed`). */
export interface PendingChanges {
  changed: ReadonlySet<string>;
  created: ReadonlySet<string>;
  deleted: ReadonlySet<string>;
  all: boolean;
}

/**
 * Each file's diagnostics as TypeScript 7 last found them, by project, kept across edits of
 * other files that leave what those files declare as it was (`declarationSignature`): an
 * edit inside a typed function's body is checked again in its own file only, where checking
 * every file of its module again took most of an edit's verdict. Any other change (a
 * declaration, a new or removed file, a tsconfig, an install) drops every kept diagnostic.
 */
export class KeptVerdicts {
  private byProject = new Map<string, Map<string, CheckDiagnostic[]>>();
  /** Each changed file's signature as of its last change: a file never changed has none, and its first change drops all. */
  private signatures = new Map<string, string>();

  /** Takes in the changes an update applies; `readText` reads a file as TypeScript will. */
  apply(changes: PendingChanges, readText: (file: string) => string): void {
    let declarationsKept = !changes.all && changes.created.size === 0 && changes.deleted.size === 0;
    for (const file of changes.changed) {
      // A stylesheet's or an asset's import is typed by kit's ambient declarations, whatever the file holds.
      if (UNTYPED_CONTENT.test(file)) continue;
      const signature = declarationSignature(file, readText(file));
      if (signature === undefined || signature !== this.signatures.get(file)) declarationsKept = false;
      if (signature === undefined) this.signatures.delete(file);
      else this.signatures.set(file, signature);
    }
    if (!declarationsKept) return this.clear();
    for (const kept of this.byProject.values()) for (const file of changes.changed) kept.delete(file);
  }

  get(project: string, file: string): CheckDiagnostic[] | undefined {
    return this.byProject.get(project)?.get(file);
  }

  set(project: string, file: string, diagnostics: CheckDiagnostic[]): void {
    (this.byProject.get(project) ?? this.byProject.set(project, new Map()).get(project)!).set(file, diagnostics);
  }

  /** A new process, or a change that may reach any file. */
  clear(): void {
    this.byProject.clear();
  }
}
