import { initSync, parse } from 'es-module-lexer';
import { swc } from '../commonjs.js';
import { sha256 } from '../cache/digest.js';
import { decodeMappings, shiftColumns, type Lines } from './source-map.js';
import type { SourceMap } from '../bundle/types.js';

/** One file of a module as the bundler left it: an ES module whose imports name other files of the module, or bare specifiers. */
export interface FileModule {
  /** The file's id in the development output: its path from the entry's folder (`./helpers.ts`; a stand-in's is marked, `kit-style:./a.css`). */
  id: string;
  /** Its path in the workspace, as reports name it. */
  path: string;
  code: string;
  /** Its map, sources relative to the workspace. */
  map?: SourceMap;
  /** A `.tsx` or `.jsx` file: its components are registered with React Fast Refresh. */
  jsx: boolean;
  /** The id of the file a relative specifier of its code names; undefined for one that names none. */
  resolve(specifier: string): string | undefined;
  /** The specifiers its sources write, by the id each resolved to: what `import.meta.hot.accept(deps)` names. */
  written?: Record<string, string>;
  /** The names it imports from each bare specifier: the output imports them too, so that a missing one fails as it would in the browser's own modules. */
  bindings?: Record<string, string[]>;
  /** What the manifest records of the version it was made from (see `HotFile`). */
  source?: string;
  shape?: string;
}

/** A file as a factory: the body of `function (require, module, exports, __kit_meta)`, line by line, with its map. */
export interface Factory {
  id: string;
  path: string;
  lines: string[];
  /** The segments of each line, indexes into `sources` and `names`. */
  mappings: Lines;
  sources: string[];
  sourcesContent: (string | null)[];
  names: string[];
  /** The bare specifiers it requires: the artifact imports them. */
  externals: string[];
  /** The names it imports from them (see `FileModule.bindings`). */
  bindings: Record<string, string[]>;
  /** The names its first line gives the body: swc's export helper, Fast Refresh's two, the dynamic import. */
  prologue: string;
  /** The specifiers `import.meta.hot.accept(deps)` may name (only for a file that uses `import.meta.hot`). */
  deps?: Record<string, string>;
  /** Digest of everything above: equal digests, equal factories. */
  hash: string;
}

/** What swc makes of a file, kept by content: an edit converts the edited file again, and only it. */
interface Converted {
  code: string;
  mappings: Lines;
  sources: string[];
  sourcesContent: (string | null)[];
  names: string[];
}
const LIMIT = 2000;
const converted = new Map<string, Converted>();

/** The name `import(` becomes: as long, so that no column of the map moves. */
const DYNAMIC_IMPORT = '__kiti';
/** swc's helper that defines a file's exports as getters (live bindings), which the registry supplies instead of every file. */
const EXPORT_HELPER = /^function (_export\d*)\(target, all\) \{\n(?:.*\n){4}\}$/m;

/** The specifiers an ES module's code imports (statically, or by `import()` of a string); undefined when it cannot be read. */
function importedSpecifiers(code: string): Set<string> | undefined {
  initSync();
  try {
    return new Set(parse(code)[0].flatMap((i) => (i.n === undefined ? [] : [i.n])));
  } catch {
    return undefined;
  }
}

/**
 * A file of a module as a factory of the development output's registry: swc turns the ES
 * module into CommonJS with live bindings (each import a `require`, each export a getter on
 * `exports`), `import.meta.hot` and `import.meta.url` become its `__kit_meta`'s, and in a
 * `.tsx`/`.jsx` file React Fast Refresh registers each component. Its relative `require`s and
 * `import()`s then name files by their ids, whatever the bundler called them.
 */
export function toFactory(file: FileModule): Factory {
  const made = convert(file);
  const lines = made.code.split('\n');
  const mappings = made.mappings.map((segments) => segments.slice());
  const externals = new Set<string>();
  let prologue = '';
  // swc's export helper: its lines dropped, the registry's given instead.
  const helper = EXPORT_HELPER.exec(made.code);
  if (helper) {
    const first = made.code.slice(0, helper.index).split('\n').length - 1;
    lines.splice(first, 6);
    mappings.splice(first, 6);
    if (!compactExports(lines, mappings, helper[1])) prologue += ` var ${helper[1]} = __kit.x;`;
  } else compactSingleExport(lines, mappings);
  // Without the page's runtime (and its React Fast Refresh) registering a component does nothing.
  if (file.jsx) prologue += ' var $RefreshReg$ = __kit_meta.r || (() => {}), $RefreshSig$ = __kit_meta.s || (() => (type) => type);';
  // Requires of other files name them by id; bare ones stay as written, for the artifact's imports.
  // Only those the file imports are swc's: the same text inside a string of the file's is left alone.
  const imported = importedSpecifiers(file.code);
  lines.forEach((line, index) => {
    lines[index] = line.replace(/\brequire\("((?:[^"\\]|\\.)*)"\)/g, (whole, specifier: string, column: number) => {
      if (imported && !imported.has(specifier)) return whole;
      if (!/^\.\.?\//.test(specifier)) {
        externals.add(specifier);
        return whole;
      }
      const id = file.resolve(specifier);
      if (id === undefined) return whole;
      const text = `require(${JSON.stringify(id)})`;
      mappings[index] = shiftColumns(mappings[index] ?? [], column, text.length - whole.length);
      return text;
    });
  });
  const dynamic = rewriteDynamicImports(lines, mappings, file);
  if (dynamic) prologue += ` var ${DYNAMIC_IMPORT} = __kit_meta.i;`;
  const usesHot = made.code.includes('__kit_meta.hot');
  const deps = usesHot && file.written && Object.keys(file.written).length ? file.written : undefined;
  const bindings = Object.fromEntries([...externals].map((specifier) => [specifier, file.bindings?.[specifier] ?? []]));
  const hash = sha256(JSON.stringify([file.id, prologue, lines, deps, bindings])).slice(0, 16);
  return { id: file.id, path: file.path, lines, mappings, sources: made.sources, sourcesContent: made.sourcesContent, names: made.names, externals: [...externals], bindings, prologue, deps, hash };
}

/**
 * swc's getters of a file's exports (`get name () {` / `return name;` / `}`, three lines each)
 * on one line as arrows, which the registry's helper defines as getters alike: most of what
 * a file gains as a factory is these. False when they are not as swc writes them.
 */
function compactExports(lines: string[], mappings: Lines, helper: string): boolean {
  const start = lines.indexOf(`${helper}(exports, {`);
  if (start < 0) return false;
  const pairs: string[] = [];
  let at = start + 1;
  for (; lines[at] !== '});'; at += 3) {
    const name = /^ {4}get ("(?:[^"\\]|\\.)*"|[\w$]+) \(\) \{$/.exec(lines[at] ?? '');
    const value = /^ {8}return (.+);$/.exec(lines[at + 1] ?? '');
    if (!name || !value || !/^ {4}\},?$/.test(lines[at + 2] ?? '')) return false;
    pairs.push(`${name[1]}: () => ${value[1]}`);
  }
  replaceLines(lines, mappings, start, at + 1, `__kit.x(exports, { ${pairs.join(', ')} });`);
  return true;
}

/** swc's one export (`Object.defineProperty(exports, "default", { … get: function() { return x; } })`, six lines) as the same arrow. */
function compactSingleExport(lines: string[], mappings: Lines): void {
  const start = lines.findIndex((line) => /^Object\.defineProperty\(exports, "(?:[^"\\]|\\.)*", \{$/.test(line));
  if (start < 0) return;
  const name = /^Object\.defineProperty\(exports, ("(?:[^"\\]|\\.)*"), \{$/.exec(lines[start])![1];
  const value = /^ {8}return (.+);$/.exec(lines[start + 3] ?? '');
  const shape = ['    enumerable: true,', '    get: function() {', null, '    }', '});'];
  if (!value || !shape.every((line, i) => line === null || line === lines[start + 1 + i])) return;
  replaceLines(lines, mappings, start, start + 6, `__kit.x(exports, { ${name}: () => ${value[1]} });`);
}

/** Lines `from` to `to` (exclusive) as one line, which maps nowhere. */
function replaceLines(lines: string[], mappings: Lines, from: number, to: number, line: string): void {
  lines.splice(from, to - from, line);
  mappings.splice(from, to - from, []);
}

/** `import(…)` as the factory's `__kiti(…)`, a file of the module named by its id: the registry loads it, or the browser a bare one. */
function rewriteDynamicImports(lines: string[], mappings: Lines, file: FileModule): boolean {
  const code = lines.join('\n');
  if (!code.includes('import(')) return false;
  initSync();
  const found = parse(code)[0].filter((i) => i.d > -1);
  if (!found.length) return false;
  const starts = lineStarts(lines);
  // From the last, so that earlier positions hold.
  for (const at of found.reverse()) {
    const line = lineOf(starts, at.ss);
    const column = at.ss - starts[line];
    let text = lines[line];
    const id = at.n !== undefined && /^\.\.?\//.test(at.n) ? file.resolve(at.n) : undefined;
    if (id !== undefined && lineOf(starts, at.s) === line) {
      const replaced = JSON.stringify(id);
      const from = at.s - starts[line];
      text = text.slice(0, from) + replaced + text.slice(at.e - starts[line]);
      mappings[line] = shiftColumns(mappings[line] ?? [], from, replaced.length - (at.e - at.s));
    }
    lines[line] = text.slice(0, column) + DYNAMIC_IMPORT + text.slice(column + 'import'.length);
  }
  return true;
}

function lineStarts(lines: string[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const line of lines) {
    starts.push(at);
    at += line.length + 1;
  }
  return starts;
}

function lineOf(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

function convert(file: FileModule): Converted {
  const key = sha256(`${file.jsx}\0${file.code}\0${file.map ? JSON.stringify(file.map) : ''}`);
  const kept = converted.get(key);
  if (kept) {
    converted.delete(key);
    converted.set(key, kept);
    return kept;
  }
  const output = swc.transformSync(file.code, {
    filename: file.id,
    isModule: true,
    swcrc: false,
    configFile: false,
    sourceMaps: !!file.map,
    inputSourceMap: file.map ? JSON.stringify(file.map) : undefined,
    jsc: {
      parser: { syntax: 'ecmascript', jsx: file.jsx },
      target: 'esnext',
      externalHelpers: false,
      transform: {
        ...(file.jsx ? { react: { refresh: true, development: true } } : {}),
        optimizer: { globals: { vars: { 'import.meta.hot': '__kit_meta.hot', 'import.meta.url': '__kit_meta.url' } } },
      },
    },
    // ES semantics throughout: every module the registry hands out is an ES module's exports.
    module: { type: 'commonjs', importInterop: 'none', ignoreDynamic: true, strictMode: false, exportInteropAnnotation: false },
  });
  const map = output.map ? (JSON.parse(output.map) as SourceMap) : undefined;
  const code = output.code.replace(/\n?\/\/# sourceMappingURL=.*$/, '');
  const made: Converted = {
    code,
    mappings: map ? decodeMappings(map.mappings) : [],
    sources: map?.sources ?? [],
    sourcesContent: map?.sourcesContent ?? [],
    names: map?.names ?? [],
  };
  converted.set(key, made);
  if (converted.size > LIMIT) converted.delete(converted.keys().next().value!);
  return made;
}
