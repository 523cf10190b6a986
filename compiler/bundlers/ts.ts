import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import MagicString from 'magic-string';
import { rollup, type Plugin, type RollupLog } from 'rollup';
import { bundleError, type Diagnostic } from '../diagnostics.js';
import { isInside, toPosix } from '../workspace/paths.js';
import { owningModule } from './imports.js';
import { typeScriptSession } from './ts-program.js';
import { KIT_TYPES, workspaceRoots, writeTsconfig } from './tsconfig.js';
import { orderStylesheets, type BundleInput, type BundleResult, type Bundler, type SourceMap, type StylesheetImport } from './types.js';

const STYLE = '\0kit-style:';
// The plugin's CommonJS build, which requires TypeScript as CommonJS too (see ts-program.ts).
const typescript = createRequire(import.meta.url)('@rollup/plugin-typescript') as (options: object) => Plugin;

/**
 * The `ts` bundler (`@kit-js/packages/bundlers/ts`): rollup with @rollup/plugin-typescript.
 * TypeScript type-checks the module, and its errors in the module's own files become
 * diagnostics `TS<n>`; errors in another module's files belong to that module.
 */
export const tsBundler: Bundler = {
  name: 'ts',
  bundle: (input) => oneAtATime(() => bundleWithTypeScript(input)),
};

let queue: Promise<unknown> = Promise.resolve();

/**
 * Type-checking is CPU-bound on this thread: two programs at once take as long as one after
 * the other and hold twice the memory, so builds of this bundler take turns.
 */
function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const result = queue.then(run);
  queue = result.catch(() => undefined);
  return result;
}

async function bundleWithTypeScript({ workspace, module, options, policy }: BundleInput): Promise<BundleResult> {
  const root = workspace.root;
  const diagnostics: Diagnostic[] = [];
  const refused = new Set<string>();
  const stylesheets = new Map<string, StylesheetImport>();
  const assets = new Map<string, string>();
  const graph = new Map<string, readonly string[]>();
  const typeErrors: Diagnostic[] = [];
  const rel = (path: string) => toPosix(relative(root, path));
  const belongsToModule = (file: string) => {
    const path = resolve(file);
    if (!isInside(path, module.package.dir)) return false;
    const owner = owningModule(workspace, path);
    return owner ? owner === module : true;
  };
  const session = typeScriptSession(workspace, workspaceRoots(workspace), belongsToModule);

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

  const onLog = (_level: string, log: RollupLog) => {
    if (log.plugin === 'typescript' && log.pluginCode && /^TS\d+$/.test(String(log.pluginCode))) {
      const file = log.loc?.file;
      if (file && !belongsToModule(file)) return;
      const message = log.message.replace(/^.*?TS\d+: /, '');
      typeErrors.push({ code: String(log.pluginCode), message, ...(file ? { file: rel(file), line: log.loc!.line, column: log.loc!.column } : {}) });
    } else if (log.code === 'UNRESOLVED_IMPORT' && log.exporter) {
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
        typescript({
          typescript: session.typescript,
          tsconfig: writeTsconfig(workspace, module, options),
          filterRoot: root,
          include: ['**/*.ts', '**/*.tsx', '**/*.mts', KIT_TYPES],
          exclude: ['**/node_modules/**'],
        }),
      ],
    });
    const { output } = await bundle.generate({ format: 'es', sourcemap: options.sourcemap === 'inline', dir: root });
    await bundle.close();
    const chunk = output[0];
    // "Cannot find module" for an import kit already refused says nothing new.
    diagnostics.push(...typeErrors.filter((d) => !(d.code === 'TS2307' && [...refused].some((s) => d.message.includes(`'${s}'`)))));
    const ordered = orderStylesheets(module.entry, (id) => [...(graph.get(id) ?? [])], (id) => stylesheets.get(id));
    return {
      code: chunk.code,
      map: chunk.map ? ({ ...chunk.map, sources: chunk.map.sources.map((s) => toPosix(relative(root, resolve(root, s)))) } as SourceMap) : undefined,
      stylesheets: ordered,
      // Type imports are not bundled, yet an edit to what they name can change the module's errors.
      // So is the workspace's tsconfig.json, whose options the check uses.
      inputs: [...new Set([...(bundle.watchFiles ?? []).filter((f) => !f.startsWith('\0')), ...session.checked, join(root, 'tsconfig.json')])],
      diagnostics,
    };
  } catch (error) {
    const e = error as { message: string; code?: string; exporter?: string; loc?: { file?: string; line: number; column: number }; id?: string };
    const file = e.loc?.file ?? e.id;
    // An unresolvable import points at its specifier in the importer (rollup names only the file).
    const at = e.code === 'UNRESOLVED_IMPORT' && e.exporter && e.id && !e.loc ? policy.locate(e.id, e.exporter) : undefined;
    diagnostics.push(bundleError(e.message, at ?? (file ? { file: rel(file), line: e.loc?.line, column: e.loc ? e.loc.column + 1 : undefined } : undefined)));
    return { code: '', stylesheets: [], inputs: [module.entry], diagnostics };
  }
}
