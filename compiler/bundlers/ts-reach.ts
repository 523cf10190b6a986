import { dirname, resolve } from 'node:path';
import type TypeScript from 'typescript';

/** What a program knows of its resolutions: members TypeScript keeps internal (present since 5.3). */
interface ResolvingProgram extends TypeScript.Program {
  getResolvedModuleFromModuleSpecifier(specifier: TypeScript.StringLiteralLike, file: TypeScript.SourceFile): { resolvedModule?: { resolvedFileName: string } } | undefined;
  forEachResolvedTypeReferenceDirective(visit: (resolution: { resolvedTypeReferenceDirective?: { resolvedFileName?: string } }) => void, file: TypeScript.SourceFile): void;
}

/** A source file's module specifiers: imports, re-exports, `import()` calls and `import("…")` types. */
type WithImports = TypeScript.SourceFile & { imports?: readonly TypeScript.StringLiteralLike[] };

/**
 * The files the roots reach through imports, type imports and references, TypeScript's
 * libraries aside: read from the program's own resolutions, so no type checker is made.
 */
export function reachableFiles(program: TypeScript.Program, roots: readonly string[]): string[] {
  const resolving = program as ResolvingProgram;
  const reached = new Set<string>();
  const queue = [...roots];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const file = program.getSourceFile(name) as WithImports | undefined;
    if (!file || reached.has(file.fileName)) continue;
    reached.add(file.fileName);
    for (const specifier of file.imports ?? []) {
      const target = resolving.getResolvedModuleFromModuleSpecifier(specifier, file)?.resolvedModule?.resolvedFileName;
      if (target) queue.push(target);
    }
    for (const reference of file.referencedFiles) queue.push(resolve(dirname(file.fileName), reference.fileName));
    resolving.forEachResolvedTypeReferenceDirective(({ resolvedTypeReferenceDirective }) => {
      if (resolvedTypeReferenceDirective?.resolvedFileName) queue.push(resolvedTypeReferenceDirective.resolvedFileName);
    }, file);
  }
  return [...reached].filter((name) => !program.isSourceFileDefaultLibrary(program.getSourceFile(name)!));
}
