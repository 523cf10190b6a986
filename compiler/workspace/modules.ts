import { realpathSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { manifestInvalid, type Diagnostic } from '../diagnostics.js';
import { BUILTIN_BUNDLERS, isBuiltinSpecifier, resolveBundlerName } from './bundler-specifiers.js';
import type { ExportEntry, ModuleManifest, Read } from './manifests.js';
import type { AssetInfo, ModuleInfo, PackageInfo } from './model.js';
import { isInside, toPosix } from '../paths.js';
import type { PackageTree } from './tree.js';

type ReadModule = (absolute: string) => Read<ModuleManifest>;

/** A directory that declares a module: by an `exports` entry, a `module.json`, or both (Rule 2). */
interface Candidate {
  dir: string;
  exported?: ExportEntry;
  moduleJson?: string;
}

const SUBPATH = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/**
 * The public modules of one package: every `exports` entry whose target is a source entry,
 * united with every `module.json` under `kit.modules` (and beside an exported entry).
 */
export function collectModules(
  pkg: PackageInfo,
  tree: PackageTree,
  root: string,
  readModule: ReadModule,
): { modules: ModuleInfo[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const rel = (absolute: string) => toPosix(relative(root, absolute));
  const candidates = new Map<string, Candidate>();
  const candidate = (dir: string) => candidates.get(dir) ?? candidates.set(dir, { dir }).get(dir)!;
  const manifests = new Set(tree.moduleManifests);

  for (const entry of pkg.manifest.exports) {
    const target = resolve(pkg.dir, entry.target);
    if (!isInside(target, pkg.dir)) {
      diagnostics.push(manifestInvalid(`the exports target "${entry.target}" leaves the package directory`, { file: pkg.manifestFile, ...entry.position }));
      continue;
    }
    const found = candidate(dirname(target));
    if (found.exported) {
      diagnostics.push(manifestInvalid(`"./${entry.subpath}" and "./${found.exported.subpath}" export entries of one directory; a directory holds one module`, { file: pkg.manifestFile, ...entry.position }));
      continue;
    }
    found.exported = entry;
    const beside = join(found.dir, 'module.json');
    if (manifests.has(beside)) found.moduleJson = beside;
  }

  const modulesRoot = pkg.manifest.modulesDir === undefined ? undefined : resolve(pkg.dir, pkg.manifest.modulesDir);
  if (modulesRoot) {
    if (!isInside(modulesRoot, pkg.dir) || !isDirectory(modulesRoot)) {
      diagnostics.push(manifestInvalid(`"kit.modules" names "${pkg.manifest.modulesDir}", which is not a directory of the package; use "." for the package itself`, { file: pkg.manifestFile, line: 1, column: 1 }));
    } else {
      for (const file of tree.moduleManifests) {
        if (isInside(file, modulesRoot)) candidate(dirname(file)).moduleJson = file;
      }
    }
  }

  const modules: ModuleInfo[] = [];
  for (const found of [...candidates.values()].sort((a, b) => a.dir.localeCompare(b.dir))) {
    const module = buildModule(pkg, found, modulesRoot, tree, rel, readModule);
    if (!module) continue;
    const twin = modules.find((m) => m.subpath === module.subpath);
    if (twin) {
      twin.diagnostics.push(manifestInvalid(`two modules have the subpath "${module.subpath}" (${rel(twin.dir)} and ${rel(module.dir)}); give one of them another "subpath"`, { file: module.manifestFile, line: 1, column: 1 }));
      continue;
    }
    modules.push(module);
  }
  return { modules, diagnostics };
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

  const bundlerName = spec?.bundler ?? pkg.manifest.bundler;
  let bundler = resolveBundlerName(bundlerName?.name ?? 'ts', pkg.manifest.bundlers);
  const bundlerFile = spec?.bundler ? manifestFile : pkg.manifestFile;
  if (!bundler) {
    const known = [...new Set([...Object.keys(pkg.manifest.bundlers), ...Object.keys(BUILTIN_BUNDLERS)])].join(', ');
    fail(`unknown bundler "${bundlerName?.name}"; use one of ${known}, or register it under "bundlers" in ${pkg.manifestFile}`, bundlerName?.position, bundlerFile);
  } else if (bundler.specifier.startsWith('@kit-js/packages/') && !isBuiltinSpecifier(bundler.specifier)) {
    fail(`bundler "${bundler.name}" names "${bundler.specifier}", which kit does not provide; use @kit-js/packages/bundlers/ts or @kit-js/packages/bundlers/esbuild, or a path to your own bundler`, undefined, pkg.manifestFile);
    bundler = undefined;
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

  return {
    package: pkg,
    subpath,
    specifier: `${pkg.name}/${subpath}`,
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

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
