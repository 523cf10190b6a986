import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { KIT_HOME } from '../version.js';
import type { Workspace } from './model.js';
import { toPosix } from '../paths.js';

/** The tsconfig an editor's (and `tsc`'s) configuration extends to see what kit adds. */
export const EDITOR_PATHS_FILE = join('.kit', 'tsconfig.paths.json');
/** The ambient types of stylesheet and asset imports, for editors to include. */
export const EDITOR_TYPES_FILE = join('.kit', 'kit-env.d.ts');

const KIT_TYPES = join(KIT_HOME, 'types', 'kit-env.d.ts');

/** The `paths` that make each public module's specifier resolve to its TypeScript source, relative to `fromDir`. */
export function modulePaths(workspace: Workspace, fromDir: string): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  // Modules of custom bundlers (a .md entry, say) are typed by the importer's own declarations.
  for (const module of workspace.modules) {
    // Without baseUrl, TypeScript takes only targets that start with ./ or ../.
    const path = toPosix(relative(fromDir, module.entry));
    if (/\.(ts|tsx|mts)$/.test(module.entry)) paths[module.specifier] = [path.startsWith('../') ? path : `./${path}`];
  }
  return paths;
}

/**
 * Keeps `.kit/tsconfig.paths.json` and `.kit/kit-env.d.ts` as the workspace is now, so that
 * `tsc --noEmit` and editors resolve workspace packages to their sources and type stylesheet
 * and asset imports, as kit does. A workspace's tsconfig opts in with
 * `"extends": "./.kit/tsconfig.paths.json"` and `.kit/kit-env.d.ts` in its `include`. Files
 * are rewritten only when their content changes (editors watch them), atomically.
 */
export function writeEditorConfig(workspace: Workspace): void {
  const dir = join(workspace.root, '.kit');
  const config = { compilerOptions: { paths: modulePaths(workspace, dir) } };
  const note = '// Written by kit from the workspace\'s modules; do not edit. See docs/typescript.md.\n';
  writeIfChanged(join(workspace.root, EDITOR_PATHS_FILE), `${JSON.stringify(config, null, 2)}\n`);
  writeIfChanged(join(workspace.root, EDITOR_TYPES_FILE), note + readFileSync(KIT_TYPES, 'utf8'));
  writeIfChanged(join(dir, '.gitignore'), '*\n');
}

function writeIfChanged(file: string, text: string): void {
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) return;
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch {
    // A read-only workspace still builds; only editors miss kit's additions.
  }
}

const current = new WeakSet<Workspace>();

/** `writeEditorConfig` once per discovery of the workspace: before any TypeScript reads a tsconfig that may extend it. */
export function ensureEditorConfig(workspace: Workspace): void {
  if (current.has(workspace)) return;
  current.add(workspace);
  writeEditorConfig(workspace);
}
