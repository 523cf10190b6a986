import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import MagicString from 'magic-string';
import { rollup, type Plugin, type RollupLog } from 'rollup';
import { bundleError, type Diagnostic } from '../diagnostics.js';
import { toPosix } from '../paths.js';
import { checkModule } from '../check/check-module.js';
import { tsconfigInputs, tsconfigOf } from '../workspace/tsconfig-read.js';
import { reachWithStamps } from '../check/reach.js';
import { ownFiles } from '../check/own-files.js';
import { resolveRelative } from '../check/resolve.js';
import { typeScriptTransform } from './ts-transform.js';
import { emitTarget } from './swc-options.js';
import { emitOptionsOf, type EmitOptions } from '../workspace/tsconfig-options.js';
import { installRecords } from '../workspace/tsconfig-chain.js';
import { orderStylesheets, type BundleInput, type BundleResult, type Bundler, type SourceMap, type StylesheetImport } from './types.js';

const STYLE = '\0kit-style:';
/** A relative import of a file that is only declarations: it has no code to bundle. */
const DECLARATIONS = '\0kit-declarations:';
/** TypeScript's ways of saying an import resolves to nothing it can type. */
const UNRESOLVED_TYPES = new Set(['TS2307', 'TS2591', 'TS2792', 'TS2882', 'TS7016']);
const json = createRequire(import.meta.url)('@rollup/plugin-json') as (options: object) => Plugin;
/** TypeScript 7 gave no verdict (its process died, say): a failure of the tool, not of the module. */
interface CheckerFailure {
  failure: string;
}

/**
 * The `ts` bundler (`@kit-js/packages/bundlers/ts`): rollup bundles the module's files, each
 * transformed on its own by swc as the tsconfig TypeScript picks for it says (ts-transform.ts);
 * TypeScript 7 type-checks the module in its own process meanwhile, and its errors in the
 * module's own files become diagnostics `TS<n>`. Errors in another module's files belong to
 * that module.
 */
export const tsBundler: Bundler = {
  name: 'ts',
  bundle: bundleWithTypeScript,
};

async function bundleWithTypeScript({ workspace, module, options, policy, changes }: BundleInput): Promise<BundleResult> {
  const root = workspace.root;
  const diagnostics: Diagnostic[] = [];
  const refused = new Set<string>();
  const stylesheets = new Map<string, StylesheetImport>();
  const assets = new Map<string, string>();
  const graph = new Map<string, readonly string[]>();
  const rel = (path: string) => toPosix(relative(root, path));

  const userConfig = tsconfigOf(workspace, module.entry);
  // What else decides the verdict: which tsconfig applies, its chain, and installs (a new @types package, say).
  const settings = [...tsconfigInputs(workspace, module.entry, userConfig), ...installRecords([root, userConfig ? dirname(userConfig) : root])];
  // Every file the verdict depends on, type imports included: TypeScript 7 starts on the module's own at once.
  const { files: reached, stamps } = reachWithStamps(workspace, module.entry, changes);
  const own = ownFiles(workspace, module, reached);
  const timings = { check: 0, transform: 0, bundle: 0 };
  const checkStarted = performance.now();
  const checking = checkModule(workspace, module, own, [...reached, ...settings], stamps).then(
    (found) => ((timings.check = performance.now() - checkStarted), found),
    (error: Error): CheckerFailure => ({ failure: error.message }),
  );
  /** The verdict, less what kit already refused: "cannot find module" (or its types) for such an import says nothing new. */
  const verdict = async (): Promise<Diagnostic[] | CheckerFailure> => {
    const found = await checking;
    if (!Array.isArray(found)) return found;
    return found.filter((d) => !(UNRESOLVED_TYPES.has(d.code) && [...refused].some((s) => d.message.includes(`'${s}'`))));
  };

  const emitOptions = new Map<string, EmitOptions>();
  const emitOptionsFor = (file: string) => {
    const config = tsconfigOf(workspace, file) ?? '';
    let found = emitOptions.get(config);
    if (!found) emitOptions.set(config, (found = emitOptionsOf(config || undefined)));
    return found;
  };
  const target = emitTarget(emitOptionsFor(module.entry).target);

  const imports: Plugin = {
    name: 'kit-imports',
    async resolveId(source, importer, extra) {
      if (!importer || extra.isEntry) return null;
      const decision = policy.decide(source, importer);
      switch (decision.kind) {
        case 'external':
          return { id: source, external: true };
        case 'error':
          refused.add(source);
          diagnostics.push(decision.diagnostic);
          return { id: source, external: true };
        case 'stylesheet':
          stylesheets.set(STYLE + decision.path, { path: decision.path, importer, specifier: source });
          return { id: STYLE + decision.path, moduleSideEffects: true };
        case 'asset':
          assets.set(decision.path, decision.url);
          return decision.path;
        case 'source': {
          const relative = source.startsWith('.') || source.startsWith('/');
          const found = relative ? resolveRelative(source, importer, false) : undefined;
          const declarations = relative && !found ? resolveRelative(source, importer, true) : undefined;
          if (declarations) return DECLARATIONS + declarations;
          const resolved = found ?? (await this.resolve(source, importer, { ...extra, skipSelf: true }))?.id;
          const problem = resolved && !resolved.startsWith('\0') ? policy.checkResolved(resolved, importer, source) : undefined;
          if (problem) diagnostics.push(problem);
          return resolved ?? null;
        }
      }
    },
    load(id) {
      if (id.startsWith(STYLE) || id.startsWith(DECLARATIONS)) return '';
      const url = assets.get(id);
      if (url !== undefined) return `export default new URL(${JSON.stringify(url)}, import.meta.url).href;`;
      // Read at once: rollup's own reading opens, stats, reads and closes a file in four turns of the event loop.
      // One that cannot be read is left to rollup, which says so in its words.
      if (id.startsWith('\0')) return null;
      try {
        return readFileSync(id, 'utf8');
      } catch {
        return null;
      }
    },
    buildEnd() {
      for (const id of this.getModuleIds()) graph.set(id, this.getModuleInfo(id)?.importedIds ?? []);
    },
    transform(code) {
      // Development code is dropped from production by the minifier; here the condition is made constant.
      if (!code.includes('process.env.NODE_ENV')) return null;
      const s = new MagicString(code);
      s.replaceAll('process.env.NODE_ENV', JSON.stringify(options.env));
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };

  const onLog = (_level: string, log: RollupLog) => {
    if (log.code === 'UNRESOLVED_IMPORT' && log.exporter) {
      const importer = log.id ?? module.entry;
      diagnostics.push(bundleError(`Could not resolve '${log.exporter}' from ${rel(importer)}`, policy.locate(importer, log.exporter)));
    }
  };
  const transformSpent = { ms: 0 };
  const bundleStarted = performance.now();
  const transform = typeScriptTransform({ root, sourceMaps: options.sourcemap === 'inline', emitOptionsFor }, transformSpent);
  let inputs = [...new Set([module.entry, ...reached, ...settings])];
  const finished = async (result: Omit<BundleResult, 'diagnostics' | 'inputs'>, failed?: { message: string; at?: Parameters<typeof bundleError>[1]; unresolved: boolean }): Promise<BundleResult> => {
    timings.transform = transformSpent.ms;
    timings.bundle = performance.now() - bundleStarted - transformSpent.ms;
    const found = await verdict();
    // TypeScript 7 could not answer (its process died): a failure of the tool, never the module's cached verdict.
    if (!Array.isArray(found)) {
      return { ...result, inputs, timings, transient: true, diagnostics: [bundleError(`TypeScript 7 could not check the module: ${found.failure}`, { file: rel(module.entry) })] };
    }
    // TypeScript's own diagnostic says more than rollup's parse error (JSX without `jsx`, say).
    if (failed && (!found.length || failed.unresolved)) diagnostics.push(bundleError(failed.message, failed.at));
    return { ...result, inputs, timings, diagnostics: [...diagnostics, ...found] };
  };
  try {
    const bundle = await rollup({ input: module.entry, onLog, plugins: [imports, json({ preferConst: true }), ...transform] });
    // A lazily imported private helper is part of the module: one artifact, no chunk without an address.
    const { output } = await bundle.generate({ format: 'es', sourcemap: options.sourcemap === 'inline', dir: root, inlineDynamicImports: true });
    await bundle.close();
    const chunk = output[0];
    const ordered = orderStylesheets(module.entry, (id) => [...(graph.get(id) ?? [])], (id) => stylesheets.get(id));
    inputs = [...new Set([...(bundle.watchFiles ?? []).filter((f) => !f.startsWith('\0')), ...inputs])];
    const map = chunk.map ? ({ ...chunk.map, sources: chunk.map.sources.map((s) => toPosix(relative(root, resolve(root, s)))) } as SourceMap) : undefined;
    return await finished({ code: chunk.code, map, stylesheets: ordered, target });
  } catch (error) {
    const e = error as { message: string; code?: string; exporter?: string; loc?: { file?: string; line: number; column: number }; id?: string };
    const file = e.loc?.file ?? e.id;
    const unresolved = e.code === 'UNRESOLVED_IMPORT' && !!e.exporter;
    // An unresolvable import points at its specifier in the importer (rollup names only the file).
    const at = unresolved && e.id && !e.loc ? policy.locate(e.id, e.exporter!) : file ? { file: rel(file), line: e.loc?.line, column: e.loc ? e.loc.column + 1 : undefined } : undefined;
    if (unresolved) refused.add(e.exporter!);
    return finished({ code: '', stylesheets: [] }, { message: e.message, at, unresolved });
  }
}
