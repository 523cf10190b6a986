import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { esbuild } from '../commonjs.js';
import { KIT_HOME } from '../version.js';

let fromSources: URL | undefined;

/**
 * The checker thread's script. Once kit is built it lies beside this file. When kit runs from
 * its TypeScript sources (its own tests' inner loop, with no build), a thread cannot load them:
 * the script is bundled from them once per process, with esbuild, under node_modules so that
 * its packages resolve as kit's do.
 */
export function checkerWorkerScript(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./checker-worker.js', import.meta.url);
  if (fromSources) return fromSources;
  const dir = join(KIT_HOME, 'node_modules', '.cache', 'kit-sources');
  const file = join(dir, 'checker-worker.mjs');
  mkdirSync(dir, { recursive: true });
  // Written aside, then renamed: processes bundling at once never load a half-written file.
  const aside = `${file}.${process.pid}`;
  esbuild.buildSync({ entryPoints: [fileURLToPath(new URL('./checker-worker.ts', import.meta.url))], outfile: aside, bundle: true, format: 'esm', platform: 'node', packages: 'external', logLevel: 'error' });
  renameSync(aside, file);
  return (fromSources = pathToFileURL(file));
}
