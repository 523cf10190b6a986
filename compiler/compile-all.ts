import type { Compiler, ModuleBuild } from './compile.js';
import { formatOptions, type CompileOptions } from './bundle/options.js';
import { BUILTIN_BUNDLERS } from './workspace/bundler-specifiers.js';
import type { ModuleInfo, Workspace } from './workspace/model.js';

/**
 * About how many modules one esbuild call bundles: esbuild and this process hold a whole
 * call's output at once (500 modules' development builds took esbuild to 600 MiB), while a
 * call's own cost is a few milliseconds.
 */
const BATCH = 50;

/**
 * `group` in calls of about `BATCH` modules, of sizes as even as can be. The calls run one
 * after another, so a small remainder would be a call of its own at the end of the build:
 * 51 modules made a call of 50 and one of 1, which waited for the first.
 */
function batchesOf<T>(group: readonly T[]): T[][] {
  const count = Math.max(1, Math.round(group.length / BATCH));
  const size = Math.ceil(group.length / count);
  return Array.from({ length: Math.ceil(group.length / size) }, (_, i) => group.slice(i * size, (i + 1) * size));
}

/**
 * How many `ts` modules build at once when their verdicts were asked ahead: a build waiting
 * for its verdict holds no work of this process, and while TypeScript 7 opens its project the
 * first builds all wait (four at once left kit's thread idle; at 20 × 5, `kit build` took 0.90
 * of its time with every module in flight).
 */
const AHEAD_IN_FLIGHT = 64;

export interface CompileAllOptions {
  /** How many of the other modules compile at once (with `ahead`, those of bundlers other than `ts`). */
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
      for (const batch of batchesOf(group)) {
        batch.forEach((module) => onStarted?.(module));
        const results = await compiler.compileMany(workspace, batch, optionsOf(batch[0]));
        batch.forEach((module, i) => finished(module, results[i]));
      }
    }
  };
  const compileEach = async (queue: ModuleInfo[], inFlight: number) => {
    const work = async () => {
      for (let module = queue.shift(); module; module = queue.shift()) {
        onStarted?.(module);
        finished(module, await compiler.compile(workspace, module, optionsOf(module)));
      }
    };
    await Promise.all(Array.from({ length: inFlight }, work));
  };
  if (ahead) await compiler.startAhead(workspace, others, optionsOf);
  // With the verdicts asked ahead, the `ts` modules build in a pool of their own (see AHEAD_IN_FLIGHT).
  const isTs = (module: ModuleInfo) => module.bundler.specifier === BUILTIN_BUNDLERS.ts.specifier;
  const pools = ahead ? [compileEach(others.filter(isTs), AHEAD_IN_FLIGHT), compileEach(others.filter((m) => !isTs(m)), concurrency)] : [compileEach(others, concurrency)];
  await Promise.all([bundleTogether(), ...pools]);
  return builds;
}
