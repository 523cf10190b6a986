import type { Compiler, ModuleBuild } from './compile.js';
import { formatOptions, type CompileOptions } from './bundle/options.js';
import { togetherBundler } from './bundle/registry.js';
import { importMetaEnv } from './bundle/import-meta-env.js';
import type { ModuleInfo, Workspace } from './workspace/model.js';

/**
 * About how many modules one bundler call bundles: the bundler and this process hold a whole
 * call's output at once, while a call's own cost is a few milliseconds.
 */
const BATCH = 50;

/**
 * How many calls run at once: while one call's modules wait for their verdicts (TypeScript 7
 * works in its own process), the next call bundles.
 */
const CALLS_IN_FLIGHT = 2;

/**
 * `group` in calls of about `BATCH` modules, of sizes as even as can be: a small remainder
 * would be a call of its own at the end of the build (51 modules, a call of 50 and one of 1).
 */
function batchesOf<T>(group: readonly T[]): T[][] {
  const count = Math.max(1, Math.round(group.length / BATCH));
  const size = Math.ceil(group.length / count);
  return Array.from({ length: Math.ceil(group.length / size) }, (_, i) => group.slice(i * size, (i + 1) * size));
}

export interface CompileAllOptions {
  /** How many of the modules that are not bundled together compile at once. */
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
 * check` and a page's first judgement compile a workspace: the modules of a bundler that
 * bundles many in one call (rolldown's and esbuild's) bundled together, up to `BATCH` in a
 * call per bundler and set of options; the others meanwhile, a few at a time.
 */
export async function compileAll(compiler: Compiler, workspace: Workspace, modules: ModuleInfo[], optionsOf: (module: ModuleInfo) => CompileOptions, { concurrency, onStarted, onBuilt, ahead = false }: CompileAllOptions): Promise<Map<ModuleInfo, ModuleBuild>> {
  const builds = new Map<ModuleInfo, ModuleBuild>();
  const finished = (module: ModuleInfo, build: ModuleBuild) => {
    builds.set(module, build);
    onBuilt?.(module, build);
  };
  const specifiers = [...new Set(modules.map((m) => m.bundler.specifier))];
  const together = new Set((await Promise.all(specifiers.map(async (s) => ((await togetherBundler(s)) ? s : undefined)))).filter((s) => s !== undefined));
  const groups = new Map<string, ModuleInfo[]>();
  const others: ModuleInfo[] = [];
  for (const module of modules) {
    if (!together.has(module.bundler.specifier)) others.push(module);
    else {
      // One call defines one import.meta.env: modules whose .env files differ go in batches of their own.
      const key = `${module.bundler.specifier}|${formatOptions(optionsOf(module))}|${JSON.stringify(importMetaEnv(workspace, module, optionsOf(module)))}`;
      groups.set(key, [...(groups.get(key) ?? []), module]);
    }
  }
  const batches = [...groups.values()].flatMap(batchesOf);
  const bundleTogether = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      batch.forEach((module) => onStarted?.(module));
      const results = await compiler.compileMany(workspace, batch, optionsOf(batch[0]));
      batch.forEach((module, i) => finished(module, results[i]));
    }
  };
  const compileEach = async () => {
    for (let module = others.shift(); module; module = others.shift()) {
      onStarted?.(module);
      finished(module, await compiler.compile(workspace, module, optionsOf(module)));
    }
  };
  if (ahead) await compiler.startAhead(workspace, modules, optionsOf);
  await Promise.all([...Array.from({ length: CALLS_IN_FLIGHT }, bundleTogether), ...Array.from({ length: concurrency }, compileEach)]);
  return builds;
}
