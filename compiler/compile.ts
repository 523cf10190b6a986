import { ReservedBuilds, type Reservation } from './reserved-builds.js';
import { finish } from './bundle/finish.js';
import { ArtifactCache, type CacheSource } from './cache/artifact-cache.js';
import { sha256 } from './cache/digest.js';
import { writtenSince } from './freshness/stamp.js';
import type { Freshness } from './freshness/freshness.js';
import { ImportPolicy } from './bundle/imports.js';
import { runAhead, runBundler, togetherBundler } from './bundle/registry.js';
import { capabilitiesOf } from './workspace/bundler-specifiers.js';
import type { KitBundleInput, KitBundleResult } from './bundle/types.js';
import { ensureEditorConfig } from './workspace/editor-config.js';
import { failedBuildInputs } from './cache/inputs.js';
import { conditionalNotFound, type Diagnostic } from './diagnostics.js';
import type { DiskStore } from './cache/disk-cache.js';
import type { RemoteCache } from './cache/remote-cache.js';
import { DEVELOPMENT, formatOptions, type CompileOptions } from './bundle/options.js';
import { InstalledPackages, type InstalledPlan, type Root } from './installed/plan.js';
import { installedFrom } from './installed/external.js';
import { packageNameOf } from './workspace/dependencies.js';
import { compileStyles, type StylesResult } from './bundle/styles.js';
import { actionInputs, stylesheetActionInputs } from './bundle/action-inputs.js';
import { KIT } from './version.js';
import { withoutMachinePaths } from './message-paths.js';
import { findPackage, type ModuleInfo, type Workspace } from './workspace/model.js';
import { workspaceSignature } from './workspace/signature.js';
import type { HotManifest } from './hot/assemble.js';

/** One module compiled with one set of options. */
export interface ModuleBuild {
  status: 'valid' | 'invalid';
  diagnostics: Diagnostic[];
  /** The ES module (with its inline map in development); empty when invalid. */
  code: string;
  /** The stylesheet; undefined when the module imports none. */
  styles?: string;
  /** Bare specifiers the code still imports. */
  imports: string[];
  /** Those of `imports` the code imports only through `import()`: no page preloads them. */
  dynamicImports?: string[];
  /** A development output made of replaceable files: each file's factory, for hot updates (compiler/hot/). */
  hot?: HotManifest;
  /** Digest of the code, and of the stylesheet: they change apart, so a page knows which to apply. */
  hash: string;
  stylesHash?: string;
  /** Every file the build read: sources, stylesheets, partials. */
  inputs: string[];
  /** False when an input was written while the build ran: it may mix old and new content. */
  settled: boolean;
  /** Where the time of this answer went, for its Server-Timing: the cache's part, and each phase of a build it ran. */
  timing?: BuildTiming;
}

/** Milliseconds by phase of a build (`check`, `transform`, `bundle`, `styles`), and where the code came from. */
export interface BuildTiming {
  cache: CacheSource;
  phases: Record<string, number>;
}

type Script = KitBundleResult & { imports: string[]; hash: string };
type Styles = StylesResult & { hash: string };

/** How many `ts` modules an idle service builds to ready the emit (see `Compiler.prepare`). */
const PREPARED_BUILDS = 24;

/**
 * Compiles public modules, each artifact at most once per content of its inputs. Code and
 * stylesheet are cached apart, so a stylesheet edit rebuilds only the stylesheet.
 */
export class Compiler {
  readonly scripts: ArtifactCache<Script>;
  readonly styles: ArtifactCache<Styles>;
  readonly installed: InstalledPackages;
  /** The shared tier (Bazel's remote-cache protocol), when one is given: its hits, misses and uploads. */
  readonly remote?: RemoteCache;
  private current?: Workspace;
  private readonly reserved = new ReservedBuilds<ModuleBuild>();
  /** A `ts` module was built in this process: TypeScript and its emit program are loaded. */
  private tsReady = false;
  private readonly freshness?: Freshness;

  /**
   * With `disk`, artifacts outlive the process (see `DiskStore.forWorkspace`); with `freshness`,
   * a file watcher's reports stand in for a stat of each input on each use.
   */
  constructor({ disk, freshness, remote }: { disk?: DiskStore; freshness?: Freshness; remote?: RemoteCache } = {}) {
    this.remote = remote;
    this.freshness = freshness;
    this.scripts = new ArtifactCache(1000, (disk || remote) && { disk, remote, name: 'script' }, freshness);
    this.styles = new ArtifactCache(1000, (disk || remote) && { disk, remote, name: 'styles' }, freshness);
    // Installed packages live in node_modules, which the watcher does not follow: their inputs are stat'ed.
    this.installed = new InstalledPackages(disk);
  }

  /**
   * The installed packages the workspace's modules for `options.target` import, each over
   * every entry in use (see `InstalledPackages.plan`): one layout for every page of the
   * workspace, and the same for `kit run` and `kit build`. `built`: builds with these options
   * made a moment ago (`kit build`'s), taken as they are rather than looked up again;
   * `written`: what a module not among them imports, from its sources (see `writtenPlanner`).
   */
  async installedPlan(workspace: Workspace, options: CompileOptions, built?: ReadonlyMap<ModuleInfo, ModuleBuild>, written?: (module: ModuleInfo) => Promise<{ imports: readonly string[] }>): Promise<InstalledPlan> {
    const platform = options.target === 'browser' ? 'web' : 'node';
    const queue = workspace.modules.filter((m) => m.platforms.includes(platform));
    const roots: Root[][] = [];
    const work = async () => {
      for (let module = queue.shift(); module; module = queue.shift()) {
        const index = workspace.modules.indexOf(module);
        // A page sent before its modules are built plans those from their sources (`written`).
        const build = built?.get(module) ?? (written ? await written(module) : await this.compile(workspace, module, options));
        roots[index] = build.imports.map((specifier) => ({ specifier, from: installedFrom(workspace, module.package, packageNameOf(specifier)) }));
      }
    };
    await Promise.all(Array.from({ length: 8 }, work));
    return this.installed.plan(workspace.root, roots.flat(), (name) => findPackage(workspace, name) !== undefined, options, workspace.conditions);
  }

  /**
   * Readies what the first builds of a `ts` module wait for (TypeScript 7's project, rolldown's
   * and swc's code compiled to its faster tiers by the JavaScript engine) by building a few
   * such modules and dropping the results: a service that restarted warm from its disk cache
   * does this when idle, so that the first edits after the restart are as quick as the next.
   * It stops when `idle` says the service no longer is. A few builds are enough: more warmed
   * little further (see bench/README.md).
   */
  async prepare(workspace: Workspace, idle: () => boolean = () => true): Promise<void> {
    const modules = buildableTsModules(workspace).slice(0, PREPARED_BUILDS);
    if (this.tsReady || !modules.length) return;
    this.tsReady = true;
    for (const module of modules) {
      if (!idle()) return;
      await buildAndDrop(workspace, module, this.freshness);
    }
  }

  /**
   * Builds one `ts` module as a service starts, and drops the build: on a first build the engine
   * compiles rolldown's, swc's and kit's code, which the first module a page asks for waited for
   * (a fresh service's first cold modules took several times as long as the next ones). The
   * workspace's last `ts` module: the first one asked for is more likely one near the top.
   */
  async warmUp(workspace: Workspace): Promise<void> {
    const module = buildableTsModules(workspace).at(-1);
    if (module) await buildAndDrop(workspace, module);
  }

  /**
   * Starts what the bundlers can do ahead of the builds of `modules` (the `ts` bundler's
   * checks), as `kit build` and `kit check` are about to build them all; only for those no
   * cache holds. With a shared cache, most come from it: nothing is started.
   */
  async startAhead(workspace: Workspace, modules: readonly ModuleInfo[], optionsOf: (module: ModuleInfo) => CompileOptions): Promise<void> {
    if (this.remote) return;
    if (workspace !== this.current) this.release(workspace);
    const unbuilt = modules.filter((module) => !this.refusal(module, optionsOf(module)) && !this.scripts.holds(this.scriptKey(workspace, module, optionsOf(module))));
    await runAhead(workspace, unbuilt);
  }

  compile(workspace: Workspace, module: ModuleInfo, options: CompileOptions): Promise<ModuleBuild> {
    const build = () => this.compileWith(workspace, module, options, runBundler);
    // Reserved by a caller building many at once: once its call is done, the cache answers (or
    // builds again, when a file changed since the call read it).
    return this.reserved.take(this.scriptKey(workspace, module, options))?.then(build, build) ?? build();
  }

  /** Reserves the build of `module` for a caller about to make it with others (see `ReservedBuilds`). */
  reserve(workspace: Workspace, module: ModuleInfo, options: CompileOptions, promote: () => void): Reservation<ModuleBuild> {
    return this.reserved.reserve(this.scriptKey(workspace, module, options), promote);
  }

  /**
   * Many modules with one set of options, as `kit build` compiles them. Those of a bundler that
   * bundles many modules in one call (rolldown's and esbuild's), that no cache holds, are
   * bundled together, which shares the bundler's work across them; the rest as `compile` does.
   * Each module's build is under way from the start: a request for one of them meanwhile
   * waits for the call rather than bundling it again. `onBuilt` hears of each as it is done.
   */
  async compileMany(workspace: Workspace, modules: ModuleInfo[], options: CompileOptions, onBuilt?: (module: ModuleInfo, build: ModuleBuild) => void): Promise<ModuleBuild[]> {
    if (workspace !== this.current) this.release(workspace);
    let unbuilt = modules.filter((m) => !this.refusal(m, options) && !this.scripts.holds(this.scriptKey(workspace, m, options)) && !this.scripts.isBuilding(this.scriptKey(workspace, m, options)));
    if (this.remote) {
      // The shared cache first: only what it does not hold is bundled.
      const fetched = await Promise.all(unbuilt.map((m) => this.scripts.fetchRemote(this.scriptKey(workspace, m, options), this.scriptContent(workspace, m))));
      unbuilt = unbuilt.filter((_, i) => !fetched[i]);
    }
    const started = Date.now();
    const calls = new Map<ModuleInfo, Promise<{ result: KitBundleResult; policy: ImportPolicy } | undefined>>();
    for (const specifier of new Set(unbuilt.map((m) => m.bundler.specifier))) {
      const together = unbuilt.filter((m) => m.bundler.specifier === specifier);
      if (together.length < 2) continue;
      if (together.some((m) => capabilitiesOf(m.bundler).warmsUp)) this.tsReady = true;
      const inputs = together.map((module) => ({ workspace, module, options, policy: new ImportPolicy(workspace, module, options), freshness: this.freshness }));
      const call = togetherBundler(specifier).then((bundler) => bundler?.bundleTogether(inputs));
      together.forEach((module, i) => {
        const each = call.then(async (results) => {
          const result = await results?.[i];
          return result && { result, policy: inputs[i].policy };
        });
        // A module a cache answered meanwhile never asks for its result: its failure is no one's.
        each.catch(() => undefined);
        calls.set(module, each);
      });
    }
    return Promise.all(modules.map((module) => this.compileWith(workspace, module, options, async (input) => {
      // A call that failed as a whole leaves each of its modules to a call of its own.
      const done = await calls.get(module)?.catch(() => undefined);
      // The batch read its files before this build's cache looked at them: one written since
      // (or so close before that a stat cannot tell) may be in it as it was. Built again, alone,
      // the cache sees what the build reads.
      if (!done || done.result.inputs.some((file) => writtenSince(file, started))) return runBundler(input);
      // The bare imports the batch kept are what this build's rules would have kept.
      for (const name of done.policy.externals) input.policy.externals.add(name);
      return done.result;
    }).then((build) => (onBuilt?.(module, build), build))));
  }

  private async compileWith(workspace: Workspace, module: ModuleInfo, options: CompileOptions, bundle: (input: KitBundleInput) => Promise<KitBundleResult>): Promise<ModuleBuild> {
    if (workspace !== this.current) this.release(workspace);
    const refused = this.refusal(module, options);
    if (refused) return invalid(refused);

    const key = this.scriptKey(workspace, module, options);
    let source: CacheSource = 'miss';
    const script = await this.scripts.get(key, async () => {
      if (capabilitiesOf(module.bundler).warmsUp) this.tsReady = true;
      const policy = new ImportPolicy(workspace, module, options);
      const result = await bundle({ workspace, module, options, policy, freshness: this.freshness });
      const code = result.diagnostics.length ? '' : await finish(result, options, capabilitiesOf(module.bundler).minifies);
      const inputs = result.diagnostics.length ? failedBuildInputs(result.inputs, module.package.dir) : result.inputs;
      // The map is in the code now (or was not asked for): kept apart too, it would double what memory and the disk cache hold.
      const { map: _inCode, stamps, ...kept } = result;
      // Kept and shared as the reader sees them: no path of this machine in a message.
      const diagnostics = withoutMachinePaths(result.diagnostics, workspace.root);
      return { value: { ...kept, diagnostics, code, imports: [...policy.externals], hash: sha256(code).slice(0, 16) }, inputs, transient: result.transient, stamps };
    }, (found) => (source = found), this.scriptContent(workspace, module));
    const timing: BuildTiming = { cache: source, phases: source === 'miss' ? { ...script.timings } : {} };
    let styles: string | undefined;
    let stylesHash: string | undefined;
    let inputs = script.inputs;
    let settled = !this.scripts.isUnsettled(script);
    // The stylesheet is built even when the code failed: every problem is reported at once.
    if (script.stylesheets.length) {
      const styleKey = `${key}|${script.stylesheets.map((s) => s.path).join(',')}`;
      const result = await this.styles.get(styleKey, async () => {
        const started = performance.now();
        const built = await compileStyles(workspace, module, script.stylesheets, options);
        timing.phases.styles = performance.now() - started;
        return { value: { ...built, diagnostics: withoutMachinePaths(built.diagnostics, workspace.root), hash: sha256(built.css).slice(0, 16) }, inputs: built.inputs };
      }, undefined, this.remote && (() => this.remote!.contentKey({ files: stylesheetActionInputs(workspace, module, script.stylesheets.map((s) => s.path)) })));
      inputs = [...inputs, ...result.inputs];
      settled &&= !this.styles.isUnsettled(result);
      if (script.diagnostics.length || result.diagnostics.length) return { ...invalid([...script.diagnostics, ...result.diagnostics], inputs, settled), timing };
      styles = result.css;
      stylesHash = result.hash;
    }
    if (script.diagnostics.length) return { ...invalid(script.diagnostics, inputs, settled), timing };
    return { status: 'valid', diagnostics: [], code: script.code, styles, imports: script.imports, dynamicImports: script.dynamicImports, hot: script.hot, hash: script.hash, stylesHash, inputs, settled, timing };
  }

  /** The content part of a module's remote action key (see `ArtifactCache.get`), when there is a remote cache. */
  private scriptContent(workspace: Workspace, module: ModuleInfo): (() => ReturnType<RemoteCache['contentKey']>) | undefined {
    return this.remote && (() => this.remote!.contentKey(actionInputs(workspace, module, this.freshness)));
  }

  /** Why the module cannot be compiled with these options at all, if it cannot. */
  private refusal(module: ModuleInfo, options: CompileOptions): Diagnostic[] | undefined {
    if (module.diagnostics.length) return module.diagnostics;
    const platform = options.target === 'browser' ? 'web' : 'node';
    if (!module.platforms.includes(platform)) {
      return [conditionalNotFound(module.specifier, platform, module.moduleManifestFile ?? module.manifestFile, module.platformsPosition)];
    }
    return undefined;
  }

  private scriptKey(workspace: Workspace, module: ModuleInfo, options: CompileOptions): string {
    return [KIT.version, module.vspecifier, module.bundler.specifier, formatOptions(options), workspaceSignature(workspace)].join('|');
  }

  /** A new discovery of the workspace: the builds of modules (or versions) it no longer has are let go. */
  private release(workspace: Workspace): void {
    this.current = workspace;
    // A tsconfig may extend .kit/tsconfig.paths.json: written before any build reads it, not during one.
    ensureEditorConfig(workspace);
    const live = new Set(workspace.modules.map((m) => m.vspecifier));
    const keep = (key: string) => live.has(key.split('|')[1]);
    this.scripts.prune(keep);
    this.styles.prune(keep);
  }
}

/** The workspace's `ts` modules whose manifests are sound: those `prepare` and `warmUp` may build. */
function buildableTsModules(workspace: Workspace): ModuleInfo[] {
  return workspace.modules.filter((m) => capabilitiesOf(m.bundler).warmsUp && m.diagnostics.length === 0);
}

/**
 * Builds `module` in its judged form for what the build readies, and drops the result (a
 * failure included). With the service's `freshness`, the bundle stays kept apart from its verdict.
 */
async function buildAndDrop(workspace: Workspace, module: ModuleInfo, freshness?: Freshness): Promise<void> {
  const options = judgedOptions(module);
  await runBundler({ workspace, module, options, policy: new ImportPolicy(workspace, module, options), freshness }).catch(() => undefined);
}

function invalid(diagnostics: Diagnostic[], inputs: string[] = [], settled = true): ModuleBuild {
  return { status: 'invalid', diagnostics, code: '', imports: [], hash: sha256(JSON.stringify(diagnostics)).slice(0, 16), inputs, settled };
}

/** The development options a module is judged with: for browsers when it runs there, else for Node. */
export function judgedOptions(module: ModuleInfo): CompileOptions {
  return module.platforms.includes('web') ? DEVELOPMENT : { ...DEVELOPMENT, target: 'node' };
}
