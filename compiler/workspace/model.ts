import { ROOT_SUBPATH } from './subpaths.js';
import type { Diagnostic } from '../diagnostics.js';
import type { Position } from './json.js';
import type { BundlerRef, PackageManifest, Platform } from './manifests.js';
import { STYLESHEET_BUNDLER } from './bundler-specifiers.js';
import type { WorkspaceTypeScript } from './typescript-version.js';
import type { PageInfo } from './pages.js';

/** A package of the workspace, as its `package.json` declares it. */
export interface PackageInfo {
  name: string;
  version: string;
  /** Absolute directory of the package. */
  dir: string;
  /** Workspace-relative path of its `package.json`. */
  manifestFile: string;
  manifest: PackageManifest;
  /** The TypeScript whose verdict its files get: the one Node resolves from its folder, else the workspace's. */
  typescript: WorkspaceTypeScript;
}

/** A declared static file of a module. */
export interface AssetInfo {
  /** Path relative to the module directory, with `/` separators. */
  path: string;
  /** Absolute path on disk. */
  absolute: string;
}

/** A public module: a package name plus a subpath (Rule 1). */
export interface ModuleInfo {
  package: PackageInfo;
  subpath: string;
  /** `<package>/<subpath>` */
  specifier: string;
  /** `<package>@<version>/<subpath>` */
  vspecifier: string;
  /** Absolute directory of the module; files under it are its private helpers. */
  dir: string;
  /** Absolute path of the entry file. */
  entry: string;
  platforms: Platform[];
  /** Where `platforms` stands in `moduleManifestFile`, when it is written there. */
  platformsPosition?: Position;
  assets: AssetInfo[];
  bundler: BundlerRef;
  /** Workspace-relative path of the manifest that declares the module (`module.json` or `package.json`). */
  manifestFile: string;
  /** Workspace-relative path of the `module.json` beside it, when there is one. */
  moduleManifestFile?: string;
  /** Manifest problems of this module; any of them makes it invalid. */
  diagnostics: Diagnostic[];
}

/**
 * A stylesheet a package exports (CONTRACT §11): its entry is the sheet, built by kit itself
 * into its `styles` output; its code is a tiny ES module (a CSS Module's class map, else nothing).
 */
export function isStylesheetModule(module: ModuleInfo): boolean {
  return module.bundler.specifier === STYLESHEET_BUNDLER.specifier;
}

/** Everything discovered from `kit.json` and the manifests it leads to. */
export interface Workspace {
  root: string;
  packages: PackageInfo[];
  modules: ModuleInfo[];
  /** Problems that belong to no single module (kit.json, a package directory, an unreadable package.json). */
  diagnostics: Diagnostic[];
  /**
   * Problems that make nothing invalid (a setting kit maps or ignores, a key it does not know):
   * each names its file, position and the edit that settles it. Reported once, never as errors.
   */
  warnings: Diagnostic[];
  /** `reload` of kit.json: whether an open preview reloads itself after a code change (the default). */
  reload: boolean;
  /** `conditions` of kit.json: export conditions read before kit's own, for workspace and installed packages alike. */
  conditions: string[];
  /**
   * The TypeScript the workspace's root uses (its own, else kit's 7): whose verdict a package's
   * files get when none is installed for the package itself (see `PackageInfo.typescript`).
   */
  typescript: WorkspaceTypeScript;
  /** The public variables of the `.env` files at the root and in each package, by file (workspace-relative). */
  dotenv: Record<string, Record<string, string>>;
  /** The pages: an `index.html` at the root or at a package's root. */
  pages: PageInfo[];
  /** `--mode`: the `.env.<mode>` files read and `import.meta.env.MODE`; the output's form when absent. */
  mode?: string;
}

/** Lookups by name, one per list: a request finds its module without a scan of the workspace. */
const indexes = new WeakMap<readonly object[], { size: number; byName: Map<string, unknown> }>();

function lookUp<T extends object>(list: readonly T[], name: string, nameOf: (item: T) => string): T | undefined {
  let index = indexes.get(list);
  // Discovery only appends: a list that grew since is indexed again.
  if (!index || index.size !== list.length) {
    const byName = new Map<string, unknown>();
    for (const item of list) if (!byName.has(nameOf(item))) byName.set(nameOf(item), item);
    indexes.set(list, (index = { size: list.length, byName }));
  }
  return index.byName.get(name) as T | undefined;
}

/** The module that `specifier` names, if it is public in the workspace. */
export function findModule(workspace: Workspace, specifier: string): ModuleInfo | undefined {
  return lookUp(workspace.modules, specifier, (m) => m.specifier);
}

/** The module at an address's package and subpath: `index` is the package's root module, imported as the package's name. */
export function findModuleAt(workspace: Workspace, packageName: string, subpath: string): ModuleInfo | undefined {
  return findModule(workspace, subpath === ROOT_SUBPATH ? packageName : `${packageName}/${subpath}`);
}


/** The workspace package of that name. */
export function findPackage(workspace: Workspace, name: string): PackageInfo | undefined {
  return lookUp(workspace.packages, name, (p) => p.name);
}

/** A problem of a package's manifest: each of its modules is invalid with it (the workspace is, when it has none). */
export function reportOnPackage(workspace: Workspace, pkg: PackageInfo, diagnostic: Diagnostic): void {
  const modules = workspace.modules.filter((m) => m.package === pkg);
  for (const module of modules) module.diagnostics.push(diagnostic);
  if (modules.length === 0) workspace.diagnostics.push(diagnostic);
}

