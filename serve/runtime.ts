import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KIT_HOME } from '../compiler/index.js';

let read: Promise<string> | undefined;

/** The browser runtime the preview page loads: bundled from its TypeScript source by `npm run build`, read once. */
export function runtimeScript(): Promise<string> {
  read ??= readFile(join(KIT_HOME, 'lib', 'runtime', 'runtime.js'), 'utf8');
  return read;
}
