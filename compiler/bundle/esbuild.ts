import { extname, relative, resolve } from 'node:path';
import { esbuild } from '../commonjs.js';
import type { BuildFailure, BuildResult, Message, Metafile, Plugin } from 'esbuild';
import { bundleError, inSourceOrder, type Diagnostic } from '../diagnostics.js';
import { toPosix } from '../paths.js';
import { CODE } from './imports.js';
import { owningModule } from '../workspace/ownership.js';
import { emitTarget } from './swc-options.js';
import { declarationsOnly, declarationStandIn } from './declaration-stand-in.js';
import { CSS_MODULE, stylesheetStandIn } from './css-modules.js';
import { inlinedModule, type InlinedModule } from './inlined-module.js';
import { emitOptionsOf } from '../workspace/tsconfig-options.js';
import { nearestTsconfig, tsconfigInputs, tsconfigOf } from '../workspace/tsconfig-read.js';
import type { Workspace } from '../workspace/model.js';
import { orderStylesheets, type KitBundleInput, type KitBundleResult, type Bundler, type SourceMap, type StylesheetImport } from './types.js';
import { importMetaEnv, importMetaEnvDefines, type ImportMetaEnv } from './import-meta-env.js';
import { isHotOutput } from './options.js';

// Outputs sit beside the workspace's files (never written), so map sources are relative to the workspace.
const OUT = '__kit_out_';

/** One module of a build: its rules, the diagnostics its imports earned, and its tsconfig. */
interface Part {
  input: KitBundleInput;
  diagnostics: Diagnostic[];
  /** The language its tsconfig's `target` names (esbuild itself reads every other option there). */
  target: string;
  /** Which tsconfig applies and its chain: an edit to any may change the bundle. */
  settings: string[];
  /** The project a solution tsconfig leads to, when it is not the nearest tsconfig.json (which esbuild would read). */
  project?: string;
  /** What `import.meta.env` is for this module: one call defines one. */
  env: ImportMetaEnv;
}

function partOf(input: KitBundleInput): Part {
  const tsconfig = tsconfigOf(input.workspace, input.module.entry);
  const project = tsconfig !== nearestTsconfig(input.workspace, input.module.entry) ? tsconfig : undefined;
  return { input, diagnostics: [], target: emitTarget(emitOptionsOf(tsconfig).target), settings: tsconfigInputs(input.workspace, input.module.entry, tsconfig), project, env: importMetaEnv(input.workspace, input.module, input.options) };
}

/** The `esbuild` bundler (`@kit-js/packages/bundlers/esbuild`): esbuild in bundle mode. */
export const esbuildBundler: Bundler & { bundleTogether: typeof bundleTogether } = {
  name: 'esbuild',
  async bundle(input) {
    const root = input.workspace.root;
    // A development output for browsers is made of the module's files (esbuild-hot.ts); whatever that
    // cannot make cleanly is bundled by esbuild as ever, whose words a failure is told in.
    const fast = partOf(input);
    if (isHotOutput(input.options)) {
      const made = await (await import('./esbuild-hot.js')).hotEsbuildBundle(input, fast.settings);
      if (made) return made;
    }
    try {
      return collect(await build([fast], () => fast, importsToDecide(input.workspace)), fast, root);
    } catch {
      // Built again with every import through kit's rules: what failed is then told exactly.
    }
    const part = partOf(input);
    try {
      return collect(await build([part], () => part, EVERY_IMPORT), part, root);
    } catch (error) {
      const failure = error as BuildFailure;
      const entry = toPosix(relative(root, input.module.entry));
      return { code: '', stylesheets: [], inputs: [input.module.entry, ...part.settings], diagnostics: [...part.diagnostics, ...(failure.errors ?? [{ text: String(error) }]).map((m) => toDiagnostic(m, root, entry))] };
    }
  },
  bundleTogether,
};

/**
 * Several modules built with the same options in one esbuild call, as `kit build` does:
 * esbuild shares its work across the entries. Undefined when they cannot be: tsconfigs of
 * different targets, a build error, or a file that belongs to no module of the batch (each
 * import is decided by the rules of the module its file is in); the caller then builds them
 * one by one, for exact diagnostics.
 */
async function bundleTogether(inputs: KitBundleInput[]): Promise<Promise<KitBundleResult>[] | undefined> {
  const parts = inputs.map(partOf);
  const env = JSON.stringify(parts[0].env);
  if (parts.some((part) => part.target !== parts[0].target || part.project !== parts[0].project || JSON.stringify(part.env) !== env)) return undefined;
  const byModule = new Map(parts.map((part) => [part.input.module.specifier, part]));
  const { workspace } = inputs[0];
  try {
    const result = await build(parts, (importer) => {
      const owner = owningModule(workspace, resolve(workspace.root, importer));
      return owner && byModule.get(owner.specifier);
    }, importsToDecide(workspace));
    return parts.map((part) => hotWhenDevelopment(part.input, collect(result, part, workspace.root)));
  } catch {
    return undefined;
  }
}

/** A development output for browsers that builds is made of replaceable files (esbuild-hot.ts). */
async function hotWhenDevelopment(input: KitBundleInput, bundled: KitBundleResult): Promise<KitBundleResult> {
  if (!isHotOutput(input.options) || bundled.diagnostics.length) return bundled;
  return (await import('./esbuild-hot.js')).hotEsbuildOutput(input, bundled);
}

type Built = BuildResult<{ write: false; metafile: true }>;

/** Every import goes through kit's rules: what a failed build is built again with. */
const EVERY_IMPORT = /.*/;
const decided = new WeakMap<Workspace, RegExp>();

/**
 * The imports kit's rules decide something of (see ImportPolicy): bare ones, stylesheets, and
 * files with an extension the workspace declares assets with. A relative import of code is
 * the bundler's to resolve (kit checks where it led afterwards, from the metafile): left to
 * esbuild, it costs no round trip to this process. An import with a query (`?raw`) is kit's
 * (esbuild would drop the query). An import of anything else (an asset not declared) fails
 * the build, which is then built again with `EVERY_IMPORT`.
 */
function importsToDecide(workspace: Workspace): RegExp {
  let filter = decided.get(workspace);
  if (!filter) {
    const assets = new Set(workspace.modules.flatMap((m) => m.assets.map((a) => extname(a.path))).filter((e) => e && !CODE.has(e)));
    const extensions = ['css', ...[...assets].map((e) => e.slice(1).replace(/[^A-Za-z0-9]/g, (c) => `\\${c}`))];
    filter = new RegExp(`^[^./]|\\.(?:${extensions.join('|')})(?:[?#]|$)|\\?`);
    decided.set(workspace, filter);
  }
  return filter;
}

async function build(parts: Part[], partOf: (importer: string) => Part | undefined, filter: RegExp): Promise<Built> {
  const { workspace, options } = parts[0].input;
  const root = workspace.root;
  const stylesheets = new Map<string, StylesheetImport>();
  /** The modules made for imports with `?raw` or `?inline`, by their metafile name: what they were made from, what went wrong. */
  const inlined = new Map<string, InlinedModule>();
  const rel = (path: string) => toPosix(relative(root, path));
  const plugin: Plugin = {
    name: 'kit-imports',
    setup(build) {
      build.onResolve({ filter }, (args) => {
        if (args.kind === 'entry-point' || args.pluginData === 'kit-resolving') return undefined;
        const part = partOf(args.importer);
        if (!part) return { errors: [{ text: `${rel(args.importer)} is shared by modules built together` }] };
        const decision = part.input.policy.decide(args.path, args.importer);
        switch (decision.kind) {
          case 'external':
            return { path: args.path, external: true };
          case 'error':
            part.diagnostics.push(decision.diagnostic);
            return { path: args.path, external: true };
          // Virtual modules are named relative to the workspace, so no machine path reaches the output.
          case 'stylesheet':
            // A CSS Module's stand-in is made from its text: a file of its own, it is one of the bundle's inputs.
            if (CSS_MODULE.test(decision.path)) {
              stylesheets.set(rel(decision.path), { path: decision.path, importer: args.importer, specifier: args.path });
              return { path: decision.path };
            }
            stylesheets.set(`kit-style:${rel(decision.path)}`, { path: decision.path, importer: args.importer, specifier: args.path });
            return { path: rel(decision.path), namespace: 'kit-style' };
          case 'asset':
            return { path: rel(decision.path), namespace: 'kit-asset', pluginData: decision.url };
          case 'inline': {
            const { form, path } = decision;
            const load = () => inlinedModule(form, path, part.input.policy, args.importer, args.path);
            return { path: rel(path), suffix: `?${form}`, namespace: 'kit-inline', pluginData: load };
          }
          case 'source': {
            // A tsconfig `paths` alias: the file it names, checked from the metafile as a relative import is.
            if (decision.path) return { path: decision.path };
            const declarations = declarationsOnly(args.path, args.importer);
            return declarations ? { path: rel(declarations), namespace: 'kit-declarations' } : undefined;
          }
        }
      });
      build.onLoad({ filter: /.*/, namespace: 'kit-declarations' }, (args) => ({ contents: declarationStandIn(resolve(root, args.path)), loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: 'kit-style' }, () => ({ contents: '', loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: 'kit-inline' }, async (args) => {
        const made = await (args.pluginData as () => Promise<InlinedModule>)();
        inlined.set(`kit-inline:${args.path}${args.suffix}`, made);
        return { contents: made.code, loader: 'js' };
      });
      build.onLoad({ filter: CSS_MODULE, namespace: 'file' }, async (args) => ({ contents: await stylesheetStandIn(root, args.path), loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: 'kit-asset' }, (args) => ({
        contents: `export default new URL(${JSON.stringify(args.pluginData)}, import.meta.url).href;`,
        loader: 'js',
      }));
    },
  };
  const result = await esbuild.build({
    entryPoints: parts.map((part, i) => ({ in: part.input.module.entry, out: `${OUT}${i}` })),
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: options.target === 'node' ? 'node' : 'browser',
    target: parts[0].target,
    // esbuild reads the nearest tsconfig.json itself; a solution's project (its `jsx`, say) is named.
    ...(parts[0].project ? { tsconfig: parts[0].project } : {}),
    absWorkingDir: root,
    outdir: root,
    sourcemap: options.sourcemap === 'inline' ? 'external' : false,
    sourcesContent: true,
    minify: options.min,
    // `import.meta.hot` is undefined here: a development output for browsers is made again of its files (esbuild-hot.ts).
    define: { 'process.env.NODE_ENV': JSON.stringify(options.env), ...importMetaEnvDefines(parts[0].env), 'import.meta.hot': 'undefined' },
    logLevel: 'silent',
    plugins: [plugin],
  });
  return Object.assign(result, { stylesheets, inlined });
}

/** One module's bundle out of a build: its output, its files' imports checked, its stylesheets in order. */
function collect(result: Built, part: Part, root: string): KitBundleResult {
  const { module, policy } = part.input;
  const { stylesheets, inlined } = result as Built & { stylesheets: Map<string, StylesheetImport>; inlined: Map<string, InlinedModule> };
  const entryKey = toPosix(relative(root, module.entry));
  const outputKey = Object.keys(result.metafile.outputs).find((key) => result.metafile.outputs[key].entryPoint === entryKey)!;
  const inputs = reachable(result.metafile, entryKey);
  const diagnostics = [...part.diagnostics];
  const made = new Map<string, InlinedModule>();
  for (const file of inputs) {
    for (const record of result.metafile.inputs[file].imports) {
      const inline = record.external ? undefined : inlined.get(record.path);
      if (inline) made.set(record.path, inline);
      if (record.external || record.path.includes(':')) continue;
      const problem = policy.checkResolved(resolve(root, record.path), resolve(root, file), record.original ?? record.path);
      if (problem) diagnostics.push(problem);
    }
  }
  // Imports with `?raw` or `?inline`: the files each was made from are the module's inputs too.
  for (const inline of made.values()) diagnostics.push(...inline.diagnostics);
  const ordered = orderStylesheets(
    entryKey,
    (id) => (result.metafile.inputs[id]?.imports ?? []).filter((r) => !r.external).map((r) => r.path),
    (id) => stylesheets.get(id),
  );
  const js = result.outputFiles.find((f) => f.path === resolve(root, outputKey))!;
  const outputImports = result.metafile.outputs[outputKey].imports.filter((i) => i.external);
  const dynamicImports = outputImports.filter((i) => i.kind === 'dynamic-import' && !outputImports.some((s) => s.path === i.path && s.kind !== 'dynamic-import')).map((i) => i.path);
  const map = result.outputFiles.find((f) => f.path === `${js.path}.map`);
  return {
    code: js.text,
    map: map ? (JSON.parse(map.text) as SourceMap) : undefined,
    stylesheets: ordered,
    dynamicImports,
    inputs: [...new Set([...inputs.map((i) => resolve(root, i)), ...[...made.values()].flatMap((m) => m.inputs), ...part.settings])],
    diagnostics: inSourceOrder(diagnostics),
  };
}

/** The files the entry's imports reach (whether or not their code is kept): an edit to any may change the bundle. */
function reachable(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>([entry]);
  for (const file of seen) {
    for (const record of metafile.inputs[file]?.imports ?? []) if (!record.external && !record.path.includes(':')) seen.add(record.path);
  }
  return [...seen];
}

/** esbuild's message with where it stands; one that names no place (a failure of the whole build) stands at the module's entry. */
function toDiagnostic(message: Pick<Message, 'text' | 'location'>, root: string, entry: string): Diagnostic {
  const location = message.location;
  if (!location) return bundleError(message.text.split(`${root}/`).join(''), { file: entry, line: 1, column: 1 });
  // esbuild counts columns in bytes; a diagnostic counts characters (UTF-16 units, as TypeScript and editors do).
  const column = Buffer.from(location.lineText, 'utf8').subarray(0, location.column).toString('utf8').length + 1;
  return bundleError(message.text, { file: toPosix(relative(root, resolve(root, location.file))), line: location.line, column });
}
