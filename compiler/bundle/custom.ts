import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { esbuild } from '../commonjs.js';
import { KIT_HOME } from '../version.js';
import type { Bundler } from './types.js';

// Run from kit's TypeScript sources (its own tests' inner loop, under vitest), the SDK's source.
const SDK = import.meta.url.endsWith('.ts') ? join(KIT_HOME, 'compiler', 'sdk.ts') : join(KIT_HOME, 'lib', 'compiler', 'sdk.js');
const DIR = join(tmpdir(), `kit-bundlers-${process.getuid?.() ?? 'user'}`);

/** A custom bundler as loaded, with the file it came from (an input of every build it makes). */
export interface LoadedBundler {
  bundler: Bundler;
  file: string;
}

/** Where a registry specifier points: a path relative to the package, or an installed package. */
export function resolveBundlerFile(specifier: string, packageDir: string): string {
  if (specifier.startsWith('./') || specifier.startsWith('../')) return resolve(packageDir, specifier);
  return createRequire(join(packageDir, 'package.json')).resolve(specifier);
}

/**
 * Loads a custom bundler. Its code is bundled first (with what it imports from its own
 * `node_modules`), `@kit-js/packages/sdk` pointing at this kit, so a bundler can import the
 * SDK by its spec name wherever it lives. Loaded again whenever its file changes.
 */
export async function loadCustomBundler(specifier: string, packageDir: string): Promise<LoadedBundler> {
  const file = resolveBundlerFile(specifier, packageDir);
  const source = readFileSync(file);
  const digest = createHash('sha256').update(source).update(file).update(SDK).digest('hex').slice(0, 20);
  const out = join(DIR, `${digest}.mjs`);
  if (!existsSync(out)) {
    const result = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      plugins: [
        {
          name: 'kit-sdk',
          setup(build) {
            build.onResolve({ filter: /^@kit-js\/packages\/sdk$/ }, () => ({ path: pathToFileURL(SDK).href, external: true }));
          },
        },
      ],
    });
    mkdirSync(DIR, { recursive: true });
    writeFileSync(out, result.outputFiles[0].text);
  }
  const loaded = (await import(pathToFileURL(out).href)) as { default?: unknown; bundler?: unknown };
  const bundler = loaded.default ?? loaded.bundler;
  if (!isBundler(bundler)) throw new Error(`${specifier} does not export a bundler: export default defineBundler({ name, bundle })`);
  return { bundler, file };
}

function isBundler(value: unknown): value is Bundler {
  return typeof value === 'object' && value !== null && typeof (value as Bundler).name === 'string' && typeof (value as Bundler).bundle === 'function';
}
