import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { semver } from '../commonjs.js';

/** The TypeScript whose verdict a workspace expects: the one its editor and its own `tsc` run. */
export interface WorkspaceTypeScript {
  /** `5.9.3`; a range's least version when only declared (`~5.9.0` is 5.9.0). */
  version: string;
  major: number;
  /** Installed in the workspace's node_modules, declared in its package.json, or none: kit's own (7). */
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

/**
 * Which TypeScript the workspace at `root` uses: the `typescript` installed in its
 * node_modules, else the one its root package.json declares, else kit's own TypeScript 7.
 */
export function workspaceTypeScript(root: string): WorkspaceTypeScript {
  const installed = readJson(join(root, 'node_modules', 'typescript', 'package.json'))?.version;
  if (typeof installed === 'string' && semver.valid(installed)) return { version: installed, major: semver.major(installed), source: 'installed' };
  const manifest = readJson(join(root, 'package.json'));
  for (const field of ['devDependencies', 'dependencies']) {
    const range = (manifest?.[field] as Record<string, unknown> | undefined)?.typescript;
    const least = typeof range === 'string' ? semver.minVersion(range.replace(/^npm:typescript@/, ''), { loose: true }) : null;
    if (least) return { version: least.version, major: least.major, source: 'declared' };
  }
  return KIT_TYPESCRIPT;
}
