import { bundleError } from '../diagnostics.js';
import { loadCustomBundler } from './custom.js';
import type { BundleResult, Bundler, KitBundleInput, KitBundleResult } from './types.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';

/** A built-in bundler, and what it can do beyond one module at a time. */
export interface BuiltinBundler extends Bundler {
  /**
   * Many modules with one set of options in one call; undefined for those it could not (the
   * caller bundles them alone), or for all. A module's result may still be on its way (its
   * verdict, say): each settles on its own, so a page has each module as soon as it is ready.
   */
  bundleTogether?(inputs: KitBundleInput[]): Promise<(KitBundleResult | undefined | Promise<KitBundleResult | undefined>)[] | undefined>;
}

// Loaded on first use: TypeScript alone takes most of a second to import, which would
// otherwise delay every start of the service and of the CLI.
const BUILTIN: Record<string, () => Promise<BuiltinBundler>> = {
  '@kit-js/packages/bundlers/ts': () => import('./ts.js').then((m) => m.tsBundler),
  '@kit-js/packages/bundlers/esbuild': () => import('./esbuild.js').then((m) => m.esbuildBundler),
  // A stylesheet a package exports: kit builds it itself, whatever the package's bundler (see STYLESHEET_BUNDLER).
  '@kit-js/packages/bundlers/css': () => import('./stylesheet-module.js').then((m) => m.stylesheetBundler),
};

/**
 * Loads the built-in bundlers `modules` select without running them: a service that has just
 * started does this while it waits for its first request, which then finds them ready.
 */
export async function preloadBundlers(modules: readonly { bundler: { specifier: string } }[]): Promise<void> {
  const wanted = new Set(modules.map((module) => module.bundler.specifier));
  await Promise.all(Object.entries(BUILTIN).filter(([specifier]) => wanted.has(specifier)).map(([, load]) => load()));
}

/** The built-in bundler a specifier names, when it can bundle many modules in one call. */
export async function togetherBundler(specifier: string): Promise<Required<BuiltinBundler> | undefined> {
  const bundler = await BUILTIN[specifier]?.();
  return bundler?.bundleTogether ? (bundler as Required<BuiltinBundler>) : undefined;
}

/** What a built-in bundler can start ahead of many modules' builds: the `ts` bundler's checks (loaded without rolldown). */
const AHEAD: Record<string, () => Promise<(workspace: Workspace, modules: readonly ModuleInfo[]) => void>> = {
  '@kit-js/packages/bundlers/ts': () => import('./ts-verdict.js').then((m) => m.checkAhead),
};

/** Starts what the built-in bundlers of `modules` can do ahead of their builds, when each of them is about to be built (`kit build`, `kit check`). */
export async function runAhead(workspace: Workspace, modules: readonly ModuleInfo[]): Promise<void> {
  for (const [specifier, load] of Object.entries(AHEAD)) {
    const selected = modules.filter((module) => module.bundler.specifier === specifier);
    if (selected.length) (await load())(workspace, selected);
  }
}

/** How long a custom bundler may take on one module before the module is invalid. */
const timeLimitMs = () => Number(process.env.KIT_BUNDLER_TIMEOUT_MS) || 60_000;

/**
 * Runs the bundler the module selected. A custom bundler that cannot be loaded, throws,
 * returns something that is not a bundle, or takes longer than the time limit makes the
 * module invalid with a BUNDLE_ERROR naming the bundler; nothing else is affected.
 */
export async function runBundler(input: KitBundleInput): Promise<KitBundleResult> {
  const { module } = input;
  const builtin = BUILTIN[module.bundler.specifier];
  if (builtin) return (await builtin()).bundle(input);
  const where = { file: module.package.manifestFile, line: 1, column: 1 };
  const failed = (message: string, inputs: string[] = []): KitBundleResult => ({ code: '', stylesheets: [], inputs: [module.entry, ...inputs], diagnostics: [bundleError(`bundler "${module.bundler.name}" (${module.bundler.specifier}) ${message}`, where)] });
  let loaded;
  try {
    loaded = await loadCustomBundler(module.bundler.specifier, module.package.dir);
  } catch (error) {
    return failed(`cannot be loaded: ${(error as Error).message}`);
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      // Only what the SDK names: kit's own fields stay kit's.
      Promise.resolve().then(() => loaded.bundler.bundle({ workspace: input.workspace, module, options: input.options, policy: input.policy })),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`took longer than ${timeLimitMs()} ms`)), timeLimitMs());
      }),
    ]);
    const checked = checkResult(result);
    if (typeof checked === 'string') return failed(checked, [loaded.file]);
    return { ...checked, inputs: [...checked.inputs, module.entry, loaded.file] };
  } catch (error) {
    return failed(`failed: ${(error as Error)?.message ?? String(error)}`, [loaded.file]);
  } finally {
    clearTimeout(timer);
  }
}

/** A bundle with the optional lists filled in, or what is wrong with it. */
function checkResult(value: unknown): BundleResult | string {
  if (typeof value !== 'object' || value === null) return 'returned no bundle: return { code, stylesheets?, inputs?, diagnostics? }';
  const result = value as Partial<BundleResult>;
  if (typeof result.code !== 'string') return 'returned a bundle without "code" (a string of ES module code)';
  for (const list of ['stylesheets', 'inputs', 'diagnostics'] as const) {
    if (result[list] !== undefined && !Array.isArray(result[list])) return `returned "${list}" that is not an array`;
  }
  return { code: result.code, map: result.map, stylesheets: result.stylesheets ?? [], inputs: result.inputs ?? [], diagnostics: result.diagnostics ?? [] };
}
