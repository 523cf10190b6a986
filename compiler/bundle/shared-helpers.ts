import { relative } from 'node:path';
import { directoryListings } from '../check/resolve.js';
import type { Diagnostic } from '../diagnostics.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { moduleOfEntry } from '../workspace/ownership.js';
import { toPosix } from '../paths.js';
import { writtenFiles } from './source-imports.js';

/**
 * A warning for each private helper two or more modules reach through relative imports
 * (CONTRACT §10): each module is one artifact, so the helper's code, and any state it
 * holds, is in each of them. Read from the sources, as the bundlers follow them.
 */
export async function sharedHelperWarnings(workspace: Workspace, modules: readonly ModuleInfo[] = workspace.modules): Promise<Diagnostic[]> {
  const exists = directoryListings();
  const reachedBy = new Map<string, ModuleInfo[]>();
  const isOtherEntry = (file: string) => moduleOfEntry(workspace, file) !== undefined;
  const lexed = modules.filter((module) => !module.diagnostics.length && /\.[cm]?[jt]sx?$/.test(module.entry));
  // Every module's walk at once: each file's lexing waits on esbuild's service, not on the others.
  const walks = await Promise.all(lexed.map((module) => writtenFiles(module, exists, isOtherEntry)));
  lexed.forEach((module, i) => {
    for (const file of walks[i]) {
      if (file === module.entry) continue;
      const readers = reachedBy.get(file);
      if (readers) readers.push(module);
      else reachedBy.set(file, [module]);
    }
  });
  const warnings: Diagnostic[] = [];
  for (const [file, readers] of [...reachedBy].sort(([a], [b]) => a.localeCompare(b))) {
    if (readers.length < 2) continue;
    const names = readers.map((m) => m.specifier);
    const helper = toPosix(relative(workspace.root, file));
    warnings.push({
      code: 'HELPER_SHARED',
      message: `${helper} is a private helper of ${names.slice(0, -1).join(', ')} and ${names.at(-1)}, so each of their artifacts carries its own copy (and its own state); export it as a module and import it by its specifier, or import it through one of those modules`,
      file: helper,
      line: 1,
      column: 1,
    });
  }
  return warnings;
}
