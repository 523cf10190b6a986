import { statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { manifestInvalid, type Diagnostic } from '../diagnostics.js';
import { mapTsconfig } from './tsconfig-map.js';
import { tsconfigOf } from './tsconfig-read.js';
import { esbuildTsconfigWarnings } from './esbuild-tsconfig.js';
import { packageTypeScript, typeScriptInputs, workspaceTypeScript } from './typescript-version.js';
import { fileStamp } from '../freshness/stamp.js';
import { stampsHold, type Freshness, type KeptStamps } from '../freshness/freshness.js';
import { collectModules } from './modules.js';
import { explainNoModules } from './no-modules.js';
import { capabilitiesOf } from './bundler-specifiers.js';
import { activeConditions, PROPOSED_SCOPE, readKitManifest, readModuleManifest, readPackageManifest, type Read } from './manifests.js';
import type { ModuleInfo, PackageInfo, Workspace } from './model.js';
import { isInside, toPosix } from '../paths.js';
import { walkPackage, type PackageTree } from './tree.js';
import { checkUnlistedDependencies, findUnlistedPackages } from './unlisted.js';
import { listPackageDirectories } from './package-globs.js';
import { checkWorkspaceRanges } from './workspace-ranges.js';
import { readCatalogs, withCatalogRanges, type Catalogs } from './catalogs.js';
import { readDotenvFiles } from './dotenv.js';
import { readPages, type PageEntry } from './pages.js';

/** A stat signature: changes whenever the file or directory is written, replaced or removed. */
function stamp(path: string): string {
  return fileStamp(path).stamp;
}

/** The last discovery, with the stamps of every manifest and directory it read (see `stampsHold`). */
interface LastLoad extends KeptStamps {
  stamps: Map<string, string>;
  workspace: Workspace;
  byPackage?: Map<string, string[]>;
}

/**
 * Discovers the workspace from `kit.json` and re-discovers it cheaply: each load stats the
 * manifests and directories the previous load read, and only when one of them changed does
 * it read again, parsing only the manifests whose stat changed.
 *
 * With a file watcher's `freshness`, a load stats nothing while the watcher vouches that none
 * of those was written, added or removed. Without one, or until it vouches, a caller whose
 * answer depends on a few packages takes `loadLazily()` and checks only theirs with `isCurrent()`.
 */
export class WorkspaceLoader {
  readonly root: string;
  private parsed = new Map<string, { stamp: string; read: Read<unknown> }>();
  private trees = new Map<string, { stamps: string[]; tree: PackageTree }>();
  private lastGood = new Map<string, { pkg: PackageInfo; modules: ModuleInfo[] }>();
  private last?: LastLoad;

  constructor(
    root: string,
    private readonly freshness?: Freshness,
    /** `--mode`: which `.env.<mode>` files `import.meta.env` reads, and its `MODE`. */
    private readonly mode?: string,
  ) {
    this.root = resolve(root);
  }

  /** The workspace as the manifests on disk declare it now. */
  load(): Workspace {
    if (this.last && stampsHold(this.last, this.freshness)) return this.last.workspace;
    return this.discoverAgain();
  }

  /** The workspace, every manifest checked by stat whatever a watcher says (for reports). */
  loadChecked(): Workspace {
    // Taken before the stats: whatever is reported from here on is looked at next time.
    const mark = this.freshness?.mark();
    if (this.last && stampsHold(this.last, undefined)) {
      this.last.checked = mark;
      return this.last.workspace;
    }
    return this.discoverAgain();
  }

  private discoverAgain(): Workspace {
    const checked = this.freshness?.mark();
    const found: string[] = [];
    const workspace = this.discover(found);
    const watched = [...new Set(found)];
    this.last = { stamps: new Map(watched.map((path) => [path, stamp(path)])), checked, workspace };
    return workspace;
  }

  /**
   * For an answer that depends on a few packages, which the caller checks with `isCurrent`: the
   * last load's workspace, nothing stat'ed, when no watcher vouches for it (none runs, or its
   * first scan is not done). With a watcher, `load()`: it stats nothing while the watcher
   * vouches, and checks every manifest once after a change, which makes it vouch again.
   */
  loadLazily(): Workspace {
    return (this.freshness?.mark() === undefined && this.last?.workspace) || this.load();
  }

  /**
   * True when what the last load read for `packages` is as it was: each one's manifests and
   * folders, and what every package rests on (kit.json, the folders packages are found in).
   * While a watcher vouches for the workspace, only what it does not follow is stat'ed.
   */
  isCurrent(packages: readonly PackageInfo[]): boolean {
    const last = this.last;
    if (!last) return false;
    if (this.freshness?.vouchesFor(last)) return stampsHold(last, this.freshness);
    const byPackage = (last.byPackage ??= groupByPackage([...last.stamps.keys()], last.workspace));
    const paths = [...(byPackage.get('') ?? []), ...packages.flatMap((pkg) => byPackage.get(pkg.dir) ?? [])];
    return paths.every((path) => last.stamps.get(path) === stamp(path));
  }

  /** The catalogs of pnpm-workspace.yaml, read by the discovery under way. */
  private catalogs?: Read<Catalogs>;

  /** The entries the pages name by path, by the package directory that holds each (the discovery under way's). */
  private pageEntries = new Map<string, PageEntry[]>();

  /** Where the warnings of the manifests read by the discovery under way go. */
  private warnings: Diagnostic[] = [];

  /** A manifest as `reader` reads it, parsed again when its stat or what else the reading rests on (`salt`) changed. */
  private read<T>(absolute: string, reader: (absolute: string, file: string) => Read<T>, salt = ''): Read<T> {
    const current = `${stamp(absolute)}${salt}`;
    const cached = this.parsed.get(absolute);
    let read = cached?.read as Read<T> | undefined;
    if (!read || cached!.stamp !== current) {
      read = reader(absolute, this.rel(absolute));
      this.parsed.set(absolute, { stamp: current, read });
    }
    this.warnings.push(...(read.warnings ?? []));
    return read;
  }

  private rel(absolute: string): string {
    return toPosix(relative(this.root, absolute));
  }

  private tree(dir: string): PackageTree {
    const cached = this.trees.get(dir);
    if (cached && cached.tree.dirs.every((d, i) => stamp(d) === cached.stamps[i])) return cached.tree;
    const tree = walkPackage(dir);
    this.trees.set(dir, { stamps: tree.dirs.map(stamp), tree });
    return tree;
  }

  private discover(watched: string[]): Workspace {
    const kitFile = join(this.root, 'kit.json');
    watched.push(kitFile); // the root itself is watched with the unlisted packages' parents
    const workspace: Workspace = { root: this.root, packages: [], modules: [], diagnostics: [], warnings: [], reload: true, conditions: [], typescript: workspaceTypeScript(this.root), dotenv: {}, pages: [], mode: this.mode };
    this.warnings = workspace.warnings;
    if (stamp(kitFile) === '-') {
      workspace.diagnostics.push(manifestInvalid(`no kit.json in ${this.root}; restore it, or create a workspace with "kit create <dir>"`, { file: 'kit.json', line: 1, column: 1 }));
      return workspace;
    }
    const kit = this.read(kitFile, readKitManifest);
    workspace.diagnostics.push(...kit.diagnostics);
    workspace.reload = kit.manifest?.reload ?? true;
    workspace.conditions = kit.manifest?.conditions ?? [];
    const catalogFile = join(this.root, 'pnpm-workspace.yaml');
    watched.push(catalogFile);
    this.catalogs = this.read(catalogFile, readCatalogs);
    const listedDirs: string[] = [];
    const listed = listPackageDirectories(this.root, 'kit.json', kit.manifest?.packages ?? [], workspace.warnings, watched);
    // The pages first: an entry a page names by path is a module of the package that holds it.
    const pages = readPages(this.root, listed.map((l) => l.absolute).filter((dir) => isInside(dir, this.root) && dir !== this.root), watched, workspace.diagnostics);
    workspace.pages = pages.pages;
    this.pageEntries = pages.entries;
    for (const { dir, absolute, at, literal } of listed) {
      const packageFile = join(absolute, 'package.json');
      watched.push(absolute, packageFile);
      if (!isInside(absolute, this.root) || absolute === this.root) {
        workspace.diagnostics.push(manifestInvalid(`the package directory "${dir}" must be inside the workspace directory`, at));
      } else if (literal && !statSync(absolute, { throwIfNoEntry: false })?.isDirectory()) {
        workspace.diagnostics.push(manifestInvalid(`the package directory "${dir}" does not exist; create it or remove it from "packages"`, at));
      } else if (literal && stamp(packageFile) === '-') {
        workspace.diagnostics.push(manifestInvalid(`the package directory "${dir}" has no package.json; add one or remove "${dir}" from "packages"`, at));
      } else {
        listedDirs.push(absolute);
        this.addPackage(workspace, absolute, packageFile, at, watched);
      }
    }
    // The modes kit's outputs are made in, and --mode's: other .env files (.env.example) are nobody's.
    const modes = ['development', 'production', ...(this.mode ? [this.mode] : [])];
    for (const dir of [this.root, ...workspace.packages.map((pkg) => pkg.dir)]) Object.assign(workspace.dotenv, readDotenvFiles(this.root, dir, watched, modes));
    const unlisted = findUnlistedPackages(this.root, listedDirs, watched);
    checkUnlistedDependencies(workspace, unlisted, (p) => this.rel(p));
    checkWorkspaceRanges(workspace, unlisted);
    workspace.warnings.push(...tsconfigWarnings(workspace), ...esbuildTsconfigWarnings(workspace));
    proposeScope(workspace);
    return workspace;
  }

  private addPackage(workspace: Workspace, dir: string, packageFile: string, at: { file: string; line: number; column: number }, watched: string[]): void {
    // Which `exports` targets are modules depends on kit.json's conditions: other conditions, another reading.
    const conditions = activeConditions(workspace.conditions);
    const read = this.read(packageFile, (absolute, file) => readPackageManifest(absolute, file, conditions), ` ${[...conditions].join(',')}`);
    if (!read.manifest) {
      // An unreadable package.json (mid-edit, say) keeps its modules listed as invalid, with no assets.
      const good = this.lastGood.get(dir);
      if (!good) return void workspace.diagnostics.push(...read.diagnostics);
      workspace.packages.push(good.pkg);
      for (const module of good.modules) workspace.modules.push({ ...module, assets: [], diagnostics: [...read.diagnostics] });
      return;
    }
    const { manifest, diagnostics: catalogProblems } = withCatalogRanges(read.manifest, this.catalogs!, 'pnpm-workspace.yaml');
    if (workspace.packages.some((p) => p.name === manifest.name)) {
      workspace.diagnostics.push(manifestInvalid(`two package directories are named "${manifest.name}"; rename one of them`, at));
      return;
    }
    // An install of another TypeScript for the package (or for the workspace) judges its files anew.
    watched.push(...typeScriptInputs(this.root, dir));
    const pkg: PackageInfo = { name: manifest.name, version: manifest.version, dir, manifestFile: this.rel(packageFile), manifest, typescript: packageTypeScript(this.root, dir) };
    const tree = this.tree(dir);
    watched.push(...tree.dirs, ...tree.moduleManifests);
    const { modules, diagnostics, warnings } = collectModules(pkg, tree, this.root, (path) => this.read(path, readModuleManifest), this.pageEntries.get(dir) ?? []);
    workspace.warnings.push(...warnings);
    const packageProblems: Diagnostic[] = [...read.diagnostics, ...catalogProblems, ...diagnostics];
    for (const module of modules) module.diagnostics.unshift(...packageProblems);
    if (modules.length === 0) workspace.diagnostics.push(...packageProblems);
    // A package that publishes nothing says why, unless a problem of its manifests already does.
    const silent = modules.length === 0 && packageProblems.length === 0 ? explainNoModules(pkg, tree, this.root) : undefined;
    if (silent) workspace.warnings.push(silent);
    workspace.packages.push(pkg);
    workspace.modules.push(...modules);
    this.lastGood.set(dir, { pkg, modules });
  }
}

/**
 * How the tsconfigs of the workspace's `ts` modules are read for TypeScript 7, said once per
 * tsconfig and TypeScript judging under it (the package's own, see `PackageInfo.typescript`;
 * `major` for all of them when given).
 */
function tsconfigWarnings(workspace: Workspace, major?: number): Diagnostic[] {
  const judged = new Map<string, [string, number]>();
  for (const module of workspace.modules.filter((m) => capabilitiesOf(m.bundler).typeChecks)) {
    const tsconfig = tsconfigOf(workspace, module.entry);
    const by = major ?? module.package.typescript.major;
    if (tsconfig) judged.set(`${by} ${tsconfig}`, [tsconfig, by]);
  }
  const warnings = [...judged.values()].flatMap(([tsconfig, by]) => mapTsconfig(tsconfig, by, workspace.root).warnings);
  return [...new Map(warnings.map((w) => [`${w.file}:${w.line}:${w.column} ${w.message}`, w])).values()];
}

/**
 * The edits that make the workspace's tsconfigs ready for TypeScript 7, whichever TypeScript it
 * uses now: each option TypeScript 7 removed, where it is set, and what to write instead.
 */
export function tsconfigEdits(workspace: Workspace): Diagnostic[] {
  return tsconfigWarnings(workspace, 5).map((w) => ({ ...w, message: w.message.replace(/ \(TypeScript \d+ accepts it.*\)$/, '') }));
}

/** The paths a load read, by the directory of the package they belong to ('' for those of none). */
function groupByPackage(paths: readonly string[], workspace: Workspace): Map<string, string[]> {
  const dirs = new Set(workspace.packages.map((pkg) => pkg.dir));
  const groups = new Map<string, string[]>();
  for (const path of paths) {
    let owner = path;
    while (!dirs.has(owner) && owner !== workspace.root && dirname(owner) !== owner) owner = dirname(owner);
    const key = dirs.has(owner) ? owner : '';
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(path);
  }
  return groups;
}

/** Discovers the workspace at `root` once. */
export function loadWorkspace(root: string): Workspace {
  return new WorkspaceLoader(root).load();
}

/** The directory holding `kit.json` at or above `cwd`, or undefined when there is none. */
export function findWorkspaceRoot(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (stamp(join(dir, 'kit.json')) !== '-') return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The scope an unscoped package name's message proposes: the one most of the workspace's
 * packages share, else the workspace folder's name as a scope.
 */
function proposeScope(workspace: Workspace): void {
  const needs = (d: Diagnostic) => d.message.includes(PROPOSED_SCOPE);
  const all = [...workspace.diagnostics, ...workspace.modules.flatMap((m) => m.diagnostics)];
  if (!all.some(needs)) return;
  const counts = new Map<string, number>();
  for (const pkg of workspace.packages) counts.set(pkg.name.split('/')[0], (counts.get(pkg.name.split('/')[0]) ?? 0) + 1);
  const common = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const scope = common ?? `@${basename(workspace.root).toLowerCase().replace(/[^a-z0-9._~-]+/g, '-').replace(/^[^a-z0-9]+/, '') || 'workspace'}`;
  const fill = (list: Diagnostic[]) => list.forEach((d, i) => needs(d) && (list[i] = { ...d, message: d.message.replaceAll(PROPOSED_SCOPE, scope) }));
  fill(workspace.diagnostics);
  for (const module of workspace.modules) fill(module.diagnostics);
}
