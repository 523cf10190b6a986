import { join } from 'node:path';
import { esbuild } from '../compiler/commonjs.js';
import { KIT_HOME } from '../compiler/index.js';

let bundled: Promise<string> | undefined;

/** The browser runtime, bundled from its TypeScript source once per process. */
export function runtimeScript(): Promise<string> {
  bundled ??= esbuild
    .build({ entryPoints: [join(KIT_HOME, 'serve', 'runtime', 'runtime.ts')], bundle: true, write: false, format: 'esm', target: 'es2022', minify: true, logLevel: 'silent' })
    .then((r) => r.outputFiles[0].text);
  return bundled;
}
