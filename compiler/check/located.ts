import { resolve } from 'node:path';
import type { Diagnostic, Project } from './checker-process.js';
import { flatten, lineLocator } from './diagnostic-text.js';

/** One diagnostic of TypeScript 7, located in a file (1-based line and column, in UTF-16 code units as editors count). */
export interface CheckDiagnostic {
  /** `TS2322` */
  code: string;
  /** The message, with its chain of elaborations indented below it, as `tsc` prints it. */
  message: string;
  /** `error` in practice: TypeScript reports suggestions through another call, which this class does not make. */
  category: 'error' | 'warning' | 'suggestion' | 'message';
  file: string;
  line: number;
  column: number;
}

const CATEGORIES = ['warning', 'error', 'suggestion', 'message'] as const;

/** Diagnostics with line and column, from the text TypeScript checked (or, for a tsconfig, the file's: `readText`). */
export async function locateDiagnostics(project: Project, diagnostics: readonly Diagnostic[], fallback: string, readText: (file: string) => string): Promise<CheckDiagnostic[]> {
  const lines = new Map<string, Promise<(position: number) => { line: number; character: number }>>();
  const locate = (file: string) => {
    let find = lines.get(file);
    if (!find) {
      find = project.program.getSourceFile(file).then(
        (source) => (source ? (position: number) => source.getLineAndCharacterOfPosition(position) : lineLocator(readText(file))),
        () => lineLocator(readText(file)),
      );
      lines.set(file, find);
    }
    return find;
  };
  return Promise.all(
    diagnostics.map(async (diagnostic) => {
      const file = diagnostic.fileName ? resolve(diagnostic.fileName) : fallback;
      // An option set in an extended tsconfig comes with no file and no position: it is put on the tsconfig checked.
      const { line, character } = diagnostic.fileName && diagnostic.pos >= 0 ? (await locate(file))(diagnostic.pos) : { line: 0, character: 0 };
      return { code: `TS${diagnostic.code}`, message: flatten(diagnostic), category: CATEGORIES[diagnostic.category] ?? 'error', file, line: line + 1, column: character + 1 };
    }),
  );
}

