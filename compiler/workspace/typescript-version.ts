import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { semver } from '../commonjs.js';
import { isInside } from '../paths.js';

/** The TypeScript whose verdict a package expects: the one its editor and its own `tsc` run. */
export interface WorkspaceTypeScript {
  /** `5.9.3`; a range's least version when only declared (`~5.9.0` is 5.9.0). */
  version: string;
  major: number;
  /**
   * Installed where Node finds it from the package's folder (its own node_modules, as pnpm
   * installs it, up to the workspace's), declared in the workspace's package.json, or none: kit's own (7).
   */
  source: 'installed' | 'declared' | 'kit';
}

/** kit judges with TypeScript 7 (`typescript-native`); a workspace that names none expects that. */
const KIT_TYPESCRIPT: WorkspaceTypeScript = { version: '7.0.2', major: 7, source: 'kit' };

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The `typescript` installed in `dir`'s node_modules, if any. */
function installedIn(dir: string): WorkspaceTypeScript | undefined {
  const version = readJson(join(dir, 'node_modules', 'typescript', 'package.json'))?.version;
  return typeof version === 'string' && semver.valid(version) ? { version, major: semver.major(version), source: 'installed' } : undefined;
}

/**
 * Which TypeScript the workspace at `root` uses: the `typescript` installed in its
 * node_modules, else the one its root package.json declares, else kit's own TypeScript 7.
 */
export function workspaceTypeScript(root: string): WorkspaceTypeScript {
  const installed = installedIn(root);
  if (installed) return installed;
  const manifest = readJson(join(root, 'package.json'));
  for (const field of ['devDependencies', 'dependencies']) {
    const range = (manifest?.[field] as Record<string, unknown> | undefined)?.typescript;
    const least = typeof range === 'string' ? semver.minVersion(range.replace(/^npm:typescript@/, ''), { loose: true }) : null;
    if (least) return { version: least.version, major: least.major, source: 'declared' };
  }
  return KIT_TYPESCRIPT;
}

/** The folders from the package's up to the workspace's root (excluded), whose node_modules Node looks in first. */
function foldersBelowRoot(root: string, packageDir: string): string[] {
  const folders: string[] = [];
  for (let dir = packageDir; dir !== root && isInside(dir, root); dir = dirname(dir)) folders.push(dir);
  return folders;
}

/**
 * Which TypeScript judges the files of the package at `packageDir`: the `typescript` Node
 * resolves from the package's folder (pnpm installs it in the package's own node_modules),
 * else the workspace's (`workspaceTypeScript`).
 */
export function packageTypeScript(root: string, packageDir: string): WorkspaceTypeScript {
  for (const dir of foldersBelowRoot(root, packageDir)) {
    const installed = installedIn(dir);
    if (installed) return installed;
  }
  return workspaceTypeScript(root);
}

/**
 * The files `packageTypeScript` reads: each node_modules/typescript/package.json from the
 * package's folder up to the first installed one, else to the root's, and then the root's
 * package.json. Inputs of the package's verdicts (an install of another TypeScript judges them
 * anew) and of the workspace's discovery.
 */
export function typeScriptInputs(root: string, packageDir: string): string[] {
  const read: string[] = [];
  for (const dir of [...foldersBelowRoot(root, packageDir), root]) {
    read.push(join(dir, 'node_modules', 'typescript', 'package.json'));
    if (installedIn(dir)) return read;
  }
  return [...read, join(root, 'package.json')];
}
