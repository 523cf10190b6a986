import { appendFactory, importLines, type HotManifest } from './assemble.js';
import type { Factory } from './factory.js';
import { decodeMappings, encodeMappings, reindex, SharedLists, type Lines } from './source-map.js';
import type { SourceMap } from '../bundle/types.js';

const INLINE_MAP = /\n\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

/**
 * The update of one file of a hot development output (`code`, with `manifest`): an ES
 * module that imports the bare specifiers the file requires and hands its factory, as that
 * build made it, to the page's registry, which runs it when the update is applied. Its map is
 * the file's lines of the output's map. Undefined when the output has no such file.
 */
export function hotUpdateModule(vspecifier: string, code: string, manifest: HotManifest, id: string): string | undefined {
  const file = manifest.files[id];
  if (!file) return undefined;
  const lines = code.split('\n');
  const externals = Object.keys(file.imports);
  const head = importLines(externals, (specifier) => file.imports[specifier]);
  const table = externals.map((specifier, i) => `${JSON.stringify(specifier)}: __kit_e${i}`).join(', ');
  head.push(`const __kit = globalThis.__kit_hot(${JSON.stringify(vspecifier)}, null, { ${table} });`);
  const body = lines.slice(file.line, file.line + file.lines);
  const inline = INLINE_MAP.exec(code);
  const map = inline ? sliceMap(JSON.parse(Buffer.from(inline[1], 'base64').toString('utf8')) as SourceMap, file.line, file.lines, head.length) : undefined;
  const comment = map ? `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}` : '';
  return `${[...head, ...body].join('\n')}${comment}\n`;
}

/**
 * The update of one file made on its own (its factory, not cut from a whole output): the same
 * form as `hotUpdateModule`'s, an ES module that imports the bare specifiers the factory
 * requires and hands it to the page's registry, its map inline.
 */
export function hotFactoryModule(vspecifier: string, factory: Factory): string {
  const lines: string[] = [];
  const mappings: Lines = [];
  const push = (line: string) => {
    lines.push(line);
    mappings.push([]);
  };
  for (const line of importLines(factory.externals, (specifier) => factory.bindings[specifier] ?? [])) push(line);
  const table = factory.externals.map((specifier, i) => `${JSON.stringify(specifier)}: __kit_e${i}`).join(', ');
  push(`const __kit = globalThis.__kit_hot(${JSON.stringify(vspecifier)}, null, { ${table} });`);
  const lists = new SharedLists();
  appendFactory(factory, push, mappings, lists);
  const map: SourceMap = { version: 3, sources: lists.sources, sourcesContent: lists.sourcesContent, names: lists.names, mappings: encodeMappings(mappings) };
  return `${lines.join('\n')}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}\n`;
}

/** The map of `count` lines from `line` on, moved down by `offset` lines, naming only the sources they use. */
function sliceMap(map: SourceMap, line: number, count: number, offset: number): SourceMap {
  const rows: Lines = decodeMappings(map.mappings).slice(line, line + count);
  const used = [...new Set(rows.flatMap((segments) => segments.filter((s) => s.length > 1).map((s) => s[1] as number)))].sort((a, b) => a - b);
  const lists = new SharedLists();
  const { sourceAt } = lists.add(used.map((i) => map.sources[i]), used.map((i) => map.sourcesContent?.[i] ?? null), []);
  const nameAt = map.names.map((name) => lists.add([], [], [name]).nameAt[0]);
  const sourceIndex: number[] = [];
  used.forEach((i, at) => (sourceIndex[i] = sourceAt[at]));
  const moved: Lines = [...Array.from({ length: offset }, () => []), ...reindex(rows, sourceIndex, nameAt)];
  return { version: 3, sources: lists.sources, sourcesContent: lists.sourcesContent, names: lists.names, mappings: encodeMappings(moved) };
}
