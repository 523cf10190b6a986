import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompileOptions } from '../options.js';
import { KIT_HOME } from '../version.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';

/** Ambient types of what stylesheet and asset imports yield. */
export const KIT_TYPES = join(KIT_HOME, 'types', 'kit-env.d.ts');
const DIR = join(tmpdir(), `kit-tsconfig-${process.getuid?.() ?? 'user'}`);

/**
 * Writes the tsconfig one module is type-checked with and returns its path. It extends the
 * workspace's tsconfig.json (so the user's strictness and libs apply), roots the program at
 * the module's entry (and kit's ambient types), and maps every sibling public module to its source, so a
 * workspace needs no `paths` of its own. Named by its content, so it is written once.
 */
export function writeTsconfig(workspace: Workspace, module: ModuleInfo, options: CompileOptions): string {
  const workspaceConfig = join(workspace.root, 'tsconfig.json');
  const paths: Record<string, string[]> = {};
  // Modules of custom bundlers (a .md entry, say) are typed by the importer's own declarations.
  for (const other of workspace.modules) if (/\.(ts|tsx|mts)$/.test(other.entry)) paths[other.specifier] = [other.entry];
  const config = {
    ...(existsSync(workspaceConfig) ? { extends: workspaceConfig } : {}),
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      // Every file is an ES module, as rollup sees it: one module's top-level names never clash with another's.
      moduleDetection: 'force',
      ...(existsSync(workspaceConfig) ? {} : { strict: true, lib: options.target === 'browser' ? ['ES2022', 'DOM', 'DOM.Iterable'] : ['ES2022'] }),
      skipLibCheck: true,
      noEmit: false,
      declaration: false,
      composite: false,
      incremental: false,
      sourceMap: options.sourcemap === 'inline',
      inlineSources: options.sourcemap === 'inline',
      baseUrl: undefined,
      paths,
    },
    files: [module.entry, KIT_TYPES],
    // Not the workspace tsconfig's own `include`: scanning the workspace on every build is slow.
    include: [],
  };
  const text = JSON.stringify(config);
  const file = join(DIR, `${createHash('sha256').update(text).digest('hex').slice(0, 20)}.json`);
  if (!existsSync(file)) {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(file, text);
  }
  return file;
}

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
      if (module.bundler.name === 'ts') found.push(module.entry);
      const names = readdirSync(module.dir, { recursive: true, encoding: 'utf8' });
      for (const name of names) if (name.endsWith('.d.ts') && !name.includes('node_modules')) found.push(join(module.dir, name));
    }
    roots.set(workspace, found);
  }
  return found;
}
