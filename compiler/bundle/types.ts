import type { Freshness } from '../freshness/freshness.js';
import type { Diagnostic } from '../diagnostics.js';
import type { CompileOptions } from './options.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import type { ImportPolicy } from './imports.js';
import type { HotManifest } from '../hot/manifest.js';

/** A version 3 source map with `sources` relative to the workspace directory. */
export interface SourceMap {
  version: number;
  sources: string[];
  sourcesContent?: (string | null)[];
  mappings: string;
  names: string[];
}

/** What a bundler is given: one public module, the options, and the import rules to apply. */
export interface BundleInput {
  workspace: Workspace;
  module: ModuleInfo;
  options: CompileOptions;
  policy: ImportPolicy;
}

/** What kit's own bundlers are given beside: not the SDK's. */
export interface KitBundleInput extends BundleInput {
  /** A file watcher's reports, when the service has one: what it vouches for need not be stat'ed. */
  freshness?: Freshness;
}

/** A stylesheet the module's code imports, with where it is imported. */
export interface StylesheetImport {
  path: string;
  importer: string;
  specifier: string;
}

/** What a bundler returns: code and map, the stylesheets met in execution order, the files read. */
export interface BundleResult {
  code: string;
  map?: SourceMap;
  stylesheets: StylesheetImport[];
  inputs: string[];
  diagnostics: Diagnostic[];
  /** The bare imports the code makes only through `import()`: a page does not preload them. */
  dynamicImports?: string[];
  /** The language the code is written in (`es2017`, `esnext`): the minifier keeps to it. */
  target?: string;
}

/** What kit's own bundlers return beside: not the SDK's. */
export interface KitBundleResult extends BundleResult {
  /** Milliseconds spent by phase (`check`, `transform`, `bundle`), for the answer's Server-Timing. */
  timings?: Record<string, number>;
  /** A failure of a tool rather than of the inputs (TypeScript 7's process died): never cached, built again next time. */
  transient?: boolean;
  /** The stamp of some input files, taken as the build read them (see `Built.stamps`). */
  stamps?: ReadonlyMap<string, string>;
  /** A development output made of replaceable files: where each is (compiler/hot/). */
  hot?: HotManifest;
}

/** A bundler: turns one module into one ES module. Bare imports stay bare, helpers are bundled in. */
export interface Bundler {
  name: string;
  bundle(input: BundleInput): Promise<BundleResult>;
}

/** Orders stylesheets as the code runs: a depth-first walk of imports in source order. */
export function orderStylesheets(entry: string, importsOf: (id: string) => string[], stylesheetOf: (id: string) => StylesheetImport | undefined): StylesheetImport[] {
  const ordered: StylesheetImport[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const sheet = stylesheetOf(id);
    if (sheet) return void ordered.push(sheet);
    for (const next of importsOf(id)) visit(next);
  };
  visit(entry);
  return ordered;
}
