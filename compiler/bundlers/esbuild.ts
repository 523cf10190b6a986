import { join, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { bundleError, type Diagnostic } from '../diagnostics.js';
import { toPosix } from '../workspace/paths.js';
import { orderStylesheets, type BundleInput, type BundleResult, type Bundler, type SourceMap, type StylesheetImport } from './types.js';

const OUT = '__kit_out.js';

/** The `esbuild` bundler (`@kit-js/packages/bundlers/esbuild`): esbuild in bundle mode. */
export const esbuildBundler: Bundler = {
  name: 'esbuild',
  async bundle({ workspace, module, options, policy }: BundleInput): Promise<BundleResult> {
    const root = workspace.root;
    const diagnostics: Diagnostic[] = [];
    const stylesheets = new Map<string, StylesheetImport>();
    const rel = (path: string) => toPosix(relative(root, path));
    const plugin: esbuild.Plugin = {
      name: 'kit-imports',
      setup(build) {
        build.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === 'entry-point' || args.pluginData === 'kit-resolving') return undefined;
          const decision = policy.decide(args.path, args.importer);
          switch (decision.kind) {
            case 'external':
              return { path: args.path, external: true };
            case 'error':
              diagnostics.push(decision.diagnostic);
              return { path: args.path, external: true };
            // Virtual modules are named relative to the workspace, so no machine path reaches the output.
            case 'stylesheet':
              stylesheets.set(`kit-style:${rel(decision.path)}`, { path: decision.path, importer: args.importer, specifier: args.path });
              return { path: rel(decision.path), namespace: 'kit-style' };
            case 'asset':
              return { path: rel(decision.path), namespace: 'kit-asset', pluginData: decision.url };
            case 'source':
              return undefined;
          }
        });
        build.onLoad({ filter: /.*/, namespace: 'kit-style' }, () => ({ contents: '', loader: 'js' }));
        build.onLoad({ filter: /.*/, namespace: 'kit-asset' }, (args) => ({
          contents: `export default new URL(${JSON.stringify(args.pluginData)}, import.meta.url).href;`,
          loader: 'js',
        }));
      },
    };
    let result: esbuild.BuildResult<{ write: false; metafile: true }>;
    try {
      result = await esbuild.build({
        entryPoints: [module.entry],
        bundle: true,
        write: false,
        metafile: true,
        format: 'esm',
        platform: options.target === 'node' ? 'node' : 'browser',
        target: 'es2022',
        absWorkingDir: root,
        outfile: join(root, OUT),
        sourcemap: options.sourcemap === 'inline' ? 'external' : false,
        sourcesContent: true,
        minify: options.min,
        define: { 'process.env.NODE_ENV': JSON.stringify(options.env) },
        logLevel: 'silent',
        plugins: [plugin],
      });
    } catch (error) {
      const failure = error as esbuild.BuildFailure;
      return { code: '', stylesheets: [], inputs: [module.entry], diagnostics: [...diagnostics, ...(failure.errors ?? [{ text: String(error) }]).map((m) => toDiagnostic(m, root))] };
    }
    const inputs = Object.keys(result.metafile.inputs);
    for (const file of inputs) {
      for (const record of result.metafile.inputs[file].imports) {
        if (record.external || record.path.includes(':')) continue;
        const problem = policy.checkResolved(resolve(root, record.path), resolve(root, file), record.original ?? record.path);
        if (problem) diagnostics.push(problem);
      }
    }
    const entryKey = toPosix(relative(root, module.entry));
    const ordered = orderStylesheets(
      entryKey,
      (id) => (result.metafile.inputs[id]?.imports ?? []).filter((r) => !r.external).map((r) => r.path),
      (id) => stylesheets.get(id),
    );
    const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!;
    const map = result.outputFiles.find((f) => f.path.endsWith('.map'));
    return {
      code: js.text,
      map: map ? (JSON.parse(map.text) as SourceMap) : undefined,
      stylesheets: ordered,
      inputs: inputs.filter((i) => !i.includes(':')).map((i) => resolve(root, i)),
      diagnostics,
    };
  },
};

function toDiagnostic(message: esbuild.Message, root: string): Diagnostic {
  const location = message.location;
  if (!location) return bundleError(message.text);
  return bundleError(message.text, { file: toPosix(relative(root, resolve(root, location.file))), line: location.line, column: location.column + 1 });
}
