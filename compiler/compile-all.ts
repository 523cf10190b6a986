import type { Compiler, ModuleBuild } from './compile.js';
import { formatOptions, type CompileOptions } from './bundle/options.js';
import { BUILTIN_BUNDLERS } from './workspace/bundler-specifiers.js';
import type { ModuleInfo, Workspace } from './workspace/model.js';

/**
 * The most modules one esbuild call bundles: esbuild and this process hold a whole call's
 * output at once (500 modules' development builds took esbuild to 600 MiB), while a call's
 * own cost is a few milliseconds.
 */
const BATCH = 50;

export interface CompileAllOptions {
  /** How many of the other modules compile at once. */
  concurrency: number;
  /** Told of each module as its compile starts (a batch's modules together). */
  onStarted?: (module: ModuleInfo) => void;
  /** Told of each module as it finishes, in the order they finish. */
  onBuilt?: (module: ModuleInfo, build: ModuleBuild) => void;
  /** Every module's check asked for at once, ahead of the builds (see `Compiler.startAhead`): for a command, not a service checking in the background. */
  ahead?: boolean;
}

/**
 * Many modules at once, each with the options `optionsOf` gives it, as `kit build`, `kit
 * check` and a page's first judgement compile a workspace: the `esbuild` bundler's modules
 * bundled together, up to `BATCH` in one esbuild call per set of options (esbuild shares its
 * work across them); the others meanwhile, a few at a time (a `ts` module's check runs in
 * TypeScript 7's process while the next is emitted).
 */
export async function compileAll(compiler: Compiler, workspace: Workspace, modules: ModuleInfo[], optionsOf: (module: ModuleInfo) => CompileOptions, { concurrency, onStarted, onBuilt, ahead = false }: CompileAllOptions): Promise<Map<ModuleInfo, ModuleBuild>> {
  const builds = new Map<ModuleInfo, ModuleBuild>();
  const finished = (module: ModuleInfo, build: ModuleBuild) => {
    builds.set(module, build);
    onBuilt?.(module, build);
  };
  const groups = new Map<string, ModuleInfo[]>();
  const others: ModuleInfo[] = [];
  for (const module of modules) {
    if (module.bundler.specifier !== BUILTIN_BUNDLERS.esbuild.specifier) others.push(module);
    else {
      const key = formatOptions(optionsOf(module));
      groups.set(key, [...(groups.get(key) ?? []), module]);
    }
  }
  const bundleTogether = async () => {
    for (const group of groups.values()) {
      for (let start = 0; start < group.length; start += BATCH) {
        const batch = group.slice(start, start + BATCH);
        batch.forEach((module) => onStarted?.(module));
        const results = await compiler.compileMany(workspace, batch, optionsOf(batch[0]));
        batch.forEach((module, i) => finished(module, results[i]));
      }
    }
  };
  const compileOthers = async () => {
    const queue = [...others];
    const work = async () => {
      for (let module = queue.shift(); module; module = queue.shift()) {
        onStarted?.(module);
        finished(module, await compiler.compile(workspace, module, optionsOf(module)));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, work));
  };
  if (ahead) await compiler.startAhead(workspace, others, optionsOf);
  await Promise.all([bundleTogether(), compileOthers()]);
  return builds;
}
