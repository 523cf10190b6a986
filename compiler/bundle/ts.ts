import { relative } from 'node:path';
import { toPosix } from '../paths.js';
import { bundleError } from '../diagnostics.js';
import { ArtifactCache } from '../cache/artifact-cache.js';
import { checkModule } from '../check/check-module.js';
import { owningModule } from '../workspace/ownership.js';
import { formatOptions } from './options.js';
import { bundleTogetherWithRolldown, bundleWithRolldown, type Bundled } from './ts-rolldown.js';
import { verdictInputs } from './ts-verdict.js';
import { workspaceSignature } from '../workspace/signature.js';
import type { Freshness } from '../freshness/freshness.js';
import type { KitBundleInput, KitBundleResult, Bundler } from './types.js';

/** TypeScript's ways of saying an import resolves to nothing it can type. */
const UNRESOLVED_TYPES = new Set(['TS2307', 'TS2591', 'TS2792', 'TS2882', 'TS7016']);
/** TypeScript 7 gave no verdict (its process died, say): a failure of the tool, not of the module. */
interface CheckerFailure {
  failure: string;
}

/**
 * The `ts` bundler (`@kit-js/packages/bundlers/ts`): rolldown bundles the module's files, each
 * transformed on its own by swc as the tsconfig TypeScript picks for it says (ts-rolldown.ts);
 * TypeScript 7 type-checks the module in its own process meanwhile, and its errors in the
 * module's own files become diagnostics `TS<n>`. Errors in another module's files belong to
 * that module.
 */
export const tsBundler: Bundler & { bundleTogether: typeof bundleTogether } = {
  name: 'ts',
  bundle: (input) => finishVerdict(input, startVerdict(input)),
  bundleTogether,
};

/**
 * Many modules with the same options, as `kit build` and `kit check` compile them: each one's
 * verdict asked for first, then one rolldown call over them all (ts-rolldown.ts); a module
 * that call could not give its own chunk is bundled alone. Each module's result is ready with
 * its own verdict, not the last one's.
 */
async function bundleTogether(inputs: KitBundleInput[]): Promise<Promise<KitBundleResult>[]> {
  const started = inputs.map(startVerdict);
  const { workspace, options } = inputs[0];
  const bundled = await bundleTogetherWithRolldown(workspace, inputs, options);
  return inputs.map((input, i) => finishVerdict(input, started[i], bundled[i]));
}

type Verdict = ReturnType<typeof startVerdict>;

/** Asks TypeScript 7 for the module's verdict, on its own files, before anything is bundled. */
function startVerdict({ workspace, module, freshness }: KitBundleInput) {
  const judged = verdictInputs(workspace, module, freshness);
  const checkStarted = performance.now();
  const timing = { checkMs: 0 };
  const checking = checkModule(workspace, module, judged.own, judged.read, judged.stamps).then(
    (found) => ((timing.checkMs = performance.now() - checkStarted), found),
    (error: Error): CheckerFailure => ({ failure: error.message }),
  );
  const inputs = [...new Set([module.entry, ...judged.read])];
  // The reach stat'ed each file it read (and each folder it looked in): the records of the build's input files take those stamps.
  const stamps = new Map(judged.reached.map((file) => [file, judged.stamps.get(file)!]));
  return { checking, timing, inputs, stamps };
}

/** The module's bundle (`together`, when a call of many made it) and its verdict, as one result. */
async function finishVerdict({ workspace, module, options, policy, freshness }: KitBundleInput, { checking, timing, inputs, stamps }: Verdict, together?: Bundled): Promise<KitBundleResult> {
  const alone = () => bundleWithRolldown(workspace, module, options, policy);
  const bundled = together ?? (await (freshness ? bundleOnce({ workspace, module, options, freshness }, inputs, stamps, alone) : alone()));
  // A kept bundle's bare imports are what this build's rules would have kept.
  for (const name of bundled.externals) policy.externals.add(name);
  const timings = { check: 0, ...bundled.timings };

  const found = await checking;
  timings.check = timing.checkMs;
  const read = [...new Set([...bundled.read, ...inputs])];
  const { code, map, stylesheets, target, failed, dynamicImports, hot } = bundled;
  // TypeScript 7 could not answer (its process died): a failure of the tool, never the module's cached verdict.
  if (!Array.isArray(found)) {
    return { code, map, stylesheets, target, inputs: read, timings, transient: true, diagnostics: [bundleError(`TypeScript 7 could not check the module: ${found.failure}`, { file: toPosix(relative(workspace.root, module.entry)) })] };
  }
  // The verdict, less what kit already refused: "cannot find module" (or its types) for such an import says nothing new.
  const verdict = found.filter((d) => !(UNRESOLVED_TYPES.has(d.code) && bundled.refused.some((s) => d.message.includes(`'${s}'`))));
  const diagnostics = [...bundled.diagnostics];
  // TypeScript's own diagnostic says more than rolldown's parse error (JSX without `jsx`, say).
  // Rolldown may say where nothing is (a failure of the whole input): the module's entry is where it stands.
  if (failed && (!verdict.length || failed.unresolved)) diagnostics.push(bundleError(failed.message, failed.at ?? { file: toPosix(relative(workspace.root, module.entry)), line: 1, column: 1 }));
  return { code, map, stylesheets, target, dynamicImports, hot, inputs: read, stamps, timings, diagnostics: [...diagnostics, ...verdict] };
}

/** The service's bundles, kept apart from their verdicts (see `bundleOnce`); by its watcher's log, one per service. */
const bundles = new WeakMap<Freshness, ArtifactCache<Bundled>>();

/**
 * The module's bundle, made again only when a file it was made from changed. A module is
 * judged again when any file its verdict rests on changes, a dependency's among them; its
 * code does not read those (bare imports stay bare), so then only TypeScript 7 works again.
 * A failed bundle is not kept. Kept in memory for the service (with its watcher's reports);
 * `kit build` and `kit check` build each module once.
 */
async function bundleOnce({ workspace, module, options, freshness }: Omit<KitBundleInput, 'policy' | 'freshness'> & { freshness: Freshness }, inputs: readonly string[], stamps: ReadonlyMap<string, string>, bundle: () => Promise<Bundled>): Promise<Bundled> {
  let cache = bundles.get(freshness);
  if (!cache) bundles.set(freshness, (cache = new ArtifactCache<Bundled>(1000, undefined, freshness)));
  let built = false;
  // The import rules the bundle followed are the workspace's: its manifests are in the key.
  const kept = await cache.get(`${module.vspecifier}|${formatOptions(options)}|${workspaceSignature(workspace)}`, async () => {
    built = true;
    const value = await bundle();
    // Every file the bundle read (helpers of other folders included), and of the rest those of no other module: only the check reads those.
    const own = [...new Set([...value.read, ...inputs.filter((file) => {
      const owner = owningModule(workspace, file);
      return !owner || owner.specifier === module.specifier;
    })])];
    return { value, inputs: own, stamps, transient: !!value.failed || value.diagnostics.length > 0 };
  });
  // Reused: no time went to transforming or bundling.
  return built ? kept : { ...kept, timings: { transform: 0, bundle: 0 } };
}
