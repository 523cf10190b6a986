import { posix, relative, resolve } from 'node:path';
import { initSync, parse } from 'es-module-lexer';
import type { OutputChunk, RolldownOutput } from 'rolldown';
import { toPosix } from '../paths.js';
import type { LinkedModule } from '../hot/assemble.js';
import type { FileModule } from '../hot/factory.js';
import type { SourceMap } from './types.js';

/** A file whose map names its source: code, not a stand-in. */
const SOURCE = /\.[cm]?[jt]sx?$/;

/** A file's id in its module's output: relative to the entry's folder (`./helpers.ts`, `kit-style:./a.css`). */
function shortFileId(entryDir: string, id: string): string {
  const colon = /^[\w-]+:/.exec(id)?.[0] ?? '';
  const path = posix.relative(entryDir, id.slice(colon.length));
  return `${colon}${path.startsWith('../') ? path : `./${path}`}`;
}

/** A virtual module's id (`\0kit-style:/…/a.css`), or a file's with kit's suffix (`/…/a.txt?kit-inline-raw`). */
const VIRTUAL = /^\0([\w/.-]+:)?/;

/**
 * The id a module of a rolldown call has in a hot development output: its path in the
 * workspace, a stand-in's marked (`kit-style:packages/ui/a.css`): no machine path reaches it.
 */
export function fileIdOf(root: string, id: string): string {
  const virtual = VIRTUAL.exec(id);
  const rest = virtual ? id.slice(virtual[0].length) : id;
  const path = rest.startsWith('/') || /^[A-Za-z]:[\\/]/.test(rest) ? toPosix(relative(root, rest)) : rest;
  return virtual ? `${virtual[1] ?? ''}${path}` : path;
}

/**
 * A module's files as rolldown linked them with `preserveModules`: one chunk per file, tree
 * shaken as in one bundle (a helper's unused exports are gone), `process.env.NODE_ENV` and
 * `import.meta.env` defined, imports naming other chunks or bare specifiers. Undefined when
 * the entry's chunk is not in `output`.
 */
export function linkChunks(
  root: string,
  vspecifier: string,
  entry: string,
  output: RolldownOutput['output'],
  written: ReadonlyMap<string, ReadonlyMap<string, string>>,
  versions: ReadonlyMap<string, { source: string; shape?: string }> = new Map(),
): LinkedModule | undefined {
  const chunks = output.filter((o): o is OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const start = chunks.find((chunk) => chunk.facadeModuleId === entry);
  if (!start) return undefined;
  // The entry's chunks, and the bare imports in the order they are first evaluated (depth first, imports in order).
  const reached: OutputChunk[] = [];
  const externals: string[] = [];
  const visit = (chunk: OutputChunk) => {
    if (reached.includes(chunk)) return;
    reached.push(chunk);
    for (const name of chunk.imports) {
      const next = byFile.get(name);
      if (next) visit(next);
      else if (!externals.includes(name)) externals.push(name);
    }
    for (const name of chunk.dynamicImports) {
      const next = byFile.get(name);
      if (next) visit(next);
    }
  };
  visit(start);
  // Files are named from the entry's folder in the output (`./helpers.ts`), by their workspace paths in reports.
  const entryDir = posix.dirname(fileIdOf(root, entry));
  const shortId = (id: string) => shortFileId(entryDir, fileIdOf(root, id));
  const idOf = (chunk: OutputChunk) => shortId(chunk.facadeModuleId ?? chunk.fileName);
  const files: FileModule[] = reached.map((chunk) => {
    const moduleId = chunk.facadeModuleId ?? chunk.fileName;
    const writtenHere: Record<string, string> = {};
    for (const [specifier, target] of written.get(moduleId) ?? []) writtenHere[specifier] = shortId(target);
    return {
      id: idOf(chunk),
      path: fileIdOf(root, moduleId),
      // The chunk's own map comment: its map goes with it.
      code: chunk.code.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, ''),
      // A stand-in (a stylesheet's, an asset's) has no source of its own to show.
      map: chunk.map && SOURCE.test(moduleId) ? mapOf(root, chunk) : undefined,
      jsx: /\.[jt]sx$/.test(moduleId),
      resolve: (specifier: string) => {
        const target = byFile.get(posix.join(posix.dirname(chunk.fileName), specifier));
        return target && idOf(target);
      },
      written: writtenHere,
      bindings: importedNames(chunk.code, (specifier) => byFile.has(posix.join(posix.dirname(chunk.fileName), specifier))),
      ...versions.get(moduleId),
    };
  });
  return { vspecifier, entry: idOf(start), files, exports: start.exports, stars: starredExternals(start, byFile), externals };
}

/**
 * The names an ES module's code imports (or re-exports) from each bare specifier
 * (`import { a, b as c } from "x"`, `import d from "x"`, `export { a } from "x"`); a
 * namespace import names none. `internal`: a specifier that names a file of the module.
 */
export function importedNames(code: string, internal: (specifier: string) => boolean): Record<string, string[]> {
  initSync();
  const found: Record<string, string[]> = {};
  for (const record of parse(code)[0]) {
    if (record.d !== -1 || record.n === undefined || internal(record.n) || /^\.\.?\//.test(record.n)) continue;
    const statement = code.slice(record.ss, record.se);
    const clause = /^(?:import|export)\s*(.*?)\s*from\s*["']/s.exec(statement)?.[1] ?? '';
    const names = (found[record.n] ??= []);
    const braces = /\{([^}]*)\}/.exec(clause);
    const plain = clause.replace(/\{[^}]*\}/, '').replace(/\*\s*as\s+[\w$]+/, '').replace(/,/g, ' ').trim();
    if (plain && statement.startsWith('import')) names.push('default');
    for (const item of braces?.[1].split(',') ?? []) {
      const name = item.trim().split(/\s+as\s+/)[0];
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return found;
}

/** The bare specifiers a chunk re-exports whole, itself or through the chunks it re-exports whole. */
function starredExternals(chunk: OutputChunk, byFile: ReadonlyMap<string, OutputChunk>, seen = new Set<OutputChunk>()): string[] {
  if (seen.has(chunk)) return [];
  seen.add(chunk);
  const found: string[] = [];
  for (const [, specifier] of chunk.code.matchAll(/^export \* from "((?:[^"\\]|\\.)*)";$/gm)) {
    const next = byFile.get(posix.join(posix.dirname(chunk.fileName), specifier));
    if (next) found.push(...starredExternals(next, byFile, seen));
    else if (!/^\.\.?\//.test(specifier)) found.push(JSON.parse(`"${specifier}"`) as string);
  }
  return [...new Set(found)];
}

/** A chunk's map with its sources relative to the workspace (rolldown names them from the chunk's own folder). */
function mapOf(root: string, chunk: OutputChunk): SourceMap {
  const map = chunk.map!;
  const dir = resolve(root, posix.dirname(chunk.fileName));
  return { version: 3, sources: map.sources.map((s) => toPosix(relative(root, resolve(dir, s)))), sourcesContent: map.sourcesContent, mappings: map.mappings, names: map.names };
}
