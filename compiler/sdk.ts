/**
 * The bundler SDK (`@kit-js/packages/sdk`): what a bundler author needs, and the very
 * processors kit's own `ts` and `esbuild` bundlers are built from. A bundler is an object
 * with a `name` and a `bundle(input)` that returns ES module code; no packager layer.
 */
import { esbuild } from './commonjs.js';
import type { Bundler } from './bundle/types.js';

export type { Bundler, BundleInput, BundleResult, SourceMap, StylesheetImport } from './bundle/types.js';
export type { Diagnostic } from './diagnostics.js';
export type { CompileOptions } from './bundle/options.js';
export type { ModuleInfo, Workspace } from './workspace/model.js';
/** Bare-import externals, stylesheet and asset imports: the import rules every bundler applies. */
export { ImportPolicy, locateImport, type ImportDecision } from './bundle/imports.js';
/** Asset addressing: an asset's address relative to the module's code. */
export { assetAddressFromModule } from './bundle/address.js';
/** The stylesheet pipeline (postcss): what kit runs on the stylesheets a bundle reports. */
export { compileStyles } from './bundle/styles.js';
export { bundleError } from './diagnostics.js';

/** Declares a bundler; returns it unchanged, typed, so mistakes show in the editor. */
export function defineBundler(bundler: Bundler): Bundler {
  return bundler;
}

/** TypeScript (or TSX) to JavaScript, types erased, one file at a time. */
export async function transpileTypeScript(code: string, file: string, options: { sourcemap?: boolean } = {}): Promise<{ code: string; map?: string }> {
  const result = await esbuild.transform(code, { loader: file.endsWith('.tsx') ? 'tsx' : 'ts', format: 'esm', target: 'es2022', sourcefile: file, sourcemap: options.sourcemap ? 'external' : false });
  return { code: result.code, map: result.map || undefined };
}
