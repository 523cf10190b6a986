import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { esbuild } from '../commonjs.js';
import type { Loader } from 'esbuild';
import { init, parse } from 'es-module-lexer';
import { transformSync } from 'rolldown/utils';
import { directoryListings, resolveRelative, type FileTest } from '../check/resolve.js';
import { isInside } from '../paths.js';
import type { ModuleInfo } from '../workspace/model.js';

interface Lexed {
  stamp: string;
  bare: string[];
  /** Those of `bare` imported only by `import()`. */
  dynamicOnly: string[];
  relative: string[];
  /** A stylesheet it imports by a relative path (no suffix): the module's code has a stylesheet. */
  stylesheet: boolean;
}

/** What a module's own files write, walked as the bundlers walk them. */
export interface WrittenModule {
  /** Bare specifiers imported statically or by `import()`. */
  bare: Set<string>;
  /** Those imported only by `import()`. */
  dynamicOnly: Set<string>;
  /** The files walked, in the order the walk met them (the entry first), each with its bare specifiers in the order it writes them. */
  files: Map<string, readonly string[]>;
  /** Some file imports a stylesheet of its own (`./styles.css`). */
  stylesheet: boolean;
}

const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx' };
const lexed = new Map<string, Lexed>();

/**
 * The bare specifiers a module's own files import, read from the sources (a lexer, no
 * bundler), so a module that does not build still counts as importing what it imports.
 * Relative imports are followed inside the module's package; type-only imports are not
 * imports (TypeScript elides them, so do the bundlers). Relative imports resolve as the
 * bundlers resolve them; `exists` may read each directory once for many modules (see
 * `directoryListings`).
 */
export async function writtenImports(module: ModuleInfo, exists: FileTest = directoryListings()): Promise<Set<string>> {
  return (await walkWritten(module, exists)).bare;
}

/**
 * The files of its package a module's entry reaches through relative imports that are not
 * type-only, as the bundlers follow them: the entry, then its helpers. `stopAt` names files
 * the walk does not go past (another module's entry, say).
 */
export async function writtenFiles(module: ModuleInfo, exists: FileTest = directoryListings(), stopAt: (file: string) => boolean = () => false): Promise<Set<string>> {
  return new Set((await walkWritten(module, exists, stopAt)).files.keys());
}

export async function walkWritten(module: ModuleInfo, exists: FileTest, stopAt: (file: string) => boolean = () => false): Promise<WrittenModule> {
  const files = new Map<string, readonly string[]>();
  const dynamic = new Set<string>();
  const statically = new Set<string>();
  let stylesheet = false;
  // A level of the walk at a time, its files read together, each file met first in the order of its level.
  for (let level = [module.entry]; level.length; ) {
    const reading = [...new Set(level)].filter((file) => !files.has(file));
    const lexedFiles = await Promise.all(reading.map(lexFile));
    level = [];
    reading.forEach((file, i) => {
      const found = lexedFiles[i];
      files.set(file, found?.bare ?? []);
      if (!found) return;
      stylesheet ||= found.stylesheet;
      for (const s of found.bare) (found.dynamicOnly.includes(s) ? dynamic : statically).add(s);
      for (const specifier of found.relative) {
        const target = resolveRelative(specifier, file, false, exists);
        if (target && LOADERS[extname(target)] && isInside(target, module.package.dir) && !stopAt(target)) level.push(target);
      }
    });
  }
  return { bare: new Set([...files.values()].flat()), files, stylesheet, dynamicOnly: new Set([...dynamic].filter((s) => !statically.has(s))) };
}

async function lexFile(file: string): Promise<Lexed | undefined> {
  // Synchronous reads: a page reads thousands of small files, each a promise's round trip otherwise.
  let source: string;
  let stamp: string;
  try {
    const info = statSync(file, { throwIfNoEntry: false });
    if (!info?.isFile()) return undefined;
    stamp = `${info.mtimeMs}:${info.size}`;
    const cached = lexed.get(file);
    if (cached?.stamp === stamp) return cached;
    source = readFileSync(file, 'utf8');
  } catch {
    // Not readable (its folder is not, a path through a file): imports nothing here; its build says why.
    return undefined;
  }
  const specifiers = await specifiersOf(source, LOADERS[extname(file)] ?? 'ts');
  const result: Lexed = { stamp, bare: [], dynamicOnly: [], relative: [], stylesheet: false };
  const statically = new Set(specifiers.filter((s) => !s.dynamic).map((s) => s.name));
  for (const { name: s, dynamic } of specifiers) {
    if (s.startsWith('./') || s.startsWith('../')) {
      result.relative.push(s);
      result.stylesheet ||= !dynamic && s.endsWith('.css');
    } else if (!s.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(s) && !result.bare.includes(s)) {
      result.bare.push(s);
      if (!statically.has(s)) result.dynamicOnly.push(s);
    }
  }
  lexed.set(file, result);
  return result;
}

/** Static imports, re-exports and literal dynamic imports; types stripped first so the lexer sees JavaScript. */
async function specifiersOf(source: string, loader: Loader): Promise<{ name: string; dynamic: boolean }[]> {
  // Every specifier is a string after `from`, `import` or `import(`: a file with none (most helpers) imports nothing.
  if (!/\b(?:from|import)\s*[('"]/.test(source)) return [];
  await init;
  const code = strippedByOxc(source, loader) ?? (await strippedByEsbuild(source, loader));
  try {
    // `d`: -1 for a static import, the position of `import(` for a dynamic one, -2 for `import.meta`.
    return parse(code)[0].flatMap((i) => (i.n === undefined ? [] : [{ name: i.n, dynamic: i.d > -1 }]));
  } catch {
    return [];
  }
}

/**
 * The source as JavaScript by oxc's transform (rolldown's), in this thread: a fraction of a
 * millisecond a file, less than a round trip to esbuild's process, for the thousands of files a
 * page reads. Imports used only as types are dropped, as TypeScript drops them; classic JSX
 * adds no import of its runtime. Undefined where oxc reports an error.
 */
function strippedByOxc(source: string, loader: Loader): string | undefined {
  try {
    const out = transformSync(`source.${loader}`, source, { lang: loader as 'ts' | 'tsx' | 'js' | 'jsx', jsx: { runtime: 'classic' }, sourcemap: false });
    return out.errors.length ? undefined : out.code;
  } catch {
    return undefined;
  }
}

async function strippedByEsbuild(source: string, loader: Loader): Promise<string> {
  try {
    // Classic JSX adds no import of its runtime: only what the source itself writes is read.
    return (await esbuild.transform(source, { loader, format: 'esm', jsx: 'transform', logLevel: 'silent' })).code;
  } catch {
    // A syntax error: the lexer still finds the imports above it, most often all of them.
    return source;
  }
}
