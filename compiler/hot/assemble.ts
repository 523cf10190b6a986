import type { SourceMap } from '../bundle/types.js';
import { toFactory, type Factory, type FileModule } from './factory.js';
import { encodeMappings, reindex, SharedLists, type Lines } from './source-map.js';
import type { HotFile, HotManifest } from './manifest.js';

export type { HotFile, HotManifest } from './manifest.js';

/** What a module's files are, as its bundler linked them: the input of a hot development output. */
export interface LinkedModule {
  vspecifier: string;
  /** The entry file's id (see `FileModule.id`). */
  entry: string;
  files: FileModule[];
  /** The names the entry exports. */
  exports: string[];
  /** Bare specifiers the entry re-exports whole (`export * from 'x'`, directly or through its files). */
  stars: string[];
  /** The bare specifiers the files import statically, in the order they are first evaluated. */
  externals: string[];
}


/**
 * The registry a development output runs in when the page has no kit runtime (a page of
 * yours, a test): each file runs once, when first required, with no hot updates. With the
 * runtime, `globalThis.__kit_hot` is the registry, and it follows updates.
 */
const FALLBACK_REGISTRY =
  '((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};' +
  'return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}})';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Names an `export let` cannot take. */
const RESERVED = new Set('await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield arguments eval undefined NaN Infinity'.split(' '));

/**
 * A module's development output in which each file can be replaced: the module's bare
 * imports, hoisted as ES imports; each file's factory, registered with the page's registry
 * (the kit runtime's, else a small one of its own); then the entry required and its names
 * exported as live bindings, bound again whenever the entry runs again.
 */
export function assembleHotModule(linked: LinkedModule): { code: string; map: SourceMap; manifest: HotManifest } {
  const factories = linked.files.map(toFactory);
  const externals = [...new Set([...linked.externals, ...factories.flatMap((f) => f.externals)])];
  const names = new Map<string, Set<string>>();
  for (const factory of factories) {
    for (const [specifier, imported] of Object.entries(factory.bindings)) for (const name of imported) (names.get(specifier) ?? names.set(specifier, new Set()).get(specifier)!).add(name);
  }
  // Each name an exported `let` of its own name where it can be (`export let value;`), else of a local (`default`).
  const locals = linked.exports.map((name, i) => (IDENTIFIER.test(name) && !RESERVED.has(name) && !name.startsWith('__kit') ? name : `_$${i}`));
  const lines: string[] = [];
  const mappings: Lines = [];
  const lists = new SharedLists();
  const push = (line: string) => {
    lines.push(line);
    mappings.push([]);
  };
  for (const line of importLines(externals, (specifier) => [...(names.get(specifier) ?? [])], new Set(locals))) push(line);
  const table = externals.map((specifier, i) => `${JSON.stringify(specifier)}: __kit_e${i}`).join(', ');
  push(`const __kit = (globalThis.__kit_hot || ${FALLBACK_REGISTRY})(${JSON.stringify(linked.vspecifier)}, import.meta.url, { ${table} });`);
  const files: Record<string, HotFile> = {};
  factories.forEach((factory, i) => {
    const line = lines.length;
    appendFactory(factory, push, mappings, lists);
    const { source, shape, written } = linked.files[i];
    files[factory.id] = { path: factory.path, hash: factory.hash, line, lines: lines.length - line, imports: factory.bindings, ...(source && shape ? { source, shape, written } : {}) };
  });
  const aliased = linked.exports.flatMap((name, i) => (locals[i] === name ? [] : [`${locals[i]} as ${IDENTIFIER.test(name) ? name : JSON.stringify(name)}`]));
  const own = locals.filter((local, i) => local === linked.exports[i]);
  if (own.length) push(`export let ${own.join(', ')};`);
  if (aliased.length) push(`let ${locals.filter((local, i) => local !== linked.exports[i]).join(', ')};`);
  const pattern = linked.exports.map((name, i) => (locals[i] === name ? name : `${IDENTIFIER.test(name) ? name : JSON.stringify(name)}: ${locals[i]}`)).join(', ');
  push(`__kit.exports(${JSON.stringify(linked.entry)}, (e) => ({ ${pattern} } = e));`);
  if (aliased.length) push(`export { ${aliased.join(', ')} };`);
  for (const specifier of linked.stars) push(`export * from ${quoted(specifier)};`);
  const map: SourceMap = { version: 3, sources: lists.sources, sourcesContent: lists.sourcesContent, names: lists.names, mappings: encodeMappings(mappings) };
  return { code: `${lines.join('\n')}\n`, map, manifest: { entry: linked.entry, exports: linked.exports, stars: linked.stars, files } };
}

/** A factory's lines: `__kit.define(id, function (…) {`, its body, and its accepted specifiers when it has any. */
export function appendFactory(factory: Factory, push: (line: string) => void, mappings: Lines, lists: SharedLists): void {
  push(`__kit.define(${JSON.stringify(factory.id)}, (require, module, exports, __kit_meta) => {${factory.prologue}`);
  const { sourceAt, nameAt } = lists.add(factory.sources, factory.sourcesContent, factory.names);
  const body = reindex(factory.mappings, sourceAt, nameAt);
  factory.lines.forEach((line, i) => {
    push(line);
    mappings[mappings.length - 1] = body[i] ?? [];
  });
  push(`}${factory.deps ? `, ${JSON.stringify(factory.deps)}` : ''});`);
}

/**
 * Each bare specifier imported as a namespace, which the factories require (`__kit_e<i>`), and
 * the names the files import from it besides, so that the browser refuses a name its module
 * does not export as it would refuse the files' own imports (each under an alias where its
 * own name is taken).
 */
export function importLines(specifiers: readonly string[], namesOf: (specifier: string) => string[], taken = new Set<string>()): string[] {
  const lines: string[] = [];
  let aliases = 0;
  specifiers.forEach((specifier, i) => {
    lines.push(`import * as __kit_e${i} from ${quoted(specifier)};`);
    const named = namesOf(specifier).map((name) => {
      if (IDENTIFIER.test(name) && !RESERVED.has(name) && !name.startsWith('__kit') && !taken.has(name)) return taken.add(name), name;
      return `${name} as __kit_i${aliases++}`;
    });
    if (named.length) lines.push(`import { ${named.join(', ')} } from ${quoted(specifier)};`);
  });
  return lines;
}

/** A specifier in single quotes, as the specification shows a kept import. */
function quoted(specifier: string): string {
  return /['\\\n\r]/.test(specifier) ? JSON.stringify(specifier) : `'${specifier}'`;
}
