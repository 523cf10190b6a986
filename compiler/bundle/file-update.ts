import { readFileSync } from 'node:fs';
import { initSync, parse } from 'es-module-lexer';
import { dirname, join, relative, resolve } from 'node:path';
import { sha256 } from '../cache/digest.js';
import { toFactory } from '../hot/factory.js';
import { fileShape, sourceDigest } from '../hot/file-shape.js';
import type { HotManifest } from '../hot/manifest.js';
import { hotFactoryModule } from '../hot/update.js';
import { toPosix } from '../paths.js';
import { BUILTIN_BUNDLERS, capabilitiesOf } from '../workspace/bundler-specifiers.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { checkModule } from '../check/check-module.js';
import { transformWithEsbuild } from './esbuild-hot.js';
import { emitOptionsLookup, transformFile, type FileTransform } from './ts-transform.js';
import { verdictInputs } from './ts-verdict.js';
import { importedNames } from './ts-rolldown-hot.js';
import type { SourceMap } from './types.js';

/** One file of a running hot output, made again on its own after an edit. */
export interface FileUpdate {
  id: string;
  /** Its new factory's digest, its source's version, and its update module. */
  hash: string;
  source: string;
  body: string;
}

/** Definitions the whole module's build makes (`import.meta.env`, `process.env.NODE_ENV`): a file that reads them goes that way. */
const DEFINED = /\bimport\.meta\.env\b|\bprocess\.env\b/;

const ES_SOURCE = /\.(?:m?ts|tsx|jsx)$/;

/** How each built-in bundler transforms one file on its own, as its hot output's builds do. */
const TRANSFORMS: Record<string, FileTransform> = {
  [BUILTIN_BUNDLERS.ts.specifier]: transformFile,
  [BUILTIN_BUNDLERS.esbuild.specifier]: transformWithEsbuild,
};

/**
 * The edited file `id` of `module`'s running hot output (`manifest`) as its own factory,
 * without linking the module again, when the edit keeps what linking rests on: the same
 * import and export statements, names and specifiers (`fileShape`), so the build it makes
 * is valid as the running one is, with only this file's body new; under the `ts` bundler,
 * once TypeScript 7 finds nothing wrong with the module (the verdict its build would wait
 * for). Undefined otherwise, or when the file does not transform: the module is built whole,
 * as for any edit.
 */
export async function hotFileUpdate(workspace: Workspace, module: ModuleInfo, manifest: HotManifest, id: string): Promise<FileUpdate | undefined> {
  const file = manifest.files[id];
  const transform = TRANSFORMS[module.bundler.specifier];
  if (!transform || !file?.shape || !file.written || id === manifest.entry) return undefined;
  // A file it names by a bare specifier (a `paths` alias, a package's stylesheet) is required by its id only once linked.
  if (Object.keys(file.written).some((specifier) => !/^\.\.?\//.test(specifier))) return undefined;
  const path = join(workspace.root, file.path);
  // TypeScript and JSX, whose transform writes an ES module (JavaScript may be CommonJS, which only linking turns into one).
  if (!ES_SOURCE.test(path)) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const source = sourceDigest(text);
  if (source === file.source) return undefined;
  const valid = capabilitiesOf(module.bundler).typeChecks ? verdictIsClean(workspace, module) : Promise.resolve(true);
  const context = { root: workspace.root, sourceMaps: true, emitOptionsFor: emitOptionsLookup(workspace) };
  const transformed = await transform(context, path, text).catch(() => undefined);
  if (!transformed || DEFINED.test(transformed.code) || fileShape(transformed.code) !== file.shape || !(await valid)) return undefined;
  const written = file.written;
  const code = withoutDroppedImports(transformed.code.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, ''), (specifier) => manifest.files[written[specifier]] !== undefined);
  if (code === undefined) return undefined;
  const factory = toFactory({
    id,
    path: file.path,
    code,
    map: transformed.map ? workspaceMap(workspace.root, path, JSON.parse(transformed.map) as SourceMap) : undefined,
    jsx: /\.[jt]sx$/.test(path),
    resolve: (specifier) => written[specifier],
    written,
    bindings: importedNames(code, (specifier) => specifier in written),
  });
  return { id, hash: factory.hash, source, body: hotFactoryModule(module.vspecifier, factory) };
}

/**
 * The code without the side-effect imports of files the linked output left out (a
 * stylesheet's stand-in, which is empty: the page has the sheet), blanked so that no column
 * moves; undefined when an import that binds names names a file the output does not hold.
 */
function withoutDroppedImports(code: string, held: (specifier: string) => boolean): string | undefined {
  initSync();
  let result = code;
  for (const record of parse(code)[0]) {
    if (record.d !== -1 || record.n === undefined || !/^\.\.?\//.test(record.n) || held(record.n)) continue;
    const statement = code.slice(record.ss, record.se);
    if (!/^import\s*['"]/.test(statement)) return undefined;
    result = result.slice(0, record.ss) + statement.replace(/[^\n]/g, ' ') + result.slice(record.se);
  }
  return result;
}

/** True when TypeScript 7 finds nothing wrong with the module's files as they are now. */
async function verdictIsClean(workspace: Workspace, module: ModuleInfo): Promise<boolean> {
  const { own, read, stamps } = verdictInputs(workspace, module);
  const found = await checkModule(workspace, module, own, read, stamps).catch(() => undefined);
  return found?.length === 0;
}

/** A transform's map with its sources named from the workspace (a transform names them from the file's folder). */
function workspaceMap(root: string, file: string, map: SourceMap): SourceMap {
  return { ...map, sources: map.sources.map((s) => toPosix(relative(root, resolve(dirname(file), s)))) };
}

/** The module hash a page holds once it ran `updates` over the build `from`: a digest of both, until the module's next build names its own. */
export function updatedHash(from: string, updates: readonly FileUpdate[]): string {
  return sha256(JSON.stringify([from, updates.map((u) => [u.id, u.hash])])).slice(0, 16);
}
