import { builtinModules } from 'node:module';
import { ArtifactCache } from '../cache/artifact-cache.js';
import type { DiskStore } from '../cache/disk-cache.js';
import { buildInstalled, type InstalledBuild, type InstalledEntry } from './build.js';
import { findInstalled, PACKAGE_ROOT_SUBPATH, type InstalledPackage } from './find.js';
import { formatOptions, type CompileOptions } from '../bundle/options.js';
import { KIT } from '../version.js';
import { packageNameOf } from '../workspace/dependencies.js';
import type { Diagnostic } from '../diagnostics.js';

/** An installed package as the workspace uses it: the entries in use, compiled together. */
export interface PlannedPackage extends InstalledPackage {
  entries: string[];
  build: InstalledBuild;
}

/** Every installed package a workspace's modules reach, by name. */
export interface InstalledPlan {
  packages: Record<string, PlannedPackage>;
}

/** A bare import, and the directory whose `node_modules` (or those above) it is looked for in. */
export interface Root {
  specifier: string;
  from: string;
}

/** An installed package being planned: the entries in use so far, and their last build. */
interface Planned {
  pkg: InstalledPackage;
  entries: Set<string>;
  build?: InstalledBuild;
}

const BUILTINS = new Set(builtinModules);
const RECENT_OUTPUTS = 2000;

/**
 * The installed packages of a workspace, each compiled once over the entries in use. Also
 * remembers recent outputs by name: a page loaded before the entries in use changed keeps
 * loading the files its import map names.
 */
export class InstalledPackages {
  private readonly builds: ArtifactCache<InstalledBuild>;
  private readonly recent = new Map<string, string>();

  constructor(disk?: DiskStore) {
    this.builds = new ArtifactCache(100, disk && { disk, name: 'installed' });
  }

  /** The split build of `entries` of `pkg` with the workspace's export `conditions` (see `buildInstalled`), cached by the files it read. */
  async build(root: string, pkg: InstalledPackage, entries: string[], options: CompileOptions, conditions: readonly string[] = []): Promise<InstalledBuild> {
    const sorted = [...new Set(entries)].sort();
    const key = [KIT.version, pkg.name, pkg.version, pkg.dir, formatOptions(options), conditions.join(','), sorted.join(',')].join('|');
    const build = await this.builds.get(key, async () => {
      const value = await buildInstalled(root, pkg, sorted, options, conditions);
      return { value, inputs: value.inputs };
    });
    for (const [file, code] of Object.entries(build.outputs)) this.remember(recentKey(pkg, options, file), code);
    return build;
  }

  /**
   * The plan for bare imports `roots` (of a workspace's modules): each installed package with
   * every entry in use, those the roots name and those other installed packages' outputs
   * import, found by building until no build names a new entry. Names `skip` refuses (the
   * workspace's own packages) and packages not installed are left out. `conditions`: kit.json's.
   */
  async plan(root: string, roots: Root[], skip: (name: string) => boolean, options: CompileOptions, conditions: readonly string[] = []): Promise<InstalledPlan> {
    const packages = new Map<string, Planned>();
    for (let pending = roots; pending.length; ) {
      const dirty = new Set<Planned>();
      for (const { specifier, from } of pending) {
        const name = packageNameOf(specifier);
        if (specifier.startsWith('node:') || BUILTINS.has(name) || skip(name)) continue;
        let planned = packages.get(name);
        if (!planned) {
          const pkg = findInstalled(from, name);
          if (!pkg) continue;
          planned = { pkg, entries: new Set() };
          packages.set(name, planned);
        }
        const subpath = specifier.slice(name.length + 1) || PACKAGE_ROOT_SUBPATH;
        if (planned.entries.has(subpath)) continue;
        planned.entries.add(subpath);
        dirty.add(planned);
      }
      const next: Root[] = [];
      await Promise.all([...dirty].map(async (planned) => {
        planned.build = await this.build(root, planned.pkg, [...planned.entries], options, conditions);
        for (const entry of Object.values(planned.build.entries)) for (const specifier of entry.imports) next.push({ specifier, from: planned.pkg.dir });
      }));
      pending = next;
    }
    const plan: InstalledPlan = { packages: {} };
    for (const [name, { pkg, entries, build }] of packages) plan.packages[name] = { ...pkg, entries: [...entries].sort(), build: build! };
    return plan;
  }

  /** An output of `pkg` built with `options` by this or an earlier plan, by its name. */
  output(pkg: { name: string; version: string }, options: CompileOptions, file: string): string | undefined {
    return this.recent.get(recentKey(pkg, options, file));
  }

  private remember(key: string, code: string): void {
    this.recent.delete(key);
    this.recent.set(key, code);
    if (this.recent.size > RECENT_OUTPUTS) this.recent.delete(this.recent.keys().next().value!);
  }
}

function recentKey(pkg: { name: string; version: string }, options: CompileOptions, file: string): string {
  return `${pkg.name}@${pkg.version}|${formatOptions(options)}|${file}`;
}

/** What a plan holds for a bare specifier: its package and entry, or why the entry does not build. */
export function findPlanned(plan: InstalledPlan, specifier: string): { pkg: PlannedPackage; subpath: string; entry?: InstalledEntry; diagnostics?: Diagnostic[] } | undefined {
  const name = packageNameOf(specifier);
  const pkg = plan.packages[name];
  if (!pkg) return undefined;
  const subpath = specifier.slice(name.length + 1) || PACKAGE_ROOT_SUBPATH;
  return { pkg, subpath, entry: pkg.build.entries[subpath], diagnostics: pkg.build.failed[subpath] };
}
