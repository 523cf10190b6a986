import { statSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { findModule, type Workspace } from '../workspace/model.js';
import { aliasCandidates, pathAliasesOf, type PathAliases } from '../workspace/tsconfig-paths.js';
import { tsconfigInputs, tsconfigOf } from '../workspace/tsconfig-read.js';
import { resolveRelative, type FileTest } from './resolve.js';

/**
 * The file an alias target stands for, with TypeScript's extension rules (`x` is `x.ts`,
 * `x.tsx` or `x/index.ts`; `x.js` is `x.ts`); with `types`, declaration files count too. A
 * stylesheet or an asset (`@/styles/app.css`) is the file itself.
 */
function resolveTarget(target: string, types: boolean, exists: FileTest): string | undefined {
  const extension = extname(target);
  if (extension && !/^\.[cm]?[jt]sx?$|^\.json$/.test(extension) && exists(target)) return target;
  return resolveRelative(target, target, types, exists);
}

/** Looks up aliases for the files of a workspace; tsconfigs are read once per directory for the lookup's life (one build). */
export type AliasLookup = (specifier: string, importer: string, options?: { types?: boolean; exists?: FileTest }) => string | undefined;

/**
 * An alias lookup: the file the importer's tsconfig `paths` (and TypeScript 5's `baseUrl`) name
 * for a bare specifier, or undefined when none names a file (it is then a package). A public
 * module's specifier is never an alias: the import map resolves it to that module at run time,
 * whatever the tsconfig says. `onTsconfig` is told the tsconfig files each lookup rests on.
 */
export function aliasLookup(workspace: Workspace, onTsconfig?: (files: string[]) => void): AliasLookup {
  const byDir = new Map<string, PathAliases | undefined>();
  return (specifier, importer, { types = false, exists = isFile } = {}) => {
    if (findModule(workspace, specifier)) return undefined;
    const dir = dirname(importer);
    if (!byDir.has(dir)) {
      const tsconfig = tsconfigOf(workspace, importer);
      onTsconfig?.(tsconfigInputs(workspace, importer, tsconfig));
      byDir.set(dir, pathAliasesOf(tsconfig));
    }
    const aliases = byDir.get(dir);
    if (!aliases) return undefined;
    for (const candidate of aliasCandidates(aliases, specifier)) {
      const file = resolveTarget(candidate, types, exists);
      if (file) return file;
    }
    return undefined;
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false; // a path through a file: not there either
  }
}
