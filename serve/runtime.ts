import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KIT_HOME } from '../compiler/index.js';

const read = new Map<string, Promise<string>>();

/** A script of the preview, bundled from its TypeScript source by `npm run build` (lib/runtime/), read once. */
function runtimeFile(name: string): Promise<string> {
  let text = read.get(name);
  if (!text) read.set(name, (text = readFile(join(KIT_HOME, 'lib', 'runtime', name), 'utf8')));
  return text;
}

/** The browser runtime the preview page loads. */
export const runtimeScript = () => runtimeFile('runtime.js');

/** React Fast Refresh's runtime, which a preview that reaches react-dom loads before the application. */
export const reactRefreshScript = () => runtimeFile('react-refresh.js');
