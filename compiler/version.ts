import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The root of the kit installation (holds package.json and templates/): the nearest folder
 * above this file with a package.json. That is two levels up once built (lib/compiler/,
 * lib/bundle/), one when kit runs from its TypeScript sources (its own tests' inner loop).
 */
export const KIT_HOME = kitHome(dirname(fileURLToPath(import.meta.url)));

function kitHome(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir + sep;
    if (dirname(dir) === dir) throw new Error(`kit's package.json is not in any folder above ${from}`);
  }
}

/** kit's own name and version, as its package.json states them. */
export const KIT = JSON.parse(readFileSync(join(KIT_HOME, 'package.json'), 'utf8')) as { name: string; version: string };

/**
 * Raised whenever kit itself starts making other bytes from the same inputs (an output's
 * form, its order): artifacts kept on disk or in a remote cache by an earlier kit of the same
 * version are then keyed apart and never served again.
 */
export const OUTPUTS_REVISION = 3;

const KIT_TYPES_DIR = join(KIT_HOME, 'types') + sep;

/** True for kit's own declarations, which every `ts` build reads: they do not change while kit runs. */
export function isKitOwnFile(path: string): boolean {
  return path.startsWith(KIT_TYPES_DIR);
}
