import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import semver from 'semver';
import { bundleError, type Diagnostic } from './diagnostics.js';
import type { CompileOptions } from './options.js';
import { toPosix } from './workspace/paths.js';

/** A package installed in a `node_modules` the workspace sees: outside the workspace, compiled on demand. */
export interface InstalledPackage {
  name: string;
  version: string;
  /** The directory whose `node_modules` holds it: resolution starts there. */
  base: string;
}

const NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;
const SUBPATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9_@~.-][A-Za-z0-9_@~./-]*$/;

/** The subpath an import of the package itself is addressed at. */
export const PACKAGE_ROOT_SUBPATH = 'index';

/** The installed package `name`, looked for in `node_modules` at and above `from`. */
export function findInstalled(from: string, name: string): InstalledPackage | undefined {
  if (!NAME.test(name)) return undefined;
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    try {
      const version = (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version?: unknown }).version;
      if (typeof version === 'string' && semver.valid(version)) return { name, version, base: dir };
    } catch {
      // not here; look further up
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The bare specifier an address names: the package for `index`, else `<name>/<subpath>`. */
export function installedSpecifier(name: string, subpath: string): string {
  return subpath === PACKAGE_ROOT_SUBPATH ? name : `${name}/${subpath}`;
}

export interface InstalledBuild {
  code: string;
  imports: string[];
  inputs: string[];
  diagnostics: Diagnostic[];
}

/**
 * Compiles one entry of an installed package as an ES module for browsers (its `exports`
 * with browser conditions), with its own files bundled and every bare import it makes (its
 * dependencies, and its other entries) left bare for the import map to resolve.
 */
export async function compileInstalled(root: string, pkg: InstalledPackage, subpath: string, options: CompileOptions): Promise<InstalledBuild> {
  if (!SUBPATH.test(subpath)) return { code: '', imports: [], inputs: [], diagnostics: [bundleError(`"${subpath}" is not an entry of ${pkg.name}`)] };
  const imports = new Set<string>();
  const externals: esbuild.Plugin = {
    name: 'kit-installed-externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        imports.add(args.path);
        return { path: args.path, external: true };
      });
    },
  };
  try {
    const result = await esbuild.build({
      entryPoints: [installedSpecifier(pkg.name, subpath)],
      absWorkingDir: pkg.base,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: options.target === 'node' ? 'node' : 'browser',
      conditions: [options.env],
      target: 'es2022',
      minify: options.min,
      sourcemap: options.sourcemap === 'inline' ? 'inline' : false,
      define: { 'process.env.NODE_ENV': JSON.stringify(options.env) },
      logLevel: 'silent',
      plugins: [externals],
    });
    return { code: result.outputFiles[0].text, imports: [...imports], inputs: Object.keys(result.metafile.inputs).map((i) => resolve(pkg.base, i)), diagnostics: [] };
  } catch (error) {
    const failure = error as esbuild.BuildFailure;
    const diagnostics = (failure.errors ?? [{ text: String(error) }]).map((m) =>
      bundleError(`${pkg.name}@${pkg.version}: ${m.text}`, m.location ? { file: toPosix(relative(root, resolve(m.location.file))), line: m.location.line, column: m.location.column + 1 } : undefined),
    );
    return { code: '', imports: [], inputs: [], diagnostics };
  }
}
