import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { modulePaths } from '../editor-config.js';
import type { CompileOptions } from '../options.js';
import { KIT_HOME } from '../version.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';

/** Ambient types of what stylesheet and asset imports yield. */
export const KIT_TYPES = join(KIT_HOME, 'types', 'kit-env.d.ts');
const DIR = join(tmpdir(), `kit-tsconfig-${process.getuid?.() ?? 'user'}`);

/**
 * Writes the tsconfig one module is emitted with and returns its path. It extends the
 * tsconfig.json TypeScript picks for the module (`userConfig`: decorators, `jsx`, class field
 * semantics apply), roots the program at the module's entry (and kit's ambient types), and
 * maps every public module to its source, so the files a build reads include the types it
 * imports from other modules. Named by its content, so it is written once.
 */
export function writeTsconfig(workspace: Workspace, module: ModuleInfo, options: CompileOptions, userConfig: string | undefined): string {
  const config = {
    ...(userConfig ? { extends: userConfig } : {}),
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      // Every file is an ES module, as rollup sees it: one module's top-level names never clash with another's.
      moduleDetection: 'force',
      ...(userConfig ? {} : { lib: options.target === 'browser' ? ['ES2022', 'DOM', 'DOM.Iterable'] : ['ES2022'] }),
      // TypeScript 7 checks (see ts-check.ts); this program only emits, and lists the files a build reads.
      noCheck: true,
      skipLibCheck: true,
      noEmit: false,
      declaration: false,
      composite: false,
      incremental: false,
      sourceMap: options.sourcemap === 'inline',
      inlineSources: options.sourcemap === 'inline',
      baseUrl: undefined,
      paths: Object.fromEntries(Object.entries(modulePaths(workspace, workspace.root)).map(([specifier, [path]]) => [specifier, [join(workspace.root, path)]])),
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
