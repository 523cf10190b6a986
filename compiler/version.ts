import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root of the kit installation (holds package.json and templates/). */
export const KIT_HOME = fileURLToPath(new URL('../../', import.meta.url));

/** kit's own name and version, as its package.json states them. */
export const KIT = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

const KIT_TYPES_DIR = join(KIT_HOME, 'types') + sep;

/** True for kit's own declarations, which every `ts` build reads: they do not change while kit runs. */
export function isKitOwnFile(path: string): boolean {
  return path.startsWith(KIT_TYPES_DIR);
}
