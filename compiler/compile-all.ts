import type { Compiler, ModuleBuild } from './compile.js';
import type { Reservation } from './reserved-builds.js';
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
 * How many modules each call of a group of `count` bundles: about `BATCH`, in calls of sizes as
 * even as can be (a small remainder would be a call of its own at the end of the build: 51
 * modules, a call of 50 and one of 1).
 */
function callSize(count: number): number {
  return Math.ceil(count / Math.max(1, Math.round(count / BATCH)));
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
  // Each call takes the next modules of a group as it starts; a module asked for meanwhile
  // (a page's request) moves to the front, its group first (see `ReservedBuilds`).
  const waiting = [...groups.values()].map((group) => ({ modules: [...group], size: callSize(group.length) }));
  const reservations = new Map<ModuleInfo, Reservation<ModuleBuild>>();
  for (const group of waiting) {
    for (const module of group.modules) {
      reservations.set(module, compiler.reserve(workspace, module, optionsOf(module), () => {
        const at = group.modules.indexOf(module);
        if (at < 0) return;
        group.modules.splice(at, 1);
        group.modules.unshift(module);
        waiting.splice(waiting.indexOf(group), 1);
        waiting.unshift(group);
      }));
    }
  }
  const nextCall = () => {
    const group = waiting.find((each) => each.modules.length);
    return group?.modules.splice(0, group.size);
  };
  const bundleTogether = async () => {
    for (let batch = nextCall(); batch; batch = nextCall()) {
      batch.forEach((module) => onStarted?.(module));
      // Each module's reservation settles with its own build: a request for it waits for no other.
      await compiler.compileMany(workspace, batch, optionsOf(batch[0]), (module, build) => (finished(module, build), reservations.get(module)!.settle(build)));
    }
  };
  const compileEach = async () => {
    for (let module = others.shift(); module; module = others.shift()) {
      onStarted?.(module);
      finished(module, await compiler.compile(workspace, module, optionsOf(module)));
    }
  };
  try {
    if (ahead) await compiler.startAhead(workspace, modules, optionsOf);
    await Promise.all([...Array.from({ length: CALLS_IN_FLIGHT }, bundleTogether), ...Array.from({ length: concurrency }, compileEach)]);
  } finally {
    // Whatever was not built (a call failed): a request waiting for it builds it itself.
    for (const reservation of reservations.values()) reservation.fail(new Error('not built'));
  }
  return builds;
}
