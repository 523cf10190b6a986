import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, posix, relative, resolve } from 'node:path';
import { globSync } from 'tinyglobby';
import { manifestInvalid, type Diagnostic } from '../diagnostics.js';
import { BUILTIN_BUNDLERS, isBuiltinSpecifier, resolveBundlerName, STYLESHEET_BUNDLER } from './bundler-specifiers.js';
import type { ExportEntry, ModuleManifest, Read } from './manifests.js';
import type { AssetInfo, ModuleInfo, PackageInfo } from './model.js';
import { ROOT_SUBPATH } from './subpaths.js';
import { isInside, toPosix } from '../paths.js';
import type { PackageTree } from './tree.js';
import type { PageEntry } from './pages.js';

type ReadModule = (absolute: string) => Read<ModuleManifest>;

/** A module's declaration: an `exports` entry, a `module.json`, or both (Rule 2). */
interface Candidate {
  /** The directory it is found in: its entry's, or its module.json's. */
  dir: string;
  exported?: ExportEntry;
  moduleJson?: string;
  /** Named by a page's module script (an app's `src/main.tsx`). */
  page?: boolean;
}

/** A stylesheet: published by an `exports` entry, never a module.json's `entry` (CONTRACT §11). */
const STYLESHEET = /\.css$/;
const SUBPATH = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/**
 * The public modules of one package: every `exports` entry whose target is a source entry
 * or a stylesheet (a pattern, one per file it matches), united with every `module.json`
 * under `kit.modules` (and beside an exported entry). A module is its entry file: several
 * may share a folder.
 */
export function collectModules(
  pkg: PackageInfo,
  tree: PackageTree,
  root: string,
  readModule: ReadModule,
  pageEntries: readonly PageEntry[] = [],
): { modules: ModuleInfo[]; diagnostics: Diagnostic[]; warnings: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const rel = (absolute: string) => toPosix(relative(root, absolute));
  /** By entry file for exports, by folder for a module.json alone. */
  const candidates = new Map<string, Candidate>();
  const manifests = new Set(tree.moduleManifests);

  for (const declared of pkg.manifest.exports) {
    const at = { file: pkg.manifestFile, ...declared.position };
    const entries = declared.pattern ? expandPattern(pkg.dir, declared) : [declared];
    if (declared.pattern && entries.length === 0) {
      warnings.push({ code: 'EXPORTS_PATTERN_EMPTY', message: `the exports pattern "./${declared.subpath}" matches no source file ("${declared.target}"); add files or correct the pattern`, ...at });
    }
    for (const entry of entries) {
      const target = resolve(pkg.dir, entry.target);
      if (!isInside(target, pkg.dir)) {
        diagnostics.push(manifestInvalid(`the exports target "${entry.target}" leaves the package directory`, at));
        continue;
      }
      if (candidates.has(target)) continue; // two keys for one file: the first names the module
      candidates.set(target, { dir: dirname(target), exported: entry });
    }
  }
  // A source file a page names by path is a module too (CONTRACT §11): its subpath is its path in the package less the extension.
  for (const entry of pageEntries) {
    if (candidates.has(entry.file)) continue;
    const target = `./${toPosix(relative(pkg.dir, entry.file))}`;
    candidates.set(entry.file, { dir: dirname(entry.file), page: true, exported: { subpath: target.slice(2).replace(/\.[^./]+$/, ''), target, position: { line: entry.line, column: entry.column }, pattern: false } });
  }
  // A module.json beside an exported entry adds to that module (the one whose entry it names, or the folder's index).
  for (const file of manifests) {
    const beside = [...candidates.values()].filter((c) => c.dir === dirname(file));
    const owner = beside.length === 1 ? beside[0] : beside.find((c) => /^index\.[cm]?tsx?$/.test(basename(c.exported!.target)));
    if (owner) owner.moduleJson = file;
  }

  const modulesRoot = pkg.manifest.modulesDir === undefined ? undefined : resolve(pkg.dir, pkg.manifest.modulesDir);
  if (modulesRoot) {
    if (!isInside(modulesRoot, pkg.dir) || !isDirectory(modulesRoot)) {
      diagnostics.push(manifestInvalid(`"kit.modules" names "${pkg.manifest.modulesDir}", which is not a directory of the package; use "." for the package itself`, { file: pkg.manifestFile, line: 1, column: 1 }));
    } else {
      for (const file of tree.moduleManifests) {
        const claimed = [...candidates.values()].some((c) => c.moduleJson === file);
        if (isInside(file, modulesRoot) && !claimed) candidates.set(dirname(file), { dir: dirname(file), moduleJson: file });
      }
    }
  }

  const modules: ModuleInfo[] = [];
  for (const [key, found] of [...candidates].sort(([a], [b]) => a.localeCompare(b))) {
    const module = buildModule(pkg, found, modulesRoot, tree, rel, readModule);
    if (!module) continue;
    const twin = modules.find((m) => m.subpath === module.subpath);
    if (twin) {
      twin.diagnostics.push(manifestInvalid(`two modules have the subpath "${module.subpath}" (${rel(twin.entry)} and ${rel(found.exported ? key : module.dir)}); give one of them another "subpath"`, { file: module.manifestFile, line: 1, column: 1 }));
      continue;
    }
    modules.push(module);
  }
  return { modules, diagnostics, warnings };
}

/** Test files are never module inputs (Rule 5), so never modules a pattern publishes. */
const NOT_A_MODULE = /\.(test|spec|stories)\.[cm]?tsx?$|\.d\.ts$/;

/**
 * The entries a pattern export publishes, as Node would resolve each: the files its target
 * matches, the part in place of `*` (which may span folders) making the subpath.
 */
function expandPattern(packageDir: string, pattern: ExportEntry): ExportEntry[] {
  const [before, after] = pattern.target.replace(/^\.\//, '').split('*');
  const base = before.slice(0, before.lastIndexOf('/') + 1);
  const files = globSync(`${base}**/*${after.slice(after.lastIndexOf('.'))}`, { cwd: packageDir, ignore: ['**/node_modules/**'], expandDirectories: false });
  const entries: ExportEntry[] = [];
  for (const file of files.sort()) {
    if (!file.startsWith(before) || !file.endsWith(after) || file.length < before.length + after.length + 1 || NOT_A_MODULE.test(file)) continue;
    const star = file.slice(before.length, file.length - after.length);
    entries.push({ ...pattern, pattern: false, subpath: pattern.subpath.replace('*', star), target: `./${file}` });
  }
  return entries;
}

function buildModule(
  pkg: PackageInfo,
  found: Candidate,
  modulesRoot: string | undefined,
  tree: PackageTree,
  rel: (absolute: string) => string,
  readModule: ReadModule,
): ModuleInfo | undefined {
  const diagnostics: Diagnostic[] = [];
  const read = found.moduleJson ? readModule(found.moduleJson) : undefined;
  diagnostics.push(...(read?.diagnostics ?? []));
  const spec = read?.manifest;
  const manifestFile = found.moduleJson ? rel(found.moduleJson) : pkg.manifestFile;
  const fail = (message: string, position = { line: 1, column: 1 }, file = manifestFile) =>
    diagnostics.push(manifestInvalid(message, { file, ...position }));

  const subpath = found.exported?.subpath ?? spec?.subpath?.value ?? toPosix(relative(modulesRoot ?? pkg.dir, found.dir));
  if (found.exported && spec?.subpath && spec.subpath.value !== found.exported.subpath) {
    fail(`"subpath" is "${spec.subpath.value}" but package.json exports this module as "./${found.exported.subpath}"; make them agree`, spec.subpath.position);
  }
  if (!SUBPATH.test(subpath)) {
    // Without a usable subpath the module has no address, so it cannot be listed at all.
    if (found.moduleJson && !read?.manifest) return undefined;
    fail(subpath === '' ? 'this module.json sits at the root of "kit.modules"; give it a "subpath"' : `"${subpath}" is not a usable subpath: use letters, digits, '.', '_', '-' and '/'`, spec?.subpath?.position);
    return undefined;
  }

  let entry: string | undefined;
  if (found.exported) {
    entry = resolve(pkg.dir, found.exported.target);
    if (!isFile(entry)) fail(`the entry file "${found.exported.target}" does not exist; create it or correct "exports"`, found.exported.position, pkg.manifestFile);
  } else if (spec?.entry) {
    entry = resolve(found.dir, spec.entry.value);
    if (!isInside(entry, found.dir)) fail(`"entry" must be a file inside the module directory, not "${spec.entry.value}"`, spec.entry.position);
    else if (!isFile(entry)) fail(`the entry file "${spec.entry.value}" does not exist; create it or correct "entry"`, spec.entry.position);
  } else if (spec) {
    fail('a module declared by module.json alone needs an "entry", e.g. "index.ts"');
  }

  const stylesheet = !!found.exported && STYLESHEET.test(found.exported.target);
  if (stylesheet && spec?.bundler) {
    fail(`"bundler" does not apply to the stylesheet ${found.exported!.target}, which kit builds itself (with the workspace's PostCSS config); remove "bundler" from this module.json`, spec.bundler.position);
  }

  const bundlerName = spec?.bundler ?? pkg.manifest.bundler;
  let bundler = stylesheet ? STYLESHEET_BUNDLER : resolveBundlerName(bundlerName?.name ?? 'ts', pkg.manifest.bundlers);
  const bundlerFile = spec?.bundler ? manifestFile : pkg.manifestFile;
  if (!bundler) {
    const known = [...new Set([...Object.keys(pkg.manifest.bundlers), ...Object.keys(BUILTIN_BUNDLERS)])].join(', ');
    fail(`unknown bundler "${bundlerName?.name}"; use one of ${known}, or register it under "bundlers" in ${pkg.manifestFile}`, bundlerName?.position, bundlerFile);
  } else if (!stylesheet && bundler.specifier.startsWith('@kit-js/packages/') && !isBuiltinSpecifier(bundler.specifier)) {
    fail(`bundler "${bundler.name}" names "${bundler.specifier}", which kit does not provide; use @kit-js/packages/bundlers/ts or @kit-js/packages/bundlers/esbuild, or a path to your own bundler`, undefined, pkg.manifestFile);
    bundler = undefined;
  } else if (!found.exported && spec?.entry && STYLESHEET.test(spec.entry.value) && isBuiltinSpecifier(bundler.specifier)) {
    // Neither built-in bundler takes a stylesheet for an entry (rolldown would refuse it naming no file): a package publishes it from its package.json.
    const key = `./${basename(spec.entry.value)}`;
    const target = `./${toPosix(relative(pkg.dir, resolve(found.dir, spec.entry.value)))}`;
    fail(`"entry" names the stylesheet "${spec.entry.value}", and a module's entry is code; publish the sheet from ${pkg.manifestFile} instead ("exports": { "${key}": "${target}" }), then import it as '${pkg.name}/${key.slice(2)}'`, spec.entry.position);
  }

  for (const dir of tree.moduleNamedDirs) {
    if (isInside(dir, found.dir)) {
      fail(`a directory inside a module must not be named "module" (./module would resolve to module.json); rename ${rel(dir)}`, undefined, rel(dir));
    }
  }

  const assets: AssetInfo[] = [];
  for (const asset of spec?.assets ?? []) {
    const path = posix.normalize(asset.value.replace(/\\/g, '/'));
    const absolute = join(found.dir, path);
    if (posix.isAbsolute(path) || path.startsWith('../') || path === '..' || !isInside(absolute, found.dir)) {
      fail(`the asset "${asset.value}" must stay inside the module directory`, asset.position);
    } else if (!isFile(absolute)) {
      fail(`the asset "${asset.value}" does not exist; create it or remove it from "assets"`, asset.position);
    } else if (!isInside(realpathSync(absolute), realpathSync(found.dir))) {
      fail(`the asset "${asset.value}" is a link that leaves the module directory; copy the file in instead`, asset.position);
    } else {
      assets.push({ path, absolute });
    }
  }

  // An app's module declares the images and fonts beside its sources that its code may import (its logo), as Vite serves them.
  if (found.page) for (const asset of appAssets(found.dir)) if (!assets.some((a) => a.path === asset.path)) assets.push(asset);

  return {
    package: pkg,
    subpath,
    specifier: subpath === ROOT_SUBPATH ? pkg.name : `${pkg.name}/${subpath}`,
    vspecifier: `${pkg.name}@${pkg.version}/${subpath}`,
    dir: found.dir,
    entry: entry ?? join(found.dir, 'index.ts'),
    platforms: spec?.platforms ?? ['web'],
    platformsPosition: spec?.platformsPosition,
    assets,
    bundler: bundler ?? BUILTIN_BUNDLERS.ts,
    manifestFile,
    moduleManifestFile: found.moduleJson ? rel(found.moduleJson) : undefined,
    diagnostics,
  };
}

/** The files an app imports for their address, as kit's client types type them (images and fonts). */
const APP_ASSET = /\.(?:svg|png|jpe?g|gif|webp|avif|ico|woff2?)$/i;

/**
 * The images and fonts below an app's source folder: its implicitly declared assets (its
 * logo, as a Vite app imports it). Links are not followed, and none may lead out of the folder.
 */
function appAssets(dir: string): AssetInfo[] {
  const files = globSync('**/*', { cwd: dir, ignore: ['**/node_modules/**', '**/dist/**'], dot: false, expandDirectories: false, followSymbolicLinks: false });
  const real = realpathSync(dir);
  return files
    .filter((file) => APP_ASSET.test(file))
    .sort()
    .map((path) => ({ path, absolute: join(dir, path) }))
    .filter((asset) => isInside(realpathSync(asset.absolute), real));
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
