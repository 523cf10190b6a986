import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import MagicString from 'magic-string';
import { rollup, type Plugin, type RollupLog } from 'rollup';
import { bundleError, type Diagnostic } from '../diagnostics.js';
import type { ImportPolicy } from './imports.js';
import { toPosix } from '../paths.js';
import { resolveRelative } from '../check/resolve.js';
import { typeScriptTransform } from './ts-transform.js';
import { emitTarget } from './swc-options.js';
import type { CompileOptions } from './options.js';
import { tsconfigOf } from '../workspace/tsconfig-read.js';
import { emitOptionsOf, type EmitOptions } from '../workspace/tsconfig-options.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { orderStylesheets, type SourceMap, type StylesheetImport } from './types.js';

const STYLE = '\0kit-style:';
/** A relative import of a file that is only declarations: it has no code to bundle. */
const DECLARATIONS = '\0kit-declarations:';
const json = createRequire(import.meta.url)('@rollup/plugin-json') as (options: object) => Plugin;

/** A module's bundle, apart from its verdict: what rollup made of its files and what kit's import rules said. */
export interface Bundled {
  code: string;
  map?: SourceMap;
  stylesheets: StylesheetImport[];
  /** The language the code is written in (the entry's tsconfig `target`). */
  target: string;
  /** The import rules' problems and the bundler's. */
  diagnostics: Diagnostic[];
  /** Imports the rules refused: TypeScript's "cannot find module" for them says nothing new. */
  refused: string[];
  /** The bare imports kept bare. */
  externals: string[];
  /** Rollup stopped (a syntax error, an unresolvable import): its words and where. */
  failed?: { message: string; at?: Parameters<typeof bundleError>[1]; unresolved: boolean };
  /** The files rollup read. */
  read: string[];
  timings: { transform: number; bundle: number };
}

/**
 * Bundles `module` with rollup, each TypeScript file transformed on its own by swc as the
 * tsconfig TypeScript picks for it says (ts-transform.ts), bare imports and what the rules
 * refuse left external, stylesheets and assets as the rules decide.
 */
export async function bundleWithRollup(workspace: Workspace, module: ModuleInfo, options: CompileOptions, policy: ImportPolicy): Promise<Bundled> {
  const root = workspace.root;
  const diagnostics: Diagnostic[] = [];
  const refused = new Set<string>();
  const stylesheets = new Map<string, StylesheetImport>();
  const assets = new Map<string, string>();
  const graph = new Map<string, readonly string[]>();
  const rel = (path: string) => toPosix(relative(root, path));

  const emitOptions = new Map<string, EmitOptions>();
  // Looked up once per directory in a bundle: its files mostly share one or two.
  const configs = new Map<string, string>();
  const emitOptionsFor = (file: string) => {
    const dir = dirname(file);
    let config = configs.get(dir);
    if (config === undefined) configs.set(dir, (config = tsconfigOf(workspace, file) ?? ''));
    let found = emitOptions.get(config);
    if (!found) emitOptions.set(config, (found = emitOptionsOf(config || undefined)));
    return found;
  };
  const target = emitTarget(emitOptionsFor(module.entry).target);

  const imports: Plugin = {
    name: 'kit-imports',
    async resolveId(source, importer, extra) {
      // The entry as discovery found it, as rollup would resolve it (its real path), without rollup's own look (a stat and its directory's listing, in several turns).
      if (extra.isEntry && source === module.entry) return realPath(source);
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
  const started = performance.now();
  const transform = typeScriptTransform({ root, sourceMaps: options.sourcemap === 'inline', emitOptionsFor }, transformSpent);
  const made = (result: Pick<Bundled, 'code' | 'map' | 'stylesheets' | 'read' | 'failed'>): Bundled => ({
    ...result,
    target,
    diagnostics,
    refused: [...refused],
    externals: [...policy.externals],
    timings: { transform: transformSpent.ms, bundle: performance.now() - started - transformSpent.ms },
  });
  try {
    const bundle = await rollup({ input: module.entry, onLog, plugins: [imports, json({ preferConst: true }), ...transform] });
    // A lazily imported private helper is part of the module: one artifact, no chunk without an address.
    const { output } = await bundle.generate({ format: 'es', sourcemap: options.sourcemap === 'inline', dir: root, inlineDynamicImports: true });
    await bundle.close();
    const chunk = output[0];
    const ordered = orderStylesheets(module.entry, (id) => [...(graph.get(id) ?? [])], (id) => stylesheets.get(id));
    const map = chunk.map ? ({ ...chunk.map, sources: chunk.map.sources.map((s) => toPosix(relative(root, resolve(root, s)))) } as SourceMap) : undefined;
    return made({ code: chunk.code, map, stylesheets: ordered, read: (bundle.watchFiles ?? []).filter((f) => !f.startsWith('\0')) });
  } catch (error) {
    const e = error as { message: string; code?: string; exporter?: string; loc?: { file?: string; line: number; column: number }; id?: string };
    const file = e.loc?.file ?? e.id;
    const unresolved = e.code === 'UNRESOLVED_IMPORT' && !!e.exporter;
    // An unresolvable import points at its specifier in the importer (rollup names only the file).
    const at = unresolved && e.id && !e.loc ? policy.locate(e.id, e.exporter!) : file ? { file: rel(file), line: e.loc?.line, column: e.loc ? e.loc.column + 1 : undefined } : undefined;
    if (unresolved) refused.add(e.exporter!);
    return made({ code: '', stylesheets: [], read: [], failed: { message: e.message, at, unresolved } });
  }
}

/** The file's real path; null when it is gone (rollup then says the entry cannot be resolved). */
function realPath(file: string): string | null {
  try {
    return realpathSync.native(file);
  } catch {
    return null;
  }
}
