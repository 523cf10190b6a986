import type { Workspace } from '../workspace/model.js';
import { isInside } from '../paths.js';
import type { CheckDiagnostic } from './located.js';

/** `File '<file>' is not under 'rootDir' '<dir>'. 'rootDir' is expected to contain all source files.` */
const OUTSIDE_ROOT_DIR = /^File '(.+?)' is not under 'rootDir'/;

/**
 * True for TS6059 on a file of another workspace package: a sibling imported by its specifier.
 * The workspace's `tsc` reaches a sibling through the package manager's link in node_modules,
 * which makes its sources an external library's, never held to the importer's `rootDir`; kit
 * reaches them through the `paths` it adds for every public module, which TypeScript holds to
 * it. So, as `tsc` does, kit says nothing of it. A file of the importer's own package outside
 * `rootDir` is still TS6059, as in `tsc`.
 */
export function isSiblingOutsideRootDir(workspace: Workspace, diagnostic: CheckDiagnostic): boolean {
  if (diagnostic.code !== 'TS6059') return false;
  const named = OUTSIDE_ROOT_DIR.exec(diagnostic.message)?.[1];
  if (!named) return false;
  const owner = packageDirOf(workspace, named);
  return owner !== undefined && owner !== packageDirOf(workspace, diagnostic.file);
}

/** The directory of the innermost workspace package that holds `file`. */
function packageDirOf(workspace: Workspace, file: string): string | undefined {
  let found: string | undefined;
  for (const pkg of workspace.packages) if (isInside(file, pkg.dir) && (!found || pkg.dir.length > found.length)) found = pkg.dir;
  return found;
}
