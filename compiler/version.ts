import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The root of the kit installation (holds package.json and templates/). */
export const KIT_HOME = fileURLToPath(new URL('../../', import.meta.url));

/** kit's own name and version, as its package.json states them. */
export const KIT = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
