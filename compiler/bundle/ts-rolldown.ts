import { readFileSync, realpathSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { rolldown, type OutputChunk, type Plugin, type RolldownLog } from 'rolldown';
import { bundleError, inSourceOrder, type Diagnostic } from '../diagnostics.js';
import type { ImportPolicy } from './imports.js';
import { toPosix } from '../paths.js';
import { resolveRelative } from '../check/resolve.js';
import { declarationsOnly, declarationStandIn } from './declaration-stand-in.js';
import { CSS_MODULE, stylesheetStandIn } from './css-modules.js';
import { inlinedModule, type InlinedModule } from './inlined-module.js';
import { emitOptionsLookup, typeScriptTransform, type FileTransform } from './ts-transform.js';
import { externalsInSourceOrder, importsInSourceOrder, keepImportOrder, singleQuoted } from './chunk-imports.js';
import { importMetaEnv, importMetaEnvDefines } from './import-meta-env.js';
import { emitTarget } from './swc-options.js';
import { isHotOutput, type CompileOptions } from './options.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { orderStylesheets, type SourceMap, type StylesheetImport } from './types.js';
import { linkChunks } from './ts-rolldown-hot.js';
import { fileShape, sourceDigest } from '../hot/file-shape.js';
import { assembleHotModule, type HotManifest } from '../hot/assemble.js';
import { hasTopLevelAwait } from '../hot/top-level-await.js';

const STYLE = '\0kit-style:';
/** A relative import of a file that is only declarations (its const enums are its only code): a suffix, so that the output's comments name the file by its workspace path. */
const DECLARATIONS = '?kit-declarations';
/** An import with `?raw` or `?inline` (`?kit-inline-raw`, say): named by its file and what it holds. */
const INLINED = '?kit-inline-';
/** The suffix of one of kit's ids: what is left is the file. */
const KIT_ID_SUFFIX = /\?kit-[\w-]+$/;

/** A module's bundle, apart from its verdict: what rolldown made of its files and what kit's import rules said. */
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
  /** Those the code imports only through `import()`. */
  dynamicImports?: string[];
  /** A development output for browsers: its files, each of which a hot update can replace. */
  hot?: HotManifest;
  /** Rolldown stopped (a syntax error, an unresolvable import): its words and where. */
  failed?: { message: string; at?: Parameters<typeof bundleError>[1]; unresolved: boolean };
  /** The files rolldown read. */
  read: string[];
  timings: { transform: number; bundle: number };
}

/** One module to bundle and the import rules it is bundled under. */
export interface Wanted {
  module: ModuleInfo;
  policy: ImportPolicy;
}

/** One module of a rolldown call: its rules and what they said of its files. */
interface Part extends Wanted {
  diagnostics: Diagnostic[];
  refused: Set<string>;
  stylesheets: Map<string, StylesheetImport>;
  /** Its entry's id, once resolved. */
  id?: string;
  /** A file of another module of the call reached it too: its chunk is not its own. */
  shared: boolean;
  /** The language its code is written in (its entry's tsconfig `target`). */
  target: string;
}

/**
 * Bundles `module` with rolldown, each TypeScript file transformed on its own by swc (or
 * `transform`) as the tsconfig TypeScript picks for it says (ts-transform.ts), bare imports and
 * what the rules refuse left external, stylesheets and assets as the rules decide.
 */
export async function bundleWithRolldown(workspace: Workspace, module: ModuleInfo, options: CompileOptions, policy: ImportPolicy, transform?: FileTransform): Promise<Bundled> {
  const part = newPart({ module, policy });
  const started = performance.now();
  const run = await runRolldown(workspace, [part], options, transform);
  if ('error' in run) return failedBundle(workspace, part, run.error, run.transformMs, started);
  return collect(workspace, part, run, run.hot ? undefined : (run.output[0] as OutputChunk), started);
}

/**
 * Many modules bundled in one rolldown call, one input each (rolldown spreads the work over
 * every core): `kit build` and `kit check`. A module whose chunk is not its own (a helper
 * another module of the call reaches, a lazily imported helper in a chunk of its own) gets
 * undefined, as does every module when the call fails: the caller bundles those alone, for
 * their one artifact and their exact diagnostics.
 */
export async function bundleTogetherWithRolldown(workspace: Workspace, wanted: readonly Wanted[], options: CompileOptions): Promise<(Bundled | undefined)[]> {
  const parts = wanted.map(newPart);
  // One call defines one import.meta.env: modules whose .env files differ are bundled alone.
  const env = JSON.stringify(importMetaEnv(workspace, parts[0].module, options));
  if (parts.some((part) => JSON.stringify(importMetaEnv(workspace, part.module, options)) !== env)) return parts.map(() => undefined);
  const started = performance.now();
  const run = await runRolldown(workspace, parts, options);
  if ('error' in run) return parts.map(() => undefined);
  const chunks = new Set(run.output.map((o) => o.fileName));
  const share = (performance.now() - started) / parts.length;
  return parts.map((part, i) => {
    // A hot output links each file's own chunk: a module whose files no other module reached is its own.
    if (run.hot) {
      if (part.shared || [...run.waiting].some((id) => reaches(run, part, id))) return undefined;
      const bundled = collect(workspace, part, run, undefined, started);
      return bundled.hot ? { ...bundled, timings: { transform: run.transformMs / parts.length, bundle: share - run.transformMs / parts.length } } : undefined;
    }
    const chunk = run.output.find((o): o is OutputChunk => o.type === 'chunk' && o.isEntry && o.name === entryName(i));
    if (!chunk || part.shared || [...chunk.imports, ...chunk.dynamicImports].some((id) => chunks.has(id))) return undefined;
    // Rolldown orders a chunk's bare imports by where they came first in the whole call: another
    // module may have put them in an order this one's sources do not write (and its names with them).
    if (!importsInSourceOrder(run.graph, part.id, part.policy.externals, chunk)) return undefined;
    const bundled = collect(workspace, part, run, chunk, started);
    return { ...bundled, timings: { transform: run.transformMs / parts.length, bundle: share - run.transformMs / parts.length } };
  });
}

/** Whether `id` is one of the files the part's entry reaches. */
function reaches(run: Run, part: Part, id: string): boolean {
  const reached = new Set<string>(part.id ? [part.id] : []);
  for (const each of reached) for (const next of run.graph.get(each) ?? []) reached.add(next);
  return reached.has(id);
}

function newPart(wanted: Wanted): Part {
  return { ...wanted, diagnostics: [], refused: new Set(), stylesheets: new Map(), shared: false, target: '' };
}

const entryName = (index: number) => `kit_entry_${index}`;

interface Run {
  output: Awaited<ReturnType<Awaited<ReturnType<typeof rolldown>>['generate']>>['output'];
  graph: Map<string, readonly string[]>;
  /** The output is one chunk per file (`preserveModules`), for a hot development output. */
  hot: boolean;
  /** The modules that wait at their top level: a module that reaches one is not made of replaceable files. */
  waiting: Set<string>;
  /** The specifiers each file's sources write, by the module each resolved to. */
  written: Map<string, Map<string, string>>;
  /** Of each source file of a hot output, the version read and the shape of its JavaScript (compiler/hot/file-shape.ts). */
  versions: Map<string, { source: string; shape?: string }>;
  /** The modules made for imports with `?raw` or `?inline`, by id: their files and diagnostics are those of the parts that reach them. */
  inlined: Map<string, InlinedModule>;
  transformMs: number;
}

/** One rolldown call over the parts' entries, each import decided by the rules of the part its importer belongs to. */
async function runRolldown(workspace: Workspace, parts: Part[], options: CompileOptions, transform?: FileTransform): Promise<Run | { error: unknown; transformMs: number }> {
  const root = workspace.root;
  const partOf = new Map<string, Part>();
  const claim = (id: string, part: Part) => {
    const owner = partOf.get(id);
    if (!owner) partOf.set(id, part);
    else if (owner !== part) owner.shared = part.shared = true;
  };
  const assets = new Map<string, string>();
  const graph = new Map<string, readonly string[]>();
  const external = new Set<string>();
  const suffixed = new Map<string, { load: () => Promise<InlinedModule> }>();
  const inlined = new Map<string, InlinedModule>();
  const emitOptionsFor = emitOptionsLookup(workspace);
  const byEntry = new Map(parts.map((part) => [part.module.entry, part]));
  const written = new Map<string, Map<string, string>>();
  const write = (importer: string, source: string, id: string) => {
    let specifiers = written.get(importer);
    if (!specifiers) written.set(importer, (specifiers = new Map()));
    specifiers.set(source, id);
    return id;
  };
  for (const part of parts) part.target = emitTarget(emitOptionsFor(part.module.entry).target);

  const imports: Plugin = {
    name: 'kit-imports',
    async resolveId(source, importer, extra) {
      if (extra.isEntry) {
        const part = byEntry.get(source);
        // The entry as discovery found it, by its real path, as rolldown would resolve it.
        const id = part ? realPath(source) : null;
        if (part && id) claim((part.id = id), part);
        return id;
      }
      const part = importer ? partOf.get(importer) : undefined;
      if (!importer || !part) return null;
      const { policy } = part;
      const decision = policy.decide(source, importer);
      switch (decision.kind) {
        case 'external':
          external.add(source);
          return { id: source, external: true };
        case 'error':
          part.refused.add(source);
          part.diagnostics.push(decision.diagnostic);
          external.add(source);
          return { id: source, external: true };
        case 'stylesheet': {
          // A CSS Module's stand-in is made from its text: named by its path, it is one of the files the bundle read.
          const id = CSS_MODULE.test(decision.path) ? decision.path : STYLE + decision.path;
          part.stylesheets.set(id, { path: decision.path, importer, specifier: source });
          claim(id, part);
          return { id: write(importer, source, id), moduleSideEffects: true };
        }
        case 'asset':
          assets.set(decision.path, decision.url);
          claim(decision.path, part);
          return write(importer, source, decision.path);
        case 'inline': {
          const id = decision.path + INLINED + decision.form;
          if (!suffixed.has(id)) suffixed.set(id, { load: () => inlinedModule(decision.form, decision.path, policy, importer, source) });
          claim(id, part);
          return { id: write(importer, source, id), moduleSideEffects: false };
        }
        case 'source': {
          const relative = source.startsWith('.') || source.startsWith('/');
          // A tsconfig `paths` alias is resolved by the rules (decision.path), then checked as a relative import is.
          const found = decision.path ?? (relative ? resolveRelative(source, importer, false) : undefined);
          const declarations = relative && !found ? declarationsOnly(source, importer) : undefined;
          if (declarations) {
            claim(declarations + DECLARATIONS, part);
            return write(importer, source, declarations + DECLARATIONS);
          }
          const resolved = found ?? (await this.resolve(source, importer, { ...extra, skipSelf: true }))?.id;
          const problem = resolved && !resolved.startsWith('\0') ? policy.checkResolved(resolved, importer, source) : undefined;
          if (problem) part.diagnostics.push(problem);
          if (resolved) claim(write(importer, source, resolved), part);
          return resolved ?? null;
        }
      }
    },
    load(id) {
      const wanted = suffixed.get(id);
      if (wanted) return wanted.load().then((made) => (inlined.set(id, made), { code: made.code, moduleType: 'js' as const }));
      // Stand-ins are JavaScript whatever their file's extension says (rolldown would read a `.css` as CSS).
      if (id.startsWith(STYLE)) return { code: '', moduleType: 'js' };
      if (CSS_MODULE.test(id)) return stylesheetStandIn(root, id).then((code) => ({ code, moduleType: 'js' as const }));
      if (id.endsWith(DECLARATIONS)) return { code: declarationStandIn(id.slice(0, -DECLARATIONS.length)), moduleType: 'js' };
      const url = assets.get(id);
      if (url !== undefined) return { code: `export default new URL(${JSON.stringify(url)}, import.meta.url).href;`, moduleType: 'js' };
      // One that cannot be read is left to rolldown, which says so in its words.
      if (id.startsWith('\0')) return null;
      try {
        return read(id);
      } catch {
        return null;
      }
    },
    buildEnd() {
      // The module's own files and stand-ins: bare imports are not files the bundle was made from.
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info && !external.has(id)) graph.set(id, [...info.importedIds, ...info.dynamicallyImportedIds]);
      }
    },
  };

  const onLog = (_level: string, log: RolldownLog) => {
    const part = log.id ? partOf.get(log.id) : parts.length === 1 ? parts[0] : undefined;
    if (log.code === 'UNRESOLVED_IMPORT' && log.exporter && part) {
      const importer = log.id ?? part.module.entry;
      part.diagnostics.push(bundleError(`Could not resolve '${log.exporter}' from ${toPosix(relative(root, importer))}`, part.policy.locate(importer, log.exporter)));
    }
  };
  const spent = { ms: 0 };
  const sourcemap = options.sourcemap === 'inline';
  const together = parts.length > 1;
  // A development output for browsers is made of its files, each replaceable by a hot update (compiler/hot/).
  const hotOptions = isHotOutput(options);
  const waiting = new Set<string>();
  const versions = new Map<string, { source: string; shape?: string }>();
  // Last of the transforms: the shape is of the JavaScript rolldown links.
  const awaits: Plugin = {
    name: 'kit-top-level-await',
    transform: (code, id) => {
      const waits = hasTopLevelAwait(code);
      if (waits) waiting.add(id);
      const version = versions.get(id);
      if (version) version.shape = fileShape(code, waits);
    },
  };
  const read = (id: string) => {
    const text = readFileSync(id, 'utf8');
    if (hotOptions) versions.set(id, { source: sourceDigest(text) });
    return text;
  };
  try {
    const bundle = await rolldown({
      input: together ? Object.fromEntries(parts.map((part, i) => [entryName(i), part.module.entry])) : parts[0].module.entry,
      cwd: root,
      platform: 'neutral',
      logLevel: 'warn',
      onLog,
      plugins: [imports, ...typeScriptTransform({ root, sourceMaps: sourcemap, emitOptionsFor }, spent, transform), ...(hotOptions ? [awaits] : [])],
      // Development code is dropped from production by the minifier; here the condition is made constant.
      // `import.meta.hot` is each file's own in a hot output (compiler/hot/factory.ts), else undefined.
      transform: { define: { 'process.env.NODE_ENV': JSON.stringify(options.env), ...importMetaEnvDefines(importMetaEnv(workspace, parts[0].module, options)), ...(hotOptions ? {} : { 'import.meta.hot': 'undefined' }) } },
      // Kept as written: a development module reads as its sources do.
      optimization: { inlineConst: false },
      // A hot output's factories are named by their files already.
      ...(hotOptions ? { experimental: { attachDebugInfo: 'none' as const } } : {}),
    });
    // Alone, a lazily imported private helper is part of the module: one artifact, no chunk without an address.
    const whole = together ? { entryFileNames: '[name].js' } : { codeSplitting: false };
    let { output } = await bundle.generate({ format: 'es', sourcemap, dir: root, ...(hotOptions ? { preserveModules: true, preserveModulesRoot: root } : whole) });
    // Alone, a module that waits at its top level (known once built) is bundled whole; together, it is left to be bundled alone.
    const hot = hotOptions && (together || waiting.size === 0);
    if (hotOptions && !hot) output = (await bundle.generate({ format: 'es', sourcemap, dir: root, ...whole })).output;
    await bundle.close();
    return { output, graph, inlined, hot, waiting, written, versions, transformMs: spent.ms };
  } catch (error) {
    return { error, transformMs: spent.ms };
  }
}

/** One part's bundle out of a run: its chunk (or its files' chunks), the files its entry reaches, its stylesheets in order. */
function collect(workspace: Workspace, part: Part, run: Run, chunk: OutputChunk | undefined, started: number): Bundled {
  const root = workspace.root;
  const reached = new Set<string>(part.id ? [part.id] : []);
  for (const id of reached) for (const next of run.graph.get(id) ?? []) reached.add(next);
  const read = [...reached].filter((id) => !id.startsWith('\0') && run.graph.has(id)).map((id) => id.replace(KIT_ID_SUFFIX, ''));
  // What an import with `?raw` or `?inline` was made from (a stylesheet's partials and PostCSS config), and what went wrong making it.
  for (const id of reached) {
    const made = run.inlined.get(id);
    if (made) read.push(...made.inputs), part.diagnostics.push(...made.diagnostics);
  }
  const stylesheets = orderStylesheets(part.id ?? part.module.entry, (id) => [...(run.graph.get(id) ?? [])], (id) => part.stylesheets.get(id));
  if (!chunk) return collectHot(workspace, part, run, { read, stylesheets }, started);
  // The map names no output file: the same module's map is the same whether it was bundled alone or with others.
  const map = chunk.map ? ({ version: chunk.map.version, sources: chunk.map.sources.map((s) => toPosix(relative(root, resolve(root, s)))), sourcesContent: chunk.map.sourcesContent, mappings: chunk.map.mappings, names: chunk.map.names } as SourceMap) : undefined;
  keepImportOrder(part.policy.externals, chunk);
  const dynamicImports = chunk.dynamicImports.filter((id) => part.policy.externals.has(id) && !chunk.imports.includes(id));
  return made(part, { code: singleQuoted(chunk.code, part.policy.externals), map, stylesheets, read, dynamicImports }, run.transformMs, started);
}

/** A hot development output: the part's files linked by rolldown, each made a factory (compiler/hot/). */
function collectHot(workspace: Workspace, part: Part, run: Run, found: Pick<Bundled, 'read' | 'stylesheets'>, started: number): Bundled {
  const linked = part.id ? linkChunks(workspace.root, part.module.vspecifier, part.id, run.output, run.written, run.versions) : undefined;
  if (!linked) return made(part, { ...found, code: '', failed: { message: 'rolldown made no chunk for the entry', unresolved: false } }, run.transformMs, started);
  // In the order the sources write them (rolldown's chunks list them in an order of their own): the order they are evaluated in, and the page's stylesheets with them.
  const written = externalsInSourceOrder(run.graph, part.id, part.policy.externals);
  const at = (name: string) => (written.includes(name) ? written.indexOf(name) : written.length);
  linked.externals.sort((a, b) => at(a) - at(b));
  const { code, map, manifest } = assembleHotModule(linked);
  const dynamic = new Set(run.output.flatMap((o) => (o.type === 'chunk' ? o.dynamicImports : [])));
  keepImportOrder(part.policy.externals, { imports: linked.externals, dynamicImports: [...dynamic] });
  const dynamicImports = [...part.policy.externals].filter((name) => dynamic.has(name) && !linked.externals.includes(name));
  return made(part, { ...found, code, map, hot: manifest, dynamicImports }, run.transformMs, started);
}

/** A part whose rolldown call stopped: rolldown's words, where, and nothing else. */
function failedBundle(workspace: Workspace, part: Part, error: unknown, transformMs: number, started: number): Bundled {
  const root = workspace.root;
  const e = ((error as { errors?: unknown[] }).errors?.[0] ?? error) as { message: string; code?: string; exporter?: string; loc?: { file?: string; line: number; column: number }; id?: string };
  const file = e.loc?.file ?? e.id;
  const unresolved = e.code === 'UNRESOLVED_IMPORT' && !!e.exporter;
  // An unresolvable import points at its specifier in the importer.
  const at = unresolved && e.id && !e.loc ? part.policy.locate(e.id, e.exporter!) : file && !file.startsWith('\0') ? { file: toPosix(relative(root, file)), line: e.loc?.line, column: e.loc ? e.loc.column + 1 : undefined } : undefined;
  if (unresolved) part.refused.add(e.exporter!);
  return made(part, { code: '', stylesheets: [], read: [], failed: { message: plainMessage(e.message, root), at, unresolved } }, transformMs, started);
}

function made(part: Part, result: Pick<Bundled, 'code' | 'map' | 'stylesheets' | 'read' | 'failed' | 'dynamicImports' | 'hot'>, transformMs: number, started: number): Bundled {
  return {
    ...result,
    target: part.target,
    diagnostics: inSourceOrder(part.diagnostics),
    refused: [...part.refused],
    externals: [...part.policy.externals],
    timings: { transform: transformMs, bundle: performance.now() - started - transformMs },
  };
}

/**
 * Rolldown's message as one sentence for a person: without its `[CODE]` prefix and its drawn
 * frame (kit prints its own), and with no internal id or absolute path in it.
 */
export function plainMessage(message: string, root: string): string {
  const first = message.replace(/^\[[A-Z_]+\]\s*/, '').split('\n')[0].trim();
  return first
    .replace(/\0[\w-]+:|\?kit-[\w-]+/g, '')
    .split(`${root}/`)
    .join('');
}

/** The file's real path; null when it is gone (rolldown then says the entry cannot be resolved). */
function realPath(file: string): string | null {
  try {
    return realpathSync.native(file);
  } catch {
    return null;
  }
}
