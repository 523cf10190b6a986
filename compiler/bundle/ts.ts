import { relative } from 'node:path';
import { toPosix } from '../paths.js';
import { bundleError } from '../diagnostics.js';
import { ArtifactCache } from '../cache/artifact-cache.js';
import { checkModule } from '../check/check-module.js';
import { owningModule } from './imports.js';
import { formatOptions } from './options.js';
import { bundleWithRollup, type Bundled } from './ts-rollup.js';
import { verdictInputs } from './ts-verdict.js';
import { workspaceSignature } from '../workspace/signature.js';
import type { ChangeLog } from '../cache/changes.js';
import type { BundleInput, BundleResult, Bundler } from './types.js';

/** TypeScript's ways of saying an import resolves to nothing it can type. */
const UNRESOLVED_TYPES = new Set(['TS2307', 'TS2591', 'TS2792', 'TS2882', 'TS7016']);
/** TypeScript 7 gave no verdict (its process died, say): a failure of the tool, not of the module. */
interface CheckerFailure {
  failure: string;
}

/**
 * The `ts` bundler (`@kit-js/packages/bundlers/ts`): rollup bundles the module's files, each
 * transformed on its own by swc as the tsconfig TypeScript picks for it says (ts-rollup.ts);
 * TypeScript 7 type-checks the module in its own process meanwhile, and its errors in the
 * module's own files become diagnostics `TS<n>`. Errors in another module's files belong to
 * that module.
 */
export const tsBundler: Bundler = {
  name: 'ts',
  bundle: bundleWithTypeScript,
};

async function bundleWithTypeScript({ workspace, module, options, policy, changes }: BundleInput): Promise<BundleResult> {
  // TypeScript 7 starts on the module's own files at once.
  const judged = verdictInputs(workspace, module, changes);
  const checkStarted = performance.now();
  let checkMs = 0;
  const checking = checkModule(workspace, module, judged.own, judged.read, judged.stamps).then(
    (found) => ((checkMs = performance.now() - checkStarted), found),
    (error: Error): CheckerFailure => ({ failure: error.message }),
  );
  const inputs = [...new Set([module.entry, ...judged.read])];
  // The reach stat'ed each file it read (and each folder it looked in): the records of the build's input files take those stamps.
  const stamps = new Map(judged.reached.map((file) => [file, judged.stamps.get(file)!]));
  const rollup = () => bundleWithRollup(workspace, module, options, policy);
  const bundled = await (changes ? bundleOnce({ workspace, module, options, changes }, inputs, stamps, rollup) : rollup());
  // A kept bundle's bare imports are what this build's rules would have kept.
  for (const name of bundled.externals) policy.externals.add(name);
  const timings = { check: 0, ...bundled.timings };

  const found = await checking;
  timings.check = checkMs;
  const read = [...new Set([...bundled.read, ...inputs])];
  const { code, map, stylesheets, target, failed } = bundled;
  // TypeScript 7 could not answer (its process died): a failure of the tool, never the module's cached verdict.
  if (!Array.isArray(found)) {
    return { code, map, stylesheets, target, inputs: read, timings, transient: true, diagnostics: [bundleError(`TypeScript 7 could not check the module: ${found.failure}`, { file: toPosix(relative(workspace.root, module.entry)) })] };
  }
  // The verdict, less what kit already refused: "cannot find module" (or its types) for such an import says nothing new.
  const verdict = found.filter((d) => !(UNRESOLVED_TYPES.has(d.code) && bundled.refused.some((s) => d.message.includes(`'${s}'`))));
  const diagnostics = [...bundled.diagnostics];
  // TypeScript's own diagnostic says more than rollup's parse error (JSX without `jsx`, say).
  if (failed && (!verdict.length || failed.unresolved)) diagnostics.push(bundleError(failed.message, failed.at));
  return { code, map, stylesheets, target, inputs: read, stamps, timings, diagnostics: [...diagnostics, ...verdict] };
}

/** The service's bundles, kept apart from their verdicts (see `bundleOnce`); by its watcher's log, one per service. */
const bundles = new WeakMap<ChangeLog, ArtifactCache<Bundled>>();

/**
 * The module's bundle, made again only when a file it was made from changed. A module is
 * judged again when any file its verdict rests on changes, a dependency's among them; its
 * code does not read those (bare imports stay bare), so then only TypeScript 7 works again.
 * A failed bundle is not kept. Kept in memory for the service (with its watcher's reports);
 * `kit build` and `kit check` build each module once.
 */
async function bundleOnce({ workspace, module, options, changes }: Omit<BundleInput, 'policy' | 'changes'> & { changes: ChangeLog }, inputs: readonly string[], stamps: ReadonlyMap<string, string>, bundle: () => Promise<Bundled>): Promise<Bundled> {
  let cache = bundles.get(changes);
  if (!cache) bundles.set(changes, (cache = new ArtifactCache<Bundled>(1000, undefined, changes)));
  let built = false;
  // The import rules the bundle followed are the workspace's: its manifests are in the key.
  const kept = await cache.get(`${module.vspecifier}|${formatOptions(options)}|${workspaceSignature(workspace)}`, async () => {
    built = true;
    const value = await bundle();
    // Every input but the files of other modules: only the check reads those.
    const own = [...new Set([...value.read, ...inputs])].filter((file) => {
      const owner = owningModule(workspace, file);
      return !owner || owner.specifier === module.specifier;
    });
    return { value, inputs: own, stamps, transient: !!value.failed || value.diagnostics.length > 0 };
  });
  // Reused: no time went to transforming or bundling.
  return built ? kept : { ...kept, timings: { transform: 0, bundle: 0 } };
}
