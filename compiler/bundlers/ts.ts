import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import MagicString from 'magic-string';
import { rollup, type Plugin, type RollupLog } from 'rollup';
import { bundleError, type Diagnostic } from '../diagnostics.js';
import { isInside, toPosix } from '../workspace/paths.js';
import { owningModule } from './imports.js';
import { typeScriptSession } from './ts-program.js';
import { checkModule, tsconfigLookups, tsconfigOf } from './ts-check.js';
import { KIT_TYPES, workspaceRoots, writeTsconfig } from './tsconfig.js';
import { installRecords, tsconfigChain } from './tsconfig-chain.js';
import { orderStylesheets, type BundleInput, type BundleResult, type Bundler, type SourceMap, type StylesheetImport } from './types.js';

const STYLE = '\0kit-style:';
/** TypeScript's ways of saying an import resolves to nothing it can type. */
const UNRESOLVED_TYPES = new Set(['TS2307', 'TS2591', 'TS2792', 'TS2882', 'TS7016']);
const require = createRequire(import.meta.url);
// The plugin's CommonJS build, which requires TypeScript as CommonJS too (see ts-program.ts).
const typescript = require('@rollup/plugin-typescript') as (options: object) => Plugin;
const json = require('@rollup/plugin-json') as (options: object) => Plugin;

/**
 * The `ts` bundler (`@kit-js/packages/bundlers/ts`): rollup with @rollup/plugin-typescript
 * emits; TypeScript 7 type-checks the module, and its errors in the module's own files become
 * diagnostics `TS<n>`; errors in another module's files belong to that module. The check
 * runs in TypeScript 7's process while the next module is emitted here.
 */
export const tsBundler: Bundler = {
  name: 'ts',
  bundle: async (input) => (await oneAtATime(() => bundleWithTypeScript(input)))(),
};

let queue: Promise<unknown> = Promise.resolve();

/**
 * Emit is CPU-bound on this thread and shares one program: builds of this bundler take
 * turns at it (what each returns, awaiting its check, runs outside the turn).
 */
function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const result = queue.then(run);
  queue = result.catch(() => undefined);
  return result;
}

async function bundleWithTypeScript({ workspace, module, options, policy }: BundleInput): Promise<() => Promise<BundleResult>> {
  const root = workspace.root;
  const diagnostics: Diagnostic[] = [];
  const refused = new Set<string>();
  const stylesheets = new Map<string, StylesheetImport>();
  const assets = new Map<string, string>();
  const graph = new Map<string, readonly string[]>();
  const rel = (path: string) => toPosix(relative(root, path));
  const belongsToModule = (file: string) => {
    const path = resolve(file);
    if (!isInside(path, module.package.dir)) return false;
    const owner = owningModule(workspace, path);
    return owner ? owner === module : true;
  };
  // TypeScript 7 checks in its own process while this one emits: started once the files are known.
  let checking: Promise<Diagnostic[]> | undefined;
  const session = typeScriptSession(workspace, workspaceRoots(workspace), belongsToModule, () => (checking = typeCheck()));

  const imports: Plugin = {
    name: 'kit-imports',
    async resolveId(source, importer, extra) {
      if (!importer || extra.isEntry) return null;
      // TypeScript's emit imports its helpers (`#private`, decorators) from tslib: kit's own, bundled.
      if (source === 'tslib' && !importsTslib(importer)) return null;
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
          const resolved = await this.resolve(source, importer, { ...extra, skipSelf: true });
          const problem = resolved && !resolved.external ? policy.checkResolved(resolved.id, importer, source) : undefined;
          if (problem) diagnostics.push(problem);
          return resolved;
        }
      }
    },
    load(id) {
      if (id.startsWith(STYLE)) return '';
      const url = assets.get(id);
      if (url !== undefined) return `export default new URL(${JSON.stringify(url)}, import.meta.url).href;`;
      session.emit(id);
      return null;
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

  const userConfig = tsconfigOf(workspace, module.entry);
  // What else decides the verdict: which tsconfig applies, its chain, and installs (a new @types package, say).
  const settings = [...tsconfigLookups(workspace, module.entry), ...(userConfig ? tsconfigChain(userConfig) : [join(root, 'tsconfig.json')]), ...installRecords([root, userConfig ? dirname(userConfig) : root])];
  /** TypeScript 7's verdict on the module's own files this build read. */
  async function typeCheck(): Promise<Diagnostic[]> {
    const own = [...new Set([module.entry, ...session.checked.filter(belongsToModule)])].filter((file) => /\.[cm]?tsx?$/.test(file));
    try {
      return await checkModule(workspace, module, own, [...session.checked, ...settings]);
    } catch (error) {
      return [bundleError(`TypeScript 7 could not check the module: ${(error as Error).message}`, { file: rel(module.entry) })];
    }
  }
  /** The verdict, less what kit already refused: "cannot find module" (or its types) for such an import says nothing new. */
  const verdict = async (): Promise<Diagnostic[]> => {
    const found = await (checking ?? typeCheck());
    return found.filter((d) => !(UNRESOLVED_TYPES.has(d.code) && [...refused].some((s) => d.message.includes(`'${s}'`))));
  };

  // TypeScript 5.9 only emits here (noCheck); its diagnostics are TypeScript 7's, from typeCheck.
  const onLog = (_level: string, log: RollupLog) => {
    if (log.code === 'UNRESOLVED_IMPORT' && log.exporter) {
      const importer = log.id ?? module.entry;
      diagnostics.push(bundleError(`Could not resolve '${log.exporter}' from ${rel(importer)}`, policy.locate(importer, log.exporter)));
    }
  };
  try {
    const bundle = await rollup({
      input: module.entry,
      onLog,
      plugins: [
        imports,
        json({ preferConst: true }),
        typescript({
          typescript: session.typescript,
          tsconfig: writeTsconfig(workspace, module, options, userConfig),
          filterRoot: root,
          include: ['**/*.ts', '**/*.tsx', '**/*.mts', KIT_TYPES],
          exclude: ['**/node_modules/**'],
        }),
      ],
    });
    // A lazily imported private helper is part of the module: one artifact, no chunk without an address.
    const { output } = await bundle.generate({ format: 'es', sourcemap: options.sourcemap === 'inline', dir: root, inlineDynamicImports: true });
    await bundle.close();
    const chunk = output[0];
    const typeErrors = verdict();
    const ordered = orderStylesheets(module.entry, (id) => [...(graph.get(id) ?? [])], (id) => stylesheets.get(id));
    return async () => ({
      code: chunk.code,
      map: chunk.map ? ({ ...chunk.map, sources: chunk.map.sources.map((s) => toPosix(relative(root, resolve(root, s)))) } as SourceMap) : undefined,
      stylesheets: ordered,
      // Type imports are not bundled, yet an edit to what they name can change the module's errors.
      inputs: [...new Set([...(bundle.watchFiles ?? []).filter((f) => !f.startsWith('\0')), ...session.checked, ...settings])],
      diagnostics: [...diagnostics, ...(await typeErrors)],
    });
  } catch (error) {
    const e = error as { message: string; code?: string; exporter?: string; loc?: { file?: string; line: number; column: number }; id?: string };
    const file = e.loc?.file ?? e.id;
    // An unresolvable import points at its specifier in the importer (rollup names only the file).
    const at = e.code === 'UNRESOLVED_IMPORT' && e.exporter && e.id && !e.loc ? policy.locate(e.id, e.exporter) : undefined;
    if (e.code === 'UNRESOLVED_IMPORT' && e.exporter) refused.add(e.exporter);
    const typeErrors = verdict();
    const inputs = [...new Set([module.entry, ...session.checked, ...settings])];
    return async () => {
      // TypeScript's own diagnostic says more than rollup's parse error (JSX without `jsx`, say).
      const found = await typeErrors;
      if (!found.length || e.code === 'UNRESOLVED_IMPORT') diagnostics.push(bundleError(e.message, at ?? (file ? { file: rel(file), line: e.loc?.line, column: e.loc ? e.loc.column + 1 : undefined } : undefined)));
      return { code: '', stylesheets: [], inputs, diagnostics: [...diagnostics, ...found] };
    };
  }
}

/** True when the source itself imports tslib (then it is the user's dependency, declared or not). */
function importsTslib(file: string): boolean {
  try {
    return /from\s*['"]tslib['"]|import\s*\(?\s*['"]tslib['"]/.test(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}
