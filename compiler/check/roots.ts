import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { KIT_HOME } from '../version.js';
import type { Workspace } from '../workspace/model.js';
import { projectDeclarations, projectFilesOf } from '../workspace/tsconfig-include.js';
import { readTsconfigChain } from '../workspace/tsconfig-read.js';
import { capabilitiesOf } from '../workspace/bundler-specifiers.js';

/** Ambient types of what stylesheet and asset imports yield. */
export const KIT_TYPES = join(KIT_HOME, 'types', 'kit-env.d.ts');

const roots = new WeakMap<Workspace, string[]>();

/**
 * What the workspace's shared program is rooted at: the entries of its modules built with
 * the `ts` bundler, and the declaration files beside its TypeScript modules (ambient
 * `declare module`s, say). Every module is checked with all of them, as an editor over the
 * workspace sees them, so a module's errors never depend on which modules were built before.
 */
export function workspaceRoots(workspace: Workspace): string[] {
  let found = roots.get(workspace);
  if (!found) {
    found = [KIT_TYPES];
    for (const module of workspace.modules) {
      if (!/\.(ts|tsx|mts)$/.test(module.entry)) continue;
      if (capabilitiesOf(module.bundler).typeChecks) found.push(module.entry);
      const names = readdirSync(module.dir, { recursive: true, encoding: 'utf8' });
      for (const name of names) if (name.endsWith('.d.ts') && !name.includes('node_modules')) found.push(join(module.dir, name));
    }
    roots.set(workspace, found);
  }
  return found;
}

const declarations = new WeakMap<Workspace, Map<string, { stamps: string; found: string[] }>>();

/**
 * The declaration files the project of `tsconfig` names by its `files` and `include` (a
 * `vite-env.d.ts`, CSS module declarations in `src/types/`): ambient to every file of the
 * project, so roots of every check under it, as `tsc -p` and the editor read them. Found once
 * per discovery of the workspace, as `workspaceRoots` are, and again when the tsconfig's chain
 * changes (`stamps`, which stand for it).
 */
export function projectDeclarationRoots(workspace: Workspace, tsconfig: string | undefined, stamps: string): string[] {
  if (!tsconfig) return [];
  let byTsconfig = declarations.get(workspace);
  if (!byTsconfig) declarations.set(workspace, (byTsconfig = new Map()));
  const kept = byTsconfig.get(tsconfig);
  if (kept?.stamps === stamps) return kept.found;
  const chain = readTsconfigChain(tsconfig);
  const found = chain.length ? projectDeclarations(projectFilesOf(chain)) : [];
  byTsconfig.set(tsconfig, { stamps, found });
  return found;
}
