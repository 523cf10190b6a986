import { statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { Compiler, DiskStore, findWorkspaceRoot, isInside, WorkspaceLoader, type RemoteCache, type Workspace } from '../compiler/index.js';
import { UserError } from './output.js';

/**
 * The workspace a command works on: the nearest directory at or above `--cwd` holding
 * kit.json. A `--cwd` that does not exist, or leads to no kit.json, is the user's mistake:
 * refused before anything (a cache folder, say) is created.
 */
export function findWorkspace(cwd: string, command: string): string {
  const dir = resolve(cwd);
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (!stat) throw new UserError(`the directory ${dir} does not exist; pass --cwd <workspace directory>`);
  if (!stat.isDirectory()) throw new UserError(`${dir} is a file, not a directory; pass --cwd <workspace directory>`);
  const root = findWorkspaceRoot(dir);
  if (!root) {
    throw new UserError(`no kit.json in ${dir} or any directory above it; run kit ${command} in a workspace, or create one with kit create <dir>`);
  }
  return root;
}

/** The workspace of `--cwd`, discovered, with a compiler that keeps its cache in it (made on first use). */
export function openWorkspace(cwd: string, command: string, remote?: (root: string) => RemoteCache | undefined, mode?: string) {
  const root = findWorkspace(cwd, command);
  let compiler: Compiler | undefined;
  return {
    root,
    workspace: new WorkspaceLoader(root, undefined, mode).load(),
    // The cache folder is created with the compiler: not before a command knows it will compile.
    get compiler() {
      return (compiler ??= new Compiler({ disk: DiskStore.forWorkspace(root), remote: remote?.(root) }));
    },
  };
}

/**
 * The page a command started in `cwd` makes (CONTRACT §11): `--page <folder>` (relative to the
 * workspace), else the page of the package folder `cwd` is in (an app's), else undefined
 * (the workspace root's page, or its only one).
 */
export function pageFolder(workspace: Workspace, cwd: string, page?: string): string | undefined {
  if (page !== undefined) return relative(workspace.root, resolve(workspace.root, page)).split(sep).join('/');
  const dir = resolve(cwd);
  const found = workspace.pages.filter((p) => p.folder !== '' && isInside(dir, p.dir)).sort((a, b) => b.dir.length - a.dir.length)[0];
  return found?.folder;
}
