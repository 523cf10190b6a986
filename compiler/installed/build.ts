import { isBuiltin } from 'node:module';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { esbuild } from '../commonjs.js';
import type { BuildFailure, BuildOptions, Plugin } from 'esbuild';
import { bundleError, installedBuiltin, type Diagnostic } from '../diagnostics.js';
import { formatOptions, type CompileOptions } from '../bundle/options.js';
import { findInstalled, installedSpecifier, type InstalledPackage } from './find.js';
import { commonJsEntry, commonJsExports, requiredPackage } from './commonjs.js';
import { packageNameOf } from '../workspace/dependencies.js';
import { toPosix } from '../paths.js';

/** One entry of an installed package as a split build has it. */
export interface InstalledEntry {
  /** The output holding the entry's own code, a name in `SHARED_DIR`. */
  file: string;
  /** Every output a page loads for this entry (`file` first, then the chunks it reaches). */
  files: string[];
  /** The bare imports of those outputs: other packages, or other entries of this one. */
  imports: string[];
  /** The names it exports, for the module at the entry's own address. */
  exports: string[];
}

/** The entries of one installed package in use, compiled together. */
export interface InstalledBuild {
  entries: Record<string, InstalledEntry>;
  /** Output name → code. Names carry their content's hash: one name, one content. */
  outputs: Record<string, string>;
  /** Entries that do not build, with why. */
  failed: Record<string, Diagnostic[]>;
  inputs: string[];
}

const OUT = 'out';

/**
 * Compiles the `entries` (subpaths) of an installed package in one esbuild build with code
 * splitting, as an ES module per entry for browsers (its `exports` with browser conditions):
 * code that two entries share lands once, in a chunk both import, so state set through one
 * entry is seen through the other. Every bare import (its dependencies, and its own entries
 * named by package) stays bare for the import map. `conditions` (kit.json's) are active beside
 * esbuild's own for the platform and the output's form (`development` or `production`). Outputs are named by their content's
 * hash (one name, in any build, is one content), and import each other relatively with the
 * address's options in the query, so the same bytes load from the service (which needs
 * the options) and from a static host (which ignores them).
 */
export async function buildInstalled(root: string, pkg: InstalledPackage, entries: string[], options: CompileOptions, conditions: readonly string[] = []): Promise<InstalledBuild> {
  const build = await buildUsable(root, pkg, entries, { ...options, conditions });
  // A failure rests on the files it names and on the package's manifest (its browser field, its exports): an edit of either is a new build.
  const named = Object.values(build.failed).flat().flatMap((d) => (d.file ? [resolve(root, d.file)] : []));
  return { ...build, inputs: [...new Set([...build.inputs, join(pkg.dir, 'package.json'), ...named])] };
}

async function buildUsable(root: string, pkg: InstalledPackage, entries: string[], options: WithConditions): Promise<InstalledBuild> {
  const failed: Record<string, Diagnostic[]> = {};
  for (const entry of entries) if (!SUBPATH.test(entry)) failed[entry] = [bundleError(`"${entry}" is not an entry of ${pkg.name}`)];
  let usable = entries.filter((entry) => !failed[entry]);
  for (;;) {
    try {
      return { ...(await split(pkg, usable, options)), failed };
    } catch (error) {
      // One entry that does not resolve fails the whole build: find those, build the rest.
      const alone = await Promise.all(usable.map(async (entry) => [entry, await problems(root, pkg, entry, options)] as const));
      for (const [entry, diagnostics] of alone) if (diagnostics.length) failed[entry] = diagnostics;
      const rest = usable.filter((entry) => !failed[entry]);
      if (rest.length === usable.length) {
        for (const entry of usable) failed[entry] = diagnosticsOf(root, pkg, error);
        return { entries: {}, outputs: {}, failed, inputs: [] };
      }
      usable = rest;
    }
  }
}

async function split(pkg: InstalledPackage, entries: string[], options: WithConditions): Promise<Omit<InstalledBuild, 'failed'>> {
  if (!entries.length) return { entries: {}, outputs: {}, inputs: [] };
  const stems = outputStems(entries);
  const read = new Set<string>();
  const result = await esbuild.build({
    ...common(pkg, options, read),
    entryPoints: entries.map((subpath) => ({ in: installedSpecifier(pkg.name, subpath), out: stems.get(subpath)! })),
    splitting: true,
    outdir: OUT,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
  });
  const query = formatOptions(options);
  const nameOf = (path: string) => posix.basename(path);
  const outputs: Record<string, string> = {};
  for (const file of result.outputFiles) {
    const meta = result.metafile.outputs[toPosix(relative(pkg.base, file.path))];
    let code = file.text;
    for (const imported of meta.imports) {
      if (imported.external) continue;
      const name = nameOf(imported.path);
      code = code.replaceAll(`"./${name}"`, `"./${name}?${query}"`);
    }
    outputs[nameOf(file.path)] = code;
  }
  const built: Record<string, InstalledEntry> = {};
  for (const subpath of entries) {
    const own = new RegExp(`^${stems.get(subpath)}-[A-Z0-9]+\\.js$`);
    const path = Object.keys(result.metafile.outputs).find((out) => result.metafile.outputs[out].entryPoint && own.test(nameOf(out)))!;
    const files: string[] = [];
    const imports = new Set<string>();
    const visit = (out: string) => {
      if (files.includes(nameOf(out))) return;
      files.push(nameOf(out));
      for (const imported of result.metafile.outputs[out].imports) {
        if (imported.external) imports.add(imported.path);
        else visit(imported.path);
      }
    };
    visit(path);
    built[subpath] = { file: nameOf(path), files, imports: [...imports], exports: result.metafile.outputs[path].exports };
  }
  return { entries: built, outputs, inputs: [...new Set([...Object.keys(result.metafile.inputs).map((i) => resolve(pkg.base, i)), ...read])] };
}

/** The diagnostics of one entry built alone: empty when it builds. */
async function problems(root: string, pkg: InstalledPackage, subpath: string, options: WithConditions): Promise<Diagnostic[]> {
  try {
    await esbuild.build({ ...common(pkg, options), entryPoints: [installedSpecifier(pkg.name, subpath)], outdir: OUT });
    return [];
  } catch (error) {
    return diagnosticsOf(root, pkg, error);
  }
}

const SUBPATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))(?!~kit\/)[A-Za-z0-9_@~.-][A-Za-z0-9_@~./-]*$/;

/** The address's options, and the workspace's export conditions. */
type WithConditions = CompileOptions & { conditions: readonly string[] };

function common(pkg: InstalledPackage, options: WithConditions, read = new Set<string>()) {
  return {
    absWorkingDir: pkg.base,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: options.target === 'node' ? 'node' : 'browser',
    conditions: [...options.conditions, options.env],
    target: 'es2022',
    minify: options.min,
    sourcemap: options.sourcemap === 'inline' ? 'inline' : false,
    define: { 'process.env.NODE_ENV': JSON.stringify(options.env) },
    logLevel: 'silent',
    plugins: [commonJsEntries(read), externals(pkg)],
  } as const satisfies BuildOptions;
}


/**
 * Every bare import stays bare: the import map says where each package is. A `require()` of
 * another installed package becomes an import of it too (one copy a page, whether reached by
 * `import` or `require`), and gives what a bundler's `require` gives (`requiredPackage`); one
 * of a package that is not installed stays a call that fails where it runs (inside its
 * `try`). A Node built-in is left to esbuild, which follows the package's `browser` field
 * (`false`: an empty module) and otherwise refuses it (PREVIEW_BUILTIN).
 */
function externals(pkg: InstalledPackage): Plugin {
  return {
    name: 'kit-installed-externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === 'entry-point' || args.namespace === REQUIRED || isBuiltin(args.path)) return undefined;
        const name = packageNameOf(args.path);
        if (args.kind === 'require-call' && (name === pkg.name || findInstalled(args.resolveDir || pkg.dir, name))) return { path: args.path, namespace: REQUIRED };
        return { path: args.path, external: true };
      });
      build.onResolve({ filter: /^/, namespace: REQUIRED }, (args) => ({ path: args.path.slice(REQUIRED_ESM.length), namespace: REQUIRED_ESM }));
      build.onLoad({ filter: /^/, namespace: REQUIRED }, (args) => ({ contents: `module.exports = require(${JSON.stringify(REQUIRED_ESM + args.path)}).value;\n`, loader: 'js' }));
      build.onLoad({ filter: /^/, namespace: REQUIRED_ESM }, (args) => ({ contents: requiredPackage(args.path), loader: 'js', resolveDir: pkg.dir }));
    },
  };
}

const REQUIRED = 'kit-required';
const REQUIRED_ESM = 'kit-required-esm:';

/**
 * A CommonJS entry is compiled through an ES module that gives it named exports
 * (`commonJsEntry`). The files the names were read from go to `read`: a re-export of another
 * package is no file of the bundle, yet an upgrade of it changes the names.
 */
function commonJsEntries(read: Set<string>): Plugin {
  return {
    name: 'kit-commonjs-entries',
    setup(build) {
      build.onResolve({ filter: /^/ }, async (args) => {
        if (args.kind !== 'entry-point' || args.pluginData === COMMONJS) return undefined;
        const found = await build.resolve(args.path, { kind: 'entry-point', resolveDir: args.resolveDir, pluginData: COMMONJS });
        if (found.errors.length || found.external) return undefined;
        const names = commonJsExports(found.path, read);
        return names ? { path: found.path, namespace: COMMONJS, pluginData: names } : undefined;
      });
      build.onLoad({ filter: /^/, namespace: COMMONJS }, (args) => ({ contents: commonJsEntry(args.path, args.pluginData as string[]), loader: 'js', resolveDir: dirname(args.path) }));
    },
  };
}

const COMMONJS = 'kit-commonjs';

/** A readable, file-safe stem for each entry's output (`decorators.js` → `decorators_js`), distinct per entry. */
function outputStems(entries: string[]): Map<string, string> {
  const stems = new Map<string, string>();
  const used = new Set<string>();
  for (const subpath of entries) {
    const base = subpath.replace(/[^A-Za-z0-9_-]/g, '_');
    let stem = base;
    for (let n = 2; used.has(stem); n++) stem = `${base}_${n}`;
    used.add(stem);
    stems.set(subpath, stem);
  }
  return stems;
}

function diagnosticsOf(root: string, pkg: InstalledPackage, error: unknown): Diagnostic[] {
  const failure = error as BuildFailure;
  return (failure.errors ?? [{ text: String(error) }]).map((m) => {
    const at = m.location ? { file: toPosix(relative(root, resolve(pkg.base, m.location.file))), line: m.location.line, column: m.location.column + 1 } : undefined;
    const unresolved = /^Could not resolve "([^"]+)"$/.exec(m.text)?.[1];
    if (unresolved && isBuiltin(unresolved)) return installedBuiltin(`${pkg.name}@${pkg.version}`, unresolved, at);
    return bundleError(`${pkg.name}@${pkg.version}: ${m.text}`, at);
  });
}
